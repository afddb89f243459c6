/**
 * A large paste, taken from Monaco: the whole resulting text goes to the pipeline at
 * once, so validation starts at the paste, and the editor fills slice by slice, one task
 * each, so the page keeps painting (one edit of 5 MB was a 0.4 s task in Monaco alone).
 * The slices are one undo step, and the editor takes no typing until the last is in.
 */
import type { editor as Editor } from 'monaco-editor/editor';
import { sliceEnd } from '../../core/text/lineSlices.ts';
import { rangesAround } from './keptByPaste.ts';
import type { monaco as Monaco } from '../monaco/monacoSetup.ts';

/** Pastes shorter than this go to Monaco as they are. */
export const LARGE_PASTE_CHARS = 128 * 1024;
/** Time aimed at per slice; the slice size follows what the last one cost. */
const SLICE_MS = 24;
/** Small: the paste's own task also sends the whole text on. */
const FIRST_SLICE = 32 * 1024;
const MIN_SLICE = 16 * 1024;
/** Monaco's cost per edit grows faster than its size: a 1 MB slice took 0.28 s. */
const MAX_SLICE = 192 * 1024;

export interface LargePaste {
  /** The text the paste makes of the model, known before any of it is in the editor. */
  readonly text: string;
  /** Resolves when every slice is in (false: the document was replaced meanwhile). */
  readonly done: Promise<boolean>;
}

/**
 * Starts pasting `pasted` over the editor's selection in slices, or returns null when the
 * paste is not one for this (small, several cursors, read-only, another model shown).
 * `whileSlicing` is true from the first slice to the last, so the caller's change
 * listener can tell these edits from typing. The first slice goes in within the paste's
 * own task, after the caller has taken the returned text (a microtask later); the rest
 * waits once for `rest`, then each slice for `turn` (the pipeline's: after the analysis
 * of the paste is taken in).
 */
export function startLargePaste(
  monaco: typeof Monaco,
  editor: Editor.IStandaloneCodeEditor,
  model: Editor.ITextModel,
  pasted: string,
  whileSlicing: (on: boolean) => void,
  turn: () => Promise<void>,
  rest: () => Promise<void>,
): LargePaste | null {
  const selections = editor.getSelections();
  if (pasted.length < LARGE_PASTE_CHARS || editor.getModel() !== model || !selections || selections.length !== 1) return null;
  if (editor.getOption(monaco.editor.EditorOption.readOnly)) return null;
  const eol = model.getEOL();
  // The editor keeps one line ending: the pasted text is read as it will be stored.
  // (Scanning 5 MB with a pattern costs tens of milliseconds: only when it can change anything.)
  const inserted = eol === '\n' && !pasted.includes('\r') ? pasted : pasted.replace(/\r\n|\r|\n/g, eol);
  const selection = selections[0]!;
  const around = rangesAround(model, selection);
  const text = model.getValueInRange(around.before) + inserted + model.getValueInRange(around.after);
  const done = Promise.resolve().then(() => fill(monaco, editor, model, selection, inserted, whileSlicing, turn, rest));
  return { text, done };
}

async function fill(
  monaco: typeof Monaco,
  editor: Editor.IStandaloneCodeEditor,
  model: Editor.ITextModel,
  selection: InstanceType<typeof Monaco.Selection>,
  inserted: string,
  whileSlicing: (on: boolean) => void,
  turn: () => Promise<void>,
  rest: () => Promise<void>,
): Promise<boolean> {
  editor.updateOptions({ readOnly: true, readOnlyMessage: { value: 'The paste is still going into the editor; type again in a moment.' } });
  model.pushStackElement();
  let range: InstanceType<typeof Monaco.Range> = selection;
  let offset = model.getOffsetAt(selection.getStartPosition());
  let size = FIRST_SLICE;
  let first = true;
  let expected = model.getVersionId();
  try {
    for (let from = 0; from < inserted.length; ) {
      // Replaced meanwhile (another document opened): what is left of the paste is moot.
      if (model.isDisposed() || editor.getModel() !== model || model.getVersionId() !== expected) return false;
      const to = sliceEnd(inserted, from, size);
      const t0 = performance.now();
      whileSlicing(true);
      try {
        // Undo stops are pushed only before the first slice and after the last: one step.
        model.pushEditOperations([selection], [{ range, text: inserted.slice(from, to), forceMoveMarkers: true }], () => null);
      } finally {
        whileSlicing(false);
      }
      expected = model.getVersionId();
      offset += to - from;
      from = to;
      const at = model.getPositionAt(offset);
      range = new monaco.Range(at.lineNumber, at.column, at.lineNumber, at.column);
      const ms = performance.now() - t0;
      size = Math.min(MAX_SLICE, Math.max(MIN_SLICE, Math.round((size * SLICE_MS) / Math.max(ms, 1))));
      if (from >= inserted.length) break;
      // The first slice shows the top of the paste at once; the rest of the editor fills
      // once `rest` resolves (the paste's graph is shown): on two cores, filling beside the
      // analysis and layout of 60k beliefs slowed the picture by a sixth.
      if (first) await rest();
      first = false;
      await turn();
    }
    model.pushStackElement();
    const end = model.getPositionAt(offset);
    editor.setPosition(end);
    editor.revealPosition(end);
    return true;
  } finally {
    // A disposed editor has no model; there is nothing to give typing back to.
    if (editor.getModel()) editor.updateOptions({ readOnly: false, readOnlyMessage: undefined });
  }
}
