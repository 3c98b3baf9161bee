import { seededRandom } from '../../src/lib/seeded-random.js';

/**
 * An A/B test run by simulated users (issue 22): each reader likes one source
 * and follows it; variant `personal` ranks followed sources up, variant `fresh`
 * ranks by freshness alone. A reader opens one page of 10, and clicks each item
 * of the liked source with probability `likedClick` and any other with
 * `otherClick`. Readers arrive until the experiment's results call a winner (or
 * `maxUsers`); the results are read every `checkEvery` readers, as an operator
 * refreshing the console would. Transport-agnostic: the test drives an
 * in-process app, the bench a served one.
 */
export interface SimulationApi {
  admin(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }>;
  putUser(userId: string): Promise<void>;
  follow(userId: string, sourceId: string): Promise<void>;
  feed(userId: string, limit: number): Promise<{ items: { id: string; source: { id: string }; tracking_token: string }[] }>;
  events(events: Record<string, unknown>[]): Promise<void>;
  /** The time events are stamped with. */
  now(): number;
  /**
   * Trains the tenant's model and fits its weights now, as workers do on their
   * schedule (POST …/model/train). Without it nothing is fitted during a run,
   * and `learned_weights` cannot matter.
   */
  train?(): Promise<void>;
}

export interface SimulationOptions {
  tenantId: string;
  scenario: string;
  /** Source ids readers choose their liked one from. */
  sources: string[];
  seed: number;
  minUsersPerVariant: number;
  maxUsers: number;
  checkEvery: number;
  likedClick: number;
  otherClick: number;
  /** Train (api.train) after every this many readers; the default, never. */
  trainEvery?: number;
}

export interface SimulationResult {
  seed: number;
  /** The winner called, or null when none was by `maxUsers`. */
  winner: string | null;
  /** Readers served when it was called (or all of them). */
  users: number;
  conversion: Record<string, number>;
  pValue: number | null;
}

export const GOOD_VARIANT = 'personal';
export const WORSE_VARIANT = 'fresh';
const PAGE = 10;

/** The two algorithms and the experiment; returns its id. */
export async function setUpExperiment(api: SimulationApi, o: SimulationOptions): Promise<string> {
  const base = `/admin/v1/tenants/${o.tenantId}`;
  const common = {
    min_trust_level: 0,
    max_age_hours: 336,
    exploration: 0,
    languages: ['ja'],
    diversity: { lambda: 0.9, max_per_source: 4, max_per_category: 4 },
  };
  const zero = { relevance: 0, collaborative: 0, freshness: 0, popularity: 0, area: 0, follow: 0 };
  for (const [id, weights] of [
    [GOOD_VARIANT, { ...zero, follow: 3, freshness: 0.5 }],
    [WORSE_VARIANT, { ...zero, freshness: 1 }],
  ] as const) {
    const res = await api.admin('PUT', `${base}/algorithms/sim-${id}-${o.seed}`, { ...common, weights });
    if (res.status !== 200) throw new Error(`algorithm: ${res.status} ${JSON.stringify(res.body)}`);
  }
  const created = await api.admin('POST', `${base}/experiments`, {
    scenario: o.scenario,
    name: `simulation seed ${o.seed}`,
    min_users_per_variant: o.minUsersPerVariant,
    variants: [
      { name: WORSE_VARIANT, algorithm_id: `sim-${WORSE_VARIANT}-${o.seed}`, share: 0.5 },
      { name: GOOD_VARIANT, algorithm_id: `sim-${GOOD_VARIANT}-${o.seed}`, share: 0.5 },
    ],
  });
  if (created.status !== 201) throw new Error(`experiment: ${created.status} ${JSON.stringify(created.body)}`);
  return created.body.experiment_id as string;
}

export async function runSimulation(api: SimulationApi, o: SimulationOptions): Promise<SimulationResult> {
  const experimentId = await setUpExperiment(api, o);
  const random = seededRandom(o.seed);
  const url = `/admin/v1/tenants/${o.tenantId}/experiments/${experimentId}`;
  for (let served = 1; served <= o.maxUsers; served++) {
    const userId = `sim-${o.seed}-${served}`;
    const liked = o.sources[Math.floor(random() * o.sources.length)]!;
    await api.putUser(userId);
    await api.follow(userId, liked);
    const page = await api.feed(userId, PAGE);
    const at = new Date(api.now()).toISOString();
    const events: Record<string, unknown>[] = [];
    for (const item of page.items) {
      const event = { session_id: `s-${userId}`, user_id: userId, tracking_token: item.tracking_token, occurred_at: at };
      events.push({ type: 'impression', ...event });
      if (random() < (item.source.id === liked ? o.likedClick : o.otherClick)) events.push({ type: 'click', ...event });
    }
    await api.events(events);
    if (api.train && o.trainEvery && served % o.trainEvery === 0) await api.train();
    if (served % o.checkEvery === 0 || served === o.maxUsers) {
      const last = (await api.admin('GET', url)).body.results;
      if (last.winner !== null || served === o.maxUsers) {
        // Over: end it, so the next seed's experiment may run on the scenario.
        await api.admin('POST', `${url}/stop`);
        return summary(o.seed, last, served);
      }
    }
  }
  throw new Error('maxUsers must be at least 1');
}

function summary(seed: number, results: any, users: number): SimulationResult {
  const good = results.variants.find((v: any) => v.name === GOOD_VARIANT);
  return {
    seed,
    winner: results.winner,
    users,
    conversion: Object.fromEntries(results.variants.map((v: any) => [v.name, v.conversion.rate])),
    pValue: good?.vs_control?.p_value ?? null,
  };
}
