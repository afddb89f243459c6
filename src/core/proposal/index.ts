/**
 * FormalProposal v1: reading, the three DS004 gates, deterministic SMT-LIB2, verdicts,
 * and the intuition loop that runs a solver over it. Pure (no DOM, Node or WebAssembly):
 * solvers come in through the `SmtSolver` interface.
 *
 * Public API — stable; the editor, the solver worker and the CLI build on it:
 *
 * - `parseProposalText(text)` → `{ root: JsonNode | null, diagnostics }`: JSON with the
 *   source range of every value and key. Never throws; malformed JSON is a `syntax`
 *   diagnostic at the offending character, nesting past `MAX_JSON_DEPTH` is
 *   `schema-too-deep`.
 * - `checkProposal(text, { mode? })` → `ProposalCheck`: `proposal` (null unless the
 *   schema gate passed), `mode`, `gate` (the first gate that failed, or null),
 *   `diagnostics` (every gate that ran, sorted), `program` and `smtlib` (null unless
 *   all gates passed), `logic` (declared and emitted), `assertionRanges` (id → range
 *   of the assertion object, for highlighting a core).
 * - `emitSmtlib(proposal, mode)` → `{ smtlib, program, diagnostics, gate }`: registry and
 *   emission gates over an already-read proposal (the benchmark's generated proposals).
 * - `verdictOf(mode, output, stopped?)` → `{ verdict, answer, error }`; `verdictFor(mode, answer)`.
 * - `parseUnsatCore`, `parseModel`, `solverErrors`, `checkSatAnswers`: solver output.
 * - `SmtSolver`, `SolverFactory`: what a solver adapter implements (run text commands
 *   in one live context, interrupt, close).
 * - `prove(text | ProposalCheck, { solver, solverFactory, mode?, intuition?, budgets?,
 *   ranker?, cancel?, onRound?, now? })` → `ProveResult` (docs/contract.md §1.6 object plus
 *   extensions): gates, then the intuition loop (`none` | `hrr` | `hdc`) with push/pop
 *   in one live solver context, budgets (`DEFAULT_BUDGETS`), unsat core and model
 *   mapped to assertion ids. `onRound` reports each round as it ends;
 *   `cancel.cancelled` stops between rounds (interrupt the solver, or end its worker,
 *   to stop the round in flight).
 * - `vsaRanker(strategy)`: the default `RankerFactory` of VSA intuition; `expansionSizes`
 *   the active-set schedule; `assertionText(assertion)` / `goalText(proposal)` the words
 *   a ranker sees.
 * - `PROPOSAL_CODES`: every diagnostic code with its gate.
 * - Worlds: `worldOf` (a world's signed log, read as any session's log → its acceptances and
 *   registry), `checkProposal(text, { world })` (the registry gate against it),
 *   `proveInWorld` (prove plus `status`, `contested_reasons`, the accepted-knowledge
 *   check), `acceptanceRefusal` / `acceptanceBody` (the signed accept action).
 */
export type { JsonNode, JsonObject, JsonArray, JsonMember, ParsedJson } from './jsonSource.ts';
export { parseProposalText, MAX_JSON_DEPTH } from './jsonSource.ts';
export type * from './proposalTypes.ts';
export { PROPOSAL_SCHEMA_VERSION, PROVE_MODES, BUILTIN_SORTS, EXPRESSION_OPS, DECLARATION_KINDS } from './proposalTypes.ts';
export type { Gate, ProposalCode } from './gateDiagnostics.ts';
export { GATES, PROPOSAL_CODES } from './gateDiagnostics.ts';
export type { CheckOptions, ProposalCheck } from './checkProposal.ts';
export { checkProposal, MAX_PROPOSAL_TEXT } from './checkProposal.ts';
export type { SmtProgram, EmittedAssertion } from './emitSmtlib.ts';
export { renderScript, GOAL_NAME } from './emitSmtlib.ts';
export { emitSmtlib } from './emitProposal.ts';
export type { LogicChoice } from './logicFit.ts';
export { IDENTIFIER, INTERNAL_PREFIX, isReservedWord, nameProblem } from './identifiers.ts';
export type { Verdict, SolverAnswer } from './verdict.ts';
export { verdictOf, verdictFor, answerOf } from './verdict.ts';
export type { CheckSatAnswer, ModelEntry, SExpr } from './solverOutput.ts';
export { parseUnsatCore, parseModel, solverErrors, checkSatAnswers, parseSExprs } from './solverOutput.ts';
export type { SmtSolver, SolverFactory, SolverId, SolverNeeds, SolverReply, RunLimits } from './smtSolver.ts';
export { SOLVER_IDS } from './smtSolver.ts';
export type * from './proveTypes.ts';
export { OneShotSession } from './oneShotSession.ts';
export { BUDGET_LIMITS, DEFAULT_BUDGETS, INTUITION_MODES, SOLVING_STYLES, validBudget } from './proveTypes.ts';
export { prove } from './prove.ts';
export { assertionText, goalText } from './assertionText.ts';
export type { RankerFactory, RankItem, ScoreFunction } from './candidateRanking.ts';
export { vsaRanker, BEAM_WIDTH } from './candidateRanking.ts';
export { expansionSizes } from './intuitionLoop.ts';
// Worlds: the registry of accepted proposals, the lifecycle, the world's log.
export type { RegistryEntry, WorldRegistry, Signature } from './worldRegistry.ts';
export { EMPTY_REGISTRY, signatureText, entryText } from './worldRegistry.ts';
export { checkAgainstWorld, comparedName, similarNames, MIN_CONTAINED } from './worldGate.ts';
export type { AcceptanceBody, Acceptance, World } from './worldLog.ts';
export { PROOF_VERDICTS, EMPTY_WORLD, worldOf, proposalHash, acceptanceBody } from './worldLog.ts';
export type { ProposalStatus, ContestedReason } from './proposalStatus.ts';
export { proposalStatus, acceptanceRefusal, worldNamed } from './proposalStatus.ts';
export type { KnowledgeCheck, UnionProposal } from './acceptedKnowledge.ts';
export { checkAcceptedKnowledge, unionProposal } from './acceptedKnowledge.ts';
export type { WorldSource, WorldProveResult, WorldProveOutcome, ProposalInWorld } from './proveInWorld.ts';
export { proveInWorld, readInWorld, statusInWorld } from './proveInWorld.ts';
// The strategy matrix (`warrant evaluate`): solver × solving style × intuition over a folder of proposals.
export type { Strategy, MatrixCase, StrategyRun, ProposalRow, StrategySummary, MatrixReport, MatrixOptions, Agreement } from './strategyMatrix.ts';
export { STRATEGIES, runStrategyMatrix } from './strategyMatrix.ts';
// The page's view of a proposal in its session's world, computed in the validation worker.
export type { ProofOfText, WorldStatusView } from './worldStatusView.ts';
export { worldStatusView, RUN_FIRST } from './worldStatusView.ts';
