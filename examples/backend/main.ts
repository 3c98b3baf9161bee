import { ContentFeedClient } from '../../client/src/index.js';
import { buildExampleBackend } from './app.js';

/**
 * CONTENT_FEED_URL=https://feed.example.com CONTENT_FEED_API_KEY=… CONTENT_FEED_WEBHOOK_SECRET=whsec_… \
 *   npx tsx examples/backend/main.ts
 */
const required = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};

const client = new ContentFeedClient({ baseUrl: required('CONTENT_FEED_URL'), apiKey: required('CONTENT_FEED_API_KEY'), pacing: true });
const app = buildExampleBackend({
  client,
  webhookSecret: required('CONTENT_FEED_WEBHOOK_SECRET'),
  notify: (line) => console.log(`push to ${line.user_id}: ${line.candidates[0]?.title}`),
});
await app.listen({ port: Number(process.env.PORT ?? 4000), host: '0.0.0.0' });
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void app.close());
