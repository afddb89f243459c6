/**
 * The three gates, one case per diagnostic: each mutates a valid proposal in one way
 * and expects the gate that stops it and the code it reports (docs/contract.md §1.6,
 * docs/contract-extensions.md).
 */
import { describe, expect, it } from 'vitest';
import type { ProposalCode } from '../../src/core/proposal/index.ts';
import { checkProposal, PROPOSAL_CODES } from '../../src/core/proposal/index.ts';
import type { Json } from '../support/proposalFixtures.ts';
import { assertionsOf, baseProposal, call, constant, declarationsOf, edited, forall, not, op, textOf, variable } from '../support/proposalFixtures.ts';

type Root = { [key: string]: Json };
const setGoal = (goal: Json) => (p: Root) => {
  (p.queryPlan as Root).goal = goal;
};
const setExpr = (i: number, expr: Json) => (p: Root) => {
  assertionsOf(p)[i]!.expr = expr;
};

describe('a valid proposal passes every gate', () => {
  it('no diagnostics, SMT-LIB emitted, assertion ranges known', () => {
    const r = checkProposal(textOf(baseProposal()));
    expect(r.gate).toBeNull();
    expect(r.diagnostics).toEqual([]);
    expect(r.smtlib).toContain('(check-sat)');
    expect([...r.assertionRanges.keys()]).toEqual(['ax_heir', 'fact_child', 'fact_age']);
    expect(r.assertionRanges.get('fact_child')!.line).toBeGreaterThan(1);
  });
});

const SCHEMA: readonly [string, string, ProposalCode][] = [
  ['malformed JSON', '{"schemaVersion": ', 'syntax'],
  ['not an object', '[1, 2]', 'schema-not-object'],
  ['wrong schemaVersion', edited((p) => (p.schemaVersion = 'v2')), 'schema-version'],
  ['no declarations', edited((p) => delete p.declarations), 'schema-missing-field'],
  ['assertions not an array', edited((p) => (p.assertions = {})), 'schema-type'],
  ['duplicate key', textOf(baseProposal()).replace('"worldId": "_",', '"worldId": "_", "worldId": "w",'), 'schema-duplicate-key'],
  ['unknown field in an expression', edited(setExpr(1, { op: 'call', symbol: 'childOf', args: [constant('Ana'), constant('Maria')], weight: 2 })), 'schema-unknown-field'],
  ['name with a hyphen', edited((p) => (declarationsOf(p)[1]!.name = 'Maria-Lu')), 'schema-identifier'],
  ['name starting with a digit', edited((p) => (assertionsOf(p)[0]!.assertionId = '1ax')), 'schema-identifier'],
  ['empty name', edited(setExpr(1, call('childOf', constant(''), constant('Maria')))), 'schema-identifier'],
  ['reserved word as a constant', edited((p) => (declarationsOf(p)[1]!.name = 'assert')), 'schema-reserved-word'],
  ['theory symbol as a predicate', edited((p) => (declarationsOf(p)[4]!.name = 'distinct')), 'schema-reserved-word'],
  ['command in its _ spelling', edited((p) => (declarationsOf(p)[2]!.name = 'set_option')), 'schema-reserved-word'],
  ['hp_internal_ prefix', edited((p) => (assertionsOf(p)[0]!.assertionId = 'hp_internal_goal')), 'schema-internal-prefix'],
  ['operator off the whitelist', edited(setExpr(1, { op: 'xor', args: [] })), 'schema-operator'],
  ['ite without its three arguments', edited(setExpr(1, { op: 'ite', args: [] })), 'schema-arity'],
  ['* with one factor', edited(setExpr(2, op('>=', op('*', call('age', constant('Ana'))), constant('val_18')))), 'schema-arity'],
  ['not with args', edited(setExpr(1, { op: 'not', args: [constant('Ana')] })), 'schema-arity'],
  ['=> with one operand', edited(setExpr(1, op('=>', call('legalHeir', constant('Ana'))))), 'schema-arity'],
  ['forall binding nothing', edited(setExpr(0, forall([], call('legalHeir', constant('Ana'))))), 'schema-arity'],
  ['unknown declaration kind', edited((p) => (declarationsOf(p)[0]!.kind = 'datatype')), 'schema-declaration-kind'],
  ['const with arguments', edited((p) => (declarationsOf(p)[1]!.argSorts = ['Person'])), 'schema-declaration-shape'],
  ['unknown verification mode', edited((p) => ((p.queryPlan as Root).verificationMode = 'abduction')), 'schema-mode'],
  ['logic that is not a logic name', edited((p) => (p.logic = 'QF_UF) (exit')), 'schema-logic'],
  ['entailment without a goal', edited((p) => delete (p.queryPlan as Root).goal), 'schema-goal-missing'],
  ['source that is not an object', edited((p) => (p.source = 'doc 12')), 'schema-type'],
  ['source without a span', edited((p) => (p.source = { sourceId: 'doc_12', createdAt: '2026-02-11T12:00:00Z' })), 'schema-missing-field'],
  ['source span that ends before it starts', edited((p) => (p.source = { sourceId: 'doc_12', span: { start: 264, end: 120 }, createdAt: '2026-02-11T12:00:00Z' })), 'schema-source'],
  ['source span with a fraction', edited((p) => (p.source = { sourceId: 'doc_12', span: { start: 1.5, end: 3 }, createdAt: '2026-02-11T12:00:00Z' })), 'schema-source'],
  ['source createdAt that is not an instant', edited((p) => (p.source = { sourceId: 'doc_12', span: { start: 0, end: 3 }, createdAt: 'yesterday' })), 'schema-source'],
  ['source with an empty sourceId', edited((p) => (p.source = { sourceId: ' ', span: { start: 0, end: 3 }, createdAt: '2026-02-11T12:00:00+01:00' })), 'schema-source'],
  ['source with a field of its own', edited((p) => (p.source = { sourceId: 'doc_12', span: { start: 0, end: 3 }, createdAt: '2026-02-11T12:00:00Z', page: 4 })), 'schema-unknown-field'],
  [
    '100k-deep expression',
    textOf(baseProposal())
      .replace('"goal": {', '"goal": ' + '{"op":"not","arg":'.repeat(100_000) + '{')
      .replace(/"tags"/, '"tags"'),
    'schema-too-deep',
  ],
];

const REGISTRY: readonly [string, string, ProposalCode][] = [
  ['symbol declared twice', edited((p) => declarationsOf(p).push({ kind: 'const', name: 'Ana', resultSort: 'Person' })), 'registry-redeclared'],
  ['undeclared constant', edited(setExpr(1, call('childOf', constant('Bob'), constant('Maria')))), 'registry-undeclared'],
  ['undeclared predicate', edited(setGoal(call('heir', constant('Ana')))), 'registry-undeclared'],
  ['undeclared sort in a declaration', edited((p) => (declarationsOf(p)[1]!.resultSort = 'Human')), 'registry-undeclared-sort'],
  ['unbound variable', edited(setExpr(1, call('legalHeir', variable('y')))), 'registry-unbound-var'],
  ['variable named like a symbol', edited(setExpr(0, forall([['Ana', 'Person']], call('legalHeir', variable('Ana'))))), 'registry-var-shadows'],
  [
    'variable bound twice at once',
    edited(
      setExpr(
        0,
        forall(
          [
            ['x', 'Person'],
            ['x', 'Person'],
          ],
          call('legalHeir', variable('x')),
        ),
      ),
    ),
    'registry-duplicate-var',
  ],
  ['assertion id used twice', edited((p) => (assertionsOf(p)[1]!.assertionId = 'ax_heir')), 'registry-duplicate-assertion'],
  ['assertion id that is a symbol', edited((p) => (assertionsOf(p)[1]!.assertionId = 'Ana')), 'registry-name-clash'],
  ['too few arguments', edited(setExpr(1, call('childOf', constant('Ana')))), 'registry-arity'],
  ['constant used as a call target with args', edited(setExpr(1, call('legalHeir', call('Ana', constant('Maria'))))), 'registry-arity'],
  ['argument of the wrong sort', edited(setExpr(1, call('legalHeir', constant('val_3')))), 'registry-sort-mismatch'],
  ['comparing persons', edited(setExpr(2, op('<', constant('Ana'), constant('Maria')))), 'registry-sort-mismatch'],
  ['ite with a non-Boolean condition', edited(setExpr(2, op('>=', op('ite', call('age', constant('Ana')), constant('val_1'), constant('val_2')), constant('val_1')))), 'registry-sort-mismatch'],
  [
    'ite with branches of two sorts',
    edited(setExpr(2, op('>=', op('ite', call('legalHeir', constant('Ana')), call('age', constant('Ana')), constant('Maria')), constant('val_1')))),
    'registry-sort-mismatch',
  ],
  ['multiplying persons', edited(setExpr(2, op('>=', op('*', constant('Ana'), constant('val_2')), constant('val_1')))), 'registry-sort-mismatch'],
  ['dividing by a person', edited(setExpr(2, op('>=', op('/', call('age', constant('Ana')), constant('Maria')), constant('val_1')))), 'registry-sort-mismatch'],
  ['assertion that is not Boolean', edited(setExpr(1, call('age', constant('Ana')))), 'registry-not-boolean'],
  ['predicate returning Int', edited((p) => (declarationsOf(p)[4]!.resultSort = 'Int')), 'registry-predicate-result'],
];

describe('schema gate', () => {
  it.each(SCHEMA)('%s → %s', (_name, text, code) => {
    const r = checkProposal(text);
    expect(r.gate).toBe('schema');
    expect(r.smtlib).toBeNull();
    expect(r.diagnostics.map((d) => d.code)).toContain(code);
    expect(r.diagnostics.every((d) => d.range.line >= 1 && d.range.column >= 1)).toBe(true);
  });

  it.each([
    ['the spec’s own source', { sourceId: 'doc_contract_12', span: { start: 120, end: 264 }, createdAt: '2026-02-11T12:00:00Z' }],
    ['an empty span with a zone offset and milliseconds', { sourceId: 'q', span: { start: 0, end: 0 }, createdAt: '2026-02-11T12:00:00.123+05:30' }],
    ['null', null],
  ])('a well-formed source passes: %s', (_name, source) => {
    const r = checkProposal(edited((p) => (p.source = source as Root)));
    expect(r.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(r.smtlib).not.toBeNull();
  });
});

describe('registry gate', () => {
  it.each(REGISTRY)('%s → %s', (_name, text, code) => {
    const r = checkProposal(text);
    expect(r.gate).toBe('registry');
    expect(r.proposal).not.toBeNull();
    expect(r.smtlib).toBeNull();
    expect(r.diagnostics.filter((d) => d.severity === 'error').map((d) => d.code)).toContain(code);
  });

  it('points at the offending name, and names the assertion', () => {
    const text = edited(setExpr(1, call('childOf', constant('Bob'), constant('Maria'))));
    const d = checkProposal(text).diagnostics.find((x) => x.code === 'registry-undeclared')!;
    const line = text.split('\n')[d.range.line - 1]!;
    expect(line.slice(d.range.column - 1, d.range.endColumn - 1)).toBe('"Bob"');
    expect(d.subject).toBe('fact_child');
  });

  it('consistency mode notes, but does not reject, a goal it never asserts', () => {
    const text = edited((p) => {
      (p.queryPlan as Root).verificationMode = 'consistency';
      (p.queryPlan as Root).goal = constant('true_val');
    });
    const r = checkProposal(text);
    expect(r.gate).toBeNull();
    expect(r.diagnostics.map((d) => [d.severity, d.code])).toEqual([['info', 'registry-unused-goal']]);
    expect(checkProposal(text, { mode: 'entailment' }).gate).toBe('registry');
  });

  it('a declaration wins over the numeral convention', () => {
    const text = edited((p) => declarationsOf(p).push({ kind: 'const', name: 'val_18', resultSort: 'Person' }));
    const r = checkProposal(text);
    expect(r.gate).toBe('registry');
    expect(r.diagnostics.map((d) => d.code)).toContain('registry-sort-mismatch');
  });
});

describe('metadata', () => {
  it('extra keys at the top, on an assertion or in the query plan are warnings, not refusals', () => {
    const r = checkProposal(
      edited((p) => {
        p.reviewer = 'ana';
        assertionsOf(p)[0]!.confidence = 0.9;
        (p.queryPlan as Root).budget = { timeoutMs: 10 };
      }),
    );
    expect(r.gate).toBeNull();
    expect(r.diagnostics.map((d) => [d.severity, d.code])).toEqual([
      ['warning', 'schema-extra-field'],
      ['warning', 'schema-extra-field'],
      ['warning', 'schema-extra-field'],
    ]);
  });
});

describe('emission gate', () => {
  it('warns when the declared logic does not fit and emits ALL', () => {
    const r = checkProposal(edited((p) => (p.logic = 'QF_UF')));
    expect(r.gate).toBeNull();
    expect(r.diagnostics.map((d) => [d.severity, d.code])).toEqual([['warning', 'emission-logic-override']]);
    expect(r.diagnostics[0]!.message).toMatch(/quantifiers.*integers/);
    expect(r.smtlib).toContain('(set-logic ALL)');
  });
});

describe('codes', () => {
  it('every code used in these tables is listed with its gate', () => {
    for (const [, , code] of [...SCHEMA, ...REGISTRY]) expect(Object.hasOwn(PROPOSAL_CODES, code)).toBe(true);
  });

  it('not with one operand and a Boolean constant read fine', () => {
    const text = edited(setGoal(not(not(call('legalHeir', constant('Ana'))))));
    expect(checkProposal(text).gate).toBeNull();
  });
});
