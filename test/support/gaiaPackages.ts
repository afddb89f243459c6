/**
 * Helpers for the Gaia tests: analyse a package written inline (namespace `t`, package
 * `p` unless given), read its IR as plain JSON, and the SHA-256 the documented id
 * recipes use — computed with Node's crypto, independently of the implementation.
 */
import { createHash } from 'node:crypto';
import { analyzeGaia } from '../../src/core/gaia/analyzeGaia.ts';
import type { GaiaAnalysis } from '../../src/core/gaia/analyzeGaia.ts';

export const GAIA_HEADER =
  'from gaia.engine.lang import claim, note, question, derive, observe, infer, associate, equal, contradict, exclusive, decompose, depends_on, candidate_relation, materialize, register_prior, land, lor, lnot, implies, iff, ClaimAtom\n';

/** Analyses `body` after the standard import line. */
export function gaia(body: string, options: { namespace?: string; package?: string; header?: string } = {}): GaiaAnalysis {
  return analyzeGaia((options.header ?? GAIA_HEADER) + body, { namespace: options.namespace ?? 't', package: options.package ?? 'p' });
}

export function codes(a: GaiaAnalysis): string[] {
  return a.diagnostics.map((d) => d.code);
}

export function errorCodes(a: GaiaAnalysis): string[] {
  return a.diagnostics.filter((d) => d.severity === 'error').map((d) => d.code);
}

export interface PlainKnowledge {
  id: string;
  label?: string;
  type: string;
  content: string;
  content_hash: string;
  declaration_index?: number;
  exported: boolean;
  metadata?: Record<string, unknown>;
}

export interface PlainIr {
  ir_hash: string;
  knowledges: PlainKnowledge[];
  operators: { operator_id: string; operator: string; variables: string[]; conclusion: string; metadata?: Record<string, unknown> }[];
  strategies: {
    strategy_id: string;
    type: string;
    premises: string[];
    conclusion: string;
    metadata?: Record<string, unknown>;
    conditional_probabilities?: number[];
    formal_expr?: { operators: { operator: string; variables: string[]; conclusion: string }[] };
    [k: string]: unknown;
  }[];
}

export function ir(a: GaiaAnalysis): PlainIr {
  return a.irJson() as unknown as PlainIr;
}

export function knowledge(a: GaiaAnalysis, id: string): PlainKnowledge {
  const k = ir(a).knowledges.find((x) => x.id === id);
  if (!k) throw new Error(`no knowledge ${id}`);
  return k;
}

export function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}
