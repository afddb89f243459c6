/**
 * Which language an input is in (docs/contract.md §1): `--lang` when given, else the file's
 * extension; standard input is CLAIR unless `--lang` says otherwise.
 */
import type { Language } from '../core/graph/reasoningGraph.ts';
import { CliFailure } from './cliFailure.ts';

export const LANGUAGES: readonly Language[] = ['clair', 'gaia', 'proposal'];

const BY_EXTENSION: Readonly<Record<string, Language>> = {
  '.clair': 'clair',
  '.py': 'gaia',
  '.gaia': 'gaia',
  '.json': 'proposal',
};

export function inputLanguage(arg: string, forced: string | undefined): Language {
  if (forced !== undefined) return forced as Language;
  if (arg === '-') return 'clair';
  const dot = arg.lastIndexOf('.');
  const slash = Math.max(arg.lastIndexOf('/'), arg.lastIndexOf('\\'));
  const ext = dot > slash ? arg.slice(dot).toLowerCase() : '';
  const language = BY_EXTENSION[ext];
  if (!language) {
    throw new CliFailure(`cannot tell the language of ${arg} from its extension; use --lang clair|gaia|proposal`);
  }
  return language;
}

/** How the languages are named in messages. */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = {
  clair: 'CLAIR',
  gaia: 'Gaia',
  proposal: 'FormalProposal',
};
