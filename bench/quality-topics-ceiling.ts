import Database from 'better-sqlite3';
import { readFileSync } from 'node:fs';
import { decodeVector } from '../src/analysis/vector-codec.js';
import { seededRandom } from '../src/lib/seeded-random.js';

/**
 * What content alone could give a topic reader of bench/quality-topics.ts (b), offline, on the
 * corpus BENCH_TOPICS_CORPUS saved: per topic, a taste built from 20 of the topic's articles
 * drawn at random (10 draws, seed 5), as profile.ts sums clicks, with no skipped items, no
 * source affinity, no collaborative part and no diversification. Prints the share on topic of
 * the 120 nearest by the hashed vector (retrieval's vector channel), of the 120 nearest by the
 * latent one, and of the best 10 by relevance's taste blend (score.ts LATENT_SHARE 0.5) over
 * the whole corpus and within the hashed 120: the ceiling a profile reaches, and what
 * retrieval leaves out of it (issue 16 (b), bench/RESULTS.md).
 *   npx tsx bench/quality-topics-ceiling.ts /tmp/corpus.sqlite
 */
const file = process.argv[2];
if (!file) throw new Error('usage: quality-topics-ceiling.ts <BENCH_TOPICS_CORPUS file>');
const db = new Database(file, { readonly: true });
const { topicOf } = JSON.parse(readFileSync(`${file}.json`, 'utf8')) as { topicOf: Record<string, string[]> };
const rows = db.prepare('select id, vector, latent_vector from contents where vector is not null').all() as {
  id: string;
  vector: string;
  latent_vector: string | null;
}[];
interface Item {
  id: string;
  hashed: Float32Array;
  latent: Float32Array | null;
}
const items: Item[] = rows.map((r) => ({
  id: r.id,
  hashed: decodeVector(r.vector),
  latent: r.latent_vector ? decodeVector(r.latent_vector) : null,
}));

function dot(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += a[i]! * b[i]!;
  return sum;
}
function unitSum(vectors: Float32Array[], length: number): Float32Array {
  const sum = new Float64Array(length);
  for (const v of vectors) v.forEach((x, i) => (sum[i]! += x));
  const norm = Math.hypot(...sum);
  return Float32Array.from(sum, (x) => x / norm);
}
/** The k items that score highest (each scored once, then sorted). */
function best(from: Item[], by: (item: Item) => number, k: number): Item[] {
  return from
    .map((item) => ({ item, score: by(item) }))
    .sort((a, b) => b.score - a.score)
    .slice(0, k)
    .map((x) => x.item);
}

const random = seededRandom(5);
const DRAWS = 10;
for (const [topic, ids] of Object.entries(topicOf)) {
  if (ids.length < 100) continue; // as the bench: too few to measure
  const on = new Set(ids);
  const shareOn = (list: Item[]) => list.filter((item) => on.has(item.id)).length / list.length;
  const sums = { hashed: 0, latent: 0, blend: 0, blendInHashed: 0 };
  for (let draw = 0; draw < DRAWS; draw++) {
    const clicked = new Set<string>();
    while (clicked.size < 20) clicked.add(ids[Math.floor(random() * ids.length)]!);
    const mine = items.filter((item) => clicked.has(item.id));
    const hashed = unitSum(
      mine.map((item) => item.hashed),
      mine[0]!.hashed.length,
    );
    const latent = unitSum(
      mine.flatMap((item) => (item.latent ? [item.latent] : [])),
      mine.find((item) => item.latent)?.latent?.length ?? 0,
    );
    const rest = items.filter((item) => !clicked.has(item.id));
    const blend = (item: Item) => 0.5 * dot(hashed, item.hashed) + (item.latent ? 0.5 * dot(latent, item.latent) : 0);
    const nearestHashed = best(rest, (item) => dot(hashed, item.hashed), 120);
    sums.hashed += shareOn(nearestHashed);
    sums.latent += shareOn(best(rest, (item) => (item.latent ? dot(latent, item.latent) : -1), 120));
    sums.blend += shareOn(best(rest, blend, 10));
    sums.blendInHashed += shareOn(best(nearestHashed, blend, 10));
  }
  const pc = (x: number) => `${((x / DRAWS) * 100).toFixed(0)} %`;
  console.log(
    `${topic} (${ids.length}): 120 nearest, hashed ${pc(sums.hashed)}, latent ${pc(sums.latent)}; ` +
      `best 10 by the taste blend: whole corpus ${pc(sums.blend)}, within the hashed 120 ${pc(sums.blendInHashed)}`,
  );
}
