import type { Config } from '../config.js';
import { openDatabase } from '../db/connect.js';
import { migrateToLatest } from '../db/migrate.js';

export async function migrate(config: Config): Promise<void> {
  const database = openDatabase(config.databaseUrl);
  try {
    const applied = await migrateToLatest(database.db);
    process.stdout.write(applied.length > 0 ? `applied: ${applied.join(', ')}\n` : 'database is up to date\n');
  } finally {
    await database.close();
  }
}
