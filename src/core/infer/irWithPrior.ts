/**
 * What-if inputs for a cascade preview on a Gaia package: the same IR with one claim's
 * prior replaced (a correction), or pushed to Cromwell's lower bound (a refutation: the
 * claim is held false as firmly as a prior can say). The original IR is not touched.
 */
import { CROMWELL_EPS } from './cromwell.ts';
import type { GaiaIr, IrKnowledge } from './irInput.ts';

/** The IR with the claim whose label or id is `target` given `prior`; null when no claim matches. */
export function irWithPrior(ir: GaiaIr, target: string, prior: number): GaiaIr | null {
  const clamped = Math.min(1 - CROMWELL_EPS, Math.max(CROMWELL_EPS, prior));
  let found = false;
  const knowledges = ir.knowledges.map((k): IrKnowledge => {
    if (k.type !== 'claim' || (k.label !== target && k.id !== target)) return k;
    found = true;
    return { ...k, metadata: { ...(k.metadata ?? {}), prior: clamped } };
  });
  return found ? { ...ir, knowledges } : null;
}

/** The prior a refutation stands for. */
export const REFUTED_PRIOR = CROMWELL_EPS;

/** Beliefs by id that moved by more than `tolerance` between two runs. */
export function movedBeliefs(before: ReadonlyMap<string, number>, after: ReadonlyMap<string, number>, tolerance = 1e-6): Map<string, { before: number; after: number }> {
  const moved = new Map<string, { before: number; after: number }>();
  for (const [id, b] of before) {
    const a = after.get(id);
    if (a !== undefined && Math.abs(a - b) > tolerance) moved.set(id, { before: b, after: a });
  }
  return moved;
}
