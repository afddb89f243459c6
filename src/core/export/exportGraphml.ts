/**
 * `export --to graphml`: GraphML 1.0 with typed data keys, readable by yEd, Gephi,
 * NetworkX and igraph. Every value is XML-escaped; a value that is absent (no level,
 * no derived confidence) is left out rather than written as a placeholder. The
 * session's lifecycle state of every node is the `state` key, a standing correction's
 * value the `corrected` key.
 */
import type { SessionStates } from '../session/sessionStates.ts';
import { NO_STATES } from '../session/sessionStates.ts';
import type { ExportInput } from './exportInput.ts';
import type { NodeWithState } from './exportedNode.ts';
import { nodesWithStates, sourceLabel } from './exportedNode.ts';
import type { Reintroduction } from '../contradiction/reintroductionFlag.ts';
import { documentReintroduction } from '../contradiction/reintroductionFlag.ts';
import { escapeXml } from './xmlText.ts';

type KeyType = 'string' | 'double' | 'int' | 'boolean';

interface KeySpec<T> {
  readonly id: string;
  readonly type: KeyType;
  readonly value: (item: T) => string | number | boolean | null;
}

const NODE_KEYS: readonly KeySpec<NodeWithState>[] = [
  { id: 'kind', type: 'string', value: (n) => n.kind },
  { id: 'content', type: 'string', value: (n) => n.content },
  { id: 'confidence', type: 'double', value: (n) => n.confidence },
  { id: 'level', type: 'int', value: (n) => n.level },
  { id: 'source', type: 'string', value: (n) => sourceLabel(n.source) },
  // A JSON array, so conditions containing commas or quotes come back intact.
  { id: 'invalidations', type: 'string', value: (n) => (n.invalidations.length > 0 ? JSON.stringify(n.invalidations) : null) },
  { id: 'line', type: 'int', value: (n) => n.line },
  { id: 'broken', type: 'boolean', value: (n) => n.broken },
  { id: 'derived', type: 'double', value: (n) => n.derived },
  { id: 'effective', type: 'double', value: (n) => n.effective },
  { id: 'band', type: 'string', value: (n) => n.band },
  { id: 'state', type: 'string', value: (n) => n.state },
  { id: 'corrected', type: 'double', value: (n) => n.corrected },
  // docs/contract.md §3: every node says whether it sits on an open contradiction, with the caveat when it does.
  { id: 'reintroduced_claim', type: 'boolean', value: (n) => n.reintroduced_claim },
  { id: 'caveat', type: 'string', value: (n) => n.caveat ?? null },
];

interface EdgeItem {
  readonly kind: string;
  readonly tentative: boolean;
}

const EDGE_KEYS: readonly KeySpec<EdgeItem>[] = [
  { id: 'edge_kind', type: 'string', value: (e) => e.kind },
  { id: 'tentative', type: 'boolean', value: (e) => e.tentative },
];

/** `flags`: the open contradictions to flag nodes under (default: the document's own). */
export function exportGraphml(input: ExportInput, states: SessionStates = NO_STATES, flags: Reintroduction = documentReintroduction(input.graph)): string {
  const out: string[] = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<graphml xmlns="http://graphml.graphdrawing.org/xmlns"',
    '    xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"',
    '    xsi:schemaLocation="http://graphml.graphdrawing.org/xmlns http://graphml.graphdrawing.org/xmlns/1.0/graphml.xsd">',
  ];
  for (const k of NODE_KEYS) out.push(keyElement(k, 'node'));
  for (const k of EDGE_KEYS) out.push(keyElement(k, 'edge'));
  out.push(`  <graph id="${escapeXml(input.graph.language)}" edgedefault="directed">`);
  for (const n of nodesWithStates(input.graph, input.derived, states, flags)) {
    out.push(`    <node id="${escapeXml(n.id)}">`);
    out.push(...dataElements(NODE_KEYS, n));
    out.push('    </node>');
  }
  for (const e of input.graph.edges) {
    out.push(`    <edge id="${escapeXml(e.id)}" source="${escapeXml(e.from)}" target="${escapeXml(e.to)}">`);
    out.push(...dataElements(EDGE_KEYS, e));
    out.push('    </edge>');
  }
  out.push('  </graph>', '</graphml>');
  return out.join('\n') + '\n';
}

function keyElement<T>(k: KeySpec<T>, target: 'node' | 'edge'): string {
  const name = k.id === 'edge_kind' ? 'kind' : k.id;
  return `  <key id="${k.id}" for="${target}" attr.name="${name}" attr.type="${k.type}"/>`;
}

function dataElements<T>(keys: readonly KeySpec<T>[], item: T): string[] {
  const out: string[] = [];
  for (const k of keys) {
    const v = k.value(item);
    if (v === null || (typeof v === 'number' && !Number.isFinite(v))) continue;
    out.push(`      <data key="${k.id}">${escapeXml(String(v))}</data>`);
  }
  return out;
}
