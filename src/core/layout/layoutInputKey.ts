/**
 * An exact key for a layout input's shape: node ids and sizes in order, then edges. Two
 * inputs with the same key get the same layout, so a component's layout can be cached
 * under it. The key is the full text rather than a hash, so it cannot collide.
 */
import type { LayoutInput } from './layoutTypes.ts';
import { nodeHeight, nodeWidth } from './nodeSize.ts';

export function layoutInputKey(input: LayoutInput): string {
  const parts: string[] = [];
  for (const node of input.nodes) parts.push(`${node.id}\u0001${nodeWidth(node)}\u0001${nodeHeight(node)}`);
  parts.push('');
  for (const edge of input.edges) parts.push(`${edge.from}\u0001${edge.to}`);
  return parts.join('\u0000');
}
