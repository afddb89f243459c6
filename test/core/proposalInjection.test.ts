/**
 * Hostile proposals: names that try to carry SMT-LIB text, reserved words, Warrant's
 * internal prefix, Unicode look-alikes, enormous nesting and huge arrays are all
 * stopped at a gate — no script is emitted — and the emission gate refuses unsafe
 * text even if an emitter bug produced it.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SmtProgram } from '../../src/core/proposal/index.ts';
import { checkProposal, isReservedWord, nameProblem } from '../../src/core/proposal/index.ts';
import { checkEmission } from '../../src/core/proposal/emissionGate.ts';
import { GateReport } from '../../src/core/proposal/gateDiagnostics.ts';
import { assertionsOf, baseProposal, call, constant, declarationsOf, edited, op, textOf } from '../support/proposalFixtures.ts';

const HOSTILE_NAMES = [
  'a) (exit',
  'x))(check-sat)(exit)(assert (true',
  'Ana|',
  '|Ana|',
  'a;b',
  'a"b',
  'a b',
  'line\nbreak',
  'tab\there',
  'café',
  'Ａna', // full-width A
  'Аna', // Cyrillic A
  'a\u200bb', // zero-width space
  'a\u0000b',
  'exit',
  'push',
  'pop',
  'reset',
  'set_logic',
  'check_sat',
  'true',
  'false',
  'not',
  'Int',
  'Bool',
  'let',
  'forall',
  '_',
  'hp_internal_goal',
  'hp_internal_',
  'x'.repeat(129),
  '',
];

describe('hostile names are stopped at the schema gate', () => {
  const places: readonly [string, (name: string) => string][] = [
    ['a declared constant', (n) => edited((p) => (declarationsOf(p)[1]!.name = n))],
    ['a sort', (n) => edited((p) => (declarationsOf(p)[0]!.name = n))],
    ['an assertion id', (n) => edited((p) => (assertionsOf(p)[1]!.assertionId = n))],
    ['a called symbol', (n) => edited((p) => (assertionsOf(p)[1]!.expr = call(n, constant('Ana'), constant('Maria'))))],
    ['a constant in the goal', (n) => edited((p) => ((p.queryPlan as { goal: unknown }).goal = call('legalHeir', constant(n))))],
    ['a bound variable', (n) => edited((p) => (assertionsOf(p)[0]!.expr = { op: 'forall', vars: [{ name: n, sort: 'Person' }], body: call('legalHeir', { op: 'var', name: n }) }))],
    ['an argument sort', (n) => edited((p) => (declarationsOf(p)[4]!.argSorts = [n]))],
    // ite, * and / read their operands like any other operator: names inside them pass the same rule.
    ['the condition of an ite', (n) => edited((p) => (assertionsOf(p)[2]!.expr = op('>=', op('ite', constant(n), call('age', constant('Ana')), constant('val_0')), constant('val_18'))))],
    ['a branch of an ite', (n) => edited((p) => (assertionsOf(p)[2]!.expr = op('>=', op('ite', call('legalHeir', constant('Ana')), call(n, constant('Ana')), constant('val_0')), constant('val_18'))))],
    ['a factor of *', (n) => edited((p) => (assertionsOf(p)[2]!.expr = op('>=', op('*', constant('val_2'), constant(n)), constant('val_18'))))],
    [
      'a divisor of / (a variable)',
      (n) =>
        edited(
          (p) =>
            (assertionsOf(p)[0]!.expr = {
              op: 'forall',
              vars: [{ name: 'x', sort: 'Person' }],
              body: op('>', op('/', call('age', { op: 'var', name: 'x' }), { op: 'var', name: n }), constant('val_0')),
            }),
        ),
    ],
  ];
  for (const [where, make] of places) {
    it.each(HOSTILE_NAMES.map((n) => [JSON.stringify(n).slice(0, 40), n] as const))(`${where}: %s`, (_shown, name) => {
      const r = checkProposal(make(name));
      // Int and Bool are fine as sorts; everywhere else every one of these is refused.
      if (where === 'an argument sort' && (name === 'Int' || name === 'Bool')) {
        expect(r.gate === null || r.gate === 'registry').toBe(true);
        return;
      }
      expect(r.gate).toBe('schema');
      expect(r.smtlib).toBeNull();
      expect(r.diagnostics.some((d) => /^schema-(identifier|reserved-word|internal-prefix)$/.test(d.code))).toBe(true);
    });
  }

  it('any name that passes the schema gate is a plain identifier, not reserved', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), (name) => {
        const r = checkProposal(edited((p) => (declarationsOf(p)[1]!.name = name)));
        if (r.gate !== 'schema') {
          expect(name).toMatch(/^[A-Za-z_][A-Za-z0-9_]*$/);
          expect(isReservedWord(name)).toBe(false);
          expect(name.startsWith('hp_internal_')).toBe(false);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('a role or logic carrying SMT text is refused too', () => {
    expect(checkProposal(edited((p) => (assertionsOf(p)[0]!.role = 'axiom) (exit'))).gate).toBe('schema');
    expect(checkProposal(edited((p) => (p.logic = 'ALL)\n(exit'))).gate).toBe('schema');
  });

  it('a proposal id carrying text does not reach the script comment', () => {
    const r = checkProposal(edited((p) => (p.proposalId = 'x\n(exit)')));
    expect(r.gate).toBeNull();
    expect(r.smtlib).not.toContain('(exit)');
    expect(r.smtlib!.split('\n')[0]).toBe('; FormalProposal, mode entailment');
  });
});

describe('size limits', () => {
  it('100,001 assertions: schema-limit, not a slow walk', () => {
    const p = baseProposal();
    const one = assertionsOf(p)[1]!;
    p.assertions = Array.from({ length: 100_001 }, (_, i) => ({ ...one, assertionId: `f${i}` }));
    const r = checkProposal(textOf(p));
    expect(r.gate).toBe('schema');
    expect(r.diagnostics.map((d) => d.code)).toContain('schema-limit');
  });

  it('an and of 300k operands is read iteratively and emitted', () => {
    const args = Array.from({ length: 300_000 }, () => call('legalHeir', constant('Ana')));
    const r = checkProposal(edited((p) => (assertionsOf(p)[1]!.expr = { op: 'and', args })));
    expect(r.gate).toBeNull();
    expect(r.smtlib!.length).toBeGreaterThan(300_000 * 10);
  });

  it('nesting past the limit inside an expression is schema-too-deep, wherever it is', () => {
    const deep = '{"op":"not","arg":'.repeat(300) + '{"op":"const","name":"Ana"}' + '}'.repeat(300);
    const text = textOf(baseProposal()).replace(/"goal": \{[\s\S]*?\n {4}\}/, `"goal": {"op":"and","args":[${deep}]}`);
    const r = checkProposal(text);
    expect(r.gate).toBe('schema');
    expect(r.diagnostics[0]!.code).toBe('schema-too-deep');
  });
});

describe('the emission gate on its own', () => {
  const program = (assertion: string): SmtProgram => ({
    mode: 'entailment',
    logic: { declared: null, emitted: 'ALL', overrideReason: null },
    comments: ['; test'],
    preamble: ['(set-option :produce-unsat-cores true)', '(set-logic ALL)'],
    declarations: ['(declare-sort Person 0)', '(declare-fun Ana () Person)', '(declare-fun p (Person) Bool)'],
    assertions: [{ id: 'a1', command: assertion }],
    goal: null,
  });
  const cases: readonly [string, string, string][] = [
    ['a second command on the line', '(assert (! (p Ana) :named a1)) (assert (p Ana))', 'emission-unbalanced'],
    ['exit after the assertion', '(assert (! (p Ana) :named a1)) (exit)', 'emission-unsafe-symbol'],
    ['unbalanced', '(assert (! (p Ana) :named a1)', 'emission-unbalanced'],
    ['too many closers', '(assert (p Ana)))', 'emission-unbalanced'],
    ['a declaration where an assertion belongs', '(declare-fun q () Bool)', 'emission-command'],
    ['push', '(push 1)', 'emission-unsafe-symbol'],
    ['exit as a head', '(exit)', 'emission-unsafe-symbol'],
    ['a string', '(assert (! (p "Ana") :named a1))', 'emission-token'],
    ['a quoted symbol', '(assert (! (p |Ana Bob|) :named a1))', 'emission-token'],
    ['a comment after the command', '(assert (p Ana)) ; hi', 'emission-unbalanced'],
    ['a comment inside the command', '(assert (p ;\n Ana))', 'emission-token'],
    ['a reserved symbol', '(assert (! (p reset) :named a1))', 'emission-unsafe-symbol'],
    ['an internal name', '(assert (! (p hp_internal_x) :named a1))', 'emission-unsafe-symbol'],
    ['a keyword it does not write', '(assert (! (p Ana) :pattern a1))', 'emission-token'],
    // ite, *, / and to_real are in its vocabulary, but only as the emitter writes them: other theory words are not.
    ['a theory word the emitter never writes', '(assert (! (= (div 7 2) 3) :named a1))', 'emission-unsafe-symbol'],
    ['a string smuggled beside to_real', '(assert (! (> (to_real "1") 0.0) :named a1))', 'emission-token'],
  ];
  it.each(cases)('%s → %s', (_name, command, code) => {
    const report = new GateReport();
    checkEmission(program(command), report, () => ({ line: 1, column: 1, endLine: 1, endColumn: 1 }));
    expect(report.diagnostics.map((d) => d.code)).toContain(code);
  });

  it('passes what the emitter writes', () => {
    const report = new GateReport();
    checkEmission(program('(assert (! (forall ((x Person)) (=> (p x) (p Ana))) :named a1))'), report, () => ({ line: 1, column: 1, endLine: 1, endColumn: 1 }));
    checkEmission(program('(assert (! (ite (p Ana) (> (/ (to_real (* 2 3)) 4.0) 1.0) (p Ana)) :named a1))'), report, () => ({ line: 1, column: 1, endLine: 1, endColumn: 1 }));
    expect(report.diagnostics).toEqual([]);
  });

  it('nameProblem explains each kind of bad name', () => {
    expect(nameProblem('')).toBe('empty');
    expect(nameProblem('a-b')).toBe('identifier');
    expect(nameProblem('exit')).toBe('reserved');
    expect(nameProblem('hp_internal_a')).toBe('internal-prefix');
    expect(nameProblem('x'.repeat(200))).toBe('too-long');
    expect(nameProblem('legalHeir')).toBeNull();
  });
});
