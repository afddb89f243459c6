import { describe, expect, it } from 'vitest';
import { COLOURED_CHARS, editorLanguageOf } from '../../src/app/monaco/editorLanguage.ts';
import { MAX_DOCUMENT_BYTES } from '../../src/core/text/inputLimits.ts';
import { languageRow } from '../../src/core/languages/languageTable.ts';

describe('the language a document is shown in', () => {
  it.each([
    ['clair', 0, languageRow('clair').monacoLanguage],
    ['mnema', 3_000_000, languageRow('mnema').monacoLanguage],
    ['mnema', COLOURED_CHARS, languageRow('mnema').monacoLanguage],
    ['mnema', COLOURED_CHARS + 1, 'plaintext'],
    ['mnema', 100_000_000, 'plaintext'],
  ] as const)('%s at %i characters: %s', (language, chars, shown) => {
    expect(editorLanguageOf(language, chars)).toBe(shown);
  });

  it('only a document that is its own log can grow past colouring: every other stops at the document limit first', () => {
    expect(MAX_DOCUMENT_BYTES).toBeLessThan(COLOURED_CHARS);
  });
});
