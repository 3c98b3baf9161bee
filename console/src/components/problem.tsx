import type { ApiError } from '../api/client.js';
import { useT } from '../i18n/index.js';

/** An API error as the user should read it: what happened and, from the server, why. */
export function Problem({ error, compact = false }: { error: ApiError | undefined; compact?: boolean }) {
  const t = useT();
  if (!error) return null;
  let heading: string;
  if (error.status === 403) heading = t('error.forbidden');
  else if (error.status === 404) heading = t('error.notFound');
  else if (error.status === 0) heading = t('error.network');
  else if (error.status === 503) heading = t('error.unavailable');
  else heading = error.title;
  return (
    <div class={compact ? 'problem problem-compact' : 'problem'} role="alert">
      <strong>
        {heading} <span class="problem-status">{error.status > 0 ? `(${error.status})` : ''}</span>
      </strong>
      {error.detail && <p>{error.detail}</p>}
    </div>
  );
}
