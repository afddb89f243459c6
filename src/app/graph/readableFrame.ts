/**
 * Where the graph's view goes when it frames something: the whole graph (Fit, a document
 * opened), the selection and its neighbours (Fit with a node selected), or focus mode's
 * neighbourhood. Pure: the graph pane measures, this decides.
 *
 * Framing a node's neighbourhood must leave it readable. Its nodes keep their places in
 * the whole graph's layout, so two steps up and down can span most of a wide component,
 * and fitting all of them went down to a zoom where nothing but coloured blocks was drawn.
 * When that would happen the anchor (the selected node) is centred at a zoom where every
 * line of a node's text is at least 8 px, and its neighbours are a pan away.
 *
 * The bottom of the view is kept clear of what sits over it (the drop zones), so the
 * last row of a fitted graph is never underneath them.
 */
import { getViewportForBounds } from '@xyflow/react';
import type { Box } from '../../core/layout/viewportCulling.ts';
import { FULL_FROM_ZOOM } from './levelOfDetail.ts';

export interface Viewport {
  readonly x: number;
  readonly y: number;
  readonly zoom: number;
}

export interface FrameRequest {
  /** What to frame. */
  readonly bounds: Box;
  /** The node the framing is about (the selection), or null for the whole graph. */
  readonly anchor: Box | null;
  readonly width: number;
  readonly height: number;
  /** Pixels at the bottom of the view covered by controls drawn over the graph. */
  readonly coveredBelow?: number;
}

/** The closest a fit comes: nodes are drawn at about their natural size, no larger. */
export const FIT_MAX_ZOOM = 1.1;
/** How far out a fit of the whole graph may go (an overview of thousands of nodes). */
export const FIT_MIN_ZOOM = 0.01;
/** Space around what is framed, as a fraction of the view (React Flow's padding). */
export const FIT_PADDING = 0.12;
/**
 * The zoom a framed neighbourhood never goes below: node text is 12–13 px at zoom 1 and
 * its smallest chips 10 px, so every line is at least 8 px from here (FULL_FROM_ZOOM is
 * where content text alone still is).
 */
export const READABLE_ZOOM = Math.max(FULL_FROM_ZOOM, 0.8);

export function frameFor(request: FrameRequest): Viewport | null {
  const { bounds, anchor, width } = request;
  const height = request.height - Math.max(0, Math.min(request.coveredBelow ?? 0, request.height / 3));
  if (!(width > 0) || !(height > 0) || !finiteBox(bounds)) return null;
  const fit = getViewportForBounds({ ...bounds, width: Math.max(bounds.width, 1), height: Math.max(bounds.height, 1) }, width, height, FIT_MIN_ZOOM, FIT_MAX_ZOOM, FIT_PADDING);
  if (!anchor || !finiteBox(anchor) || fit.zoom >= READABLE_ZOOM) return fit;
  const zoom = READABLE_ZOOM;
  return { x: width / 2 - (anchor.x + anchor.width / 2) * zoom, y: height / 2 - (anchor.y + anchor.height / 2) * zoom, zoom };
}

/**
 * The zoom a document opens at, at least: every part of a node drawn (labels, values,
 * badges). Fitting a whole Gaia package or a wide trace into the pane went down to
 * coloured blocks; past this the person pans for the rest.
 */
export const OPEN_MIN_ZOOM = FULL_FROM_ZOOM;

/**
 * Where a document opens: the whole graph fitted when that is readable, else the graph's
 * top-left (where its roots and first beliefs are) at OPEN_MIN_ZOOM, centred along an
 * axis it fits in. `keep`: a node that must be in view too (the belief being typed into
 * a graph typed afresh): the frame is moved the least that brings it in, its top-left
 * first where it is larger than the view.
 */
export function openFrame(request: Omit<FrameRequest, 'anchor'>, keep: Box | null = null): Viewport | null {
  const fit = frameFor({ ...request, anchor: null });
  if (!fit || fit.zoom >= OPEN_MIN_ZOOM) return fit;
  const { bounds, width } = request;
  const height = request.height - Math.max(0, Math.min(request.coveredBelow ?? 0, request.height / 3));
  const zoom = OPEN_MIN_ZOOM;
  const padX = width * FIT_PADDING * 0.5;
  const padY = height * FIT_PADDING * 0.5;
  const fitsAcross = bounds.width * zoom <= width - 2 * padX;
  const fitsDown = bounds.height * zoom <= height - 2 * padY;
  const x = fitsAcross ? width / 2 - (bounds.x + bounds.width / 2) * zoom : padX - bounds.x * zoom;
  const y = fitsDown ? height / 2 - (bounds.y + bounds.height / 2) * zoom : padY - bounds.y * zoom;
  if (!keep || !finiteBox(keep)) return { x, y, zoom };
  return { x: x + shiftToShow(x + keep.x * zoom, keep.width * zoom, padX, width - padX), y: y + shiftToShow(y + keep.y * zoom, keep.height * zoom, padY, height - padY), zoom };
}

/** The least move along one axis that puts [start, start + size] inside [low, high], its start first. */
function shiftToShow(start: number, size: number, low: number, high: number): number {
  if (start < low) return low - start;
  if (start + size <= high) return 0;
  return Math.max(low - start, high - (start + size));
}

function finiteBox(b: Box): boolean {
  return [b.x, b.y, b.width, b.height].every(Number.isFinite) && b.width >= 0 && b.height >= 0;
}
