const TONES: Record<string, string> = {
  completed: 'good',
  delivered: 'good',
  ok: 'good',
  active: 'good',
  pending: 'info',
  processing: 'info',
  failed: 'bad',
  failing: 'bad',
  revoked: 'muted',
  cancelled: 'muted',
  inactive: 'muted',
  no_feed: 'muted',
};

/** A status word with a colour that repeats its meaning (the word is always there too). */
export function StatusBadge({ status, label }: { status: string; label: string }) {
  return <span class={`badge badge-${TONES[status] ?? 'muted'}`}>{label}</span>;
}
