/**
 * `warrant cascade FILE OP... [--json]` (docs/contract.md §1.3): applies user operations left
 * to right — `--refute ID`, `--correct ID=CONF`, `--retract ID`, `--withdraw ID` — and
 * reports each one's cascade and the final state of every belief. Every operation is
 * checked before anything is printed: an unknown ID, a retraction of a belief with
 * justifications, a value that is not a number in [0,1], or a withdrawal with nothing
 * standing is a usage error (exit 2).
 */
import { buildDependencyIndex } from '../../core/oplog/dependencyIndex.ts';
import { listedStates } from '../../core/oplog/lifecycle.ts';
import { opIdOf } from '../../core/oplog/opId.ts';
import type { OpId, UnsignedOperation } from '../../core/oplog/operation.ts';
import type { UserAction } from '../../core/oplog/userAction.ts';
import { commitAction } from '../../core/session/sessionActions.ts';
import type { AddressedOperation } from '../../core/session/sessionModel.ts';
import { foldSession } from '../../core/session/sessionModel.ts';
import { CliFailure, usageFailure } from '../../node/cliFailure.ts';
import { parseCommandLine } from '../commandLine.ts';
import { checkJson, diagnosticLine, diagnosticText, hasErrors } from '../diagnosticReport.ts';
import { LANGUAGES } from '../../node/inputLanguage.ts';
import { loadDocument, packageOptionsOf } from '../../node/loadDocument.ts';
import { writeStderr, writeStdout } from '../output.ts';
import { GAIA_PACKAGE_OPTIONS } from './gaiaPackageOptions.ts';
import { maxOf, pushAll } from '../../core/largeArrays.ts';

type OpName = 'refute' | 'correct' | 'retract' | 'withdraw';
const OP_NAMES: readonly OpName[] = ['refute', 'correct', 'retract', 'withdraw'];

export interface CascadeJson {
  readonly ops: readonly { readonly op: OpName; readonly target: string; readonly invalidated: readonly string[]; readonly pending_review: readonly string[] }[];
  readonly states: Readonly<Record<string, string>>;
}

/** Takes the operation options out of `args`, in order; the rest goes to the ordinary parser. */
function splitOperations(args: readonly string[]): { ops: { name: OpName; value: string }[]; rest: string[] } {
  const ops: { name: OpName; value: string }[] = [];
  const rest: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--') {
      pushAll(rest, args.slice(i));
      break;
    }
    const m = /^--(refute|correct|retract|withdraw)(?:=(.*))?$/s.exec(arg);
    if (!m) {
      rest.push(arg);
      continue;
    }
    const value = m[2] ?? args[++i];
    if (value === undefined) throw usageFailure(`--${m[1]} needs a value`, 'cascade');
    ops.push({ name: m[1] as OpName, value });
  }
  return { ops, rest };
}

const NUMBER = /^-?(\d+(\.\d+)?|\.\d+)$/;

export async function runCascade(args: readonly string[]): Promise<number> {
  const { ops, rest } = splitOperations(args);
  const cl = parseCommandLine('cascade', rest, { flags: ['json'], values: { lang: LANGUAGES, ...GAIA_PACKAGE_OPTIONS } });
  if (cl.positionals.length !== 1) throw usageFailure('cascade takes exactly one FILE (or - for standard input)', 'cascade');
  if (ops.length === 0) throw usageFailure(`cascade needs at least one operation (${OP_NAMES.map((n) => '--' + n).join(', ')})`, 'cascade');
  // Values are checked before the file is read: a bad number is a usage mistake whatever the document.
  const parsed = ops.map(({ name, value }) => {
    if (name !== 'correct') return { name, target: value, conf: null };
    const eq = value.lastIndexOf('=');
    if (eq <= 0) throw usageFailure(`--correct takes ID=CONF (got ${JSON.stringify(value)})`, 'cascade');
    const text = value.slice(eq + 1);
    const conf = Number(text);
    if (!NUMBER.test(text) || !(conf >= 0 && conf <= 1)) throw usageFailure(`--correct ${value}: ${JSON.stringify(text)} is not a number in [0,1]`, 'cascade');
    return { name, target: value.slice(0, eq), conf };
  });

  const json = cl.flags.has('json');
  const doc = await loadDocument('cascade', cl.positionals[0]!, cl.values.get('lang'), packageOptionsOf(cl.values));
  if (hasErrors([doc])) {
    await writeStdout(json ? JSON.stringify(checkJson([doc])) + '\n' : diagnosticText([doc]));
    return 1;
  }

  // The operations become a log, applied through the session model as the page applies them.
  const index = buildDependencyIndex(doc.analysis.graph);
  const log: AddressedOperation[] = [];
  let model = foldSession(index, log);
  const reports: CascadeJson['ops'][number][] = [];
  const at = new Date().toISOString();
  const append = (body: UnsignedOperation['body']): OpId => {
    const last = log[log.length - 1];
    // Each op gets a real content id (the cause its invalidations name); nothing is signed here.
    const unsigned: UnsignedOperation = { v: 1, session: 'cli', seq: log.length + 1, parent: last?.id ?? null, at, source: 'cli', author: '', body };
    const id = opIdOf(unsigned);
    log.push({ ...unsigned, id });
    return id;
  };
  for (const { name, target, conf } of parsed) {
    const action: UserAction = name === 'correct' ? { kind: name, target, value: conf!, source: 'cli' } : { kind: name, target, source: 'cli' };
    const commit = commitAction(model, action);
    if (!commit.ok) {
      const message = commit.reason === 'unknown-target' ? `${target} is not a belief of ${doc.input.name}` : commit.message;
      throw new CliFailure(`cascade --${name} ${target}: ${message}`);
    }
    const cause = append(commit.body);
    for (const target of commit.invalidated) append({ kind: 'claim_invalidation', target, cause });
    reports.push({ op: name, target: commit.body.target, invalidated: commit.invalidated, pending_review: commit.pendingReview });
    model = foldSession(index, log);
  }

  await writeStderr(doc.analysis.diagnostics.map((d) => diagnosticLine(doc.input.name, d) + '\n').join(''));
  const result: CascadeJson = {
    ops: reports,
    states: listedStates(index, model.states),
  };
  await writeStdout(json ? JSON.stringify(result) + '\n' : cascadeText(result));
  return 0;
}

/** The readable form: one paragraph per operation, then the states. */
export function cascadeText(result: CascadeJson): string {
  const out: string[] = [];
  for (const op of result.ops) {
    out.push(`${op.op} ${op.target}`);
    out.push(`  invalidated:    ${op.invalidated.length ? op.invalidated.join(', ') : 'none'}`);
    out.push(`  pending review: ${op.pending_review.length ? op.pending_review.join(', ') : 'none'}`);
  }
  const ids = Object.keys(result.states);
  const width = maxOf(ids.map((id) => id.length), 2);
  out.push('', 'states:');
  for (const id of ids) out.push(`  ${id.padEnd(width)}  ${result.states[id]}`);
  return out.join('\n') + '\n';
}
