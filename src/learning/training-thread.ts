import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase } from '../db/connect.js';
import { trainTenant } from './train-tenant.js';

/**
 * One training run on its own thread and database connection (started by
 * collaborative-trainer.ts): a large tenant's factorisation takes seconds of
 * CPU that the serving thread must not spend. Exits when done.
 */
export interface TrainingThreadInput {
  databaseUrl: string;
  tenantId: string;
  now: number;
}

const input = workerData as TrainingThreadInput;
const database = openDatabase(input.databaseUrl);
try {
  parentPort!.postMessage({ report: await trainTenant(database.db, input.tenantId, input.now) });
} catch (error) {
  parentPort!.postMessage({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
} finally {
  await database.close();
}
