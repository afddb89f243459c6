/**
 * The model as a checked transducer on the command line (DS004):
 *   warrant encode TEXT_FILE [--world WORLD_LOG] [--world-id W] [--proposal-id ID] [--budget K] [--out P.json] [--json]
 *   warrant encode --query QUESTION_FILE (--proposal P.json | --world WORLD_LOG) [--proposal-id ID] [--budget K] [--out Q.json] [--json]
 *   warrant answer PROPOSAL [--question TEXT] [--solver z3|cvc5] [--timeout MS] [--json]
 * with the model from --llm-url/--llm-model (or WARRANT_LLM_URL/WARRANT_LLM_MODEL) or a
 * recorded reply (--recorded-reply FILE). `encode` exits 0 for a proposal that passed
 * every gate, 1 for a contested one (never run), 2 for usage; `answer` proves as `prove`
 * does and words the result from the approved evidence only — with Warrant's own anchored
 * sentences when no model is configured.
 */
import { writeFile } from 'node:fs/promises';
import type { SolverId } from '../../core/proposal/index.ts';
import { prove, SOLVER_IDS, worldNamed, worldOf } from '../../core/proposal/index.ts';
import { approvedEvidence } from '../../core/transducer/approvedEvidence.ts';
import type { DecodeOutcome, EncodeOutcome } from '../../core/transducer/transducer.ts';
import { decodeEvidence, encodeText, encodeTextProblem } from '../../core/transducer/transducer.ts';
import type { QueryOutcome, QueryTarget } from '../../core/transducer/queryEncoder.ts';
import { encodeQuery, proposalQueryTarget, questionProblem, worldQueryTarget } from '../../core/transducer/queryEncoder.ts';
import { configuredModel } from '../../node/chatModels.ts';
import { CliFailure, usageFailure } from '../../node/cliFailure.ts';
import { loadDocument } from '../../node/loadDocument.ts';
import { readInput } from '../../node/readInput.ts';
import { proveWithSolvers, timeoutFlag } from '../proveWithSolvers.ts';
import type { CommandLine } from '../commandLine.ts';
import { parseCommandLine } from '../commandLine.ts';
import { LOG_FLAGS, logAllowances } from '../opsFile.ts';
import { openWorldLog } from '../worldLogFile.ts';
import { writeStderr, writeStdout } from '../output.ts';

const MODEL_VALUES = { 'llm-url': null, 'llm-model': null, 'recorded-reply': null, 'llm-timeout': null } as const;
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

function wholeNumber(command: string, flag: string, text: string | undefined, fallback: number, max: number): number {
  if (text === undefined) return fallback;
  if (!/^[0-9]{1,9}$/.test(text) || Number(text) < 1 || Number(text) > max) throw usageFailure(`--${flag} must be a whole number from 1 to ${max} (got ${JSON.stringify(text)})`, command);
  return Number(text);
}

export async function runEncode(args: readonly string[]): Promise<number> {
  const cl = parseCommandLine('encode', args, {
    flags: ['json', ...LOG_FLAGS],
    values: { ...MODEL_VALUES, world: null, 'world-id': null, 'proposal-id': null, 'source-id': null, budget: null, out: null, logic: null, query: null, proposal: null },
  });
  if (cl.values.has('query')) return runEncodeQuery(cl);
  if (cl.values.has('proposal')) throw usageFailure('--proposal names what a question is asked of: give the question with --query QUESTION_FILE', 'encode');
  if (cl.positionals.length !== 1) throw usageFailure('encode takes exactly one TEXT_FILE (or - for standard input)', 'encode');
  const file = cl.positionals[0]!;
  const doc = { input: await readInput(file) };
  const text = doc.input.text;
  const problem = encodeTextProblem(text);
  if (problem) throw new CliFailure(`${doc.input.name}: ${problem}`);
  const worldPath = cl.values.get('world');
  const worldLog = worldPath === undefined ? null : await openWorldLog(worldPath, logAllowances(cl.flags, 'encode', true));
  if (worldPath !== undefined && worldLog === null) throw new CliFailure(`${worldPath}: the world log cannot be trusted, so nothing was encoded against it`);
  const world = worldLog ? worldOf(worldLog.ops, worldLog.session) : null;
  // The proposal belongs to the world it is encoded against: its name, unless the person gives one.
  const ids = {
    worldId: cl.values.get('world-id') ?? (world && worldNamed(world.acceptances)?.worldId) ?? 'world_main',
    proposalId: cl.values.get('proposal-id') ?? 'fp_1',
    sourceId: cl.values.get('source-id') ?? doc.input.name,
  };
  for (const [flag, v] of [
    ['world-id', ids.worldId],
    ['proposal-id', ids.proposalId],
  ] as const)
    if (!IDENTIFIER.test(v)) throw usageFailure(`--${flag} must match [A-Za-z_][A-Za-z0-9_]* (got ${JSON.stringify(v)})`, 'encode');
  const model = await configuredModel(cl.values, process.env, wholeNumber('encode', 'llm-timeout', cl.values.get('llm-timeout'), 120_000, 3_600_000));
  if (!model) throw usageFailure('encode needs a model: --llm-url URL --llm-model NAME (or WARRANT_LLM_URL and WARRANT_LLM_MODEL), or --recorded-reply FILE', 'encode');
  const outcome = await encodeText(model, {
    ...(world ? { world } : {}),
    text,
    worldId: ids.worldId,
    proposalId: ids.proposalId,
    ...(cl.values.get('logic') ? { logic: cl.values.get('logic')! } : {}),
    source: { sourceId: ids.sourceId, span: { start: 0, end: text.length }, createdAt: new Date().toISOString() },
    budget: { topK: wholeNumber('encode', 'budget', cl.values.get('budget'), 40, 100_000) },
  });
  const out = cl.values.get('out');
  if (out && outcome.status === 'proposed' && outcome.proposal_text) await writeFile(out, outcome.proposal_text);
  await writeStdout(cl.flags.has('json') ? `${JSON.stringify(outcome)}\n` : encodeReport(doc.input.name, outcome, out ?? null));
  return outcome.status === 'proposed' ? 0 : 1;
}

/** The ids a proposal written by `encode` carries: `--world-id` and `--proposal-id` when given (checked), else the fallbacks. */
function idFlag(cl: CommandLine, flag: 'world-id' | 'proposal-id', fallback: string): string {
  const v = cl.values.get(flag) ?? fallback;
  if (!IDENTIFIER.test(v)) throw usageFailure(`--${flag} must match [A-Za-z_][A-Za-z0-9_]* (got ${JSON.stringify(v)})`, 'encode');
  return v;
}

/** `encode --query`: a question asked of a proposal (`--proposal`) or a world (`--world`) becomes a query plan over its registry's symbols (queryEncoder.ts). */
async function runEncodeQuery(cl: CommandLine): Promise<number> {
  if (cl.positionals.length !== 0) throw usageFailure('encode --query takes no TEXT_FILE: the question is the file given to --query', 'encode');
  const proposalPath = cl.values.get('proposal');
  const worldPath = cl.values.get('world');
  if ((proposalPath === undefined) === (worldPath === undefined)) throw usageFailure('encode --query needs what the question is asked of: --proposal P.json or --world WORLD (one of them)', 'encode');
  for (const flag of ['logic', 'source-id'] as const) if (cl.values.has(flag)) throw usageFailure(`--${flag} is not taken with --query: the plan keeps the knowledge's own`, 'encode');
  const input = await readInput(cl.values.get('query')!);
  const problem = questionProblem(input.text);
  if (problem) throw new CliFailure(`${input.name}: ${problem}`);
  let target: QueryTarget;
  if (proposalPath !== undefined) {
    if (cl.values.has('world-id')) throw usageFailure("--world-id is not taken with --proposal: the plan keeps the proposal's world", 'encode');
    const base = await readInput(proposalPath);
    const read = proposalQueryTarget(base.text);
    // A proposal with errors is input with errors (exit 1, as `prove` on it), not a usage mistake.
    if (!read.ok) {
      await writeStderr(`${base.name}: ${read.reason}\n`);
      return 1;
    }
    target = read.target;
  } else {
    const log = await openWorldLog(worldPath!, logAllowances(cl.flags, 'encode', true));
    if (log === null) throw new CliFailure(`${worldPath}: the world log cannot be trusted, so no question was asked of it`);
    const world = worldOf(log.ops, log.session);
    const named = idFlag(cl, 'world-id', worldNamed(world.acceptances)?.worldId ?? 'world_main');
    const t = worldQueryTarget(world, named);
    if (!t) throw new CliFailure(`${worldPath}: the world has accepted nothing, so there is nothing to ask`);
    target = t;
  }
  const proposalId = idFlag(cl, 'proposal-id', 'q_1');
  const model = await configuredModel(cl.values, process.env, wholeNumber('encode', 'llm-timeout', cl.values.get('llm-timeout'), 120_000, 3_600_000));
  if (!model) throw usageFailure('encode needs a model: --llm-url URL --llm-model NAME (or WARRANT_LLM_URL and WARRANT_LLM_MODEL), or --recorded-reply FILE', 'encode');
  const outcome = await encodeQuery(model, {
    question: input.text,
    target,
    proposalId,
    source: { sourceId: input.name, span: { start: 0, end: input.text.length }, createdAt: new Date().toISOString() },
    budget: { topK: wholeNumber('encode', 'budget', cl.values.get('budget'), 40, 100_000) },
  });
  const out = cl.values.get('out');
  if (out && outcome.status === 'proposed' && outcome.proposal_text) await writeFile(out, outcome.proposal_text);
  await writeStdout(cl.flags.has('json') ? `${JSON.stringify(outcome)}\n` : queryReport(input.name, outcome, out ?? null));
  return outcome.status === 'proposed' ? 0 : 1;
}

function queryReport(name: string, o: QueryOutcome, out: string | null): string {
  const lines = [`${name}: ${o.status} (${o.model}; asked of ${o.target.kind} ${o.target.name}; ${o.context.symbols.length} registry symbols in the prompt, ${o.context.omitted} left out)`];
  for (const r of new Set(o.reasons.map((r) => `  contested (${r.kind}): ${r.message}`))) lines.push(r);
  if (o.status === 'proposed') {
    lines.push(`  query plan: ${JSON.stringify(o.query_plan)}`);
    lines.push(out ? `  the knowledge with this goal written to ${out} (prove it with warrant prove ${out})` : o.proposal_text!.trimEnd());
  }
  return `${lines.join('\n')}\n`;
}

function encodeReport(name: string, o: EncodeOutcome, out: string | null): string {
  const lines = [`${name}: ${o.status} (${o.model}; ${o.context.symbols.length} registry symbols in the prompt, ${o.context.omitted} left out)`];
  for (const r of new Set(o.reasons.map((r) => `  contested (${r.kind}): ${r.message}`))) lines.push(r);
  if (o.status === 'proposed') lines.push(out ? `  proposal written to ${out}` : o.proposal_text!.trimEnd());
  return `${lines.join('\n')}\n`;
}

export async function runAnswer(args: readonly string[]): Promise<number> {
  const cl = parseCommandLine('answer', args, { flags: ['json'], values: { ...MODEL_VALUES, question: null, solver: SOLVER_IDS, timeout: null } });
  if (cl.positionals.length !== 1) throw usageFailure('answer takes exactly one PROPOSAL file', 'answer');
  const timeoutMs = timeoutFlag('answer', cl.values.get('timeout'));
  const model = await configuredModel(cl.values, process.env, wholeNumber('answer', 'llm-timeout', cl.values.get('llm-timeout'), 120_000, 3_600_000));
  const doc = await loadDocument('answer', cl.positionals[0]!, 'proposal');
  const check = doc.proposal;
  if (!check) throw usageFailure(`answer takes a FormalProposal; ${doc.input.name} is not one`, 'answer');
  const solver = (cl.values.get('solver') ?? 'z3') as SolverId;
  // Proved as `prove` proves (the same solver setup), then worded from the approved evidence.
  const result = await proveWithSolvers({ solver, timeoutMs }, (options) => prove(check, options));
  const gate = result.gate;
  const decoded: DecodeOutcome = await decodeEvidence(gate ? null : model, approvedEvidence(check, result), cl.values.get('question') ?? null);
  if (cl.flags.has('json')) await writeStdout(`${JSON.stringify({ gate, ...decoded })}\n`);
  else {
    const lines = gate ? [`${doc.input.name}: stopped at the ${gate} gate; nothing was proved, so nothing is answered`] : decoded.sentences.map((s) => `${s.text}  [${s.anchors.join(' ')}]`);
    for (const s of decoded.stripped) lines.push(`  stripped: ${JSON.stringify(s.text)} (${s.reason})`);
    if (decoded.reply_problem) lines.push(`  model reply not used: ${decoded.reply_problem}`);
    await writeStdout(`${lines.join('\n')}\n`);
  }
  return gate ? 1 : 0;
}
