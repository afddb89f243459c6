/**
 * A node's size as the layout uses it: the given size when it is a positive finite
 * number, the standard node size otherwise, so a bad size can never turn into NaN.
 */
import type { LayoutNode } from './layoutTypes.ts';
import { NODE_HEIGHT, NODE_WIDTH } from './layoutTypes.ts';

export function nodeWidth(node: LayoutNode): number {
  return Number.isFinite(node.width) && node.width > 0 ? node.width : NODE_WIDTH;
}

export function nodeHeight(node: LayoutNode): number {
  return Number.isFinite(node.height) && node.height > 0 ? node.height : NODE_HEIGHT;
}
