/**
 * equal, contradict and exclusive: hard relations between two claims, each returning the
 * relation's helper claim. The helper's text quotes the two claims (a label already set as
 * `[@label]`, else the text without one trailing full stop), exactly as Gaia writes it.
 */
import type { Knowledge, StructuralAction } from '../gaiaObjects.ts';
import { metaDict, newUid } from '../gaiaObjects.ts';
import { OPAQUE } from '../gaiaValues.ts';
import type { VerbImpl } from './verbTypes.ts';

/**
 * How Gaia quotes a claim inside a relation sentence: `[@label]` when code already gave it
 * a label (`label=`, `x.label = ...`; names label nodes only after the modules ran), else its text.
 */
function quoted(k: Knowledge): string {
  if (k.label) return `[@${k.label}]`;
  return k.content.endsWith('.') ? k.content.slice(0, -1) : k.content;
}

const SENTENCES: Readonly<Record<StructuralAction['kind'], (a: string, b: string) => string>> = {
  equal: (a, b) => `${a} and ${b} are equivalent.`,
  contradict: (a, b) => `${a} and ${b} contradict.`,
  exclusive: (a, b) => `exactly one of ${a} and ${b} is true.`,
};

const HELPER_KINDS: Readonly<Record<StructuralAction['kind'], string>> = {
  equal: 'equivalence_result',
  contradict: 'contradiction_result',
  exclusive: 'complement_result',
};

function relationVerb(kind: StructuralAction['kind']): VerbImpl {
  return (rt, call) => {
    const bnd = rt.bind(call, { positional: ['a', 'b'], requiredPositional: 2, keywordOnly: ['background', 'rationale', 'label'] });
    if (!bnd) return OPAQUE;
    const a = rt.liftClaim(bnd.named.get('a')!, kind, 'first argument');
    const b = rt.liftClaim(bnd.named.get('b')!, kind, 'second argument');
    const background = rt.knowledgeList(bnd.named.get('background'), kind, 'background');
    const rationale = rt.rationale(bnd.named.get('rationale'), kind);
    const label = rt.optionalString(bnd.named.get('label'), kind, 'label');
    if (!a || !b || !background || rationale === null || label === undefined) return OPAQUE;
    const helper = rt.newKnowledge('claim', SENTENCES[kind](quoted(a), quoted(b)), metaDict({ generated: true, helper_kind: HELPER_KINDS[kind], review: true }), call);
    const action: StructuralAction = rt.pkg.addAction({
      kind,
      uid: newUid(),
      label,
      rationale,
      background,
      metadata: metaDict(),
      warrants: [],
      origin: rt.origin(call),
      a,
      b,
      helper,
    });
    helper.fromActions.push(action);
    return { t: 'knowledge', k: helper };
  };
}

export const equalVerb = relationVerb('equal');
export const contradictVerb = relationVerb('contradict');
export const exclusiveVerb = relationVerb('exclusive');
