/**
 * Gaia's own inference engine (SiliconEinstein/Gaia, Python 3.11, numpy 2.3), timed
 * in-process on this machine kind on 2026-11-22: `lower_local_graph` + `InferenceEngine.run`
 * on the ir.json Gaia compiled from the same package text, median of 20–30 runs (3 for
 * the large ones, 1 for TRW-BP). Gaia cannot run inside this suite (it is Python and not
 * a dependency), so its figures are recorded here; the junction-tree rows show them as
 * the reference, and the loopy-BP rows compare with a naive engine measured in the same run.
 */
export interface GaiaReferenceTime {
  readonly ms: number;
  readonly method: string;
  readonly variables: number;
}

export const GAIA_REFERENCE_MS: Readonly<Record<string, GaiaReferenceTime>> = {
  galileo: { ms: 1.35, method: 'jt', variables: 16 },
  'generated 24 claims': { ms: 6.55, method: 'jt', variables: 47 },
  'generated 50 claims': { ms: 27.3, method: 'jt', variables: 108 },
  'generated 200 claims': { ms: 352.5, method: 'jt', variables: 414 },
  'generated 1000 claims': { ms: 8691, method: 'jt', variables: 2043 },
  // InferenceEngine.run(graph, method='mean_field') alone (lowering not timed), one run, 2026-11-29.
  'generated 2475 claims': { ms: 5379, method: 'mean_field', variables: 5017 },
};
