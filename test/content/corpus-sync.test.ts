import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DocumentFrequencies } from '../../src/analysis/document-frequencies.js';
import { AreaDirectory } from '../../src/areas/area-directory.js';
import { CorpusSync } from '../../src/content/corpus-sync.js';
import { loadTermStats } from '../../src/content/term-stats-repo.js';
import { ManualClock } from '../../src/lib/clock.js';
import { testBackends } from '../helpers/backends.js';
import { repoDatabase, type RepoDatabase } from '../helpers/repo-database.js';
import { until } from '../helpers/until.js';

const MINUTE = 60_000;
const quietLog = { error: () => {} };

/**
 * What a process's analysis shares with other processes through the database
 * (deps.ts builds one CorpusSync per runtime): a worker's term statistics, and
 * an area import made on another node.
 */
describe.each(testBackends().map((b) => [b.name, b] as const))('corpus sync on %s', (_name, backend) => {
  let handle: RepoDatabase;
  const clock = new ManualClock();

  beforeAll(async () => {
    handle = await repoDatabase(backend);
  });
  afterAll(() => handle.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  const syncOf = async (termStats: DocumentFrequencies, worker: boolean) => {
    const sync = new CorpusSync({ db: handle.db, clock, areas: await AreaDirectory.load(handle.db), termStats, log: quietLog });
    sync.start({ worker });
    return sync;
  };

  it('a worker saves the term statistics it learned each minute and at close; an API node never saves them', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const api = new DocumentFrequencies();
    const apiSync = await syncOf(api, false);
    // An API node learns from the odd direct ingest.
    api.add(['api-only']);
    await vi.advanceTimersByTimeAsync(MINUTE);
    await apiSync.close();
    expect((await loadTermStats(handle.db)).documents).toBe(0);

    const learned = new DocumentFrequencies();
    const workerSync = await syncOf(learned, true);
    learned.add(['東京', '地震']);
    await vi.advanceTimersByTimeAsync(MINUTE);
    // The minute's sync runs on its own: wait for its write.
    await until("the first minute's save", async () => ((await loadTermStats(handle.db)).df('地震') === 1 ? true : undefined), 5000, 10);

    learned.add(['地震']);
    await workerSync.close();
    const saved = await loadTermStats(handle.db);
    expect(saved.documents).toBe(2);
    expect(saved.df('地震')).toBe(2);
    expect(saved.df('api-only')).toBe(0);
  });

  it("picks up another node's area import at its next sync", async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const here = await AreaDirectory.load(handle.db);
    const sync = new CorpusSync({ db: handle.db, clock, areas: here, termStats: new DocumentFrequencies(), log: quietLog });
    sync.start({ worker: false });
    const elsewhere = await AreaDirectory.load(handle.db);
    const area = {
      id: 'station:corpus-sync',
      name: '同期試験駅',
      level: 'station' as const,
      parentId: 'pref:13',
      lat: null,
      lng: null,
      aliases: [],
    };
    await elsewhere.import(handle.db, [area], 'extend', clock.now());
    expect(here.get(area.id)).toBeUndefined();

    await vi.advanceTimersByTimeAsync(MINUTE);
    expect(await until('the import to show here', async () => here.get(area.id)?.name, 5000, 10)).toBe('同期試験駅');
    await sync.close();
  });
});
