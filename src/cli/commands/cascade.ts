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
import type { OperationBody, OperationSource, UnsignedOperation } from '../../core/oplog/operation.ts';
import { ACTION_KINDS } from '../../core/oplog/userAction.ts';
import type { ActionKind, UserAction } from '../../core/oplog/userAction.ts';
import { followingBodies } from '../../core/session/opPlan.ts';
import type { AddressedOperation } from '../../core/session/sessionModel.ts';
import type { PosteriorMove } from '../../core/session/whatIfPrior.ts';
import { CliFailure, usageFailure } from '../../node/cliFailure.ts';
import { parseCommandLine } from '../commandLine.ts';
import { namesMnemaLog } from '../mnemaLogFile.ts';
import type { CommandReport } from '../commandReport.ts';
import { writeReport } from '../commandReport.ts';
import type { CheckJson } from '../diagnosticReport.ts';
import { checkJson, diagnosticLine, diagnosticText, hasErrors } from '../diagnosticReport.ts';
import { documentSession } from '../documentSession.ts';
import { LANGUAGES } from '../../node/inputLanguage.ts';
import { loadDocument, packageOptionsOf } from '../../node/loadDocument.ts';
import type { DocumentArg, PackageOptions } from '../../node/loadDocument.ts';
import { GAIA_PACKAGE_OPTIONS } from './gaiaPackageOptions.ts';
import { maxOf, pushAll } from '../../core/largeArrays.ts';
import type { ReintroductionFlag } from '../../core/contradiction/reintroductionFlag.ts';
import { reintroductionOfEntries } from '../../core/contradiction/reintroductionFlag.ts';

type OpName = ActionKind;
const OPTION = new RegExp(`^--(${ACTION_KINDS.join('|')})(?:=(.*))?$`, 's');

export interface CascadeJson {
  readonly ops: readonly {
    readonly op: OpName;
    readonly target: string;
    readonly invalidated: readonly string[];
    readonly pending_review: readonly string[];
    /** Gaia (an extension): how each posterior would move under this op's prior alone, by claim. */
    readonly posteriors?: Readonly<Record<string, PosteriorMove>>;
  }[];
  readonly states: Readonly<Record<string, string>>;
  /**
   * An extension (docs/contract.md §3): the beliefs of `states` on an open contradiction
   * after the ops, each with its flag and caveat; absent when there are none (every other
   * belief is `reintroduced_claim: false`).
   */
  readonly reintroduction?: Readonly<Record<string, ReintroductionFlag>>;
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
    const m = OPTION.exec(arg);
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
  // A Mnema session's log is a FILE too: its own command (commands/mnema.ts).
  if (await namesMnemaLog(args)) return (await import('./mnema.ts')).runMnemaCascade(args);
  const { ops, rest } = splitOperations(args);
  const cl = parseCommandLine('cascade', rest, { flags: ['json'], values: { lang: LANGUAGES, ...GAIA_PACKAGE_OPTIONS } });
  if (cl.positionals.length !== 1) throw usageFailure('cascade takes exactly one FILE (or - for standard input)', 'cascade');
  if (ops.length === 0) throw usageFailure(`cascade needs at least one operation (${ACTION_KINDS.map((n) => '--' + n).join(', ')})`, 'cascade');
  // Values are checked before the file is read: a bad number is a usage mistake whatever the document.
  const parsed = ops.map(({ name, value }): CascadeOperation => {
    if (name !== 'correct') return { name, target: value, conf: null };
    const eq = value.lastIndexOf('=');
    if (eq <= 0) throw usageFailure(`--correct takes ID=CONF (got ${JSON.stringify(value)})`, 'cascade');
    const text = value.slice(eq + 1);
    const conf = Number(text);
    if (!NUMBER.test(text) || !(conf >= 0 && conf <= 1)) throw usageFailure(`--correct ${value}: ${JSON.stringify(text)} is not a number in [0,1]`, 'cascade');
    return { name, target: value.slice(0, eq), conf };
  });

  const report = await cascadeReport({ file: cl.positionals[0]!, operations: parsed, lang: cl.values.get('lang'), pkg: packageOptionsOf(cl.values) });
  return writeReport(report, cl.flags.has('json'));
}

/** One operation of a cascade: `conf` is `--correct`'s value, in [0,1] (null for the others). */
export interface CascadeOperation {
  readonly name: OpName;
  readonly target: string;
  readonly conf: number | null;
}

export interface CascadeRequest {
  readonly file: DocumentArg;
  readonly operations: readonly CascadeOperation[];
  readonly lang?: string | undefined;
  readonly pkg?: PackageOptions;
}

/** Each operation's cascade, then every belief's final state (docs/contract.md §1.3); a document with errors: its diagnostics, exit 1. */
export async function cascadeReport(request: CascadeRequest): Promise<CommandReport<CascadeJson | CheckJson>> {
  const doc = await loadDocument('cascade', request.file, request.lang, request.pkg);
  if (hasErrors([doc])) return { exitCode: 1, json: checkJson([doc]), text: () => diagnosticText([doc]), notes: '' };

  // The operations go through the session the page's worker runs: each previewed, then
  // committed as previewed, its ops addressed (nothing is signed here).
  const { live, version, ref } = documentSession(doc);
  const at = new Date().toISOString();
  const address = (body: OperationBody, source: OperationSource): AddressedOperation => {
    const last = live.log[live.log.length - 1];
    const seq = (last?.seq ?? 0) + 1;
    const unsigned: UnsignedOperation = { v: 1, session: 'cli', seq, parent: last?.id ?? null, at, source, author: '', body };
    return { ...unsigned, id: opIdOf(unsigned) };
  };
  const reports: CascadeJson['ops'][number][] = [];
  const gaia = doc.gaia?.accepted === true;
  for (const [i, { name, target, conf }] of request.operations.entries()) {
    const action: UserAction = name === 'correct' ? { kind: name, target, value: conf!, source: 'cli' } : { kind: name, target, source: 'cli' };
    const preview = live.dispatch({ version, log: ref(), action: { kind: 'preview', id: i, action } }).preview!;
    if (!preview.plan) {
      const unknown = preview.refusal?.endsWith('is not a belief of this document');
      throw new CliFailure(`cascade --${name} ${target}: ${unknown ? `${target} is not a belief of ${doc.input.name}` : preview.refusal}`);
    }
    const lead = address(preview.plan.lead, 'cli');
    const ops: AddressedOperation[] = [lead];
    for (const body of followingBodies(preview.plan, lead.id)) {
      const tip = ops[ops.length - 1]!;
      const unsigned: UnsignedOperation = { v: 1, session: 'cli', seq: tip.seq + 1, parent: tip.id, at, source: 'engine', author: '', body };
      ops.push({ ...unsigned, id: opIdOf(unsigned) });
    }
    const committed = live.dispatch({ version, log: ref(), action: { kind: 'commit', id: i, action, ops } });
    if (!committed.ok) throw new CliFailure(`cascade --${name} ${target}: ${committed.notice}`);
    const moved = gaia && (name === 'refute' || name === 'correct') ? { posteriors: rounded(preview.changed) } : {};
    reports.push({ op: name, target: 'target' in preview.plan.lead ? preview.plan.lead.target : target, invalidated: preview.invalidated, pending_review: preview.pendingReview, ...moved });
  }

  const index = buildDependencyIndex(doc.analysis.graph);
  const projection = live.projection(version)!;
  const states = listedStates(index, new Map(Object.entries(projection.states)));
  const flags = reintroductionOfEntries(doc.analysis.graph, projection.contradictions);
  const result: CascadeJson = {
    ops: reports,
    states,
    ...(flags.contradicted.size > 0 ? { reintroduction: Object.fromEntries(Object.keys(states).flatMap((id) => (flags.contradicted.has(id) ? [[id, flags.flagOf(id)]] : []))) } : {}),
  };
  const notes = doc.analysis.diagnostics.map((d) => diagnosticLine(doc.input.name, d) + '\n').join('');
  return { exitCode: 0, json: result, text: () => cascadeText(result), notes };
}

/** The readable form: one paragraph per operation, then the states. */
export function cascadeText(result: CascadeJson): string {
  const out: string[] = [];
  for (const op of result.ops) {
    out.push(`${op.op} ${op.target}`);
    out.push(`  invalidated:    ${op.invalidated.length ? op.invalidated.join(', ') : 'none'}`);
    out.push(`  pending review: ${op.pending_review.length ? op.pending_review.join(', ') : 'none'}`);
    if (op.posteriors)
      out.push(
        `  posteriors:     ${
          Object.keys(op.posteriors).length
            ? Object.entries(op.posteriors)
                .map(([id, m]) => `${id} ${m.before.toFixed(3)} → ${m.after.toFixed(3)}`)
                .join(', ')
            : 'none move'
        }`,
      );
  }
  const ids = Object.keys(result.states);
  const width = maxOf(
    ids.map((id) => id.length),
    2,
  );
  out.push('', 'states:');
  for (const id of ids) {
    const caveat = result.reintroduction?.[id]?.caveat;
    out.push(`  ${id.padEnd(width)}  ${result.states[id]}${caveat ? `  ⚠ ${caveat}` : ''}`);
  }
  return out.join('\n') + '\n';
}

/** Posterior moves by claim (a Gaia node's id is its label), to six places. */
function rounded(moves: Readonly<Record<string, PosteriorMove>>): Record<string, PosteriorMove> {
  const round = (x: number): number => Number(x.toFixed(6));
  const out: Record<string, PosteriorMove> = {};
  for (const [id, m] of Object.entries(moves)) out[id] = { before: round(m.before), after: round(m.after) };
  return out;
}
