/**
 * Predicate-logic values as Gaia prints and hashes them: the Python repr Gaia writes as a
 * generated atom claim's content (expected strings from Gaia's own dataclasses), and the
 * formula graphs of shapes no package can compile — nested and shadowed quantifiers,
 * function and arithmetic terms — against Gaia's `build_formula_graph` on the same
 * formulas (test/fixtures/gaia-formula/graphs.expected.json, written by the oracle).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildFormulaGraph } from '../../../src/core/gaia/ir/formulaGraph.ts';
import type { Formula } from '../../../src/core/gaia/runtime/gaiaObjects.ts';
import { atomRepr } from '../../../src/core/gaia/runtime/logicFormulas.ts';
import type { PredicateAtom } from '../../../src/core/gaia/runtime/logicFormulas.ts';
import type { LogicDomain, LogicVariable, SymbolDecl, Term } from '../../../src/core/gaia/runtime/logicTerms.ts';
import { PRIMITIVES } from '../../../src/core/gaia/runtime/logicTerms.ts';

const { Nat, Real, Bool, Probability } = PRIMITIVES;

const domain = (content: string, members: LogicDomain['members'], extra: Partial<LogicDomain> = {}): LogicDomain => ({
  kind: 'domain',
  content,
  format: 'markdown',
  title: null,
  label: null,
  members,
  ...extra,
});
const variable = (symbol: string, d: LogicVariable['domain'], content: string, extra: Partial<LogicVariable> = {}): LogicVariable => ({
  kind: 'variable',
  symbol,
  domain: d,
  value: null,
  unit: null,
  content,
  format: 'markdown',
  title: null,
  label: null,
  ...extra,
});
const int = (v: number) => ({ t: 'num', v, float: false }) as const;
const float = (v: number) => ({ t: 'num', v, float: true }) as const;
const str = (v: string) => ({ t: 'str', v }) as const;
const constant = (value: Extract<Term, { kind: 'constant' }>['value'], primitive: typeof Nat): Term => ({ kind: 'constant', value, primitive });

const D = domain(`It's "quoted"`, [int(1), float(2.5), { t: 'bool', v: true }, str('é')], { title: 'T', label: 'dl' });
const v = variable('v', Nat, 'Variable v: Nat = 3', { value: int(3) });
const w = variable('w', D, 'custom', { title: 'W', label: 'wl' });
const P: SymbolDecl = { kind: 'predicate_symbol', name: 'P', argDomains: [D, Nat], argsTuple: false, result: null };
const F: SymbolDecl = { kind: 'function_symbol', name: 'F', argDomains: [Nat], argsTuple: true, result: Probability };
const r = variable('r', Real, 'Variable r: Real = 1e-07', { value: float(1e-7) });

const DOMAIN_REPR = `Domain(content='It\\'s "quoted"', format='markdown', type='domain', title='T', background=[], parameters=[], provenance=[], metadata={}, label='dl', strategy=None, members=[1, 2.5, True, 'é'])`;
const V_REPR = `Variable(content='Variable v: Nat = 3', format='markdown', type='variable', title=None, background=[], parameters=[], provenance=[], metadata={}, label=None, strategy=None, symbol='v', domain=Nat, value=3, unit=None)`;

/** Each atom and `repr(atom)` as Gaia's Python printed it. */
const REPRS: readonly (readonly [string, PredicateAtom, string])[] = [
  [
    'a predicate over a list of arguments, a labelled domain and a variable with content',
    { f: 'predicate', symbol: P, args: [w, v], argsTuple: false },
    `UserPredicate(symbol=PredicateSymbol(name='P', arg_domains=[${DOMAIN_REPR}, Nat]), args=[Variable(content='custom', format='markdown', type='variable', title='W', background=[], parameters=[], provenance=[], metadata={}, label='wl', strategy=None, symbol='w', domain=${DOMAIN_REPR}, value=None, unit=None), ${V_REPR}])`,
  ],
  [
    'an equality of a function application and a probability',
    { f: 'compare', cls: 'Equals', left: { kind: 'function_app', symbol: F, args: [v], argsTuple: true }, right: constant(float(0.5), Probability) },
    `Equals(left=FunctionApp(symbol=FunctionSymbol(name='F', arg_domains=(Nat,), result_domain=Probability), args=(${V_REPR},)), right=Constant(value=0.5, primitive=Probability))`,
  ],
  [
    'arithmetic against a bool constant',
    { f: 'compare', cls: 'NotEquals', left: { kind: 'arith', op: '-', left: v, right: constant(int(1), Nat) }, right: constant({ t: 'bool', v: true }, Bool) },
    `NotEquals(left=ArithOp(op='-', left=${V_REPR}, right=Constant(value=1, primitive=Nat)), right=Constant(value=True, primitive=Bool))`,
  ],
  [
    'floats as Python writes them',
    { f: 'compare', cls: 'LessEqual', left: r, right: constant(float(1e20), Real) },
    `LessEqual(left=Variable(content='Variable r: Real = 1e-07', format='markdown', type='variable', title=None, background=[], parameters=[], provenance=[], metadata={}, label=None, strategy=None, symbol='r', domain=Real, value=1e-07, unit=None), right=Constant(value=1e+20, primitive=Real))`,
  ],
];

describe("predicate-logic atoms print as Gaia's repr", () => {
  it.each(REPRS)('%s', (_name, atom, want) => expect(atomRepr(atom)).toBe(want));
});

/** Gaia's model_dump(exclude_none=True) of a formula graph: edges without an index leave it out. */
function dumped(g: ReturnType<typeof buildFormulaGraph>): unknown {
  return JSON.parse(JSON.stringify({ ...g, edges: g.edges.map((e) => (e.index === null ? { source: e.source, target: e.target, role: e.role } : e)) }));
}

describe("formula graphs Gaia's build_formula_graph gives", () => {
  const want = JSON.parse(readFileSync(join(import.meta.dirname, '../../fixtures/gaia-formula/graphs.expected.json'), 'utf8')) as Record<string, unknown>;
  const particle = domain('Particles', [str('p1'), str('p2')]);
  const outer = variable('x', particle, 'Variable x: Domain');
  const inner = variable('x', particle, 'Variable x: Domain');
  const related: SymbolDecl = { kind: 'predicate_symbol', name: 'Related', argDomains: [particle, particle], argsTuple: true, result: null };
  const E: SymbolDecl = { kind: 'function_symbol', name: 'E', argDomains: [particle], argsTuple: true, result: Real };
  const ex: Term = { kind: 'function_app', symbol: E, args: [outer], argsTuple: true };
  const cases: readonly (readonly [string, Formula, string])[] = [
    ['shadowed', { f: 'forall', variable: outer, body: { f: 'exists', variable: inner, body: { f: 'predicate', symbol: related, args: [outer, inner], argsTuple: true } } }, 't:shadow_pkg::shadowed'],
    ['terms', { f: 'forall', variable: outer, body: { f: 'compare', cls: 'Greater', left: { kind: 'arith', op: '+', left: ex, right: constant(int(1), Real) }, right: ex } }, 't:p::c'],
  ];
  it.each(cases)('%s', (name, formula, source) => {
    expect(dumped(buildFormulaGraph(formula, source, () => ''))).toEqual(want[name]);
  });
});
