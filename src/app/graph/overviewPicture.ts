/**
 * The overview's picture of a large graph, made a frame's share at a time. At 100,000
 * nodes and as many edges, building the shapes took 0.2 s and painting them 0.1 s, each in
 * one task, and the painting came again at every frame of a pan. So the shapes are built
 * in chunks (`ShapesBuilder`), and a picture for one transform is painted chunk by chunk
 * off screen (`PicturePainter`); the canvas shows it when it is whole.
 */
import type { CullIndex } from '../../core/layout/viewportCulling.ts';
import { bandVariable } from './bandColours.ts';
import { lookOf } from './nodeLookOf.ts';
import { cssColour } from '../theme/cssColours.ts';

/** Nodes (or edges) in one chunk of shapes: painted between two looks at the clock. */
const CHUNK = 4096;

interface NodeChunk {
  /** Colour → the blocks of that colour; faded ones apart. */
  readonly blocks: ReadonlyMap<string, { solid: Path2D; faded: Path2D }>;
}

export interface Shapes {
  /** Edges first (they are painted under the nodes), then nodes. */
  readonly edges: readonly Path2D[];
  readonly nodes: readonly NodeChunk[];
  readonly nodeCount: number;
}

/** The shapes of an index, a chunk at a time. */
export class ShapesBuilder {
  private readonly edges: Path2D[] = [];
  private readonly nodes: NodeChunk[] = [];
  private node = 0;
  private segment = 0;

  constructor(private readonly index: CullIndex) {}

  /** Builds for about `ms` (Infinity: to the end); the shapes when they are whole, null while there is more. */
  step(ms: number): Shapes | null {
    const until = performance.now() + ms;
    const { ids, boxes: b, segments: s } = this.index;
    while (this.node < ids.length) {
      const end = Math.min(ids.length, this.node + CHUNK);
      const blocks = new Map<string, { solid: Path2D; faded: Path2D }>();
      for (let i = this.node; i < end; i++) {
        const look = lookOf(ids[i]!);
        const colour = cssColour(bandVariable(look.colour));
        let entry = blocks.get(colour);
        if (!entry) blocks.set(colour, (entry = { solid: new Path2D(), faded: new Path2D() }));
        (look.faded ? entry.faded : entry.solid).rect(b[i * 4]!, b[i * 4 + 1]!, b[i * 4 + 2]!, b[i * 4 + 3]!);
      }
      this.nodes.push({ blocks });
      this.node = end;
      if (performance.now() > until) return null;
    }
    while (this.segment < s.length) {
      const end = Math.min(s.length, this.segment + CHUNK * 4);
      const edges = new Path2D();
      for (let i = this.segment; i < end; i += 4) {
        edges.moveTo(s[i]!, s[i + 1]!);
        edges.lineTo(s[i + 2]!, s[i + 3]!);
      }
      this.edges.push(edges);
      this.segment = end;
      if (this.segment < s.length && performance.now() > until) return null;
    }
    return { edges: this.edges, nodes: this.nodes, nodeCount: ids.length };
  }
}

/** React Flow's transform: x and y offset, zoom. */
export type Transform = readonly [number, number, number];

/** A picture of `shapes` under one transform, painted off screen a chunk at a time. */
export class PicturePainter {
  readonly canvas: HTMLCanvasElement;
  private readonly ctx: CanvasRenderingContext2D | null;
  private next = 0;

  /** `canvas`: one to paint on again (a picture no longer shown), or a new one. */
  constructor(
    readonly shapes: Shapes,
    readonly transform: Transform,
    readonly width: number,
    readonly height: number,
    readonly dpr: number,
    canvas: HTMLCanvasElement | null = null,
  ) {
    this.canvas = canvas ?? document.createElement('canvas');
    this.canvas.width = Math.round(width * dpr);
    this.canvas.height = Math.round(height * dpr);
    this.ctx = this.canvas.getContext('2d', { willReadFrequently: true });
    this.ctx?.setTransform(1, 0, 0, 1, 0, 0);
    this.ctx?.clearRect(0, 0, this.canvas.width, this.canvas.height);
    const [tx, ty, k] = transform;
    this.ctx?.setTransform(dpr * k, 0, 0, dpr * k, dpr * tx, dpr * ty);
  }

  /** A picture of `shapes` for this view. */
  fits(shapes: Shapes, transform: Transform, width: number, height: number, dpr: number): boolean {
    const [x, y, k] = this.transform;
    return this.shapes === shapes && x === transform[0] && y === transform[1] && k === transform[2] && this.width === width && this.height === height && this.dpr === dpr;
  }

  /** Paints for about `ms` (Infinity: to the end); true when the picture is whole. */
  step(ms: number): boolean {
    const ctx = this.ctx;
    if (!ctx) return true;
    const until = performance.now() + ms;
    const { edges, nodes } = this.shapes;
    const k = this.transform[2];
    while (this.next < edges.length + nodes.length) {
      const i = this.next++;
      if (i < edges.length) {
        ctx.lineWidth = 1.2 / k;
        ctx.strokeStyle = cssColour('--edge-overview');
        ctx.stroke(edges[i]!);
      } else {
        for (const [colour, { solid, faded }] of nodes[i - edges.length]!.blocks) {
          ctx.fillStyle = colour;
          ctx.globalAlpha = 1;
          ctx.fill(solid);
          ctx.globalAlpha = 0.4;
          ctx.fill(faded);
        }
        ctx.globalAlpha = 1;
      }
      // Drawn now, and timed so: a canvas may keep its drawing as a list of commands until
      // it is read, and 100,000 blocks drawn when the picture was first copied held the page 70 ms.
      ctx.getImageData(0, 0, 1, 1);
      if (performance.now() > until) break;
    }
    return this.next >= edges.length + nodes.length;
  }
}

/**
 * The CSS transform that shows a picture painted under `from` as it would look under `to`
 * (a pan or zoom in progress, until the picture for `to` is painted).
 */
export function pictureMoved(from: Transform, to: Transform): string {
  const s = to[2] / from[2];
  return `translate(${to[0] - s * from[0]}px, ${to[1] - s * from[1]}px) scale(${s})`;
}
