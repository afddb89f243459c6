/**
 * A graph node as React Flow is given it. Node sizes and handles are told to React Flow
 * up front: it then never renders every node once to measure it, which for a 20k-node
 * trace would mount 20k elements just to throw them away. Each kind of node has one
 * fixed box (nodeBox.ts).
 */
import { Position } from '@xyflow/react';
import type { Node, NodeHandle } from '@xyflow/react';
import type { GraphNode } from '../../core/graph/reasoningGraph.ts';
import { boxOf } from '../../core/layout/nodeBox.ts';
import type { NodeBox } from '../../core/layout/nodeBox.ts';

const boxCache = new Map<NodeBox, { measured: { width: number; height: number }; handles: NodeHandle[] }>();

function sizing(node: GraphNode) {
  // One box object per kind of node (nodeBox.ts): it is the cache's key.
  const box = boxOf(node);
  let cached = boxCache.get(box);
  if (!cached) {
    cached = {
      measured: { width: box.width, height: box.height },
      handles: [
        { type: 'target', position: Position.Top, x: box.width / 2, y: 0, width: 1, height: 1 },
        { type: 'source', position: Position.Bottom, x: box.width / 2, y: box.height, width: 1, height: 1 },
      ],
    };
    boxCache.set(box, cached);
  }
  return cached;
}

/** A node as React Flow is given it: its position (from the layout) and its fixed box. */
export function flowNode(n: GraphNode, position: { x: number; y: number }): Node {
  const size = sizing(n);
  return { id: n.id, type: nodeType(n), position, data: {}, width: size.measured.width, height: size.measured.height, measured: size.measured, handles: size.handles };
}

function nodeType(node: GraphNode): string {
  if (node.kind === 'belief') return 'belief';
  if (node.kind === 'factor') return 'factor';
  if (node.kind === 'note' || node.kind === 'question') return 'context';
  return 'claim';
}
