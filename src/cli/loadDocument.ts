/**
 * Reads and analyses the documents a command names. Every input is read and checked
 * before any output, so an unreadable file stops the command before it prints anything.
 */
import type { DocumentAnalysis } from '../core/analysis/documentAnalysis.ts';
import { analyzeDocument } from '../core/analysis/analyzeDocument.ts';
import { structureKey } from '../core/graph/structureKey.ts';
import type { GaiaAnalysis } from '../core/gaia/analyzeGaia.ts';
import { analyzeGaia } from '../core/gaia/analyzeGaia.ts';
import { findPyproject } from './findPyproject.ts';
import type { Language } from '../core/graph/reasoningGraph.ts';
import type { ProposalCheck } from '../core/proposal/index.ts';
import { checkProposal } from '../core/proposal/index.ts';
import { CliFailure, usageFailure } from './cliFailure.ts';
import { inputLanguage, LANGUAGE_NAMES } from './inputLanguage.ts';
import type { InputText } from './readInput.ts';
import { readInput } from './readInput.ts';

export interface LoadedDocument {
  readonly input: InputText;
  readonly language: Language;
  readonly analysis: DocumentAnalysis;
  /** For a Gaia package: the compiled package (IR, artifacts). */
  readonly gaia?: GaiaAnalysis;
  /** For a FormalProposal: the gates' result (and the SMT-LIB2 when they pass). */
  readonly proposal?: ProposalCheck;
}

/** `--namespace`, `--package`, `--version` (docs/contract.md §1.2). */
export interface PackageOptions {
  readonly namespace?: string | undefined;
  readonly package?: string | undefined;
  readonly version?: string | undefined;
}

/** Commands that take FormalProposal documents; the others are about reasoning graphs. */
const PROPOSAL_COMMANDS: ReadonlySet<string> = new Set(['check', 'export', 'prove']);

export async function loadDocuments(command: string, args: readonly string[], lang: string | undefined, pkg: PackageOptions = {}): Promise<LoadedDocument[]> {
  if (args.filter((a) => a === '-').length > 1) throw usageFailure('standard input (-) can be read only once', command);
  // Read first, so a missing file or a directory is reported as such whatever its name.
  const inputs: InputText[] = [];
  for (const arg of args) inputs.push(await readInput(arg));
  const out: LoadedDocument[] = [];
  for (let i = 0; i < inputs.length; i++) {
    const input = inputs[i]!;
    const arg = args[i]!;
    const language = inputLanguage(arg, lang);
    if (language === 'proposal' && !PROPOSAL_COMMANDS.has(command)) {
      const what = arg === '-' ? 'standard input' : arg;
      throw new CliFailure(`${what}: the ${command} command does not take ${LANGUAGE_NAMES[language]} documents (check, export --to smtlib and prove do)`);
    }
    out.push(language === 'gaia' ? await loadGaia(input, pkg) : language === 'proposal' ? loadProposal(input) : { input, language, analysis: analyzeDocument(input.text, language, 1) });
  }
  return out;
}

async function loadGaia(input: InputText, pkg: PackageOptions): Promise<LoadedDocument> {
  const stem = input.path ? input.path.replace(/^.*[\\/]/, '').replace(/\.[^.]*$/, '') : null;
  const gaia = analyzeGaia(input.text, {
    namespace: pkg.namespace ?? null,
    package: pkg.package ?? null,
    version: pkg.version ?? null,
    pyprojectToml: await findPyproject(input.path),
    fileStem: stem,
  });
  const analysis: DocumentAnalysis = {
    version: 1,
    language: 'gaia',
    graph: gaia.graph,
    diagnostics: gaia.diagnostics,
    derived: [],
    symbols: gaia.symbols,
    structureKey: structureKey(gaia.graph),
    stats: { lines: input.text.split('\n').length, nodes: gaia.graph.nodes.length, edges: gaia.graph.edges.length, analyzeMs: 0 },
  };
  return { input, language: 'gaia', analysis, gaia };
}

/** A FormalProposal: the gates' diagnostics stand for the analysis (it has no graph). */
function loadProposal(input: InputText): LoadedDocument {
  const proposal = checkProposal(input.text);
  const analysis: DocumentAnalysis = {
    version: 1,
    language: 'proposal',
    graph: { language: 'proposal', nodes: [], edges: [] },
    diagnostics: proposal.diagnostics,
    derived: [],
    symbols: { uses: [] },
    structureKey: '0:0:',
    stats: { lines: input.text.split('\n').length, nodes: 0, edges: 0, analyzeMs: 0 },
  };
  return { input, language: 'proposal', analysis, proposal };
}

export async function loadDocument(command: string, arg: string, lang: string | undefined, pkg: PackageOptions = {}): Promise<LoadedDocument> {
  const [doc] = await loadDocuments(command, [arg], lang, pkg);
  return doc!;
}

/** The package options given on a command line. */
export function packageOptionsOf(values: ReadonlyMap<string, string>): PackageOptions {
  return { namespace: values.get('namespace'), package: values.get('package'), version: values.get('version') };
}
