import type { AreaTarget } from '../ranking/types.js';
import type { Algorithm } from '../scenarios/scenario-repo.js';
import type { RankedList } from './ranked-list.js';
import type { UserFeedState } from './user-feed-state.js';

/**
 * How many items one list orders: three pages of 20; a chain that reads
 * further continues with a new ranking of what it has not covered.
 * Diversification costs grow with its square (200 items took ~7 ms of CPU,
 * 100 ~3.4 ms, 60 ~1.9 ms; bench/RESULTS.md).
 */
export const LIST_SIZE = 60;
/** A ranked list as the feed serves it: its snapshot id is what cursors point into. */
export interface HeldList {
  snapshotId: string;
  ranked: RankedList;
  builtAt: number;
  /** Saved as a snapshot: once a page served from it has a next cursor (`keepSnapshot`). */
  kept?: true;
}

export interface ListRequest {
  tenantId: string;
  algorithm: Pick<Algorithm, 'id' | 'config'>;
  userId: string | undefined;
  user: UserFeedState;
  targets: AreaTarget[];
  pageSize: number;
  now: number;
}

/** What a list is ranked for: a request without its moment and its user's state (read again when ranked). */
export type ListInput = Omit<ListRequest, 'now' | 'user'>;

/**
 * A registered user with something personal to rank by (signals, interests,
 * follows, blocks) gets a list of their own; anyone else shares the generic
 * list of the context (their reads are filtered when served). Most registered
 * users of a large tenant have nothing personal yet: one ranking serves them all.
 */
export function personalListUser(user: UserFeedState, userId: string | undefined): string | undefined {
  if (!user.registered || userId === undefined) return undefined;
  const interests = user.properties.interests;
  const personal =
    user.signals.length > 0 || user.followed.size > 0 || user.blocked.size > 0 || (Array.isArray(interests) && interests.length > 0);
  return personal ? userId : undefined;
}

/** One list per tenant, algorithm, personal user (or none), area context and page size. */
export function listKey(input: ListInput): string {
  const areas = input.targets
    .map((t) => t.id)
    .sort()
    .join(',');
  return [input.tenantId, input.algorithm.id, input.userId ?? '', areas, input.pageSize].join('\0');
}
