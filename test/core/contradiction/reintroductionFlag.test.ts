/**
 * The one stamp (reintroductionFlag.ts): every item keyed by a node id, QID or Gaia label
 * gets `reintroduced_claim`, and the caveat exactly when it is true; the audit of the
 * stamped records counts them and finds none unflagged.
 */
import { describe, expect, it } from 'vitest';
import { analyzeDocument } from '../../../src/core/analysis/analyzeDocument.ts';
import { auditRecords, buildContradictionLedger } from '../../../src/core/contradiction/contradictionLedger.ts';
import { caveatFor, documentReintroduction, NO_REINTRODUCTION, reintroduction, reintroductionOfEntries } from '../../../src/core/contradiction/reintroductionFlag.ts';
import { beliefHover, gaiaNodeHover } from '../../../src/core/editing/hoverText.ts';

const CLAIR = 'b1 .9 L0 @user "the deploy finished"\nb2 .8 L0 @ctx "the cache is warm"\nb3 .7 L0 @ctx "the cache is not warm"\n';

describe('reintroduction flag', () => {
  const graph = analyzeDocument(CLAIR, 'clair', 1).graph;
  const flags = documentReintroduction(graph);

  it.each([
    ['b1', false],
    ['b2', true],
    ['b3', true],
    ['b9', false],
  ])('%s is flagged: %s', (id, flagged) => {
    const f = flags.flagOf(id);
    expect(f.reintroduced_claim).toBe(flagged);
    expect('caveat' in f).toBe(flagged);
  });

  it('stamps after the item’s own fields, caveat naming the other side', () => {
    const item = flags.stamp({ id: 'b2', stated: 0.8 }, 'b2');
    expect(Object.keys(item)).toEqual(['id', 'stated', 'reintroduced_claim', 'caveat']);
    expect(item.caveat).toBe('conflicting records, unresolved: contradicted by b3 (negation:b2:b3). Do not take this as settled.');
    expect(flags.stamp({ id: 'b1' }, 'b1')).toEqual({ id: 'b1', reintroduced_claim: false });
  });

  it('finds Gaia claims by node id, QID and label', () => {
    const g = {
      language: 'gaia' as const,
      nodes: [
        { id: 'clear', qid: 'ns:glass::clear' },
        { id: 'bubbly', qid: 'ns:glass::bubbly' },
        { id: 'even', qid: 'ns:glass::even' },
      ] as never,
      edges: [],
    };
    const r = reintroduction(g, [{ id: 'c1', kind: 'contradict', endpoints: ['clear', 'bubbly'] }]);
    for (const key of ['clear', 'ns:glass::clear', 'bubbly']) expect(r.flagOf(key).reintroduced_claim).toBe(true);
    for (const key of ['even', 'ns:glass::even']) expect(r.flagOf(key).reintroduced_claim).toBe(false);
    expect(r.flagOf('ns:glass::clear').caveat).toContain('contradicted by bubbly (c1)');
  });

  it('words each kind of contradiction', () => {
    expect(caveatFor('a', [{ id: 'x', kind: 'exclusive', endpoints: ['a', 'b'] }])).toContain('exclusive with b (x)');
    expect(caveatFor('a', [{ id: 'correction:a', kind: 'correction', endpoints: ['a'] }])).toContain('the user’s correction disagrees');
  });

  it('takes a session’s ledger entries, resolved ones closed', () => {
    const r = reintroductionOfEntries(null, [
      { id: 'x', kind: 'contradict', endpoints: ['a', 'b'], resolved: null },
      { id: 'y', kind: 'contradict', endpoints: ['c', 'd'], resolved: 'accept-both' },
    ]);
    expect([...r.contradicted]).toEqual(['a', 'b']);
    expect(NO_REINTRODUCTION.flagOf('a')).toEqual({ reintroduced_claim: false });
  });

  it('agrees with the ledger: the audit of stamped items finds none unflagged', () => {
    const ledger = buildContradictionLedger({ graph });
    const records = ['b1', 'b2', 'b3'].map((id) => flags.stamp({ claim: { id } }, id));
    expect(auditRecords(records, ledger)).toEqual({ reintroduced_claims_count: 2, reintroduced_unflagged_count: 0 });
  });

  it('puts the caveat into the editor’s hovers', () => {
    const node = graph.nodes[1]!;
    const view = { node, band: 'likely', derived: null, problem: null } as never;
    expect(beliefHover('b2', view, 0, flags.flagOf('b2'))).toContain('⚠ _conflicting records');
    expect(beliefHover('b1', { ...(view as object), node: graph.nodes[0]! } as never, 0, flags.flagOf('b1'))).not.toContain('⚠');
    expect(gaiaNodeHover({ node: { ...node, kind: 'note' } } as never, null, undefined, flags.flagOf('b2'))).toContain('⚠ _conflicting records');
  });
});
