import { useId, useState } from 'preact/hooks';
import { useT } from '../i18n/index.js';

/** A secret the server shows only once (an API key, a webhook secret), with a copy button. */
export function SecretOnce({ label, value, onDismiss }: { label: string; value: string; onDismiss: () => void }) {
  const t = useT();
  const id = useId();
  const [copied, setCopied] = useState<'idle' | 'copied' | 'failed'>('idle');

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied('copied');
    } catch {
      // Clipboard refused (permissions): the text is selected for Ctrl+C instead.
      (document.getElementById(id) as HTMLInputElement | null)?.select();
      setCopied('failed');
    }
  };

  return (
    <section class="secret" aria-labelledby={`${id}-label`}>
      <p class="secret-warning" id={`${id}-label`}>
        <strong>{label}</strong> {t('secret.onlyOnce')}
      </p>
      <div class="secret-row">
        <label class="visually-hidden" for={id}>
          {label}
        </label>
        <input id={id} class="secret-value" readOnly value={value} onFocus={(e) => e.currentTarget.select()} />
        <button type="button" class="button button-primary" onClick={() => void copy()}>
          {t('secret.copy')}
        </button>
        <button type="button" class="button" onClick={onDismiss}>
          {t('secret.done')}
        </button>
      </div>
      <p class="secret-status" role="status">
        {copied === 'copied' ? t('secret.copied') : copied === 'failed' ? t('secret.copyFailed') : ''}
      </p>
    </section>
  );
}
