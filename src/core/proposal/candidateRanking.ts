/**
 * VSAIntuition's choice of what to activate next. Every assertion is encoded once (a
 * VSA similarity index, HRR or HDC); each round ranks the inactive ones against a few
 * queries — the goal, and the first assertions activated in the round before (a beam)
 * — and takes from the rankings in turn, best first. Relevance so spreads along shared
 * symbols: a goal `c3(t)` finds the rule `c2 ⇒ c3`, which then finds `c1 ⇒ c2`, and so
 * on, where one query bundling everything active would drown each link in the rest.
 *
 * Words that occur in more than one assertion in twenty (a constant every third fact
 * mentions, the sort every rule quantifies over) are left out of the texts ranked:
 * they say little about relevance, as the encoders' function words do not.
 */
import { createSimilarityIndex } from '../vsa/similarityIndex.ts';
import type { SimilarityStrategy } from '../vsa/index.ts';
import { textWords } from '../vsa/index.ts';

export interface RankItem {
  readonly id: string;
  readonly text: string;
}

/** Scores of every item against a query text, in the items' order (higher is more alike). */
export type ScoreFunction = (query: string) => ArrayLike<number>;

/** Prepares scoring over a fixed list of items (encodes them once). */
export type RankerFactory = (items: readonly RankItem[]) => ScoreFunction;

/** How many of a round's first activations become queries of the next round. */
export const BEAM_WIDTH = 8;

/** The VSA similarity index of one strategy as a ranker. */
export function vsaRanker(strategy: SimilarityStrategy): RankerFactory {
  return (items) => {
    const index = createSimilarityIndex({ strategy, capacity: items.length });
    index.update(items);
    // The index keeps insertion order for new ids; map back by id all the same.
    const order = index.ids();
    const rowOf = new Map(items.map((item, i) => [item.id, i] as const));
    return (query) => {
      const scores = index.scoresFor({ text: query }) ?? new Float32Array(order.length);
      const out = new Float64Array(items.length);
      for (let r = 0; r < order.length; r++) out[rowOf.get(order[r]!)!] = scores[r]!;
      return out;
    };
  };
}

export class CandidateRanking<T extends RankItem> {
  private readonly texts: string[];
  private readonly score: ScoreFunction;
  private readonly frequent = new Set<string>();
  private readonly goal: string;
  private beam: string[] = [];

  constructor(
    private readonly items: readonly T[],
    goalText: string,
    factory: RankerFactory,
  ) {
    const df = new Map<string, number>();
    const words = items.map((i) => textWords(i.text));
    for (const ws of words) for (const w of new Set(ws)) df.set(w, (df.get(w) ?? 0) + 1);
    const limit = Math.max(2, Math.ceil(items.length / 20));
    for (const [w, n] of df) if (n > limit) this.frequent.add(w);
    this.texts = words.map((ws) => this.telling(ws));
    this.score = factory(items.map((item, i) => ({ id: item.id, text: this.texts[i]! })));
    this.goal = this.telling(textWords(goalText));
  }

  /** The next `count` inactive items, taken in turn from each query's ranking. */
  next(count: number, isActive: (id: string) => boolean): T[] {
    const queries = [this.goal, ...this.beam].filter((q) => q !== '');
    if (queries.length === 0) queries.push('');
    const rankings = queries.map((q) => this.ranking(q, isActive));
    const picked: number[] = [];
    const taken = new Set<number>();
    for (let depth = 0; picked.length < count; depth++) {
      let any = false;
      for (const ranking of rankings) {
        const i = ranking[depth];
        if (i === undefined) continue;
        any = true;
        if (taken.has(i)) continue;
        taken.add(i);
        picked.push(i);
        if (picked.length === count) break;
      }
      if (!any) break;
    }
    this.beam = picked.slice(0, BEAM_WIDTH).map((i) => this.texts[i]!);
    return picked.map((i) => this.items[i]!);
  }

  /** Inactive item indices by score against `query`, best first, ties by id. */
  private ranking(query: string, isActive: (id: string) => boolean): number[] {
    const scores = this.score(query);
    const order: number[] = [];
    for (let i = 0; i < this.items.length; i++) if (!isActive(this.items[i]!.id)) order.push(i);
    const ids = this.items;
    order.sort((a, b) => scores[b]! - scores[a]! || (ids[a]!.id < ids[b]!.id ? -1 : ids[a]!.id > ids[b]!.id ? 1 : 0));
    return order;
  }

  /** The words of an item that say something about relevance (all of them if none do). */
  private telling(words: readonly string[]): string {
    const rare = words.filter((w) => !this.frequent.has(w));
    return (rare.length > 0 ? rare : words).join(' ');
  }
}
