/**
 * The tools `warrant mcp` offers an agent: check, infer, explain, cascade, prove, audit
 * and similar. Each takes the document (as text, or a path on the server's machine) and the
 * command's options, calls the function the command itself calls (checkReport,
 * inferReport, …) and returns the JSON `warrant COMMAND --json` prints. The schemas say
 * what a model may send; what they cannot say (text or path, a value for `correct`) is
 * checked here and answered as a tool error.
 */
import { z } from 'zod';
import { LANGUAGES } from '../../node/inputLanguage.ts';
import { INFERENCE_METHODS } from '../../core/infer/inferenceResult.ts';
import type { InferenceMethod } from '../../core/infer/inferenceResult.ts';
import { ACTION_KINDS } from '../../core/oplog/userAction.ts';
import { INTUITION_MODES, PROVE_MODES, SOLVER_IDS } from '../../core/proposal/index.ts';
import type { IntuitionMode, ProveMode, SolverId } from '../../core/proposal/index.ts';
import { SIMILARITY_STRATEGIES } from '../../core/vsa/strategy.ts';
import type { SimilarityStrategy } from '../../core/vsa/strategy.ts';
import { CliFailure } from '../../node/cliFailure.ts';
import type { DocumentArg, PackageOptions } from '../../node/loadDocument.ts';
import { STDIN_NAME } from '../../node/readInput.ts';
import { auditReport } from '../commands/audit.ts';
import { cascadeReport } from '../commands/cascade.ts';
import { checkReport } from '../commands/check.ts';
import { explainReport } from '../commands/explain.ts';
import { inferReport } from '../commands/infer.ts';
import { MAX_TIMEOUT_MS, proveCommandReport } from '../commands/prove.ts';
import { similarReport } from '../commands/similar.ts';
import type { CommandReport } from '../commandReport.ts';
import type { LogAllowances } from '../opsFile.ts';

/** A non-empty tuple, as z.enum wants it. */
const oneOf = <T extends string>(values: readonly T[]) => z.enum(values as [T, ...T[]]);

/** The document, as text or as a path: every tool's first fields. */
const DOCUMENT = {
  text: z.string().optional().describe('The document itself: a CLAIR trace, a Gaia Lang module (Python), a HoloProof FormalProposal (JSON). Give this or path.'),
  path: z.string().optional().describe("A file, or a Gaia package folder, on the server's machine (relative to its working directory), read as the command line reads FILE. Give this or text."),
  language: oneOf(LANGUAGES).optional().describe('The language of the document (the CLI\'s --lang). Default: for text, "clair"; for path, from its extension.'),
  name: z
    .string()
    .optional()
    .describe(`For text: the file name the diagnostics name (default ${JSON.stringify(STDIN_NAME)}, as for standard input).`),
};

/** A Gaia package's identity and dependencies (--namespace, --package, --version, --deps). */
const PACKAGE = {
  namespace: z.string().optional().describe("Gaia: the package's namespace (default: its pyproject.toml, found beside the path or above it)."),
  package: z.string().optional().describe("Gaia: the package's name."),
  version: z.string().optional().describe("Gaia: the package's version."),
  deps: z.string().optional().describe('Gaia: a folder of Gaia package folders the package may import from.'),
};

const document = z.object(DOCUMENT);
const packaged = z.object(PACKAGE);
type DocumentInput = z.infer<typeof document>;

/** The document a tool was given, as the commands take it: a path, or the text as if read from standard input. */
function documentOf(input: DocumentInput): DocumentArg {
  if ((input.text === undefined) === (input.path === undefined)) throw new CliFailure('give the document as text or as path (one of them)');
  if (input.path !== undefined) {
    if (input.name !== undefined) throw new CliFailure('name is for a document given as text; a path names itself');
    return input.path;
  }
  return { name: input.name ?? STDIN_NAME, path: null, text: input.text! };
}

function packageOf(input: z.infer<typeof packaged>): PackageOptions {
  return { namespace: input.namespace, package: input.package, version: input.version, deps: input.deps };
}

/** `allow_headless`, `allow_rollback`: as the CLI's flags, only beside a log to read. */
function logAllowancesOf(input: { ops?: string | undefined; allow_headless?: boolean | undefined; allow_rollback?: boolean | undefined }): LogAllowances {
  if (input.ops === undefined && (input.allow_headless || input.allow_rollback)) throw new CliFailure('allow_headless and allow_rollback are for reading a log (ops)');
  return { allowHeadless: input.allow_headless === true, allowRollback: input.allow_rollback === true };
}

export interface WarrantTool {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly inputSchema: z.ZodRawShape;
  /** The command's report for the tool's arguments (validated against inputSchema). */
  readonly run: (args: Record<string, unknown>) => Promise<CommandReport<unknown>>;
}

/** A tool whose handler gets its arguments typed by its own schema. */
function tool<S extends z.ZodRawShape>(t: { name: string; title: string; description: string; inputSchema: S; run: (args: z.infer<z.ZodObject<S>>) => Promise<CommandReport<unknown>> }): WarrantTool {
  return t as unknown as WarrantTool;
}

const SAME_JSON = (command: string) =>
  `Returns exactly the JSON \`warrant ${command} --json\` prints; a document with errors returns its diagnostics instead ({"files":[…]}, as check does). The exit code the command would have is in _meta["warrant/exit_code"], its stderr lines (warnings) in _meta["warrant/stderr"].`;

export const WARRANT_TOOLS: readonly WarrantTool[] = [
  tool({
    name: 'check',
    title: 'Check a reasoning document',
    description:
      'Parse and validate a CLAIR trace, Gaia Lang module or package, or FormalProposal: every diagnostic with its code, severity, message and place (line, column). Returns exactly the JSON `warrant check --json` prints: {"files":[{"file","language","diagnostics":[{"severity","code","message","line","column","endLine","endColumn",…}]}]}; exit code 1 (in _meta["warrant/exit_code"]) when there is an error.',
    inputSchema: { ...DOCUMENT, ...PACKAGE },
    run: (a) => checkReport({ files: [documentOf(a)], lang: a.language, pkg: packageOf(a) }),
  }),
  tool({
    name: 'infer',
    title: 'Infer beliefs',
    description: `CLAIR: the derived confidence of every belief under the confidence algebra ({"beliefs":[{"id","stated","derived","effective"}]}). Gaia: the posterior belief of every claim, in the shape of Gaia's beliefs.json ({"beliefs":[{"knowledge_id","label","belief"}],"diagnostics",…}). ${SAME_JSON('infer')}`,
    inputSchema: {
      ...DOCUMENT,
      ...PACKAGE,
      method: oneOf(INFERENCE_METHODS).optional().describe('Gaia: the inference method (default auto).'),
      depth: z.number().int().min(-1).optional().describe('Gaia package read from its folder: joint inference with its dependencies N levels deep, -1 all, 0 (default) local only.'),
    },
    run: (a) => inferReport({ file: documentOf(a), lang: a.language, pkg: packageOf(a), method: a.method as InferenceMethod | undefined, depth: a.depth ?? 0 }),
  }),
  tool({
    name: 'explain',
    title: 'Explain why a belief is held',
    description: `The explanation record of one belief: its claim, what it rests on (justifications, evidence, defeaters) step by step, and how its confidence was derived. ${SAME_JSON('explain')}`,
    inputSchema: {
      ...DOCUMENT,
      ...PACKAGE,
      id: z.string().describe('The belief: a CLAIR belief id (b1), a Gaia claim label or full QID.'),
      ops: z.string().optional().describe("A path to the session's operation log (JSON lines), verified and replayed before explaining (the CLI's --ops)."),
      allow_headless: z.boolean().optional().describe('Read an ops log that has no signed head.'),
      allow_rollback: z.boolean().optional().describe('Read an ops log older than a head this machine has seen of its session.'),
    },
    run: (a) => explainReport({ file: documentOf(a), id: a.id, lang: a.language, pkg: packageOf(a), ops: a.ops, allow: logAllowancesOf(a) }),
  }),
  tool({
    name: 'cascade',
    title: 'Preview a cascade',
    description: `Preview what user operations would do to a document, applied in order, without changing anything: for each, the beliefs it invalidates and those left pending review; then every belief's final state. Operations: refute a belief, correct its confidence (value in [0,1]), retract one (it must have no justifications), withdraw one. ${SAME_JSON('cascade')}`,
    inputSchema: {
      ...DOCUMENT,
      ...PACKAGE,
      operations: z
        .array(
          z.object({
            op: oneOf(ACTION_KINDS).describe('refute, correct, retract or withdraw.'),
            target: z.string().describe('The belief id (a Gaia claim label for Gaia).'),
            value: z.number().min(0).max(1).optional().describe('For correct: the new confidence, in [0,1].'),
          }),
        )
        .min(1)
        .describe("The operations, applied left to right (the CLI's --refute ID, --correct ID=CONF, --retract ID, --withdraw ID)."),
    },
    run: (a) => {
      const operations = a.operations.map(({ op, target, value }) => {
        if ((op === 'correct') !== (value !== undefined)) throw new CliFailure(op === 'correct' ? `correct ${target} needs a value in [0,1]` : `${op} ${target} takes no value`);
        return { name: op, target, conf: value ?? null };
      });
      return cascadeReport({ file: documentOf(a), operations, lang: a.language, pkg: packageOf(a) });
    },
  }),
  tool({
    name: 'prove',
    title: 'Prove a FormalProposal',
    description: `Run a HoloProof FormalProposal (JSON) through the three gates (schema, well-formedness, grounding), then through an SMT solver: the verdict (entailed, refuted, consistent, unknown…), the solver's answer, the unsat core or model. Exit code 1 when a gate fails. Returns exactly the JSON \`warrant prove --json\` prints.`,
    inputSchema: {
      ...DOCUMENT,
      solver: oneOf(SOLVER_IDS).optional().describe('z3 (default, built in) or cvc5 (needs its executable).'),
      mode: oneOf(PROVE_MODES).optional().describe("Overrides the proposal's verificationMode."),
      timeout_ms: z.number().int().min(1).max(MAX_TIMEOUT_MS).optional().describe('The solver time budget in milliseconds (default 4000).'),
      intuition: oneOf(INTUITION_MODES).optional().describe('VSA-ranked candidate premises, expanded in steps (default none).'),
    },
    run: (a) =>
      proveCommandReport({
        file: documentOf(a),
        lang: a.language,
        solver: a.solver as SolverId | undefined,
        mode: a.mode as ProveMode | undefined,
        intuition: a.intuition as IntuitionMode | undefined,
        timeoutMs: a.timeout_ms ?? 4000,
      }),
  }),
  tool({
    name: 'audit',
    title: "Audit an answer against a document's contradictions",
    description: `Check an answer (free text, e.g. a model's reply) against the document's open contradictions: each place the answer uses a contradicted claim, whether it carries a caveat or asserts it as settled, then the metrics; exit code 1 when a contradicted claim is asserted without a caveat. The document is the one whose contradictions count (text or path). ${SAME_JSON('audit')}`,
    inputSchema: {
      ...DOCUMENT,
      ...PACKAGE,
      answer: z.string().describe('The answer text to audit.'),
      answer_name: z
        .string()
        .optional()
        .describe(`The answer's name in the result (default ${JSON.stringify(STDIN_NAME)}).`),
      ops: z.string().optional().describe("A path to the session's operation log, whose corrections and resolutions count too (the CLI's --ops)."),
      allow_headless: z.boolean().optional().describe('Read an ops log that has no signed head.'),
      allow_rollback: z.boolean().optional().describe('Read an ops log older than a head this machine has seen of its session.'),
    },
    run: (a) =>
      auditReport({
        answer: { name: a.answer_name ?? STDIN_NAME, path: null, text: a.answer },
        against: documentOf(a),
        lang: a.language,
        pkg: packageOf(a),
        ops: a.ops,
        allow: logAllowancesOf(a),
      }),
  }),
  tool({
    name: 'similar',
    title: 'Find similar beliefs',
    description: `The beliefs most like one belief (left out of its own ranking) or like a free text, ranked by vector-symbolic similarity: HRR cosine (D=1024, default) or binary HDC 1 − Hamming/D (D=10,000). Give id or query. ${SAME_JSON('similar')}`,
    inputSchema: {
      ...DOCUMENT,
      ...PACKAGE,
      id: z.string().optional().describe('A belief: a CLAIR id, a Gaia label or full QID.'),
      query: z.string().optional().describe('Free text to rank the beliefs against.'),
      k: z.number().int().min(1).optional().describe('How many (default 10).'),
      strategy: oneOf(SIMILARITY_STRATEGIES).optional().describe('hrr (default) or hdc.'),
    },
    run: (a) =>
      similarReport({
        file: documentOf(a),
        ...(a.id !== undefined ? { id: a.id } : {}),
        ...(a.query !== undefined ? { query: a.query } : {}),
        ...(a.k !== undefined ? { k: a.k } : {}),
        strategy: a.strategy as SimilarityStrategy | undefined,
        lang: a.language,
        pkg: packageOf(a),
      }),
  }),
];
