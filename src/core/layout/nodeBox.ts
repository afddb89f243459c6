/**
 * The drawn size of each kind of node. Sizes never depend on content, so editing text
 * never moves anything; they differ by kind so a factor graph reads at a glance.
 */
import type { GraphNode } from '../graph/reasoningGraph.ts';
import { NODE_HEIGHT, NODE_WIDTH } from './layoutTypes.ts';

export interface NodeBox {
  readonly width: number;
  readonly height: number;
}

const BELIEF: NodeBox = { width: NODE_WIDTH, height: NODE_HEIGHT };
const CLAIM: NodeBox = { width: NODE_WIDTH, height: 92 };
const HELPER: NodeBox = { width: 196, height: 64 };
const FACTOR: NodeBox = { width: 132, height: 36 };
const CONTEXT: NodeBox = { width: 200, height: 58 };

export function boxOf(node: Pick<GraphNode, 'kind' | 'helper'>): NodeBox {
  switch (node.kind) {
    case 'belief':
      return BELIEF;
    case 'factor':
      return FACTOR;
    case 'note':
    case 'question':
      return CONTEXT;
    case 'helper':
      return HELPER;
    case 'claim':
      return node.helper ? HELPER : CLAIM;
  }
}
