import { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { ObjectStore } from '../storage/object-store.js';
import { registeredUserIds } from '../users/user-repo.js';
import { resultKey } from './push-job.js';

/**
 * A deleted user's push data (issue 17, defect 8): what they were offered
 * (push_history), their id in manual target lists, and their line in the stored
 * candidate files, which are kept PUSH_RESULT_RETENTION_DAYS. The rows go in the
 * deletion's transaction; the files are rewritten right after it
 * (`eraseFromPushFiles`), and a job running meanwhile checks its own file when it
 * finishes (push-job-runner.ts), so a line written while the user was being
 * deleted does not survive either.
 */
export async function erasePushRows(trx: Kysely<Database>, tenantId: string, userId: string): Promise<void> {
  await trx.deleteFrom('push_history').where('tenant_id', '=', tenantId).where('user_id', '=', userId).execute();
  // Manual lists are JSON arrays of at most 10,000 ids, a few jobs per tenant within retention.
  const manual = await trx
    .selectFrom('push_jobs')
    .select(['id', 'user_ids'])
    .where('tenant_id', '=', tenantId)
    .where('user_ids', 'is not', null)
    .execute();
  for (const job of manual) {
    const ids = JSON.parse(job.user_ids!) as string[];
    if (!ids.includes(userId)) continue;
    await trx
      .updateTable('push_jobs')
      .set({ user_ids: JSON.stringify(ids.filter((id) => id !== userId)) })
      .where('id', '=', job.id)
      .execute();
    // And the job's chunks' slices of it (push-chunk.ts), at most 2,000 ids each.
    const chunks = await trx
      .selectFrom('push_job_chunks')
      .select(['id', 'user_ids'])
      .where('job_id', '=', job.id)
      .where('user_ids', 'is not', null)
      .execute();
    for (const chunk of chunks) {
      const listed = JSON.parse(chunk.user_ids!) as string[];
      if (!listed.includes(userId)) continue;
      await trx
        .updateTable('push_job_chunks')
        .set({ user_ids: JSON.stringify(listed.filter((id) => id !== userId)) })
        .where('id', '=', chunk.id)
        .execute();
    }
  }
}

/** Rewrites every stored file of the tenant's finished jobs that has a line of one of `userIds`. Returns how many were rewritten. */
export async function eraseFromPushFiles(
  db: Kysely<Database>,
  objects: ObjectStore,
  tenantId: string,
  userIds: readonly string[],
): Promise<number> {
  const jobs = await db
    .selectFrom('push_jobs')
    .select(['id', 'attempts'])
    .where('tenant_id', '=', tenantId)
    .where('status', 'in', ['completed', 'failed'])
    .execute();
  let rewritten = 0;
  for (const job of jobs) {
    // Every attempt's key: an earlier attempt's upload is removed when the job completes, but only best effort.
    for (let attempt = 1; attempt <= job.attempts; attempt++) {
      if (await dropLinesOf(db, objects, resultKey(job.id, attempt), userIds)) rewritten += 1;
    }
  }
  return rewritten;
}

/**
 * A job's own check once it finished: the lines of users deleted while it ran
 * (their DELETE found no finished file to clean) are dropped from its file.
 * Checked after the job is committed as completed, so a deletion committed
 * later finds the job finished and cleans the file itself. The file's user
 * ids are read from the file itself, 1,000 at a time (its chunks may have been
 * written by other workers), so memory does not grow with it. Returns how many.
 */
export async function dropUsersDeletedDuringRun(
  db: Kysely<Database>,
  objects: ObjectStore,
  tenantId: string,
  key: string,
): Promise<number> {
  const file = await objects.get(key);
  if (!file) return 0;
  const gone: string[] = [];
  const check = async (slice: string[]) => {
    const present = await registeredUserIds(db, tenantId, slice);
    for (const id of slice) if (!present.has(id)) gone.push(id);
  };
  let slice: string[] = [];
  for await (const line of linesOf(file.body)) {
    slice.push(userIdOf(line));
    if (slice.length === 1000) {
      await check(slice);
      slice = [];
    }
  }
  if (slice.length > 0) await check(slice);
  if (gone.length > 0) await dropLinesOf(db, objects, key, gone);
  return gone.length;
}

/**
 * Rewrites a JSONL candidate file without the lines of `userIds`; false, and
 * nothing written, when it has none (or does not exist). Streamed both ways:
 * files of 100,000 users are tens of MB.
 */
export function dropLinesOf(db: Kysely<Database>, objects: ObjectStore, key: string, userIds: readonly string[]): Promise<boolean> {
  return oneRewriteAtATime(db, key, () => rewriteWithout(objects, key, userIds));
}

/**
 * Rewrites of one file run one at a time, in this process and across a fleet
 * (a PostgreSQL advisory lock on the key): two deletions rewriting the same file
 * side by side would each write the original less its own user, and the later
 * write would bring the other's line back.
 */
const rewritesInProcess = new Map<string, Promise<unknown>>();

async function oneRewriteAtATime<T>(db: Kysely<Database>, key: string, rewrite: () => Promise<T>): Promise<T> {
  const before = rewritesInProcess.get(key) ?? Promise.resolve();
  const run = before.catch(() => undefined).then(() => acrossTheFleet(db, key, rewrite));
  rewritesInProcess.set(key, run);
  try {
    return await run;
  } finally {
    if (rewritesInProcess.get(key) === run) rewritesInProcess.delete(key);
  }
}

async function acrossTheFleet<T>(db: Kysely<Database>, key: string, rewrite: () => Promise<T>): Promise<T> {
  // SQLite is one process: the in-process queue is the whole story.
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return rewrite();
  return db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(hashtext(${`push-file:${key}`}))`.execute(connection);
    try {
      return await rewrite();
    } finally {
      await sql`select pg_advisory_unlock(hashtext(${`push-file:${key}`}))`.execute(connection);
    }
  });
}

async function rewriteWithout(objects: ObjectStore, key: string, userIds: readonly string[]): Promise<boolean> {
  const ids = new Set(userIds);
  const has = (line: string) => ids.has(userIdOf(line));
  const before = await objects.get(key);
  if (!before) return false;
  let found = false;
  for await (const line of linesOf(before.body)) {
    if (has(line)) {
      found = true;
      break;
    }
  }
  if (!found) return false;
  const source = await objects.get(key);
  if (!source) return false;
  async function* kept(): AsyncGenerator<Buffer> {
    for await (const line of linesOf(source!.body)) if (!has(line)) yield Buffer.from(`${line}\n`);
  }
  await objects.put(key, Readable.from(kept(), { objectMode: false }), source.contentType);
  return true;
}

async function* linesOf(body: Readable): AsyncGenerator<string> {
  // A chunk may end inside a character: the decoder holds its first bytes for the next.
  const decoder = new StringDecoder('utf8');
  let rest = '';
  try {
    for await (const chunk of body) {
      const text = rest + decoder.write(chunk as Buffer);
      const lines = text.split('\n');
      rest = lines.pop()!;
      for (const line of lines) if (line.length > 0) yield line;
    }
    rest += decoder.end();
    if (rest.length > 0) yield rest;
  } finally {
    body.destroy();
  }
}

/** Lines are `JSON.stringify({user_id, candidates})`: the id is the JSON string that opens the line. */
function userIdOf(line: string): string {
  const open = '{"user_id":';
  if (!line.startsWith(open)) return '';
  const end = line.indexOf('","candidates":', open.length);
  if (end === -1) return '';
  return JSON.parse(line.slice(open.length, end + 1)) as string;
}
