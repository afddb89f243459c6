/**
 * The page sends the validation worker each edit's changes, never the whole text, and
 * the analysis on the page is the one a from-scratch analysis of the editor's text gives.
 * An edit the worker's copy cannot take (a missed or garbled one) costs one whole-text
 * send, never a wrong analysis.
 */
import { describe, expect, it } from 'vitest';
import { generateTrace } from '../../bench/generateTrace.ts';
import { analyzeDocument } from '../../src/core/analysis/analyzeDocument.ts';
import type { TextChange } from '../../src/core/text/textReplica.ts';
import { useDocumentStore } from '../../src/store/document/documentStore.ts';
import { corePipeline } from '../support/corePipeline.ts';

const state = () => useDocumentStore.getState();

/** The page's analysis, as comparable to a from-scratch one. */
function shown() {
  const a = state().analysis!;
  return { graph: a.graph, diagnostics: a.diagnostics };
}

function scratch(text: string) {
  const a = analyzeDocument(text, 'clair', 0, () => 0);
  return { graph: a.graph, diagnostics: a.diagnostics };
}

/** A keystroke's worth of change at `offset`, as Monaco reports it. */
function typed(text: string, offset: number, insert: string, remove = 0): { next: string; changes: TextChange[] } {
  return { next: text.slice(0, offset) + insert + text.slice(offset + remove), changes: [{ offset, length: remove, text: insert }] };
}

describe('the edit stream to the validation worker', () => {
  const pipeline = corePipeline();

  it('typing key by key, deleting and several cursors at once give the analysis of the text typed', async () => {
    let text = generateTrace(40, 7);
    pipeline.edit(text);
    await pipeline.whenCurrent();
    // A new line typed key by key above b12, each key its own version.
    const at = text.indexOf('\nb12 ') + 1;
    [...'b99 .7 L0 @self <b3 "typed" \n'].forEach((ch, i) => {
      const { next, changes } = typed(text, at + i, ch);
      text = next;
      pipeline.editChanges(changes, text.length, () => text);
    });
    // A whole line deleted, then two cursors typing at once (each placed in the text before).
    const line = text.indexOf('\nb20 ') + 1;
    const { next, changes } = typed(text, line, '', text.indexOf('\n', line) + 1 - line);
    text = next;
    pipeline.editChanges(changes, text.length, () => text);
    const two: TextChange[] = [
      { offset: text.indexOf('"', text.indexOf('\nb5 ')) + 1, length: 0, text: 'X' },
      { offset: text.indexOf('"', text.indexOf('\nb30 ')) + 1, length: 0, text: 'Y' },
    ];
    const before = text;
    text = [...two].sort((a, b) => b.offset - a.offset).reduce((t, c) => t.slice(0, c.offset) + c.text + t.slice(c.offset), before);
    pipeline.editChanges(two, text.length, () => text);
    const a = await pipeline.whenCurrent();
    expect(a.version).toBe(state().editorVersion);
    expect(shown()).toEqual(scratch(text));
    expect(a.graph.nodes.some((n) => n.id === 'b99')).toBe(true);
    expect(a.graph.nodes.some((n) => n.id === 'b20')).toBe(false);
  });

  it('an edit that does not fit the worker’s copy is repaired with one whole text', async () => {
    let text = generateTrace(30, 3);
    pipeline.edit(text);
    await pipeline.whenCurrent();
    // The editor's text moves on by two characters, but the changes sent say one.
    text = `${text};;`;
    let reads = 0;
    const read = () => {
      reads += 1;
      return text;
    };
    pipeline.editChanges([{ offset: text.length - 2, length: 0, text: ';' }], text.length, read);
    await pipeline.whenCurrent();
    expect(reads).toBe(1);
    expect(shown()).toEqual(scratch(text));
    // The copy is whole again: the next keystroke goes as its changes alone.
    const { next, changes } = typed(text, 0, '; a note\n');
    text = next;
    pipeline.editChanges(changes, text.length, read);
    await pipeline.whenCurrent();
    expect(reads).toBe(1);
    expect(shown()).toEqual(scratch(text));
  });
});
