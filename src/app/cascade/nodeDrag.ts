/**
 * Dragging a graph node onto a drop zone (docs/contract.md §4: dropzone-refute, dropzone-correct)
 * uses the browser's own drag and drop: the node carries its id in this MIME type.
 */
import type { DragEvent } from 'react';

export const NODE_DRAG_TYPE = 'application/x-warrant-node';

/** Props that make a node element a drag source. */
export function nodeDragProps(id: string) {
  return {
    draggable: true,
    onDragStart: (e: DragEvent<HTMLElement>) => {
      e.dataTransfer.setData(NODE_DRAG_TYPE, id);
      e.dataTransfer.setData('text/plain', id);
      e.dataTransfer.effectAllowed = 'move';
    },
  } as const;
}

/** The node id a drag carries, if it carries one. */
export function draggedNode(e: DragEvent<HTMLElement>): string | null {
  const id = e.dataTransfer.getData(NODE_DRAG_TYPE);
  return id === '' ? null : id;
}

export function carriesNode(e: DragEvent<HTMLElement>): boolean {
  return e.dataTransfer.types.includes(NODE_DRAG_TYPE);
}
