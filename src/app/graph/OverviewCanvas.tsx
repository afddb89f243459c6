/**
 * A large graph seen whole: every node a block coloured by its band (faded when refuted,
 * invalidated or retracted; outlined when selected), every justification a line, drawn
 * on one canvas under React Flow's viewport. Elements cannot do this — ten thousand
 * nodes mounted at once stall the page for seconds — while a canvas redraws them in a
 * few milliseconds a frame. The shapes are built once per change of the graph or of what
 * colours it; a pan or zoom paints them again under the new transform. Building and
 * painting take a frame's share at a time (overviewPicture.ts); while the view of a large
 * graph moves, its last picture is moved with it, to be painted again when the view rests.
 */
import { memo, useEffect, useRef } from 'react';
import { useStoreApi } from '@xyflow/react';
import type { CullIndex } from '../../core/layout/viewportCulling.ts';
import { itemAt } from '../../core/layout/viewportCulling.ts';
import { useDocumentStore } from '../../store/document/documentStore.ts';
import { useLifecycleStore } from '../../store/session/lifecycleStore.ts';
import { PicturePainter, pictureMoved, ShapesBuilder, type Shapes } from './overviewPicture.ts';
import { cssColour } from '../theme/cssColours.ts';
import { useThemeStore } from '../theme/themeStore.ts';

/** Graphs with more nodes than this are painted again only once a pan or zoom pauses. */
const PAINT_WHEN_STILL_FROM = 5_000;
/** Time given to building and painting per frame: a graph of 20,000 nodes painted in one frame held the page 90 ms. */
const STEP_MS = 10;
/** A pan or zoom has paused when the view has not moved for this long. */
const SETTLE_MS = 120;

function OverviewCanvasView({ index }: { readonly index: CullIndex }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const flowStore = useStoreApi();

  useEffect(() => {
    const canvas = canvasRef.current;
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx) return;
    let shapes: Shapes | null = null;
    let building: ShapesBuilder | null = new ShapesBuilder(index);
    /** The picture on the canvas, the one being painted, and a canvas to paint the next on. */
    let shown: PicturePainter | null = null;
    let painting: PicturePainter | null = null;
    let spare: HTMLCanvasElement | null = null;
    let frame = 0;
    let settle: ReturnType<typeof setTimeout> | undefined;
    let moved = 0;
    const large = index.ids.length > PAINT_WHEN_STILL_FROM;

    const show = (picture: PicturePainter) => {
      if (canvas.width !== picture.canvas.width || canvas.height !== picture.canvas.height) {
        canvas.width = picture.canvas.width;
        canvas.height = picture.canvas.height;
      }
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      ctx.clearRect(0, 0, canvas.width, canvas.height);
      ctx.drawImage(picture.canvas, 0, 0);
      canvas.style.transform = '';
      if (shown && shown !== picture) spare = shown.canvas;
      shown = picture;
      const selected = useDocumentStore.getState().selection.id;
      const at = selected ? index.at.get(selected) : undefined;
      const box = at === undefined ? undefined : itemAt(index, at);
      if (box) {
        const [tx, ty, k] = picture.transform;
        ctx.setTransform(picture.dpr * k, 0, 0, picture.dpr * k, picture.dpr * tx, picture.dpr * ty);
        ctx.lineWidth = 4 / k;
        ctx.strokeStyle = cssColour('--accent');
        ctx.strokeRect(box.x - 6 / k, box.y - 6 / k, box.width + 12 / k, box.height + 12 / k);
      }
    };

    const draw = () => {
      frame = 0;
      const { transform, width, height } = flowStore.getState();
      const dpr = window.devicePixelRatio || 1;
      if (building) {
        const built = building.step(STEP_MS);
        if (built) [shapes, building] = [built, null];
      }
      if (shapes && !building) {
        // A picture for a view that has moved on is dropped; its canvas is painted on again.
        if (painting && !painting.fits(shapes, transform, width, height, dpr)) [spare, painting] = [painting.canvas, null];
        const current = shown?.fits(shapes, transform, width, height, dpr) === true;
        // A large graph is painted again once the view stops moving.
        const waited = performance.now() - moved;
        if (!painting && !current && (!large || waited >= SETTLE_MS)) {
          painting = new PicturePainter(shapes, transform, width, height, dpr, spare);
          spare = null;
        } else if (!painting && !current) {
          clearTimeout(settle);
          settle = setTimeout(schedule, SETTLE_MS - waited);
        }
        if (painting?.step(STEP_MS)) {
          show(painting);
          painting = null;
        }
      }
      // Until then the last picture stands in, moved as the view has moved.
      if (shown) canvas.style.transform = shown.fits(shown.shapes, transform, width, height, dpr) ? '' : pictureMoved(shown.transform, transform);
      if (building || painting) schedule();
    };
    const schedule = () => {
      frame ||= requestAnimationFrame(draw);
    };
    const rebuild = () => {
      building = new ShapesBuilder(index);
      schedule();
    };
    schedule();
    const unsubscribe = [
      flowStore.subscribe((s, prev) => {
        if (s.transform !== prev.transform || s.width !== prev.width || s.height !== prev.height) {
          moved = performance.now();
          schedule();
        }
      }),
      useDocumentStore.subscribe((s, prev) => {
        if (s.views !== prev.views || s.posteriors !== prev.posteriors) rebuild();
        // The selection's outline is drawn over the picture on the canvas.
        else if (s.selection !== prev.selection && shown) show(shown);
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
      clearTimeout(settle);
      for (const u of unsubscribe) u();
    };
  }, [index, flowStore]);

  return (
    <canvas
      ref={canvasRef}
      className="overview-canvas"
      data-testid="graph-overview"
      aria-hidden
      style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', pointerEvents: 'none', zIndex: 1, transformOrigin: '0 0' }}
    />
  );
}

export const OverviewCanvas = memo(OverviewCanvasView);
