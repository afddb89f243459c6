/**
 * depends_on, candidate_relation and materialize: authoring bookkeeping that Gaia keeps
 * out of the IR and writes only to the formalization manifest. They return the scaffold
 * record (or the materialization link), not a claim.
 */
import type { ArgValue } from '../callArguments.ts';
import type { Action, CandidateRelationAction, DependsOnAction, MetaDict, MetaValue, RecordedRationale, ScaffoldAction } from '../gaiaObjects.ts';
import { Knowledge, isMetaDict, isScaffold, metaDict, newUid } from '../gaiaObjects.ts';
import type { GaiaRuntime, VerbCall } from '../gaiaRuntime.ts';
import type { GValue } from '../gaiaValues.ts';
import { OPAQUE, describeValue } from '../gaiaValues.ts';
import { formulaAtoms } from './formulaAtoms.ts';
import type { VerbImpl } from './verbTypes.ts';

const CANDIDATE_PATTERNS = new Set(['equal', 'contradict', 'exclusive']);

function metadataArg(rt: GaiaRuntime, call: VerbCall, arg: ArgValue | undefined): MetaDict | null {
  if (!arg || arg.value.t === 'none') return metaDict();
  if (arg.value.t !== 'dict') {
    if (arg.value.t !== 'opaque') rt.report('bad-argument', `${call.verb}() metadata must be a dict`, arg.range);
    return null;
  }
  const m = rt.meta(arg.value, arg.range, call.verb);
  return m === undefined ? null : (m as MetaDict);
}

/**
 * `rationale=` of a scaffold or a materialization, kept as written (see RecordedRationale).
 * A knowledge node in it is refused: the manifest is JSON, which cannot hold one.
 */
function recordedRationale(rt: GaiaRuntime, call: VerbCall, arg: ArgValue | undefined): RecordedRationale | undefined {
  if (!arg) return '';
  const m = rt.meta(arg.value, arg.range, call.verb);
  if (m !== undefined && holdsKnowledge(m)) {
    rt.report('bad-argument', `${call.verb}() rationale: a knowledge node cannot be written to the formalization manifest`, arg.range);
    return undefined;
  }
  return m;
}

function holdsKnowledge(m: MetaValue): boolean {
  if (m instanceof Knowledge) return true;
  if (Array.isArray(m)) return m.some(holdsKnowledge);
  return isMetaDict(m) && Object.values(m).some(holdsKnowledge);
}

export const dependsOnVerb: VerbImpl = (rt, call) => {
  const b = rt.bind(call, {
    positional: ['conclusion'],
    requiredPositional: 1,
    keywordOnly: ['given', 'background', 'rationale', 'label', 'metadata'],
    requiredKeywordOnly: ['given'],
  });
  if (!b) return OPAQUE;
  const conclusion = rt.liftClaim(b.named.get('conclusion')!, 'depends_on', 'conclusion');
  const givenArg = b.named.get('given')!;
  if (givenArg.value.t === 'none') {
    rt.report('bad-argument', 'depends_on() given must be a claim or a list of claims', givenArg.range);
    return OPAQUE;
  }
  const given = rt.claimTuple(givenArg, 'depends_on', 'given');
  const background = rt.knowledgeList(b.named.get('background'), 'depends_on', 'background');
  const rationale = recordedRationale(rt, call, b.named.get('rationale'));
  const label = rt.optionalString(b.named.get('label'), 'depends_on', 'label');
  const metadata = metadataArg(rt, call, b.named.get('metadata'));
  if (!conclusion || !given || !background || rationale === undefined || label === undefined || !metadata) return OPAQUE;
  if (given.length === 0) {
    rt.report('bad-argument', 'depends_on requires at least one given claim', givenArg.range);
    return OPAQUE;
  }
  const action: DependsOnAction = rt.pkg.addAction({
    kind: 'depends_on',
    uid: newUid(),
    label,
    rationale,
    background,
    metadata,
    warrants: [],
    origin: rt.origin(call),
    conclusion,
    given,
  });
  return { t: 'action', a: action };
};

export const candidateRelationVerb: VerbImpl = (rt, call) => {
  const b = rt.bind(call, { keywordOnly: ['claims', 'pattern', 'background', 'rationale', 'label', 'metadata'], requiredKeywordOnly: ['claims'] });
  if (!b) return OPAQUE;
  const claimsArg = b.named.get('claims')!;
  if (claimsArg.value.t !== 'seq') {
    if (claimsArg.value.t !== 'opaque') rt.report('bad-argument', `candidate_relation() claims must be a list of claims, got ${describeValue(claimsArg.value)}`, claimsArg.range);
    return OPAQUE;
  }
  const claims = rt.claimTuple(claimsArg, 'candidate_relation', 'claims');
  const pattern = rt.optionalString(b.named.get('pattern'), 'candidate_relation', 'pattern');
  const background = rt.knowledgeList(b.named.get('background'), 'candidate_relation', 'background');
  const rationale = recordedRationale(rt, call, b.named.get('rationale'));
  const label = rt.optionalString(b.named.get('label'), 'candidate_relation', 'label');
  const metadata = metadataArg(rt, call, b.named.get('metadata'));
  if (!claims || pattern === undefined || !background || rationale === undefined || label === undefined || !metadata) return OPAQUE;
  if (claims.length < 2) {
    rt.report('bad-argument', 'candidate_relation requires at least two claims', claimsArg.range);
    return OPAQUE;
  }
  if (pattern !== null && !CANDIDATE_PATTERNS.has(pattern)) {
    rt.report('bad-argument', 'candidate_relation pattern must be one of: contradict, equal, exclusive', b.named.get('pattern')!.range);
    return OPAQUE;
  }
  if (pattern === 'contradict' && claims.length !== 2) {
    rt.report('bad-argument', 'candidate_relation(pattern="contradict") requires exactly two claims', claimsArg.range);
    return OPAQUE;
  }
  const action: CandidateRelationAction = rt.pkg.addAction({
    kind: 'candidate_relation',
    uid: newUid(),
    label,
    rationale,
    background,
    metadata,
    warrants: [],
    origin: rt.origin(call),
    claims,
    pattern,
  });
  return { t: 'action', a: action };
};

/** The claims a formal record is about (Gaia ignores background, warrants and metadata here). */
function recordClaims(a: Action): Knowledge[] {
  switch (a.kind) {
    case 'derive':
    case 'observe':
    case 'compute':
      return [a.conclusion, ...a.given];
    case 'infer':
      return [a.helper, a.hypothesis, a.evidence, ...a.given];
    case 'associate':
    case 'equal':
    case 'contradict':
    case 'exclusive':
      return [a.helper, a.a, a.b];
    case 'decompose':
      return [a.whole, ...a.parts, ...formulaAtoms(a.formula)];
    case 'depends_on':
      return [a.conclusion, ...a.given];
    case 'candidate_relation':
      return [...a.claims];
    case 'compose':
      // Gaia walks the record's fields, its child actions' included.
      return [...a.inputs, ...a.actions.flatMap(recordClaims), a.conclusion];
    case 'bayes_model':
      return [a.helper, a.hypothesis];
    case 'bayes_compare':
      return [a.helper, ...a.models.map((m) => m.helper), ...a.data];
  }
}

function relationPattern(a: Action): string | null {
  if (a.kind === 'equal' || a.kind === 'contradict' || a.kind === 'exclusive') return a.kind;
  if (a.kind === 'associate') return a.pattern;
  return null;
}

/** Resolves one `by=` entry to the graph record it names. */
function materializer(rt: GaiaRuntime, v: GValue, range: ArgValue['range']): Action | null {
  if (v.t === 'action') return v.a;
  if (v.t === 'knowledge' && v.k.isClaim) {
    const producers = v.k.fromActions.filter((a) => !isScaffold(a));
    if (producers.length === 1) return producers[0]!;
    rt.report(
      'bad-argument',
      producers.length === 0 ? 'materialize by a claim that no graph record produces' : 'materialize by a claim is ambiguous (several records produce it); use a graph label',
      range,
    );
    return null;
  }
  if (v.t === 'str') {
    const matches = rt.pkg.actions.filter((a) => a.label === v.v);
    if (matches.length === 1) return matches[0]!;
    rt.report('bad-argument', matches.length === 0 ? `materialize could not resolve graph label '${v.v}'` : `materialize graph label '${v.v}' is ambiguous`, range);
    return null;
  }
  if (v.t !== 'opaque') rt.report('bad-argument', `materialize by entries must be graph records, claims or labels, got ${describeValue(v)}`, range);
  return null;
}

export const materializeVerb: VerbImpl = (rt, call) => {
  const b = rt.bind(call, { positional: ['scaffold'], requiredPositional: 1, keywordOnly: ['by', 'rationale', 'label', 'metadata'], requiredKeywordOnly: ['by'] });
  if (!b) return OPAQUE;
  const scaffoldArg = b.named.get('scaffold')!;
  if (scaffoldArg.value.t === 'opaque') return OPAQUE;
  if (!(scaffoldArg.value.t === 'action' && isScaffold(scaffoldArg.value.a))) {
    rt.report('bad-argument', `materialize scaffold must be a depends_on or candidate_relation record, got ${describeValue(scaffoldArg.value)}`, scaffoldArg.range);
    return OPAQUE;
  }
  const scaffold: ScaffoldAction = scaffoldArg.value.a;
  const byArg = b.named.get('by')!;
  const entries = byArg.value.t === 'seq' ? byArg.value.items : [byArg.value];
  const records: Action[] = [];
  for (const e of entries) {
    const r = materializer(rt, e, byArg.range);
    if (!r) return OPAQUE;
    records.push(r);
  }
  const rationale = recordedRationale(rt, call, b.named.get('rationale'));
  const label = rt.optionalString(b.named.get('label'), 'materialize', 'label');
  const metadata = metadataArg(rt, call, b.named.get('metadata'));
  if (rationale === undefined || label === undefined || !metadata) return OPAQUE;
  if (records.length === 0) {
    rt.report('bad-argument', 'materialize requires at least one by record', byArg.range);
    return OPAQUE;
  }
  if (records.some(isScaffold)) {
    rt.report('bad-argument', 'materialize by records must not be scaffold records', byArg.range);
    return OPAQUE;
  }
  const core = new Set(scaffold.kind === 'depends_on' ? [scaffold.conclusion, ...scaffold.given] : scaffold.claims);
  if (!records.some((r) => recordClaims(r).some((c) => core.has(c)))) {
    rt.report('bad-argument', "materialize by records must reference at least one of the scaffold's claims", byArg.range);
    return OPAQUE;
  }
  if (scaffold.kind === 'candidate_relation' && scaffold.pattern !== null) {
    for (const r of records) {
      const p = relationPattern(r);
      if (p !== null && p !== scaffold.pattern) {
        rt.report('bad-argument', `materialize pattern mismatch: scaffold pattern '${scaffold.pattern}' cannot be materialized by '${p}'`, byArg.range);
        return OPAQUE;
      }
    }
  }
  const link = { scaffold, by: records, label, rationale, metadata, origin: rt.origin(call) };
  rt.pkg.addMaterialization(link);
  return { t: 'materialization', m: link };
};
