/**
 * Emission gate: the emitter's output is checked on its own terms before a solver sees
 * it, so a bug upstream cannot turn into solver commands. Every command must be one
 * balanced form headed by a command allowed in its place; every token must be a
 * parenthesis, a numeral, a keyword or operator of the emitter's vocabulary, or a
 * symbol that passes the identifier rule and is not reserved. No strings, quoted
 * symbols or comments can appear inside commands.
 */
import type { SourceRange } from '../text/sourceRange.ts';
import { GOAL_NAME, WITNESS_PREFIX } from './emitSmtlib.ts';
import type { SmtProgram } from './emitSmtlib.ts';
import type { GateReport } from './gateDiagnostics.ts';
import { IDENTIFIER, describeNameProblem, nameProblem } from './identifiers.ts';

/** Words the emitter itself writes; these are the only non-user symbols allowed. */
const VOCABULARY: ReadonlySet<string> = new Set([
  'set-option',
  'set-logic',
  'declare-sort',
  'declare-fun',
  'assert',
  'check-sat',
  ':produce-unsat-cores',
  ':produce-models',
  ':named',
  'true',
  '!',
  'not',
  'and',
  'or',
  '=>',
  '=',
  'distinct',
  '<',
  '<=',
  '>',
  '>=',
  '+',
  '-',
  '*',
  '/',
  'ite',
  'forall',
  'exists',
  'to_real',
  'Bool',
  'Int',
  'Real',
]);

const TOKEN = /\s*(\(|\)|[^\s()]+)/y;
const NUMERAL = /^(0|[1-9][0-9]*)(\.0)?$/;
const LOGIC = /^[A-Z][A-Z0-9_]{0,31}$/;
const COMMENT = /^; [\x20-\x7e]*$/;

export interface CommandSite {
  readonly command: string;
  /** Command heads allowed here. */
  readonly heads: readonly string[];
  /** Where to report a finding in the proposal text. */
  readonly range: SourceRange;
  readonly subject?: string;
}

/** Checks every piece of `program`; `rangeOf` places findings about an assertion id. */
export function checkEmission(program: SmtProgram, report: GateReport, rangeOf: (assertionId: string | null) => SourceRange): void {
  const top = rangeOf(null);
  for (const c of program.comments) {
    if (!COMMENT.test(c)) report.error('emission-token', 'an emitted comment holds characters outside printable ASCII', top);
  }
  const sites: CommandSite[] = [
    ...program.preamble.map((command) => ({ command, heads: ['set-option', 'set-logic'], range: top })),
    ...program.declarations.map((command) => ({ command, heads: ['declare-sort', 'declare-fun'], range: top })),
    ...program.assertions.map((a) => ({ command: a.command, heads: ['assert'], range: rangeOf(a.id), subject: a.id })),
  ];
  if (program.goal) sites.push({ command: program.goal, heads: ['assert'], range: top, subject: GOAL_NAME });
  for (const command of program.probe ?? []) sites.push({ command, heads: ['declare-fun', 'assert'], range: top });
  for (const site of sites) checkCommand(site, report);
}

export function checkCommand(site: CommandSite, report: GateReport): void {
  const { command, range, subject } = site;
  let depth = 0;
  let forms = 0;
  let head: string | null = null;
  let afterOpen = false;
  TOKEN.lastIndex = 0;
  let pos = 0;
  while (pos < command.length) {
    TOKEN.lastIndex = pos;
    const m = TOKEN.exec(command);
    if (!m) break;
    pos = TOKEN.lastIndex;
    const tok = m[1]!;
    if (tok === '(') {
      if (depth === 0) forms++;
      depth++;
      afterOpen = true;
      continue;
    }
    if (tok === ')') {
      depth--;
      afterOpen = false;
      if (depth < 0) break;
      continue;
    }
    if (depth === 0) {
      report.error('emission-unbalanced', `emitted text outside any command: ${show(tok)}`, range, subject);
      return;
    }
    if (afterOpen && depth === 1) head = tok;
    afterOpen = false;
    const problem = tokenProblem(tok, head);
    if (problem) {
      report.error(problem.code, problem.message, range, subject);
      return;
    }
  }
  if (command.slice(pos).trim() !== '') {
    report.error('emission-token', `emitted text that is not a token: ${show(command.slice(pos))}`, range, subject);
  } else if (depth !== 0) {
    report.error('emission-unbalanced', `an emitted command has unbalanced parentheses: ${show(command)}`, range, subject);
  } else if (forms !== 1) {
    report.error('emission-unbalanced', `an emitted line holds ${forms} commands instead of one: ${show(command)}`, range, subject);
  } else if (head === null || !site.heads.includes(head)) {
    report.error('emission-command', `the emitted command ${show(head ?? command)} is not allowed here (expected ${site.heads.join(' or ')})`, range, subject);
  }
}

function tokenProblem(tok: string, head: string | null): { code: 'emission-token' | 'emission-unsafe-symbol'; message: string } | null {
  if (VOCABULARY.has(tok) || NUMERAL.test(tok)) return null;
  if (head === 'set-logic' && LOGIC.test(tok)) return null;
  if (tok === GOAL_NAME && head === 'assert') return null;
  // The probe's one element of a sort: the prefix, then the sort's own (checked) name.
  if (tok.startsWith(WITNESS_PREFIX) && nameProblem(tok.slice(WITNESS_PREFIX.length)) === null) return null;
  if (!IDENTIFIER.test(tok)) return { code: 'emission-token', message: `the emitter produced the token ${show(tok)}, which is not in its vocabulary` };
  const problem = nameProblem(tok);
  if (problem) return { code: 'emission-unsafe-symbol', message: `emitted ${describeNameProblem('symbol', tok, problem)}` };
  return null;
}

function show(s: string): string {
  return JSON.stringify(s.length > 60 ? s.slice(0, 60) + '…' : s);
}
