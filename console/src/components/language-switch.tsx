import { setLang, useLang, useT, type Lang } from '../i18n/index.js';

const NAMES: Record<Lang, string> = { en: 'English', ja: '日本語' };

/** Two buttons, the current one pressed; the choice is remembered in this browser. */
export function LanguageSwitch() {
  const t = useT();
  const lang = useLang();
  return (
    <div class="segmented" role="group" aria-label={t('shell.language')}>
      {(['ja', 'en'] as const).map((option) => (
        <button key={option} type="button" lang={option} aria-pressed={lang === option} onClick={() => setLang(option)}>
          {NAMES[option]}
        </button>
      ))}
    </div>
  );
}
