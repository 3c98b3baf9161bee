import Fastify from 'fastify';

/** The baseline: a bare Fastify route answering a JSON body of a content item's size. */
const item = {
  id: 'cnt_bench',
  title: '渋谷で新しい施設が開業',
  url: 'https://news.example/bench',
  summary: '渋谷駅の近くに新しい施設が開業した。'.repeat(4),
  thumbnail: null,
  source: { id: 'src_bench', name: 'Bench' },
  category: 'local',
  language: 'ja',
  published_at: '2026-01-01T00:00:00.000Z',
  areas: ['渋谷駅'],
};
const app = Fastify({ logger: false });
app.get('/v1/contents/:id', async () => item);
const address = await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`READY ${JSON.stringify({ url: `${address}/v1/contents/cnt_bench`, headers: {} })}\n`);
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
