import { workerData } from 'node:worker_threads';
import { CategoryClassifier, type ClassifierCounts } from '../analysis/category-classifier.js';
import { openDatabase } from '../db/connect.js';
import { serveThread } from '../lib/thread-server.js';
import { learnFromStored, recategorised } from './category-passes.js';

/**
 * The category thread (started by category-learning.ts on a database another
 * thread can open): reads and tokenises stored articles on a connection of
 * its own. `learn` answers with what a fresh classifier learned from them,
 * which the caller adds to its own; `recategorise` classifies with the
 * caller's counts and answers with the articles whose category changes (the
 * caller writes them).
 */
export type CategoryThreadCall = { kind: 'learn' } | { kind: 'recategorise'; learned: ClassifierCounts; since: number };

const database = openDatabase((workerData as { databaseUrl: string }).databaseUrl);

serveThread<CategoryThreadCall>(async (call) => {
  const classifier = new CategoryClassifier();
  if (call.kind === 'learn') {
    const learned = await learnFromStored(database.db, classifier);
    return { learned, counts: classifier.learned() };
  }
  classifier.absorb(call.learned);
  return recategorised(database.db, classifier, call.since);
});
