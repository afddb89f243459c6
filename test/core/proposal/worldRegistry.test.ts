/**
 * A world's registry and the registry gate against it: reuse passes; a redeclaration or
 * an invented synonym (by name, by declared alias) is a registry-gate error whose
 * message names both declarations; the registry is rebuilt from signed acceptances, and
 * acceptances that do not hold together are reported, not trusted.
 */
import { describe, expect, it } from 'vitest';
import type { Acceptance } from '../../../src/core/proposal/index.ts';
import { acceptanceBody, acceptanceRefusal, checkProposal, proposalHash, proposalStatus, similarNames, worldOf } from '../../../src/core/proposal/index.ts';
import { generateDeviceKey } from '../../../src/core/oplog/deviceKey.ts';
import type { OperationBody, SignedOperation } from '../../../src/core/oplog/operation.ts';
import { appendSigned } from '../../../src/core/oplog/signOperation.ts';
import type { Json } from '../../support/proposalFixtures.ts';
import { baseProposal, call, constant, declarationsOf, textOf } from '../../support/proposalFixtures.ts';

const key = generateDeviceKey(new Uint8Array(32).fill(46));

/** A world log whose ops accept each document in turn (entailment, entailed, z3). */
function acceptAll(...docs: { [k: string]: Json }[]): SignedOperation[] {
  const ops: SignedOperation[] = [];
  for (const doc of docs) {
    const body = acceptanceBody(doc as Record<string, unknown>, proposalHash(doc)!, 'entailment', 'entailed', 'z3');
    const last = ops[ops.length - 1];
    ops.push(appendSigned({ session: 'world-test', last: last ? { seq: last.seq, id: last.id } : null }, body as unknown as OperationBody, key, { at: '2026-11-29T00:00:00.000Z', source: 'cli' }));
  }
  return ops;
}

/** The base proposal (fp_test_001), with aliases on legalHeir, as the world's one accepted proposal. */
function accepted(): { [k: string]: Json } {
  const p = baseProposal();
  (declarationsOf(p)[4] as { aliases?: Json }).aliases = ['inheritor'];
  return p;
}

const WORLD = worldOf(acceptAll(accepted()), 'world-test');
/** A world whose first acceptance that names a world names world_family (the one before it names none). */
const NAMED = worldOf(
  acceptAll(accepted(), { ...baseProposal(), proposalId: 'fp_named', worldId: 'world_family', assertions: [] }, { ...baseProposal(), proposalId: 'fp_other', worldId: 'world_other', assertions: [] }),
  'world-named',
);

/** A new proposal (fp_new) declaring `extra` besides the base declarations it reuses. */
function withDeclaration(extra: Json, goal: Json = call('legalHeir', constant('Ana'))): string {
  const p = baseProposal();
  p.proposalId = 'fp_new';
  declarationsOf(p).push(extra as { [k: string]: Json });
  (p.queryPlan as { goal: Json }).goal = goal;
  return textOf(p);
}

describe('synonym detection by name', () => {
  it.each([
    ['legalHeir', 'legal_heir', 'predicate', true],
    ['legalHeir', 'isLegalHeir', 'predicate', true],
    ['legalHeir', 'heir', 'predicate', true],
    ['max', 'x', 'function', false],
    ['childOf', 'parentOf', 'predicate', false],
    ['Person', 'persons', 'sort', true],
    ['Ana', 'ana', 'const', true],
    ['Ana', 'Anastasia', 'const', false],
    ['age', 'ageOf', 'function', true],
  ] as const)('%s ~ %s (%s): %s', (a, b, kind, same) => {
    expect(similarNames(a, b, kind)).toBe(same);
  });
});

describe('the registry gate against a world', () => {
  it('reuse of the world symbols, and new unrelated ones, pass', () => {
    const check = checkProposal(withDeclaration({ kind: 'predicate', name: 'taxResident', argSorts: ['Person'], resultSort: 'Bool' }), { world: WORLD.registry });
    expect(check.gate).toBeNull();
  });

  it.each([
    [
      { kind: 'predicate', name: 'isLegalHeir', argSorts: ['Person'], resultSort: 'Bool' },
      'registry-world-synonym',
      ['predicate isLegalHeir(Person)', 'predicate legalHeir(Person) (accepted in fp_test_001)'],
    ],
    [
      { kind: 'predicate', name: 'inheritor', argSorts: ['Person'], resultSort: 'Bool' },
      'registry-world-synonym',
      ['predicate inheritor(Person)', 'listed as its alias', 'predicate legalHeir(Person) (accepted in fp_test_001)'],
    ],
    [{ kind: 'sort', name: 'Persons' }, 'registry-world-synonym', ['sort Persons', 'sort Person (accepted in fp_test_001)']],
    [{ kind: 'const', name: 'ana', resultSort: 'Person' }, 'registry-world-synonym', ['const ana : Person', 'const Ana : Person (accepted in fp_test_001)']],
    [{ kind: 'function', name: 'ageOf', argSorts: ['Person'], resultSort: 'Int' }, 'registry-world-synonym', ['function ageOf(Person) : Int', 'function age(Person) : Int']],
  ])('%j is contested (%s)', (extra, code, words) => {
    const check = checkProposal(withDeclaration(extra as Json), { world: WORLD.registry });
    expect(check.gate).toBe('registry');
    const d = check.diagnostics.find((x) => x.code === code)!;
    expect(d).toBeDefined();
    for (const w of words) expect(d.message).toContain(w);
  });

  it('a name the world holds, redeclared with another signature, names both declarations', () => {
    const p = baseProposal();
    p.proposalId = 'fp_new';
    declarationsOf(p)[4] = { kind: 'predicate', name: 'legalHeir', argSorts: ['Person', 'Person'], resultSort: 'Bool' };
    (p.queryPlan as { goal: Json }).goal = call('legalHeir', constant('Ana'), constant('Maria'));
    p.assertions = [];
    const check = checkProposal(textOf(p), { world: WORLD.registry });
    expect(check.gate).toBe('registry');
    const d = check.diagnostics.find((x) => x.code === 'registry-world-redeclared')!;
    expect(d.message).toBe('predicate legalHeir(Person, Person) redeclares legalHeir, which the world already has as predicate legalHeir(Person) (accepted in fp_test_001)');
    expect(d.range.line).toBeGreaterThan(1);
  });

  it('a new declaration listing a world symbol as its alias is a synonym', () => {
    const check = checkProposal(withDeclaration({ kind: 'predicate', name: 'successor', argSorts: ['Person'], resultSort: 'Bool', aliases: ['legalHeir'] }), { world: WORLD.registry });
    expect(check.diagnostics.map((d) => d.code)).toContain('registry-world-synonym');
  });

  it('without a world the same proposals pass (the gate checks the proposal alone)', () => {
    expect(checkProposal(withDeclaration({ kind: 'predicate', name: 'isLegalHeir', argSorts: ['Person'], resultSort: 'Bool' })).gate).toBeNull();
  });

  it('aliases must be identifiers', () => {
    const check = checkProposal(withDeclaration({ kind: 'predicate', name: 'x1', argSorts: ['Person'], resultSort: 'Bool', aliases: ['not a name'] }));
    expect(check.gate).toBe('schema');
  });
});

describe('worldOf: the registry from signed acceptances', () => {
  it('holds every accepted declaration with its proposal and op, and the aliases', () => {
    const ops = acceptAll(accepted());
    const world = worldOf(ops, 'world-test');
    expect(world.problems).toEqual([]);
    expect([...world.registry.entries.keys()]).toEqual(['Person', 'Maria', 'Ana', 'childOf', 'legalHeir', 'age']);
    expect(world.registry.entries.get('legalHeir')).toMatchObject({ kind: 'predicate', argSorts: ['Person'], resultSort: 'Bool', aliases: ['inheritor'], proposalId: 'fp_test_001', op: ops[0]!.id });
    expect(world.registry.aliases.get('inheritor')).toBe('legalHeir');
  });

  it('the same content accepted twice counts once; a proposal id reused with other content is left out', () => {
    const other = baseProposal();
    other.tags = ['changed'];
    const world = worldOf(acceptAll(accepted(), accepted(), other), 'w');
    expect(world.acceptances).toHaveLength(1);
    expect(world.problems).toHaveLength(1);
    expect(world.problems[0]).toContain('proposal fp_test_001 was already accepted with other content');
  });

  it('an acceptance whose hash does not match its proposal is left out', () => {
    const doc = accepted();
    const body = { ...acceptanceBody(doc as Record<string, unknown>, proposalHash(doc)!, 'entailment', 'entailed', 'z3'), proposal: { ...(doc as Record<string, unknown>), tags: ['tampered'] } };
    const op = appendSigned({ session: 'w', last: null }, body as unknown as OperationBody, key, { source: 'cli' });
    const world = worldOf([op], 'w');
    expect(world.acceptances).toEqual([]);
    expect(world.problems[0]).toContain('proposal_hash does not match');
  });

  it('the proposal being checked is left out of the registry (it agrees with itself)', () => {
    const doc = accepted();
    const world = worldOf(acceptAll(doc), 'w', proposalHash(doc));
    expect(world.registry.entries.size).toBe(0);
    expect(world.acceptances).toHaveLength(1);
  });
});

describe('proposalStatus', () => {
  const none = { gate: null, diagnostics: [], ambiguities: [], proposalId: 'fp_x', hash: 'b3:' + '0'.repeat(64), acceptances: [] as Acceptance[], knowledge: null };
  const range = { line: 1, column: 1, endLine: 1, endColumn: 2 };
  it.each([
    ['nothing wrong: proposed', none, 'proposed', []],
    ['a gate failed', { ...none, gate: 'registry', diagnostics: [{ severity: 'error', code: 'registry-world-synonym', message: 'm', range }] }, 'contested', ['registry']],
    ['ambiguities listed', { ...none, ambiguities: [{ text: 'which Ana?', range }] }, 'contested', ['ambiguity']],
    [
      'contradicts accepted knowledge',
      { ...none, knowledge: { verdict: 'inconsistent', solver_answer: 'unsat', core: ['fp_a:ax_1', 'ax_2'], contradiction: true, problem: null } },
      'contested',
      ['contradiction'],
    ],
    ['accepted by the world', { ...none, acceptances: WORLD.acceptances, hash: WORLD.acceptances[0]!.hash, ambiguities: [{ text: 'x', range }] }, 'accepted', []],
    ['its id accepted with other content', { ...none, proposalId: 'fp_test_001', acceptances: WORLD.acceptances }, 'contested', ['proposal-id']],
    ['another world named than the world its acceptances name', { ...none, worldId: 'world_tax', acceptances: NAMED.acceptances }, 'contested', ['world-id']],
    ['the world its acceptances name', { ...none, worldId: 'world_family', acceptances: NAMED.acceptances }, 'proposed', []],
    ['no world named (null or the placeholder _)', { ...none, worldId: '_', acceptances: NAMED.acceptances }, 'proposed', []],
    ['a world whose acceptances name none takes any', { ...none, worldId: 'world_tax', acceptances: WORLD.acceptances }, 'proposed', []],
  ] as const)('%s', (_name, input, status, kinds) => {
    const s = proposalStatus(input as Parameters<typeof proposalStatus>[0]);
    expect(s.status).toBe(status);
    expect(s.reasons.map((r) => r.kind)).toEqual(kinds);
  });

  it('ambiguities are read from the document (strings and objects)', () => {
    const p = baseProposal();
    p.ambiguities = ['which Maria?', { question: 'is adoption a child relation?' }];
    const check = checkProposal(textOf(p));
    expect(check.gate).toBeNull();
    expect(check.proposal!.ambiguities!.map((a) => a.text)).toEqual(['which Maria?', 'is adoption a child relation?']);
  });
});

describe('acceptanceRefusal', () => {
  const base = { status: 'proposed', contested_reasons: [], mode: 'entailment', verdict: 'entailed', proposal_hash: 'b3:x' } as const;
  it.each([
    ['a proof, nothing contests it', base, null],
    ['not a proof', { ...base, verdict: 'not-entailed' }, 'only entailed'],
    ['unknown', { ...base, verdict: 'unknown' }, 'the verdict is unknown'],
    ['consistency: consistent is its proof', { ...base, mode: 'consistency', verdict: 'consistent' }, null],
    ['contested', { ...base, status: 'contested', contested_reasons: [{ kind: 'ambiguity', code: null, message: 'open' }] }, 'contested: open'],
    ['already accepted', { ...base, status: 'accepted' }, 'already accepted'],
  ] as const)('%s', (_n, input, refusal) => {
    const r = acceptanceRefusal(input);
    if (refusal === null) expect(r).toBeNull();
    else expect(r).toContain(refusal);
  });
});
