/**
 * CLAIR contradictions the text states (negationContradictions.ts): a belief and its
 * explicit negation open one; anything short of that — paraphrase, antonym, another
 * subject, a double negation — opens nothing (false alarms are worse than misses).
 */
import { describe, expect, it } from 'vitest';
import { analyzeDocument } from '../../../src/core/analysis/analyzeDocument.ts';
import { buildContradictionLedger } from '../../../src/core/contradiction/contradictionLedger.ts';
import { negationContradictions, polarityOf } from '../../../src/core/contradiction/negationContradictions.ts';

const trace = (a: string, b: string) => `b1 .9 L0 @user "${a}"\nb2 .8 L0 @user "${b}"\n`;
const pairs = (a: string, b: string) => negationContradictions(analyzeDocument(trace(a, b), 'clair', 1).graph);

describe('negation contradictions', () => {
  it.each([
    ['the cache is warm', 'the cache is not warm'],
    ['the cache is warm', "The cache isn't warm."],
    ['The server can start', "the server can't start"],
    ['the server can start', 'the server cannot start'],
    ['the build will pass', "the build won't pass"],
    ['the build passes', 'the build passes is false'],
    ['Tests pass', 'It is not true that tests pass'],
    ['the disks are full', 'the disk is not full'],
    ['the deploy finished', 'the deploy never finished'],
  ])('%j and %j contradict', (a, b) => {
    expect(pairs(a, b)).toEqual([{ id: 'negation:b1:b2', endpoints: ['b1', 'b2'] }]);
  });

  it.each([
    ['the cache is warm', 'the cache is cold'],
    ['the cache is warm', 'the cache is not warm yet'],
    ['the cache is warm', 'the database is not warm'],
    ['the cache is warm', 'the cache is not not warm'],
    ['the cache is warm', 'the cache is warm'],
    ['the cache is not warm', 'the cache is never warm'],
    ['the cache is warm', 'the cache is true'],
    ['not', 'true'],
  ])('%j and %j do not', (a, b) => {
    expect(pairs(a, b)).toEqual([]);
  });

  it('reads a belief as its base and polarity', () => {
    expect(polarityOf("The caches aren't warm")).toEqual({ base: 'cach warm', denies: true });
    expect(polarityOf('X is true')).toEqual({ base: 'x', denies: false });
    expect(polarityOf('not')).toBeNull();
  });

  it('groups every belief sharing a base into one contradiction, in document order', () => {
    const g = analyzeDocument('b1 .9 L0 @user "the cache is warm"\nb2 .8 L0 @user "the cache is not warm"\nb3 .7 L0 @user "The cache is warm."\nb4 .6 L0 @user "unrelated"\n', 'clair', 1).graph;
    expect(negationContradictions(g)).toEqual([{ id: 'negation:b1:b2', endpoints: ['b1', 'b2', 'b3'] }]);
  });

  it('is an open contradiction in the ledger, closed by a resolution on its id', () => {
    const { graph } = analyzeDocument(trace('the cache is warm', 'the cache is not warm'), 'clair', 1);
    const ledger = buildContradictionLedger({ graph });
    expect(ledger.openContradictions().map((c) => [c.id, c.kind])).toEqual([['negation:b1:b2', 'negation']]);
    expect(ledger.isContradicted('b1') && ledger.isContradicted('b2')).toBe(true);
    const resolved = buildContradictionLedger({
      graph,
      resolutions: new Map([['negation:b1:b2', { id: 'op1' as never, body: { kind: 'contradiction_resolution', contradiction: 'negation:b1:b2', resolution: 'accept-both' } as never }]]),
    });
    expect(resolved.openContradictions()).toEqual([]);
  });

  it('leaves Gaia and broken lines alone', () => {
    const broken = analyzeDocument('b1 .9 L0 @user "the cache is warm"\nb2 .8 L0 @user "the cache is not warm\n', 'clair', 1).graph;
    expect(negationContradictions(broken)).toEqual([]);
  });
});
