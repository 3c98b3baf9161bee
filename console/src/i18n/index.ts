import { useMemo } from 'preact/hooks';
import { createStore, useStore } from '../lib/store.js';
import { en, type MessageKey } from './en.js';
import { ja } from './ja.js';

export type Lang = 'en' | 'ja';
export type { MessageKey };
export type Translate = (key: MessageKey, params?: Record<string, string | number>) => string;

const DICTIONARIES: Record<Lang, Record<MessageKey, string>> = { en, ja };
const STORAGE_KEY = 'content-feed.console.lang';

/** The language chosen before, else the browser's: Japanese for any ja-*, English otherwise. */
function initialLang(): Lang {
  try {
    const stored = window.localStorage.getItem(STORAGE_KEY);
    if (stored === 'en' || stored === 'ja') return stored;
  } catch {
    // Storage may be disabled (private mode); the browser's language decides.
  }
  return (navigator.language || 'en').toLowerCase().startsWith('ja') ? 'ja' : 'en';
}

export const langStore = createStore<Lang>(initialLang());
document.documentElement.lang = langStore.get();

export function setLang(lang: Lang): void {
  try {
    window.localStorage.setItem(STORAGE_KEY, lang);
  } catch {
    // Not remembered, but switched for this visit.
  }
  document.documentElement.lang = lang;
  langStore.set(lang);
}

/** `{name}` in a message is replaced by `params.name`. */
export function translate(lang: Lang, key: MessageKey, params?: Record<string, string | number>): string {
  const text = DICTIONARIES[lang][key];
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

export function useLang(): Lang {
  return useStore(langStore);
}

export function useT(): Translate {
  const lang = useLang();
  return useMemo<Translate>(() => (key, params) => translate(lang, key, params), [lang]);
}
