/**
 * Bounds of an event's free-form `metadata`, beyond its 50 keys. Depth: no
 * client needs more than a few levels, and every reader of the raw event
 * (writer, export, erasure) walks it; the whole body is already held to 64
 * levels (json-body-parser.ts), 5,000 overflowed the event writer's stack.
 * Size: room for a login's `user_attributes` (16 KiB) and more, while 100 events
 * of a batch cannot each carry the whole 1 MiB body.
 */
export const MAX_METADATA_DEPTH = 32;
export const MAX_METADATA_BYTES = 32 * 1024;

/** Why `metadata` is refused, as the message of a 400 on it, or null. */
export function metadataLimitProblem(metadata: Record<string, unknown>): string | null {
  if (depthOf(metadata) > MAX_METADATA_DEPTH) return `nests deeper than ${MAX_METADATA_DEPTH} levels`;
  const bytes = Buffer.byteLength(JSON.stringify(metadata));
  if (bytes > MAX_METADATA_BYTES) return `is ${bytes} bytes as JSON; at most ${MAX_METADATA_BYTES} are taken`;
  return null;
}

/** Levels of objects and arrays: `{}` is 1, `{"a": [1]}` is 2. Without recursion. */
function depthOf(root: unknown): number {
  let deepest = 0;
  const stack: Array<[unknown, number]> = [[root, 1]];
  while (stack.length > 0) {
    const [value, depth] = stack.pop()!;
    if (value === null || typeof value !== 'object') continue;
    deepest = Math.max(deepest, depth);
    for (const child of Array.isArray(value) ? value : Object.values(value)) stack.push([child, depth + 1]);
  }
  return deepest;
}
