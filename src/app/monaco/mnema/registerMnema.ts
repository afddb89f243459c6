/**
 * Mnema logs in the editor: signed ops, one JSON object per line. Coloured so a person
 * can find their way in one (field names, the op kinds, strings, numbers); there is
 * nothing to complete or rename — the log is written by imports, the engine and actions.
 */
import { languageRow } from '../../../core/languages/languageTable.ts';
import type { Monaco } from '../monacoSetup.ts';

export const MNEMA_LANGUAGE_ID = languageRow('mnema').monacoLanguage;

export function registerMnema(monaco: Monaco): void {
  monaco.languages.register({ id: MNEMA_LANGUAGE_ID, extensions: languageRow('mnema').extensions.slice() });
  monaco.languages.setMonarchTokensProvider(MNEMA_LANGUAGE_ID, {
    defaultToken: '',
    tokenPostfix: '.mnema',
    tokenizer: {
      root: [
        [/"(?:[^"\\]|\\.)*"(?=\s*:)/, 'type'],
        [
          /"(?:evidence|claim|claim_invalidation|claim_correction|claim_refutation|evidence_retraction|correction_withdrawal|refutation_withdrawal|retraction_withdrawal|member_addition|head)"/,
          'keyword',
        ],
        [/"(?:[^"\\]|\\.)*"/, 'string'],
        [/-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?/, 'number'],
        [/\b(?:true|false|null)\b/, 'keyword'],
        [/[{}[\],:]/, 'delimiter'],
      ],
    },
  });
}
