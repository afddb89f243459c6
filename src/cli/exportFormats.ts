/**
 * The `export --to` formats, as the command line names them: the rows of the exporter
 * table (src/core/export/exporterTable.ts), plus any contract format not written yet.
 * A `picture` row (png) is made only where there is a rasteriser, the page: the command
 * line names it, and refuses it with the way to get one.
 */
import { EXPORTERS } from '../core/export/exporterTable.ts';
import type { Exporter } from '../core/export/exporterTable.ts';
import { languageRow } from '../core/languages/languageTable.ts';

export { EXPORT_FORMATS, exporterOf, formatsTaking, isExportFormat } from '../core/export/exporterTable.ts';
export type { ExportFormat } from '../core/export/exporterTable.ts';

/** Whether the command line can make a row: it has no rasteriser for pictures. */
export function madeByCommandLine(row: Exporter): boolean {
  return row.output !== 'picture';
}

/** The formats `--to` takes, in table order. */
export const CLI_EXPORT_FORMATS: readonly string[] = EXPORTERS.filter(madeByCommandLine).map((e) => e.id);

/** Why the command line refuses a picture row, and what to do instead. */
export function pictureRefusal(row: Exporter): string {
  return `export --to ${row.id} draws the picture into pixels, which needs a browser: use Export → ${row.label} in the page, or export --to svg and convert that (for example rsvg-convert -z 2 -o NAME.${row.id} NAME.svg)`;
}

/** Contract formats not written yet, with the reason (none at the moment). */
export const PLANNED_EXPORT_FORMATS: Readonly<Record<string, string>> = {};

/** `a, b or c`. */
export function orList(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;
}

/** The documents a format takes, in a sentence: `a CLAIR trace or a Gaia package`. */
export function documentKindsOf(row: Exporter): string {
  return orList(row.languages.map((l) => languageRow(l).documentKind));
}

/**
 * The usage text's sentence on what `export` writes, wrapped to `width` after `indent`:
 * the formats of the default language, then for each other language the formats only
 * it has (`a Gaia package also as …`), a format that writes several files marked
 * `(a folder)`.
 */
export function exportFormatsSentence(languages: readonly { readonly id: string; readonly documentKind: string }[]): string {
  const taken = new Set<string>();
  const named = (e: Exporter) => (e.output === 'files' ? `${e.id} (a folder)` : e.output === 'picture' ? `${e.id} (in the page only)` : e.id);
  const parts: string[] = [];
  languages.forEach((language, i) => {
    const mine = EXPORTERS.filter((e) => (e.languages as readonly string[]).includes(language.id));
    const fresh = mine.filter((e) => !taken.has(e.id));
    if (fresh.length === 0) return;
    const shared = mine.length > fresh.length;
    for (const e of fresh) taken.add(e.id);
    const list = fresh.map(named).join(', ');
    parts.push(i === 0 ? `write the document as ${list}` : `${language.documentKind} ${shared ? 'also as' : 'as'} ${list}`);
  });
  return parts.join('; ');
}
