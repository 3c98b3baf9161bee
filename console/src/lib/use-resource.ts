import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { ApiError } from '../api/client.js';

export interface Resource<T> {
  data: T | undefined;
  error: ApiError | undefined;
  loading: boolean;
  reload(): Promise<void>;
}

function asApiError(error: unknown): ApiError {
  return error instanceof ApiError ? error : new ApiError(0, 'Error', String(error));
}

/**
 * Loads data when `deps` change. A slower answer to an older request never
 * overwrites a newer one (switching tenants quickly shows the last one).
 */
export function useResource<T>(load: () => Promise<T>, deps: unknown[]): Resource<T> {
  const [state, setState] = useState<{ data?: T; error?: ApiError; loading: boolean }>({ loading: true });
  const generation = useRef(0);
  const loader = useRef(load);
  loader.current = load;

  const reload = useCallback(async () => {
    const mine = ++generation.current;
    setState((s) => ({ ...s, loading: true }));
    try {
      const data = await loader.current();
      if (mine === generation.current) setState({ data, loading: false });
    } catch (error) {
      if (mine === generation.current) setState({ error: asApiError(error), loading: false });
    }
  }, []);

  useEffect(() => {
    setState({ loading: true });
    void reload();
    return () => {
      generation.current++;
    };
  }, deps);

  return { data: state.data, error: state.error, loading: state.loading, reload };
}

/** Runs an action (a form submit, a button) and keeps its pending state and error; `run` resolves whether it worked. */
export function useAction<A extends unknown[]>(action: (...args: A) => Promise<unknown>) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<ApiError | undefined>();
  const run = useCallback(
    async (...args: A): Promise<boolean> => {
      setPending(true);
      setError(undefined);
      try {
        await action(...args);
        return true;
      } catch (e) {
        setError(asApiError(e));
        return false;
      } finally {
        setPending(false);
      }
    },
    [action],
  );
  return { run, pending, error, clearError: () => setError(undefined) };
}

/** Calls `tick` every `ms` while `active`. */
export function usePolling(active: boolean, tick: () => void, ms: number): void {
  const callback = useRef(tick);
  callback.current = tick;
  useEffect(() => {
    if (!active) return;
    const timer = window.setInterval(() => callback.current(), ms);
    return () => window.clearInterval(timer);
  }, [active, ms]);
}
