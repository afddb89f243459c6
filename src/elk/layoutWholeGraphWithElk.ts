/**
 * The naive approach, kept as the benchmark's baseline: the whole input in one ELK
 * call with ELK's default options, components and all, no cache.
 */
import { buildLayoutGraph } from '../core/layout/layoutGraph.ts';
import type { LayoutInput, Positions } from '../core/layout/layoutTypes.ts';
import { positionsRecord } from '../core/layout/positionsRecord.ts';
import { elkInstance } from './elkInstance.ts';
import type { ElkOptions } from './elkOptions.ts';
import { ELK_DEFAULT_OPTIONS } from './elkOptions.ts';

export async function layoutWholeGraphWithElk(input: LayoutInput, options: ElkOptions = ELK_DEFAULT_OPTIONS): Promise<Positions> {
  const graph = buildLayoutGraph(input);
  const result = await (await elkInstance()).layout({
    id: 'root',
    layoutOptions: { ...options },
    children: graph.ids.map((_, v) => ({ id: `n${v}`, width: graph.width[v]!, height: graph.height[v]! })),
    edges: graph.keptEdges.map((i, k) => {
      const edge = input.edges[i]!;
      return { id: `e${k}`, sources: [`n${graph.indexOf.get(edge.from)!}`], targets: [`n${graph.indexOf.get(edge.to)!}`] };
    }),
  });
  const positions = positionsRecord();
  for (const child of result.children ?? []) {
    const id = graph.ids[Number(child.id.slice(1))];
    if (id !== undefined) positions[id] = { x: child.x ?? 0, y: child.y ?? 0 };
  }
  return positions;
}
