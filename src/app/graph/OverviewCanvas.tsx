/**
 * A large graph seen whole: every node a block coloured by its band (faded when refuted,
 * invalidated or retracted; outlined when selected), every justification a line, drawn
 * on one canvas under React Flow's viewport. Elements cannot do this — ten thousand
 * nodes mounted at once stall the page for seconds — while a canvas redraws them in a
 * few milliseconds a frame. The shapes are built once per change of the graph or of what
 * colours it; a pan or zoom only redraws them under the new transform.
 */
import { memo, useEffect, useRef } from 'react';
import { useStoreApi } from '@xyflow/react';
import type { CullIndex } from '../../core/layout/viewportCulling.ts';
import { itemAt } from '../../core/layout/viewportCulling.ts';
import { useDocumentStore } from '../../store/document/documentStore.ts';
import { useLifecycleStore } from '../../store/session/lifecycleStore.ts';
import { bandVariable } from './bandColours.ts';
import { lookOf } from './nodeLookOf.ts';
import { cssColour } from '../theme/cssColours.ts';
import { useThemeStore } from '../theme/themeStore.ts';

interface Shapes {
  /** Colour → the blocks of that colour; faded ones apart. */
  readonly blocks: ReadonlyMap<string, { solid: Path2D; faded: Path2D }>;
  readonly edges: Path2D;
}

function buildShapes(index: CullIndex): Shapes {
  const blocks = new Map<string, { solid: Path2D; faded: Path2D }>();
  const b = index.boxes;
  index.ids.forEach((id, i) => {
    const look = lookOf(id);
    const colour = cssColour(bandVariable(look.colour));
    let entry = blocks.get(colour);
    if (!entry) blocks.set(colour, (entry = { solid: new Path2D(), faded: new Path2D() }));
    (look.faded ? entry.faded : entry.solid).rect(b[i * 4]!, b[i * 4 + 1]!, b[i * 4 + 2]!, b[i * 4 + 3]!);
  });
  const edges = new Path2D();
  const s = index.segments;
  for (let i = 0; i < s.length; i += 4) {
    edges.moveTo(s[i]!, s[i + 1]!);
    edges.lineTo(s[i + 2]!, s[i + 3]!);
  }
  return { blocks, edges };
}

function OverviewCanvasView({ index }: { readonly index: CullIndex }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const flowStore = useStoreApi();

  useEffect(() => {
    const canvas = canvasRef.current;
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx) return;
    let shapes: Shapes | null = null;
    let frame = 0;
    const draw = () => {
      frame = 0;
      const { transform, width, height } = flowStore.getState();
      const dpr = window.devicePixelRatio || 1;
      if (canvas.width !== Math.round(width * dpr) || canvas.height !== Math.round(height * dpr)) {
        canvas.width = Math.round(width * dpr);
        canvas.height = Math.round(height * dpr);
      }
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      ctx.clearRect(0, 0, canvas.width, canvas.height);
      shapes ??= buildShapes(index);
      const [tx, ty, k] = transform;
      ctx.setTransform(dpr * k, 0, 0, dpr * k, dpr * tx, dpr * ty);
      ctx.lineWidth = 1.2 / k;
      ctx.strokeStyle = cssColour('--edge-overview');
      ctx.stroke(shapes.edges);
      for (const [colour, { solid, faded }] of shapes.blocks) {
        ctx.fillStyle = colour;
        ctx.globalAlpha = 1;
        ctx.fill(solid);
        ctx.globalAlpha = 0.4;
        ctx.fill(faded);
      }
      ctx.globalAlpha = 1;
      const selected = useDocumentStore.getState().selection.id;
      const at = selected ? index.at.get(selected) : undefined;
      const box = at === undefined ? undefined : itemAt(index, at);
      if (box) {
        ctx.lineWidth = 4 / k;
        ctx.strokeStyle = cssColour('--accent');
        ctx.strokeRect(box.x - 6 / k, box.y - 6 / k, box.width + 12 / k, box.height + 12 / k);
      }
    };
    const schedule = () => {
      frame ||= requestAnimationFrame(draw);
    };
    const rebuild = () => {
      shapes = null;
      schedule();
    };
    schedule();
    const unsubscribe = [
      flowStore.subscribe((s, prev) => {
        if (s.transform !== prev.transform || s.width !== prev.width || s.height !== prev.height) schedule();
      }),
      useDocumentStore.subscribe((s, prev) => {
        if (s.views !== prev.views || s.posteriors !== prev.posteriors) rebuild();
        else if (s.selection !== prev.selection) schedule();
      }),
      useLifecycleStore.subscribe((s, prev) => {
        // A correction recolours its node as a state change fades it.
        if (s.states !== prev.states || s.corrected !== prev.corrected) rebuild();
      }),
      // The blocks are coloured with the theme's palette.
      useThemeStore.subscribe((s, prev) => {
        if (s.theme !== prev.theme) rebuild();
      }),
    ];
    return () => {
      cancelAnimationFrame(frame);
      for (const u of unsubscribe) u();
    };
  }, [index, flowStore]);

  return (
    <canvas
      ref={canvasRef}
      className="overview-canvas"
      data-testid="graph-overview"
      aria-hidden
      style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', pointerEvents: 'none', zIndex: 1 }}
    />
  );
}

export const OverviewCanvas = memo(OverviewCanvasView);
