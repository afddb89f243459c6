/**
 * Marks in the editor what the last verdict rests on: the assertions of an unsat core
 * (and the goal, when it is part of the core), or the declarations of the symbols a
 * model gives values to. Ranges come from the newest outline, matched by id, so the
 * marks follow edits; the item last clicked in the evidence list is marked more
 * strongly. Returns how many ranges are marked.
 */
import { useEffect, useRef, useState } from 'react';
import type { editor as Editor } from 'monaco-editor/editor';
import type { ProposalOutline } from '../../core/analysis/proposalOutline.ts';
import type { ProveResult } from '../../core/proposal/index.ts';
import type { SourceRange } from '../../core/text/sourceRange.ts';
import type { Monaco } from '../monaco/monacoSetup.ts';
import { activeMonaco, useActiveEditor } from '../editor/activeEditor.ts';

function decorationsFor(monaco: Monaco, result: ProveResult | null, outline: ProposalOutline | undefined, focused: string | null): Editor.IModelDeltaDecoration[] {
  if (!result || !outline) return [];
  const toRange = (r: SourceRange) => new monaco.Range(r.line, r.column, r.endLine, r.endColumn);
  const out: Editor.IModelDeltaDecoration[] = [];
  const mark = (range: SourceRange, kind: 'core' | 'model', id: string, message: string) =>
    out.push({
      range: toRange(range),
      options: {
        className: `${kind}-highlight${focused === id ? ' is-focused' : ''}`,
        linesDecorationsClassName: `${kind}-gutter`,
        hoverMessage: { value: message },
        overviewRuler: { color: kind === 'core' ? '#f5c26b' : '#7fd6c2', position: monaco.editor.OverviewRulerLane.Left },
        stickiness: monaco.editor.TrackedRangeStickiness.NeverGrowsWhenTypingAtEdges,
      },
    });
  if (result.core) {
    const core = new Set(result.core);
    for (const a of outline.assertions) if (core.has(a.id)) mark(a.range, 'core', a.id, `**${a.id}** is in the unsat core: the ${result.verdict} verdict needs it`);
    if (result.goal_in_core && outline.goalRange) mark(outline.goalRange, 'core', 'goal', 'the goal is in the unsat core');
  } else if (result.model) {
    const valued = new Map(result.model.map((v) => [v.name, v] as const));
    for (const s of outline.symbols) {
      const v = valued.get(s.name);
      if (v) mark(s.range, 'model', s.name, `in the model: \`${s.name} = ${v.value}\``);
    }
  }
  return out;
}

export function useProofHighlights(result: ProveResult | null, outline: ProposalOutline | undefined, focused: string | null): number {
  const [count, setCount] = useState(0);
  const collection = useRef<Editor.IEditorDecorationsCollection | null>(null);
  // The editor loads after the shell: the marks go in once it is there.
  const editor = useActiveEditor();
  useEffect(() => {
    collection.current = editor?.createDecorationsCollection() ?? null;
    return () => {
      collection.current?.clear();
      collection.current = null;
    };
  }, [editor]);
  useEffect(() => {
    const monaco = activeMonaco();
    if (!editor || !monaco) return;
    // While a gate fails the outline has no assertions: keep the marks Monaco is tracking.
    if (result && outline && outline.assertions.length === 0) return;
    const decorations = decorationsFor(monaco, result, outline, focused);
    collection.current?.set(decorations);
    setCount(decorations.length);
  }, [editor, result, outline, focused]);
  return count;
}
