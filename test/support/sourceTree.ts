/**
 * The product's source as the architecture tests read it: every .ts/.tsx file under a
 * checkout's src/ and workers/ (paths relative to the checkout, with forward slashes),
 * and the text of a file with its comments blanked, so a rule written in a comment is
 * not taken for code. Shared by the scans that keep a rule in one place
 * (test/core/languages/languageScan.ts, test/core/graph/lookScan.ts) and the import
 * directions test.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return filesUnder(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** Every source file of the checkout at `root`, as `{file, text}` with `file` relative to `root`. */
export function productSources(root: string): { readonly file: string; readonly text: string }[] {
  return ['src', 'workers'].flatMap((d) => filesUnder(join(root, d))).map((path) => ({ file: relative(root, path).split(sep).join('/'), text: readFileSync(path, 'utf8') }));
}

/** `text` with block and line comments blanked (line numbers kept). */
export function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' ')).replace(/(^|[^:'"`\\])\/\/[^\n]*/g, '$1');
}
