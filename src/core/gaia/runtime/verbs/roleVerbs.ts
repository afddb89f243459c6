/**
 * `roles_for_claim(claim, graph)` and `roles_for_package(graph)`: the roles claims play in
 * authored actions, as Gaia projects them — one RoleOccurrence per claim per slot of each
 * action (a derive's conclusion and premises, an infer's hypothesis, evidence, conditions
 * and helper, …), then the action's background claims and its warrants, and a
 * composition's inner actions under their path. The graph is a sequence of actions,
 * which a package holds as claims' `from_actions`.
 */
import type { SourceRange } from '../../../text/sourceRange.ts';
import type { ArgValue } from '../callArguments.ts';
import type { Action } from '../gaiaObjects.ts';
import { Knowledge } from '../gaiaObjects.ts';
import type { GaiaRuntime } from '../gaiaRuntime.ts';
import type { GValue } from '../gaiaValues.ts';
import { NONE, OPAQUE, describeValue } from '../gaiaValues.ts';
import { callFunction } from '../executeStatements.ts';
import type { PyClass } from '../pyClasses.ts';
import { callClass } from '../pyClasses.ts';
import { testTruth } from '../truthTest.ts';
import type { VerbImpl } from './verbTypes.ts';

/** Gaia's frozen dataclass RoleOccurrence(claim, role, action, action_type, action_label=None, path=(), source='explicit_field'). */
export const ROLE_OCCURRENCE: PyClass = {
  name: 'RoleOccurrence',
  qualname: 'RoleOccurrence',
  module: 'gaia.engine.lang.runtime.roles',
  bases: [],
  claim: false,
  namespace: new Map(),
  doc: 'A claim role at a specific occurrence in an authored action.',
  fields: [
    { name: 'claim', type: 'Claim', default: null },
    { name: 'role', type: 'str', default: null },
    { name: 'action', type: 'Action', default: null },
    { name: 'action_type', type: 'str', default: null },
    { name: 'action_label', type: 'str | None', default: NONE },
    { name: 'path', type: 'tuple[str, ...]', default: { t: 'seq', items: [], tuple: true } },
    { name: 'source', type: 'str', default: { t: 'str', v: 'explicit_field' } },
  ],
  dataclass: true,
  frozen: true,
  tupleLike: false,
};

/** Gaia's class name for each kind of action (what `action_type` holds). */
const ACTION_TYPES: Readonly<Record<Action['kind'], string>> = {
  derive: 'Derive',
  observe: 'Observe',
  compute: 'Compute',
  infer: 'Infer',
  associate: 'Associate',
  equal: 'Equal',
  contradict: 'Contradict',
  exclusive: 'Exclusive',
  decompose: 'Decompose',
  compose: 'Compose',
  depends_on: 'DependsOn',
  candidate_relation: 'CandidateRelation',
  bayes_model: 'Model',
  bayes_compare: 'ModelCompare',
};

interface Occurrence {
  readonly claim: Knowledge;
  readonly role: string;
  readonly action: Action;
  readonly path: readonly string[];
  readonly source: string;
}

interface Options {
  readonly background: boolean;
  readonly warrants: boolean;
}

/** The explicit slots of one action, in Gaia's order. */
function slots(a: Action): [Knowledge, string][] {
  const many = (ks: readonly Knowledge[], role: string): [Knowledge, string][] => ks.map((k) => [k, role]);
  switch (a.kind) {
    case 'observe':
      return [[a.conclusion, 'observation'], ...many(a.given, 'observation_context')];
    case 'compute':
      return [[a.conclusion, 'computed_result'], ...many(a.given, 'compute_input')];
    case 'derive':
      return [[a.conclusion, 'conclusion'], ...many(a.given, 'premise')];
    case 'depends_on':
      return [[a.conclusion, 'dependency_target'], ...many(a.given, 'unformalized_dependency')];
    case 'candidate_relation':
      return many(a.claims, `candidate_${a.pattern || 'relation'}_target`);
    case 'infer': {
      const likelihoods = [a.pEGivenH, a.pEGivenNotH].filter((p): p is Knowledge => p instanceof Knowledge && p.isClaim);
      return [[a.hypothesis, 'hypothesis'], [a.evidence, 'evidence'], ...many(a.given, 'condition'), [a.helper, 'likelihood_helper'], ...many(likelihoods, 'likelihood_parameter')];
    }
    case 'associate':
      return [
        [a.a, 'association_target'],
        [a.b, 'association_target'],
        [a.helper, 'association_helper'],
      ];
    case 'equal':
      return [
        [a.a, 'equivalent_claim'],
        [a.b, 'equivalent_claim'],
        [a.helper, 'equivalence_helper'],
      ];
    case 'contradict':
      return [
        [a.a, 'contradiction_target'],
        [a.b, 'contradiction_target'],
        [a.helper, 'contradiction_helper'],
      ];
    case 'exclusive':
      return [
        [a.a, 'exclusive_alternative'],
        [a.b, 'exclusive_alternative'],
        [a.helper, 'exclusivity_helper'],
      ];
    case 'decompose':
      return [[a.whole, 'decomposition_whole'], ...many(a.parts, 'decomposition_part')];
    case 'compose':
      return [
        ...many(
          a.inputs.filter((k) => k.isClaim),
          'composition_input',
        ),
        [a.conclusion, 'composition_conclusion'],
      ];
    case 'bayes_model':
      return [
        [a.hypothesis, 'hypothesis'],
        [a.helper, 'model_helper'],
      ];
    case 'bayes_compare':
      return [
        ...many(
          a.models.map((m) => m.helper),
          'compared_model',
        ),
        ...many(a.data, 'likelihood_data'),
        [a.helper, 'model_preference_helper'],
      ];
  }
}

function collect(a: Action, path: readonly string[], options: Options, out: Occurrence[]): void {
  for (const [claim, role] of slots(a)) out.push({ claim, role, action: a, path, source: 'explicit_field' });
  // A composition's inner actions follow its own slots, each under its label (or its index).
  if (a.kind === 'compose') a.actions.forEach((child, i) => collect(child, [...path, child.label ?? `action_${i}`], options, out));
  if (options.background) for (const k of a.background) if (k.isClaim) out.push({ claim: k, role: 'background', action: a, path, source: 'background' });
  if (options.warrants) for (const k of a.warrants) out.push({ claim: k, role: 'warrant', action: a, path, source: 'warrant' });
}

function occurrenceValue(o: Occurrence): GValue {
  const attrs = new Map<string, GValue>([
    ['claim', { t: 'knowledge', k: o.claim }],
    ['role', { t: 'str', v: o.role }],
    ['action', { t: 'action', a: o.action }],
    ['action_type', { t: 'str', v: ACTION_TYPES[o.action.kind] }],
    ['action_label', o.action.label === null ? NONE : { t: 'str', v: o.action.label }],
    ['path', { t: 'seq', items: o.path.map((p) => ({ t: 'str', v: p }) as const), tuple: true }],
    ['source', { t: 'str', v: o.source }],
  ]);
  return { t: 'instance', o: { cls: ROLE_OCCURRENCE, attrs } };
}

/** The actions of `graph` (a list or tuple of actions) and the two switches; null after a report. */
function graphAndOptions(rt: GaiaRuntime, graph: ArgValue, named: ReadonlyMap<string, ArgValue>, verb: string, range: SourceRange): { actions: Action[]; options: Options } | null {
  const g = graph.value;
  if (g.t === 'opaque') return null;
  if (g.t !== 'seq' || g.items.some((x) => x.t !== 'action')) {
    rt.report('unsupported', `${verb}(): Warrant reads a graph given as a list or tuple of actions (a claim's from_actions); got ${describeValue(g)}`, graph.range);
    return null;
  }
  const flag = (name: string): boolean | undefined => {
    const arg = named.get(name);
    if (!arg) return true;
    return testTruth(rt, arg.value, arg.range ?? range);
  };
  const background = flag('include_background');
  const warrants = flag('include_warrants');
  if (background === undefined || warrants === undefined) return null;
  return { actions: g.items.map((x) => (x as Extract<GValue, { t: 'action' }>).a), options: { background, warrants } };
}

function occurrencesOf(actions: readonly Action[], options: Options): Occurrence[] {
  const out: Occurrence[] = [];
  for (const a of actions) collect(a, [], options, out);
  return out;
}

const FLAGS = ['include_background', 'include_warrants'];

export const rolesForClaimVerb: VerbImpl = (rt, call) => {
  const b = rt.bind(call, { positional: ['claim', 'graph'], requiredPositional: 2, keywordOnly: FLAGS });
  if (!b) return OPAQUE;
  const claim = b.named.get('claim')!.value;
  if (claim.t === 'opaque') return OPAQUE;
  const g = graphAndOptions(rt, b.named.get('graph')!, b.named, 'roles_for_claim', call.range);
  if (!g) return OPAQUE;
  // Gaia compares by identity (`occurrence.claim is claim`): anything but a claim matches nothing.
  const mine = occurrencesOf(g.actions, g.options).filter((o) => claim.t === 'knowledge' && o.claim === claim.k);
  return { t: 'seq', items: mine.map(occurrenceValue), tuple: true };
};

export const rolesForPackageVerb: VerbImpl = (rt, call) => {
  const b = rt.bind(call, { positional: ['graph'], requiredPositional: 1, keywordOnly: FLAGS });
  if (!b) return OPAQUE;
  const g = graphAndOptions(rt, b.named.get('graph')!, b.named, 'roles_for_package', call.range);
  if (!g) return OPAQUE;
  // Keyed by claim, in the order each claim first appears.
  const byClaim = new Map<Knowledge, GValue[]>();
  for (const o of occurrencesOf(g.actions, g.options)) {
    const list = byClaim.get(o.claim) ?? [];
    list.push(occurrenceValue(o));
    byClaim.set(o.claim, list);
  }
  return { t: 'dict', entries: [...byClaim].map(([k, items]) => ({ key: { t: 'knowledge', k }, value: { t: 'seq', items, tuple: true } })) };
};

/** `RoleOccurrence(...)` called by the package: the frozen dataclass Gaia defines. */
export const roleOccurrenceVerb: VerbImpl = (rt, call) => callClass(rt, ROLE_OCCURRENCE, call.args, call.keywords, call.range, callFunction);
