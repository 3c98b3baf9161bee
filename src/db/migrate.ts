import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import * as m0001 from './migrations/0001_foundation.js';
import * as m0002 from './migrations/0002_users_events.js';
import * as m0003 from './migrations/0003_content_pipeline.js';
import * as m0004 from './migrations/0004_feed.js';
import * as m0005 from './migrations/0005_push_jobs.js';
import * as m0006 from './migrations/0006_console.js';
import * as m0007 from './migrations/0007_manual_deliveries.js';
import * as m0009 from './migrations/0009_audit_log.js';
import * as m0010 from './migrations/0010_collaborative_models.js';
import * as m0011 from './migrations/0011_hidden_contents_channel_stats.js';
import * as m0012 from './migrations/0012_experiments.js';
import * as m0013 from './migrations/0013_item_vector_models.js';
import * as m0014 from './migrations/0014_experiment_allocation.js';
import * as m0015 from './migrations/0015_latent_version_index.js';
import * as m0016 from './migrations/0016_category_index.js';
import * as m0017 from './migrations/0017_event_log_partitions.js';
import * as m0018 from './migrations/0018_fitted_weights_per_algorithm.js';
import * as m0019 from './migrations/0019_push_job_chunks.js';

/** Migrations are listed here, in order; the list is the provider (no filesystem scan). */
const migrations: Record<string, Migration> = {
  '0001_foundation': m0001,
  '0002_users_events': m0002,
  '0003_content_pipeline': m0003,
  '0004_feed': m0004,
  '0005_push_jobs': m0005,
  '0006_console': m0006,
  '0007_manual_deliveries': m0007,
  // 0008 is left to work in progress elsewhere; migrations apply in name order.
  '0009_audit_log': m0009,
  '0010_collaborative_models': m0010,
  '0011_hidden_contents_channel_stats': m0011,
  '0012_experiments': m0012,
  '0013_item_vector_models': m0013,
  '0014_experiment_allocation': m0014,
  '0015_latent_version_index': m0015,
  '0016_category_index': m0016,
  '0017_event_log_partitions': m0017,
  '0018_fitted_weights_per_algorithm': m0018,
  '0019_push_job_chunks': m0019,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error('migration failed', { cause: error });
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
