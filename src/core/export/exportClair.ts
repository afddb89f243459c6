/**
 * `export --to clair`: the canonical text of a CLAIR document, as the formatter writes
 * it. Lines that do not parse are kept as written, so nothing is lost.
 */
import { parseClair } from '../clair/parser.ts';
import { printClair } from '../clair/printer.ts';

export function exportClair(text: string): string {
  return printClair(parseClair(text));
}
