/**
 * Quick fixes: the repairs the validator attaches to its diagnostics (lob-discount and
 * exceeds-derivation-bound → set the confidence to the bound; missing-level → insert
 * L0; unknown-ref → the closest existing id), offered on the matching markers.
 */
import type { languages as Languages } from 'monaco-editor/editor';
import { diagnosticKey, fixesFor } from '../../../core/editing/quickFixes.ts';
import type { Monaco } from '../monacoSetup.ts';
import type { LanguageHost } from '../languageHost.ts';

export function clairCodeActionProvider(monaco: Monaco, host: LanguageHost): Languages.CodeActionProvider {
  return {
    async provideCodeActions(model, _range, context) {
      const analysis = await host.current().catch(() => null);
      if (!analysis) return { actions: [], dispose() {} };
      const markers = new Map(
        context.markers.map((m) => [
          diagnosticKey(typeof m.code === 'string' ? m.code : (m.code?.value ?? ''), { line: m.startLineNumber, column: m.startColumn, endLine: m.endLineNumber, endColumn: m.endColumn }),
          m,
        ]),
      );
      const versionId = model.getVersionId();
      const actions: Languages.CodeAction[] = fixesFor(analysis.diagnostics, [...markers.keys()]).map(({ key, fix, preferred }) => ({
        title: fix.title,
        kind: 'quickfix',
        diagnostics: [markers.get(key)!],
        isPreferred: preferred,
        edit: {
          edits: fix.edits.map((e) => ({
            resource: model.uri,
            versionId,
            textEdit: { range: new monaco.Range(e.range.line, e.range.column, e.range.endLine, e.range.endColumn), text: e.text },
          })),
        },
      }));
      return { actions, dispose() {} };
    },
  };
}
