/**
 * The one dispatch table of action lowering: each kind of action names the lowerer that
 * turns it into IR and the pass it runs in. Gaia splits this between a chain of
 * isinstance tests (its core actions) and a registry of extension lowerers
 * (`register_action_lowerer`, gaia/engine/lang/compiler/extensions.py, where the bayes
 * module registers itself); here both are rows of one table, so a new kind of action
 * is one new row, and the type checker refuses a kind that has none.
 *
 * Passes, in Gaia's order: `declaration` (every action but compositions, in declaration
 * order), `compose` (compositions, once their children have targets), then, after the
 * formula claims, `extension` (a lowerer that takes the whole package at once, run when
 * at least one of its actions is there, as Gaia runs a registered lowerer).
 */
import type { Action } from '../runtime/gaiaObjects.ts';
import type { CompileContext } from './compileContext.ts';
import type { ActionLowering } from './lowerActions.ts';
import { lowerBayes } from './lowerBayes.ts';

/** A lowerer of one action at a time, within Warrant's action compiler. */
export interface ActionLowerer<A extends Action> {
  readonly name: string;
  readonly pass: 'declaration' | 'compose';
  lower(lowering: ActionLowering, a: A): void;
}

/** A lowerer of every action of its kinds at once, after the formula claims (Gaia's extension lowerers). */
export interface ExtensionLowerer {
  readonly name: string;
  readonly pass: 'extension';
  lowerAll(cx: CompileContext, actions: readonly Action[]): void;
}

type Row<K extends Action['kind']> = ActionLowerer<Extract<Action, { kind: K }>> | ExtensionLowerer;

function each<A extends Action>(name: string, pass: 'declaration' | 'compose', lower: (l: ActionLowering, a: A) => void): ActionLowerer<A> {
  return { name, pass, lower };
}

const support = each('support', 'declaration', (l, a: Extract<Action, { kind: 'derive' | 'observe' | 'compute' }>) => l.support(a));
const structural = each('structural', 'declaration', (l, a: Extract<Action, { kind: 'equal' | 'contradict' | 'exclusive' }>) => l.structural(a));
const scaffold = each('scaffold', 'declaration', (l, a: Extract<Action, { kind: 'depends_on' | 'candidate_relation' }>) => l.scaffold(a));
const bayes: ExtensionLowerer = { name: 'bayes', pass: 'extension', lowerAll: lowerBayes };

export const ACTION_LOWERERS: { readonly [K in Action['kind']]: Row<K> } = {
  derive: support,
  observe: support,
  compute: support,
  equal: structural,
  contradict: structural,
  exclusive: structural,
  decompose: each('decompose', 'declaration', (l, a) => l.decompose(a)),
  infer: each('infer', 'declaration', (l, a) => l.infer(a)),
  associate: each('associate', 'declaration', (l, a) => l.associate(a)),
  depends_on: scaffold,
  candidate_relation: scaffold,
  compose: each('compose', 'compose', (l, a) => l.compose(a)),
  bayes_model: bayes,
  bayes_compare: bayes,
};

/** Lowers one pass's actions in declaration order through the table. */
export function lowerPass(lowering: ActionLowering, actions: readonly Action[], pass: 'declaration' | 'compose'): void {
  for (const a of actions) {
    const row = ACTION_LOWERERS[a.kind] as Row<Action['kind']>;
    if (row.pass === pass) (row as ActionLowerer<Action>).lower(lowering, a);
  }
}

/** Runs each extension lowerer that owns at least one of the actions, in the table's order. */
export function lowerExtensions(cx: CompileContext, actions: readonly Action[]): void {
  const owning: ExtensionLowerer[] = [];
  for (const a of actions) {
    const row = ACTION_LOWERERS[a.kind] as Row<Action['kind']>;
    if (row.pass === 'extension' && !owning.includes(row)) owning.push(row);
  }
  const order = [...new Set(Object.values(ACTION_LOWERERS))];
  owning.sort((x, y) => order.indexOf(x) - order.indexOf(y));
  for (const row of owning) row.lowerAll(cx, actions);
}
