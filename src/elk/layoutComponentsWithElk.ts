/**
 * Lays out connected components with ELK in one call: each component becomes a child
 * graph of a root ELK lays out with the `fixed` algorithm, so ELK runs layered on each
 * component separately (small call stacks, see elkjs#381) without paying its per-call
 * start-up cost once per component. ELK sees generated ids only, so no user-chosen id
 * can clash with another element or upset ELK's parser.
 */
import type { ElkExtendedEdge, ElkNode } from 'elkjs/lib/elk-api.js';
import type { ComponentLayout } from '../core/layout/componentLayout.ts';
import { toComponentLayout } from '../core/layout/componentLayout.ts';
import type { LayoutInput } from '../core/layout/layoutTypes.ts';
import { nodeHeight, nodeWidth } from '../core/layout/nodeSize.ts';
import { positionsRecord } from '../core/layout/positionsRecord.ts';
import { elkInstance } from './elkInstance.ts';
import type { ElkOptions } from './elkOptions.ts';
import { ELK_TUNED_OPTIONS } from './elkOptions.ts';

/**
 * @returns one layout per component, or null where ELK failed on it (the caller falls
 * back to the fast layout for those). Never rejects.
 */
export async function layoutComponentsWithElk(components: readonly LayoutInput[], options: ElkOptions = ELK_TUNED_OPTIONS): Promise<(ComponentLayout | null)[]> {
  if (components.length === 0) return [];
  try {
    return await runBatch(components, options);
  } catch {
    // One bad component spoils the batch; find it by laying them out one by one.
    if (components.length === 1) return [null];
    const results: (ComponentLayout | null)[] = [];
    for (const component of components) {
      try {
        results.push((await runBatch([component], options))[0] ?? null);
      } catch {
        results.push(null);
      }
    }
    return results;
  }
}

async function runBatch(components: readonly LayoutInput[], options: ElkOptions): Promise<(ComponentLayout | null)[]> {
  let nodeCount = 0;
  let edgeCount = 0;
  const children: ElkNode[] = components.map((component, c) => {
    const elkId = new Map<string, string>();
    const nodes: ElkNode[] = [];
    for (const node of component.nodes) {
      if (elkId.has(node.id)) continue;
      const id = `n${nodeCount++}`;
      elkId.set(node.id, id);
      nodes.push({ id, width: nodeWidth(node), height: nodeHeight(node) });
    }
    const edges: ElkExtendedEdge[] = [];
    for (const edge of component.edges) {
      const from = elkId.get(edge.from);
      const to = elkId.get(edge.to);
      if (from === undefined || to === undefined || from === to) continue;
      edges.push({ id: `e${edgeCount++}`, sources: [from], targets: [to] });
    }
    return { id: `c${c}`, layoutOptions: { ...options }, children: nodes, edges };
  });

  const result = await (await elkInstance()).layout({ id: 'root', layoutOptions: { 'elk.algorithm': 'fixed' }, children });

  const laidOut = new Map<string, { x: number; y: number }>();
  for (const child of result.children ?? []) {
    for (const node of child.children ?? []) laidOut.set(node.id, { x: node.x ?? NaN, y: node.y ?? NaN });
  }
  let next = 0;
  return components.map((component) => {
    const positions = positionsRecord();
    const seen = new Set<string>();
    let complete = true;
    for (const node of component.nodes) {
      if (seen.has(node.id)) continue;
      seen.add(node.id);
      const p = laidOut.get(`n${next++}`);
      if (p && Number.isFinite(p.x) && Number.isFinite(p.y)) positions[node.id] = p;
      else complete = false;
    }
    // A component ELK did not fully place is handed to the fallback instead.
    return complete ? toComponentLayout(component, positions) : null;
  });
}
