/**
 * `warrant lsp --stdio` through a real client (vscode-jsonrpc over the process's pipes):
 * every feature the server offers, on CLAIR, a Gaia package folder and a FormalProposal.
 * Diagnostics are checked against `warrant check --json` of the same file: one rule, two
 * ways in.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LspDiagnostic, TestClient } from '../../bench/lspClient.ts';
import { fileUri, startLanguageServer } from '../../bench/lspClient.ts';

const REPO = join(import.meta.dirname, '..', '..');

interface CheckRecord {
  severity: string;
  code: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  file?: string;
}

function checkJson(path: string): CheckRecord[] {
  const r = spawnSync(process.execPath, [join(REPO, 'bin', 'warrant.js'), 'check', path, '--json'], { encoding: 'utf8' });
  return (JSON.parse(r.stdout) as { files: { diagnostics: CheckRecord[] }[] }).files[0]!.diagnostics;
}

/** A diagnostic as check prints it: code and 1-based range. */
function asCheck(d: LspDiagnostic): string {
  return `${d.code}@${d.range.start.line + 1}:${d.range.start.character + 1}-${d.range.end.line + 1}:${d.range.end.character + 1}`;
}
const checkKey = (d: CheckRecord) => `${d.code}@${d.line}:${d.column}-${d.endLine}:${d.endColumn}`;

const pos = (line: number, character: number) => ({ line, character });

describe('warrant lsp: CLAIR', () => {
  let client: TestClient;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'warrant-lsp-'));
    client = await startLanguageServer();
  });
  afterAll(async () => {
    expect(await client.stop()).toBe(0);
    rmSync(dir, { recursive: true, force: true });
  });

  it('announces its features', () => {
    const c = client.initializeResult.capabilities;
    expect(client.initializeResult.serverInfo?.name).toBe('warrant');
    for (const k of [
      'hoverProvider',
      'completionProvider',
      'definitionProvider',
      'referencesProvider',
      'renameProvider',
      'documentFormattingProvider',
      'codeActionProvider',
      'documentSymbolProvider',
      'documentHighlightProvider',
    ])
      expect(c[k], k).toBeTruthy();
    expect(c.textDocumentSync).toMatchObject({ openClose: true, change: 2 });
  });

  it('publishes the diagnostics `warrant check` reports, with the same codes and ranges', async () => {
    for (const sample of ['with-errors.clair', 'route-planning.clair', 'car-wont-start.clair']) {
      const path = join(dir, sample);
      copyFileSync(join(REPO, 'public', 'samples', sample), path);
      const uri = fileUri(path);
      client.open(uri, 'clair', readFileSync(path, 'utf8'));
      const published = await client.diagnostics(uri);
      expect(published.map(asCheck).sort(), sample).toEqual(checkJson(path).map(checkKey).sort());
      expect(published.every((d) => d.source === 'warrant')).toBe(true);
    }
  });

  const text = ['b1 .9 L0 @user "the bridge is open"', 'b2 .8 L0 @self <b1 "so the route through town works"', 'b3 .7 @self <b2 "so we arrive by noon"', ''].join('\n');
  const uri = () => fileUri(join(dir, 'trip.clair'));

  it('follows incremental edits, line by line', async () => {
    client.open(uri(), 'clair', text);
    expect((await client.diagnostics(uri())).map((d) => d.code)).toEqual(['missing-level']);
    // Type a reference to a belief that does not exist, one character at a time.
    const at = 'b3 .7 @self <b2'.length;
    [...', b9'].forEach((ch, i) => client.change(uri(), 2 + i, [{ range: { start: pos(2, at + i), end: pos(2, at + i) }, text: ch }]));
    const after = await client.diagnostics(uri(), (d) => d.some((x) => x.code === 'unknown-ref' && x.message.startsWith('b9 ')));
    expect(after.find((d) => d.code === 'unknown-ref')?.range).toEqual({ start: pos(2, at + 2), end: pos(2, at + 4) });
    // And back: the edit undone, the finding goes.
    client.change(uri(), 6, [{ range: { start: pos(2, at), end: pos(2, at + 4) }, text: '' }]);
    expect((await client.diagnostics(uri(), (d) => !d.some((x) => x.code === 'unknown-ref'))).map((d) => d.code)).toEqual(['missing-level']);
  });

  it('hovers, goes to definition, finds references and highlights', async () => {
    const hover = await client.request<{ contents: { kind: string; value: string } }>('textDocument/hover', { textDocument: { uri: uri() }, position: pos(1, 17) });
    expect(hover.contents.kind).toBe('markdown');
    expect(hover.contents.value).toContain('**b1**');
    expect(hover.contents.value).toContain('the bridge is open');
    expect(hover.contents.value).toContain('1 reference');
    const def = await client.request<{ uri: string; range: unknown }>('textDocument/definition', { textDocument: { uri: uri() }, position: pos(1, 17) });
    expect(def).toEqual({ uri: uri(), range: { start: pos(0, 0), end: pos(0, 2) } });
    const refs = await client.request<{ range: { start: { line: number } } }[]>('textDocument/references', {
      textDocument: { uri: uri() },
      position: pos(0, 0),
      context: { includeDeclaration: false },
    });
    expect(refs.map((r) => r.range.start.line)).toEqual([1]);
    const withDecl = await client.request<unknown[]>('textDocument/references', { textDocument: { uri: uri() }, position: pos(0, 0), context: { includeDeclaration: true } });
    expect(withDecl).toHaveLength(2);
    const highlights = await client.request<{ kind: number }[]>('textDocument/documentHighlight', { textDocument: { uri: uri() }, position: pos(1, 0) });
    expect(highlights.map((h) => h.kind).sort()).toEqual([2, 3]);
    expect(await client.request('textDocument/hover', { textDocument: { uri: uri() }, position: pos(0, 25) })).toBeNull();
  });

  it('completes ids after < and sources after @', async () => {
    const ids = await client.request<{ label: string; textEdit: { newText: string } }[]>('textDocument/completion', { textDocument: { uri: uri() }, position: pos(2, 'b3 .7 @self <'.length) });
    expect(ids.map((i) => i.label).sort()).toEqual(['b1', 'b2']);
    const sources = await client.request<{ label: string }[]>('textDocument/completion', { textDocument: { uri: uri() }, position: pos(2, 'b3 .7 @'.length) });
    expect(sources.map((s) => s.label)).toEqual(expect.arrayContaining(['user', 'ctx', 'self', 'file', 'model']));
    const fresh = await client.request<{ label: string; insertTextFormat: number }[]>('textDocument/completion', { textDocument: { uri: uri() }, position: pos(3, 0) });
    expect(fresh[0]).toMatchObject({ label: 'b4 — new belief', insertTextFormat: 2 });
  });

  it('renames an id everywhere it is used, and refuses a bad or taken name', async () => {
    const edit = await client.request<{ changes: Record<string, { range: { start: { line: number } }; newText: string }[]> }>('textDocument/rename', {
      textDocument: { uri: uri() },
      position: pos(0, 1),
      newName: 'bridge',
    });
    expect(edit.changes[uri()]!.map((e) => [e.range.start.line, e.newText])).toEqual([
      [0, 'bridge'],
      [1, 'bridge'],
    ]);
    const prepared = await client.request<{ placeholder: string }>('textDocument/prepareRename', { textDocument: { uri: uri() }, position: pos(0, 1) });
    expect(prepared.placeholder).toBe('b1');
    await expect(client.request('textDocument/rename', { textDocument: { uri: uri() }, position: pos(0, 1), newName: 'Bad Name' })).rejects.toThrow(/not a valid name/);
    await expect(client.request('textDocument/rename', { textDocument: { uri: uri() }, position: pos(0, 1), newName: 'b2' })).rejects.toThrow(/b2 is already defined/);
    await expect(client.request('textDocument/prepareRename', { textDocument: { uri: uri() }, position: pos(0, 25) })).rejects.toThrow(/Only belief ids/);
  });

  it('offers the quick fix of a diagnostic, and formats to the canonical text', async () => {
    const diagnostics = await client.diagnostics(uri());
    const missing = diagnostics.find((d) => d.code === 'missing-level')!;
    const actions = await client.request<{ title: string; kind: string; edit: { changes: Record<string, { newText: string }[]> } }[]>('textDocument/codeAction', {
      textDocument: { uri: uri() },
      range: missing.range,
      context: { diagnostics: [missing] },
    });
    expect(actions).toHaveLength(1);
    expect(actions[0]!.kind).toBe('quickfix');
    expect(actions[0]!.edit.changes[uri()]![0]!.newText).toContain('L0');
    const messy = fileUri(join(dir, 'messy.clair'));
    client.open(messy, 'clair', 'b1   .9  L0 @user   "spaced out"\n\n\n');
    await client.diagnostics(messy);
    const edits = await client.request<{ newText: string }[]>('textDocument/formatting', { textDocument: { uri: messy }, options: { tabSize: 2, insertSpaces: true } });
    expect(edits.length).toBeGreaterThan(0);
    expect(edits[0]!.newText).toBe('b1 .9 L0 @user "spaced out"');
  });

  it('lists the beliefs as document symbols', async () => {
    const symbols = await client.request<{ name: string; detail: string; selectionRange: unknown }[]>('textDocument/documentSymbol', { textDocument: { uri: uri() } });
    expect(symbols.map((s) => s.name)).toEqual(['b1', 'b2', 'b3']);
    expect(symbols[0]).toMatchObject({ detail: 'the bridge is open', selectionRange: { start: pos(0, 0), end: pos(0, 2) } });
  });

  it("clears a closed document's diagnostics", async () => {
    client.connection.sendNotification('textDocument/didClose', { textDocument: { uri: uri() } });
    expect(await client.diagnostics(uri(), (d) => d.length === 0)).toEqual([]);
  });
});

describe('warrant lsp: a Gaia package folder', () => {
  let client: TestClient;
  let root: string;
  const module = (rel: string) => fileUri(join(root, 'src', 'harbour', rel));
  beforeAll(async () => {
    root = join(mkdtempSync(join(tmpdir(), 'warrant-lsp-gaia-')), 'harbour-gaia');
    cpSync(join(REPO, 'e2e', 'fixtures', 'harbour-gaia'), root, { recursive: true });
    client = await startLanguageServer({ rootPath: root });
  });
  afterAll(async () => {
    await client.stop();
    rmSync(join(root, '..'), { recursive: true, force: true });
  });

  it('opens a module of the package with no findings', async () => {
    client.open(module('theory.py'), 'python', readFileSync(join(root, 'src', 'harbour', 'theory.py'), 'utf8'));
    expect(await client.diagnostics(module('theory.py'))).toEqual([]);
  });

  it('reports a broken import in the module that has it, as check does', async () => {
    const text = readFileSync(join(root, 'src', 'harbour', 'theory.py'), 'utf8').replace('high_tide', 'low_tide');
    client.change(module('theory.py'), 2, [{ text }]);
    const published = await client.diagnostics(module('theory.py'), (d) => d.length > 0);
    // The same text on disk, checked by the command line.
    const copy = join(root, '..', 'copy');
    cpSync(root, copy, { recursive: true });
    writeFileSync(join(copy, 'src', 'harbour', 'theory.py'), text);
    const expected = checkJson(copy).filter((d) => d.file === 'src/harbour/theory.py');
    expect(published.map(asCheck).sort()).toEqual(expected.map(checkKey).sort());
    client.change(module('theory.py'), 3, [{ text: readFileSync(join(root, 'src', 'harbour', 'theory.py'), 'utf8') }]);
    expect(await client.diagnostics(module('theory.py'), (d) => d.length === 0)).toEqual([]);
  });

  it('goes to a definition in another module, and finds references across modules', async () => {
    client.open(module('__init__.py'), 'python', readFileSync(join(root, 'src', 'harbour', '__init__.py'), 'utf8'));
    await client.diagnostics(module('__init__.py'));
    // `high_tide` in `given=[theory.lunar_pull, high_tide, …]`, line 8.
    const line = readFileSync(join(root, 'src', 'harbour', '__init__.py'), 'utf8')
      .split('\n')
      .findIndex((l) => l.includes('given=['));
    const character =
      readFileSync(join(root, 'src', 'harbour', '__init__.py'), 'utf8')
        .split('\n')
        [line]!.indexOf('high_tide') + 2;
    const def = await client.request<{ uri: string; range: { start: { line: number } } }>('textDocument/definition', { textDocument: { uri: module('__init__.py') }, position: pos(line, character) });
    expect(def.uri).toBe(module('observations.py'));
    expect(def.range.start.line).toBe(3);
    const refs = await client.request<{ uri: string }[]>('textDocument/references', {
      textDocument: { uri: module('__init__.py') },
      position: pos(line, character),
      context: { includeDeclaration: true },
    });
    expect(new Set(refs.map((r) => r.uri))).toEqual(new Set([module('__init__.py'), module('observations.py'), module('theory.py')]));
    const hover = await client.request<{ contents: { value: string } }>('textDocument/hover', { textDocument: { uri: module('__init__.py') }, position: pos(line, character) });
    expect(hover.contents.value).toContain('High tide comes twice a day');
    expect(hover.contents.value).toMatch(/posterior 0?\.\d+/);
  });

  it('renames a claim across every module that uses it', async () => {
    const edit = await client.request<{ changes: Record<string, unknown[]> }>('textDocument/rename', { textDocument: { uri: module('theory.py') }, position: pos(2, 30), newName: 'spring_tide' });
    expect(Object.keys(edit.changes).sort()).toEqual([module('__init__.py'), module('observations.py'), module('theory.py')].sort());
  });

  it('a .py file the package reader skips (in a hidden folder) is a module of its own', async () => {
    const { mkdirSync } = await import('node:fs');
    mkdirSync(join(root, '.scratch'), { recursive: true });
    const path = join(root, '.scratch', 'draft.py');
    writeFileSync(path, 'from gaia.engine.lang import claim\nidea = claim("A draft claim.", prior=1.5)\n');
    client.open(fileUri(path), 'python', readFileSync(path, 'utf8'));
    const published = await client.diagnostics(fileUri(path), (d) => d.length > 0);
    expect(published.map(asCheck).sort()).toEqual(checkJson(path).map(checkKey).sort());
    const hover = await client.request<{ contents: { value: string } }>('textDocument/hover', { textDocument: { uri: fileUri(path) }, position: pos(1, 2) });
    expect(hover.contents.value).toContain('**idea**');
  });

  it('completes verbs at a statement and claims inside a call', async () => {
    const verbs = await client.request<{ label: string }[]>('textDocument/completion', { textDocument: { uri: module('theory.py') }, position: pos(5, 0) });
    expect(verbs.map((v) => v.label)).toEqual(expect.arrayContaining(['claim', 'derive', 'observe']));
  });
});

describe('warrant lsp: near-duplicates, as the page shows them, when asked for', () => {
  it("adds the near-duplicate hint and its merge fix; without the option, check's diagnostics only", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'warrant-lsp-near-'));
    const path = join(dir, 'repeat.clair');
    const text = [
      'b1 .9 L0 @user "the nightly backup job finished before the maintenance window"',
      'b2 .8 L0 @self <b1 "the database can be upgraded tonight"',
      'b3 .9 L0 @ctx "the nightly backup job finished before the maintenance window"',
      'b4 .7 L0 @self <b3 "so the upgrade is safe"',
      '',
    ].join('\n');
    writeFileSync(path, text);
    const uri = fileUri(path);
    const plain = await startLanguageServer();
    const near = await startLanguageServer({ initializationOptions: { nearDuplicates: 'hrr' } });
    try {
      plain.open(uri, 'clair', text);
      expect((await plain.diagnostics(uri)).map((d) => d.code)).toEqual([]);
      near.open(uri, 'clair', text);
      const found = await near.diagnostics(uri);
      expect(found.map((d) => [d.code, d.severity, d.range.start.line])).toEqual([['near-duplicate', 3, 2]]);
      const actions = await near.request<{ title: string; edit: { changes: Record<string, { newText: string }[]> } }[]>('textDocument/codeAction', {
        textDocument: { uri },
        range: found[0]!.range,
        context: { diagnostics: found },
      });
      expect(actions.map((a) => a.title)).toEqual([expect.stringMatching(/Merge into b1/)]);
    } finally {
      await plain.stop();
      await near.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('warrant lsp: a lone Gaia module', () => {
  it('checks it as check does, hovers verbs and claims, and renames a name', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'warrant-lsp-module-'));
    const path = join(dir, 'pendulum_period.py');
    copyFileSync(join(REPO, 'public', 'samples', 'pendulum_period.py'), path);
    const client = await startLanguageServer();
    try {
      const uri = fileUri(path);
      const text = readFileSync(path, 'utf8');
      client.open(uri, 'python', text);
      expect((await client.diagnostics(uri)).map(asCheck).sort()).toEqual(checkJson(path).map(checkKey).sort());
      const lines = text.split('\n');
      const setupLine = lines.findIndex((l) => l.startsWith('setup = note('));
      const verb = await client.request<{ contents: { value: string } }>('textDocument/hover', { textDocument: { uri }, position: pos(setupLine, 'setup = no'.length) });
      expect(verb.contents.value).toContain('note(content');
      const claim = await client.request<{ contents: { value: string } }>('textDocument/hover', { textDocument: { uri }, position: pos(setupLine, 2) });
      expect(claim.contents.value).toContain('**setup**');
      const edit = await client.request<{ changes: Record<string, unknown[]> }>('textDocument/rename', { textDocument: { uri }, position: pos(setupLine, 2), newName: 'apparatus' });
      expect(edit.changes[uri]!.length).toBeGreaterThan(1);
      await expect(client.request('textDocument/rename', { textDocument: { uri }, position: pos(setupLine, 2), newName: '2nd' })).rejects.toThrow(/not a valid name/);
    } finally {
      await client.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('warrant lsp: a workspace that is a Gaia package', () => {
  it('shows the problems of modules nobody has opened yet, as check reports them', async () => {
    const root = join(mkdtempSync(join(tmpdir(), 'warrant-lsp-ws-')), 'harbour-gaia');
    cpSync(join(REPO, 'e2e', 'fixtures', 'harbour-gaia'), root, { recursive: true });
    const records = join(root, 'src', 'harbour', 'evidence', 'records.py');
    writeFileSync(records, readFileSync(records, 'utf8').replace('moon_overhead', 'moon_underfoot'));
    const client = await startLanguageServer({ rootPath: root });
    try {
      const published = await client.diagnostics(fileUri(records), (d) => d.length > 0);
      const expected = checkJson(root).filter((d) => d.file === 'src/harbour/evidence/records.py');
      expect(expected.length).toBeGreaterThan(0);
      expect(published.map(asCheck).sort()).toEqual(expected.map(checkKey).sort());
    } finally {
      await client.stop();
      rmSync(join(root, '..'), { recursive: true, force: true });
    }
  });
});

describe('warrant lsp: FormalProposal', () => {
  it("publishes the gates' findings as check does", async () => {
    const client = await startLanguageServer();
    try {
      const path = join(REPO, 'public', 'samples', 'vpn-policy-clash.json');
      const uri = fileUri(path);
      client.open(uri, 'json', readFileSync(path, 'utf8'));
      const clean = await client.diagnostics(uri);
      expect(clean.map(asCheck).sort()).toEqual(checkJson(path).map(checkKey).sort());
      client.change(uri, 2, [{ text: '{"version": 1' }]);
      const broken = await client.diagnostics(uri, (d) => d.length > 0);
      expect(broken[0]!.severity).toBe(1);
      client.change(uri, 3, [{ text: readFileSync(path, 'utf8') }]);
      await client.diagnostics(uri, (d) => d.length === clean.length);
      const outline = await client.request<{ name: string; kind: number }[]>('textDocument/documentSymbol', { textDocument: { uri } });
      expect(outline.length).toBeGreaterThan(3);
      expect(outline.some((s) => s.kind === 5)).toBe(true); // a sort, as a class
      expect(outline.some((s) => s.kind === 7)).toBe(true); // an assertion, as a property
    } finally {
      await client.stop();
    }
  });
});
