/**
 * Runs ELK's layered algorithm on a layout input. Used inside the layout worker and by
 * the command line (both off the UI thread); never imported by the page itself.
 */
import ELK from 'elkjs/lib/elk.bundled.js';
import type { LayoutInput, Positions } from '../core/layout/layoutTypes.ts';

const elk = new ELK();

export async function layoutWithElk(input: LayoutInput): Promise<Positions> {
  const result = await elk.layout({
    id: 'root',
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.direction': 'DOWN',
      'elk.spacing.nodeNode': '28',
      'elk.layered.spacing.nodeNodeBetweenLayers': '56',
    },
    children: input.nodes.map((n) => ({ id: n.id, width: n.width, height: n.height })),
    edges: input.edges.map((e) => ({ id: e.id, sources: [e.from], targets: [e.to] })),
  });
  const positions: Record<string, { x: number; y: number }> = {};
  for (const c of result.children ?? []) positions[c.id] = { x: c.x ?? 0, y: c.y ?? 0 };
  return positions;
}
