import type { ComponentChildren } from 'preact';
import type { ApiError } from '../api/client.js';
import { useT } from '../i18n/index.js';
import type { Resource } from '../lib/use-resource.js';
import { Loading } from './page.js';
import { Problem } from './problem.js';

/**
 * Its children once `resource` has loaded, "Loading…" until then. Nothing if
 * loading failed: the section shows that problem itself, often with its actions' errors.
 */
export function Loaded<T>({ resource, children }: { resource: Resource<T>; children: (data: T) => ComponentChildren }) {
  if (resource.data === undefined) return resource.error ? null : <Loading />;
  return <>{children(resource.data)}</>;
}

/** Loads `resource` again (a section's action: lists that change on the server by themselves). */
export function RefreshButton({ resource }: { resource: Resource<unknown> }) {
  const t = useT();
  return (
    <button type="button" class="button button-small" onClick={() => void resource.reload()}>
      {t('common.refresh')}
    </button>
  );
}

/** What a page shows before its data: "Loading…", or why the data did not come. */
export function LoadingOrProblem({ error }: { error: ApiError | undefined }) {
  return error ? <Problem error={error} /> : <Loading />;
}
