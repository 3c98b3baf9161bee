import type { ContentFeedClient } from './content-feed-client.js';
import type { FeedItem, FeedPage, FeedQuery, UserListQuery, UserPage, UserRecord } from './types.js';

/** Feed pages, each requested with the previous page's `meta.next_cursor`, until it is null. */
export async function* feedPages(client: ContentFeedClient, query: Omit<FeedQuery, 'cursor'>): AsyncGenerator<FeedPage> {
  let cursor: string | undefined;
  do {
    const page = await client.getFeed({ ...query, ...(cursor ? { cursor } : {}) });
    yield page;
    cursor = page.meta.next_cursor ?? undefined;
  } while (cursor);
}

export async function* feedItems(client: ContentFeedClient, query: Omit<FeedQuery, 'cursor'>): AsyncGenerator<FeedItem> {
  for await (const page of feedPages(client, query)) yield* page.items;
}

/** Every user of the tenant, following the list's cursor. */
export async function* users(client: ContentFeedClient, query: Omit<UserListQuery, 'cursor'>): AsyncGenerator<UserRecord> {
  let cursor: string | undefined;
  do {
    const page: UserPage = await client.listUsers({ ...query, ...(cursor ? { cursor } : {}) });
    yield* page.users;
    cursor = page.meta.next_cursor ?? undefined;
  } while (cursor);
}
