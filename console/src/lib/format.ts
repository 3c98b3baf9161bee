import type { Lang } from '../i18n/index.js';

const LOCALES: Record<Lang, string> = { en: 'en-GB', ja: 'ja-JP' };

export function formatDateTime(lang: Lang, iso: string | null | undefined): string {
  if (!iso) return '—';
  return new Intl.DateTimeFormat(LOCALES[lang], { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

export function formatDay(lang: Lang, day: string): string {
  return new Intl.DateTimeFormat(LOCALES[lang], { month: 'numeric', day: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
}

export function formatNumber(lang: Lang, value: number | null | undefined, maximumFractionDigits = 2): string {
  if (value === null || value === undefined) return '—';
  return new Intl.NumberFormat(LOCALES[lang], { maximumFractionDigits }).format(value);
}

export function formatPercent(lang: Lang, ratio: number): string {
  return new Intl.NumberFormat(LOCALES[lang], { style: 'percent', maximumFractionDigits: 1 }).format(ratio);
}

/** 850 ms, 12.3 s, 4 min 05 s. */
export function formatDuration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return '—';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const minutes = Math.floor(ms / 60_000);
  return `${minutes} min ${String(Math.round((ms % 60_000) / 1000)).padStart(2, '0')} s`;
}
