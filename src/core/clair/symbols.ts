/**
 * Which ids a document defines, and which line holds the belief that counts for each.
 * Shared by the validator, the graph adapter and the editor features so that they all
 * agree on the contract's rules for duplicates and broken lines.
 */
import type { ClairBelief, ClairDocument, Spanned } from './ast.ts';
import { ID_PATTERN } from './ast.ts';

export interface ClairSymbols {
  /** Every well-formed id that some line defines (beliefs and broken lines alike). */
  readonly defined: ReadonlySet<string>;
  /** The first definition of each id, when it is a belief that parsed. */
  readonly beliefs: ReadonlyMap<string, ClairBelief>;
  /** Beliefs that parsed and are the first definition of their id, in document order. */
  readonly primary: readonly ClairBelief[];
  /** Beliefs that parsed but reuse an earlier id. */
  readonly duplicates: readonly ClairBelief[];
  /** Ids whose first definition is a broken line. */
  readonly brokenIds: ReadonlySet<string>;
  /** Beliefs whose own id is not well-formed (they cannot be referenced). */
  readonly malformed: readonly ClairBelief[];
  /** Line of the first definition of each defined id. */
  readonly definitionLine: ReadonlyMap<string, number>;
  /** Where each defined id is first written (its id token). */
  readonly definitionRange: ReadonlyMap<string, Spanned<string>>;
}

export function collectSymbols(doc: ClairDocument): ClairSymbols {
  const defined = new Set<string>();
  const beliefs = new Map<string, ClairBelief>();
  const primary: ClairBelief[] = [];
  const duplicates: ClairBelief[] = [];
  const brokenIds = new Set<string>();
  const malformed: ClairBelief[] = [];
  const malformedIds = new Set<string>();
  const definitionLine = new Map<string, number>();
  const definitionRange = new Map<string, Spanned<string>>();

  for (const l of doc.lines) {
    if (l.kind === 'broken') {
      const id = l.partial.id;
      if (id && !defined.has(id.value)) {
        defined.add(id.value);
        brokenIds.add(id.value);
        definitionLine.set(id.value, l.line);
        definitionRange.set(id.value, id);
      }
    } else if (l.kind === 'belief') {
      const b = l.belief;
      if (defined.has(b.id.value) || malformedIds.has(b.id.value)) {
        duplicates.push(b);
        continue;
      }
      if (!ID_PATTERN.test(b.id.value)) {
        malformedIds.add(b.id.value);
        malformed.push(b);
        continue;
      }
      defined.add(b.id.value);
      beliefs.set(b.id.value, b);
      primary.push(b);
      definitionLine.set(b.id.value, l.line);
      definitionRange.set(b.id.value, b.id);
    }
  }
  return { defined, beliefs, primary, duplicates, brokenIds, malformed, definitionLine, definitionRange };
}
