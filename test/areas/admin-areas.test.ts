import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../helpers/backends.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

describe.each(testBackends().map((b) => [b.name, b] as const))('areas through the admin API on %s', (_name, backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ backend });
  });
  afterAll(() => t.close());

  it('finds 渋谷 and 渋谷駅 as one station, with its ancestors', async () => {
    const plain = (await t.admin('GET', `/admin/v1/areas?name=${encodeURIComponent('渋谷')}&level=station`)).json().areas;
    const suffixed = (await t.admin('GET', `/admin/v1/areas?name=${encodeURIComponent('渋谷駅')}`)).json().areas;
    expect(plain).toHaveLength(1);
    expect(suffixed.map((a: { id: string }) => a.id)).toEqual([plain[0].id]);
    expect(plain[0].ancestors.map((a: { id: string }) => a.id)).toEqual(['city:13113', 'pref:13', 'jp']);
    const one = await t.admin('GET', `/admin/v1/areas/${encodeURIComponent(plain[0].id)}`);
    expect(one.json()).toMatchObject({ id: plain[0].id, name: '渋谷', level: 'station' });
    expect((await t.admin('GET', '/admin/v1/areas/station:none')).statusCode).toBe(404);
  });

  it('finds areas of 府中 in more than one prefecture', async () => {
    const areas = (await t.admin('GET', `/admin/v1/areas?name=${encodeURIComponent('府中')}`)).json().areas as {
      ancestors: { id: string; level: string }[];
    }[];
    const prefectures = new Set(areas.map((a) => a.ancestors.find((x) => x.level === 'prefecture')!.id));
    expect(prefectures.size).toBeGreaterThan(1);
    expect([...prefectures]).toEqual(expect.arrayContaining(['pref:13', 'pref:34']));
  });

  it('refuses a bad import naming each problem, and changes nothing', async () => {
    const before = t.deps.areas.size;
    const res = await t.admin('PUT', '/admin/v1/areas', {
      mode: 'extend',
      areas: [
        { id: 'station:x-ok', name: '良い駅', level: 'station', parent_id: 'pref:13' },
        { id: 'station:x-bad', name: '', level: 'town', parent_id: 'pref:13' },
        { id: 'station:x-orphan', name: '孤児', level: 'station', parent_id: 'city:99999' },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json().errors.map((e: { name: string }) => e.name)).toEqual(expect.arrayContaining(['areas[1].name', 'areas[1].level']));
    // Well-formed, but its parent exists nowhere.
    const orphan = await t.admin('PUT', '/admin/v1/areas', {
      mode: 'extend',
      areas: [
        { id: 'station:x-ok', name: '良い駅', level: 'station', parent_id: 'pref:13' },
        { id: 'station:x-orphan', name: '孤児', level: 'station', parent_id: 'city:99999' },
      ],
    });
    expect(orphan.statusCode).toBe(400);
    expect(orphan.json().detail).toMatch(/nothing was imported/);
    expect(JSON.stringify(orphan.json().errors)).toContain('city:99999');
    expect(t.deps.areas.size).toBe(before);
    expect(t.deps.areas.lookup('良い駅')).toEqual([]);
  });

  it('extends the gazetteer: lookups and tagging of new articles use the imported area at once', async () => {
    const before = t.deps.areas.size;
    const res = await t.admin('PUT', '/admin/v1/areas', {
      mode: 'extend',
      areas: [
        {
          id: 'station:x-takanawa-gateway',
          name: '高輪ゲートウェイ',
          level: 'station',
          parent_id: 'city:13103',
          lat: 35.6355,
          lng: 139.7407,
        },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ mode: 'extend', imported: 1, areas: before + 1 });
    expect(t.deps.areas.lookup('高輪ゲートウェイ駅').map((a) => a.id)).toEqual(['station:x-takanawa-gateway']);

    const sourceId = await t.createSource();
    const id = await t.ingest({
      source_id: sourceId,
      url: 'https://news.example/tg',
      title: '高輪ゲートウェイ駅前に新しい街',
      body: '高輪ゲートウェイ駅の周辺で再開発が進む。',
    });
    const row = await t.deps.db.selectFrom('contents').select('area_ids').where('id', '=', id).executeTakeFirstOrThrow();
    expect(JSON.parse(row.area_ids)).toEqual(expect.arrayContaining(['station:x-takanawa-gateway', 'city:13103', 'pref:13', 'jp']));
  });

  it('an import survives a restart of the directory (other nodes load it from the database)', async () => {
    const { AreaDirectory } = await import('../../src/areas/area-directory.js');
    const other = await AreaDirectory.load(t.deps.db);
    expect(other.get('station:x-takanawa-gateway')?.name).toBe('高輪ゲートウェイ');
  });
});
