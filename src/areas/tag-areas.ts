import type { Area } from './area.js';
import { isIdeograph } from './area-names.js';
import type { Gazetteer } from './gazetteer.js';
import { resolveMentions } from './resolve-mentions.js';
import { buildTagTerms, type TagTerm } from './tag-terms.js';

/**
 * Finds the areas a text mentions (rules in tag-terms.ts and resolve-mentions.ts).
 *
 * Matching is leftmost-longest over one Map holding every tag text and every prefix of
 * one (null for a bare prefix): from each position the scan extends while the text so
 * far is a known prefix and keeps the longest complete term, then jumps past it. So
 * '東京駅' is the station, not 東京 plus a stray 駅, and '新宿区' the ward, not 新宿. Most
 * positions cost one Map miss; 2,000 characters of a real article take ~0.15 ms (docs/areas.md).
 */
export class AreaTagger {
  private readonly gazetteer: Gazetteer;
  private readonly prefixes = new Map<string, TagTerm | null>();
  private readonly ancestorsOf: (id: string) => Area[];

  constructor(gazetteer: Gazetteer) {
    this.gazetteer = gazetteer;
    for (const [surface, term] of buildTagTerms(gazetteer.all())) {
      for (let end = 1; end < surface.length; end++) {
        const prefix = surface.slice(0, end);
        if (!this.prefixes.has(prefix)) this.prefixes.set(prefix, null);
      }
      this.prefixes.set(surface, term);
    }
    const ancestors = new Map<string, Area[]>();
    this.ancestorsOf = (id) => {
      let chain = ancestors.get(id);
      if (!chain) ancestors.set(id, (chain = this.gazetteer.ancestors(id)));
      return chain;
    };
  }

  tag(text: string): Area[] {
    return resolveMentions(this.mentions(text.normalize('NFKC')), this.ancestorsOf);
  }

  private mentions(text: string): Area[][] {
    const found: Area[][] = [];
    let i = 0;
    while (i < text.length) {
      let match: TagTerm | null = null;
      let matchLength = 0;
      for (let end = i + 1; end <= text.length; end++) {
        const entry = this.prefixes.get(text.slice(i, end));
        if (entry === undefined) break;
        if (entry !== null) {
          match = entry;
          matchLength = end - i;
        }
      }
      if (match && !(match.needsBoundary && isIdeograph(text[i - 1]))) {
        found.push(match.areas);
        i += matchLength;
      } else {
        i++;
      }
    }
    return found;
  }
}
