/**
 * Reads and analyses the documents a command names. Every input is read and checked
 * before any output, so an unreadable file stops the command before it prints anything.
 */
import type { ClairDocument } from '../core/clair/ast.ts';
import type { DocumentAnalysis } from '../core/analysis/documentAnalysis.ts';
import type { AnalyzeContext } from '../core/languages/languageAnalyzer.ts';
import type { GaiaAnalysis } from '../core/gaia/analyzeGaia.ts';
import { findPyproject } from './findPyproject.ts';
import type { Language } from '../core/graph/reasoningGraph.ts';
import { PACKAGE_LANGUAGE, isLanguage, languageRow } from '../core/languages/languageTable.ts';
import type { ProposalCheck } from '../core/proposal/index.ts';
import { CliFailure, usageFailure } from './cliFailure.ts';
import { inputLanguage } from './inputLanguage.ts';
import type { InputText } from './readInput.ts';
import { readInput, STDIN_NAME } from './readInput.ts';
import type { PackageInput } from './readPackage.ts';
import { isPackagePath, packageText, readDependencies, readPackage } from './readPackage.ts';

export interface LoadedDocument {
  readonly input: InputText;
  readonly language: Language;
  readonly analysis: DocumentAnalysis;
  /** For a Gaia package: the compiled package (IR, artifacts). */
  readonly gaia?: GaiaAnalysis;
  /** For a package read from its folder: its files, root-relative path → text. */
  readonly files?: ReadonlyMap<string, string>;
  /** For a package read from its folder: the Gaia packages found for it, by import name. */
  readonly dependencies?: ReadonlyMap<string, ReadonlyMap<string, string>>;
  /** For a FormalProposal: the gates' result (and the SMT-LIB2 when they pass). */
  readonly proposal?: ProposalCheck;
}

/** `--namespace`, `--package`, `--version` (docs/contract.md §1.2). */
export interface PackageOptions {
  readonly namespace?: string | undefined;
  readonly package?: string | undefined;
  readonly version?: string | undefined;
  /** `--deps DIR`: a folder of Gaia package folders a package may import from. */
  readonly deps?: string | undefined;
}

/**
 * What a command is given: a path (a file, a package folder, or - for standard input), or
 * a text already in hand (the MCP server's tools take documents as text, src/cli/mcp/),
 * which is read as standard input is: its language is `--lang`'s, else the default.
 */
export type DocumentArg = string | InputText;

export async function loadDocuments(command: string, given: readonly DocumentArg[], lang: string | undefined, pkg: PackageOptions = {}): Promise<LoadedDocument[]> {
  if (given.filter((a) => a === '-').length > 1) throw usageFailure('standard input (-) can be read only once', command);
  // Read first, so a missing file or a directory is reported as such whatever its name.
  const inputs: (InputText | PackageInput)[] = [];
  for (const arg of given) inputs.push(typeof arg !== 'string' ? arg : (await isPackagePath(arg)) ? await readPackage(arg) : await readInput(arg));
  const out: LoadedDocument[] = [];
  for (let i = 0; i < inputs.length; i++) {
    const input = inputs[i]!;
    const source = given[i]!;
    const arg = typeof source === 'string' ? source : (source.path ?? '-');
    if ('files' in input) {
      if (lang !== undefined && !(isLanguage(lang) && languageRow(lang).packageIdentity)) throw usageFailure(`${arg} is a Gaia package folder; --lang ${lang} does not apply to it`, command);
      out.push(await analyzePackage(command, input, pkg));
      continue;
    }
    const language = inputLanguage(arg, lang);
    // Some languages are taken by some commands only (a FormalProposal has no graph to infer over).
    const row = languageRow(language);
    if (row.commands && !row.commands.only.includes(command)) {
      const what = arg === '-' ? (input.name === STDIN_NAME ? 'standard input' : input.name) : arg;
      throw new CliFailure(`${what}: the ${command} command does not take ${row.name} documents (${row.commands.hint})`);
    }
    out.push(await analyze(input, language, pkg));
  }
  return out;
}

/** The language's analyzer, as the validation worker runs it, once and complete (with the symbol index). */
async function analyze(input: InputText, language: Language, pkg: PackageOptions): Promise<LoadedDocument> {
  // The analyzers are loaded once the input has been read: an input refused (a device, a
  // file over the limit) is refused before the bulk of the code is even loaded.
  // Only this language's analyzer: a CLAIR check does not load the other languages' parsers.
  const [{ loadAnalyzer }, { symbolsOf }] = await Promise.all([import('../core/languages/analyzerLoaders.ts'), import('../core/analysis/symbolsOf.ts')]);
  const a = (await loadAnalyzer(language)).analyze(input.text, await fileContext(input.path, language, pkg, 1, null));
  // The symbol index (go to definition, rename) is built when first read: check, infer and
  // the MCP server's calls never read it, and on a 10k-belief trace it costs as much as the graph.
  let symbols = a.symbols;
  const analysis = Object.defineProperty({ ...a.analysis }, 'symbols', { enumerable: true, get: () => (symbols ??= symbolsOf(a.document)) }) as DocumentAnalysis;
  return {
    input,
    language,
    analysis,
    ...(a.gaia ? { gaia: a.gaia } : {}),
    ...(a.proposal ? { proposal: a.proposal } : {}),
  };
}

/**
 * How a file is analysed by the command line and the language server alike: its path
 * (a Gaia package takes its name from it) and, for Gaia, the package's identity from the
 * options, else the pyproject.toml above it (contract §1.2).
 */
export async function fileContext(path: string | null, language: Language, pkg: PackageOptions, version: number, previous: ClairDocument | null): Promise<AnalyzeContext> {
  return {
    version,
    previous,
    now: Date.now,
    fileName: path,
    ...(languageRow(language).packageIdentity ? { packageOptions: { ...identityOf(pkg), pyprojectToml: await findPyproject(path) } } : {}),
    forInference: false,
  };
}

/** A package folder's analysis context (its identity comes from its own pyproject.toml, read with its files). */
export function packageContext(pkg: PackageOptions, version: number): AnalyzeContext {
  return { version, previous: null, now: Date.now, packageOptions: identityOf(pkg), forInference: false };
}

function identityOf(pkg: PackageOptions): { namespace: string | null; package: string | null; version: string | null } {
  return { namespace: pkg.namespace ?? null, package: pkg.package ?? null, version: pkg.version ?? null };
}

/** A Gaia package from its folder: every module, as Gaia's loader reads them. */
async function analyzePackage(command: string, input: PackageInput, pkg: PackageOptions): Promise<LoadedDocument> {
  const row = languageRow(PACKAGE_LANGUAGE);
  if (row.commands && !row.commands.only.includes(command)) throw new CliFailure(`${input.name}: the ${command} command does not take ${row.name} documents (${row.commands.hint})`);
  const { analyzeGaiaPackageFiles } = await import('../core/languages/gaiaAnalyzer.ts');
  const dependencies = await readDependencies(input, pkg.deps);
  const a = analyzeGaiaPackageFiles(input.files, dependencies, packageContext(pkg, 1));
  return {
    input: { name: input.name, path: input.root, text: packageText(input.files) },
    language: PACKAGE_LANGUAGE,
    analysis: { ...a.analysis, symbols: a.symbols! },
    gaia: a.gaia!,
    files: input.files,
    dependencies,
  };
}

export async function loadDocument(command: string, arg: DocumentArg, lang: string | undefined, pkg: PackageOptions = {}): Promise<LoadedDocument> {
  const [doc] = await loadDocuments(command, [arg], lang, pkg);
  return doc!;
}

/** The package options given on a command line. */
export function packageOptionsOf(values: ReadonlyMap<string, string>): PackageOptions {
  return { namespace: values.get('namespace'), package: values.get('package'), version: values.get('version'), deps: values.get('deps') };
}
