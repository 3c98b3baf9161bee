/**
 * The best k (similarity, id) pairs seen so far: a binary heap with the worst kept at the
 * root. Better = higher similarity, then the smaller id (code-unit order), so the result is
 * one fixed list whatever order candidates arrive in.
 */
export interface VectorHit {
  id: string;
  /** Cosine similarity: the dot product of the (unit) query and item vectors. */
  similarity: number;
}

export class TopK {
  private readonly scores: Float64Array;
  private readonly ids: string[] = [];
  /** The lowest similarity that can still enter; −∞ until k are held. Scans compare against it before anything else. */
  threshold = -Infinity;

  constructor(readonly k: number) {
    this.scores = new Float64Array(k);
  }

  get size(): number {
    return this.ids.length;
  }

  get full(): boolean {
    return this.ids.length === this.k;
  }

  /** Whether (score, id) would enter now. */
  admits(score: number, id: string): boolean {
    if (!this.full) return true;
    const worst = this.scores[0] as number;
    return score > worst || (score === worst && id < (this.ids[0] as string));
  }

  /** Adds a pair that `admits` accepted, dropping the worst if full. */
  push(score: number, id: string): void {
    if (this.full) {
      this.scores[0] = score;
      this.ids[0] = id;
      this.siftDown(0);
    } else {
      this.ids.push(id);
      const i = this.ids.length - 1;
      this.scores[i] = score;
      this.siftUp(i);
    }
    if (this.full) this.threshold = this.scores[0] as number;
  }

  /** The ids held, in no particular order. */
  members(): readonly string[] {
    return this.ids;
  }

  /** Held pairs, best first. */
  sorted(): VectorHit[] {
    const hits = this.ids.map((id, i) => ({ id, similarity: this.scores[i] as number }));
    return hits.sort((a, b) => b.similarity - a.similarity || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }

  private worse(i: number, j: number): boolean {
    const a = this.scores[i] as number;
    const b = this.scores[j] as number;
    return a < b || (a === b && (this.ids[i] as string) > (this.ids[j] as string));
  }

  private swap(i: number, j: number): void {
    const s = this.scores[i] as number;
    this.scores[i] = this.scores[j] as number;
    this.scores[j] = s;
    const id = this.ids[i] as string;
    this.ids[i] = this.ids[j] as string;
    this.ids[j] = id;
  }

  private siftUp(i: number): void {
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.worse(i, parent)) return;
      this.swap(i, parent);
      i = parent;
    }
  }

  private siftDown(i: number): void {
    const n = this.ids.length;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let worst = i;
      if (l < n && this.worse(l, worst)) worst = l;
      if (r < n && this.worse(r, worst)) worst = r;
      if (worst === i) return;
      this.swap(i, worst);
      i = worst;
    }
  }
}
