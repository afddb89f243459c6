/**
 * `ite`, `*` and `/`, the operators of HoloProof's whitelist Warrant lacked (issue 12
 * item 9): the whitelist matches HoloProof's; well-sorted uses pass every gate with the
 * SMT-LIB2 they should give; ill-sorted ones stop at the registry gate with
 * `registry-sort-mismatch` saying what is wrong; malformed ones at the schema gate; the
 * logic is fitted to linear and non-linear content.
 */
import { describe, expect, it } from 'vitest';
import type { ProposalCode } from '../../src/core/proposal/index.ts';
import { checkProposal, EXPRESSION_OPS } from '../../src/core/proposal/index.ts';
import type { Json } from '../support/proposalFixtures.ts';
import { call, constant, forall, not, op, textOf, variable } from '../support/proposalFixtures.ts';

/** `ALLOWED_EXPR_OPS` of HoloProof's src/sdk/formalProposal.mjs, as published. */
const HOLOPROOF_OPS = ['const', 'var', 'call', 'not', 'and', 'or', '=>', '=', '>', '>=', '<', '<=', '+', '-', '*', '/', 'ite', 'distinct', 'forall', 'exists'];

const c = constant;
const n = (k: number): Json => constant(`val_${k}`);
const ite = (cond: Json, then: Json, otherwise: Json): Json => op('ite', cond, then, otherwise);

/** Declarations every row may use: x, y Int; r, s Real; b Bool; ana, bo Person; age: Person → Int. */
const DECLARATIONS: Json[] = [
  { kind: 'sort', name: 'Person' },
  { kind: 'const', name: 'x', resultSort: 'Int' },
  { kind: 'const', name: 'y', resultSort: 'Int' },
  { kind: 'const', name: 'r', resultSort: 'Real' },
  { kind: 'const', name: 's', resultSort: 'Real' },
  { kind: 'const', name: 'b', resultSort: 'Bool' },
  { kind: 'const', name: 'ana', resultSort: 'Person' },
  { kind: 'const', name: 'bo', resultSort: 'Person' },
  { kind: 'function', name: 'age', argSorts: ['Person'], resultSort: 'Int' },
  { kind: 'predicate', name: 'adult', argSorts: ['Person'] },
];

function proposal(expr: Json, options: { logic?: string; declarations?: Json[] } = {}): string {
  return textOf({
    schemaVersion: 'holoproof.formal-proposal.v1',
    proposalId: 'fp_ops',
    worldId: '_',
    logic: options.logic ?? 'ALL',
    declarations: options.declarations ?? DECLARATIONS,
    assertions: [{ assertionId: 'a1', role: 'fact', expr }],
    queryPlan: { verificationMode: 'consistency' },
    ambiguities: [],
    tags: [],
  });
}

/** The emitted assertion of a one-assertion proposal. */
function assertionOf(smtlib: string): string {
  const line = smtlib.split('\n').find((l) => l.startsWith('(assert '))!;
  return line.replace(/^\(assert \(! /, '').replace(/ :named a1\)\)$/, '');
}

describe('the whitelist', () => {
  it('has every operator of HoloProof’s, and no other', () => {
    expect([...EXPRESSION_OPS].sort()).toEqual([...HOLOPROOF_OPS].sort());
  });
});

describe('well-sorted uses pass every gate', () => {
  const ACCEPTED: readonly [string, Json, string][] = [
    // ite
    ['ite on Int', op('=', c('y'), ite(op('>', c('x'), n(5)), op('-', c('x'), n(5)), n(0))), '(= y (ite (> x 5) (- x 5) 0))'],
    ['ite on Real: numeral branches become reals', op('=', c('r'), ite(c('b'), n(1), n(2))), '(= r (ite b 1.0 2.0))'],
    ['ite on a declared sort', op('=', c('ana'), ite(call('adult', c('bo')), c('bo'), c('ana'))), '(= ana (ite (adult bo) bo ana))'],
    ['ite on Bool, as an assertion', ite(c('b'), call('adult', c('ana')), not(c('b'))), '(ite b (adult ana) (not b))'],
    [
      'ite with a quantified variable',
      forall([['p', 'Person']], op('>=', ite(call('adult', variable('p')), call('age', variable('p')), n(0)), n(0))),
      '(forall ((p Person)) (>= (ite (adult p) (age p) 0) 0))',
    ],
    ['nested ite, numeral branches settled by the outer use', op('<', c('r'), ite(c('b'), ite(op('>', c('x'), n(0)), n(1), n(2)), n(3))), '(< r (ite b (ite (> x 0) 1.0 2.0) 3.0))'],
    ['numeral-only ite under Int', op('=', c('x'), ite(c('b'), n(1), n(2))), '(= x (ite b 1 2))'],
    // *
    ['* of Ints', op('=', op('*', n(3), c('x')), n(45)), '(= (* 3 x) 45)'],
    ['* of Reals, three factors', op('=', op('*', c('r'), c('s'), n(2)), n(1)), '(= (* r s 2.0) 1.0)'],
    ['* of a function value', op('>', op('*', n(2), call('age', c('ana'))), n(36)), '(> (* 2 (age ana)) 36)'],
    ['numerals only, used as Real', op('<', c('r'), op('+', n(1), op('*', n(2), n(3)))), '(< r (+ 1.0 (* 2.0 3.0)))'],
    // /
    ['/ of Reals', op('=', op('/', c('r'), n(4)), n(2)), '(= (/ r 4.0) 2.0)'],
    ['/ of Ints is real division: operands converted', op('>', op('/', c('x'), n(2)), n(3)), '(> (/ (to_real x) 2.0) 3.0)'],
    ['/ of Int terms', op('<', op('/', op('+', c('x'), n(1)), call('age', c('ana'))), c('r')), '(< (/ (to_real (+ x 1)) (to_real (age ana))) r)'],
    ['/ mixing Int and Real operands', op('=', op('/', c('r'), c('x')), c('s')), '(= (/ r (to_real x)) s)'],
    ['/ of numerals only', op('=', c('r'), op('/', n(7), n(2))), '(= r (/ 7.0 2.0))'],
    ['/ chained', op('=', op('/', c('r'), n(2), n(5)), n(1)), '(= (/ r 2.0 5.0) 1.0)'],
    ['/ inside ite inside *', op('=', op('*', n(3), ite(c('b'), op('/', c('x'), n(2)), c('r'))), c('s')), '(= (* 3.0 (ite b (/ (to_real x) 2.0) r)) s)'],
  ];
  it.each(ACCEPTED)('%s', (_name, expr, emitted) => {
    const r = checkProposal(proposal(expr));
    expect(r.gate, JSON.stringify(r.diagnostics)).toBeNull();
    expect(r.diagnostics).toEqual([]);
    expect(assertionOf(r.smtlib!)).toBe(emitted);
  });
});

describe('ill-sorted uses stop at the registry gate', () => {
  const REFUSED: readonly [string, Json, ProposalCode, RegExp][] = [
    ['ite with an Int condition', ite(c('x'), c('b'), c('b')), 'registry-sort-mismatch', /the condition of ite \(its first argument\) must be Boolean, but it is Int/],
    ['ite with a numeral condition', op('=', c('x'), ite(n(1), c('x'), c('y'))), 'registry-sort-mismatch', /condition of ite .* must be Boolean, but it is a number/],
    ['ite with branches Int and Real', op('=', c('r'), ite(c('b'), c('x'), c('r'))), 'registry-sort-mismatch', /branches of ite must have one sort, but the first is Int and the second Real/],
    [
      'ite with branches Person and a number',
      op('=', c('ana'), ite(c('b'), c('ana'), n(3))),
      'registry-sort-mismatch',
      /branches of ite must have one sort, but the first is Person and the second a number/,
    ],
    ['ite with branches Bool and Person', ite(c('b'), c('b'), c('ana')), 'registry-sort-mismatch', /branches of ite must have one sort, but the first is Bool and the second Person/],
    ['ite whose value is not used as its sort', op('=', c('x'), ite(c('b'), c('r'), c('s'))), 'registry-sort-mismatch', /operands of = must all be Int, but this one is Real/],
    ['an Int ite as an assertion', ite(c('b'), c('x'), c('y')), 'registry-not-boolean', /assertion a1 must be Boolean, but it is Int/],
    ['* on Bool', op('*', c('b'), c('b')), 'registry-sort-mismatch', /\* works on numbers \(Int or Real\), not Bool/],
    ['* on a declared sort', op('=', op('*', c('ana'), n(2)), n(2)), 'registry-sort-mismatch', /\* works on numbers \(Int or Real\), not Person/],
    ['* mixing Int and Real', op('=', op('*', c('x'), c('r')), c('s')), 'registry-sort-mismatch', /operands of \* must all be Int, but this one is Real/],
    ['/ on Bool', op('=', op('/', c('r'), c('b')), c('s')), 'registry-sort-mismatch', /\/ divides numbers \(Int or Real\), but this operand is Bool/],
    ['/ on a declared sort', op('=', op('/', c('ana'), n(2)), c('r')), 'registry-sort-mismatch', /\/ divides numbers \(Int or Real\), but this operand is Person/],
    [
      '/ of Ints compared with an Int',
      op('=', c('y'), op('/', c('x'), n(2))),
      'registry-sort-mismatch',
      /operands of = must all be Int, but this one is Real \(\/ is real division: its result is Real, even of Int operands\)/,
    ],
    [
      '/ passed where an Int is needed',
      op('=', c('x'), op('+', c('y'), op('/', c('x'), n(2)))),
      'registry-sort-mismatch',
      /operands of \+ must all be Int, but this one is Real \(\/ is real division/,
    ],
    ['an undeclared constant inside ite', op('=', c('x'), ite(c('b'), c('zed'), n(1))), 'registry-undeclared', /constant zed is not declared/],
    ['an unbound variable inside /', op('=', op('/', c('r'), variable('v')), c('s')), 'registry-unbound-var', /variable v is not bound/],
  ];
  it.each(REFUSED)('%s → %s', (_name, expr, code, message) => {
    const r = checkProposal(proposal(expr));
    expect(r.gate).toBe('registry');
    expect(r.smtlib).toBeNull();
    const d = r.diagnostics.find((x) => x.severity === 'error' && x.code === code);
    expect(d, JSON.stringify(r.diagnostics)).toBeDefined();
    expect(d!.message).toMatch(message);
    expect(d!.subject).toBe('a1');
  });

  it('points at the offending operand', () => {
    const text = proposal(op('=', c('r'), ite(c('b'), c('x'), c('r'))));
    const d = checkProposal(text).diagnostics.find((x) => x.code === 'registry-sort-mismatch')!;
    const lines = text.split('\n');
    expect(lines[d.range.line - 1]!.slice(d.range.column - 1)).toMatch(/^\{/);
    expect(lines.slice(d.range.line - 1, d.range.endLine).join('\n')).toContain('"r"');
  });
});

describe('malformed uses stop at the schema gate', () => {
  const SCHEMA: readonly [string, Json, ProposalCode, RegExp][] = [
    ['ite with two arguments', { op: 'ite', args: [c('b'), c('b')] }, 'schema-arity', /"ite" takes exactly 3 arguments .*got 2/],
    ['ite with four arguments', { op: 'ite', args: [c('b'), c('b'), c('b'), c('b')] }, 'schema-arity', /exactly 3 arguments .*got 4/],
    ['ite with arg instead of args', { op: 'ite', arg: c('b') }, 'schema-unknown-field', /arg/],
    ['ite with named branches', { op: 'ite', cond: c('b'), then: c('b'), else: c('b') }, 'schema-unknown-field', /cond/],
    ['* with one operand', op('=', op('*', c('x')), n(1)), 'schema-arity', /"\*" needs at least 2 arguments, got 1/],
    ['/ with one operand', op('=', op('/', c('r')), n(1)), 'schema-arity', /"\/" needs at least 2 arguments, got 1/],
    ['/ with no operands', op('=', op('/'), n(1)), 'schema-arity', /"\/" needs at least 2 arguments, got 0/],
    ['an operator HoloProof does not have either', op('div', c('x'), n(2)), 'schema-operator', /unknown operator "div" \(allowed: .*\* \/ ite/],
  ];
  it.each(SCHEMA)('%s', (_name, expr, code, message) => {
    const r = checkProposal(proposal(expr));
    expect(r.gate).toBe('schema');
    const d = r.diagnostics.find((x) => x.code === code);
    expect(d, JSON.stringify(r.diagnostics)).toBeDefined();
    expect(d!.message).toMatch(message);
  });
});

describe('the logic fits linear and non-linear content', () => {
  const LOGIC: readonly [string, string, Json, string, boolean][] = [
    // [name, declared, expression, emitted, override]
    ['a constant factor is linear', 'QF_LIA', op('=', op('*', n(2), c('x')), n(6)), 'QF_LIA', false],
    ['a constant expression as factor is linear', 'QF_LIA', op('=', op('*', op('+', n(1), n(2)), c('x'), op('-', n(4))), n(6)), 'QF_LIA', false],
    ['a product of two unknowns needs N', 'QF_LIA', op('=', op('*', c('x'), c('y')), n(6)), 'ALL', true],
    ['a square needs N', 'QF_LIA', op('=', op('*', c('x'), c('x')), n(49)), 'ALL', true],
    ['a product under QF_NIA', 'QF_NIA', op('=', op('*', c('x'), c('y')), n(6)), 'QF_NIA', false],
    ['an ite factor is not a constant', 'QF_LIA', op('=', op('*', c('x'), ite(c('b'), n(2), n(3))), n(6)), 'ALL', true],
    ['division by a constant is linear', 'QF_LRA', op('=', op('/', c('r'), n(4)), n(2)), 'QF_LRA', false],
    ['division by a constant fraction is linear', 'QF_LRA', op('=', op('/', c('r'), op('/', n(1), n(3))), n(2)), 'QF_LRA', false],
    ['division by an unknown needs N', 'QF_LRA', op('=', op('/', c('r'), c('s')), n(2)), 'ALL', true],
    ['division by an unknown under QF_NRA', 'QF_NRA', op('=', op('/', c('r'), c('s')), n(2)), 'QF_NRA', false],
    ['division by zero needs N (cvc5 refuses it in a linear logic)', 'QF_LRA', op('=', op('/', c('r'), n(0)), n(2)), 'ALL', true],
    ['division by a constant that is zero needs N', 'QF_LRA', op('=', op('/', c('r'), op('-', n(2), n(2))), n(2)), 'ALL', true],
    ['Int division needs Int and Real: LIRA', 'QF_LIA', op('>', op('/', c('x'), n(2)), n(3)), 'ALL', true],
    ['Int division under QF_LIRA', 'QF_LIRA', op('>', op('/', c('x'), n(2)), n(3)), 'QF_LIRA', false],
    ['Int division by an unknown under QF_NIRA', 'QF_NIRA', op('>', op('/', c('x'), c('y')), n(3)), 'QF_NIRA', false],
    ['Int division by an unknown under QF_LIRA', 'QF_LIRA', op('>', op('/', c('x'), c('y')), n(3)), 'ALL', true],
    ['ite needs no theory of its own', 'QF_LIA', op('=', c('x'), ite(c('b'), n(1), n(2))), 'QF_LIA', false],
  ];
  const intsAndReals: Json[] = DECLARATIONS.filter((d) => ['x', 'y', 'r', 's', 'b'].includes((d as { name: string }).name));
  const only = (sorts: string[]): Json[] => intsAndReals.filter((d) => sorts.includes((d as { resultSort: string }).resultSort));
  it.each(LOGIC)('%s: %s → %s', (_name, declared, expr, emitted, override) => {
    // Declare only the sorts each row needs, so the logic's arithmetic part is the question.
    const sorts = declared.includes('IRA') || declared === 'QF_LIA' ? ['Int', 'Real', 'Bool'] : declared.includes('IA') ? ['Int', 'Bool'] : ['Real', 'Bool'];
    const uses = JSON.stringify(expr);
    const declarations = only(sorts).filter((d) => uses.includes(`"${(d as { name: string }).name}"`));
    const r = checkProposal(proposal(expr, { logic: declared, declarations }));
    expect(r.gate, JSON.stringify(r.diagnostics)).toBeNull();
    expect(r.logic?.emitted).toBe(emitted);
    const warning = r.diagnostics.find((d) => d.code === 'emission-logic-override');
    expect(warning !== undefined).toBe(override);
  });

  it('the override names non-linear arithmetic', () => {
    const r = checkProposal(proposal(op('=', op('*', c('x'), c('y')), n(6)), { logic: 'QF_LIA', declarations: DECLARATIONS.slice(1, 3) }));
    expect(r.diagnostics.find((d) => d.code === 'emission-logic-override')!.message).toMatch(
      /non-linear arithmetic \(a product of two non-constant terms, or a division by a term that is not a non-zero constant\), which needs NIA, NRA or NIRA/,
    );
  });

  it('a constant too large to work out counts as non-constant: ALL, not a slow proof', () => {
    const huge = op('*', ...Array.from({ length: 2000 }, () => constant(`val_${'9'.repeat(40)}`)));
    const started = Date.now();
    const r = checkProposal(proposal(op('=', op('/', c('r'), huge), n(1)), { logic: 'QF_LRA', declarations: [DECLARATIONS[3]!] }));
    expect(Date.now() - started).toBeLessThan(2000);
    expect(r.logic?.emitted).toBe('ALL');
  });
});

describe('the SMT-LIB2 script', () => {
  it('matches the golden script: ite, * and / with Int operands converted', () => {
    const text = textOf({
      schemaVersion: 'holoproof.formal-proposal.v1',
      proposalId: 'fp_pricing',
      worldId: '_',
      logic: 'QF_NIRA',
      declarations: [
        { kind: 'const', name: 'qty', resultSort: 'Int' },
        { kind: 'const', name: 'unitPrice', resultSort: 'Int' },
        { kind: 'const', name: 'isMember', resultSort: 'Bool' },
        { kind: 'const', name: 'perItem', resultSort: 'Real' },
      ],
      assertions: [
        { assertionId: 'f_qty', role: 'fact', expr: op('=', c('qty'), n(4)) },
        { assertionId: 'f_price', role: 'fact', expr: op('=', c('unitPrice'), ite(c('isMember'), n(9), n(10))) },
        { assertionId: 'f_per_item', role: 'fact', expr: op('=', c('perItem'), op('/', op('*', c('qty'), c('unitPrice')), op('+', c('qty'), n(1)))) },
      ],
      queryPlan: { verificationMode: 'entailment', goal: op('<', c('perItem'), n(9)) },
      ambiguities: [],
      tags: [],
    });
    expect(checkProposal(text).smtlib).toBe(`; FormalProposal fp_pricing, mode entailment
(set-option :produce-unsat-cores true)
(set-option :produce-models true)
(set-logic QF_NIRA)
(declare-fun isMember () Bool)
(declare-fun perItem () Real)
(declare-fun qty () Int)
(declare-fun unitPrice () Int)
(assert (! (= qty 4) :named f_qty))
(assert (! (= unitPrice (ite isMember 9 10)) :named f_price))
(assert (! (= perItem (/ (to_real (* qty unitPrice)) (to_real (+ qty 1)))) :named f_per_item))
(assert (! (not (< perItem 9.0)) :named hp_internal_goal))
(check-sat)
`);
  });
});
