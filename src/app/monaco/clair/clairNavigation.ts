/**
 * Go to definition, find references, occurrence highlighting and the outline, all from
 * the worker's symbol index.
 */
import type { languages as Languages } from 'monaco-editor/editor';
import { outlineOf } from '../../../core/editing/documentSymbols.ts';
import type { SourceRange } from '../../../core/text/sourceRange.ts';
import type { Monaco } from '../monacoSetup.ts';
import type { LanguageHost } from '../languageHost.ts';

function toRange(monaco: Monaco, r: SourceRange) {
  return new monaco.Range(r.line, r.column, r.endLine, r.endColumn);
}

export function clairDefinitionProvider(monaco: Monaco, host: LanguageHost): Languages.DefinitionProvider {
  return {
    async provideDefinition(model, position) {
      const use = await host.symbolAt(position.lineNumber, position.column).catch(() => null);
      if (!use) return null;
      const def = (await host.usesOf(use.id)).find((u) => u.kind === 'definition');
      return def ? { uri: model.uri, range: toRange(monaco, def.range) } : null;
    },
  };
}

export function clairReferenceProvider(monaco: Monaco, host: LanguageHost): Languages.ReferenceProvider {
  return {
    async provideReferences(model, position, context) {
      const use = await host.symbolAt(position.lineNumber, position.column).catch(() => null);
      if (!use) return [];
      return (await host.usesOf(use.id)).filter((u) => context.includeDeclaration || u.kind !== 'definition').map((u) => ({ uri: model.uri, range: toRange(monaco, u.range) }));
    },
  };
}

export function clairHighlightProvider(monaco: Monaco, host: LanguageHost): Languages.DocumentHighlightProvider {
  const Kind = monaco.languages.DocumentHighlightKind;
  return {
    async provideDocumentHighlights(_model, position) {
      const use = await host.symbolAt(position.lineNumber, position.column).catch(() => null);
      if (!use) return [];
      return (await host.usesOf(use.id)).map((u) => ({
        range: toRange(monaco, u.range),
        kind: u.kind === 'definition' ? Kind.Write : Kind.Read,
      }));
    },
  };
}

export function clairSymbolProvider(monaco: Monaco, host: LanguageHost): Languages.DocumentSymbolProvider {
  const K = monaco.languages.SymbolKind;
  const kinds = { variable: K.Variable, function: K.Function, string: K.String, class: K.Class, constant: K.Constant, property: K.Property };
  return {
    displayName: 'Beliefs',
    async provideDocumentSymbols() {
      const analysis = await host.current().catch(() => host.latest());
      if (!analysis) return [];
      return outlineOf(analysis).map((e) => ({ name: e.name, detail: e.detail, kind: kinds[e.kind], tags: [], range: toRange(monaco, e.range), selectionRange: toRange(monaco, e.selectionRange) }));
    },
  };
}
