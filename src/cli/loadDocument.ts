/**
 * Reads and analyses the documents a command names. Every input is read and checked
 * before any output, so an unreadable file stops the command before it prints anything.
 */
import type { DocumentAnalysis } from '../core/analysis/documentAnalysis.ts';
import { analyzeDocument } from '../core/analysis/analyzeDocument.ts';
import type { Language } from '../core/graph/reasoningGraph.ts';
import { CliFailure, usageFailure } from './cliFailure.ts';
import { inputLanguage, LANGUAGE_NAMES } from './inputLanguage.ts';
import type { InputText } from './readInput.ts';
import { readInput } from './readInput.ts';

export interface LoadedDocument {
  readonly input: InputText;
  readonly language: Language;
  readonly analysis: DocumentAnalysis;
}

/** Languages the command line can analyse in this version. */
const SUPPORTED: ReadonlySet<Language> = new Set(['clair']);

export async function loadDocuments(command: string, args: readonly string[], lang: string | undefined): Promise<LoadedDocument[]> {
  if (args.filter((a) => a === '-').length > 1) throw usageFailure('standard input (-) can be read only once', command);
  // Read first, so a missing file or a directory is reported as such whatever its name.
  const inputs: InputText[] = [];
  for (const arg of args) inputs.push(await readInput(arg));
  return inputs.map((input, i) => {
    const arg = args[i]!;
    const language = inputLanguage(arg, lang);
    if (!SUPPORTED.has(language)) {
      const what = arg === '-' ? 'standard input' : arg;
      throw new CliFailure(`${what}: ${LANGUAGE_NAMES[language]} documents are not supported in this version yet (only CLAIR is)`);
    }
    return { input, language, analysis: analyzeDocument(input.text, language, 1) };
  });
}

export async function loadDocument(command: string, arg: string, lang: string | undefined): Promise<LoadedDocument> {
  const [doc] = await loadDocuments(command, [arg], lang);
  return doc!;
}
