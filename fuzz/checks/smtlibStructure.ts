/**
 * Is an emitted SMT-LIB2 script exactly what its proposal asks for, and nothing more?
 * Read with an SMT-LIB lexer of its own (quoted symbols, strings, comments — not the
 * emission gate's), the script must be: comment lines, the two `set-option`s and one
 * `set-logic`, one declaration per declaration of the proposal (by the proposal's JSON,
 * read independently of Warrant), one `(assert (! BODY :named ID))` per assertion in
 * order, the goal named `hp_internal_goal` when the mode has one, and `(check-sat)`.
 * Inside a body: only parentheses, numerals, the theory's operators, the proposal's
 * declared names and the body's own bound variables — no strings, quoted symbols,
 * keywords or comments; every user name a plain symbol that is not reserved.
 */
import type { Problem } from '../core/target.ts';
import { problem } from '../core/target.ts';

type Token = { kind: 'open' | 'close' | 'symbol' | 'quoted' | 'string' | 'keyword' | 'numeral' | 'comment' | 'bad'; text: string; depth: number };
type Sexp = string | Sexp[];

export function lexSmt(script: string): Token[] {
  const out: Token[] = [];
  let depth = 0;
  let i = 0;
  const n = script.length;
  while (i < n) {
    const c = script[i]!;
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r') {
      i++;
      continue;
    }
    if (c === '(') {
      out.push({ kind: 'open', text: c, depth: depth++ });
      i++;
    } else if (c === ')') {
      out.push({ kind: 'close', text: c, depth: --depth });
      i++;
    } else if (c === ';') {
      const end = script.indexOf('\n', i);
      const stop = end < 0 ? n : end;
      out.push({ kind: 'comment', text: script.slice(i, stop), depth });
      i = stop;
    } else if (c === '|') {
      const end = script.indexOf('|', i + 1);
      const stop = end < 0 ? n : end + 1;
      out.push({ kind: 'quoted', text: script.slice(i, stop), depth });
      i = stop;
    } else if (c === '"') {
      let j = i + 1;
      for (;;) {
        if (j >= n) break;
        if (script[j] === '"') {
          if (script[j + 1] === '"') j += 2;
          else {
            j++;
            break;
          }
        } else j++;
      }
      out.push({ kind: 'string', text: script.slice(i, j), depth });
      i = j;
    } else {
      let j = i;
      while (j < n && !/[\s()|";]/.test(script[j]!)) j++;
      const text = script.slice(i, j);
      const kind = text.startsWith(':') ? 'keyword' : /^[0-9]+(\.[0-9]+)?$/.test(text) ? 'numeral' : /^[#]/.test(text) ? 'bad' : 'symbol';
      out.push({ kind, text, depth });
      i = j;
    }
  }
  return out;
}

/** Top-level forms (comments left out; the caller checks where they are). */
function parseForms(tokens: readonly Token[]): Sexp[] | string {
  const forms: Sexp[] = [];
  const stack: Sexp[][] = [];
  for (const t of tokens) {
    if (t.kind === 'comment') continue;
    if (t.kind === 'open') {
      const list: Sexp[] = [];
      if (stack.length > 0) stack[stack.length - 1]!.push(list);
      stack.push(list);
    } else if (t.kind === 'close') {
      const done = stack.pop();
      if (!done) return 'a ) closes nothing';
      if (stack.length === 0) forms.push(done);
    } else {
      if (stack.length === 0) return `${t.text} stands outside any command`;
      stack[stack.length - 1]!.push(t.kind === 'symbol' || t.kind === 'numeral' ? t.text : `\u0000${t.kind}\u0000${t.text}`);
    }
  }
  if (stack.length > 0) return 'a ( is never closed';
  return forms;
}

/** SMT-LIB 2.6 reserved words and command names, and the core, Ints and Reals theories' symbols. */
const DANGEROUS = new Set([
  '!', '_', 'as', 'BINARY', 'DECIMAL', 'exists', 'forall', 'HEXADECIMAL', 'let', 'match', 'NUMERAL', 'par', 'STRING', 'lambda',
  'assert', 'check-sat', 'check-sat-assuming', 'declare-const', 'declare-datatype', 'declare-datatypes', 'declare-fun', 'declare-sort',
  'define-fun', 'define-fun-rec', 'define-funs-rec', 'define-sort', 'echo', 'exit', 'get-assertions', 'get-assignment', 'get-info',
  'get-model', 'get-option', 'get-proof', 'get-unsat-assumptions', 'get-unsat-core', 'get-value', 'pop', 'push', 'reset',
  'reset-assertions', 'set-info', 'set-logic', 'set-option', 'eval', 'simplify',
  'true', 'false', 'not', '=>', 'and', 'or', 'xor', '=', 'distinct', 'ite', 'Bool', 'Int', 'Real',
  '-', '+', '*', '/', 'div', 'mod', 'abs', '<=', '<', '>=', '>', 'to_real', 'to_int', 'is_int', 'divisible',
]);

/** What the emitter may write inside a body besides user names and numerals. */
const BODY_VOCABULARY = new Set(['not', 'and', 'or', '=>', '=', 'distinct', '<', '<=', '>', '>=', '+', '-', '*', '/', 'ite', 'forall', 'exists', 'to_real', 'true', 'false', 'Bool', 'Int', 'Real']);

const SIMPLE = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Why a user name may not appear in a script, or null. */
export function unsafeName(name: string): string | null {
  if (!SIMPLE.test(name)) return 'not a plain symbol';
  if (DANGEROUS.has(name)) return 'an SMT-LIB reserved word, command or theory symbol';
  if (name.startsWith('hp_internal_')) return "Warrant's internal prefix";
  return null;
}

interface Expected {
  readonly declarations: readonly { kind: string; name: string }[];
  readonly assertionIds: readonly string[];
  readonly goal: boolean;
}

/** What the script of `json` in `mode` must hold, read from the JSON alone; null when the JSON is not readable as a proposal. */
export function expectedOf(json: unknown, mode: 'entailment' | 'model' | 'consistency'): Expected | null {
  if (!json || typeof json !== 'object' || Array.isArray(json)) return null;
  const p = json as { declarations?: unknown; assertions?: unknown; queryPlan?: unknown };
  if (!Array.isArray(p.declarations) || !Array.isArray(p.assertions)) return null;
  const declarations = p.declarations.map((d) => ({ kind: String((d as { kind?: unknown })?.kind), name: String((d as { name?: unknown })?.name) }));
  const assertionIds = p.assertions.map((a) => String((a as { assertionId?: unknown })?.assertionId));
  const goal = mode !== 'consistency' && !!p.queryPlan && typeof p.queryPlan === 'object' && (p.queryPlan as { goal?: unknown }).goal != null;
  return { declarations, assertionIds, goal };
}

const bad = (code: string, message: string): Problem => problem('silent-accept', `smtlib-${code}`, message);

const show = (s: Sexp): string => (typeof s === 'string' ? s.replace(/\u0000\w+\u0000/, '') : `(${s.map(show).join(' ')})`).slice(0, 120);

export function scriptProblems(script: string, expected: Expected): Problem[] {
  const tokens = lexSmt(script);
  const problems: Problem[] = [];
  // Comments only before the first command, each a printable ASCII line.
  let seenCommand = false;
  for (const t of tokens) {
    if (t.kind !== 'comment') {
      seenCommand = true;
      continue;
    }
    if (seenCommand || t.depth !== 0) problems.push(bad('comment-placement', `a comment among the commands: ${JSON.stringify(t.text.slice(0, 80))}`));
    else if (!/^;[\x20-\x7e]*$/.test(t.text)) problems.push(bad('comment-characters', `a comment with characters outside printable ASCII: ${JSON.stringify(t.text.slice(0, 80))}`));
  }
  const forms = parseForms(tokens);
  if (typeof forms === 'string') return [...problems, bad('unbalanced', `the script does not read as commands: ${forms}`)];
  const heads = forms.map((f) => (Array.isArray(f) && typeof f[0] === 'string' ? f[0] : '?'));
  const wantAsserts = expected.assertionIds.length + (expected.goal ? 1 : 0);
  const wantHeads = ['set-option', 'set-option', 'set-logic', ...expected.declarations.map((d) => (d.kind === 'sort' ? 'declare-sort' : 'declare-fun')).sort(), ...Array(wantAsserts).fill('assert'), 'check-sat'];
  const gotSorted = [...heads.slice(0, 3), ...heads.slice(3, 3 + expected.declarations.length).sort(), ...heads.slice(3 + expected.declarations.length)];
  if (gotSorted.join(' ') !== wantHeads.join(' ')) {
    return [...problems, bad('command-structure', `expected commands ${summarize(wantHeads)}, got ${summarize(heads)}`)];
  }
  const [opt1, opt2, logic] = forms as Sexp[][];
  if (show(opt1!) !== '(set-option :produce-unsat-cores true)' || show(opt2!) !== '(set-option :produce-models true)') problems.push(bad('preamble', `unexpected options: ${show(opt1!)} ${show(opt2!)}`));
  if (logic!.length !== 2 || typeof logic![1] !== 'string' || !/^[A-Z][A-Z0-9_]*$/.test(logic![1]!)) problems.push(bad('preamble', `unexpected set-logic: ${show(logic!)}`));

  // Declarations: exactly the proposal's names, each safe; sorts from the proposal or built in.
  const decls = forms.slice(3, 3 + expected.declarations.length) as Sexp[][];
  const sortNames = new Set(expected.declarations.filter((d) => d.kind === 'sort').map((d) => d.name));
  const declared = new Set<string>();
  const wantNames = expected.declarations.map((d) => d.name).sort();
  const gotNames: string[] = [];
  for (const d of decls) {
    const name = d[1];
    if (typeof name !== 'string') {
      problems.push(bad('declaration', `a declaration without a plain name: ${show(d)}`));
      continue;
    }
    gotNames.push(name.replace(/\u0000\w+\u0000/, ''));
    declared.add(name);
    const why = unsafeName(name);
    if (why) problems.push(bad('unsafe-name', `declared name ${JSON.stringify(name)} is ${why}`));
    if (d[0] === 'declare-sort') {
      if (d.length !== 3 || d[2] !== '0') problems.push(bad('declaration', `unexpected sort declaration: ${show(d)}`));
    } else {
      const args = d[2];
      const sortsUsed = [...(Array.isArray(args) ? args : ['?']), d[3]];
      if (d.length !== 4 || !Array.isArray(args)) problems.push(bad('declaration', `unexpected function declaration: ${show(d)}`));
      for (const s of sortsUsed) if (typeof s !== 'string' || !(sortNames.has(s) || s === 'Bool' || s === 'Int' || s === 'Real')) problems.push(bad('declaration', `a declaration uses sort ${show(s ?? '?')}, which the proposal does not declare`));
    }
  }
  gotNames.sort();
  if (gotNames.join('\u0001') !== wantNames.join('\u0001')) problems.push(bad('declared-names', `declared ${JSON.stringify(gotNames).slice(0, 200)}, the proposal declares ${JSON.stringify(wantNames).slice(0, 200)}`));

  // Assertions: (assert (! BODY :named ID)), ids in order, then the goal.
  const asserts = forms.slice(3 + expected.declarations.length, 3 + expected.declarations.length + wantAsserts) as Sexp[][];
  const wantIds = [...expected.assertionIds, ...(expected.goal ? ['hp_internal_goal'] : [])];
  asserts.forEach((a, i) => {
    const named = a[1];
    if (a.length !== 2 || !Array.isArray(named) || named.length !== 4 || named[0] !== '!' || named[2] !== '\u0000keyword\u0000:named') {
      problems.push(bad('assert-shape', `not (assert (! BODY :named ID)): ${show(a)}`));
      return;
    }
    const id = named[3];
    if (id !== wantIds[i]) problems.push(bad('assertion-id', `assertion ${i + 1} is named ${show(id ?? '?')}, expected ${JSON.stringify(wantIds[i])}`));
    if (typeof id === 'string' && id !== 'hp_internal_goal') {
      const why = unsafeName(id);
      if (why) problems.push(bad('unsafe-name', `assertion id ${JSON.stringify(id)} is ${why}`));
    }
    bodyProblems(named[1]!, declared, sortNames, new Set(), problems, id === 'hp_internal_goal' ? 'the goal' : `assertion ${String(id)}`);
  });
  return problems.slice(0, 10);
}

function bodyProblems(body: Sexp, declared: ReadonlySet<string>, sorts: ReadonlySet<string>, bound: ReadonlySet<string>, problems: Problem[], where: string): void {
  if (typeof body === 'string') {
    if (body.startsWith('\u0000')) {
      const [, kind, text] = body.split('\u0000');
      problems.push(bad(`body-${kind}`, `${where} holds a ${kind} token: ${JSON.stringify(text!.slice(0, 80))}`));
      return;
    }
    if (/^[0-9]+(\.[0-9]+)?$/.test(body) || BODY_VOCABULARY.has(body) || declared.has(body) || bound.has(body) || sorts.has(body)) {
      if ((declared.has(body) || bound.has(body)) && unsafeName(body)) problems.push(bad('unsafe-name', `${where} uses ${JSON.stringify(body)}, ${unsafeName(body)}`));
      return;
    }
    problems.push(bad('undeclared-symbol', `${where} uses ${JSON.stringify(body.slice(0, 80))}, which is neither declared, bound, a numeral nor an operator`));
    return;
  }
  if (body.length === 0) {
    problems.push(bad('body-empty-list', `${where} holds ()`));
    return;
  }
  const head = body[0];
  if ((head === 'forall' || head === 'exists') && body.length === 3 && Array.isArray(body[1])) {
    const inner = new Set(bound);
    for (const b of body[1]) {
      if (!Array.isArray(b) || b.length !== 2 || typeof b[0] !== 'string' || typeof b[1] !== 'string') {
        problems.push(bad('binder', `${where} has a binder that is not (name sort): ${show(b)}`));
        continue;
      }
      const why = unsafeName(b[0]);
      if (why) problems.push(bad('unsafe-name', `${where} binds ${JSON.stringify(b[0])}, ${why}`));
      if (!(sorts.has(b[1]) || b[1] === 'Bool' || b[1] === 'Int' || b[1] === 'Real')) problems.push(bad('binder', `${where} binds a variable of undeclared sort ${JSON.stringify(b[1])}`));
      inner.add(b[0]);
    }
    bodyProblems(body[2]!, declared, sorts, inner, problems, where);
    return;
  }
  if (head === '!' || (typeof head === 'string' && /^(assert|declare-|define-|set-|get-|check-sat|push|pop|reset|exit|echo)/.test(head))) {
    problems.push(bad('nested-command', `${where} holds ${show(body)}`));
    return;
  }
  for (const part of body) bodyProblems(part, declared, sorts, bound, problems, where);
}

function summarize(heads: readonly string[]): string {
  const out: string[] = [];
  for (let i = 0; i < heads.length; ) {
    let j = i;
    while (j < heads.length && heads[j] === heads[i]) j++;
    out.push(j - i > 1 ? `${heads[i]}×${j - i}` : heads[i]!);
    i = j;
  }
  return out.join(', ');
}
