/**
 * The answer audit (answerAudit.ts): each use of a contradicted claim, by content (same
 * words, same polarity) or by a distinctive id, with or without a caveat in its sentence
 * (or a sentence continuing it); the CRT metrics; empty and oversized answers refused.
 * The CRT spec's own example (Microsoft / Amazon) is the first table.
 */
import { describe, expect, it } from 'vitest';
import { analyzeDocument } from '../../../src/core/analysis/analyzeDocument.ts';
import { auditAnswer, CAVEAT_PHRASES, MAX_ANSWER_BYTES } from '../../../src/core/contradiction/answerAudit.ts';
import { documentReintroduction, reintroduction } from '../../../src/core/contradiction/reintroductionFlag.ts';

const WORK = 'b1 .6 L0 @user "I work at Microsoft"\nb2 .9 L0 @user "I work at Amazon"\nb3 .9 L0 @user "I live in Seattle"\n';
const workGraph = analyzeDocument(WORK, 'clair', 1).graph;
// The spec's example: the two employers are set against each other.
const workFlags = reintroduction(workGraph, [{ id: 'employer', kind: 'exclusive', endpoints: ['b1', 'b2'] }]);

const CACHE = 'b1 .9 L0 @user "the deploy finished"\nb2 .8 L0 @ctx "the cache is warm"\nb3 .7 L0 @ctx "the cache is not warm"\nb_4 .5 L0 @ctx "the queue drained"\n';
const cacheGraph = analyzeDocument(CACHE, 'clair', 1).graph;
const cacheFlags = documentReintroduction(cacheGraph);

function audit(answer: string, graph = workGraph, flags = workFlags) {
  const r = auditAnswer(answer, graph, flags);
  if (!r.ok) throw new Error(r.problem);
  return r.audit;
}

describe('answer audit', () => {
  it.each([
    ['I work at Amazon (most recent update).', true, [['b2', false]]],
    ['I work at Amazon, though I have conflicting records about Microsoft.', true, [['b2', false]]],
    ['According to my latest information, I work at Amazon.', true, [['b2', false]]],
    ['I work at Amazon.', false, [['b2', true]]],
    ['I work at Microsoft.', false, [['b1', true]]],
    ['I live in Seattle.', true, []],
    ['I work at Amazon. Though I have conflicting records.', true, [['b2', false]]],
    ['I work at Amazon. The latest information is elsewhere.', false, [['b2', true]]],
    ['I do not work at Amazon.', true, []],
    ['I WORK AT AMAZON!', false, [['b2', true]]],
  ])('%j: pass %s', (answer, pass, uses) => {
    const a = audit(answer);
    expect(a.pass).toBe(pass);
    expect(a.uses.map((u) => [u.claim, u.asserted])).toEqual(uses);
  });

  it('counts the CRT metrics over the uses', () => {
    const a = audit('I work at Amazon (most recent update).\nI work at Microsoft.\nI work at Microsoft, a disputed record.');
    expect(a.metrics).toEqual({ reintroduced_claims_count: 2, reintroduced_flagged_count: 2, reintroduced_unflagged_count: 0, answer_asserted_contradicted_claim_count: 1 });
    expect(a.uses.map((u) => [u.claim, u.line, u.column, u.caveat])).toEqual([
      ['b2', 1, 1, 'most recent update'],
      ['b1', 2, 1, null],
      ['b1', 3, 1, 'disputed'],
    ]);
    expect(a.uses[0]!.contradictions).toEqual(['employer']);
    expect(a.open_contradictions).toBe(1);
  });

  it.each([
    ['The cache is warm.', [['b2', 'content']]],
    ["The cache isn't warm.", [['b3', 'content']]],
    ['It is not true that the caches are warm.', [['b3', 'content']]],
    ['As b2 says, it is fine.', [['b2', 'id']]],
    ['b2x and xb2 are other words.', []],
    ['The deploy finished and the queue drained.', []],
  ])('matches %j as %j', (answer, uses) => {
    expect(audit(answer, cacheGraph, cacheFlags).uses.map((u) => [u.claim, u.matched])).toEqual(uses);
  });

  it('matches a whole-word caveat only', () => {
    expect(audit('I work at Amazon, uncontradicted.').pass).toBe(false);
    expect(audit('I work at Amazon, contradicted elsewhere.').pass).toBe(true);
    expect(CAVEAT_PHRASES.slice(0, 3)).toEqual(['most recent update', 'though i have conflicting records', 'according to my latest information']);
  });

  it('refuses an empty or an oversized answer with a message', () => {
    expect(auditAnswer('  \n', workGraph, workFlags)).toEqual({ ok: false, problem: 'the answer is empty: there is nothing to audit' });
    const huge = auditAnswer('x'.repeat(MAX_ANSWER_BYTES + 1), workGraph, workFlags);
    expect(huge.ok).toBe(false);
    if (!huge.ok) expect(huge.problem).toMatch(/over the 16 MiB/);
  });

  it('finds nothing to flag in a document without open contradictions', () => {
    const a = audit('I work at Microsoft.', workGraph, reintroduction(workGraph, []));
    expect(a).toMatchObject({ open_contradictions: 0, uses: [], pass: true });
  });
});
