/** The samples shipped in public/samples, offered by the samples menu. */
export interface Sample {
  readonly file: string;
  readonly title: string;
  readonly summary: string;
}

export const SAMPLES: readonly Sample[] = [
  { file: 'route-planning.clair', title: 'Choosing a shortest-path algorithm', summary: 'alternatives ranked by confidence, a condition to reconsider' },
  { file: 'flaky-test.clair', title: 'Debugging a flaky test', summary: 'evidence from logs and files converging on a cause' },
  { file: 'car-wont-start.clair', title: 'Diagnosing a car that will not start', summary: 'competing hypotheses and a meta-belief about the diagnosis' },
  { file: 'self-assessment.clair', title: 'Beliefs about beliefs', summary: 'levels and the Löb discount, within bounds' },
  { file: 'with-errors.clair', title: 'A trace with mistakes', summary: 'one of each common error, to try the quick fixes' },
  { file: 'migraine_evidence.py', title: 'Gaia: does magnesium prevent migraines?', summary: 'an evidence package: priors, observations, Bayesian updates, conflicts' },
  { file: 'pendulum_period.py', title: 'Gaia: does a heavier bob swing slower?', summary: 'a physics thought experiment: derivations, equalities, a decomposition' },
  { file: 'release-readiness.json', title: 'Proposal: may build rc7 ship?', summary: 'FormalProposal, entailment: a release rule, its checks, an unsat core' },
  { file: 'review-slot.json', title: 'Proposal: a slot for the design review', summary: 'FormalProposal, model finding: integer times, a model that fits the calendar' },
  { file: 'spring-routines.mnema', title: 'Mnema: one person’s spring, derived', summary: 'a calendar, notes and photos: routines, places, people and preferences, each explained' },
  { file: 'vpn-policy-clash.json', title: 'Proposal: do the VPN rules agree?', summary: 'FormalProposal, consistency: two rules that clash for a remote contractor' },
];

export const DEFAULT_SAMPLE = SAMPLES[0]!;

export async function fetchSample(file: string): Promise<string> {
  const res = await fetch(`${import.meta.env.BASE_URL}samples/${file}`);
  if (!res.ok) throw new Error(`could not load the sample ${file} (${res.status})`);
  return res.text();
}
