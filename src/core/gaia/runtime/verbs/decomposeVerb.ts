/**
 * decompose(whole, parts=[...], formula=...): the whole claim is equivalent to a
 * propositional formula over exactly its parts. Checked as Gaia checks it: the formula's
 * atoms are the parts (no more, no fewer, not the whole), a claim is decomposed once,
 * and decompositions do not form a cycle.
 */
import type { DecomposeAction, Knowledge, MetaDict } from '../gaiaObjects.ts';
import { metaDict, newUid } from '../gaiaObjects.ts';
import { OPAQUE, describeValue } from '../gaiaValues.ts';
import { formulaAtoms } from './formulaAtoms.ts';
import type { VerbImpl } from './verbTypes.ts';

function decomposition(claim: Knowledge): DecomposeAction | undefined {
  return claim.fromActions.find((a): a is DecomposeAction => a.kind === 'decompose' && a.whole === claim);
}

/** Does following decompositions down from `start` reach `target`? */
function reaches(start: Knowledge, target: Knowledge, seen: Set<Knowledge>): boolean {
  if (start === target) return true;
  if (seen.has(start)) return false;
  seen.add(start);
  const d = decomposition(start);
  return d !== undefined && d.parts.some((p) => reaches(p, target, seen));
}

export const decomposeVerb: VerbImpl = (rt, call) => {
  const b = rt.bind(call, {
    positional: ['whole'],
    requiredPositional: 1,
    keywordOnly: ['parts', 'formula', 'background', 'rationale', 'label', 'metadata'],
    requiredKeywordOnly: ['parts', 'formula'],
  });
  if (!b) return OPAQUE;
  const whole = rt.liftClaim(b.named.get('whole')!, 'decompose', 'whole');
  const partsArg = b.named.get('parts')!;
  const formulaArg = b.named.get('formula')!;
  if (!whole || partsArg.value.t === 'opaque') return OPAQUE;
  if (partsArg.value.t !== 'seq') {
    rt.report('bad-argument', `decompose() parts must be a list of claims, got ${describeValue(partsArg.value)}`, partsArg.range);
    return OPAQUE;
  }
  if (partsArg.value.items.length === 0) {
    rt.report('bad-argument', 'decompose requires at least one part claim', partsArg.range);
    return OPAQUE;
  }
  const parts: Knowledge[] = [];
  for (const item of partsArg.value.items) {
    if (item.t === 'opaque') return OPAQUE;
    if (!(item.t === 'knowledge' && item.k.isClaim)) {
      rt.report(item.t === 'knowledge' ? 'not-a-claim' : 'bad-argument', `decompose parts must be claims, not ${describeValue(item)}`, partsArg.range);
      return OPAQUE;
    }
    parts.push(item.k);
  }
  if (new Set(parts).size !== parts.length) {
    rt.report('bad-argument', 'decompose parts must be unique', partsArg.range);
    return OPAQUE;
  }
  const formula = rt.formula(formulaArg, 'decompose', 'formula');
  const background = rt.knowledgeList(b.named.get('background'), 'decompose', 'background');
  const rationale = rt.rationale(b.named.get('rationale'), 'decompose');
  const label = rt.optionalString(b.named.get('label'), 'decompose', 'label');
  const metadataArg = b.named.get('metadata');
  const metadata = metadataArg && metadataArg.value.t !== 'none' ? rt.meta(metadataArg.value, metadataArg.range, 'decompose') : undefined;
  if (!formula || !background || rationale === null || label === undefined) return OPAQUE;
  if (metadataArg && metadataArg.value.t !== 'none' && (metadata === undefined || metadataArg.value.t !== 'dict')) {
    if (metadata !== undefined) rt.report('bad-argument', 'decompose() metadata must be a dict', metadataArg.range);
    return OPAQUE;
  }
  const atoms = new Set(formulaAtoms(formula));
  if (atoms.has(whole)) {
    rt.report('decompose-mismatch', 'the decompose formula must not mention the whole claim', formulaArg.range);
    return OPAQUE;
  }
  if (parts.some((p) => !atoms.has(p))) {
    rt.report('decompose-mismatch', 'every decompose part must appear in the formula', formulaArg.range);
    return OPAQUE;
  }
  if ([...atoms].some((a) => !parts.includes(a))) {
    rt.report('decompose-mismatch', 'the decompose formula may only mention the listed parts', formulaArg.range);
    return OPAQUE;
  }
  const existing = decomposition(whole);
  if (existing) {
    rt.report('duplicate-decompose', `decompose: this claim is already decomposed${existing.label ? ` by action ${existing.label}` : ''}`, call.range);
    return OPAQUE;
  }
  if (parts.some((p) => reaches(p, whole, new Set()))) {
    rt.report('decompose-cycle', 'decompose would create a decomposition cycle', call.range);
    return OPAQUE;
  }
  const action: DecomposeAction = rt.pkg.addAction({
    kind: 'decompose',
    uid: newUid(),
    label,
    rationale,
    background,
    metadata: metaDict((metadata as MetaDict | undefined) ?? {}),
    warrants: [],
    origin: rt.origin(call),
    whole,
    parts,
    formula,
  });
  whole.fromActions.push(action);
  return { t: 'knowledge', k: whole };
};
