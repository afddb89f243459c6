/**
 * Gaia's refusal of a claim whose metadata holds a Variable (an observation whose noise is
 * `Normal(..., sigma=s)` with `s` a Variable, or of a Distribution with such a parameter):
 * the Variable object reaches the IR graph, which cannot serialise it, and Gaia fails as
 * it builds the graph — after the bayes lowering, so a comparison's own error comes first.
 */
import type { Knowledge } from '../runtime/gaiaObjects.ts';
import { VARIABLE_IN_METADATA } from '../runtime/bayes/bayesObjects.ts';
import type { CompileContext } from './compileContext.ts';

export const UNSERIALISABLE_METADATA_ERROR =
  "ValidationError: 1 validation error for LocalCanonicalGraph: Value error, Unable to serialize unknown type: <class 'gaia.engine.lang.runtime.package.CollectedPackage'> (a Variable inside a claim's metadata)";

export function checkMetadataSerialisable(cx: CompileContext, knowledge: readonly Knowledge[]): void {
  const first = knowledge.find((k) => VARIABLE_IN_METADATA.has(k));
  if (first) cx.report('bad-argument', UNSERIALISABLE_METADATA_ERROR, first.origin);
}
