/**
 * The registry context an encoding prompt carries (DS004 "Registry Context Budget"): a
 * large world registry is cut to a bounded, deterministic selection — the top `topK`
 * symbols by usage and by relevance to the text being encoded (VSA similarity), plus the
 * sorts their signatures need and those sorts' aliases, so the model can reuse what the
 * world already says instead of inventing a synonym.
 */
import { forEachSymbol } from '../proposal/exprSymbols.ts';
import type { DeclarationKind, FormalProposal } from '../proposal/proposalTypes.ts';
import type { RegistryEntry, WorldRegistry } from '../proposal/worldRegistry.ts';
import type { World } from '../proposal/worldLog.ts';
import { rankTexts } from '../vsa/rankTexts.ts';
import type { SimilarityStrategy } from '../vsa/strategy.ts';

/** A registry symbol as the selection scores it: its signature and aliases, and how often the world's accepted assertions and goals use it (declarations not counted). */
export type ContextCandidate = Pick<RegistryEntry, 'kind' | 'name' | 'argSorts' | 'resultSort' | 'aliases'> & { readonly usage: number };

/** The world's registry entries with their usage counted over its accepted proposals. */
export function contextCandidates(world: World): ContextCandidate[] {
  return registryCandidates(
    world.registry,
    world.acceptances.map((a) => a.proposal),
  );
}

/** A registry's entries with their usage counted over `proposals` (assertions and goals). */
export function registryCandidates(registry: WorldRegistry, proposals: readonly FormalProposal[]): ContextCandidate[] {
  const usage = new Map<string, number>();
  const count = (name: string) => usage.set(name, (usage.get(name) ?? 0) + 1);
  for (const p of proposals) {
    for (const x of p.assertions) forEachSymbol(x.expr, count);
    if (p.queryPlan.goal) forEachSymbol(p.queryPlan.goal, count);
  }
  return [...registry.entries.values()].map((e) => ({ kind: e.kind, name: e.name, argSorts: e.argSorts, resultSort: e.resultSort, aliases: e.aliases, usage: usage.get(e.name) ?? 0 }));
}

export interface RegistryContextBudget {
  /** At most this many symbols chosen by score (the sorts they need come on top). */
  readonly topK: number;
  /** The similarity strategy for relevance; `hrr` unless given. */
  readonly strategy?: SimilarityStrategy;
}

export const DEFAULT_CONTEXT_BUDGET: RegistryContextBudget = { topK: 40, strategy: 'hrr' };

export interface ContextSymbol {
  readonly kind: DeclarationKind;
  readonly name: string;
  readonly argSorts: readonly string[];
  readonly resultSort: string | null;
}

export interface RegistryContext {
  /** Chosen symbols: scored ones best first, then the sorts their signatures need (by name). */
  readonly symbols: readonly ContextSymbol[];
  /** `{alias, sort}` for every chosen sort with aliases, sorted by alias. */
  readonly sortAliases: readonly { readonly alias: string; readonly sort: string }[];
  /** Registry symbols left out by the budget. */
  readonly omitted: number;
}

/** `eligibleStudent` → `eligible student`, `has_parent` → `has parent`: the words VSA relevance compares. */
export function symbolWords(entry: Pick<ContextCandidate, 'name' | 'argSorts' | 'resultSort' | 'aliases'>): string {
  const split = (s: string) =>
    s
      .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
      .replace(/_+/g, ' ')
      .toLowerCase();
  return [entry.name, ...entry.aliases, ...entry.argSorts, ...(entry.resultSort ? [entry.resultSort] : [])].map(split).join(' ');
}

/**
 * The context for encoding `text` against `registry` under `budget`. Deterministic: the
 * score is half relevance (similarity in [−1, 1] for HRR, [0, 1] for HDC) and half usage
 * (log-scaled to [0, 1] against the most used symbol); ties go to the more used symbol,
 * then to the name in code-unit order.
 */
export function selectRegistryContext(registry: readonly ContextCandidate[], text: string, budget: RegistryContextBudget = DEFAULT_CONTEXT_BUDGET): RegistryContext {
  const topK = Math.max(0, Math.floor(budget.topK));
  const byName = new Map(registry.map((e) => [e.name, e]));
  const entries = [...byName.values()];
  const relevance = new Map(
    rankTexts(
      budget.strategy ?? 'hrr',
      text,
      entries.map((e) => ({ id: e.name, text: symbolWords(e) })),
    ).map((r) => [r.id, r.score]),
  );
  const maxUse = Math.max(0, ...entries.map((e) => e.usage));
  const usageScore = (e: ContextCandidate) => (maxUse > 0 ? Math.log1p(Math.max(0, e.usage)) / Math.log1p(maxUse) : 0);
  const scored = entries
    .map((e) => ({ e, score: 0.5 * (relevance.get(e.name) ?? 0) + 0.5 * usageScore(e) }))
    .sort((a, b) => b.score - a.score || b.e.usage - a.e.usage || (a.e.name < b.e.name ? -1 : a.e.name > b.e.name ? 1 : 0));
  const chosen = scored.slice(0, topK).map((s) => s.e);
  const chosenNames = new Set(chosen.map((e) => e.name));
  const needed = new Set<string>();
  for (const e of chosen) for (const s of [...e.argSorts, ...(e.resultSort ? [e.resultSort] : [])]) if (!chosenNames.has(s) && byName.get(s)?.kind === 'sort') needed.add(s);
  const extraSorts = [...needed].sort().map((n) => byName.get(n)!);
  const symbols = [...chosen, ...extraSorts];
  const sortAliases = symbols
    .filter((e) => e.kind === 'sort')
    .flatMap((e) => e.aliases.map((alias) => ({ alias, sort: e.name })))
    .sort((a, b) => (a.alias < b.alias ? -1 : a.alias > b.alias ? 1 : 0));
  return {
    symbols: symbols.map((e) => ({ kind: e.kind, name: e.name, argSorts: [...e.argSorts], resultSort: e.resultSort })),
    sortAliases,
    omitted: entries.length - symbols.length,
  };
}
