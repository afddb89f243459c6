/**
 * Comprehensions and generator expressions, run as Python runs them: the `for` clauses
 * nest left to right, each clause's `if`s filter, a dict's key is read before its value,
 * and the loop names live in a scope of their own — they neither leak into the module or
 * function around them nor overwrite its names. The first iterable is read before that
 * scope opens, as Python reads it.
 *
 * A generator expression is consumed where it is written (Warrant has no lazy values):
 * what `sum`, `any`, `list`, `", ".join` and the like take from it is the same list. A set
 * comprehension makes a set (pythonSets.ts), whose order Warrant never shows.
 */
import type { PyComprehensionClause, PyExpr } from '../../python/pyAst.ts';
import { evaluate } from './evaluateExpression.ts';
import { bindTarget, step } from './executeStatements.ts';
import type { GaiaRuntime } from './gaiaRuntime.ts';
import type { GValue } from './gaiaValues.ts';
import { OPAQUE, describeValue } from './gaiaValues.ts';
import { setItem } from './pythonBuiltins.ts';
import { makeSet } from './pythonSets.ts';
import { iterate } from './pythonSemantics.ts';
import { testTruth } from './truthTest.ts';

type Comprehension = Extract<PyExpr, { kind: 'comprehension' }>;

export function evaluateComprehension(rt: GaiaRuntime, e: Comprehension): GValue {
  const first = evaluate(rt, e.clauses[0]!.iter);
  if (first.t === 'opaque') return OPAQUE;
  // The comprehension's own scope: the enclosing function's names stay visible, its own stay inside.
  rt.frames.push(new Map(rt.frames.at(-1) ?? []));
  const items: GValue[] = [];
  const dict: GValue = { t: 'dict', entries: [] };
  const emit = (): boolean => {
    const element = evaluate(rt, e.element);
    if (element.t === 'opaque') return false;
    if (e.value === null) {
      items.push(element);
      return true;
    }
    const value = evaluate(rt, e.value);
    return value.t !== 'opaque' && setItem(rt, dict, element, value, e.element.range);
  };
  try {
    if (!runClauses(rt, e, 0, first, emit)) return OPAQUE;
  } finally {
    rt.frames.pop();
  }
  if (e.form === 'set') return makeSet(rt, items, e.range);
  return e.form === 'dict' ? dict : { t: 'seq', items, tuple: false };
}

/** Runs clause `i` over `iterable` (already read) and the clauses after it; false after a report. */
function runClauses(rt: GaiaRuntime, e: Comprehension, i: number, iterable: GValue, emit: () => boolean): boolean {
  const clause: PyComprehensionClause = e.clauses[i]!;
  const items = iterate(iterable);
  if (!items) {
    rt.report('unsupported-python', `a comprehension over ${describeValue(iterable)} is outside what Warrant evaluates`, clause.iter.range);
    return false;
  }
  for (const item of [...items]) {
    if (!step(rt, e.range)) return false;
    if (!bindTarget(rt, clause.target, item)) {
      rt.report('unsupported-python', 'a comprehension here is outside what Warrant evaluates', e.range);
      return false;
    }
    const kept = passes(rt, clause.ifs);
    if (kept === undefined) return false;
    if (!kept) continue;
    if (i + 1 === e.clauses.length) {
      if (!emit()) return false;
      continue;
    }
    const next = evaluate(rt, e.clauses[i + 1]!.iter);
    if (next.t === 'opaque' || !runClauses(rt, e, i + 1, next, emit)) return false;
  }
  return true;
}

/** Whether an item passes every `if` of its clause; undefined after a report. */
function passes(rt: GaiaRuntime, ifs: readonly PyExpr[]): boolean | undefined {
  for (const test of ifs) {
    const v = evaluate(rt, test);
    if (v.t === 'opaque') return undefined;
    const t = testTruth(rt, v, test.range);
    if (t !== true) return t;
  }
  return true;
}
