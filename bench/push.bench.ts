import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import type { BenchRow } from './contents-pipeline.bench.js';
import { serverEnv, withDatabase, type BenchBackend, type BenchDatabase } from './lib/backends.js';
import { ADMIN_TOKEN, SECRET_KEY } from './lib/bench-service.js';
import { startTarget, type BenchTarget } from './lib/child.js';
import { percentile, probeFeed } from './lib/feed-probe.js';
import { startService, type ServiceProcess } from './lib/service-process.js';
import { untilIdle } from './lib/until-idle.js';
import { profileTable, topFunctions } from './lib/cpu-profile.js';
import { generateFeedData } from './lib/feed-data.js';

const ITEMS = 100_000;
const SOURCES = 50;
const CANDIDATES_PER_USER = 3;
const POLL_MS = 250;
/** A job that has not finished by then is reported as failed (SPEC allows 10 minutes). */
const GIVE_UP_MS = 15 * 60_000;
/** The user counts measured; the smaller one shows whether memory grows with users. BENCH_PUSH_USERS=20000,100000. */
const USER_COUNTS = (process.env.BENCH_PUSH_USERS ?? '20000,100000').split(',').map(Number);
const MB = 2 ** 20;
/**
 * BENCH_PUSH_WORKERS=N (PostgreSQL + Redis only): the job runs on N `content-feed
 * worker` processes (sharing it chunk by chunk) beside an API node without
 * workers, as a fleet runs it; else on the one node's own push worker.
 */
const FLEET_WORKERS = Number(process.env.BENCH_PUSH_WORKERS ?? 0);
/** Feed requests per second, before and during the job, on the node that runs it (or the API node of a fleet). */
const FEED_RATE = 50;
const FEED_BASELINE_MS = 10_000;

interface JobView {
  job_id: string;
  status: 'pending' | 'processing' | 'completed' | 'failed';
  started_at: string | null;
  finished_at: string | null;
  users_total: number;
  users_processed: number;
  consumed_credits: number;
  download_url?: string;
  error?: { code: string; message: string };
}

interface Measured {
  users: number;
  generateSeconds: number;
  /** Process start → content pool loaded (a worker loads it at start, before any job). */
  warmUpSeconds: number;
  /** POST → first poll that saw `completed`. */
  wallSeconds: number;
  /** The job's own started_at → finished_at. */
  jobSeconds: number;
  /** Users per second after progress was first reported (past the cold start: pool loaded, index trained). */
  steadyUsersPerSecond: number;
  rssBeforeMb: number;
  rssPeakMb: number;
  /** Peak RSS and V8 heap used in each quarter of the job's wall time: a cost per user would climb from one to the next. */
  quartersMb: { rss: number; heap: number }[];
  /** The slowest poll: how long the service kept a request waiting while the job ran, and when it answered (s after POST). */
  stall: { seconds: number; at: number };
  /** The slowest poll after the first progress report (past the cold start). */
  laterStallSeconds: number;
  /** VmHWM of the server process: its peak RSS over its whole life, sampled by the kernel. */
  lifetimePeakMb: number | null;
  fileMb: number;
  downloadSeconds: number;
  candidates: number;
  /** Feed latency (ms) at FEED_RATE/s for random users: before the job, and while it ran. */
  feed: {
    before: { p50: number; p99: number; n: number; failed: number };
    during: { p50: number; p99: number; n: number; failed: number };
  };
  /** CPU of the server process (all its threads), POST → completed, per user ranked; null where /proc is not there. */
  cpuMsPerUser: number | null;
  /** The same less what the node used per second in the feed's baseline window (the feed at FEED_RATE/s, sweeps) over the job. */
  cpuMsPerUserLessFeed: number | null;
  /** The machine's 1-minute load average at the POST and at the end (the machine is shared). */
  load: [number, number];
  /** Fleet mode: the workers' peak RSS (VmHWM, MB), each. */
  workersPeakMb: number[];
  profile?: string;
}

async function metrics(target: BenchTarget): Promise<string> {
  return (await fetch(`${target.info.baseUrl}/metrics`)).text();
}

function metric(text: string, name: string): number {
  return Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1]);
}

function lifetimePeakMb(pid: number | undefined): number | null {
  try {
    const kb = Number(/^VmHWM:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
    return Number.isFinite(kb) ? kb / 1024 : null;
  } catch {
    return null; // not Linux
  }
}

/** user + system CPU of a process from /proc (ms), null where it is not there. */
function processCpuMs(pid: number | undefined): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

async function getJob(target: BenchTarget, jobId: string): Promise<JobView> {
  const response = await fetch(`${target.url}/${jobId}`, { headers: target.headers });
  if (response.status !== 200) throw new Error(`GET /v1/push-candidates/${jobId}: ${response.status} ${await response.text()}`);
  return (await response.json()) as JobView;
}

/** One poll of the job and /metrics, answered `at` seconds after the POST. */
interface Sample {
  at: number;
  pollSeconds: number;
  rss: number;
  heap: number;
  /** users_processed, which the job writes with each lease renewal (every PUSH_JOB_LEASE_MS / 3, 10 s by default). */
  processed: number;
}

/** The feed's latency percentiles at FEED_RATE/s until `stop`. */
async function feedWindow(probe: ReturnType<typeof probeFeed>) {
  const { latencies, failed } = await probe.stop();
  return { p50: percentile(latencies, 50), p99: percentile(latencies, 99), n: latencies.length, failed };
}

/** Creates the job, then polls it and the service's memory every 250 ms until it ends. */
async function runJob(
  target: BenchTarget,
): Promise<{ job: JobView; wallSeconds: number; rssBefore: number; samples: Sample[]; cpuMs: number | null; load: [number, number] }> {
  const rssBefore = metric(await metrics(target), 'process_resident_memory_bytes');
  const started = performance.now();
  const cpuBefore = processCpuMs(target.child.pid);
  const loadBefore = loadavg()[0]!;
  const response = await fetch(target.url, {
    method: 'POST',
    headers: { ...target.headers, 'content-type': 'application/json' },
    body: JSON.stringify({ scenario: target.info.scenario, candidates_per_user: CANDIDATES_PER_USER, target_mode: 'all' }),
  });
  const created = (await response.json()) as { job_id?: string };
  if (response.status !== 202 || !created.job_id)
    throw new Error(`POST /v1/push-candidates: ${response.status} ${JSON.stringify(created)}`);
  const samples: Sample[] = [];
  for (;;) {
    const polled = performance.now();
    const [job, text] = await Promise.all([getJob(target, created.job_id), metrics(target)]);
    const at = (performance.now() - started) / 1000;
    samples.push({
      at,
      pollSeconds: (performance.now() - polled) / 1000,
      rss: metric(text, 'process_resident_memory_bytes'),
      heap: metric(text, 'nodejs_heap_size_used_bytes'),
      processed: job.users_processed,
    });
    if (job.status === 'failed') throw new Error(`push job failed after ${at.toFixed(1)} s: ${JSON.stringify(job)}`);
    if (job.status === 'completed') {
      const cpuAfter = processCpuMs(target.child.pid);
      const cpuMs = cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore;
      return { job, wallSeconds: at, rssBefore, samples, cpuMs, load: [loadBefore, loadavg()[0]!] };
    }
    if (at * 1000 > GIVE_UP_MS) throw new Error(`push job still ${job.status} after ${at.toFixed(0)} s: ${JSON.stringify(job)}`);
    await sleep(POLL_MS);
  }
}

/** What the samples say about speed after the cold start, memory over the job, and stalls. */
function summarise(samples: Sample[], wallSeconds: number, users: number) {
  const slowest = (list: Sample[]) => list.reduce((a, b) => (b.pollSeconds > a.pollSeconds ? b : a), { at: 0, pollSeconds: 0 });
  const quarters = [0, 1, 2, 3].map((q) => {
    const inQuarter = samples.filter((s) => s.at >= (q * wallSeconds) / 4 && s.at <= ((q + 1) * wallSeconds) / 4);
    return { rss: Math.max(0, ...inQuarter.map((s) => s.rss)) / MB, heap: Math.max(0, ...inQuarter.map((s) => s.heap)) / MB };
  });
  const progress = samples.find((s) => s.processed > 0 && s.processed < users);
  const stall = slowest(samples);
  return {
    rssPeak: Math.max(...samples.map((s) => s.rss)),
    quarters,
    stall: { seconds: stall.pollSeconds, at: stall.at },
    laterStallSeconds: slowest(samples.filter((s) => progress && s.at > progress.at)).pollSeconds,
    // A job done before its first progress report has no steady phase: count it whole.
    steadyUsersPerSecond: progress ? (users - progress.processed) / (wallSeconds - progress.at) : users / wallSeconds,
  };
}

/** Downloads the file with a plain GET and checks it: one line per user, each user once, 1–3 candidates by score descending. */
async function checkFile(url: string, users: number): Promise<{ bytes: number; seconds: number; candidates: number }> {
  const started = performance.now();
  const response = await fetch(url);
  if (response.status !== 200 || !response.body) throw new Error(`GET download_url: ${response.status} ${await response.text()}`);
  let bytes = 0;
  const body = Readable.fromWeb(response.body).on('data', (chunk: Buffer) => (bytes += chunk.length));
  const seen = new Set<string>();
  let candidates = 0;
  for await (const text of createInterface({ input: body, crlfDelay: Infinity })) {
    const line = JSON.parse(text) as { user_id: string; candidates: { id: string; score: number }[] };
    const where = `line ${seen.size + 1} (${line.user_id})`;
    if (seen.has(line.user_id)) throw new Error(`${where}: user appears twice`);
    seen.add(line.user_id);
    const n = line.candidates.length;
    if (n < 1 || n > CANDIDATES_PER_USER) throw new Error(`${where}: ${n} candidates`);
    for (let i = 1; i < n; i++) {
      if (line.candidates[i]!.score > line.candidates[i - 1]!.score)
        throw new Error(`${where}: candidates not ordered by score: ${line.candidates.map((c) => c.score).join(', ')}`);
    }
    candidates += n;
  }
  if (seen.size !== users) throw new Error(`the file has ${seen.size} lines, expected ${users}`);
  return { bytes, seconds: (performance.now() - started) / 1000, candidates };
}

/** One data set of `users` users (a tenth with histories) on a fresh database of `backend`, one job over all of them. */
function measure(backend: BenchBackend, users: number, profile: boolean): Promise<Measured> {
  return withDatabase(backend, (database) => measureOn(backend, database, users, profile));
}

async function measureOn(backend: BenchBackend, database: BenchDatabase, users: number, profile: boolean): Promise<Measured> {
  // Kept for a closer look when profiled; the database (~0.5 GB) is dropped by measure().
  const profileDir = mkdtempSync(path.join(tmpdir(), 'cf-bench-push-profile-'));
  const data = await generateFeedData({
    databaseUrl: database.url,
    items: ITEMS,
    sources: SOURCES,
    users,
    usersWithHistory: users / 10,
    historyPerUser: 20,
    publishedWithinHours: 72,
  });
  const fleet = FLEET_WORKERS > 0 && backend.redisUrl ? FLEET_WORKERS : 0;
  const objectsDir = fleet > 0 ? mkdtempSync(path.join(tmpdir(), 'cf-bench-push-objects-')) : null;
  const target = await startTarget(
    'bench/servers/push-server.ts',
    {
      ...serverEnv(backend, database),
      FEED_TENANT_ID: data.tenantId,
      FEED_API_KEY: data.apiKey,
      ...(objectsDir && { BENCH_NO_WORKERS: '1', BENCH_OBJECT_STORE_URL: pathToFileURL(objectsDir).href }),
    },
    profile ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
  );
  const workers: ServiceProcess[] = [];
  let running = true;
  const stop = async () => {
    if (running) await Promise.all([target.stop(), ...workers.map((w) => w.stop())]);
    running = false;
    if (objectsDir) rmSync(objectsDir, { recursive: true, force: true });
  };
  try {
    if (objectsDir) {
      const env = {
        DATABASE_URL: database.url,
        REDIS_URL: backend.redisUrl!,
        OBJECT_STORE_URL: pathToFileURL(objectsDir).href,
        ADMIN_TOKEN,
        SECRET_KEY,
      };
      // One at a time (boots at once on 2 cores are slow), then until their pools are loaded.
      for (let i = 0; i < fleet; i++)
        workers.push(await startService(['worker'], { ...env, DATA_DIR: mkdtempSync(path.join(tmpdir(), 'cf-bench-push-worker-')) }));
      await untilIdle(
        workers.map((w) => w.process.pid!),
        180_000,
      );
    }
    // A first window, not counted: the first feeds after start compile and warm what every later one uses.
    const warming = probeFeed(target.info.baseUrl!, target.headers, 'bench-feed', users, FEED_RATE);
    await sleep(FEED_BASELINE_MS);
    await warming.stop();
    const baselineCpu = processCpuMs(target.child.pid);
    const baselineStarted = performance.now();
    const baseline = probeFeed(target.info.baseUrl!, target.headers, 'bench-feed', users, FEED_RATE);
    await sleep(FEED_BASELINE_MS);
    const before = await feedWindow(baseline);
    const baselineCpuPerS =
      baselineCpu === null ? null : (processCpuMs(target.child.pid)! - baselineCpu) / ((performance.now() - baselineStarted) / 1000);
    const during = probeFeed(target.info.baseUrl!, target.headers, 'bench-feed', users, FEED_RATE);
    const run = await runJob(target).catch(async (error: unknown) => {
      await during.stop();
      throw error;
    });
    const feed = { before, during: await feedWindow(during) };
    const { job } = run;
    const seen = summarise(run.samples, run.wallSeconds, users);
    if (job.users_total !== users || job.users_processed !== users)
      throw new Error(`job counted ${job.users_total} users and processed ${job.users_processed}, expected ${users}`);
    const peak = lifetimePeakMb(target.child.pid);
    const workersPeakMb = workers.map((w) => lifetimePeakMb(w.process.pid) ?? NaN);
    const file = await checkFile(job.download_url!, users);
    await stop(); // the profile is written on exit
    let profileText: string | undefined;
    if (profile) {
      const { file: profileFile, rows } = topFunctions(profileDir);
      profileText = `${profileTable(rows)}\n(${profileFile}, ${(statSync(profileFile).size / MB).toFixed(0)} MB)`;
    }
    return {
      users,
      generateSeconds: data.seconds,
      warmUpSeconds: Number(target.info.warmUpSeconds),
      wallSeconds: run.wallSeconds,
      jobSeconds: (Date.parse(job.finished_at!) - Date.parse(job.started_at!)) / 1000,
      steadyUsersPerSecond: seen.steadyUsersPerSecond,
      rssBeforeMb: run.rssBefore / MB,
      rssPeakMb: Math.max(run.rssBefore, seen.rssPeak) / MB,
      quartersMb: seen.quarters,
      stall: seen.stall,
      laterStallSeconds: seen.laterStallSeconds,
      lifetimePeakMb: peak,
      fileMb: file.bytes / MB,
      downloadSeconds: file.seconds,
      candidates: file.candidates,
      feed,
      cpuMsPerUser: run.cpuMs === null ? null : run.cpuMs / users,
      cpuMsPerUserLessFeed: run.cpuMs === null || baselineCpuPerS === null ? null : (run.cpuMs - baselineCpuPerS * run.wallSeconds) / users,
      load: run.load,
      workersPeakMb,
      ...(profileText && { profile: profileText }),
    };
  } finally {
    await stop();
    if (!profile) rmSync(profileDir, { recursive: true, force: true });
  }
}

/**
 * Issue 6: one push job (`candidates_per_user=3`, target_mode all) on
 * `backend`, over generated data sets that differ only in the number of
 * users (100,000 live items over 50 sources each; a tenth of the users with
 * histories). Wall time from POST to the poll that sees `completed`; the
 * service's RSS sampled from /metrics every 250 ms; the file downloaded with a
 * plain GET and checked line by line. BENCH_PUSH_PROFILE=1 CPU-profiles the
 * largest run's server. Issue 20: the feed's latency at 50 random users/s on the
 * node, 10 s before the job and while it runs; BENCH_PUSH_WORKERS=N runs the
 * job on N worker processes instead (PostgreSQL + Redis).
 */
export async function pushBench(_seconds: number, backend: BenchBackend): Promise<BenchRow[]> {
  const largest = Math.max(...USER_COUNTS);
  const results: Measured[] = [];
  for (const users of USER_COUNTS) {
    const m = await measure(backend, users, process.env.BENCH_PUSH_PROFILE === '1' && users === largest);
    console.log(`push ${users.toLocaleString('en')} users (${backend.name}): ${JSON.stringify({ ...m, profile: undefined })}`);
    if (m.profile) console.log(`CPU profile of the push server (self time):\n${m.profile}`);
    results.push(m);
  }
  const rows: BenchRow[] = [];
  for (const m of results) {
    const slots = process.env.PUSH_JOB_CONCURRENCY ? `, PUSH_JOB_CONCURRENCY=${process.env.PUSH_JOB_CONCURRENCY}` : '';
    const on = (m.workersPeakMb.length > 0 ? `, ${m.workersPeakMb.length} workers` : '') + slots;
    const label = `push job, ${m.users.toLocaleString('en')} users × ${CANDIDATES_PER_USER} (${ITEMS.toLocaleString('en')} items${on})`;
    rows.push(
      { name: `${label}: data generated`, value: `${m.generateSeconds.toFixed(1)} s` },
      {
        name: `${label}: service start`,
        value: `${m.warmUpSeconds.toFixed(1)} s (process start → pool loaded; once per process, before the job)`,
      },
      {
        name: `${label}: wall time POST → completed`,
        value:
          `${m.wallSeconds.toFixed(1)} s (job ${m.jobSeconds.toFixed(1)} s, ` +
          `${Math.round(m.users / m.jobSeconds).toLocaleString('en')} users/s; ` +
          `${Math.round(m.steadyUsersPerSecond).toLocaleString('en')} users/s after the first progress report)`,
        ...(m.users === 100_000 && { target: backend.name === 'sqlite' ? '≤ 30 s' : '≤ 60 s' }),
      },
      {
        name: `${label}: service CPU per user, load average`,
        value:
          `${m.cpuMsPerUser === null ? '–' : m.cpuMsPerUser.toFixed(2)} ms a user (the server process, all its threads, ` +
          `POST → completed${m.workersPeakMb.length > 0 ? '; the workers not counted' : ''}; ` +
          `${m.cpuMsPerUserLessFeed === null ? '–' : m.cpuMsPerUserLessFeed.toFixed(2)} ms less the baseline window's CPU per second); ` +
          `load ${m.load[0].toFixed(1)} → ${m.load[1].toFixed(1)}`,
      },
      {
        name: `${label}: service RSS`,
        value:
          `${m.rssBeforeMb.toFixed(0)} MB before, peak ${m.rssPeakMb.toFixed(0)} MB ` +
          `during${m.lifetimePeakMb === null ? '' : ` (VmHWM ${m.lifetimePeakMb.toFixed(0)} MB)`}`,
      },
      {
        name: `${label}: peak RSS / heap used by quarter of the job`,
        // A quarter no poll answered in (the service busy) shows as –.
        value: m.quartersMb.map((q) => (q.rss === 0 ? '–' : `${q.rss.toFixed(0)}/${q.heap.toFixed(0)}`)).join(', ') + ' MB',
      },
      {
        name: `${label}: slowest status poll (service stalled)`,
        value:
          `${m.stall.seconds.toFixed(1)} s, answered ${m.stall.at.toFixed(1)} s after POST; after the first ` +
          `progress report ${m.laterStallSeconds.toFixed(1)} s`,
      },
      {
        name:
          `${label}: feed latency on the ${m.workersPeakMb.length > 0 ? 'API node' : 'same node'}, ` +
          `${FEED_RATE}/s random users, before → during the job`,
        value:
          `p50 ${m.feed.before.p50.toFixed(1)} → ${m.feed.during.p50.toFixed(1)} ms, p99 ` +
          `${m.feed.before.p99.toFixed(1)} → ${m.feed.during.p99.toFixed(1)} ms (${m.feed.before.n} / ` +
          `${m.feed.during.n} requests, ${m.feed.before.failed + m.feed.during.failed} failed)`,
        target: 'p99 + ≤ 10 ms',
      },
      ...(m.workersPeakMb.length > 0
        ? [{ name: `${label}: workers' peak RSS (VmHWM)`, value: m.workersPeakMb.map((mb) => `${mb.toFixed(0)} MB`).join(', ') }]
        : []),
      {
        name: `${label}: file`,
        value:
          `${m.fileMb.toFixed(1)} MB, ${m.users.toLocaleString('en')} lines, ` +
          `${m.candidates.toLocaleString('en')} candidates, downloaded and checked in ` +
          `${m.downloadSeconds.toFixed(1)} s`,
      },
    );
  }
  if (results.length > 1) {
    const [small, large] = [results[0]!, results[results.length - 1]!];
    rows.push({
      name: `push job peak RSS, ${small.users.toLocaleString('en')} → ${large.users.toLocaleString('en')} users`,
      value:
        `${small.rssPeakMb.toFixed(0)} → ${large.rssPeakMb.toFixed(0)} MB ` +
        `(${large.rssPeakMb - small.rssPeakMb >= 0 ? '+' : ''}${(large.rssPeakMb - small.rssPeakMb).toFixed(0)} MB ` +
        `for ${(large.users / small.users).toFixed(0)}× the users)`,
      target: 'flat',
    });
  }
  return rows;
}
