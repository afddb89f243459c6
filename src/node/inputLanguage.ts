/**
 * Which language an input is in (docs/contract.md §1): `--lang` when given, else the file's
 * extension; standard input is CLAIR unless `--lang` says otherwise.
 */
import type { Language } from '../core/graph/reasoningGraph.ts';
import { DEFAULT_LANGUAGE, languageOfPath, LANGUAGES } from '../core/languages/languageTable.ts';
import { CliFailure } from './cliFailure.ts';

export { LANGUAGES };

/** The language of `arg`: `--lang`, else its extension (the language table's), else the default for standard input. */
export function inputLanguage(arg: string, forced: string | undefined): Language {
  if (forced !== undefined) return forced as Language;
  if (arg === '-') return DEFAULT_LANGUAGE;
  const language = languageOfPath(arg);
  if (!language) {
    throw new CliFailure(`cannot tell the language of ${arg} from its extension; use --lang ${LANGUAGES.join('|')}`);
  }
  return language;
}
