import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import type { BenchBackend, BenchDatabase } from './backends.js';
import { measureCpu, processesWhere, type CpuGroup } from './cpu-sampler.js';
import type { FeedData } from './feed-data.js';
import { startService, type ServiceProcess } from './service-process.js';

export const ADMIN_TOKEN = 'bench-admin-token-0123456789abcdef';
export const SECRET_KEY = 'bench-secret-key-0123456789abcdef0123456789';
const ALGORITHM = { min_trust_level: 1, max_age_hours: 168, languages: ['ja'] };

/** One way of running the service under test: its API nodes (where load goes) and all its processes. */
export interface Setup {
  name: string;
  /** Base URLs of the API nodes, load split evenly over them. */
  bases: string[];
  headers: Record<string, string>;
  tenantId: string;
  /** Our processes of this setup, by role; `serves` is the index in `bases` of the API a process answers on. */
  processes: { role: string; pid: number; serves?: number }[];
  bootSeconds: number;
  stop(): Promise<void>;
}

const pidOf = (child: ServiceProcess) => child.process.pid!;

async function admin(base: string, url: string, body: unknown): Promise<void> {
  const response = await fetch(`${base}${url}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (response.status !== 200) throw new Error(`PUT ${url}: ${response.status} ${await response.text()}`);
}

/**
 * The first feeds of a node (anonymous: loads the pool; a user with history:
 * trains the vector index; a user with an area), each 200 with items, retried
 * while a node has not yet seen the scenario another node created.
 */
async function warmUp(base: string, headers: Record<string, string>): Promise<void> {
  for (const suffix of ['', '&user_id=user_1', '&user_id=user_2&area_names=%E6%B8%8B%E8%B0%B7&area_level=station']) {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const response = await fetch(`${base}/v1/feed?scenario=bench${suffix}`, { headers });
      const body = (await response.json()) as { items?: unknown[] };
      if (response.status === 200 && body.items?.length) break;
      if (Date.now() > deadline) throw new Error(`GET ${base}/v1/feed${suffix}: ${response.status} ${JSON.stringify(body).slice(0, 300)}`);
      await sleep(500);
    }
  }
}

function baseEnv() {
  return { ADMIN_TOKEN, SECRET_KEY, DATA_DIR: mkdtempSync(path.join(tmpdir(), 'cf-bench-fleet-node-')) };
}

/**
 * (a) The embedded default: one `content-feed serve` on the SQLite file, workers
 * in its process, limits in memory. `nodeArgs` (e.g. --cpu-prof) go to its node.
 */
export async function startSingleNode(database: BenchDatabase, data: FeedData, nodeArgs: string[] = []): Promise<Setup> {
  const started = performance.now();
  const env = { ...baseEnv(), DATABASE_URL: database.url, REDIS_URL: '', OBJECT_STORE_URL: '' };
  const node = await startService(['serve'], env, nodeArgs);
  const headers = { authorization: `Bearer ${data.apiKey}` };
  try {
    await admin(node.url!, `/admin/v1/tenants/${data.tenantId}/algorithms/bench`, ALGORITHM);
    await admin(node.url!, `/admin/v1/tenants/${data.tenantId}/scenarios/bench`, { type: 'feed', algorithm_id: 'bench' });
    await warmUp(node.url!, headers);
  } catch (error) {
    await node.stop();
    throw error;
  }
  return {
    name: 'sqlite, 1 node',
    bases: [node.url!],
    headers,
    tenantId: data.tenantId,
    processes: [{ role: 'node', pid: pidOf(node), serves: 0 }],
    bootSeconds: (performance.now() - started) / 1000,
    async stop() {
      await node.stop();
      rmSync(env.DATA_DIR, { recursive: true, force: true });
    },
  };
}

/**
 * (b) The scale-out mode: two `serve --no-workers` API nodes and one
 * `content-feed worker` on PostgreSQL and Redis, sharing an object store
 * directory (as test/fleet/fleet.test.ts runs them, with a file store instead of
 * s3rver: no benchmark here reads objects). `nodeArgs` go to API node A's node.
 */
export async function startFleet(backend: BenchBackend, database: BenchDatabase, data: FeedData, nodeArgs: string[] = []): Promise<Setup> {
  const started = performance.now();
  const objects = mkdtempSync(path.join(tmpdir(), 'cf-bench-fleet-objects-'));
  const common = { DATABASE_URL: database.url, REDIS_URL: backend.redisUrl!, OBJECT_STORE_URL: pathToFileURL(objects).href };
  const envs = [0, 1, 2].map(() => ({ ...baseEnv(), ...common }));
  const children: ServiceProcess[] = [];
  const stop = async () => {
    await Promise.all(children.map((c) => c.stop()));
    for (const dir of [objects, ...envs.map((e) => e.DATA_DIR)]) rmSync(dir, { recursive: true, force: true });
  };
  const headers = { authorization: `Bearer ${data.apiKey}` };
  try {
    // One at a time: three boots at once on 2 cores can pass the helpers' 30 s start limit.
    const a = await startService(['serve', '--no-workers'], envs[0]!, nodeArgs);
    children.push(a);
    const b = await startService(['serve', '--no-workers'], envs[1]!);
    children.push(b);
    const worker = await startService(['worker'], envs[2]!);
    children.push(worker);
    await admin(a.url!, `/admin/v1/tenants/${data.tenantId}/algorithms/bench`, ALGORITHM);
    await admin(a.url!, `/admin/v1/tenants/${data.tenantId}/scenarios/bench`, { type: 'feed', algorithm_id: 'bench' });
    await warmUp(a.url!, headers);
    await warmUp(b.url!, headers);
    return {
      name: 'postgres+redis, 2 API + 1 worker',
      bases: [a.url!, b.url!],
      headers,
      tenantId: data.tenantId,
      processes: [
        { role: 'API node A', pid: pidOf(a), serves: 0 },
        { role: 'API node B', pid: pidOf(b), serves: 1 },
        { role: 'worker', pid: pidOf(worker) },
      ],
      bootSeconds: (performance.now() - started) / 1000,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * What the CPU is measured for in every window, whichever setup is loaded: each
 * of our processes, PostgreSQL's backends serving the benchmark database (their
 * process titles name it), every PostgreSQL process (other sessions' databases
 * too), Redis, and this process (the load generator).
 */
export function cpuGroups(setups: Setup[], databaseName: string): CpuGroup[] {
  const ours = setups.flatMap((s) => s.processes.map((p) => ({ name: `${s.name}: ${p.role}`, pids: () => [p.pid] })));
  const redis = processesWhere((comm) => comm === 'redis-server');
  return [
    ...ours,
    {
      name: 'PostgreSQL: bench database',
      pids: () => processesWhere((comm, cmdline) => comm === 'postgres' && cmdline.includes(` ${databaseName} `)),
    },
    { name: 'PostgreSQL: all', pids: () => processesWhere((comm) => comm === 'postgres') },
    { name: 'Redis', pids: () => redis },
    { name: 'load generator', pids: () => [process.pid] },
  ];
}

/**
 * Waits (at most 45 s) until our processes use under a fifth of a core (pools
 * loaded, backlogs applied) before a window starts; returns the seconds waited.
 */
export async function untilQuiet(setups: Setup[]): Promise<number> {
  const groups = setups.flatMap((s) => s.processes.map((p) => ({ name: String(p.pid), pids: () => [p.pid] })));
  const started = Date.now();
  while (Date.now() - started < 45_000) {
    const { cpu } = await measureCpu(groups, () => sleep(1000));
    if (Object.values(cpu.cores).reduce((a, b) => a + b, 0) < 0.2) break;
  }
  return (Date.now() - started) / 1000;
}
