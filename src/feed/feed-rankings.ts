import type { Change, ChangeBus } from '../changes/change-bus.js';
import type { Clock } from '../lib/clock.js';
import { newId } from '../lib/ids.js';
import { BackgroundQueue } from './background-queue.js';
import { LIST_SIZE, listKey, personalListUser, type HeldList, type ListInput, type ListRequest } from './held-list.js';
import type { SnapshotStore } from './snapshot-store.js';
import type { RankingFor, UserRanker } from './user-ranker.js';
import type { UserStates } from './user-states.js';

/** A list older than this is served while it is re-ranked in the background (scores age; popularity moves). */
export const LIST_REFRESH_MS = 10 * 60_000;
/** A list older than this is re-ranked before it is served, so a chain started from it lasts its hour (snapshot-store.ts). */
export const MAX_LIST_AGE_MS = LIST_REFRESH_MS + 5 * 60_000;
/** How often the ranking threads score new items against the lists they watch. */
export const SWEEP_INTERVAL_MS = 5000;
/** Background re-rankings in flight at once (each ranking thread takes them in turn). */
const MAX_BACKGROUND = 4;

interface Entry {
  key: string;
  input: ListInput;
  list: HeldList | null;
  /** The tenant's configuration generation the list was built under. */
  generation: number;
  /** fresh: serve. outdated: serve, and re-rank in the background. invalid: re-rank before serving. */
  state: 'fresh' | 'outdated' | 'invalid';
  /** Bumped by every change of the user: a build started before it cannot make the list fresh. */
  version: number;
  building: { promise: Promise<HeldList>; version: number; generation: number } | null;
}

/**
 * The feed's rankings, computed ahead of the request and held per node
 * (issue 15): one list per registered user and area context, one generic list
 * per tenant, algorithm and area context for everyone else, least recently
 * used dropped past `capacity`. A request looks its list up; it waits for a
 * ranking only when there is none yet (first request, evicted) or the user
 * changed in a way the next page must show (a click: `rerank: 'now'`). Lists
 * are re-ranked in the background when a sweep finds a new item that would
 * enter them, when they age, and when their user changed otherwise.
 * Read items and blocked sources are filtered when a page is served.
 */
export class FeedRankings {
  private readonly entries = new Map<string, Entry>();
  private readonly byUser = new Map<string, Set<string>>();
  private readonly tenantGenerations = new Map<string, number>();
  private globalGeneration = 0;
  private readonly background: BackgroundQueue<Entry>;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly deps: {
      clock: Clock;
      ranker: UserRanker;
      users: UserStates;
      snapshots: SnapshotStore;
      changes: ChangeBus;
      capacity: number;
      log: { error(obj: unknown, msg: string): void };
    },
  ) {
    this.background = new BackgroundQueue(
      (entry) => (this.entries.get(entry.key) === entry ? this.build(entry, deps.clock.now(), 'background') : undefined),
      MAX_BACKGROUND,
      (err) => deps.log.error({ err }, 'background ranking failed'),
    );
    deps.changes.subscribe((change) => this.apply(change));
  }

  /** Lists held. */
  get size(): number {
    return this.entries.size;
  }

  /**
   * Keeps `list` as the snapshot its cursor points into, the first time a page served from
   * it has a next cursor. Lists re-ranked before anyone paged past their first page (most
   * background re-rankings) are never saved: a saved one stays 75 minutes (in Redis too).
   */
  async keepSnapshot(list: HeldList, now: number): Promise<void> {
    if (list.kept) return;
    list.kept = true;
    await this.deps.snapshots.save(list.snapshotId, { entries: list.ranked, covered: [] }, now);
  }

  private resolveWarm: () => void = () => {};
  /** Resolves once `start()`'s warm-up has the pool's first part on every ranking thread: the first feed can be ranked. */
  readonly warmedUp = new Promise<void>((resolve) => (this.resolveWarm = resolve));
  private resolveLoaded: () => void = () => {};
  /** Resolves once every ranking thread has the whole pool (or its load failed): the start's heavy reading is over. */
  readonly loaded = new Promise<void>((resolve) => (this.resolveLoaded = resolve));

  /**
   * What a serving process starts: the ranking threads load the pool now (the
   * first request would wait for it otherwise), and sweeps for new items run
   * every SWEEP_INTERVAL_MS (tests call `sweep()` instead).
   */
  start(): void {
    const { ranker, clock, log } = this.deps;
    void ranker
      .warmUp(clock.now())
      .catch((err: unknown) => log.error({ err }, 'ranking warm-up failed'))
      .finally(() => this.resolveWarm());
    // Failures are the first warm-up's to report: the same load.
    void ranker
      .warmUp(clock.now(), true)
      .catch(() => {})
      .finally(() => this.resolveLoaded());
    this.timer ??= setInterval(
      () => void this.sweep().catch((err: unknown) => this.deps.log.error({ err }, 'feed sweep failed')),
      SWEEP_INTERVAL_MS,
    );
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** The list to serve a first page from. */
  async list(request: ListRequest): Promise<HeldList> {
    const entry = this.entryFor(request);
    const { list } = entry;
    const age = list === null ? Infinity : request.now - list.builtAt;
    if (
      list !== null &&
      entry.state !== 'invalid' &&
      entry.generation === this.generationOf(entry.input.tenantId) &&
      age < MAX_LIST_AGE_MS
    ) {
      if (entry.state === 'outdated' || age >= LIST_REFRESH_MS) this.schedule(entry);
      return list;
    }
    return this.build(entry, request.now);
  }

  /** Asks the ranking threads which held lists new items would enter, and re-ranks those in the background. */
  async sweep(): Promise<number> {
    const keys = await this.deps.ranker.backend.sweep(this.deps.clock.now());
    for (const key of keys) {
      const entry = this.entries.get(key);
      if (!entry) continue;
      if (entry.state === 'fresh') entry.state = 'outdated';
      this.schedule(entry);
    }
    return keys.length;
  }

  /** Resolves when no background re-ranking is queued or running (tests, shutdown). */
  async settle(): Promise<void> {
    while (!this.background.idle) {
      await Promise.all([...this.entries.values()].flatMap((e) => (e.building ? [e.building.promise.catch(() => {})] : [])));
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  private entryFor(request: ListRequest): Entry {
    const input: ListInput = {
      tenantId: request.tenantId,
      algorithm: request.algorithm,
      userId: personalListUser(request.user, request.userId),
      targets: request.targets,
      pageSize: request.pageSize,
    };
    const key = listKey(input);
    let entry = this.entries.get(key);
    if (entry) {
      this.entries.delete(key);
      this.entries.set(key, entry); // most recently used last
      // The algorithm object of the request is the current one (same id, maybe a new config).
      entry.input = input;
      return entry;
    }
    if (this.entries.size >= this.deps.capacity) this.evict(this.entries.values().next().value!);
    entry = { key, input, list: null, generation: -1, state: 'invalid', version: 0, building: null };
    this.entries.set(key, entry);
    if (input.userId !== undefined) getOrAdd(this.byUser, userKey(input.tenantId, input.userId)).add(key);
    return entry;
  }

  private evict(entry: Entry): void {
    this.entries.delete(entry.key);
    if (entry.input.userId !== undefined) {
      const key = userKey(entry.input.tenantId, entry.input.userId);
      const keys = this.byUser.get(key);
      keys?.delete(entry.key);
      if (keys?.size === 0) this.byUser.delete(key);
    }
    this.deps.ranker.backend.forget([entry.key]);
  }

  /** Ranks the entry's list now, or joins a ranking of it already under way that saw the latest change. */
  private build(entry: Entry, now: number, waiting: RankingFor = 'request'): Promise<HeldList> {
    if (this.buildingCurrent(entry)) return entry.building!.promise;
    const version = entry.version;
    const generation = this.generationOf(entry.input.tenantId);
    const promise = this.rank(entry.input, entry.key, now, waiting).then((list) => {
      if (entry.version === version) {
        entry.list = list;
        entry.generation = generation;
        entry.state = 'fresh';
      }
      return list;
    });
    entry.building = { promise, version, generation };
    const clear = () => {
      if (entry.building?.promise === promise) entry.building = null;
    };
    promise.then(clear, clear);
    return promise;
  }

  private async rank(input: ListInput, key: string, now: number, waiting: RankingFor): Promise<HeldList> {
    const { users, ranker } = this.deps;
    const user = await users.get(input.tenantId, input.userId, now);
    const ranked = await ranker.rank(
      {
        tenantId: input.tenantId,
        config: input.algorithm.config,
        user,
        areas: input.targets,
        now,
        seedKey: input.userId ?? 'generic',
        limit: LIST_SIZE,
        pageSize: input.pageSize,
        watchKey: key,
      },
      'list',
      waiting,
    );
    return { snapshotId: newId('snp'), ranked, builtAt: now };
  }

  /** A ranking of the entry is under way that saw its user's latest change and the tenant's current configuration. */
  private buildingCurrent(entry: Entry): boolean {
    const b = entry.building;
    return b !== null && b.version === entry.version && b.generation === this.generationOf(entry.input.tenantId);
  }

  /** Queues a background re-ranking (at most MAX_BACKGROUND run at once). */
  private schedule(entry: Entry): void {
    if (!this.buildingCurrent(entry)) this.background.add(entry);
  }

  private apply(change: Change): void {
    switch (change.kind) {
      case 'users': {
        this.deps.users.changed(change.tenantId, change.userIds, change.reads);
        for (const userId of change.userIds) {
          for (const key of this.byUser.get(userKey(change.tenantId, userId)) ?? []) {
            const entry = this.entries.get(key)!;
            entry.version++;
            // Ranked again at the user's next first page, which waits for it (a few ms on a
            // ranking thread), not at once: most users open their next first page after the
            // list's refresh horizon anyway, and ranking at every click batch cost 0.2
            // rankings per page served in the app-shaped benchmark (bench/RESULTS.md, issue 15).
            if (change.rerank === 'now') {
              entry.state = 'invalid';
            } else if (entry.state === 'fresh') {
              entry.state = 'outdated';
            }
          }
        }
        return;
      }
      case 'tenant':
        this.tenantGenerations.set(change.tenantId, (this.tenantGenerations.get(change.tenantId) ?? 0) + 1);
        return;
      case 'model':
        // Served meanwhile: a list one model older is still a good list.
        this.deps.ranker.backend.modelChanged(change.tenantId, this.deps.clock.now());
        for (const entry of this.entries.values()) {
          if (entry.input.tenantId !== change.tenantId) continue;
          if (entry.state === 'fresh') entry.state = 'outdated';
          entry.version++;
        }
        return;
      case 'sources':
        this.globalGeneration++;
        return;
      case 'everything':
        this.deps.users.clear();
        this.globalGeneration++;
        for (const entry of this.entries.values()) entry.version++;
        return;
    }
  }

  /** Changes whenever the tenant's configuration or the sources change: both only ever grow. */
  private generationOf(tenantId: string): number {
    return this.globalGeneration + (this.tenantGenerations.get(tenantId) ?? 0);
  }
}

const userKey = (tenantId: string, userId: string) => `${tenantId}\0${userId}`;

function getOrAdd<K, V>(map: Map<K, Set<V>>, key: K): Set<V> {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  return set;
}
