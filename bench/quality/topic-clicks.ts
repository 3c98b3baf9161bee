import { seededRandom } from '../../src/lib/seeded-random.js';

/**
 * Which of a page's on-topic unread items a topic reader of bench:quality (b)
 * clicks. `first`: the first ones down the page, as every reader did until
 * issue 16's independent readers; the 5 readers of a topic start from nothing
 * and see the same first page, so they clicked alike and a run was 11
 * trajectories, not 55 readers (bench/RESULTS.md: a topic swung 25-60 points
 * between runs as a whole). `shuffled`: each reader takes them in an order of
 * its own, from a generator seeded by the run's seed and the reader's number,
 * as a population whose members like different articles of one topic would: the
 * same seed gives the same choices.
 */
export type ClickOrder = 'first' | 'shuffled';

export function clickOrderOf(value: string | undefined): ClickOrder {
  if (value === undefined || value === 'shuffled') return 'shuffled';
  if (value === 'first') return 'first';
  throw new Error(`BENCH_TOPICS_CLICKS=${value}: first or shuffled`);
}

/** A reader's choice of `count` items among `candidates` (on topic, unread, in page order). */
export type Chooser = <T>(candidates: readonly T[], count: number) => T[];

export function chooser(order: ClickOrder, seed: number, reader: number): Chooser {
  if (order === 'first') return (candidates, count) => candidates.slice(0, count);
  // A generator per reader: readers' choices do not depend on the order their requests finish in.
  const random = seededRandom((seed * 7919 + reader * 104_729) >>> 0);
  return (candidates, count) => {
    const pool = [...candidates];
    const chosen = [];
    while (chosen.length < count && pool.length > 0) chosen.push(pool.splice(Math.floor(random() * pool.length), 1)[0]!);
    return chosen;
  };
}
