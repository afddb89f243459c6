/**
 * The query encoder (DS004 `QueryEncoder`), on model replies kept as files: a question
 * asked of a world's accepted knowledge or of a proposal becomes a query plan only when
 * the reply is JSON of the query's shape whose goal uses registry symbols alone and passes
 * the gates; a synonym, an alias, a declaration, prose or a sort mismatch is contested with
 * its reason and never reaches a solver. A plan that passes is proved as `prove` proves.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { generateDeviceKey } from '../../../src/core/oplog/deviceKey.ts';
import type { OperationBody } from '../../../src/core/oplog/operation.ts';
import { appendSigned } from '../../../src/core/oplog/signOperation.ts';
import { acceptanceBody, prove, proposalHash, worldOf } from '../../../src/core/proposal/index.ts';
import type { QueryRequest, QueryTarget } from '../../../src/core/transducer/queryEncoder.ts';
import { encodeQuery, proposalQueryTarget, questionProblem, worldQueryTarget } from '../../../src/core/transducer/queryEncoder.ts';
import type { ChatModel } from '../../../src/core/transducer/transducer.ts';
import { nodeSolverFactory } from '../../../src/solvers/nodeSolvers.ts';
import { shutdownZ3 } from '../../../src/solvers/z3Node.ts';

afterAll(() => shutdownZ3());

const DIR = join(import.meta.dirname, '../../fixtures/transducer');
const reply = (name: string) => readFileSync(join(DIR, `${name}.reply.txt`), 'utf8');
const HEIRS_TEXT = readFileSync(join(DIR, 'heir-world.json'), 'utf8');
const HEIRS = JSON.parse(HEIRS_TEXT) as Record<string, unknown>;
const key = generateDeviceKey(new Uint8Array(32).fill(18));
const WORLD = worldOf(
  [
    appendSigned({ session: 'w', last: null }, acceptanceBody(HEIRS, proposalHash(HEIRS)!, 'entailment', 'entailed', 'z3') as unknown as OperationBody, key, {
      at: '2026-11-30T00:00:00.000Z',
      source: 'cli',
    }),
  ],
  'w',
);
const WORLD_TARGET = worldQueryTarget(WORLD, 'world_family')!;
const read = proposalQueryTarget(HEIRS_TEXT);
if (!read.ok) throw new Error(read.reason);
const PROPOSAL_TARGET = read.target;

const QUESTION = 'Is Ana a legal heir?';
const requestFor = (target: QueryTarget, extra: Partial<QueryRequest> = {}): QueryRequest => ({
  question: QUESTION,
  target,
  proposalId: 'q_1',
  source: { sourceId: 'question.txt', span: { start: 0, end: QUESTION.length }, createdAt: '2026-11-30T00:00:00Z' },
  ...extra,
});
const replying = (text: string): ChatModel & { asked: unknown[] } => {
  const asked: unknown[] = [];
  return { name: 'recorded', asked, complete: async (m) => (asked.push(m), text) };
};
const messages = (o: { reasons: readonly { message: string }[] }) => o.reasons.map((r) => r.message).join(' | ');

describe('query encoding: what a reply becomes', () => {
  const cases: [string, 'proposed' | 'contested', string | null, RegExp | null][] = [
    ['query-good', 'proposed', null, null],
    ['query-prose', 'contested', 'reply', /prose, not a JSON object/],
    ['smt', 'contested', 'reply', /SMT-LIB text/],
    ['broken', 'contested', 'reply', /JSON does not parse/],
    ['identity', 'contested', 'reply', /which Warrant fills itself/],
    ['query-declares', 'contested', 'reply', /a question declares nothing, but the reply declares legalHeir/],
    ['query-extra', 'contested', 'reply', /fields a query does not take: "explanation"/],
    ['query-synonym', 'contested', 'registry', /the goal uses legalHeir, which is not in .* and looks like a synonym of predicate isLegalHeir\(Person\).*write isLegalHeir/],
    ['query-alias', 'contested', 'registry', /the goal uses heir, an alias of predicate isLegalHeir\(Person\).*; write isLegalHeir/],
    ['query-sort', 'contested', 'registry', /argument 1 of isLegalHeir must be Person, but it is Asset/],
    ['query-ambiguous', 'contested', 'ambiguity', /open ambiguity: a legal heir may mean/],
  ];
  for (const [label, target] of [
    ['world', WORLD_TARGET],
    ['proposal', PROPOSAL_TARGET],
  ] as const) {
    it.each(cases)(`against a ${label}: %s → %s (%s)`, async (name, status, kind, reason) => {
      const o = await encodeQuery(replying(reply(name)), requestFor(target));
      expect(o.status).toBe(status);
      expect(o.target).toEqual({ kind: label, name: label === 'world' ? 'world_family' : 'fp_heirs' });
      if (kind) expect(o.reasons.map((r) => r.kind)).toContain(kind);
      if (reason) expect(messages(o)).toMatch(reason);
      if (status === 'proposed') {
        expect(o.reasons).toEqual([]);
        expect(o.gate).toBeNull();
      }
    });
  }

  it("names the world's acceptance for a synonym, and the proposal's declaration for a proposal", async () => {
    expect(messages(await encodeQuery(replying(reply('query-synonym')), requestFor(WORLD_TARGET)))).toContain(
      "not in world world_family's registry and looks like a synonym of predicate isLegalHeir(Person) (accepted in fp_heirs)",
    );
    expect(messages(await encodeQuery(replying(reply('query-synonym')), requestFor(PROPOSAL_TARGET)))).toContain(
      "not in proposal fp_heirs's declarations and looks like a synonym of predicate isLegalHeir(Person);",
    );
  });

  it('reports a sort mismatch at the registry gate, with the diagnostic', async () => {
    const o = await encodeQuery(replying(reply('query-sort')), requestFor(WORLD_TARGET));
    expect(o.gate).toBe('registry');
    expect(o.diagnostics.some((d) => d.severity === 'error' && d.code.startsWith('registry-'))).toBe(true);
  });

  it('writes the knowledge with the question as its goal, filling the identity fields itself', async () => {
    const o = await encodeQuery(replying(reply('query-good')), requestFor(WORLD_TARGET));
    const doc = JSON.parse(o.proposal_text!);
    expect(doc).toMatchObject({ proposalId: 'q_1', worldId: 'world_family', tags: ['query'], source: { sourceId: 'question.txt' } });
    expect(doc.queryPlan).toEqual(JSON.parse(reply('query-good')).queryPlan);
    // The accepted assertions are renamed as the accepted-knowledge check names them.
    expect(doc.assertions.map((a: { assertionId: string }) => a.assertionId)).toEqual(['w1_ax_heir', 'w1_f_child', 'w1_f_dead']);
    expect(doc.declarations.every((d: { aliases?: unknown }) => d.aliases === undefined)).toBe(true);
  });

  it('proves a good plan entailed with z3, against the world and against the proposal', async () => {
    for (const target of [WORLD_TARGET, PROPOSAL_TARGET]) {
      const o = await encodeQuery(replying(reply('query-good')), requestFor(target));
      const r = await prove(o.proposal_text!, { solver: 'z3', solverFactory: nodeSolverFactory, budgets: { timeoutMs: 20_000 } });
      expect(r.gate).toBeNull();
      expect(r.verdict).toBe('entailed');
    }
  }, 60_000);
});

describe('query encoding: the prompt', () => {
  it('states the query contract and carries the registry context and the question', async () => {
    const model = replying(reply('query-good'));
    await encodeQuery(model, requestFor(WORLD_TARGET));
    const [system, user] = model.asked[0] as { role: string; content: string }[];
    expect(system!.content).toContain('Use only the registry symbols listed below');
    expect(system!.content).toContain('Declare nothing and assert nothing');
    expect(system!.content).toContain('Never write a synonym');
    expect(user!.content).toContain('World: world_family');
    expect(user!.content).toContain('"name":"isLegalHeir"');
    expect(user!.content).toContain('{"alias":"Human","sort":"Person"}');
    expect(user!.content.endsWith(`Question:\n${QUESTION}`)).toBe(true);
  });

  it('keeps to the budget in the prompt, but checks the goal against the whole registry', async () => {
    const model = replying(reply('query-good'));
    const o = await encodeQuery(model, requestFor(WORLD_TARGET, { budget: { topK: 1 } }));
    expect(o.context.symbols.length).toBeLessThan(WORLD.registry.entries.size);
    expect(o.context.omitted).toBe(WORLD.registry.entries.size - o.context.symbols.length);
    expect(o.status).toBe('proposed');
    const synonym = await encodeQuery(replying(reply('query-synonym')), requestFor(WORLD_TARGET, { budget: { topK: 0 } }));
    expect(messages(synonym)).toMatch(/looks like a synonym of predicate isLegalHeir/);
  });
});

describe('query encoding: what cannot be asked', () => {
  it('contests with the error when the model cannot be reached, and runs nothing', async () => {
    const o = await encodeQuery(
      {
        name: 'down',
        complete: async () => {
          throw new Error('connect ECONNREFUSED');
        },
      },
      requestFor(WORLD_TARGET),
    );
    expect(o).toMatchObject({ status: 'contested', proposal_text: null, gate: null });
    expect(messages(o)).toBe('the model could not be asked: connect ECONNREFUSED');
  });

  it('refuses an empty question, a world with no acceptances, and a proposal that fails its gates', () => {
    expect(questionProblem('  \n')).toBe('the question is empty');
    expect(questionProblem(QUESTION)).toBeNull();
    expect(worldQueryTarget(worldOf([], null), 'w')).toBeNull();
    const broken = proposalQueryTarget('{"schemaVersion": "holoproof.formal-proposal.v1", "proposalId": ');
    expect(broken.ok).toBe(false);
    const undeclared = proposalQueryTarget(HEIRS_TEXT.replace('"symbol": "deceased", "args": [{ "op": "var"', '"symbol": "dead", "args": [{ "op": "var"'));
    expect(undeclared).toMatchObject({ ok: false, reason: expect.stringMatching(/^the proposal stops at the registry gate \(line \d+: .*dead/) });
  });

  it('never throws, and proposes only a plan whose every symbol is the registry’s (property)', async () => {
    const symbol = fc.constantFrom('isLegalHeir', 'legalHeir', 'heir', 'childOf', 'deceased', 'Ana', 'Estate', 'Bruno', 'x', 'val_3');
    const expr: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
      e: fc.oneof(
        { depthSize: 'small' },
        symbol.map((name) => ({ op: 'const', name })),
        fc.record({ op: fc.constant('call'), symbol, args: fc.array(tie('e'), { maxLength: 2 }) }),
        fc.record({ op: fc.constantFrom('and', 'or', 'not', '='), args: fc.array(tie('e'), { maxLength: 2 }) }),
      ),
    })).e;
    const replyText = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.record({ queryPlan: fc.record({ verificationMode: fc.constantFrom('entailment', 'model', 'consistency', 'proof'), goal: expr }) }).map((r) => JSON.stringify(r)),
    );
    await fc.assert(
      fc.asyncProperty(replyText, async (text) => {
        const o = await encodeQuery(replying(text), requestFor(WORLD_TARGET));
        if (o.status !== 'proposed') return;
        const used = JSON.stringify(JSON.parse(o.proposal_text!).queryPlan.goal ?? null);
        for (const name of ['legalHeir', '"heir"', '"x"']) expect(used).not.toContain(name);
      }),
      { numRuns: 150 },
    );
  });
});
