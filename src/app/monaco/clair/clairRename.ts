/**
 * Rename an id everywhere: for CLAIR a belief id in its definition, every justification
 * that cites it and every content that names it as a whole word; for Gaia a name in its
 * assignment and every use. The rule for new names comes with the language.
 */
import type { languages as Languages } from 'monaco-editor/editor';
import { ID_PATTERN } from '../../../core/clair/ast.ts';
import type { Monaco } from '../monacoSetup.ts';
import type { LanguageHost } from '../languageHost.ts';

export interface NameRule {
  readonly pattern: RegExp;
  /** What a valid name looks like, for the message when a new name breaks the rule. */
  readonly description: string;
  /** What kind of thing is renamed ("belief ids", "names"). */
  readonly things: string;
}

export const CLAIR_NAMES: NameRule = { pattern: ID_PATTERN, description: 'a lower-case letter, then a-z, 0-9 or _', things: 'belief ids' };

export function clairRenameProvider(monaco: Monaco, host: LanguageHost, rule: NameRule = CLAIR_NAMES): Languages.RenameProvider {
  return {
    async resolveRenameLocation(_model, position) {
      const use = await host.symbolAt(position.lineNumber, position.column).catch(() => null);
      if (!use) return { range: new monaco.Range(position.lineNumber, position.column, position.lineNumber, position.column), text: '', rejectReason: `Only ${rule.things} can be renamed.` };
      const r = use.range;
      return { range: new monaco.Range(r.line, r.column, r.endLine, r.endColumn), text: use.id };
    },
    async provideRenameEdits(model, position, newName) {
      const use = await host.symbolAt(position.lineNumber, position.column);
      if (!use) return { edits: [], rejectReason: `Only ${rule.things} can be renamed.` };
      if (!rule.pattern.test(newName)) {
        return { edits: [], rejectReason: `"${newName}" is not a valid name: ${rule.description}.` };
      }
      if (newName !== use.id && host.views().has(newName)) {
        return { edits: [], rejectReason: `${newName} is already defined.` };
      }
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
