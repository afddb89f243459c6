/** The Monaco language a document is shown in: its language's, or plain text when it is too large to colour. */
import type { Language } from '../../core/graph/reasoningGraph.ts';
import { languageRow } from '../../core/languages/languageTable.ts';

/**
 * Past this many characters a document is shown without colouring, as Monaco shows a file
 * it is given whole at that size (its large-file threshold, 20 MB). Only a Mnema log gets
 * so large (other documents stop at 16 MiB), and one written into the editor by an
 * import grows there edit by edit, which Monaco's own check (made when a model is
 * created) never sees: colouring 100,000 ops tokenized every line on the main thread,
 * in tasks of up to 97 ms, and copied the whole token table at each slice of the fill.
 */
export const COLOURED_CHARS = 20 * 1024 * 1024;

/** The Monaco language of a document of `chars` characters (the language table's; a FormalProposal is edited as JSON; plain text past COLOURED_CHARS). */
export function editorLanguageOf(language: Language, chars = 0): string {
  return chars > COLOURED_CHARS ? 'plaintext' : languageRow(language).monacoLanguage;
}
