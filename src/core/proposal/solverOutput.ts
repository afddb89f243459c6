/**
 * Reading what an SMT solver prints: the `check-sat` answer, `(error …)` lines, the
 * unsat core and the model. Output is read as s-expressions, so answers spread over
 * several lines (cvc5 prints a core one name per line) read the same as z3's.
 */

export type CheckSatAnswer = 'sat' | 'unsat' | 'unknown';

/** One parsed s-expression: an atom (symbol, numeral, keyword or string) or a list. */
export type SExpr = string | SExpr[];

/** Tokens of SMT-LIB output: parentheses, `"strings"` (with `""` escapes), `|quoted|` symbols, atoms. */
const TOKEN = /\s*(?:;[^\n]*\n?)*\s*("(?:[^"]|"")*"|\|[^|]*\||\(|\)|[^\s()";|]+)/y;

/**
 * Splits `text` into top-level s-expressions. Never throws: unbalanced text ends the
 * current list, and anything unreadable is skipped.
 */
export function parseSExprs(text: string): SExpr[] {
  const out: SExpr[] = [];
  const stack: SExpr[][] = [];
  let pos = 0;
  while (pos < text.length) {
    TOKEN.lastIndex = pos;
    const m = TOKEN.exec(text);
    if (!m) {
      pos++;
      continue;
    }
    pos = TOKEN.lastIndex;
    const tok = m[1]!;
    if (tok === '(') {
      stack.push([]);
    } else if (tok === ')') {
      const done = stack.pop();
      if (done === undefined) continue;
      (stack.length > 0 ? stack[stack.length - 1]! : out).push(done);
    } else {
      (stack.length > 0 ? stack[stack.length - 1]! : out).push(tok);
    }
  }
  while (stack.length > 0) {
    const done = stack.pop()!;
    (stack.length > 0 ? stack[stack.length - 1]! : out).push(done);
  }
  return out;
}

/** The text of every `(error "…")` in the output, in order. */
export function solverErrors(output: string): string[] {
  return parseSExprs(output).flatMap((e) => (Array.isArray(e) && e[0] === 'error' ? [unquote(e[1])] : []));
}

/** The check-sat answers in the output, in order. */
export function checkSatAnswers(output: string): CheckSatAnswer[] {
  return parseSExprs(output).flatMap((e) => (e === 'sat' || e === 'unsat' || e === 'unknown' ? [e] : []));
}

/** The names in a `(get-unsat-core)` reply: the first list of symbols in `output`. */
export function parseUnsatCore(output: string): string[] | null {
  for (const e of parseSExprs(output)) {
    if (Array.isArray(e) && e[0] !== 'error' && e.every((x) => typeof x === 'string')) return (e as string[]).map(unquote);
  }
  return null;
}

/** One `define-fun` of a model, printed back in SMT-LIB syntax. */
export interface ModelEntry {
  readonly name: string;
  /** The parameters, `((x!0 Person))` style, as text ('' for a constant). */
  readonly params: string;
  readonly sort: string;
  readonly value: string;
}

/** The `define-fun` entries of a `(get-model)` reply (z3 wraps them in `(model …)` in old versions). */
export function parseModel(output: string): ModelEntry[] | null {
  for (const e of parseSExprs(output)) {
    if (!Array.isArray(e) || e[0] === 'error') continue;
    const body = e[0] === 'model' ? e.slice(1) : e;
    const entries: ModelEntry[] = [];
    for (const d of body) {
      if (!Array.isArray(d) || d[0] !== 'define-fun' || d.length < 5) continue;
      const params = printSExpr(d[2]!);
      entries.push({ name: unquote(d[1]), params: params === '()' ? '' : params, sort: printSExpr(d[3]!), value: printSExpr(d[4]!) });
    }
    if (entries.length > 0 || body.length === 0 || body.every((d) => Array.isArray(d))) return entries;
  }
  return null;
}

export function printSExpr(e: SExpr): string {
  return typeof e === 'string' ? e : `(${e.map(printSExpr).join(' ')})`;
}

function unquote(e: SExpr | undefined): string {
  if (e === undefined) return '';
  if (typeof e !== 'string') return printSExpr(e);
  if (e.startsWith('"') && e.endsWith('"') && e.length >= 2) return e.slice(1, -1).replace(/""/g, '"');
  if (e.startsWith('|') && e.endsWith('|') && e.length >= 2) return e.slice(1, -1);
  return e;
}
