/**
 * When the document's text has settled: the analysis of the newest edit is in and
 * nothing was typed for SETTLE_MS — a burst of typing is one revision. The pipeline
 * decides it, not storage, so a page without IndexedDB records revisions all the same.
 */
import type { Language } from '../../core/graph/reasoningGraph.ts';
import { useDocumentStore } from '../document/documentStore.ts';

export type SettledListener = (version: number, text: string, language: Language) => void;

export class TextSettle {
  /** How long after the newest edit's analysis arrived, with nothing typed, the text has settled. */
  static readonly SETTLE_MS = 700;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private readonly listeners: SettledListener[] = [];

  /** Calls `listener` each time the document's text settles, with its version and text. */
  onSettled(listener: SettledListener): void {
    this.listeners.push(listener);
  }

  /** The analysis of `version` is in: its text (read then) settles unless an edit comes first. */
  schedule(version: number, text: () => string, language: Language): void {
    this.cancel();
    this.timer = setTimeout(() => {
      this.timer = null;
      if (useDocumentStore.getState().editorVersion !== version) return;
      const settled = text();
      for (const listener of this.listeners) listener(version, settled, language);
    }, TextSettle.SETTLE_MS);
  }

  /** An edit: the text is not settled. */
  cancel(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
