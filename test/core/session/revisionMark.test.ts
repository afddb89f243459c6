// What a settled text records as a revision: holds on what rests on a rewritten belief,
// the beliefs it added and renamed (when each first appeared: issue 43), and nothing when
// the text is another document pasted over this one.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analyzeDocument } from '../../../src/core/analysis/analyzeDocument.ts';
import type { ReasoningGraph } from '../../../src/core/graph/reasoningGraph.ts';
import { buildDependencyIndex } from '../../../src/core/oplog/dependencyIndex.ts';
import { foldSession } from '../../../src/core/session/sessionModel.ts';
import { revisionMark } from '../../../src/core/session/revisionMark.ts';
import { generateTrace } from '../../../bench/generateTrace.ts';

const clair = (text: string): ReasoningGraph => analyzeDocument(text, 'clair', 1).graph;
const mark = (before: string | null, after: string) => {
  const graph = clair(after);
  return revisionMark(before === null ? null : clair(before), graph, buildDependencyIndex, (index) => foldSession(index, []));
};

const CHAIN = 'b1 .9 L0 @user "x"\nb2 .8 L0 @self <b1 "y"\nb3 .7 L0 @self <b2 "z"\nb4 .9 L0 @user "w"\nb5 .5 L0 @self <b4 "v"';
const sample = readFileSync(new URL('../../../public/samples/route-planning.clair', import.meta.url), 'utf8');

describe('revisionMark', () => {
  it.each([
    ['no earlier revision: the baseline', null, CHAIN, { changed: [], holds: [] }],
    ['the same text', CHAIN, CHAIN, { changed: [], holds: [] }],
    ['a rewritten belief holds what rests on it', CHAIN, CHAIN.replace('"x"', '"x, rewritten"'), { changed: ['b1'], holds: ['b2'] }],
    ['a confidence alone holds nothing', CHAIN, CHAIN.replace('b1 .9', 'b1 .5'), { changed: ['b1'], holds: [] }],
    // b5 loses its justifier: its own content changed, and it rests on what was removed.
    ['a removed belief holds what rested on it', CHAIN, CHAIN.replace('b4 .9 L0 @user "w"\n', '').replace('<b4 ', ''), { changed: ['b5'], holds: ['b5'] }],
    [
      'every belief rewritten but one: still a revision',
      CHAIN,
      CHAIN.replace('"x"', '"X"').replace('"y"', '"Y"').replace('"z"', '"Z"').replace('"w"', '"W"'),
      { changed: ['b1', 'b2', 'b3', 'b4'], holds: ['b2', 'b3', 'b5'] },
    ],
    [
      'every belief rewritten: another document, nothing held',
      CHAIN,
      CHAIN.replace('"x"', '"X"').replace('"y"', '"Y"').replace('"z"', '"Z"').replace('"w"', '"W"').replace('"v"', '"V"'),
      { changed: [], holds: [] },
    ],
    ['a generated trace pasted over the sample: another document', sample, generateTrace(60), { changed: [], holds: [] }],
    ['the sample with one belief rewritten, pasted whole over the sample: a revision', sample, sample.replace(/^(b1 [^"]*")[^"]*/m, '$1a different start'), 'holds'],
  ] as const)('%s', (_name, before, after, expected) => {
    const got = mark(before, after);
    if (expected === 'holds') {
      expect(got.changed).toEqual(['b1']);
      expect(got.holds.length).toBeGreaterThan(0);
    } else expect({ changed: got.changed, holds: got.holds }).toEqual(expected);
    if (expected !== 'holds' && before !== after && expected.changed.length === 0) expect(got.added).toEqual([]);
  });

  it.each([
    ['a belief typed at the end is added', CHAIN, CHAIN + '\nb6 .5 L0 @self <b1 "u"', { changed: [], holds: [], added: ['b6'], renamed: [] }],
    // b6 was written against the rewritten b1: b2, which was there before, is held; b6 is not.
    [
      'a belief added under one rewritten in the same edit is not held',
      CHAIN,
      CHAIN.replace('"x"', '"x, rewritten"') + '\nb6 .5 L0 @self <b1 "u"',
      { changed: ['b1'], holds: ['b2'], added: ['b6'], renamed: [] },
    ],
    ['deleted and typed again: added', CHAIN.replace('\nb3 .7 L0 @self <b2 "z"', ''), CHAIN, { changed: [], holds: [], added: ['b3'], renamed: [] }],
    ['a rename is not an addition', CHAIN, CHAIN.replace(/\bb3\b/g, 'z3'), { changed: [], holds: [], added: [], renamed: [['b3', 'z3']] }],
  ] as const)('%s', (_name, before, after, expected) => {
    expect(mark(before, after)).toEqual(expected);
  });

  it('a rename (F2) is a refactor: the renamed id, its uses and its mentions in content change nothing and hold nothing', () => {
    const before = 'b1 .9 L0 @user "x"\nb2 .8 L0 @self <b1 "I checked b1 twice"\nb3 .7 L0 @self <b1 "z"\nb4 .9 L0 @self <b2 "w"\nb10 .5 L0 @user "b10 is not b1"';
    const after = before.replace(/\bb1\b/g, 'slow');
    expect(after).toContain('b10 is not slow');
    expect(mark(before, after)).toEqual({ changed: [], holds: [], added: [], renamed: [['b1', 'slow']] });
    // A rename and a real rewrite in one go: only the rewrite counts.
    expect(mark(before, after.replace('"w"', '"w, rewritten"'))).toMatchObject({ changed: ['b4'], holds: [] });
    expect(mark(before, after.replace('"z"', '"z, rewritten"').replace('b4 .9 L0 @self <b2', 'b4 .9 L0 @self <b3'))).toMatchObject({ changed: ['b3', 'b4'], holds: ['b4'] });
  });

  it('another language is another document', () => {
    const gaia = analyzeDocument('from gaia.engine.lang import claim\nx = claim("x")\n', 'gaia', 1).graph;
    expect(revisionMark(clair(CHAIN), gaia, buildDependencyIndex, (index) => foldSession(index, []))).toEqual({ changed: [], holds: [], added: [], renamed: [] });
  });
});
