/**
 * Mnema sessions from the command line (docs/contract-extensions.md, "Mnema"):
 *   warrant import SOURCE... --log LOG [--source calendar|notes|photos|jsonl]
 *   warrant derive LOG [--derivers RULES.json]... [--no-builtin] [--out LOG2] [--json]
 *   warrant cascade LOG (--refute KEY | --correct KEY=PAYLOAD | --retract OP | --withdraw OP)... [same]
 *   warrant explain LOG (OP_ID | KEY) [--json]
 *   warrant provenance LOG OP_ID --json
 *   warrant calibrate LOG --labels LABELS.json [--json]
 * All of it runs the core (src/core/mnema); this file reads files, signs and prints.
 * Exit 1: a log that fails verification, a deriver file or an evidence file with errors
 * (each with its place; nothing is written). Exit 2: usage.
 */
import { readFileSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { bandOf } from '../../core/graph/confidenceBands.ts';
import { BUILTIN_DERIVERS } from '../../core/mnema/builtinDerivers.ts';
import { calibrate, labelsOfText } from '../../core/mnema/calibration.ts';
import { engineReport } from '../../core/mnema/claimSummary.ts';
import type { Deriver } from '../../core/mnema/deriver.ts';
import type { EngineRun } from '../../core/mnema/derivationEngine.ts';
import { applyUserOp, DerivationSetupError, runDerivation } from '../../core/mnema/derivationEngine.ts';
import { claimNamed, explainClaim, explanationTree, provenanceOf } from '../../core/mnema/explainClaim.ts';
import type { ImportProblem, ImportReading } from '../../core/mnema/importers/evidenceRecord.ts';
import type { EvidenceSource, FolderFile } from '../../core/mnema/importers/evidenceFiles.ts';
import { EVIDENCE_SOURCES, readEvidenceFile, readEvidenceFolder, sourceOfName } from '../../core/mnema/importers/evidenceFiles.ts';
import { importRecords } from '../../core/mnema/importers/knownRecords.ts';
import type { MnemaAction } from '../../core/mnema/mnemaActions.ts';
import { actionBody } from '../../core/mnema/mnemaActions.ts';
import type { MnemaOp } from '../../core/mnema/mnemaBodies.ts';
import type { PendingReview } from '../../core/mnema/mnemaCascade.ts';
import { agreementWith } from '../../core/mnema/reviewList.ts';
import { readRuleTable, ruleDerivers } from '../../core/mnema/ruleTable.ts';
import { MNEMA_EXPORT_FORMATS, MNEMA_EXPORTS } from '../../core/mnema/mnemaExports.ts';
import { CliFailure, usageFailure } from '../../node/cliFailure.ts';
import { readInput } from '../../node/readInput.ts';
import { readCorrectionPayload } from '../../core/mnema/correctionPayload.ts';
import { layersOf } from '../../core/mnema/derivationLayers.ts';
import { statOrNull } from '../../node/statOrNull.ts';
import { parseCommandLine } from '../commandLine.ts';
import { InputFailure, notMember, openMnemaLog, saveMnemaLog, vouchedWhole, writerFor } from '../mnemaLogFile.ts';
import { writeStderr, writeStdout } from '../output.ts';
import type { DeriverSet } from '../derivationMemoFile.ts';
import { deriverFingerprint, keepMemo, memoFor } from '../derivationMemoFile.ts';
import type { EvidenceRecord } from '../../core/mnema/importers/evidenceRecord.ts';
import { pushAll } from '../../core/largeArrays.ts';

/** Runs `body`, turning an input's failure into its messages on stderr and exit 1. */
async function exitOnInput(body: () => Promise<number>): Promise<number> {
  try {
    return await body();
  } catch (e) {
    if (!(e instanceof InputFailure)) throw e;
    await writeStderr(
      e.message
        .split('\n')
        .map((l) => `warrant: ${l}\n`)
        .join(''),
    );
    return 1;
  }
}

/** The files of a folder, sorted, recursively (hidden entries skipped). */
/** Every file under `dir`, its path inside it (the importer orders them and leaves hidden ones out). */
async function filesOf(dir: string, inside = ''): Promise<FolderFile[]> {
  const out: FolderFile[] = [];
  for (const entry of await readdir(join(dir, inside), { withFileTypes: true })) {
    const path = inside === '' ? entry.name : `${inside}/${entry.name}`;
    if (entry.isDirectory()) pushAll(out, await filesOf(dir, path));
    else if (entry.isFile()) out.push({ path, bytes: async () => new Uint8Array(await readFile(join(dir, path))) });
  }
  return out;
}

/** Reads a file, or a folder whole (readEvidenceFolder): as `given` says, else as each file's extension says. */
async function readSource(path: string, given: EvidenceSource | undefined): Promise<ImportReading> {
  const info = await statOrNull(path);
  // An input that cannot be read is an I/O error (exit 2), as for every command; what is read and wrong is a problem (exit 1).
  if (!info) throw new CliFailure(`cannot read ${path}: no such file or folder`);
  const now = new Date().toISOString();
  if (info.isDirectory()) return readEvidenceFolder(path, await filesOf(path), given, now);
  const kind = given ?? sourceOfName(path);
  if (!kind) throw usageFailure(`cannot tell what ${path} is from its name; say --source calendar|notes|photos|jsonl`, 'import');
  return readEvidenceFile(kind, new Uint8Array(await readFile(path)), path, now);
}

export async function runImport(args: readonly string[]): Promise<number> {
  const cl = parseCommandLine('import', args, { flags: ['json'], values: { log: null, source: EVIDENCE_SOURCES } });
  const logPath = cl.values.get('log');
  if (!logPath) throw usageFailure('import needs --log LOG.jsonl (created when absent)', 'import');
  if (cl.positionals.length === 0) throw usageFailure('import takes one or more SOURCE files or folders', 'import');
  return exitOnInput(async () => {
    const log = await openMnemaLog(logPath, { missingOk: true });
    const problems: ImportProblem[] = [];
    const records: EvidenceRecord[] = [];
    for (const path of cl.positionals) {
      const reading = await readSource(path, cl.values.get('source') as EvidenceSource | undefined);
      pushAll(problems, reading.problems);
      pushAll(records, reading.records);
    }
    if (problems.length > 0) throw new InputFailure([...problems.map((p) => `${p.place}: ${p.message}`), 'nothing was imported'].join('\n'));
    const { writer, key } = await writerFor(log);
    const run = importRecords(log.graph, writer, records);
    await saveMnemaLog(logPath, [...log.ops, ...writer.written], log.session, key);
    const bySource = new Map<string, number>();
    for (const op of run.appended) if (op.body.kind === 'evidence') bySource.set(op.body.source, (bySource.get(op.body.source) ?? 0) + 1);
    const already = run.known > 0 ? `; ${run.known} already in the log` : '';
    const replaced = run.replaced > 0 ? `; ${run.replaced} replace an older version (retracted)` : '';
    const deleted = run.deleted > 0 ? `; ${run.deleted} held record(s) deleted at the source (retracted)` : '';
    if (cl.flags.has('json'))
      await writeStdout(
        JSON.stringify({ appended: writer.written.map((op) => op.id), sources: Object.fromEntries(bySource), already: run.known, replaced: run.replaced, deleted: run.deleted }) + '\n',
      );
    else
      await writeStdout(
        `${run.added} evidence record(s) appended to ${logPath}${bySource.size > 0 ? ` (${[...bySource].map(([s, n]) => `${s} ${n}`).join(', ')})` : ''}${already}${replaced}${deleted}\n`,
      );
    return 0;
  });
}

/** `--derivers` may be given several times: taken out before the ordinary parser. */
function takeDerivers(args: readonly string[], command = 'derive'): { files: string[]; rest: string[] } {
  const files: string[] = [];
  const rest: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--derivers') {
      const v = args[++i];
      if (v === undefined) throw usageFailure('--derivers needs a RULES.json file', command);
      files.push(v);
    } else if (a.startsWith('--derivers=')) files.push(a.slice('--derivers='.length));
    else rest.push(a);
  }
  return { files, rest };
}

/** `run`, with derivers that cannot be layered (a cycle among the person's tables) reported as bad input. */
function withDerivers<T>(run: () => T): T {
  try {
    return run();
  } catch (e) {
    if (e instanceof DerivationSetupError) throw new InputFailure(e.message);
    throw e;
  }
}

async function deriversOf(files: readonly string[], builtin: boolean): Promise<readonly Deriver[]> {
  return (await deriverSetOf(files, builtin)).derivers;
}

/** The derivers, with the texts of the tables they came from (what names them for a memo). */
async function deriverSetOf(files: readonly string[], builtin: boolean): Promise<DeriverSet> {
  const out: Deriver[] = builtin ? [...BUILTIN_DERIVERS] : [];
  const tables: string[] = [];
  const problems: string[] = [];
  // Where each deriver came from (a rule of a table), by its place in `out`: a circle between tables is told at its rules.
  const placeOf: (string | null)[] = out.map(() => null);
  for (const f of files) {
    const { text } = await readInput(f);
    const reading = readRuleTable(text);
    tables.push(text);
    if (!reading.ok) for (const p of reading.problems) problems.push(`${f}:${p.line}:${p.column}: ${p.path ? `${p.path}: ` : ''}${p.message}`);
    else {
      reading.table.rules.forEach((rule, i) => placeOf.push(`${f}:${reading.rulePlaces[i]!.line}:${reading.rulePlaces[i]!.column}: rules[${i}] (${rule.claim_type})`));
      out.push(...ruleDerivers(reading.table));
    }
  }
  if (problems.length > 0) throw new InputFailure(problems.join('\n'));
  const layering = layersOf(out);
  if (!layering.ok) {
    const members = layering.cycle ? [...new Set(layering.cycle)].map((j) => placeOf[j]).filter((p): p is string => p !== null) : [];
    throw new InputFailure(
      members.length > 0
        ? ['derivers read each other’s claims in a circle, so no order runs them:', ...members.map((m) => `${m}: reads a claim type another rule of the circle emits`)].join('\n')
        : layering.message,
    );
  }
  return { derivers: out, tables };
}

async function printReport(json: boolean, log: Awaited<ReturnType<typeof openMnemaLog>>, appended: readonly MnemaOp[], pending: readonly PendingReview[]): Promise<void> {
  const report = engineReport(log.graph, appended, pending);
  if (json) {
    await writeStdout(JSON.stringify(report) + '\n');
    return;
  }
  const lines = [`${appended.length} op(s) appended`];
  for (const a of report.appended) lines.push(`  ${a.kind.padEnd(20)} ${a.identity_key ?? ''}${a.confidence !== undefined ? `  ${bandOf(a.confidence)}` : ''}`);
  if (report.pending_review.length > 0) lines.push(`${report.pending_review.length} to review:`, ...report.pending_review.map((p) => `  ${p.identity_key}: ${p.reason}`));
  lines.push('claims:');
  for (const [key, c] of Object.entries(report.claims)) lines.push(`  ${c.state.padEnd(11)} ${c.band.padEnd(11)} ${key}`);
  await writeStdout(lines.join('\n') + '\n');
}

async function deriveAndSave(
  command: string,
  logPath: string,
  rest: readonly string[],
  files: readonly string[],
  act: (log: Awaited<ReturnType<typeof openMnemaLog>>, writer: Awaited<ReturnType<typeof writerFor>>['writer']) => PendingReview[],
): Promise<number> {
  const cl = parseCommandLine(command, rest, { flags: ['json', 'no-builtin'], values: { out: null } });
  return exitOnInput(async () => {
    const set = await deriverSetOf(files, !cl.flags.has('no-builtin'));
    const derivers = set.derivers;
    const log = await openMnemaLog(logPath);
    // A log written elsewhere is derived and cascaded the same; it is written back only by a member.
    const { writer, key, member } = await writerFor(log, false);
    // From the watermark where the last command with these derivers left this file (derivationMemoFile.ts).
    const fingerprint = await deriverFingerprint(set);
    const memo = await memoFor(logPath, fingerprint, log.graph, derivers);
    const pending = act(log, writer);
    // The engine saw every record up to where its memo stands, whether or not it wrote then.
    const seenUpTo = Math.max(lastEngineIndex(log.ops), memo.length);
    const run: EngineRun = withDerivers(() => runDerivation(log.graph, derivers, writer, { seenUpTo, memo }));
    if (!run.fixpoint) await writeStderr(`warrant: derivation stopped after ${run.passes} passes without reaching a fixpoint\n`);
    const out = cl.values.get('out') ?? logPath;
    // A run that appends nothing leaves a vouched log as it is (rewriting 100k ops only re-signs its head).
    const unchanged = writer.written.length === 0 && out === logPath && vouchedWhole(log);
    if (member && !unchanged) await saveMnemaLog(out, [...log.ops, ...writer.written], log.session, key);
    // The memo is of the file that now holds what the run saw.
    if (member || writer.written.length === 0) await keepMemo(member ? out : logPath, fingerprint, memo);
    // Nothing to append is nothing refused: a member-less device reads a finished log quietly.
    if (!member && writer.written.length > 0) await writeStderr(`warrant: ${notMember(log, key.author)}\n`);
    await printReport(cl.flags.has('json'), log, writer.written, [...pending, ...run.pending]);
    return 0;
  });
}

/** The log length after the engine's last write: records after it are new to the engine. */
function lastEngineIndex(ops: readonly MnemaOp[]): number {
  for (let i = ops.length - 1; i >= 0; i--) if (ops[i]!.source === 'engine') return i + 1;
  return 0;
}

export async function runDerive(args: readonly string[]): Promise<number> {
  const { files, rest } = takeDerivers(args);
  const positionals = rest.filter((a, i) => !a.startsWith('-') && rest[i - 1] !== '--out');
  if (positionals.length !== 1) throw usageFailure('derive takes one LOG', 'derive');
  return deriveAndSave('derive', positionals[0]!, rest, files, () => []);
}

const ACTION = /^--(refute|correct|retract|withdraw)(?:=(.*))?$/s;

/** `warrant cascade LOG OP...` for a Mnema log. */
export async function runMnemaCascade(args: readonly string[]): Promise<number> {
  const { files, rest: afterDerivers } = takeDerivers(args);
  const actions: MnemaAction[] = [];
  const rest: string[] = [];
  for (let i = 0; i < afterDerivers.length; i++) {
    const m = ACTION.exec(afterDerivers[i]!);
    if (!m) {
      rest.push(afterDerivers[i]!);
      continue;
    }
    const value = m[2] ?? afterDerivers[++i];
    if (value === undefined) throw usageFailure(`--${m[1]} needs a value`, 'cascade');
    if (m[1] === 'correct') {
      const eq = value.indexOf('=');
      if (eq <= 0) throw usageFailure('--correct takes KEY=PAYLOAD_JSON', 'cascade');
      const read = readCorrectionPayload(value.slice(eq + 1));
      if ('problem' in read) throw usageFailure(`--correct ${value.slice(0, eq)}: ${read.problem}`, 'cascade');
      actions.push({ kind: 'correct', key: value.slice(0, eq), payload: read.payload });
    } else if (m[1] === 'refute') actions.push({ kind: 'refute', key: value });
    else if (m[1] === 'retract') actions.push({ kind: 'retract', evidence: value });
    else actions.push({ kind: 'withdraw', op: value });
  }
  const positionals = rest.filter((a, i) => !a.startsWith('-') && rest[i - 1] !== '--out');
  if (positionals.length !== 1) throw usageFailure('cascade takes one LOG', 'cascade');
  if (actions.length === 0) throw usageFailure('cascade needs at least one of --refute KEY, --correct KEY=PAYLOAD_JSON, --retract OP_ID, --withdraw OP_ID', 'cascade');
  return deriveAndSave('cascade', positionals[0]!, rest, files, (log, writer) => {
    const pending: PendingReview[] = [];
    for (const action of actions) {
      const body = actionBody(log.graph, action);
      if (!body.ok) throw usageFailure(body.message, 'cascade');
      pushAll(pending, applyUserOp(log.graph, writer, body.body, 'cli').pending);
    }
    return pending;
  });
}

/**
 * `warrant explain LOG (OP_ID | KEY) [--json] [--claims-only] [--derivers RULES.json]...
 * [--no-builtin]` for a Mnema log. The derivers are asked only of a corrected claim:
 * whether, on evidence newer than the correction, they now derive the person's value.
 */
export async function runMnemaExplain(args: readonly string[]): Promise<number> {
  const { files, rest } = takeDerivers(args, 'explain');
  const cl = parseCommandLine('explain', rest, { flags: ['json', 'claims-only', 'no-builtin'], values: {} });
  if (cl.positionals.length !== 2) throw usageFailure('explain takes a LOG and a claim (op id or identity key)', 'explain');
  const [path, ref] = cl.positionals as [string, string];
  return exitOnInput(async () => {
    const derivers = await deriversOf(files, !cl.flags.has('no-builtin'));
    const log = await openMnemaLog(path);
    const node = claimNamed(log.graph, ref);
    if (!node) throw usageFailure(`${ref} is neither a claim op nor an identity key of ${log.name}`, 'explain');
    const agreement = withDerivers(() => agreementWith(log.graph, derivers, node.op.body.identity_key));
    const record = explainClaim(log.graph, node, { withoutEvidence: cl.flags.has('claims-only'), agreement });
    await writeStdout(cl.flags.has('json') ? JSON.stringify(record) + '\n' : explanationTree(record, node.op.body.identity_key));
    return 0;
  });
}

export async function runProvenance(args: readonly string[]): Promise<number> {
  const cl = parseCommandLine('provenance', args, { flags: ['json'], values: {} });
  if (cl.positionals.length !== 2) throw usageFailure('provenance takes a LOG and a claim op id', 'provenance');
  const [path, ref] = cl.positionals as [string, string];
  return exitOnInput(async () => {
    const log = await openMnemaLog(path);
    const node = claimNamed(log.graph, ref);
    if (!node) throw usageFailure(`${ref} is not a claim of ${log.name}`, 'provenance');
    const steps = provenanceOf(log.graph, node);
    await writeStdout(
      cl.flags.has('json')
        ? JSON.stringify(steps) + '\n'
        : steps.map((s) => `${'  '.repeat(s.depth - 1)}${s.role}  ${s.op_id}${s.deriver ? `  (${s.deriver.name} ${s.deriver.version})` : ''}`).join('\n') + '\n',
    );
    return 0;
  });
}

export async function runCalibrate(args: readonly string[]): Promise<number> {
  const cl = parseCommandLine('calibrate', args, { flags: ['json'], values: { labels: null } });
  if (cl.positionals.length !== 1) throw usageFailure('calibrate takes one LOG', 'calibrate');
  const labelsPath = cl.values.get('labels');
  if (!labelsPath) throw usageFailure('calibrate needs --labels LABELS.json', 'calibrate');
  return exitOnInput(async () => {
    const log = await openMnemaLog(cl.positionals[0]!);
    const { text } = await readInput(labelsPath);
    const read = labelsOfText(text);
    if ('problem' in read) throw new InputFailure(`${labelsPath}: ${read.problem}`);
    const report = calibrate(log.graph, read.labels);
    if (cl.flags.has('json')) await writeStdout(JSON.stringify(report) + '\n');
    else {
      const rows = report.bands.map(
        (b) =>
          `${b.band.padEnd(12)} ${`${b.range[0].toFixed(2)}–${b.range[1].toFixed(2)}`.padEnd(10)} ${String(b.count).padStart(5)}  ${b.true_fraction === null ? '   —' : b.true_fraction.toFixed(2)}  ${b.count === 0 ? 'empty' : b.pass ? 'pass' : 'FAIL'}`,
      );
      await writeStdout(
        ['band         range      count  true  check', ...rows, `${report.unlabelled.length} claim(s) without a label; ${report.unknown_labels.length} label(s) for no claim`].join('\n') + '\n',
      );
    }
    return report.pass ? 0 : 1;
  });
}

/**
 * `warrant export LOG --to explanations|json|oplog [--out PATH] [--claims-only]
 * [--derivers RULES.json]... [--no-builtin]` for a Mnema log; the derivers as `explain` asks them.
 */
export async function runMnemaExport(args: readonly string[]): Promise<number> {
  const { files, rest } = takeDerivers(args, 'export');
  const cl = parseCommandLine('export', rest, { flags: ['claims-only', 'no-builtin'], values: { to: null, out: null } });
  if (cl.positionals.length !== 1) throw usageFailure('export takes one LOG', 'export');
  const to = cl.values.get('to');
  if (!to || !(MNEMA_EXPORT_FORMATS as readonly string[]).includes(to)) throw usageFailure(`a Mnema log exports --to ${MNEMA_EXPORT_FORMATS.join(', ')}`, 'export');
  return exitOnInput(async () => {
    const derivers = await deriversOf(files, !cl.flags.has('no-builtin'));
    const log = await openMnemaLog(cl.positionals[0]!);
    const text = to === 'oplog' ? readFileSync(cl.positionals[0]!, 'utf8') : withDerivers(() => MNEMA_EXPORTS[to]!(log.graph, { claimsOnly: cl.flags.has('claims-only'), derivers }));
    const out = cl.values.get('out');
    if (out) await writeFile(out, text);
    else await writeStdout(text);
    return 0;
  });
}
