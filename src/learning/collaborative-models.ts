import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Clock } from '../lib/clock.js';
import { foldIn } from './implicit-als.js';
import { interactionOf, MAX_ITEMS_PER_USER, type EngagementCounters } from './interactions.js';
import { loadModel, modelVersion, type CollaborativeModel } from './model-store.js';

/** How stale a node's copy of a model may be: a training every few minutes reaches every node within this. */
const CHECK_AFTER_MS = 10_000;

interface Held {
  model: CollaborativeModel | null;
  checkedAt: number;
  checking: Promise<void> | null;
}

/** A user's counters for one item, with when they last changed. */
export interface UserItemSignal extends EngagementCounters {
  contentId: string;
  updatedAt: number;
}

/**
 * Each tenant's collaborative model as the rankings of this process read it:
 * loaded from the database on first use and again when a newer version was
 * stored, checked at most every 10 s. A fleet's nodes share the stored model;
 * a restart loads it again.
 */
export class CollaborativeModels {
  private readonly held = new Map<string, Held>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  async of(tenantId: string): Promise<CollaborativeModel | null> {
    let held = this.held.get(tenantId);
    if (!held) {
      held = { model: null, checkedAt: -Infinity, checking: null };
      this.held.set(tenantId, held);
    }
    if (this.clock.now() - held.checkedAt >= CHECK_AFTER_MS) {
      const h = held;
      h.checking ??= this.check(tenantId, h).finally(() => (h.checking = null));
      await h.checking;
    }
    return held.model;
  }

  /** The model held now, without reading the database (null when none is held). */
  current(tenantId: string): CollaborativeModel | null {
    return this.held.get(tenantId)?.model ?? null;
  }

  /** Drops the held model: the next `of` reads the stored one (a training finished, here or on another node). */
  forget(tenantId: string): void {
    this.held.delete(tenantId);
  }

  private async check(tenantId: string, held: Held): Promise<void> {
    const version = await modelVersion(this.db, tenantId);
    if (version !== null && version > 0 && version !== held.model?.version) held.model = await loadModel(this.db, tenantId);
    held.checkedAt = this.clock.now();
  }
}

/**
 * The user's factors under `model`, from their interactions with its items
 * (the most recent MAX_ITEMS_PER_USER, as in training): exact, and current to
 * the user's last processed click rather than to the last training. Null when
 * none of their items is in the model.
 */
export function userFactors(model: CollaborativeModel, signals: readonly UserItemSignal[]): Float32Array | null {
  const entries: { item: number; preference: number; confidence: number; at: number }[] = [];
  for (const s of signals) {
    const item = model.itemRow.get(s.contentId);
    const interaction = item === undefined ? null : interactionOf(s);
    if (interaction !== null) entries.push({ item: item!, ...interaction, at: s.updatedAt });
  }
  if (entries.length === 0) return null;
  const recent = entries.length > MAX_ITEMS_PER_USER ? entries.sort((a, b) => b.at - a.at).slice(0, MAX_ITEMS_PER_USER) : entries;
  return foldIn(model.gram, model.itemFactors, model.factors, recent);
}

/**
 * The user's average predicted preference over the model's items, u · ȳ: the
 * collaborative part is what the model predicts less this (score.ts), so an item
 * the model has not learned (0) counts as an average one for the user. Without it,
 * implicit ALS predicts a little above 0 for every item anyone engaged with (each
 * shares a direction all readers have), and a reader who has read what their taste
 * group reads was offered other groups' items before any new one (bench/RESULTS.md,
 * issue 16 part 3).
 */
export function averagePreference(model: CollaborativeModel, user: Float32Array): number {
  let sum = 0;
  for (let f = 0; f < model.factors; f++) sum += (user[f] as number) * (model.meanItem[f] as number);
  return sum;
}

/** The item's factor row (a view, not a copy), or null for an item the model has not learned (new, or never engaged). */
export function itemFactors(model: CollaborativeModel | null, contentId: string): Float32Array | null {
  if (model === null) return null;
  const row = model.itemRow.get(contentId);
  return row === undefined ? null : model.itemFactors.subarray(row * model.factors, (row + 1) * model.factors);
}
