import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeDocument } from '../../src/core/analysis/analyzeDocument.ts';
import type { ReasoningGraph } from '../../src/core/graph/reasoningGraph.ts';
import { exportClair } from '../../src/core/export/exportClair.ts';
import { UNICODE_CONTENT, UNICODE_TRACE } from '../cli/support/unicodeTrace.ts';
import { referenceDir } from '../support/sharedReference.ts';

/** The graph without positions: canonical spacing moves columns, never meaning. */
function meaning(graph: ReasoningGraph) {
  return {
    nodes: graph.nodes.map(({ range, ...rest }) => ({ ...rest, line: range.line })),
    edges: graph.edges,
  };
}

function diagnosticKeys(text: string): string[] {
  return analyzeDocument(text, 'clair', 1).diagnostics.map((d) => `${d.range.line}:${d.code}:${d.severity}`);
}

describe('exportClair', () => {
  it('re-parses to the same graph and is a fixpoint', () => {
    const once = exportClair(UNICODE_TRACE);
    expect(meaning(analyzeDocument(once, 'clair', 1).graph)).toEqual(meaning(analyzeDocument(UNICODE_TRACE, 'clair', 1).graph));
    expect(exportClair(once)).toBe(once);
    const contents = analyzeDocument(once, 'clair', 1).graph.nodes.map((n) => [n.id, n.content]);
    expect(Object.fromEntries(contents)).toEqual(UNICODE_CONTENT);
  });

  it('writes canonical spacing and merges justification groups', () => {
    const text = 'b1  .5   L0 @user   "a"\nb2 .4 L0 @self <b1 <b1  "b"   ;  note  \n\n\n';
    expect(exportClair(text)).toBe('b1 .5 L0 @user "a"\nb2 .4 L0 @self <b1 "b"  ;  note\n');
  });

  it('keeps lines that do not parse, as written', () => {
    const text = 'b1 .5 L0 @user "a"\nthis is not a belief\nb2 .5 L0 @self <b1 "unterminated\n';
    const out = exportClair(text);
    expect(out).toContain('this is not a belief');
    expect(out).toContain('b2 .5 L0 @self <b1 "unterminated');
    expect(diagnosticKeys(out)).toEqual(diagnosticKeys(text));
  });

  const dir = referenceDir('clair');
  describe.skipIf(!dir)('on the reference cases', () => {
    for (const file of dir ? readdirSync(dir).filter((f) => f.endsWith('.clair')) : []) {
      it(`${file}: same graph and same diagnostics after export`, () => {
        const text = readFileSync(join(dir!, file), 'utf8');
        const out = exportClair(text);
        expect(meaning(analyzeDocument(out, 'clair', 1).graph)).toEqual(meaning(analyzeDocument(text, 'clair', 1).graph));
        expect(diagnosticKeys(out)).toEqual(diagnosticKeys(text));
        expect(exportClair(out)).toBe(out);
      });
    }
  });
});
