import { copyFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { generateFeedData, type FeedData, type FeedDataOptions } from './feed-data.js';

/**
 * BENCH_FEED_DATA=<prefix> (SQLite only): the feed bench's generated data is kept
 * in `<prefix>.sqlite` and `<prefix>.json` by the first run, and later runs start
 * from a copy of it (2–3 minutes saved a run), so versions of the service can be
 * compared in alternating runs on the same rows. The rows' times are those of the
 * first run: runs hours apart see older items. Versions must share the schema.
 */
export async function cachedFeedData(options: FeedDataOptions, prefix: string | undefined): Promise<FeedData> {
  const file = options.databaseUrl.startsWith('sqlite:') ? options.databaseUrl.slice('sqlite:'.length) : null;
  if (!prefix || !file) return generateFeedData(options);
  const [kept, meta] = [`${prefix}.sqlite`, `${prefix}.json`];
  if (existsSync(kept) && existsSync(meta)) {
    copyFileSync(kept, file);
    return { ...(JSON.parse(readFileSync(meta, 'utf8')) as FeedData), seconds: 0 };
  }
  const data = await generateFeedData(options);
  copyFileSync(file, kept);
  writeFileSync(meta, JSON.stringify(data));
  return data;
}
