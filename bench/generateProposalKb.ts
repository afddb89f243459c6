/**
 * Generated FormalProposal knowledge bases for the DS004 benchmark and the intuition
 * tests: a goal derivable through a short chain of rules, hidden among many distractor
 * facts and rules. Deterministic (seeded), so every run and machine sees the same KB.
 *
 * The chain: `fact_chain_0: c0(t)`, then `ax_chain_i: ∀x c(i-1)(x) ⇒ ci(x)` up to the
 * goal `cL(t)`. Distractors use their own predicates `q*`: facts `q(e)` (a third of them
 * about the goal's constant `t`, so they look relevant) and rules `∀x qi(x) ⇒ qj(x)`.
 * No distractor can derive a chain predicate, so the goal is entailed exactly when the
 * chain is whole; `entailed: false` drops the chain's first fact, and then only the
 * whole knowledge base can show that the goal does not follow.
 */
import { mulberry32 } from './seededRandom.ts';

export interface GeneratedKb {
  /** The FormalProposal document (JSON text). */
  readonly text: string;
  readonly assertions: number;
  /** Ids of the assertions the goal's proof needs (empty when it is not entailed). */
  readonly proofIds: readonly string[];
  readonly entailed: boolean;
}

export interface KbOptions {
  /** Total number of assertions. */
  readonly size: number;
  /** Rules in the chain (the goal is this many steps from the base fact). */
  readonly chainLength?: number;
  readonly entailed?: boolean;
  readonly seed?: number;
}

export function generateProposalKb(options: KbOptions): GeneratedKb {
  const chainLength = options.chainLength ?? 3;
  const entailed = options.entailed ?? true;
  const rand = mulberry32(options.seed ?? 0x5eed);
  const pick = (n: number): number => Math.floor(rand() * n);
  const distractorCount = Math.max(0, options.size - chainLength - 1);
  const constants = Math.max(8, Math.ceil(options.size / 5));
  const predicates = Math.max(8, Math.ceil(options.size / 10));

  const declarations: object[] = [
    { kind: 'sort', name: 'Entity' },
    { kind: 'const', name: 't', resultSort: 'Entity' },
  ];
  for (let i = 0; i < constants; i++) declarations.push({ kind: 'const', name: `e${i}`, resultSort: 'Entity' });
  for (let i = 0; i <= chainLength; i++) declarations.push({ kind: 'predicate', name: `c${i}`, argSorts: ['Entity'], resultSort: 'Bool' });
  for (let i = 0; i < predicates; i++) declarations.push({ kind: 'predicate', name: `q${i}`, argSorts: ['Entity'], resultSort: 'Bool' });

  const call = (p: string, arg: object): object => ({ op: 'call', symbol: p, args: [arg] });
  const constant = (name: string): object => ({ op: 'const', name });
  const rule = (from: string, to: string): object => ({
    op: 'forall',
    vars: [{ name: 'x', sort: 'Entity' }],
    body: { op: '=>', args: [call(from, { op: 'var', name: 'x' }), call(to, { op: 'var', name: 'x' })] },
  });

  const chain: { assertionId: string; role: string; expr: object }[] = [];
  if (entailed) chain.push({ assertionId: 'fact_chain_0', role: 'fact', expr: call('c0', constant('t')) });
  for (let i = 1; i <= chainLength; i++) chain.push({ assertionId: `ax_chain_${i}`, role: 'axiom', expr: rule(`c${i - 1}`, `c${i}`) });

  const distractors: { assertionId: string; role: string; expr: object }[] = [];
  const extra = entailed ? distractorCount : distractorCount + 1;
  for (let i = 0; i < extra; i++) {
    if (rand() < 0.7) {
      const subject = rand() < 1 / 3 ? 't' : `e${pick(constants)}`;
      distractors.push({ assertionId: `fact_${i}`, role: 'fact', expr: call(`q${pick(predicates)}`, constant(subject)) });
    } else {
      const a = pick(predicates);
      const b = pick(predicates);
      distractors.push({ assertionId: `ax_${i}`, role: 'axiom', expr: rule(`q${a}`, `q${b === a ? (b + 1) % predicates : b}`) });
    }
  }
  // The chain goes in at deterministic, spread-out places, not at the front.
  const assertions = [...distractors];
  for (const c of chain) assertions.splice(pick(assertions.length + 1), 0, c);

  const proposal = {
    schemaVersion: 'holoproof.formal-proposal.v1',
    proposalId: `fp_generated_${options.size}_${entailed ? 'entailed' : 'open'}`,
    worldId: '_',
    logic: 'UF',
    declarations,
    assertions,
    queryPlan: { verificationMode: 'entailment', goal: call(`c${chainLength}`, constant('t')) },
    ambiguities: [],
    tags: ['generated'],
  };
  return { text: JSON.stringify(proposal, null, 1), assertions: assertions.length, proofIds: entailed ? chain.map((c) => c.assertionId) : [], entailed };
}
