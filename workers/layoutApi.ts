/**
 * What the layout worker offers, as a plain object so it can be tested without a
 * worker: one layout engine per open document (keyed by the caller's documentKey),
 * each remembering its previous layout so edits are patched rather than redone.
 */
import { transfer, wrap } from 'comlink';
import type { LayoutInput, LayoutResult } from '../src/core/layout/layoutTypes.ts';
import type { GraphViewRequest } from '../src/core/graph/graphView.ts';
import { unpackLayoutInput } from '../src/core/layout/packedLayoutInput.ts';
import type { PackedPositions } from '../src/core/layout/packedPositions.ts';
import { packPositions } from '../src/core/layout/packedPositions.ts';
import { SLICE_ITEMS } from '../src/core/transfer/pullSlices.ts';
import type { LayoutEngine, LayoutEngineOptions } from '../src/elk/layoutEngine.ts';
import { createLayoutEngine } from '../src/elk/layoutEngine.ts';
import { WARM_UP_ROUNDS, warmUpElk } from '../src/elk/warmUpElk.ts';
import { LayoutInputsAhead } from './layoutInputsAhead.ts';
import type { LayoutInputAheadMessage, LayoutInputSource } from './layoutInputChannel.ts';
import { SENT_AHEAD } from './layoutInputChannel.ts';

export type { LayoutInputSource } from './layoutInputChannel.ts';

export interface LayoutRequest {
  /** The document version the input was derived from; echoed in the result. */
  readonly version: number;
  /** Which document's previous layout to build on (e.g. the session id). */
  readonly documentKey: string;
  readonly input: LayoutInput;
  /** Lay out from scratch ("Tidy layout"). */
  readonly force?: boolean;
  /** A large graph laid out from scratch may be answered with a quick draft first (LayoutRequestOptions). */
  readonly draft?: boolean;
}

export type VersionedLayoutResult = LayoutResult & {
  readonly version: number;
  /** The shape laid out (the analysis's structure key), when the input came from the validation worker. */
  readonly structureKey?: string;
  /** A very large layout: `positions` is empty, and these are the positions, packed. */
  readonly packed?: PackedPositions;
};

/** A layout of a version the validation worker analysed: the input is asked of it directly. */
export interface AnalysisLayoutRequest extends Omit<LayoutRequest, 'input'> {
  readonly hideHelpers: boolean;
  /** A focused view: its neighbourhood alone is laid out. */
  readonly view?: GraphViewRequest | null;
  /** The analysis was asked to send a large graph's input ahead (AnalyzeRequest.layoutAhead): start from it when it comes. */
  readonly inputAhead?: boolean;
}

/** How long after the first layout ELK's warm-up starts (the page has drawn its first graph by then). */
const WARM_UP_DELAY_MS = 1500;
/** How soon a warm-up that gave way looks again. */
const WARM_UP_RETRY_MS = 500;
/** The size of the throwaway layout run as the worker starts. */
const FIRST_TOUCH_NODES = 12;

export interface LayoutApiOptions extends LayoutEngineOptions {
  /** Milliseconds after the first layout to warm ELK up; null: never (tests). */
  readonly warmUpAfterFirstLayoutMs?: number | null;
}

/** Documents whose previous layout is kept; the least recently used is dropped. */
const MAX_DOCUMENTS = 16;

export function createLayoutApi(options: LayoutApiOptions = {}) {
  const engines = new Map<string, LayoutEngine>();
  /** Layouts asked for and not yet answered: a warm-up gives way to them. */
  let pending = 0;
  let warmUpScheduled = false;

  const engineFor = (documentKey: string): LayoutEngine => {
    let engine = engines.get(documentKey);
    if (engine) {
      engines.delete(documentKey);
    } else {
      engine = createLayoutEngine(options);
      const oldest = engines.size >= MAX_DOCUMENTS ? engines.keys().next().value : undefined;
      if (oldest !== undefined) engines.delete(oldest);
    }
    engines.set(documentKey, engine);
    return engine;
  };

  // ELK warms up once the first real layout is answered and the page is idle: while a
  // page loads, its threads share the machine's cores with the editor's start-up, and a
  // first document is small; a big paste later finds ELK warm.
  // It gives way to real work: a layout asked for, or the page editing (hold): on a
  // machine of two cores a warm-up beside a big paste's analysis slowed it by a third.
  // What it has not done it does once the work is over.
  let heldUntil = 0;
  const busy = () => pending > 0 || performance.now() < heldUntil;
  const warmUp = async (rounds: number): Promise<void> => {
    const ran = await warmUpElk(busy, rounds);
    if (ran < rounds) setTimeout(() => void warmUp(rounds - ran), WARM_UP_RETRY_MS);
  };
  const scheduleWarmUp = (): void => {
    if (warmUpScheduled || options.warmUpAfterFirstLayoutMs === null) return;
    warmUpScheduled = true;
    setTimeout(() => void warmUp(WARM_UP_ROUNDS), options.warmUpAfterFirstLayoutMs ?? WARM_UP_DELAY_MS);
  };

  // One small throwaway layout as the worker starts: ELK's first call in a thread pays
  // for loading its code (~200 ms here), and the page's first graph arrives a few hundred
  // milliseconds later. Small, so a real layout arriving meanwhile waits little for it.
  if (options.warmUpAfterFirstLayoutMs !== null) setTimeout(() => void warmUpElk(() => pending > 0, 1, 1000, FIRST_TOUCH_NODES), 0);

  let source: LayoutInputSource | null = null;
  const inputsAhead = new LayoutInputsAhead();

  const api = {
    /** Lays out one version of a document. Never rejects. */
    async layout(request: LayoutRequest): Promise<VersionedLayoutResult> {
      pending++;
      try {
        const result = await engineFor(String(request?.documentKey)).layout(request?.input, { force: request?.force === true, draft: request?.draft === true });
        return { ...result, version: request?.version };
      } finally {
        pending--;
        scheduleWarmUp();
      }
    },
    /**
     * Runs a few throwaway layouts so ELK's start-up and compilation costs are paid
     * before a big graph needs them; stops between rounds when a real layout is asked for.
     */
    async warmUp(): Promise<void> {
      await warmUpElk(() => pending > 0);
    },
    /** The page is busy with an edit: no warm-up round starts for `ms`. */
    hold(ms: number): void {
      heldUntil = Math.max(heldUntil, performance.now() + ms);
    },
    /** Drops a document's previous layout (it was closed or deleted). */
    forget(documentKey: string): void {
      engines.delete(documentKey);
    },
    /** Where layoutOf takes its input: the validation worker, over a channel of their own. */
    connectValidation(port: MessagePort | LayoutInputSource): void {
      if (!('postMessage' in port)) {
        source = port;
        return;
      }
      source = wrap<LayoutInputSource>(port);
      port.addEventListener('message', (event: MessageEvent) => {
        const ahead = (event.data as Partial<LayoutInputAheadMessage> | null)?.layoutInputAhead;
        if (ahead) inputsAhead.receive(ahead.version, ahead.input);
      });
      // comlink listens on this port too; it is started once, here.
      port.start();
    },
    /**
     * Lays out a version as the validation worker analysed it, without the graph crossing
     * the page. Null when that worker no longer keeps the version (a newer one replaced it).
     */
    async layoutOf(request: AnalysisLayoutRequest): Promise<VersionedLayoutResult | null> {
      if (!source) throw new Error('the layout worker has no channel to the validation worker');
      const { view, hideHelpers, inputAhead, ...rest } = request;
      const asked = Promise.resolve(source.layoutInput(request.version, hideHelpers, view ?? null)).then((reply) => (reply === SENT_AHEAD ? inputsAhead.of(request.version) : reply));
      // A large graph's input may come ahead of its analysis: the layout starts from
      // whichever is here first (the same input either way).
      const sourced = inputAhead && !view ? await Promise.race([inputsAhead.of(request.version), asked]) : await asked;
      if (!sourced) return null;
      const { structureKey, ...packedInput } = sourced;
      const input = unpackLayoutInput(packedInput);
      const result = { ...(await api.layout({ ...rest, input })), structureKey };
      if (Object.keys(result.positions).length <= SLICE_ITEMS) return result;
      // A very large layout crosses packed: a record of tens of thousands of objects is
      // slow to write here and to read on the page. In the graph's order, which the page reads by index.
      const packed = packPositions(
        result.positions,
        input.nodes.map((n) => n.id),
      );
      return transfer({ ...result, positions: {}, packed }, [packed.xy.buffer as ArrayBuffer]);
    },
  };
  return api;
}
