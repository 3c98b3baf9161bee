import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertObjectKey } from './object-key.js';
import type { ObjectStore } from './object-store.js';
import type { LocalUrlSigner, UrlVerdict } from './local-url-signer.js';

const INCOMPLETE_DIR = '.incomplete';
const META_DIR = '.meta';
const DEFAULT_CONTENT_TYPE = 'application/octet-stream';

/**
 * Objects as files under `root`: `<root>/<key>`. A put streams into
 * `<root>/.incomplete/<uuid>` (fsynced) and renames it into place, so a reader
 * sees the whole file or none; temp files a crash leaves behind are removed by
 * `sweepIncomplete`. The content type is kept beside the object in
 * `<root>/.meta/<key>.json`, written before the object appears (keys never
 * start a segment with ".", so neither directory can meet a key).
 * A key cannot also be a "directory" of other keys here (`a` and `a/b`).
 */
export class LocalObjectStore implements ObjectStore {
  readonly kind = 'local';

  constructor(
    readonly root: string,
    private readonly urls: LocalUrlSigner,
  ) {}

  async put(key: string, body: Readable, contentType: string): Promise<{ bytes: number }> {
    assertObjectKey(key);
    const temp = await this.tempPath();
    try {
      const bytes = await writeDurably(temp, body);
      await this.writeMeta(key, contentType);
      await moveIntoPlace(temp, this.objectPath(key));
      return { bytes };
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<{ body: Readable; contentType: string; bytes: number } | null> {
    assertObjectKey(key);
    let handle;
    try {
      handle = await open(this.objectPath(key), 'r');
    } catch (error) {
      if (isCode(error, 'ENOENT', 'ENOTDIR')) return null;
      throw error;
    }
    // Opened first: the stream reads this version even if a put replaces the key meanwhile.
    try {
      const info = await handle.stat();
      if (!info.isFile()) {
        await handle.close();
        return null;
      }
      return { body: handle.createReadStream(), contentType: await this.readContentType(key), bytes: info.size };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertObjectKey(key);
    await rm(this.objectPath(key), { force: true });
    await rm(this.metaPath(key), { force: true });
    await pruneEmptyParents(this.objectPath(key), this.root);
    await pruneEmptyParents(this.metaPath(key), path.join(this.root, META_DIR));
  }

  presignGet(key: string, expiresInSeconds: number, now: number): Promise<string> {
    return this.urls.sign(key, expiresInSeconds, now);
  }

  /** Checks a request for a presigned URL (see LocalUrlSigner.verify); GET /objects/* calls it. */
  verifyUrl(pathAndQuery: string, host: string | undefined, now: number): Promise<UrlVerdict> {
    return this.urls.verify(pathAndQuery, host, now);
  }

  /**
   * Removes temp files of puts that never finished (a crash mid-write) last
   * modified more than `olderThanMs` before `now`; returns how many. A put in
   * progress writes continuously, so its file is never that old.
   */
  async sweepIncomplete(olderThanMs: number, now: number): Promise<number> {
    const dir = path.join(this.root, INCOMPLETE_DIR);
    let names: string[];
    try {
      names = await readdir(dir);
    } catch (error) {
      if (isCode(error, 'ENOENT')) return 0;
      throw error;
    }
    let removed = 0;
    for (const name of names) {
      const file = path.join(dir, name);
      const info = await stat(file).catch(() => null);
      if (info && now - info.mtimeMs > olderThanMs) {
        await rm(file, { force: true });
        removed += 1;
      }
    }
    return removed;
  }

  async close(): Promise<void> {}

  private objectPath(key: string): string {
    return path.join(this.root, ...key.split('/'));
  }

  private metaPath(key: string): string {
    return `${path.join(this.root, META_DIR, ...key.split('/'))}.json`;
  }

  private async tempPath(): Promise<string> {
    const dir = path.join(this.root, INCOMPLETE_DIR);
    await mkdir(dir, { recursive: true });
    return path.join(dir, randomUUID());
  }

  private async writeMeta(key: string, contentType: string): Promise<void> {
    const temp = await this.tempPath();
    try {
      await writeFile(temp, JSON.stringify({ content_type: contentType }), { flag: 'wx' });
      await moveIntoPlace(temp, this.metaPath(key));
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }

  private async readContentType(key: string): Promise<string> {
    try {
      const meta = JSON.parse(await readFile(this.metaPath(key), 'utf8')) as { content_type?: unknown };
      return typeof meta.content_type === 'string' ? meta.content_type : DEFAULT_CONTENT_TYPE;
    } catch (error) {
      if (isCode(error, 'ENOENT') || error instanceof SyntaxError) return DEFAULT_CONTENT_TYPE;
      throw error;
    }
  }
}

/**
 * Streams `body` into a new file, fsynced before it closes (`flush`), and
 * returns its size: the rename that follows must never publish a file whose
 * data a crash could still lose.
 */
async function writeDurably(file: string, body: Readable): Promise<number> {
  await pipeline(body, createWriteStream(file, { flags: 'wx', flush: true }));
  return (await stat(file)).size;
}

/** Renames `from` to `to`, creating `to`'s directory; retried when a delete pruned that directory meanwhile. */
async function moveIntoPlace(from: string, to: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    await mkdir(path.dirname(to), { recursive: true });
    try {
      await rename(from, to);
      await syncDirectory(path.dirname(to));
      return;
    } catch (error) {
      if (!isCode(error, 'ENOENT') || attempt === 3) throw error;
    }
  }
}

/** Makes a rename in `dir` durable: without it, a power cut can lose a file whose job was already committed as completed. */
async function syncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Removes the now-empty directories between `file` and `stop` (one per push job would pile up otherwise). */
async function pruneEmptyParents(file: string, stop: string): Promise<void> {
  for (let dir = path.dirname(file); dir.startsWith(stop + path.sep); dir = path.dirname(dir)) {
    try {
      await rmdir(dir);
    } catch (error) {
      if (isCode(error, 'ENOENT', 'ENOTEMPTY', 'EEXIST')) return;
      throw error;
    }
  }
}

function isCode(error: unknown, ...codes: string[]): boolean {
  return typeof error === 'object' && error !== null && codes.includes((error as { code?: string }).code ?? '');
}
