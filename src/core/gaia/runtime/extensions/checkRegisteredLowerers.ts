/**
 * What Gaia's compiler does with the registered action lowerers, done at the end of the
 * run, where the package registered them. Warrant lowers every action through its own
 * table (ir/actionLowerers.ts), so a package's lowering function is never run: a
 * registration is kept, listed and checked as Gaia checks it, and refused `unsupported`
 * only when its `handles` claims one of the package's actions (Gaia would then lower
 * that action with the package's function).
 */
import { callValue } from '../evaluateExpression.ts';
import type { Action } from '../gaiaObjects.ts';
import { testTruth } from '../truthTest.ts';
import type { ActionLowererRegistry } from './actionLowererRegistry.ts';
import { SHADOWED_BAYES } from './actionLowererRegistry.ts';

/**
 * Gaia's discovery refuses a `bayes` registration that is not its own; then each package
 * lowerer's `handles` is asked about the package's actions, and one that claims any is refused.
 */
export function checkRegisteredLowerers(registry: ActionLowererRegistry, actions: readonly Action[]): void {
  const shadowed = registry.shadowedBayes();
  if (shadowed) {
    shadowed.rt.report('bad-argument', SHADOWED_BAYES, shadowed.range);
    return;
  }
  for (const r of registry.list()) {
    if (!r.at || r.handles === null) continue;
    const { rt, range } = r.at;
    const claimed = actions.find((a) => {
      const answer = callValue(rt, r.handles!, [{ value: { t: 'action', a }, range }], [], range, range);
      return answer.t !== 'opaque' && testTruth(rt, answer, range) === true;
    });
    if (claimed) {
      rt.report(
        'unsupported',
        `the action lowerer '${r.name}' claims the ${claimed.origin.verb} at line ${claimed.origin.range.line}: Gaia would lower it with the package's own lowering function, which Warrant does not run (it lowers every action through its own table)`,
        range,
      );
    }
  }
}
