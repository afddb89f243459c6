/**
 * Finds, in source text, the two ways a language gets decided outside the language table:
 * a branch that compares a language with a language id (or with another language), and
 * a list that restates the ids. Used by oneTable.test.ts on src/ and workers/; it takes
 * any root, so the same scan can be run on an older checkout to count what it had.
 */
import { productSources, withoutComments } from '../../support/sourceTree.ts';
import { LANGUAGE_IDS } from '../../../src/core/languages/languageIds.ts';

/** The table and its facets: the one place a language may be named and compared. */
export const TABLE_FOLDER = 'src/core/languages/';

export interface Finding {
  readonly file: string;
  readonly line: number;
  readonly kind: 'branch' | 'list';
  readonly text: string;
}

const LITERAL = new RegExp(`^(['"\`])(${LANGUAGE_IDS.join('|')})\\1$`);
const CASE = new RegExp(`\\bcase\\s+(['"\`])(${LANGUAGE_IDS.join('|')})\\1\\s*:`);
const SWITCH = /\bswitch\s*\(([^)]*)\)/;
const ID = `(['"\`])(?:${LANGUAGE_IDS.join('|')})\\1`;
/** Two ids side by side in a list or a union (`'clair', 'gaia'`, `'clair' | 'gaia'`). */
const ADJACENT = new RegExp(`${ID}\\s*[,|]\\s*${ID.replace('\\1', '\\2')}`);
/** An id a value is compared with (`x === 'gaia'`): two on a line check membership by hand. */
const COMPARED = new RegExp(`[!=]==?\\s*(['"\`])(${LANGUAGE_IDS.join('|')})\\1`, 'g');
/** A comparison and the runs of operand text either side of it. */
const COMPARISON = /([\w$.?!()[\]'"`]+)\s*(===|!==|==|!=)\s*([\w$.?!()[\]'"`]+)/g;

/** Whether an operand is a language value: names one (`analysis.language`, `lang`, `inputLanguage(f, l)`) and is not a `typeof`. */
function isLanguageValue(operand: string): boolean {
  return /lang/i.test(operand.replace(/(['"`]).*?\1/g, ''));
}

const NOT_A_LANGUAGE = /^(undefined|null|true|false|'string'|"string")$/;

/** Comments out, strings kept: a comment may quote the rule it explains. */

export function scanText(file: string, text: string): Finding[] {
  const out: Finding[] = [];
  let subject = '';
  withoutComments(text)
    .split('\n')
    .forEach((line, i) => {
      const at = { file, line: i + 1, text: line.trim() };
      subject = SWITCH.exec(line)?.[1] ?? subject;
      // `case 'gaia':` under a switch on a language (not on, say, a Python value's tag).
      let branch = CASE.test(line) && isLanguageValue(subject);
      for (const m of line.matchAll(COMPARISON)) {
        // The operands less the brackets around them: `(a.language` and `'gaia')` are `a.language` and `'gaia'`.
        const [left, right] = [m[1]!.replace(/^[(!]+/, ''), m[3]!.replace(/[)\]]+$/, '')];
        if (NOT_A_LANGUAGE.test(left) || NOT_A_LANGUAGE.test(right) || /typeof\s*$/.test(line.slice(0, m.index))) continue;
        const [l, r] = [isLanguageValue(left) || LITERAL.test(left), isLanguageValue(right) || LITERAL.test(right)];
        // A language value against a language id, or against another language value.
        if ((isLanguageValue(left) && r) || (isLanguageValue(right) && l)) branch = true;
      }
      if (branch) out.push({ ...at, kind: 'branch' });
      const compared = new Set([...line.matchAll(COMPARED)].map((m) => m[2]));
      if (ADJACENT.test(line) || compared.size >= 2) out.push({ ...at, kind: 'list' });
    });
  return out;
}

/** Every finding under `root`'s src/ and workers/, outside the table's folder. */
export function scanCheckout(root: string): Finding[] {
  return productSources(root)
    .filter(({ file }) => !file.startsWith(TABLE_FOLDER))
    .flatMap(({ file, text }) => scanText(file, text));
}
