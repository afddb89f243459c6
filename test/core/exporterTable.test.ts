/**
 * The exporter table: every format of contract §1.5 (and `png`, an extension) with its
 * languages, file names and types, and each row's run giving the same bytes as the
 * module it stands for.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analyzeDocument } from '../../src/core/analysis/analyzeDocument.ts';
import { auditRecords } from '../../src/core/contradiction/contradictionLedger.ts';
import { documentReintroduction } from '../../src/core/contradiction/reintroductionFlag.ts';
import { explainDocument } from '../../src/core/explain/explainDocument.ts';
import { debugLines } from '../../src/core/clair/debugLines.ts';
import { exportClair } from '../../src/core/export/exportClair.ts';
import { exportSvg } from '../../src/core/export/exportSvg.ts';
import { EXPORT_FORMATS, exporterOf, EXPORTERS, exportFormatsOf, formatsTaking, isExportFormat, SOURCES_FROM_TEXT } from '../../src/core/export/exporterTable.ts';
import type { ExportFormat, ExportOutput } from '../../src/core/export/exporterTable.ts';
import { GRAPH_EXPORTS } from '../../src/core/export/graphExports.ts';
import { analyzeGaia } from '../../src/core/gaia/analyzeGaia.ts';
import { gaiaExportFiles } from '../../src/core/gaia/gaiaExportFiles.ts';
import { LANGUAGES } from '../../src/core/languages/languageTable.ts';
import { chainHead, signHead } from '../../src/core/oplog/logHead.ts';
import { canonicalJson } from '../../src/core/oplog/canonicalJson.ts';
import { generateDeviceKey } from '../../src/core/oplog/deviceKey.ts';
import { appendSigned } from '../../src/core/oplog/signOperation.ts';
import { checkProposal } from '../../src/core/proposal/index.ts';
import { NO_STATES } from '../../src/core/session/sessionStates.ts';

const sample = (file: string) => readFileSync(new URL(`../../public/samples/${file}`, import.meta.url), 'utf8');

/** The formats contract §1.5 lists, read from docs/contract.md. */
function contractFormats(): string[] {
  const contract = readFileSync(new URL('../../docs/contract.md', import.meta.url), 'utf8');
  const section = contract.slice(contract.indexOf('### 1.5'), contract.indexOf('### 1.6'));
  return [...section.matchAll(/^\| `([a-z-]+)` \|/gm)].map((m) => m[1]!);
}

const text = (out: ExportOutput): string => {
  if (!('text' in out)) throw new Error(`not a text: ${JSON.stringify(out)}`);
  return out.text;
};

describe('exporter table', () => {
  it('has exactly the formats of contract §1.5, in its order, png beside svg and clair-debug beside clair', () => {
    expect(contractFormats()).toHaveLength(12);
    expect(EXPORT_FORMATS.filter((f) => f !== 'png' && f !== 'clair-debug')).toEqual(contractFormats());
    expect(EXPORT_FORMATS.indexOf('png')).toBe(EXPORT_FORMATS.indexOf('svg') + 1);
    expect(EXPORT_FORMATS.indexOf('clair-debug')).toBe(EXPORT_FORMATS.indexOf('clair') + 1);
    expect(EXPORTERS.map((e) => e.id)).toEqual(EXPORT_FORMATS);
    for (const f of EXPORT_FORMATS) expect(isExportFormat(f)).toBe(true);
    expect(isExportFormat('pdf')).toBe(false);
  });

  it('says which languages each format applies to', () => {
    const languages = Object.fromEntries(EXPORTERS.map((e) => [e.id, e.languages]));
    expect(languages).toEqual({
      clair: ['clair'],
      'clair-debug': ['clair'],
      json: ['clair', 'gaia', 'mnema'],
      dot: ['clair', 'gaia', 'mnema'],
      graphml: ['clair', 'gaia', 'mnema'],
      svg: ['clair', 'gaia', 'mnema'],
      png: ['clair', 'gaia', 'mnema'],
      'gaia-ir': ['gaia'],
      beliefs: ['gaia'],
      manifests: ['gaia'],
      package: ['gaia'],
      explanations: ['clair', 'gaia'],
      oplog: ['clair', 'gaia', 'proposal'],
      smtlib: ['proposal'],
    });
    for (const e of EXPORTERS) for (const l of e.languages) expect(LANGUAGES).toContain(l);
  });

  it('names each download and its type', () => {
    const files = Object.fromEntries(EXPORTERS.map((e) => [e.id, [e.fileName('route-planning'), e.mime, e.output]]));
    expect(files).toEqual({
      clair: ['route-planning.clair', 'text/plain', 'text'],
      'clair-debug': ['route-planning.debug.txt', 'text/plain', 'text'],
      json: ['route-planning.graph.json', 'application/json', 'text'],
      dot: ['route-planning.dot', 'text/vnd.graphviz', 'text'],
      graphml: ['route-planning.graphml', 'application/xml', 'text'],
      svg: ['route-planning.svg', 'image/svg+xml', 'text'],
      png: ['route-planning.png', 'image/png', 'picture'],
      'gaia-ir': ['ir.json', 'application/json', 'text'],
      beliefs: ['beliefs.json', 'application/json', 'text'],
      manifests: ['route-planning-manifests.zip', 'application/zip', 'files'],
      package: ['route-planning.zip', 'application/zip', 'files'],
      explanations: ['route-planning.explanations.jsonl', 'application/x-ndjson', 'text'],
      oplog: ['route-planning.oplog.jsonl', 'application/x-ndjson', 'text'],
      smtlib: ['route-planning.smt2', 'text/plain', 'text'],
    });
    for (const e of EXPORTERS) expect(e.label.length).toBeGreaterThan(0);
    expect(new Set(EXPORTERS.map((e) => e.label)).size).toBe(EXPORTERS.length);
  });

  it('lists a language’s formats with its own first', () => {
    const ids = (l: 'clair' | 'gaia' | 'proposal') => exportFormatsOf(l).map((e) => e.id);
    expect(ids('clair')).toEqual(['clair', 'clair-debug', 'json', 'dot', 'graphml', 'svg', 'png', 'explanations', 'oplog']);
    expect(ids('gaia')).toEqual(['gaia-ir', 'beliefs', 'manifests', 'package', 'json', 'dot', 'graphml', 'svg', 'png', 'explanations', 'oplog']);
    expect(ids('proposal')).toEqual(['smtlib', 'oplog']);
  });

  it('says which options and sources each format takes', () => {
    expect(formatsTaking('ops').map((e) => e.id)).toEqual(['dot', 'graphml', 'svg', 'png', 'explanations', 'oplog']);
    expect(formatsTaking('helpers').map((e) => e.id)).toEqual(['svg', 'png']);
    const needs = Object.fromEntries(EXPORTERS.filter((e) => e.needs.includes('states')).map((e) => [e.id, e.needs]));
    expect(needs).toEqual({
      dot: ['analysis', 'states', 'reintroduction'],
      graphml: ['analysis', 'states', 'reintroduction'],
      svg: ['analysis', 'layout', 'states', 'posteriors', 'reintroduction'],
      png: ['analysis', 'layout', 'states', 'posteriors', 'reintroduction'],
    });
    expect(formatsTaking('mode').map((e) => e.id)).toEqual(['smtlib']);
    expect(formatsTaking('method').map((e) => e.id)).toEqual(['beliefs']);
    const fromText = EXPORTERS.filter((e) => e.needs.every((n) => SOURCES_FROM_TEXT.has(n))).map((e) => e.id);
    expect(fromText).toEqual(['clair', 'gaia-ir', 'beliefs', 'manifests', 'package', 'smtlib']);
  });

  it('refuses to run without the sources a row needs', async () => {
    await expect(exporterOf('dot').run({ text: 'b1 .9 "a"' })).rejects.toThrow(/analysis source/);
  });

  it('gives the bytes of the modules it stands for: CLAIR and the graph formats', async () => {
    const source = sample('route-planning.clair');
    const a = analyzeDocument(source, 'clair', 1);
    const analysis = { graph: a.graph, derived: a.derived, diagnostics: a.diagnostics };
    expect(text(await exporterOf('clair').run({ text: source }))).toBe(exportClair(source));
    const reintroduction = documentReintroduction(a.graph);
    expect(text(await exporterOf('clair-debug').run({ analysis, reintroduction }))).toBe(debugLines(a.graph));
    for (const f of ['json', 'dot', 'graphml'] as const) expect(text(await exporterOf(f).run({ analysis, states: NO_STATES, reintroduction }))).toBe(GRAPH_EXPORTS[f](analysis));
    const positions = Object.fromEntries(a.graph.nodes.map((n, i) => [n.id, { x: i * 10, y: i * 20 }]));
    const picture = { analysis, layout: { positions, title: 'T', showHelpers: false }, states: NO_STATES, posteriors: new Map<string, number>(), reintroduction };
    const svg = exportSvg({ graph: a.graph, derived: a.derived, positions, title: 'T' });
    expect(text(await exporterOf('svg').run(picture))).toBe(svg);
    // png is the same picture, for the surface to draw into pixels.
    expect(await exporterOf('png').run(picture)).toEqual({ picture: svg });
  });

  it('gives the bytes of the modules it stands for: Gaia files', async () => {
    const gaia = analyzeGaia(sample('pendulum_period.py'), { fileStem: 'pendulum_period' });
    const now = new Date('2026-01-02T03:04:05Z');
    const files = (f: 'gaia-ir' | 'beliefs' | 'manifests') => {
      const r = gaiaExportFiles(gaia, f, { method: 'auto', now });
      if ('error' in r) throw new Error(r.error);
      return r.files;
    };
    expect(text(await exporterOf('gaia-ir').run({ gaia }, { now }))).toBe([...files('gaia-ir').values()][0]);
    expect(text(await exporterOf('beliefs').run({ gaia }, { now }))).toBe([...files('beliefs').values()][0]);
    const manifests = await exporterOf('manifests').run({ gaia }, { now });
    expect('files' in manifests && [...manifests.files]).toEqual([...files('manifests')]);
    const folder = new Map([
      ['pyproject.toml', '[project]\n'],
      ['src/p/__init__.py', 'x = 1\n'],
    ]);
    const pkg = await exporterOf('package').run({ files: folder });
    expect('files' in pkg && [...pkg.files]).toEqual([...folder]);
  });

  it('gives the bytes of the modules it stands for: session formats and SMT-LIB2', async () => {
    const a = analyzeDocument(sample('route-planning.clair'), 'clair', 1);
    const explained = explainDocument({ graph: a.graph, derived: a.derived, ops: [] });
    const records = explained.explainer.explainAll();
    const expected = [...records.map((r) => JSON.stringify(r)), JSON.stringify({ audit: auditRecords(records, explained.ledger) })].join('\n') + '\n';
    expect(text(await exporterOf('explanations').run({ explanations: explained }))).toBe(expected);

    const key = generateDeviceKey(new Uint8Array(32).fill(7));
    const op = appendSigned({ session: 's', last: null }, { kind: 'revision', text_hash: `b3:${'0'.repeat(64)}` as const, language: 'clair', length: 1 }, key, { at: '2026-01-01T00:00:00.000Z' });
    expect(text(await exporterOf('oplog').run({ ops: { ops: [op, op], head: null } }))).toBe(canonicalJson(op) + '\n' + canonicalJson(op) + '\n');
    const head = signHead(chainHead(op, [key.author], key.author, op.at), key);
    expect(text(await exporterOf('oplog').run({ ops: { ops: [op], head } }))).toBe(canonicalJson(op) + '\n' + canonicalJson(head) + '\n');

    const proposal = checkProposal(sample('review-slot.json'), { mode: 'consistency' });
    expect(await exporterOf('smtlib').run({ proposal })).toEqual({ text: proposal.smtlib, diagnostics: proposal.diagnostics });
    const stopped = checkProposal('{}');
    expect(await exporterOf('smtlib').run({ proposal: stopped })).toEqual({ refused: 'did not pass the schema gate; no SMT-LIB2 was written', diagnostics: stopped.diagnostics });
  });

  it('reads no exporter module until a row runs (the table is cheap to import)', () => {
    const table = readFileSync(new URL('../../src/core/export/exporterTable.ts', import.meta.url), 'utf8');
    // The language table's rows are plain data (they say which languages draw a graph).
    expect(table.match(/^import (?!type ).*$/gm) ?? []).toEqual(["import { languagesWhere } from '../languages/languageTable.ts';"]);
  });
});

// Keep the type in use so the table's literal ids stay checked.
const _formats: readonly ExportFormat[] = EXPORT_FORMATS;
void _formats;
