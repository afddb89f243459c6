/**
 * Where the command line finds each source an export format needs (the `needs` of the
 * exporter table's rows): the documents it read, ELK for a picture's positions, the
 * `--ops` log or its device key for a session's log, that log folded over the document
 * for the lifecycle states (as `explain --ops` folds it), Gaia inference for the
 * posteriors. Only the sources a row names are gathered, in the order it names them.
 */
import { basename } from 'node:path';
import type { ExportNeed, ExportSources } from '../core/export/exporterTable.ts';
import { textHash } from '../core/oplog/opId.ts';
import { chainHead, signHead } from '../core/oplog/logHead.ts';
import { appendSigned } from '../core/oplog/signOperation.ts';
import type { Positions } from '../core/layout/layoutTypes.ts';
import { toLayoutInput } from '../core/layout/toLayoutInput.ts';
import { posteriorsByNode } from '../core/infer/posteriorsByNode.ts';
import { NO_STATES, statesOfLog } from '../core/session/sessionStates.ts';
import type { ProveMode } from '../core/proposal/index.ts';
import { checkProposal } from '../core/proposal/index.ts';
import { packageFromModule } from '../core/gaia/package/newPackage.ts';
import { CliFailure } from '../node/cliFailure.ts';
import { loadOrCreateDeviceKey } from './deviceKeyFile.ts';
import { documentExplanations } from './documentExplanations.ts';
import { reintroductionOfLedger } from '../core/contradiction/reintroductionFlag.ts';
import { withGaiaInference } from '../node/gaiaInference.ts';
import type { LoadedDocument } from '../node/loadDocument.ts';
import type { LogAllowances, OpsLog } from './opsFile.ts';
import { readOpsLog } from './opsFile.ts';
import { writeStderr } from './output.ts';
import { STDIN_NAME } from '../node/readInput.ts';

export interface CliExportContext {
  /** `--ops`: a session's log. */
  readonly opsPath?: string | undefined;
  /** `--allow-headless`, `--allow-rollback`: how the log may be read. */
  readonly allow?: LogAllowances;
  /** `--mode`: the proposal's mode for `smtlib`. */
  readonly mode?: ProveMode | undefined;
  /** `--helpers`: draw Gaia's helper claims in a picture (hidden by default, as in the page). */
  readonly showHelpers?: boolean;
}

type SourceMakers = { readonly [N in ExportNeed]: (doc: LoadedDocument, log: () => Promise<OpsLog | null>, context: CliExportContext) => Promise<ExportSources[N]> };

function missing(doc: LoadedDocument, what: string): never {
  throw new Error(`${doc.input.name} has no ${what}`);
}

const CLI_SOURCES: SourceMakers = {
  text: async (doc) => doc.input.text,
  analysis: async ({ analysis: { graph, derived, diagnostics } }) => ({ graph, derived, diagnostics }),
  layout: async (doc, _log, { showHelpers = false }) => {
    // ELK is loaded only when a picture is asked for: it is the heaviest import here.
    const { layoutWithElk } = await import('../elk/layoutWithElk.ts');
    const graph = doc.analysis.graph;
    let positions: Positions = {};
    try {
      // Laid out as the page lays it out: without the helper claims unless they are drawn.
      if (graph.nodes.length > 0) positions = await layoutWithElk(toLayoutInput(graph, { hideHelpers: !showHelpers }));
    } catch (e) {
      // ELK can fail on very large inputs (deep recursion); say so rather than crash.
      throw new CliFailure(`cannot lay out ${doc.input.name} for the picture: ${(e instanceof Error ? e.message : String(e)).split('\n')[0]}`);
    }
    return { positions, title: doc.input.name === STDIN_NAME ? 'Warrant reasoning graph' : basename(doc.input.name), showHelpers };
  },
  states: async (doc, log) => {
    const replayed = await log();
    if (replayed === null) return NO_STATES;
    // Folded as `explain --ops` folds it; ops that do not fit this document are said and left out.
    const { states, skipped } = statesOfLog(doc.analysis.graph, replayed.applied);
    await writeStderr(skipped.map((s) => `warrant: op ${s.op_id} does not apply to ${doc.input.name}, skipped: ${s.message}\n`).join(''));
    return states;
  },
  posteriors: async (doc) => {
    // A package Gaia compiles gets its posteriors as `infer` computes them; otherwise there are none to show.
    if (!doc.gaia?.accepted) return new Map();
    const { result } = withGaiaInference(doc);
    return result && !result.problems.some((p) => p.severity === 'error') ? posteriorsByNode(doc.analysis.graph, result.beliefs) : new Map();
  },
  gaia: async (doc) => doc.gaia ?? missing(doc, 'Gaia compile'),
  // A package folder's own files; a lone module becomes the root of a package of its own.
  files: async (doc) => doc.files ?? packageFromModule(doc.input.name === STDIN_NAME ? 'package.py' : basename(doc.input.name), doc.input.text),
  proposal: async (doc, _log, { mode }) => (mode ? checkProposal(doc.input.text, { mode }) : (doc.proposal ?? missing(doc, 'proposal check'))),
  explanations: async (doc, log) => documentExplanations(doc, (await log())?.applied ?? []),
  // The ledger of the session the `--ops` log opens (none: the document's own contradictions), as `explain` reads it.
  reintroduction: async (doc, log) => reintroductionOfLedger(doc.analysis.graph, documentExplanations(doc, (await log())?.applied ?? []).ledger),
  ops: async (doc, log) => {
    // The log's own head goes out again only where it still describes what goes out.
    const replayed = await log();
    if (replayed !== null) return { ops: replayed.applied, head: replayed.broken ? null : replayed.head };
    // A plain document's log: one revision op, signed with the command line's device key.
    const key = await loadOrCreateDeviceKey();
    const hash = textHash(doc.input.text);
    const revision = appendSigned({ session: `cli-${hash.slice(3, 19)}`, last: null }, { kind: 'revision', text_hash: hash, language: doc.language, length: doc.input.text.length }, key, {
      source: 'cli',
    });
    return { ops: [revision], head: signHead(chainHead(revision, [key.author], key.author, revision.at), key) };
  },
};

/** The sources `needs` names, for one loaded document. */
export async function cliExportSources(needs: readonly ExportNeed[], doc: LoadedDocument, context: CliExportContext): Promise<{ sources: Partial<ExportSources>; logBroken: boolean }> {
  let log: Promise<OpsLog | null> | null = null;
  const readLog = () => (log ??= context.opsPath === undefined ? Promise.resolve(null) : readOpsLog(context.opsPath, context.allow));
  const sources: { -readonly [N in ExportNeed]?: ExportSources[N] } = {};
  for (const need of needs) (sources as Record<ExportNeed, unknown>)[need] = await CLI_SOURCES[need](doc, readLog, context);
  return { sources, logBroken: log !== null && ((await log) as OpsLog | null)?.broken === true };
}
