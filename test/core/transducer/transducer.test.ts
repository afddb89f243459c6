/**
 * The model as a checked transducer (DS004), on model replies kept as files: a reply is a
 * proposal only when it is JSON that passes every gate; anything else is contested with
 * its reason. Decoding keeps only sentences whose anchors are in the approved evidence,
 * and an unknown verdict is never worded as a settled one.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ApprovedEvidence } from '../../../src/core/transducer/approvedEvidence.ts';
import { anchorSet } from '../../../src/core/transducer/approvedEvidence.ts';
import { checkAnchoredSentences, checkedAnswer, overclaimsUnknown, templateSentences } from '../../../src/core/transducer/anchoredAnswer.ts';
import { decodingMessages } from '../../../src/core/transducer/decodingPrompt.ts';
import { encodingMessages } from '../../../src/core/transducer/encodingPrompt.ts';
import { generateDeviceKey } from '../../../src/core/oplog/deviceKey.ts';
import type { OperationBody } from '../../../src/core/oplog/operation.ts';
import { appendSigned } from '../../../src/core/oplog/signOperation.ts';
import { acceptanceBody, proposalHash, worldOf } from '../../../src/core/proposal/index.ts';
import type { ContextCandidate as RegistryEntry } from '../../../src/core/transducer/registryContext.ts';
import { selectRegistryContext } from '../../../src/core/transducer/registryContext.ts';
import type { ChatModel, EncodeRequest } from '../../../src/core/transducer/transducer.ts';
import { decodeEvidence, encodeText, encodeTextProblem } from '../../../src/core/transducer/transducer.ts';

const key = generateDeviceKey(new Uint8Array(32).fill(46));
const ACCEPTED = {
  schemaVersion: 'holoproof.formal-proposal.v1',
  proposalId: 'fp_world_1',
  worldId: 'world_main',
  declarations: [
    { kind: 'sort', name: 'Person' },
    { kind: 'predicate', name: 'isEligible', argSorts: ['Person'], resultSort: 'Bool' },
    { kind: 'const', name: 'Bo', resultSort: 'Person' },
  ],
  assertions: [{ assertionId: 'f1', role: 'fact', expr: { op: 'call', symbol: 'isEligible', args: [{ op: 'const', name: 'Bo' }] } }],
  queryPlan: { verificationMode: 'entailment', goal: { op: 'call', symbol: 'isEligible', args: [{ op: 'const', name: 'Bo' }] } },
  ambiguities: [],
  tags: [],
};
const WORLD = worldOf(
  [
    appendSigned({ session: 'w', last: null }, acceptanceBody(ACCEPTED, proposalHash(ACCEPTED)!, 'entailment', 'entailed', 'z3') as unknown as OperationBody, key, {
      at: '2026-11-29T00:00:00.000Z',
      source: 'cli',
    }),
  ],
  'w',
);

const DIR = join(import.meta.dirname, '../../fixtures/transducer');
const reply = (name: string) => readFileSync(join(DIR, `${name}.reply.txt`), 'utf8');
const replying = (text: string): ChatModel & { asked: unknown[] } => {
  const asked: unknown[] = [];
  return { name: 'recorded', asked, complete: async (m) => (asked.push(m), text) };
};

const REQUEST: EncodeRequest = {
  text: 'Every student is eligible. Ana is a student. Is Ana eligible?',
  worldId: 'world_main',
  proposalId: 'fp_7',
  source: { sourceId: 'doc_1', span: { start: 0, end: 61 }, createdAt: '2026-11-29T00:00:00Z' },
};

describe('encoding: what a reply becomes', () => {
  it.each([
    ['good', 'proposed', null],
    ['fenced', 'proposed', null],
    ['prose', 'contested', /prose, not a JSON object/],
    ['smt', 'contested', /SMT-LIB text/],
    ['broken', 'contested', /JSON does not parse/],
    ['array', 'contested', /not an object/],
    ['empty', 'contested', /returned nothing/],
    ['identity', 'contested', /set "worldId", which Warrant fills itself/],
    ['ambiguous', 'contested', /open ambiguity: 'students' may mean/],
    ['undeclared', 'contested', /eligible/],
    ['reserved', 'contested', /assert/],
  ])('%s → %s', async (name, status, reason) => {
    const o = await encodeText(replying(reply(name)), REQUEST);
    expect(o.status).toBe(status);
    if (reason) expect(o.reasons.map((r) => r.message).join(' | ')).toMatch(reason);
    else expect(o.reasons).toEqual([]);
  });

  it('fills the identity fields itself, so a proposal names the world and source it was asked for', async () => {
    const o = await encodeText(replying(reply('good')), REQUEST);
    const p = JSON.parse(o.proposal_text!);
    expect(p).toMatchObject({ schemaVersion: 'holoproof.formal-proposal.v1', proposalId: 'fp_7', worldId: 'world_main', source: REQUEST.source, ambiguities: [] });
  });

  it('contests with the error when the model cannot be reached, and runs nothing', async () => {
    const o = await encodeText(
      {
        name: 'down',
        complete: async () => {
          throw new Error('connect ECONNREFUSED 127.0.0.1:8080');
        },
      },
      REQUEST,
    );
    expect(o).toMatchObject({ status: 'contested', proposal_text: null, reasons: [{ kind: 'reply', code: null, message: 'the model could not be asked: connect ECONNREFUSED 127.0.0.1:8080' }] });
  });

  it('checks the reply against the world: an invented synonym of an accepted symbol is contested, naming both', async () => {
    const o = await encodeText(replying(reply('good')), { ...REQUEST, world: WORLD });
    expect(o.status).toBe('contested');
    expect(o.reasons.map((r) => r.message).join(' | ')).toMatch(/predicate eligible\(Person\) looks like a synonym of predicate isEligible\(Person\) \(accepted in fp_world_1\)/);
  });

  it("carries the world's symbols in the prompt, used ones first", async () => {
    const model = replying(reply('good'));
    const o = await encodeText(model, { ...REQUEST, world: WORLD, budget: { topK: 2 } });
    expect(o.context.symbols).toContain('isEligible');
    expect(o.context.symbols).toContain('Person');
    const user = (model.asked[0] as { content: string }[])[1]!.content;
    expect(user).toContain('"name":"isEligible"');
  });

  it('refuses empty and oversized text before any model is asked', () => {
    expect(encodeTextProblem('  \n')).toMatch(/empty/);
    expect(encodeTextProblem('x'.repeat(300_000))).toMatch(/300000 characters long/);
    expect(encodeTextProblem('Ana is a student.')).toBeNull();
  });

  it('states the reuse contract and carries the registry context in the prompt', () => {
    const context = selectRegistryContext(REGISTRY, REQUEST.text, { topK: 3 });
    const [system, user] = encodingMessages({ text: REQUEST.text, context, worldId: 'world_main' });
    expect(system!.content).toMatch(/Reuse a registry symbol/);
    expect(system!.content).toMatch(/Never declare a new symbol that is a synonym/);
    expect(system!.content).toMatch(/prefer the registry sort its alias names/);
    expect(system!.content).toMatch(/no SMT-LIB text/);
    expect(user!.content).toContain('"name":"student"');
    expect(user!.content).toContain(REQUEST.text);
  });
});

const REGISTRY: RegistryEntry[] = [
  { kind: 'sort', name: 'Person', argSorts: [], resultSort: null, usage: 40, aliases: ['Human', 'Individual'] },
  { kind: 'sort', name: 'Course', argSorts: [], resultSort: null, usage: 5, aliases: [] },
  { kind: 'predicate', name: 'student', argSorts: ['Person'], resultSort: 'Bool', usage: 12, aliases: [] },
  { kind: 'predicate', name: 'eligible', argSorts: ['Person'], resultSort: 'Bool', usage: 3, aliases: [] },
  { kind: 'predicate', name: 'enrolledIn', argSorts: ['Person', 'Course'], resultSort: 'Bool', usage: 30, aliases: [] },
  { kind: 'function', name: 'tuition', argSorts: ['Course'], resultSort: 'Int', usage: 1, aliases: [] },
  { kind: 'const', name: 'Ana', argSorts: [], resultSort: 'Person', usage: 0, aliases: [] },
];

describe('registry context under a budget', () => {
  it("takes the top k, then the sorts their signatures need, with those sorts' aliases", () => {
    const c = selectRegistryContext(REGISTRY, 'Is Ana, a student, eligible?', { topK: 2 });
    expect(c.symbols).toHaveLength(c.symbols.length);
    const names = c.symbols.map((s) => s.name);
    expect(names.slice(0, 2)).not.toContain(undefined);
    for (const s of c.symbols) for (const sort of [...s.argSorts, ...(s.resultSort ? [s.resultSort] : [])]) if (sort !== 'Bool' && sort !== 'Int') expect(names).toContain(sort);
    expect(c.omitted).toBe(REGISTRY.length - c.symbols.length);
    if (names.includes('Person'))
      expect(c.sortAliases).toEqual([
        { alias: 'Human', sort: 'Person' },
        { alias: 'Individual', sort: 'Person' },
      ]);
  });

  it('prefers the relevant symbol when usage is equal, and the used one when relevance is equal', () => {
    const flat = REGISTRY.map((e) => ({ ...e, usage: 1 }));
    const c = selectRegistryContext(flat, 'tuition of a course', { topK: 1 });
    expect(c.symbols[0]!.name).toBe('tuition');
    const u = selectRegistryContext(
      REGISTRY.filter((e) => e.kind === 'predicate').map((e) => ({ ...e, aliases: [], argSorts: [] })),
      '',
      { topK: 1 },
    );
    expect(u.symbols[0]!.name).toBe('enrolledIn');
  });

  it('is deterministic and within budget for any registry (property)', () => {
    const entry = fc.record({
      kind: fc.constantFrom('sort', 'predicate', 'function', 'const') as fc.Arbitrary<RegistryEntry['kind']>,
      name: fc.stringMatching(/^[a-z][A-Za-z0-9_]{0,8}$/),
      argSorts: fc.constant([] as string[]),
      resultSort: fc.constant(null),
      usage: fc.nat(100),
      aliases: fc.constant([] as string[]),
    });
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 30 }), fc.nat(10), fc.string({ maxLength: 30 }), (registry, k, text) => {
        const a = selectRegistryContext(registry, text, { topK: k });
        const b = selectRegistryContext([...registry].reverse().reverse(), text, { topK: k });
        expect(a).toEqual(b);
        expect(a.symbols.length).toBeLessThanOrEqual(k);
      }),
      { numRuns: 60 },
    );
  });
});

const ENTAILED: ApprovedEvidence = {
  verdict: 'entailed',
  mode: 'entailment',
  solverAnswer: 'unsat',
  budget: null,
  core: ['ax_1', 'fact_1'],
  model: [],
  fragments: [
    { id: 'ax_1', smt: '(assert (! (forall ((x Person)) (=> (student x) (eligible x))) :named ax_1))' },
    { id: 'fact_1', smt: '(assert (! (student Ana) :named fact_1))' },
  ],
  goal: '(assert (not (eligible Ana)))',
};
const UNKNOWN: ApprovedEvidence = { ...ENTAILED, verdict: 'unknown', solverAnswer: 'timeout', budget: 'timeout', core: [] };

describe('decoding: anchored sentences only', () => {
  it('keeps every anchored sentence of a reply that cites the evidence', async () => {
    const o = await decodeEvidence(replying(reply('decode-good')), ENTAILED, 'Is Ana eligible?');
    expect(o).toMatchObject({ source: 'model', stripped: [], reply_problem: null });
    expect(o.sentences.map((s) => s.anchors)).toEqual([['verdict:entailed'], ['core:ax_1', 'core:fact_1']]);
  });

  it('strips a sentence with no anchor or an invented one, keeps object-form anchors', async () => {
    const o = await decodeEvidence(replying(reply('decode-unanchored')), ENTAILED);
    expect(o.sentences.map((s) => s.text)).toEqual(['Ana is eligible.', 'Her enrolment counts.']);
    expect(o.stripped.map((s) => s.reason)).toEqual(['it has no anchor', 'anchor "fragment:registrar_note" is not in the approved evidence']);
  });

  it("falls back to Warrant's own anchored sentences when the reply is prose", async () => {
    const o = await decodeEvidence(replying(reply('decode-prose')), ENTAILED);
    expect(o).toMatchObject({ source: 'template', reply_problem: 'the reply was not a JSON object with a "sentences" list' });
    expect(o.text).toBe('The goal follows from the active assertions. It rests on ax_1, fact_1.');
  });

  it('works with no model at all', async () => {
    const o = await decodeEvidence(null, UNKNOWN);
    expect(o.source).toBe('template');
    expect(o.text).toMatch(/inconclusive \(its timeout budget ran out\), so nothing may be concluded/);
    expect(overclaimsUnknown(o.text)).toBe(false);
  });

  it('words unknown as uncertainty: a definite sentence is stripped', () => {
    const { kept, stripped } = checkAnchoredSentences(
      [
        { text: 'Ana is eligible; this is proved.', anchors: ['verdict:unknown'] },
        { text: 'The check could not decide whether Ana is eligible.', anchors: ['verdict:unknown'] },
        { text: 'It may hold, but the solver did not settle it.', anchors: ['verdict:unknown'] },
      ],
      UNKNOWN,
    );
    expect(kept.map((s) => s.text)).toEqual(['The check could not decide whether Ana is eligible.', 'It may hold, but the solver did not settle it.']);
    expect(stripped).toEqual([{ text: 'Ana is eligible; this is proved.', reason: 'it states a definite result while the verdict is unknown' }]);
  });

  it('every template sentence of every verdict is anchored in its evidence (property over verdicts)', () => {
    for (const verdict of ['entailed', 'not-entailed', 'consistent', 'inconsistent', 'model-found', 'no-model', 'unknown'] as const) {
      const ev: ApprovedEvidence = { ...ENTAILED, verdict, model: verdict === 'not-entailed' ? [{ name: 'Ana', value: 'Person!val!0' }] : [], core: verdict === 'entailed' ? ENTAILED.core : [] };
      const t = templateSentences(ev);
      expect(t.length).toBeGreaterThan(0);
      const known = anchorSet(ev);
      for (const s of t) for (const a of s.anchors) expect(known.has(a)).toBe(true);
      expect(checkedAnswer(t, ev).stripped).toEqual([]);
    }
  });

  it('the decoder prompt carries only the approved evidence and its anchors', () => {
    const [, user] = decodingMessages(ENTAILED, 'Is Ana eligible?');
    expect(user!.content).toContain('"core:ax_1"');
    expect(user!.content).toContain('Active formal set');
    expect(user!.content).toContain('Is Ana eligible?');
  });
});
