/**
 * sameNode decides which nodes the page's copy of an analysis is patched with: a field it
 * does not compare is one the page would show stale. Every field, changed alone, makes
 * two nodes differ (a Gaia factor's warrant renumbered by an edit above it was the case
 * the fuzz suite found).
 */
import { describe, expect, it } from 'vitest';
import { sameNode } from '../../src/core/graph/sameNode.ts';
import type { GraphNode } from '../../src/core/graph/reasoningGraph.ts';

const node: GraphNode = {
  id: 'n1',
  kind: 'claim',
  content: 'c',
  confidence: 0.5,
  level: null,
  source: { type: 'self', reference: null },
  invalidations: ['x'],
  range: { line: 1, column: 1, endLine: 1, endColumn: 5 },
  broken: false,
  qid: 'ns:pkg::n1',
  priorSource: 'claim_inline',
  helper: false,
  factor: { verb: 'derive', label: 'l', rationale: 'r', warrant: '_anon_001', parameters: { p: 0.5 } },
} as unknown as GraphNode;

const changes: [string, Partial<GraphNode>][] = [
  ['id', { id: 'n2' } as unknown as Partial<GraphNode>],
  ['kind', { kind: 'note' } as Partial<GraphNode>],
  ['content', { content: 'd' }],
  ['confidence', { confidence: 0.6 }],
  ['level', { level: 1 }],
  ['source', { source: { type: 'user', reference: null } } as Partial<GraphNode>],
  ['invalidations', { invalidations: ['y'] }],
  ['range', { range: { line: 2, column: 1, endLine: 2, endColumn: 5 } } as Partial<GraphNode>],
  ['broken', { broken: true }],
  ['qid', { qid: 'ns:pkg::n9' }],
  ['priorSource', { priorSource: 'user_priors' }],
  ['helper', { helper: true }],
  ['factor.warrant', { factor: { ...node.factor!, warrant: '_anon_002' } }],
  ['factor.verb', { factor: { ...node.factor!, verb: 'infer' } }],
  ['factor.label', { factor: { ...node.factor!, label: null } }],
  ['factor.rationale', { factor: { ...node.factor!, rationale: null } }],
  ['factor.parameters', { factor: { ...node.factor!, parameters: { p: 0.6 } } }],
  ['factor gone', { factor: undefined }],
];

describe('sameNode', () => {
  it('a copy with every field equal is the same node', () => {
    expect(sameNode(node, { ...node, factor: { ...node.factor!, parameters: { ...node.factor!.parameters } } })).toBe(true);
  });
  it.each(changes)('%s changed alone makes two nodes differ', (_field, change) => {
    expect(sameNode(node, { ...node, ...change })).toBe(false);
  });
});
