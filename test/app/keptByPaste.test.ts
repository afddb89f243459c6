/**
 * The input limit counts what a paste keeps of the document: all but the one selection
 * it replaces (several cursors: all of it). Checked on a model of lines, against the
 * plain definition (the text with the selection cut out).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { IRange } from 'monaco-editor/editor';
import { keptByPaste } from '../../src/app/editor/keptByPaste.ts';
import type { PastedModel } from '../../src/app/editor/keptByPaste.ts';

function modelOf(text: string): PastedModel {
  const lines = text.split('\n');
  const offset = (line: number, column: number) => lines.slice(0, line - 1).reduce((n, l) => n + l.length + 1, 0) + column - 1;
  const slice = (r: IRange) => text.slice(offset(r.startLineNumber, r.startColumn), offset(r.endLineNumber, r.endColumn));
  return {
    getValueLength: () => text.length,
    getValue: () => text,
    getValueLengthInRange: (r) => slice(r).length,
    getValueInRange: slice,
    getLineCount: () => lines.length,
    getLineMaxColumn: (line) => lines[line - 1]!.length + 1,
  };
}

const place = (text: string, at: number) => {
  const before = text.slice(0, at).split('\n');
  return { line: before.length, column: before.at(-1)!.length + 1 };
};

describe('keptByPaste', () => {
  it('is the text with the selection cut out (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', 'é', '\n', 'x') }), fc.nat(), fc.nat(), (text, i, j) => {
        const [from, to] = [i % (text.length + 1), j % (text.length + 1)].sort((a, b) => a - b) as [number, number];
        const a = place(text, from);
        const b = place(text, to);
        const kept = keptByPaste(modelOf(text), [{ startLineNumber: a.line, startColumn: a.column, endLineNumber: b.line, endColumn: b.column }]);
        const expected = text.slice(0, from) + text.slice(to);
        expect(kept.length).toBe(expected.length);
        expect(kept.text()).toBe(expected);
      }),
    );
  });

  it.each([
    ['no selection known', null],
    [
      'several cursors',
      [
        { startLineNumber: 1, startColumn: 1, endLineNumber: 1, endColumn: 2 },
        { startLineNumber: 2, startColumn: 1, endLineNumber: 2, endColumn: 2 },
      ],
    ],
  ])('%s: the whole document counts', (_, selections) => {
    const kept = keptByPaste(modelOf('ab\ncd'), selections);
    expect(kept.length).toBe(5);
    expect(kept.text()).toBe('ab\ncd');
  });
});
