/**
 * The pairwise table of an `associate(a, b, p_a_given_b=…, p_b_given_a=…)` strategy, as
 * Gaia lowers it. The two conditionals fix the joint of (a, b) only up to the marginals:
 *  - with a prior on one endpoint, Bayes' rule gives the other (P(a)·P(b|a) = P(b)·P(a|b));
 *  - with priors on both, they must agree with the conditionals (to 1e-6);
 *  - with neither, the joint of maximum entropy under the two conditionals is used.
 * The factor's weights are the joint divided by the product of the marginals, so that
 * together with the endpoints' unary priors the pair's joint is the intended one.
 */
import { clampProbability } from './cromwell.ts';
import { InferenceError } from './inferenceProblem.ts';

const TOLERANCE = 1e-6;

export interface AssociateTable {
  /** Weights at (a, b) = (0,0), (1,0), (0,1), (1,1). */
  readonly weights: readonly [number, number, number, number];
  /** The endpoint priors to install (null: leave the endpoint as it is). */
  readonly priorA: number | null;
  readonly priorB: number | null;
  /** True when neither endpoint had a prior and the maximum-entropy joint was used. */
  readonly maxEntClosure: boolean;
}

/** A probability for a message: six significant digits, no float noise (0.336, not 0.33599999999999997). */
function shown(x: number): string {
  return String(Number(x.toPrecision(6)));
}

/**
 * `priorA`/`priorB`: the endpoints' declared priors (already clamped), or null;
 * `endpoints`: their ids (a, b), for the message and the problem's subjects.
 * Throws an InferenceError where Gaia refuses the strategy, naming the strategy first
 * and then the endpoints whose priors it disagrees with.
 */
export function associateTable(
  strategyId: string,
  pAGivenBRaw: number,
  pBGivenARaw: number,
  priorA: number | null,
  priorB: number | null,
  endpoints: readonly [string, string] = ['a', 'b'],
): AssociateTable {
  const [a, b] = endpoints;
  const subjects = [strategyId, a, b];
  const pAGivenB = clampProbability(pAGivenBRaw);
  const pBGivenA = clampProbability(pBGivenARaw);
  if (priorA === null && priorB === null) {
    const [p00, p10, p01, p11] = maxEntJoint(pAGivenB, pBGivenA);
    // With no unary priors the endpoints are uniform, so dividing by 1/4 recovers the joint.
    return { weights: [p00 / 0.25, p10 / 0.25, p01 / 0.25, p11 / 0.25], priorA: null, priorB: null, maxEntClosure: true };
  }
  const piA = priorA ?? (priorB! * pAGivenB) / pBGivenA;
  const piB = priorB ?? (piA * pBGivenA) / pAGivenB;
  // The messages say in plain words which priors clash, why, and what would settle it:
  // a person who moved a prior reads them in the page's Problems panel and status bar.
  const ties = `it says P(${a} | ${b}) = ${shown(pAGivenB)} and P(${b} | ${a}) = ${shown(pBGivenA)}`;
  if (!(piA > 0 && piA < 1 && piB > 0 && piB < 1)) {
    const [given, implied, value] = priorA === null ? [b, a, piA] : [a, b, piB];
    throw new InferenceError(
      'lowering',
      `associate ${strategyId}: with the prior of ${given} at ${shown(priorA ?? priorB!)}, Bayes' rule makes the prior of ${implied} ${shown(value)}, which is not a probability (${ties}). ` +
        `To make them consistent, set ${given}'s prior${settleHint(pAGivenB, pBGivenA, priorA === null ? 'b' : 'a')}, or change the associate's conditionals.`,
      subjects,
    );
  }
  const p11FromA = pBGivenA * piA;
  const p11FromB = pAGivenB * piB;
  if (Math.abs(p11FromA - p11FromB) > TOLERANCE) {
    // Gaia: "Bayes-inconsistent marginals (p_b_given_a*pi_a=…, p_a_given_b*pi_b=…)".
    const fixes = [
      consistent(piA, (piA * pBGivenA) / pAGivenB, pAGivenB, pBGivenA) ? `set ${b}'s prior to ${shown((piA * pBGivenA) / pAGivenB)} (keeping ${a} at ${shown(piA)})` : null,
      consistent((piB * pAGivenB) / pBGivenA, piB, pAGivenB, pBGivenA) ? `set ${a}'s prior to ${shown((piB * pAGivenB) / pBGivenA)} (keeping ${b} at ${shown(piB)})` : null,
      'remove one of the two priors and let the associate imply it',
    ].filter((f): f is string => f !== null);
    throw new InferenceError(
      'lowering',
      `associate ${strategyId}: the priors of ${a} (${shown(piA)}) and ${b} (${shown(piB)}) cannot both hold: ${ties}, ` +
        `and Bayes' rule then needs P(${a}) × ${shown(pBGivenA)} = P(${b}) × ${shown(pAGivenB)}, but that is ${shown(p11FromA)} against ${shown(p11FromB)}. ` +
        `To make them consistent, ${fixes.join(', or ')}.`,
      subjects,
    );
  }
  const p11 = 0.5 * (p11FromA + p11FromB);
  const cells = [1 - piA - piB + p11, piA - p11, piB - p11, p11];
  if (cells.some((c) => c < -TOLERANCE)) {
    throw new InferenceError(
      'lowering',
      `associate ${strategyId}: the priors of ${a} (${shown(piA)}) and ${b} (${shown(piB)}) are too high together for what ${ties}: ` +
        `the chance of either being true would pass 1. To make them consistent, lower one of the two priors.`,
      subjects,
    );
  }
  const [p00, p10, p01, q11] = cells.map((c) => Math.max(0, c)) as [number, number, number, number];
  return {
    weights: [p00 / ((1 - piA) * (1 - piB)), p10 / (piA * (1 - piB)), p01 / ((1 - piA) * piB), q11 / (piA * piB)],
    priorA: piA,
    priorB: piB,
    maxEntClosure: false,
  };
}

/** Whether the marginals (piA, piB) and the conditionals make a joint Gaia accepts. */
function consistent(piA: number, piB: number, pAGivenB: number, pBGivenA: number): boolean {
  if (!(piA > 0 && piA < 1 && piB > 0 && piB < 1)) return false;
  const p11 = pBGivenA * piA;
  return Math.abs(p11 - pAGivenB * piB) <= TOLERANCE && 1 - piA - piB + p11 >= -TOLERANCE;
}

/** The bound on the known endpoint's prior under which the implied one stays a probability. */
function settleHint(pAGivenB: number, pBGivenA: number, known: 'a' | 'b'): string {
  // P(a) = P(b)·P(a|b)/P(b|a) < 1 needs P(b) < P(b|a)/P(a|b); the other way round likewise.
  const bound = known === 'b' ? pBGivenA / pAGivenB : pAGivenB / pBGivenA;
  return bound < 1 ? ` below ${shown(bound)}` : ' above 0';
}

/**
 * The joint (p00, p10, p01, p11) of greatest entropy with P(a|b) and P(b|a) fixed. Both
 * off-diagonal cells are fixed multiples of p11, so entropy is a function of p11 alone;
 * setting its derivative to zero gives p00 as a closed-form multiple of p11.
 */
function maxEntJoint(pAGivenB: number, pBGivenA: number): [number, number, number, number] {
  const r10 = (1 - pBGivenA) / pBGivenA; // p10 / p11
  const r01 = (1 - pAGivenB) / pAGivenB; // p01 / p11
  const offDiagonal = 1 + r10 + r01;
  const p00OverP11 = Math.exp((r10 * Math.log(r10) + r01 * Math.log(r01)) / offDiagonal);
  const p11 = 1 / (offDiagonal + p00OverP11);
  return [1 - offDiagonal * p11, r10 * p11, r01 * p11, p11];
}
