import { Readable } from 'node:stream';
import type { ObjectStore } from '../storage/object-store.js';

/**
 * Writes the job's file as its chunks' part files one after the other, in
 * file order, streamed (a 100,000-user file is ~220 MB): the object appears
 * whole under `key` or not at all (ObjectStore.put). A part that is missing
 * fails the assembly; the run is then retried.
 */
export async function assemblePushFile(objects: ObjectStore, key: string, partKeys: readonly string[]): Promise<{ bytes: number }> {
  async function* parts(): AsyncGenerator<Buffer> {
    for (const partKey of partKeys) {
      const part = await objects.get(partKey);
      if (!part) throw new Error(`part file ${partKey} is missing`);
      for await (const chunk of part.body) yield chunk as Buffer;
    }
  }
  return objects.put(key, Readable.from(parts(), { objectMode: false }), 'application/x-ndjson');
}
