/**
 * A copy of the editor's text kept where the analysis runs, brought up to date by each
 * edit's changes rather than by the whole text: a keystroke sends a few bytes however
 * long the document is. Each edit names the version it applies to and the length the
 * text has after it; an edit that does not fit (another base, a length that disagrees)
 * leaves the copy unknown until the whole text is set again, so a copy that drifted from
 * the editor is never analysed.
 */

/** One change of an edit: `length` characters at `offset` (in the text before the edit) replaced by `text`. */
export interface TextChange {
  readonly offset: number;
  readonly length: number;
  readonly text: string;
}

export interface TextEdit {
  /** The version the changes apply to. */
  readonly baseVersion: number;
  /** The version they make. */
  readonly version: number;
  /** Non-overlapping changes, each placed in the text of `baseVersion`. */
  readonly changes: readonly TextChange[];
  /** The length of the text after the edit: a cheap check that both sides still agree. */
  readonly length: number;
}

export class TextReplica {
  private version: number | null = null;
  private text = '';

  /** The whole text of `version`. */
  set(version: number, text: string): void {
    this.version = version;
    this.text = text;
  }

  /** Forgets the text: nothing is known until it is set again. */
  clear(): void {
    this.version = null;
    this.text = '';
  }

  /** Applies an edit; false (and the copy unknown) when it does not fit the text held. */
  apply(edit: TextEdit): boolean {
    const next = this.version === edit.baseVersion ? applyChanges(this.text, edit.changes) : null;
    if (next === null || next.length !== edit.length) {
      this.clear();
      return false;
    }
    this.set(edit.version, next);
    return true;
  }

  /** The text of `version`, when that is the version held. */
  textOf(version: number): string | null {
    return this.version === version ? this.text : null;
  }
}

/**
 * The text after `changes`, each placed in `text` as it was before any of them; null
 * when they overlap or fall outside it. Applied from the end backwards, so placing one
 * never moves the ones still to come.
 */
export function applyChanges(text: string, changes: readonly TextChange[]): string | null {
  const order = [...changes].sort((a, b) => b.offset - a.offset);
  let out = text;
  let limit = text.length;
  for (const c of order) {
    if (!Number.isInteger(c.offset) || !Number.isInteger(c.length) || c.offset < 0 || c.length < 0 || c.offset + c.length > limit) return null;
    out = out.slice(0, c.offset) + c.text + out.slice(c.offset + c.length);
    limit = c.offset;
  }
  return out;
}
