/**
 * Quick fixes: the repairs the validator attaches to its diagnostics (lob-discount and
 * exceeds-derivation-bound → set the confidence to the bound; missing-level → insert
 * L0; unknown-ref → the closest existing id), offered on the matching markers.
 */
import type { languages as Languages } from 'monaco-editor/editor';
import type { Monaco } from '../monacoSetup.ts';
import type { LanguageHost } from '../languageHost.ts';
import { diagnosticKey, keyOfDiagnostic } from '../languageHost.ts';

export function clairCodeActionProvider(monaco: Monaco, host: LanguageHost): Languages.CodeActionProvider {
  return {
    async provideCodeActions(model, _range, context) {
      const analysis = await host.current().catch(() => null);
      if (!analysis) return { actions: [], dispose() {} };
      const byKey = new Map(analysis.diagnostics.map((d) => [keyOfDiagnostic(d), d]));
      const actions: Languages.CodeAction[] = [];
      const versionId = model.getVersionId();
      for (const marker of context.markers) {
        const d = byKey.get(diagnosticKey(marker));
        for (const fix of d?.fixes ?? []) {
          actions.push({
            title: fix.title,
            kind: 'quickfix',
            diagnostics: [marker],
            isPreferred: (d?.fixes?.length ?? 0) === 1,
            edit: {
              edits: fix.edits.map((e) => ({
                resource: model.uri,
                versionId,
                textEdit: { range: new monaco.Range(e.range.line, e.range.column, e.range.endLine, e.range.endColumn), text: e.text },
              })),
            },
          });
        }
      }
      return { actions, dispose() {} };
    },
  };
}
