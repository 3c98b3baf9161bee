import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { getSetting, putSetting } from '../db/settings-repo.js';
import type { Area } from './area.js';
import { AreaFileError, mergeAreas } from './area-file.js';
import { loadBuiltinAreas } from './builtin-areas.js';
import { Gazetteer } from './gazetteer.js';
import { AreaTagger } from './tag-areas.js';

export type ImportMode = 'extend' | 'replace';
const MODE_KEY = 'areas.import_mode';
const VERSION_KEY = 'areas.version';

/**
 * The gazetteer this node uses: the built-in areas combined with the
 * operator's import (stored in the database, so every node and worker uses the
 * same one). A node that did not make the import picks it up on `refresh`.
 */
export class AreaDirectory {
  /** Made at the first `tag` (articles analysed here): ~50 ms of serve's start otherwise, and an API node may never tag. */
  private tagger: AreaTagger | null = null;

  private constructor(
    private gazetteer: Gazetteer,
    private version: string | null,
  ) {}

  static async load(db: Kysely<Database>): Promise<AreaDirectory> {
    const { gazetteer, version } = await build(db);
    return new AreaDirectory(gazetteer, version);
  }

  get size(): number {
    return this.gazetteer.size;
  }

  get(id: string): Area | undefined {
    return this.gazetteer.get(id);
  }

  lookup(name: string): Area[] {
    return this.gazetteer.lookup(name);
  }

  ancestors(id: string): Area[] {
    return this.gazetteer.ancestors(id);
  }

  withAncestors(ids: string[]): string[] {
    return this.gazetteer.withAncestors(ids);
  }

  /** Areas an article's text mentions (see tag-areas.ts for the rules). */
  tag(text: string): Area[] {
    this.tagger ??= this.gazetteer === builtin ? builtinTagger() : new AreaTagger(this.gazetteer);
    return this.tagger.tag(text);
  }

  /** Ids (with ancestors) of names given by an operator; a name of several areas is skipped. */
  idsOfNames(names: string[]): string[] {
    const ids = names.flatMap((name) => {
      const found = this.gazetteer.lookup(name);
      return found.length === 1 ? [found[0]!.id] : [];
    });
    return this.gazetteer.withAncestors(ids);
  }

  /**
   * Stores an operator's areas and switches to them. Validated as a whole
   * first (ids unique, parents present): a bad file changes nothing.
   */
  async import(db: Kysely<Database>, areas: Area[], mode: ImportMode, now: number): Promise<{ areas: number; imported: number }> {
    let gazetteer: Gazetteer;
    try {
      gazetteer = Gazetteer.from(mergeAreas(loadBuiltinAreas(), areas, mode));
    } catch (err) {
      if (err instanceof AreaFileError) throw err;
      // Consistency of the merged whole (parents present, no cycles) is the
      // operator's to fix; anything else is ours and stays a 500.
      if (err instanceof Error && err.message.startsWith('invalid areas:'))
        throw new AreaFileError([{ at: 'areas', message: err.message }]);
      throw err;
    }
    const version = `${now}-${areas.length}`;
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('imported_areas').execute();
      for (let i = 0; i < areas.length; i += 500) {
        await trx
          .insertInto('imported_areas')
          .values(areas.slice(i, i + 500).map(toRow))
          .execute();
      }
      await putSetting(trx, MODE_KEY, mode, now);
      await putSetting(trx, VERSION_KEY, version, now);
    });
    this.swap(gazetteer, version);
    return { areas: gazetteer.size, imported: areas.length };
  }

  /** Picks up an import made on another node. */
  async refresh(db: Kysely<Database>): Promise<void> {
    if ((await getSetting(db, VERSION_KEY)) === this.version) return;
    const { gazetteer, version } = await build(db);
    this.swap(gazetteer, version);
  }

  private swap(gazetteer: Gazetteer, version: string | null): void {
    this.gazetteer = gazetteer;
    this.tagger = null;
    this.version = version;
  }
}

async function build(db: Kysely<Database>): Promise<{ gazetteer: Gazetteer; version: string | null }> {
  const version = await getSetting(db, VERSION_KEY);
  const mode = ((await getSetting(db, MODE_KEY)) ?? 'extend') as ImportMode;
  const rows = await db.selectFrom('imported_areas').selectAll().execute();
  const imported: Area[] = rows.map((r) => ({
    id: r.id,
    name: r.name,
    level: r.level as Area['level'],
    parentId: r.parent_id,
    lat: r.lat,
    lng: r.lng,
    aliases: JSON.parse(r.aliases) as string[],
  }));
  if (imported.length === 0) return { gazetteer: builtinGazetteer(), version };
  return { gazetteer: Gazetteer.from(mergeAreas(loadBuiltinAreas(), imported, mode)), version };
}

let builtin: Gazetteer | null = null;
let builtinTaggerInstance: AreaTagger | null = null;
function builtinTagger(): AreaTagger {
  builtinTaggerInstance ??= new AreaTagger(builtinGazetteer());
  return builtinTaggerInstance;
}
/** Built once per process: every app and test without an import shares it. */
function builtinGazetteer(): Gazetteer {
  builtin ??= Gazetteer.from(loadBuiltinAreas());
  return builtin;
}

function toRow(area: Area) {
  return {
    id: area.id,
    name: area.name,
    level: area.level,
    parent_id: area.parentId,
    lat: area.lat,
    lng: area.lng,
    aliases: JSON.stringify(area.aliases),
  };
}
