/**
 * The usage text is made from the language and exporter tables, and reads exactly as
 * docs/contract-extensions.md prints it.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EXPORT_FORMATS, exporterOf } from '../../src/core/export/exporterTable.ts';
import { LANGUAGES } from '../../src/core/languages/languageTable.ts';
import { COMMAND_USAGE, USAGE } from '../../src/cli/usage.ts';

describe('usage text from the tables', () => {
  it('is the text documented in contract-extensions.md, byte for byte', () => {
    const doc = readFileSync(new URL('../../docs/contract-extensions.md', import.meta.url), 'utf8');
    const block = doc.slice(doc.indexOf('### Usage text'));
    const documented = block.slice(block.indexOf('```\n') + 4, block.indexOf('\n```', block.indexOf('```\n') + 4) + 1);
    expect(USAGE).toBe(documented);
  });

  it('lists exactly the table’s export formats, each once; a picture as the page’s only', () => {
    const pictures = EXPORT_FORMATS.filter((f) => exporterOf(f).output === 'picture');
    expect(pictures).toEqual(['png']);
    // `--to` takes what the command line makes: not the pictures, which need a rasteriser.
    expect(COMMAND_USAGE.export).toContain(`--to ${EXPORT_FORMATS.filter((f) => !pictures.includes(f)).join('|')} `);
    const sentence = USAGE.slice(USAGE.indexOf('export FILE --to FORMAT'), USAGE.indexOf('[--out PATH]')).replace(/\s+/g, ' ');
    const named = [...sentence.matchAll(/[a-z][a-z-]*(?=[,;]| \(a folder\)| \(in the page only\)|\s*$)/g)].map((m) => m[0]).filter((w) => (EXPORT_FORMATS as readonly string[]).includes(w));
    expect([...named].sort()).toEqual([...EXPORT_FORMATS].sort());
    for (const p of pictures) expect(sentence).toContain(`${p} (in the page only)`);
  });

  it('takes --lang values from the language table', () => {
    for (const command of ['check', 'infer', 'export', 'explain', 'cascade']) expect(COMMAND_USAGE[command]).toContain(`[--lang ${LANGUAGES.join('|')}]`);
    expect(COMMAND_USAGE.similar).toContain('[--lang clair|gaia]');
    expect(USAGE.replace(/\s+/g, ' ')).toContain('.clair CLAIR, .py/.gaia Gaia, .json FormalProposal, .mnema Mnema;');
  });
});
