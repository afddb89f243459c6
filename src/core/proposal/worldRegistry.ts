/**
 * A world's symbol registry (HoloProof DS003/DS004): the sorts, constants, functions and
 * predicates of every proposal accepted into the world, with their aliases. It is never
 * stored: it is rebuilt from the world's log of acceptances (worldLog.ts), in log order,
 * so two people holding the same log hold the same registry.
 *
 * Two declarations of one name are the same symbol when kind, argument sorts and result
 * sort agree (sorts compared through the registry's aliases, as HoloProof compares its
 * "structural key"); the first acceptance that declared a name is its entry.
 */
import type { Declaration, DeclarationKind } from './proposalTypes.ts';

export interface RegistryEntry {
  readonly name: string;
  readonly kind: DeclarationKind;
  readonly argSorts: readonly string[];
  /** null for a sort. */
  readonly resultSort: string | null;
  /** Other names for it, as the accepted declaration listed them. */
  readonly aliases: readonly string[];
  /** The accepted proposal that declared it first, and the op that accepted it. */
  readonly proposalId: string;
  readonly op: string;
}

export interface WorldRegistry {
  /** By name, in the order the world first declared them. */
  readonly entries: ReadonlyMap<string, RegistryEntry>;
  /** Alias → the symbol it names. */
  readonly aliases: ReadonlyMap<string, string>;
}

export const EMPTY_REGISTRY: WorldRegistry = { entries: new Map(), aliases: new Map() };

/** Where a declaration came from, for entries made from it. */
export interface DeclarationOrigin {
  readonly proposalId: string;
  readonly op: string;
}

/** A declaration as the registry compares it (from a proposal, or already an entry). */
export interface Signature {
  readonly name: string;
  readonly kind: DeclarationKind;
  readonly argSorts: readonly string[];
  readonly resultSort: string | null;
}

export function signatureOf(d: Declaration): Signature {
  return { name: d.name.name, kind: d.kind, argSorts: d.argSorts.map((s) => s.name), resultSort: d.resultSort?.name ?? null };
}

/** A sort name through the registry's aliases. */
export function resolveSort(registry: WorldRegistry, sort: string): string {
  return registry.aliases.get(sort) ?? sort;
}

/** Same kind, same argument sorts, same result sort (names aside). */
export function sameShape(registry: WorldRegistry, a: Signature, b: Signature): boolean {
  if (a.kind !== b.kind || a.argSorts.length !== b.argSorts.length) return false;
  const r = (s: string | null) => (s === null ? null : resolveSort(registry, s));
  return a.argSorts.every((s, i) => r(s) === r(b.argSorts[i]!)) && r(a.resultSort) === r(b.resultSort);
}

/** How people read a declaration: `predicate eligible(Person)`, `const Ana : Person`, `function age(Person) : Int`, `sort Person`. */
export function signatureText(s: Signature): string {
  switch (s.kind) {
    case 'sort':
      return `sort ${s.name}`;
    case 'const':
      return `const ${s.name} : ${s.resultSort ?? '?'}`;
    case 'predicate':
      return `predicate ${s.name}(${s.argSorts.join(', ')})${s.resultSort && s.resultSort !== 'Bool' ? ` : ${s.resultSort}` : ''}`;
    case 'function':
      return `function ${s.name}(${s.argSorts.join(', ')}) : ${s.resultSort ?? '?'}`;
  }
}

/** An entry with where it was accepted: `predicate eligible(Person) (accepted in fp_001)`. */
export function entryText(e: RegistryEntry): string {
  return `${signatureText(e)} (accepted in ${e.proposalId})`;
}

/**
 * The registry after one more accepted proposal's declarations. A name the registry
 * already holds keeps its first entry; a different signature for it is returned as a
 * clash (a log holding one was written by something that skipped the world gate).
 */
export function withDeclarations(registry: WorldRegistry, declarations: readonly Declaration[], origin: DeclarationOrigin): { registry: WorldRegistry; clashes: string[] } {
  const entries = new Map(registry.entries);
  const aliases = new Map(registry.aliases);
  const clashes: string[] = [];
  for (const d of declarations) {
    const sig = signatureOf(d);
    const old = entries.get(sig.name);
    if (old) {
      if (!sameShape({ entries, aliases }, old, sig)) clashes.push(`${signatureText(sig)} in ${origin.proposalId} differs from ${entryText(old)}`);
      continue;
    }
    const names = (d.aliases ?? []).map((a) => a.name).filter((a) => a !== sig.name);
    entries.set(sig.name, { ...sig, aliases: names, proposalId: origin.proposalId, op: origin.op });
    for (const a of names) if (!aliases.has(a) && !entries.has(a)) aliases.set(a, sig.name);
  }
  return { registry: { entries, aliases }, clashes };
}
