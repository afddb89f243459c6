/**
 * Where each id is defined and used, for the editor's go-to-definition, references,
 * rename, hover and completion. Uses are justification references and mentions — an
 * id named in some content as a whole word (the same rule as meta-level checks).
 */
import type { SourceRange } from '../text/sourceRange.ts';
import type { ClairDocument } from './ast.ts';
import { ID_PATTERN } from './ast.ts';
import { namedBeliefs } from './namedBeliefs.ts';
import type { ClairSymbols } from './symbols.ts';

export type SymbolUseKind = 'definition' | 'justification' | 'mention';

export interface SymbolUse {
  readonly id: string;
  readonly kind: SymbolUseKind;
  readonly range: SourceRange;
}

export interface SymbolIndex {
  /** Every occurrence of a well-formed id, in document order. */
  readonly uses: readonly SymbolUse[];
}

export function indexClairSymbols(doc: ClairDocument, symbols: ClairSymbols): SymbolIndex {
  const uses: SymbolUse[] = [];
  const exists = (id: string) => symbols.defined.has(id);
  for (const l of doc.lines) {
    if (l.kind === 'belief') {
      const b = l.belief;
      if (ID_PATTERN.test(b.id.value)) uses.push({ id: b.id.value, kind: 'definition', range: b.id.range });
      for (const j of b.justifications) {
        if (ID_PATTERN.test(j.value)) uses.push({ id: j.value, kind: 'justification', range: j.range });
      }
      for (const m of namedBeliefs(b, exists)) uses.push({ id: m.id, kind: 'mention', range: m.range });
    } else if (l.kind === 'broken') {
      const p = l.partial;
      if (p.id) uses.push({ id: p.id.value, kind: 'definition', range: p.id.range });
      for (const j of p.justifications) {
        if (ID_PATTERN.test(j.value)) uses.push({ id: j.value, kind: 'justification', range: j.range });
      }
    }
  }
  return { uses };
}

/** The use whose range contains (line, column), if any; `uses` is in document order. */
export function symbolAt(index: SymbolIndex, line: number, column: number): SymbolUse | null {
  const uses = index.uses;
  let lo = 0;
  let hi = uses.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (uses[mid]!.range.line < line) lo = mid + 1;
    else hi = mid;
  }
  for (let i = lo; i < uses.length && uses[i]!.range.line === line; i++) {
    const r = uses[i]!.range;
    if (column >= r.column && column <= r.endColumn) return uses[i]!;
  }
  return null;
}

/** Every use of `id`, definitions included. */
export function usesOf(index: SymbolIndex, id: string): SymbolUse[] {
  return index.uses.filter((u) => u.id === id);
}
