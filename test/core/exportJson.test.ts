import { describe, expect, it } from 'vitest';
import { analyzeDocument } from '../../src/core/analysis/analyzeDocument.ts';
import { exportJson, GRAPH_JSON_FORMAT } from '../../src/core/export/exportJson.ts';
import { UNICODE_CONTENT, UNICODE_INVALIDATIONS, UNICODE_TRACE } from '../cli/support/unicodeTrace.ts';

const NODE_KEYS = ['band', 'broken', 'confidence', 'content', 'derived', 'effective', 'id', 'invalidations', 'kind', 'level', 'line', 'reintroduced_claim', 'source'];

function exported(text: string) {
  const a = analyzeDocument(text, 'clair', 1);
  return JSON.parse(exportJson({ graph: a.graph, derived: a.derived, diagnostics: a.diagnostics }));
}

describe('exportJson', () => {
  it('writes nodes, edges and diagnostics in the documented shape', () => {
    const json = exported(UNICODE_TRACE);
    expect(Object.keys(json).sort()).toEqual(['diagnostics', 'edges', 'format', 'language', 'nodes']);
    expect(json.format).toBe(GRAPH_JSON_FORMAT);
    expect(json.language).toBe('clair');
    for (const n of json.nodes) expect(Object.keys(n).sort()).toEqual(NODE_KEYS);
    expect(json.nodes.map((n: { id: string }) => n.id)).toEqual(['b1', 'b2', 'b3']);
    const b2 = json.nodes[1];
    expect(b2).toMatchObject({
      content: UNICODE_CONTENT.b2,
      confidence: 0.9,
      level: 0,
      source: { type: 'file', reference: 'docs/a&b.md' },
      invalidations: UNICODE_INVALIDATIONS,
      line: 3,
      broken: false,
      derived: 1,
      effective: 0.9,
      band: 'strong',
    });
    expect(json.nodes[0].content).toBe(UNICODE_CONTENT.b1);
    expect(json.edges).toEqual([
      { id: 'b1->b2', from: 'b1', to: 'b2', kind: 'justification', tentative: false },
      { id: 'b2->b3', from: 'b2', to: 'b3', kind: 'justification', tentative: false },
    ]);
    expect(json.diagnostics).toEqual([]);
  });

  it('keeps broken lines as broken nodes, with diagnostics in the check --json form', () => {
    const json = exported('b1 .5 L0 @user "a"\nb2 .5 L0 @self <b1 "unterminated\nb3 .2 L0 @self <b9 "c"\n');
    const b2 = json.nodes.find((n: { id: string }) => n.id === 'b2');
    expect(b2).toMatchObject({ broken: true, derived: null, effective: null });
    expect(json.edges.find((e: { id: string }) => e.id === 'b1->b2').tentative).toBe(true);
    const codes = json.diagnostics.map((d: { code: string }) => d.code).sort();
    expect(codes).toEqual(['syntax', 'unknown-ref']);
    for (const d of json.diagnostics) {
      expect(Object.keys(d).sort()).toEqual(['belief', 'code', 'column', 'endColumn', 'endLine', 'line', 'message', 'severity']);
    }
    expect(json.nodes.find((n: { id: string }) => n.id === 'b3')).toMatchObject({ derived: null, effective: null, band: 'speculative' });
  });
});
