import type { AreaDirectory } from '../areas/area-directory.js';
import { rankedItems } from '../feed/ranked-list.js';
import { rankingAreas } from '../feed/resolve-feed-areas.js';
import type { ChannelSizes } from '../feed/retrieve-candidates.js';
import type { Ranked, RankRequest, UserRanker } from '../feed/user-ranker.js';
import { explorationSlots } from '../ranking/rank.js';
import type { AlgorithmConfig } from '../scenarios/algorithm-config.js';
import type { PushUserState } from './push-user-states.js';

/** A push line needs 1–3 items: smaller channels than a feed snapshot's keep a user's ranking cheap. */
export const PUSH_CHANNELS: ChannelSizes = { vectors: 40, vectorProbes: 4, perArea: 40, perFollowedSource: 10, fresh: 60, popular: 20 };
/** A few spare, for items deleted or blocked since the pool saw them. */
const SPARE_CANDIDATES = 2;
/**
 * Users a ranking thread gets in one message. One message per user (the structured clone of
 * its request, the reply, the thread's CPU read per reply) was ~20 % of the job's thread and
 * ~5 % of the ranking thread (bench/RESULTS.md, issue 20); the users of a slice also share
 * one clone of their algorithm. 32 users are ~15 ms of ranking, which the thread breaks
 * every 2 ms for requests' rankings (ranking-thread.ts).
 */
const SLICE_USERS = 32;

/** One user of a batch, with the algorithm (their experiment variant's) they are ranked with. */
export interface PushUser {
  userId: string;
  state: PushUserState;
  variant: string | null;
  config: AlgorithmConfig;
}

/**
 * Each user's best items (a few more than `candidates_per_user`), best first (the file is
 * ordered by score; SPEC), in the users' order. The rankings are asked for a slice at a
 * time, all at once: the ranking threads take the slices as they are free, so a batch
 * is ranked on every ranking thread. Users with nothing personal to rank by (no signals,
 * interests, areas, follows, blocks, reads or recent pushes) all get the same ranking
 * when it has no seeded exploration slot: it is ranked once per variant, not per user.
 */
export async function rankBatch(
  ranker: UserRanker,
  areas: AreaDirectory,
  job: { tenantId: string; candidatesPerUser: number },
  users: readonly PushUser[],
  now: number,
): Promise<Ranked[][]> {
  const limit = job.candidatesPerUser + SPARE_CANDIDATES;
  const requests: RankRequest[] = [];
  const plain = new Map<string | null, number>();
  const requestOf = users.map(({ userId, state, variant, config }) => {
    const targets = rankingAreas(areas, {}, state).targets;
    const shared = targets.length === 0 && isPlain(state) && explorationSlots(config, limit) === 0;
    const sharedAt = shared ? plain.get(variant) : undefined;
    if (sharedAt !== undefined) return sharedAt;
    if (shared) plain.set(variant, requests.length);
    requests.push({
      tenantId: job.tenantId,
      config,
      user: state,
      areas: targets,
      now,
      seedKey: userId,
      limit,
      pageSize: job.candidatesPerUser,
      exclude: state.pushed,
      channels: PUSH_CHANNELS,
    });
    return requests.length - 1;
  });
  const slices: Promise<Awaited<ReturnType<UserRanker['rankSlice']>>>[] = [];
  for (let at = 0; at < requests.length; at += SLICE_USERS) slices.push(ranker.rankSlice(requests.slice(at, at + SLICE_USERS)));
  const ranked = (await Promise.all(slices)).flat().map((list) => rankedItems(list).sort((a, b) => b.score - a.score));
  return requestOf.map((i) => ranked[i]!);
}

/** Nothing in the user's state would make their ranking differ from another such user's. */
function isPlain(state: PushUserState): boolean {
  const interests = state.properties.interests;
  return (
    state.signals.length === 0 &&
    state.followed.size === 0 &&
    state.blocked.size === 0 &&
    state.read.size === 0 &&
    state.pushed.size === 0 &&
    !(Array.isArray(interests) && interests.length > 0)
  );
}
