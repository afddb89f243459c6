/**
 * `artifact(*, kind, source, locator, path, caption, description, media_type, content,
 * title)` and `figure(...)` (the same with kind "figure"): a note standing for a figure,
 * table, data set, notebook or attachment. Its metadata is `{"gaia": {"artifact": {...}}}`
 * with the kind and each field given (None left out); its text is the first of content,
 * caption, description, locator, path and source that is set (else the kind), stripped as
 * note() strips it. Refused as Gaia refuses them: an unknown kind, neither source nor path,
 * a figure or table from a source without a locator, a path that is absolute or leaves
 * the package. That a source is a key of references.json is checked when the package
 * compiles (ir/artifactChecks.ts), with every node carrying such metadata.
 */
import { pythonStrip } from '../../text/pythonStrip.ts';
import { pythonStrRepr } from '../../text/pythonRepr.ts';
import { ARTIFACT_KINDS, LOCATED_KINDS, pathInsidePackage } from '../artifactRules.ts';
import type { ArgValue } from '../callArguments.ts';
import { metaDict } from '../gaiaObjects.ts';
import type { GaiaRuntime, VerbCall } from '../gaiaRuntime.ts';
import type { GValue } from '../gaiaValues.ts';
import { NONE, OPAQUE, describeValue } from '../gaiaValues.ts';
import { truthy } from '../pythonSemantics.ts';
import type { VerbImpl } from './verbTypes.ts';

/** The artifact's own fields, in the order its metadata lists them. */
const FIELDS = ['source', 'locator', 'path', 'caption', 'description', 'media_type'] as const;
/** Where the note's text comes from, first set first. */
const TEXT_FROM = ['content', 'caption', 'description', 'locator', 'path', 'source'] as const;
const KEYWORDS = [...FIELDS, 'content', 'title'];

function artifactNote(rt: GaiaRuntime, call: VerbCall, kind: string, named: ReadonlyMap<string, ArgValue>): GValue {
  const value = (name: string): GValue => named.get(name)?.value ?? NONE;
  const where = (name: string) => named.get(name)?.range ?? call.range;
  const set = new Map<string, boolean>();
  for (const name of [...FIELDS, 'content']) {
    const v = value(name);
    if (v.t === 'opaque') return OPAQUE;
    const t = truthy(v);
    if (t === undefined) {
      rt.report('unsupported', `${call.verb}() ${name}: Warrant cannot tell whether ${describeValue(v)} is set`, where(name));
      return OPAQUE;
    }
    set.set(name, t);
  }
  if (!set.get('source') && !set.get('path')) {
    rt.report('bad-argument', `${call.verb}() needs a source (a key of references.json) or a path (a file in the package)`, call.range);
    return OPAQUE;
  }
  if (set.get('source') && LOCATED_KINDS.has(kind) && !set.get('locator')) {
    rt.report('bad-argument', `${call.verb}(): a ${kind} taken from a source needs a locator (where in the source it is)`, where('source'));
    return OPAQUE;
  }
  const path = value('path');
  if (path.t !== 'none') {
    if (path.t !== 'str') {
      rt.report('bad-argument', `${call.verb}() path must be a string, got ${describeValue(path)}`, where('path'));
      return OPAQUE;
    }
    if (!pathInsidePackage(path.v)) {
      rt.report('bad-argument', `${call.verb}() path ${pythonStrRepr(path.v)} must be relative to the package and stay inside it`, where('path'));
      return OPAQUE;
    }
  }
  const artifact = metaDict({ kind });
  for (const name of FIELDS) {
    const v = value(name);
    if (v.t === 'none') continue;
    const m = rt.meta(v, where(name), call.verb);
    if (m === undefined) return OPAQUE;
    artifact[name] = m;
  }
  const from = TEXT_FROM.find((name) => set.get(name));
  const text: GValue = from === undefined ? { t: 'str', v: kind } : value(from);
  if (text.t !== 'str') {
    rt.report('bad-argument', `${call.verb}(): the note's text would be its ${from}, which is ${describeValue(text)}, not a string`, where(from!));
    return OPAQUE;
  }
  const title = rt.optionalString(named.get('title'), call.verb, 'title');
  if (title === undefined) return OPAQUE;
  const k = rt.newKnowledge('note', pythonStrip(text.v), metaDict({ gaia: metaDict({ artifact }) }), call, { title });
  return { t: 'knowledge', k };
}

export const artifactVerb: VerbImpl = (rt, call) => {
  const b = rt.bind(call, { keywordOnly: [...KEYWORDS, 'kind'], requiredKeywordOnly: ['kind'] });
  if (!b) return OPAQUE;
  const kind = b.named.get('kind')!;
  if (kind.value.t === 'opaque') return OPAQUE;
  if (kind.value.t !== 'str' || !ARTIFACT_KINDS.has(kind.value.v)) {
    const what = kind.value.t === 'str' ? pythonStrRepr(kind.value.v) : describeValue(kind.value);
    rt.report('bad-argument', `artifact() kind ${what} is not one Gaia knows (${[...ARTIFACT_KINDS].join(', ')})`, kind.range);
    return OPAQUE;
  }
  return artifactNote(rt, call, kind.value.v, b.named);
};

export const figureVerb: VerbImpl = (rt, call) => {
  const b = rt.bind(call, { keywordOnly: KEYWORDS });
  return b ? artifactNote(rt, call, 'figure', b.named) : OPAQUE;
};
