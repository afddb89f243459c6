/**
 * The `warrant` command line: picks the command, runs it, and turns every failure into
 * an exit code and a message — never a stack trace. Commands are imported on demand,
 * so `check` does not pay for ELK or the benchmark.
 */
import type { Hash } from 'node:crypto';
import { createRequire } from 'node:module';
import { useSha256Backend } from '../core/gaia/text/sha256Hex.ts';
import { CliFailure } from '../node/cliFailure.ts';
import { writeStderr, writeStdout } from './output.ts';
import { packageVersion } from './packageVersion.ts';
import { COMMAND_USAGE, USAGE } from './usage.ts';

type Command = (args: readonly string[]) => Promise<number>;

const COMMANDS: Readonly<Record<string, () => Promise<Command>>> = {
  check: async () => (await import('./commands/check.ts')).runCheck,
  infer: async () => (await import('./commands/infer.ts')).runInfer,
  export: async () => (await import('./commands/export.ts')).runExport,
  cascade: async () => (await import('./commands/cascade.ts')).runCascade,
  explain: async () => (await import('./commands/explain.ts')).runExplain,
  bench: async () => (await import('./commands/bench.ts')).runBenchCommand,
  prove: async () => (await import('./commands/prove.ts')).runProve,
  similar: async () => (await import('./commands/similar.ts')).runSimilar,
  audit: async () => (await import('./commands/audit.ts')).runAudit,
  lsp: async () => (await import('./commands/lsp.ts')).runLsp,
  mcp: async () => (await import('./commands/mcp.ts')).runMcp,
  share: async () => (await import('./commands/share.ts')).runShare,
  serve: async () => (await import('./commands/serve.ts')).runServe,
  token: async () => (await import('./commands/token.ts')).runToken,
  pull: async () => (await import('./commands/room.ts')).runPull,
  push: async () => (await import('./commands/room.ts')).runPush,
  import: async () => (await import('./commands/mnema.ts')).runImport,
  derive: async () => (await import('./commands/mnema.ts')).runDerive,
  provenance: async () => (await import('./commands/mnema.ts')).runProvenance,
  calibrate: async () => (await import('./commands/mnema.ts')).runCalibrate,
  encode: async () => (await import('./commands/transduce.ts')).runEncode,
  answer: async () => (await import('./commands/transduce.ts')).runAnswer,
  review: async () => (await import('./commands/review.ts')).runReview,
  merge: async () => (await import('./commands/merge.ts')).runMerge,
  world: async () => (await import('./commands/world.ts')).runWorld,
  evaluate: async () => (await import('./commands/evaluate.ts')).runEvaluate,
};

/** In the contract, not built yet. */
const NOT_YET = new Set<string>();

export async function runCli(argv: readonly string[]): Promise<number> {
  // Gaia ids and hashes through Node's native SHA-256: a short-lived process never warms up a JavaScript one.
  useSha256Backend(nativeSha256Hex);
  try {
    return await dispatch(argv);
  } catch (e) {
    return report(e);
  }
}

let createHash: ((algorithm: string) => Hash) | null = null;

/** node:crypto is loaded at the first hash: it brings Node's streams with it, which a CLAIR command never needs. */
function nativeSha256Hex(text: string): string {
  createHash ??= (createRequire(import.meta.url)('node:crypto') as typeof import('node:crypto')).createHash;
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

async function dispatch(argv: readonly string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined) {
    await writeStderr(USAGE);
    return 2;
  }
  if (name === 'help' || name === '--help' || name === '-h') {
    await writeStdout(USAGE);
    return 0;
  }
  if (name === '--version' || name === '-V') {
    await writeStdout(`warrant ${await packageVersion()}\n`);
    return 0;
  }
  if (NOT_YET.has(name)) {
    throw new CliFailure(`the ${name} command is not available in this version yet (usage will be: ${COMMAND_USAGE[name]})`);
  }
  const load = COMMANDS[name];
  if (!load) {
    throw new CliFailure(name.startsWith('-') ? `unknown option ${name}` : `unknown command ${JSON.stringify(name)}`, '*');
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    await writeStdout(`usage: ${COMMAND_USAGE[name]}\n\n${USAGE}`);
    return 0;
  }
  return (await load())(rest);
}

async function report(e: unknown): Promise<number> {
  if (e instanceof CliFailure) {
    let text = `warrant: ${e.message}\n`;
    if (e.usageOf === '*') text += `\n${USAGE}`;
    else if (e.usageOf !== null) text += `usage: ${COMMAND_USAGE[e.usageOf] ?? e.usageOf}\nRun 'warrant help' for all commands.\n`;
    await writeStderr(text);
    return 2;
  }
  // A bug of ours, not bad input: say so in one line; WARRANT_DEBUG=1 shows the stack.
  const message = e instanceof Error ? e.message : String(e);
  await writeStderr(`warrant: internal error: ${message.split('\n')[0]}\n`);
  if (process.env.WARRANT_DEBUG && e instanceof Error && e.stack) await writeStderr(e.stack + '\n');
  return 2;
}
