/** The symbol index of a parsed CLAIR document (empty for languages without one yet). */
import type { ClairDocument } from '../clair/ast.ts';
import type { SymbolIndex } from '../clair/symbolIndex.ts';
import { indexClairSymbols } from '../clair/symbolIndex.ts';
import { collectSymbols } from '../clair/symbols.ts';

export function symbolsOf(document: ClairDocument | null): SymbolIndex {
  return document ? indexClairSymbols(document, collectSymbols(document)) : { uses: [] };
}
