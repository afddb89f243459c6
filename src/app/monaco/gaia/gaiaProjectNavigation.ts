/**
 * Go to definition, find references, occurrence highlighting, rename and hover in the
 * files of a project (a Gaia package opened whole): each asks the worker's cross-module
 * symbol index (src/core/gaia/package/packageSymbols.ts) and answers with the models of
 * the files it lands in. A model that is not a project file (the one-file document) is
 * answered by the provider it wraps, exactly as before.
 */
import type { CancellationToken, editor as Editor, languages as Languages, Position } from 'monaco-editor/editor';
import type { SourceRange } from '../../../core/text/sourceRange.ts';
import type { LanguageHost } from '../languageHost.ts';
import type { Monaco } from '../monacoSetup.ts';

function toRange(monaco: Monaco, r: SourceRange) {
  return new monaco.Range(r.line, r.column, r.endLine, r.endColumn);
}

function fileOf(host: LanguageHost, model: Editor.ITextModel): string | null {
  return host.projectFileOf(model.uri.toString());
}

export function projectDefinitionProvider(monaco: Monaco, host: LanguageHost, single: Languages.DefinitionProvider): Languages.DefinitionProvider {
  return {
    async provideDefinition(model, position, token) {
      const file = fileOf(host, model);
      if (file === null) return single.provideDefinition(model, position, token);
      const symbol = await host.projectSymbolAt(file, position.lineNumber, position.column).catch(() => null);
      const at = symbol?.definition;
      const uri = at ? host.projectUri(at.file) : null;
      return at && uri ? { uri: monaco.Uri.parse(uri), range: toRange(monaco, at.range) } : null;
    },
  };
}

export function projectReferenceProvider(monaco: Monaco, host: LanguageHost, single: Languages.ReferenceProvider): Languages.ReferenceProvider {
  return {
    async provideReferences(model, position, context, token) {
      const file = fileOf(host, model);
      if (file === null) return single.provideReferences(model, position, context, token);
      const uses = await host.projectReferences(file, position.lineNumber, position.column).catch(() => []);
      return uses.flatMap((u) => {
        const uri = host.projectUri(u.file);
        if (!uri || (!context.includeDeclaration && u.role === 'definition')) return [];
        return [{ uri: monaco.Uri.parse(uri), range: toRange(monaco, u.range) }];
      });
    },
  };
}

export function projectHighlightProvider(monaco: Monaco, host: LanguageHost, single: Languages.DocumentHighlightProvider): Languages.DocumentHighlightProvider {
  const Kind = monaco.languages.DocumentHighlightKind;
  return {
    async provideDocumentHighlights(model, position, token) {
      const file = fileOf(host, model);
      if (file === null) return single.provideDocumentHighlights(model, position, token);
      const uses = await host.projectReferences(file, position.lineNumber, position.column).catch(() => []);
      return uses.filter((u) => u.file === file).map((u) => ({ range: toRange(monaco, u.range), kind: u.role === 'definition' ? Kind.Write : Kind.Read }));
    },
  };
}

export function projectRenameProvider(monaco: Monaco, host: LanguageHost, single: Languages.RenameProvider): Languages.RenameProvider {
  const nothing = (position: Position) => new monaco.Range(position.lineNumber, position.column, position.lineNumber, position.column);
  return {
    async resolveRenameLocation(model, position, token) {
      const file = fileOf(host, model);
      if (file === null) return single.resolveRenameLocation!(model, position, token);
      const symbol = await host.projectSymbolAt(file, position.lineNumber, position.column).catch(() => null);
      if (!symbol) return { range: nothing(position), text: '', rejectReason: 'Only names of the package (claims, notes, questions, helpers and module-level values) can be renamed.' };
      if (symbol.kind === 'module') return { range: nothing(position), text: '', rejectReason: `${symbol.name} is a module: rename its file instead.` };
      return { range: toRange(monaco, symbol.range), text: symbol.name };
    },
    async provideRenameEdits(model, position, newName, token) {
      const file = fileOf(host, model);
      if (file === null) return single.provideRenameEdits(model, position, newName, token);
      const result = await host.projectRename(file, position.lineNumber, position.column, newName);
      if ('refused' in result) return { edits: [], rejectReason: result.refused };
      const edits: Languages.IWorkspaceTextEdit[] = [];
      for (const e of result.edits) {
        const uri = host.projectUri(e.file);
        if (!uri) continue;
        const resource = monaco.Uri.parse(uri);
        const target = monaco.editor.getModel(resource);
        edits.push({ resource, versionId: target?.getVersionId(), textEdit: { range: toRange(monaco, e.range), text: e.text } });
      }
      return { edits };
    },
  };
}

/** Hover in a project file: the single-document hover, told what the name there stands for. */
export function projectHoverProvider(host: LanguageHost, makeHover: (host: LanguageHost) => Languages.HoverProvider): Languages.HoverProvider {
  const single = makeHover(host);
  return {
    provideHover(model: Editor.ITextModel, position: Position, token: CancellationToken, context?: Languages.HoverContext) {
      const file = fileOf(host, model);
      if (file === null) return single.provideHover(model, position, token, context);
      const inFile: LanguageHost = {
        ...host,
        symbolAt: async (line, column) => {
          const s = await host.projectSymbolAt(file, line, column);
          return s ? { id: s.nodeId ?? s.name, kind: s.role === 'definition' ? 'definition' : 'justification', range: s.range } : null;
        },
      };
      return makeHover(inFile).provideHover(model, position, token, context);
    },
  };
}
