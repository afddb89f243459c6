/**
 * Rename an id everywhere: for CLAIR a belief id in its definition, every justification
 * that cites it and every content that names it as a whole word; for Gaia a name in its
 * assignment and every use. The rule for new names comes with the language
 * (src/core/editing/nameRules.ts).
 */
import type { languages as Languages } from 'monaco-editor/editor';
import type { NameRule } from '../../../core/editing/nameRules.ts';
import { CLAIR_NAMES, notRenamable, renameRefusal } from '../../../core/editing/nameRules.ts';
import type { Monaco } from '../monacoSetup.ts';
import type { LanguageHost } from '../languageHost.ts';

export function clairRenameProvider(monaco: Monaco, host: LanguageHost, rule: NameRule = CLAIR_NAMES): Languages.RenameProvider {
  return {
    async resolveRenameLocation(_model, position) {
      const use = await host.symbolAt(position.lineNumber, position.column).catch(() => null);
      if (!use) return { range: new monaco.Range(position.lineNumber, position.column, position.lineNumber, position.column), text: '', rejectReason: notRenamable(rule) };
      const r = use.range;
      return { range: new monaco.Range(r.line, r.column, r.endLine, r.endColumn), text: use.id };
    },
    async provideRenameEdits(model, position, newName) {
      const use = await host.symbolAt(position.lineNumber, position.column);
      if (!use) return { edits: [], rejectReason: notRenamable(rule) };
      const refusal = renameRefusal(rule, use.id, newName, (name) => host.views().has(name));
      if (refusal) return { edits: [], rejectReason: refusal };
      const versionId = model.getVersionId();
      return {
        edits: (await host.usesOf(use.id)).map((u) => ({
          resource: model.uri,
          versionId,
          textEdit: { range: new monaco.Range(u.range.line, u.range.column, u.range.endLine, u.range.endColumn), text: newName },
        })),
      };
    },
  };
}
