/**
 * `@compose(name=..., version=...)` (also spelled `composition`): a decorator that turns a
 * helper function into a reviewable composition. `compose(...)` itself only records its
 * settings; each call of the decorated function runs the body while the package collector
 * gathers the reasoning actions it makes, and then declares one `compose` action: those
 * actions, the knowledge the call took in, and the claim it returned. The settings are
 * read at that moment, as Gaia reads them in its wrapper — so a setting Gaia would reject
 * is only an error once the function is called.
 */
import type { SourceRange } from '../../../text/sourceRange.ts';
import type { ArgValue } from '../callArguments.ts';
import type { Action, ComposeAction } from '../gaiaObjects.ts';
import { Knowledge, metaDict, newUid } from '../gaiaObjects.ts';
import type { GaiaRuntime } from '../gaiaRuntime.ts';
import type { GValue } from '../gaiaValues.ts';
import { OPAQUE, describeValue } from '../gaiaValues.ts';
import { captureActions } from '../packageCollector.ts';
import { truthy } from '../pythonSemantics.ts';
import type { VerbImpl } from './verbTypes.ts';

/** What `compose(...)` was given, kept unread until the decorated function runs. */
export interface ComposeSpec {
  /** The module that wrote the decorator: its settings are reported there. */
  readonly rt: GaiaRuntime;
  readonly range: SourceRange;
  readonly named: ReadonlyMap<string, ArgValue>;
}

export const composeVerb: VerbImpl = (rt, call) => {
  // `composition` is the same function: Python names it `compose` in its errors.
  const b = rt.bind({ ...call, verb: 'compose' }, { positional: [], keywordOnly: ['name', 'version', 'background', 'warrants', 'rationale', 'label'], requiredKeywordOnly: ['name', 'version'] });
  if (!b) return OPAQUE;
  return { t: 'composer', spec: { rt, range: call.range, named: b.named } };
};

/** Applies a `compose(...)` result to what it decorates (or is called with). */
export function applyComposer(
  rt: GaiaRuntime,
  spec: ComposeSpec,
  args: readonly ArgValue[],
  keywords: readonly { readonly name: string | null; readonly arg: ArgValue }[],
  range: SourceRange,
): GValue {
  // The decorator Gaia returns takes one parameter, the function (`fn`).
  const keyword = keywords.find((k) => k.name !== 'fn');
  const given = args.length + keywords.length;
  if (keyword || given !== 1) {
    const message = keyword
      ? `got an unexpected keyword argument '${keyword.name}'`
      : given === 0
        ? "missing 1 required positional argument: 'fn'"
        : args.length > 1
          ? `takes 1 positional argument but ${args.length} were given`
          : "got multiple values for argument 'fn'";
    rt.report('bad-argument', `decorator() ${message}`, range);
    return OPAQUE;
  }
  const fn = (args[0] ?? keywords[0]!.arg).value;
  if (fn.t === 'opaque') return OPAQUE;
  if (fn.t !== 'function' || !fn.def) {
    rt.report('unsupported', `@compose applied to ${describeValue(fn)}: Warrant composes functions defined with def in the package`, range);
    return OPAQUE;
  }
  // Stacked: the outer composition's call runs the inner one, whose record it then holds.
  return { ...fn, compose: [...(fn.compose ?? []), spec] };
}

/** The settings of one composition, read as Gaia's wrapper reads them; null after a report. */
interface Settings {
  readonly name: string;
  readonly version: string;
  readonly background: Knowledge[];
  readonly warrants: Knowledge[];
  readonly rationale: string;
  readonly label: string | null;
}

function settings(spec: ComposeSpec): Settings | null {
  const { rt, named } = spec;
  // Gaia writes name and version into its IR, whose fields are strings.
  const name = rt.string(named.get('name'), 'compose', 'name', '');
  const version = rt.string(named.get('version'), 'compose', 'version', '');
  const background = knowledgeOrNothing(rt, named.get('background'), 'background');
  const warrants = knowledgeOrNothing(rt, named.get('warrants'), 'warrants');
  const rationale = textOrNothing(rt, named.get('rationale'));
  const label = rt.optionalString(named.get('label'), 'compose', 'label');
  if (name === null || version === null || !background || !warrants || rationale === null || label === undefined) return null;
  return { name, version, background, warrants, rationale, label };
}

/** `list(x or [])`: nothing when false, else a list or tuple of knowledge nodes. */
function knowledgeOrNothing(rt: GaiaRuntime, arg: ArgValue | undefined, what: string): Knowledge[] | null {
  if (arg === undefined || truthy(arg.value) === false) return [];
  return rt.knowledgeList(arg, 'compose', what);
}

/** A rationale is only tested for truth and then scanned as text: a true non-string fails there. */
function textOrNothing(rt: GaiaRuntime, arg: ArgValue | undefined): string | null {
  if (arg === undefined || truthy(arg.value) === false) return '';
  return rt.string(arg, 'compose', 'rationale', '');
}

/**
 * Calls a composed function: `run` executes its body. The declared composition takes as
 * inputs the knowledge found in the call's arguments (through lists, tuples and dict
 * values), then whatever its actions use that none of them produced and that is not its
 * background — each node once, first seen first.
 */
export function callComposed(
  caller: GaiaRuntime,
  fnName: string,
  spec: ComposeSpec,
  args: readonly ArgValue[],
  keywords: readonly { readonly name: string | null; readonly arg: ArgValue }[],
  range: SourceRange,
  run: () => GValue,
): GValue {
  const { result, actions } = captureActions(run);
  if (result.t === 'opaque') return OPAQUE;
  if (result.t !== 'knowledge' || !result.k.isClaim) {
    caller.report('not-a-claim', `@compose functions must return a Claim object; ${fnName}() returned ${describeValue(result)}`, range);
    return OPAQUE;
  }
  const s = settings(spec);
  if (!s) return OPAQUE;
  const conclusion = result.k;
  if (s.warrants.includes(conclusion)) {
    caller.report('bad-argument', `${fnName}() returns one of its composition's warrants: a reasoning record's conclusion must not also be its warrant`, range);
    return OPAQUE;
  }
  const explicit: Knowledge[] = [];
  for (const a of args) knowledgeIn(a.value, explicit);
  for (const k of keywords) knowledgeIn(k.arg.value, explicit);
  const produced = new Set(actions.flatMap(outputsOf));
  const background = new Set(s.background);
  const used = actions.flatMap(inputsOf).filter((k) => !produced.has(k) && !background.has(k));
  const action: ComposeAction = caller.pkg.addAction({
    kind: 'compose',
    uid: newUid(),
    label: s.label,
    rationale: s.rationale,
    background: s.background,
    metadata: metaDict(),
    warrants: s.warrants,
    origin: { range, statement: caller.statement, verb: 'compose', file: caller.file },
    name: s.name,
    version: s.version,
    inputs: [...new Set([...explicit, ...used])],
    actions,
    conclusion,
  });
  if (!conclusion.fromActions.includes(action)) conclusion.fromActions.push(action);
  return result;
}

/** Knowledge nodes inside an argument: itself, or the items of a list, tuple or dict's values. */
function knowledgeIn(v: GValue, out: Knowledge[]): void {
  if (v.t === 'knowledge') out.push(v.k);
  else if (v.t === 'seq') for (const item of v.items) knowledgeIn(item, out);
  else if (v.t === 'dict') for (const e of v.entries) knowledgeIn(e.value, out);
}

/** What an action makes: its conclusion or helper claim, and its warrants. */
function outputsOf(a: Action): Knowledge[] {
  switch (a.kind) {
    case 'compose':
    case 'derive':
    case 'observe':
    case 'compute':
      return [a.conclusion, ...a.warrants];
    case 'equal':
    case 'contradict':
    case 'exclusive':
    case 'infer':
    case 'associate':
      return [a.helper, ...a.warrants];
    default:
      return [...a.warrants];
  }
}

/** What an action takes in. */
function inputsOf(a: Action): readonly Knowledge[] {
  switch (a.kind) {
    case 'compose':
      return a.inputs;
    case 'derive':
    case 'observe':
    case 'compute':
      return a.given;
    case 'equal':
    case 'contradict':
    case 'exclusive':
    case 'associate':
      return [a.a, a.b];
    case 'decompose':
      return [a.whole, ...a.parts];
    case 'infer':
      // A likelihood given as a claim is an input too.
      return [a.hypothesis, a.evidence, ...a.given, ...[a.pEGivenH, a.pEGivenNotH].filter((p) => p instanceof Knowledge)];
    default:
      return [];
  }
}
