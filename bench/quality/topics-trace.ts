import type { FeedClient } from './feed-client.js';

const PARTS = ['relevance', 'collaborative', 'freshness', 'popularity', 'area', 'follow'] as const;

interface PreviewItem {
  id: string;
  signals: Record<(typeof PARTS)[number], number>;
}

interface Preview {
  items: PreviewItem[];
  meta: { weights: { source: string; in_use: Record<string, number> } };
}

/**
 * BENCH_TOPICS_TRACE=1 in bench/quality-topics.ts: after a round's training, the
 * weights in use and, per band of clicks, each reader's next first page as the
 * console's preview takes it apart: precision, and the mean weighted part of each
 * score component of its on-topic and off-topic items. It reads (previews serve
 * nothing), so the measure is the same with it on; it is how issue 16 part 3 found
 * why precision fell from 10 to 20 clicks (bench/RESULTS.md).
 */
export async function traceRound(
  client: FeedClient,
  admin: Record<string, string>,
  tenantId: string,
  round: number,
  readers: readonly { id: string; clicks: number }[],
  onTopic: (readerId: string, itemId: string) => boolean,
  page: number,
): Promise<void> {
  let weights = '';
  const bands = new Map<string, { readers: number; on: number[]; off: number[]; onCount: number; offCount: number }>();
  for (const r of readers) {
    const preview = (await client.admin(
      admin,
      'GET',
      `/admin/v1/tenants/${tenantId}/scenarios/bench/preview?user_id=${r.id}&limit=${page}`,
    )) as Preview;
    weights ||= `${preview.meta.weights.source} ${JSON.stringify(preview.meta.weights.in_use)}`;
    const band = r.clicks >= 20 ? '20' : `${Math.floor(r.clicks / 5) * 5}-${Math.floor(r.clicks / 5) * 5 + 4}`;
    const b = bands.get(band) ?? { readers: 0, on: PARTS.map(() => 0), off: PARTS.map(() => 0), onCount: 0, offCount: 0 };
    b.readers++;
    for (const item of preview.items) {
      const on = onTopic(r.id, item.id);
      PARTS.forEach((part, j) => ((on ? b.on : b.off)[j]! += item.signals[part] ?? 0));
      if (on) b.onCount++;
      else b.offCount++;
    }
    bands.set(band, b);
  }
  console.log(`round ${round}: weights ${weights}`);
  const means = (sums: number[], n: number) => PARTS.map((part, j) => `${part} ${(sums[j]! / Math.max(1, n)).toFixed(3)}`).join(', ');
  for (const [band, b] of [...bands].sort()) {
    const precision = (b.onCount / (b.readers * page)) * 100;
    console.log(
      `  ${band} clicks: ${b.readers} readers, p@${page} ${precision.toFixed(1)} % | on topic (${b.onCount}): ` +
        `${means(b.on, b.onCount)} | off (${b.offCount}): ${means(b.off, b.offCount)}`,
    );
  }
}
