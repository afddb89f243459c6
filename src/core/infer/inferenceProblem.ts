/**
 * What inference reports instead of throwing: bad input (an IR Gaia's own lowering would
 * refuse, evidence no assignment can satisfy, too many variables for enumeration) is data
 * the CLI prints and the page shows, never an exception escaping the core.
 */
export type InferenceProblemCode =
  /** Gaia's lowering would refuse this IR (conflicting priors, a malformed strategy, …). */
  | 'lowering'
  /** Every assignment has zero weight: the hard evidence and constraints contradict each other. */
  | 'inconsistent-evidence'
  /** `exact` was asked for more variables than enumeration handles. */
  | 'too-many-variables'
  /** An associate strategy with no prior on either endpoint: Gaia's local MaxEnt closure is used. */
  | 'associate-maxent-closure'
  /** Joint inference (`--depth N`): the merged graph carries no hard evidence, as Gaia's merge does. */
  | 'joint-evidence-dropped'
  /** `auto` chose mean field (over 2000 variables): an approximation, as Gaia warns. */
  | 'mean-field-fallback';

export interface InferenceProblem {
  readonly severity: 'error' | 'warning';
  readonly code: InferenceProblemCode;
  readonly message: string;
  /**
   * The IR objects the problem comes from, most responsible first: strategy ids
   * (`lcs_…`), operator ids (`lco_…`) and knowledge QIDs. inferenceDiagnostics.ts turns
   * the first one the package's graph knows into the diagnostic's source range. Absent
   * when no single object is to blame (evidence contradicting itself across the graph).
   */
  readonly subjects?: readonly string[];
}

/** Thrown inside lowering and the engines, caught by runInference and turned into a problem. */
export class InferenceError extends Error {
  constructor(
    readonly code: InferenceProblemCode,
    message: string,
    /** See InferenceProblem.subjects; lowering adds the strategy or operator being lowered. */
    readonly subjects: readonly string[] = [],
  ) {
    super(message);
    this.name = 'InferenceError';
  }
}
