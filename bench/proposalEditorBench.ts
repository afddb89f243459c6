/**
 * Editing a FormalProposal: one completion request of Monaco's JSON language service
 * (what its worker does when Ctrl+Space is pressed after `"symbol": "`), with Warrant's
 * proposal schema, which branches on `op` with `if`/`then`. The baseline, measured in
 * the same run, is the same schema written the obvious way — the expression as a
 * `oneOf` of the seventeen operator shapes — which the service must try at every level
 * of every expression. It runs on the release sample only; on a generated knowledge
 * base it would take minutes.
 *
 * The service is the copy Monaco bundles (monaco-editor/esm/external), loaded by path:
 * the package exports only its `vs/` tree.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { SchemaSymbol } from '../src/app/monaco/proposal/proposalJsonSchema.ts';
import { proposalJsonSchema } from '../src/app/monaco/proposal/proposalJsonSchema.ts';
import { analyzeDocument } from '../src/core/analysis/analyzeDocument.ts';
import type { BenchRow } from './benchTypes.ts';
import { generateProposalKb } from './generateProposalKb.ts';
import { medianMs } from './measure.ts';

type Schema = Record<string, unknown>;

interface TextDocument {
  positionAt(offset: number): unknown;
}
interface JsonLanguageService {
  configure(settings: { validate: boolean; schemas: { uri: string; fileMatch: string[]; schema: Schema }[] }): void;
  parseJSONDocument(document: TextDocument): unknown;
  doComplete(document: TextDocument, position: unknown, json: unknown): Promise<{ items: unknown[] } | null>;
}

const EXTERNAL = new URL('../node_modules/monaco-editor/esm/external/', import.meta.url);

async function loadService(): Promise<{ service: (schema: Schema) => JsonLanguageService; document: (text: string) => TextDocument }> {
  const ls = (await import(pathToFileURL(fileURLToPath(new URL('vscode-json-languageservice/lib/esm/jsonLanguageService.js', EXTERNAL))).href)) as {
    getLanguageService(params: object): JsonLanguageService;
  };
  const td = (await import(pathToFileURL(fileURLToPath(new URL('vscode-languageserver-textdocument/lib/esm/main.js', EXTERNAL))).href)) as {
    TextDocument: { create(uri: string, language: string, version: number, text: string): TextDocument };
  };
  return {
    service: (schema) => {
      const s = ls.getLanguageService({});
      s.configure({ validate: false, schemas: [{ uri: 'https://warrant.invalid/bench.json', fileMatch: ['*'], schema }] });
      return s;
    },
    // The URI the page's editor model has, so the schema's file match is the page's.
    document: (text) => td.TextDocument.create('inmemory://warrant/document', 'json', 1, text),
  };
}

/** The proposal schema with its expression turned back into a `oneOf` of operator shapes. */
function asOneOf(schema: Schema): Schema {
  const defs = schema.$defs as Record<string, Schema>;
  const expr = defs.expr!;
  const branches = expr.allOf as { if: { properties: { op: { const: string } } }; then: Schema }[];
  const oneOf = branches.map((b) => {
    const then = b.then as { properties?: Schema; required?: string[] };
    return { ...then, properties: { op: { const: b.if.properties.op.const }, ...then.properties } };
  });
  return { ...schema, $defs: { ...defs, expr: { type: 'object', required: ['op'], oneOf } } };
}

function symbolsOf(text: string): SchemaSymbol[] {
  const outline = analyzeDocument(text, 'proposal', 1).proposal;
  return (outline?.symbols ?? []).map((s) => ({ name: s.name, kind: s.kind, signature: s.signature }));
}

export async function runProposalEditorBench(options: { quick: boolean }): Promise<BenchRow[]> {
  const { service, document } = await loadService();
  const rows: BenchRow[] = [];
  /** One completion inside the first rule's body; `expect` is a name only the schema offers there. */
  const complete = async (ls: JsonLanguageService, text: string, expect: string) => {
    const doc = document(text);
    const at = text.indexOf('"symbol": "', text.indexOf('"forall"')) + '"symbol": "'.length;
    const result = await ls.doComplete(doc, doc.positionAt(at), ls.parseJSONDocument(doc));
    const labels = (result?.items ?? []).map((i) => (i as { label: string }).label);
    if (!labels.includes(JSON.stringify(expect))) throw new Error(`the JSON service did not offer ${expect} from the schema`);
  };

  const sample = readFileSync(new URL('../public/samples/release-readiness.json', import.meta.url), 'utf8');
  const symbols = symbolsOf(sample);
  // Each service gets a schema object of its own: the service resolves `$ref`s in place.
  const branching = service(proposalJsonSchema(symbols));
  // e2eSuite is declared but never written as a "symbol": only the schema can offer it.
  const ms = await medianMs(() => complete(branching, sample, 'e2eSuite'), options.quick ? { warmup: 2, runs: 5 } : { warmup: 5, runs: 15 });
  const naive = service(asOneOf(proposalJsonSchema(symbols)));
  // One run: it takes seconds.
  const baselineMs = await medianMs(() => complete(naive, sample, 'e2eSuite'), { warmup: 0, runs: 1 });
  rows.push({
    name: 'proposal completion (JSON service)',
    size: 'release sample, 8 assertions',
    ms,
    baselineMs,
    baselineName: 'expression schema as a oneOf of operator shapes',
  });

  for (const size of options.quick ? [1_000] : [1_000, 10_000]) {
    const kb = generateProposalKb({ size });
    const ls = service(proposalJsonSchema(symbolsOf(kb.text)));
    // e0 is a declared constant, never a "symbol".
    const kbMs = await medianMs(() => complete(ls, kb.text, 'e0'), options.quick ? { warmup: 1, runs: 3 } : { warmup: 2, runs: 7 });
    rows.push({
      name: 'proposal completion (JSON service)',
      size: `${size / 1000}k assertions`,
      ms: kbMs,
      note: `${(kb.text.length / 1e6).toFixed(1)} MB of JSON, parsed and matched against the schema per request; the oneOf schema is not run here (minutes)`,
    });
  }
  return rows;
}
