/**
 * A large paste, taken from Monaco: the whole resulting text goes to the pipeline at
 * once, so validation starts at the paste, and the editor fills slice by slice, one task
 * each, so the page keeps painting (one edit of 5 MB was a 0.4 s task in Monaco alone).
 * The slices are one undo step (steps of UNDO_STEP_CHARS, past ONE_STEP_CHARS). A key pressed before the last is in puts the rest in at
 * once (finish()), so the key lands after the whole paste: nothing typed is ever lost.
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
/**
 * Above Monaco's piece size (64 KiB): a smaller insert is appended to one growing change
 * buffer, a string built by concatenation that V8 copies whole on the next line read, so
 * slices of 16 KiB made a 100 MB fill quadratic (6 s of line reads at 100,000 ops).
 */
const MIN_SLICE = 65 * 1024;
/** Monaco's cost per edit grows faster than its size: a 1 MB slice took 0.28 s. */
const MAX_SLICE = 192 * 1024;
/**
 * Monaco copies an undo step character by character when the step closes, in one task:
 * a 60 MB log write held the page half a second there. An edit up to ONE_STEP_CHARS is
 * one undo step (an import of 3,000 records, nearly 2 MB, is undone at once); a longer
 * one is undone in steps of about UNDO_STEP_CHARS, each closed in a task of its own
 * between two slices (a 2 MiB step took 48–64 ms to close, over the 50 ms a page may be
 * held; 1 MiB is half that).
 */
export const ONE_STEP_CHARS = 2 * 1024 * 1024;
export const UNDO_STEP_CHARS = 1024 * 1024;

export interface LargePaste {
  /** The text the paste makes of the model, known before any of it is in the editor. */
  readonly text: string;
  /** Resolves when every slice is in (false: the document was replaced meanwhile). */
  readonly done: Promise<boolean>;
  /** Puts what is left of the paste in now, in one edit, and gives the editor back to typing. */
  finish(): void;
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
  const filler = new Filler(monaco, editor, model, selection, [inserted], whileSlicing, { cursorToEnd: true, message: 'The paste is still going into the editor.' });
  const done = Promise.resolve().then(() => filler.fill(turn, rest));
  return { text, done, finish: () => filler.finish() };
}

/**
 * The same for an edit from outside the editor (a log write the worker made: src/store/
 * session/editorText.ts): the characters `start`–`end` of the model replaced by `insert`,
 * in slices, with the cursors left where they are. `parts`: `insert` as the strings it
 * came in (joined, `insert`), each of whole lines: the slices are cut from them, as
 * reading `insert` itself would first copy its 60 MB into one string. Null when the
 * editor cannot take it so (read-only, another model shown).
 */
export function startLargeEdit(
  monaco: typeof Monaco,
  editor: Editor.IStandaloneCodeEditor,
  model: Editor.ITextModel,
  edit: { readonly start: number; readonly end: number; readonly parts: readonly string[]; readonly text: string },
  whileSlicing: (on: boolean) => void,
  turn: () => Promise<void>,
  rest: () => Promise<void>,
): LargePaste | null {
  if (editor.getModel() !== model || editor.getOption(monaco.editor.EditorOption.readOnly) || model.getEOL() !== '\n') return null;
  const from = model.getPositionAt(edit.start);
  const to = model.getPositionAt(edit.end);
  const range = new monaco.Selection(from.lineNumber, from.column, to.lineNumber, to.column);
  const filler = new Filler(
    monaco,
    editor,
    model,
    range,
    edit.parts.filter((p) => p.length > 0),
    whileSlicing,
    { cursorToEnd: false, message: 'The log is still being written into the editor.' },
  );
  const done = Promise.resolve().then(() => filler.fill(turn, rest));
  return { text: edit.text, done, finish: () => filler.finish() };
}

/** The editor filling with one paste; read-only until the last slice is in, so no edit lands mid-paste. */
class Filler {
  private range: InstanceType<typeof Monaco.Range>;
  private offset: number;
  /** Characters put in so far, of `length`; the next slice starts at `at` in part `part`. */
  private from = 0;
  private readonly length: number;
  private part = 0;
  private at = 0;
  /** Characters put in since the last undo stop; `stepDue`: past UNDO_STEP_CHARS, the step closes before the next slice. */
  private sinceStop = 0;
  private stepDue = false;
  private expected = -1;
  /** 'over': every slice in, or the paste abandoned; nothing more to do. */
  private state: 'waiting' | 'filling' | 'over' = 'waiting';

  constructor(
    private readonly monaco: typeof Monaco,
    private readonly editor: Editor.IStandaloneCodeEditor,
    private readonly model: Editor.ITextModel,
    private readonly selection: InstanceType<typeof Monaco.Selection>,
    private readonly parts: readonly string[],
    private readonly whileSlicing: (on: boolean) => void,
    private readonly options: { readonly cursorToEnd: boolean; readonly message: string },
  ) {
    this.range = selection;
    this.offset = model.getOffsetAt(selection.getStartPosition());
    this.length = parts.reduce((n, p) => n + p.length, 0);
  }

  async fill(turn: () => Promise<void>, rest: () => Promise<void>): Promise<boolean> {
    if (this.state !== 'waiting') return this.state === 'over' && this.from >= this.length;
    this.state = 'filling';
    this.editor.updateOptions({ readOnly: true, readOnlyMessage: { value: this.options.message } });
    this.model.pushStackElement();
    this.expected = this.model.getVersionId();
    let size = FIRST_SLICE;
    let first = true;
    try {
      while (this.from < this.length) {
        if (this.state !== 'filling') return this.from >= this.length;
        if (this.replaced()) return this.abandon();
        const t0 = performance.now();
        this.put(size);
        const ms = performance.now() - t0;
        size = Math.min(MAX_SLICE, Math.max(MIN_SLICE, Math.round((size * SLICE_MS) / Math.max(ms, 1))));
        if (this.from >= this.length) break;
        // The first slice shows the top of the paste at once; the rest of the editor fills
        // once `rest` resolves (the paste's graph is shown): on two cores, filling beside the
        // analysis and layout of 60k beliefs slowed the picture by a sixth.
        if (first) await rest();
        first = false;
        await turn();
        // An undo step that is due closes in a task of its own (Monaco copies it as it closes).
        if (this.stepDue) {
          if (this.state !== 'filling') return this.from >= this.length;
          if (this.replaced()) return this.abandon();
          this.closeStep();
          await turn();
        }
      }
      if (this.state === 'filling') this.end();
      return this.from >= this.length;
    } catch (e) {
      this.abandon();
      throw e;
    }
  }

  /** A key is being pressed: the rest goes in now, in one edit, before the key is handled. */
  finish(): void {
    if (this.state === 'over') return;
    if (this.state === 'waiting') {
      this.state = 'filling';
      this.model.pushStackElement();
      this.expected = this.model.getVersionId();
    }
    if (this.replaced()) {
      this.abandon();
      return;
    }
    if (this.stepDue) this.closeStep();
    if (this.from < this.length) this.put(Infinity);
    this.end();
  }

  /** Replaced meanwhile (another document opened): what is left of the paste is moot. */
  private replaced(): boolean {
    return this.model.isDisposed() || this.editor.getModel() !== this.model || this.model.getVersionId() !== this.expected;
  }

  /** Puts the next `size` characters (to a line's end, within one part; Infinity: all that is left) in at the paste's end. */
  private put(size: number): void {
    let text: string;
    if (size === Infinity) {
      text = this.parts[this.part]!.slice(this.at) + this.parts.slice(this.part + 1).join('');
      [this.part, this.at] = [this.parts.length, 0];
    } else {
      const part = this.parts[this.part]!;
      const to = size >= part.length - this.at ? part.length : sliceEnd(part, this.at, size);
      text = part.slice(this.at, to);
      [this.part, this.at] = to === part.length ? [this.part + 1, 0] : [this.part, to];
    }
    this.whileSlicing(true);
    try {
      // Undo stops are pushed before the first slice and after the last (and every UNDO_STEP_CHARS).
      const before = this.options.cursorToEnd ? [this.selection] : (this.editor.getSelections() ?? []);
      this.model.pushEditOperations(before, [{ range: this.range, text, forceMoveMarkers: this.options.cursorToEnd }], () => null);
    } finally {
      this.whileSlicing(false);
    }
    const to = this.from + text.length;
    this.sinceStop += text.length;
    if (this.length > ONE_STEP_CHARS && this.sinceStop >= UNDO_STEP_CHARS && to < this.length) this.stepDue = true;
    this.expected = this.model.getVersionId();
    this.offset += text.length;
    this.from = to;
    const at = this.model.getPositionAt(this.offset);
    this.range = new this.monaco.Range(at.lineNumber, at.column, at.lineNumber, at.column);
  }

  /** Closes the undo step of the slices put in since the last. */
  private closeStep(): void {
    this.model.pushStackElement();
    this.sinceStop = 0;
    this.stepDue = false;
  }

  private end(): void {
    this.state = 'over';
    this.model.pushStackElement();
    if (this.options.cursorToEnd) {
      const end = this.model.getPositionAt(this.offset);
      this.editor.setPosition(end);
      this.editor.revealPosition(end);
    }
    this.release();
  }

  private abandon(): false {
    this.state = 'over';
    this.release();
    return false;
  }

  private release(): void {
    // A disposed editor has no model; there is nothing to give typing back to.
    if (this.editor.getModel()) this.editor.updateOptions({ readOnly: false, readOnlyMessage: undefined });
  }
}
