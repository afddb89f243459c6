/**
 * An infer likelihood given as a claim (`p_e_given_h=hit_rate`): Gaia reads it when the
 * package compiles, from the claim's parameters — exactly one entry named "value" whose
 * value is a number (a bool counts, as Python's isinstance says), taken as a float.
 */
import type { Knowledge, ProbabilityValue } from '../runtime/gaiaObjects.ts';
import { Knowledge as KnowledgeClass } from '../runtime/gaiaObjects.ts';
import { PyFloat } from '../text/pythonJson.ts';

/** The probability a claim gives; null when it has no single numeric "value" parameter. */
export function claimProbability(k: Knowledge): number | null {
  const values: number[] = [];
  for (const p of k.options.parameters) {
    if (p.name !== 'value') continue;
    const v = p.value;
    if (typeof v === 'number') values.push(v);
    else if (typeof v === 'boolean') values.push(v ? 1 : 0);
    else if (v instanceof PyFloat) values.push(v.value);
  }
  return values.length === 1 ? values[0]! : null;
}

/** The number an infer slot holds: as written, or read from its claim (null when the claim gives none). */
export function slotProbability(slot: ProbabilityValue | Knowledge): ProbabilityValue | null {
  if (!(slot instanceof KnowledgeClass)) return slot;
  const value = claimProbability(slot);
  return value === null ? null : { value, isFloat: true };
}

/** Gaia's words when a claim in a likelihood slot gives no probability. */
export function claimProbabilityError(field: string): string {
  return `ValueError: ${field} Claim must define exactly one numeric parameter named 'value'`;
}
