/**
 * Validates a parsed CLAIR document against every rule of docs/contract.md §2 and attaches
 * the quick fixes the editor offers. Never throws.
 */
import type { Diagnostic, DiagnosticFix } from '../text/diagnostic.ts';
import { compareDiagnostics } from '../text/diagnostic.ts';
import type { ClairBelief, ClairDocument } from './ast.ts';
import type { ConfidenceBound } from './graphChecks.ts';
import { checkGraph } from './graphChecks.ts';
import { checkLines } from './lineChecks.ts';
import type { ClairSymbols } from './symbols.ts';
import { collectSymbols } from './symbols.ts';

export function validateClair(doc: ClairDocument, symbols: ClairSymbols = collectSymbols(doc)): Diagnostic[] {
  const out: Diagnostic[] = [];
  const bounds: ConfidenceBound[] = [];
  checkLines(doc, symbols, out);
  checkGraph(symbols, out, bounds);
  const fixed = attachFixes(out, bounds, symbols);
  fixed.sort(compareDiagnostics);
  return fixed;
}

function attachFixes(diagnostics: Diagnostic[], bounds: ConfidenceBound[], symbols: ClairSymbols): Diagnostic[] {
  const tightest = new Map<ClairBelief, number>();
  for (const { belief, bound } of bounds) {
    const prev = tightest.get(belief);
    if (prev === undefined || bound < prev) tightest.set(belief, bound);
  }
  return diagnostics.map((d) => {
    if ((d.code === 'lob-discount' || d.code === 'exceeds-derivation-bound') && d.subject !== undefined) {
      const belief = symbols.beliefs.get(d.subject) ?? symbols.malformed.find((m) => m.id.value === d.subject);
      const bound = belief ? tightest.get(belief) : undefined;
      if (belief && bound !== undefined) return { ...d, fixes: [boundFix(belief, bound)] };
    }
    return d;
  });
}

/**
 * Sets the confidence to the tightest bound, rounded down to 4 decimals so it holds; a
 * bound above 1 (out-of-range justifiers) proposes 1, which is at least a confidence.
 */
function boundFix(belief: ClairBelief, bound: number): DiagnosticFix {
  const text = formatConfidence(floorTo(Math.min(bound, 1), 4), belief.confidence.text);
  return {
    title: `Set confidence to ${text} (the tightest bound on ${belief.id.value})`,
    edits: [{ range: belief.confidenceRange, text }],
  };
}

function floorTo(x: number, decimals: number): number {
  const f = 10 ** decimals;
  return Math.max(0, Math.floor(x * f + 1e-7) / f);
}

/** Writes a confidence in the style of the one it replaces (`.81` or `0.81`). */
export function formatConfidence(x: number, like: string): string {
  const s = String(x);
  return like.startsWith('.') && s.startsWith('0.') ? s.slice(1) : s;
}
