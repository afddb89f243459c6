/**
 * `warrant lsp --stdio`: a Language Server Protocol server for CLAIR, Gaia (single modules
 * and package folders) and FormalProposal documents, over the same core as the page and
 * `warrant check`. Text is synchronised incrementally; each change is analysed once the
 * messages already waiting are read (a burst of keystrokes is one analysis), and a
 * request about a document waits for the analysis of its newest text.
 */
import type { InitializeResult } from 'vscode-languageserver/node';
import { createConnection, TextDocuments, TextDocumentSyncKind } from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { fileURLToPath } from 'node:url';
import { CLAIR_TRIGGERS, GAIA_TRIGGERS } from '../core/editing/completions.ts';
import { LspFeatures } from './lspFeatures.ts';
import { toLspDiagnostic } from './lspRanges.ts';
import type { Publish } from './lspWorkspace.ts';
import { LspWorkspace } from './lspWorkspace.ts';

export interface ServerInfo {
  readonly version: string;
}

/** Serves on `input`/`output` until the client says exit; resolves with the exit code. */
export function serveLanguage(input: NodeJS.ReadableStream, output: NodeJS.WritableStream, info: ServerInfo): Promise<number> {
  const connection = createConnection(input, output);
  const documents = new TextDocuments(TextDocument);
  let workspace = new LspWorkspace(openTexts);
  const features = new LspFeatures(
    () => workspace,
    (uri) => documents.get(uri)?.getText() ?? null,
  );
  function openTexts() {
    return documents.all().map((d) => ({ uri: d.uri, languageId: d.languageId, version: d.version, text: d.getText() }));
  }
  const folders: string[] = [];
  let shutdown = false;

  const publish = (list: readonly Publish[]) => {
    for (const p of list) void connection.sendDiagnostics({ uri: p.uri, diagnostics: p.diagnostics.map(toLspDiagnostic), ...(p.version !== undefined && { version: p.version }) });
  };
  const failed = (what: string) => (e: unknown) => connection.console.error(`warrant: ${what}: ${e instanceof Error ? e.message : String(e)}`);

  // Changes coming in one burst are analysed once, after the burst has been read.
  const pending = new Set<string>();
  const schedule = (uri: string) => {
    if (pending.has(uri)) return;
    pending.add(uri);
    setImmediate(() => {
      pending.delete(uri);
      workspace.refresh(uri).then(publish, failed('analysis'));
    });
  };

  connection.onInitialize((params): InitializeResult => {
    // initializationOptions.nearDuplicates: "hrr" or "hdc" adds the page's near-duplicate hints (off by default: check's diagnostics exactly).
    const asked = (params.initializationOptions as { nearDuplicates?: unknown } | null | undefined)?.nearDuplicates;
    if (asked === 'hrr' || asked === 'hdc' || asked === true) workspace = new LspWorkspace(openTexts, { nearDuplicates: asked === true ? 'hrr' : asked });
    for (const f of params.workspaceFolders ?? []) if (f.uri.startsWith('file:')) folders.push(fileURLToPath(f.uri));
    if (folders.length === 0 && params.rootUri?.startsWith('file:')) folders.push(fileURLToPath(params.rootUri));
    return {
      capabilities: {
        textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental },
        hoverProvider: true,
        completionProvider: { triggerCharacters: [...new Set([...CLAIR_TRIGGERS, ...GAIA_TRIGGERS])] },
        definitionProvider: true,
        referencesProvider: true,
        documentHighlightProvider: true,
        documentSymbolProvider: true,
        renameProvider: { prepareProvider: true },
        documentFormattingProvider: true,
        codeActionProvider: { codeActionKinds: ['quickfix'] },
      },
      serverInfo: { name: 'warrant', version: info.version },
    };
  });
  // A workspace that is a Gaia package shows every module's problems before any is opened.
  connection.onInitialized(() => {
    for (const folder of folders) workspace.openFolder(folder).then(publish, failed('package'));
  });

  documents.onDidOpen((e) => schedule(e.document.uri));
  documents.onDidChangeContent((e) => schedule(e.document.uri));
  documents.onDidClose((e) => {
    pending.delete(e.document.uri);
    workspace.close(e.document.uri).then(publish, failed('close'));
  });

  connection.onHover((p) => features.hover(p));
  connection.onCompletion((p) => features.completion(p));
  connection.onDefinition((p) => features.definition(p));
  connection.onReferences((p) => features.references(p));
  connection.onDocumentHighlight((p) => features.highlights(p));
  connection.onPrepareRename((p) => features.prepareRename(p));
  connection.onRenameRequest((p) => features.rename(p));
  connection.onDocumentFormatting((p) => features.formatting(p));
  connection.onCodeAction((p) => features.codeActions(p));
  connection.onDocumentSymbol((p) => features.documentSymbols(p));
  connection.onShutdown(() => {
    shutdown = true;
  });

  documents.listen(connection);
  return new Promise((resolve) => {
    connection.onExit(() => resolve(shutdown ? 0 : 1));
    connection.listen();
  });
}
