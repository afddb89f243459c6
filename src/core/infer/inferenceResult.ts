/**
 * What runInference returns: Gaia's beliefs.json shape (so `warrant infer --json` can be
 * diffed with Gaia's file), plus the method that ran and any problems.
 */
import type { InferenceProblem } from './inferenceProblem.ts';
import type { JointDependencyIr } from './jointGraph.ts';

/**
 * The engines. `trw_bp` is Gaia's tree-reweighted BP; `bp` plain loopy BP on the exact
 * engines' tables; `mean_field` Gaia's mean-field (CAVI) engine for large graphs;
 * `loopy_bp` the loopy BP of Gaia's legacy `infer()` function.
 */
export type EngineName = 'exact' | 'jt' | 'bp' | 'trw_bp' | 'mean_field' | 'loopy_bp';
/**
 * `auto` picks as Gaia does: junction tree up to treewidth 20, else TRW-BP; over 2000
 * variables, mean field. `junction_tree` is the legacy `infer()`'s name for `jt`.
 */
export type InferenceMethod = 'auto' | EngineName | 'junction_tree';

/** Every `--method` name, in the order the usage text lists them. */
export const INFERENCE_METHODS: readonly InferenceMethod[] = ['auto', 'exact', 'jt', 'junction_tree', 'bp', 'trw_bp', 'mean_field', 'loopy_bp'];

export interface InferenceOptions {
  readonly method?: InferenceMethod;
  /**
   * Also fill Gaia's bulky diagnostics — belief_history (every sweep for BP),
   * direction_changes and factor_joint_tables — as beliefs.json has them. Off by default:
   * the editor needs the beliefs, not the history.
   */
  readonly fullDiagnostics?: boolean;
  /**
   * Loopy BP settings (defaults: damping 0.5, at most 200 sweeps, threshold 1e-8 on beliefs).
   * Mean field reads maxIterations and threshold too (defaults 500 and 1e-6, as Gaia's).
   */
  readonly damping?: number;
  readonly maxIterations?: number;
  readonly threshold?: number;
  /**
   * Joint inference (`--depth N`): the IRs of the dependencies to merge with the package's
   * own graph (src/core/infer/jointGraph.ts). Absent or empty: local inference.
   */
  readonly dependencies?: readonly JointDependencyIr[];
}

export interface BeliefEntry {
  readonly knowledge_id: string;
  /** The claim's label; null for anonymous helpers (`_anon_000`). */
  readonly label: string | null;
  /** Posterior P(claim is true). */
  readonly belief: number;
}

/** Gaia's pseudo-joint of one factor's variables under the final BP messages. */
export interface FactorJointTable {
  readonly factor_index: number;
  readonly factor_id: string;
  readonly variables: readonly string[];
  readonly rho: number;
  /** Index bit j = variables[j]. */
  readonly probabilities: readonly number[];
}

export interface InferenceDiagnostics {
  /** The engine that ran (after `auto` chose). */
  readonly method: EngineName;
  readonly converged: boolean;
  /** Sweeps for BP; 2 (collect, distribute) for the junction tree; 0 for enumeration. */
  readonly iterations_run: number;
  readonly max_change_at_stop: number;
  readonly rho: number;
  /** The junction tree's treewidth; null for the other engines, as in Gaia's file. */
  readonly treewidth: number | null;
  /** With fullDiagnostics: beliefs per variable, initial then per sweep (one entry for exact engines). */
  readonly belief_history?: Readonly<Record<string, readonly number[]>>;
  /** With fullDiagnostics: how often each variable's belief reversed direction (BP only; else empty). */
  readonly direction_changes?: Readonly<Record<string, number>>;
  /** With fullDiagnostics: BP's factor pseudo-joints (empty for exact engines). */
  readonly factor_joint_tables?: readonly FactorJointTable[];
}

export interface InferenceResult {
  /** Every claim Gaia lists (helpers included), sorted by knowledge_id; empty when inference failed. */
  readonly beliefs: readonly BeliefEntry[];
  readonly diagnostics: InferenceDiagnostics;
  /** Errors (then `beliefs` is empty) and warnings. */
  readonly problems: readonly InferenceProblem[];
  /** The IR's hash, as beliefs.json records it, when the IR has one. */
  readonly ir_hash?: string;
}
