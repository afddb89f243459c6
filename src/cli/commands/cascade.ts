/**
 * `warrant cascade FILE OP... [--json]` (docs/contract.md §1.3): applies user operations left
 * to right — `--refute ID`, `--correct ID=CONF`, `--retract ID`, `--withdraw ID` — and
 * reports each one's cascade and the final state of every belief. Every operation is
 * checked before anything is printed: an unknown ID, a retraction of a belief with
 * justifications, a value that is not a number in [0,1], or a withdrawal with nothing
 * standing is a usage error (exit 2).
 */
import type { CascadeReport, CascadeTrigger } from '../../core/oplog/cascade.ts';
import { applyOperation, openCascadeSession } from '../../core/oplog/cascade.ts';
import { buildDependencyIndex, resolveTarget } from '../../core/oplog/dependencyIndex.ts';
import { listedStates } from '../../core/oplog/lifecycle.ts';
import { opIdOf } from '../../core/oplog/opId.ts';
import type { OperationBody, OpId, UnsignedOperation } from '../../core/oplog/operation.ts';
import { CliFailure, usageFailure } from '../cliFailure.ts';
import { parseCommandLine } from '../commandLine.ts';
import { checkJson, diagnosticLine, diagnosticText, hasErrors } from '../diagnosticReport.ts';
import { LANGUAGES } from '../inputLanguage.ts';
import { loadDocument, packageOptionsOf } from '../loadDocument.ts';
import { writeStderr, writeStdout } from '../output.ts';
import { GAIA_PACKAGE_OPTIONS } from './gaiaPackageOptions.ts';

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
      rest.push(...args.slice(i));
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

  const index = buildDependencyIndex(doc.analysis.graph);
  const session = openCascadeSession(index);
  const reports: CascadeReport[] = [];
  let parent: OpId | null = null;
  const at = new Date().toISOString();
  for (let i = 0; i < parsed.length; i++) {
    const { name, target, conf } = parsed[i]!;
    const node = resolveTarget(index, target);
    if (node === null) throw new CliFailure(`cascade --${name} ${target}: ${target} is not a belief of ${doc.input.name}`);
    let body: OperationBody;
    switch (name) {
      case 'refute':
        body = { kind: 'claim_refutation', target: node, revision: null };
        break;
      case 'retract':
        body = { kind: 'evidence_retraction', target: node, revision: null };
        break;
      case 'correct':
        body = { kind: 'claim_correction', target: node, value: conf!, revision: null };
        break;
      case 'withdraw': {
        const standing = session.standing.get(node);
        if (!standing) throw new CliFailure(`cascade --withdraw ${target}: nothing (no refutation, correction or retraction) stands on ${target}`);
        body = { kind: 'withdrawal', target: node, withdraws: standing.id };
        break;
      }
    }
    // Each op gets a real content id (the cause its invalidations name); nothing is signed here.
    const unsigned: UnsignedOperation = { v: 1, session: 'cli', seq: i + 1, parent, at, source: 'cli', author: '', body };
    const trigger = { id: opIdOf(unsigned), body } as CascadeTrigger;
    parent = trigger.id;
    const outcome = applyOperation(session, trigger);
    if (!outcome.ok) throw new CliFailure(`cascade --${name} ${target}: ${outcome.message}`);
    reports.push(outcome.report);
  }

  await writeStderr(doc.analysis.diagnostics.map((d) => diagnosticLine(doc.input.name, d) + '\n').join(''));
  const result: CascadeJson = {
    ops: reports.map((r) => ({ op: r.op, target: r.target, invalidated: r.invalidated, pending_review: r.pending_review })),
    states: listedStates(index, session.states),
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
  const width = Math.max(2, ...ids.map((id) => id.length));
  out.push('', 'states:');
  for (const id of ids) out.push(`  ${id.padEnd(width)}  ${result.states[id]}`);
  return out.join('\n') + '\n';
}
