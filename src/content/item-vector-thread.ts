import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase } from '../db/connect.js';
import { trainItemVectors } from './train-item-vectors.js';

/**
 * One item-vector training on its own thread and database connection (started
 * by item-vector-learning.ts): tokenising 10,000 articles and the SVD take
 * seconds of CPU that a serving thread must not spend. Exits when done.
 */
export interface ItemVectorThreadInput {
  databaseUrl: string;
  now: number;
  minArticles: number;
  dimensions: number;
}

const input = workerData as ItemVectorThreadInput;
const database = openDatabase(input.databaseUrl);
try {
  parentPort!.postMessage({
    report: await trainItemVectors(database.db, input.now, { minArticles: input.minArticles, dimensions: input.dimensions }),
  });
} catch (error) {
  parentPort!.postMessage({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
} finally {
  await database.close();
}
