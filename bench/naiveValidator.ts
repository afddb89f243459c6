/**
 * The reference the parse+validate rows are compared against: the unknown-ref and
 * cycle checks written the obvious way — a linear scan of all beliefs for every
 * reference, and a fresh depth-first search from every belief to see whether it comes
 * back to itself. It does fewer checks than the real validator and is only here to
 * give the benchmark's ratios a meaning.
 */
import type { ClairBelief } from '../src/core/clair/ast.ts';
import { parseClair } from '../src/core/clair/parser.ts';

export interface NaiveFinding {
  readonly code: 'unknown-ref' | 'cycle';
  readonly id: string;
}

export function naiveValidate(text: string): NaiveFinding[] {
  const beliefs: ClairBelief[] = [];
  for (const l of parseClair(text).lines) if (l.kind === 'belief') beliefs.push(l.belief);
  const findings: NaiveFinding[] = [];
  const lookup = (id: string) => beliefs.find((b) => b.id.value === id);

  for (const b of beliefs) {
    for (const j of b.justifications) {
      if (!lookup(j.value)) findings.push({ code: 'unknown-ref', id: b.id.value });
    }
  }
  for (const start of beliefs) {
    const seen = new Set<string>();
    const stack = start.justifications.map((j) => j.value);
    let cyclic = false;
    while (stack.length > 0 && !cyclic) {
      const id = stack.pop()!;
      if (id === start.id.value) cyclic = true;
      else if (!seen.has(id)) {
        seen.add(id);
        const b = lookup(id);
        if (b) for (const j of b.justifications) stack.push(j.value);
      }
    }
    if (cyclic) findings.push({ code: 'cycle', id: start.id.value });
  }
  return findings;
}
