/**
 * A `class` statement run as Python runs it: the bases and decorators are evaluated, the
 * body runs once in a namespace of its own (names it binds become class attributes, its
 * annotations the fields), and the class is bound to its name. Bases may be Gaia's
 * `Claim`, `object`, `typing.NamedTuple` or classes of the package; decorators only `@dataclass`
 * (its fields may be made with `dataclasses.field`).
 */
import type { PyExpr, PyStatement } from '../../python/pyAst.ts';
import { evaluate } from './evaluateExpression.ts';
import type { GValue } from './gaiaValues.ts';
import { describeValue } from './gaiaValues.ts';
import { bindName } from './moduleImports.ts';
import type { SourceRange } from '../../text/sourceRange.ts';
import type { ClassField, PyClass } from './pyClasses.ts';
import { dataclassRefusal } from './pyClasses.ts';
import type { StatementContext } from './executeStatements.ts';
import { fieldSpecOf } from './stdlib/dataclassField.ts';
import { dataclassDecorator } from './stdlib/stdlibModules.ts';

type ClassStatement = Extract<PyStatement, { kind: 'class' }>;

/** The namespaces of class bodies while they run (where @staticmethod and the like may decorate a def). */
const classBodies = new WeakSet<Map<string, GValue>>();

export function isClassBody(frame: Map<string, GValue> | undefined): boolean {
  return frame !== undefined && classBodies.has(frame);
}

/** The names of the classes and functions being defined, outermost first: what `__qualname__` joins. */
const qualnames = new WeakMap<object, string[]>();

/** The `__qualname__` a definition named `name` gets where it is written now. */
export function qualnameFor(scope: object, name: string): string {
  const outer = qualnames.get(scope) ?? [];
  return [...outer, name].join('.');
}

/** Runs `body` with `prefix` (a class's qualname, or a function's followed by `<locals>`) as the enclosing scope. */
export function withQualname<T>(scope: object, prefix: string, body: () => T): T {
  const saved = qualnames.get(scope);
  qualnames.set(scope, prefix.split('.'));
  try {
    return body();
  } finally {
    if (saved) qualnames.set(scope, saved);
    else qualnames.delete(scope);
  }
}

/**
 * A base a class may have: Claim (templated claims), `object`, `typing.NamedTuple` (its
 * fields are taken as `__init__`'s, as a dataclass's are) or a class of the package;
 * null after a report.
 */
function classBase(cx: StatementContext, e: PyExpr): PyClass | 'claim' | 'object' | 'namedtuple' | null {
  const { rt } = cx;
  if (e.kind === 'name' && e.id === 'object' && rt.lookupName('object') === undefined) return 'object';
  const v = evaluate(rt, e);
  if (v.t === 'class') return v.c;
  if (v.t === 'gaia' && v.name === 'Claim') return 'claim';
  if (v.t === 'external' && (v.name === 'typing.NamedTuple' || v.name === 'typing_extensions.NamedTuple')) return 'namedtuple';
  if (v.t !== 'opaque') {
    const what = v.t === 'gaia' || v.t === 'external' ? `${describeValue(v)} as a base class` : `a class deriving from ${describeValue(v)}`;
    rt.report('unsupported-python', `${what} is outside what Warrant evaluates (a class may derive from Claim, object or a class of the package)`, e.range);
  }
  return null;
}

/** An annotation as Gaia writes a parameter's type: a name's own name, a string's text, else the source. */
function annotationText(cx: StatementContext, e: PyExpr): string {
  if (e.kind === 'string') return e.value;
  return cx.source.slice(e.range);
}

export function defineClass(cx: StatementContext, s: ClassStatement, run: (cx: StatementContext, s: PyStatement) => void): void {
  const { rt } = cx;
  let dataclass = false;
  let frozen = false;
  let tupleLike = false;
  let ok = true;
  // Where @dataclass is written: what it refuses as it makes the class is reported there.
  let decoratedAt: SourceRange | null = null;
  for (const d of s.decorators) {
    const v = evaluate(rt, d);
    const kind = dataclassDecorator(v);
    if (kind) {
      dataclass = true;
      decoratedAt = d.range;
      frozen ||= kind === 'frozen';
    } else {
      if (v.t !== 'opaque') rt.report('unsupported-python', `decorating a class with ${describeValue(v)} is outside what Warrant evaluates (only @dataclass is)`, d.range);
      ok = false;
    }
  }
  const bases: PyClass[] = [];
  let claim = false;
  for (const b of s.bases) {
    const base = classBase(cx, b);
    if (base === null) ok = false;
    else if (base === 'claim') claim = true;
    else if (base === 'namedtuple') {
      dataclass = true;
      frozen = true;
      tupleLike = true;
    } else if (base !== 'object') {
      bases.push(base);
      claim ||= base.claim;
    }
  }
  for (const k of s.keywords) {
    rt.report('unsupported-python', `a class keyword (${k.name ?? '**'}=) is outside what Warrant evaluates`, k.range);
    ok = false;
  }
  if (claim && dataclass) {
    rt.report('unsupported-python', '@dataclass on a Claim subclass is outside what Warrant evaluates', s.range);
    ok = false;
  }
  const namespace = new Map<string, GValue>();
  const fields: ClassField[] = [];
  const first = s.body[0];
  const doc = first?.kind === 'expr' && first.value.kind === 'string' ? first.value.value : null;
  const qualname = qualnameFor(rt, s.name);
  classBodies.add(namespace);
  rt.frames.push(namespace);
  try {
    withQualname(rt, qualname, () => {
      for (const st of s.body) {
        rt.statement = st.range;
        if (st.kind === 'annAssign' && st.target.kind === 'name') {
          const value = st.value ? evaluate(rt, st.value) : null;
          // A dataclass field made with field(...): the class attribute is its default, if any.
          const spec = value && decoratedAt ? fieldSpecOf(value) : null;
          const attribute = spec ? spec.default : value;
          if (attribute) namespace.set(st.target.id, attribute);
          const at = fields.findIndex((f) => f.name === (st.target as { id: string }).id);
          const type = annotationText(cx, st.annotation);
          const field: ClassField = spec ? { name: st.target.id, type, ...spec } : { name: st.target.id, type, default: value };
          if (at >= 0) fields[at] = field;
          else fields.push(field);
          continue;
        }
        run(cx, st);
      }
    });
  } finally {
    rt.frames.pop();
  }
  if (!ok) {
    bindName(rt, s.name, { t: 'opaque' }, s.nameRange);
    return;
  }
  const c: PyClass = { name: s.name, qualname, module: rt.moduleName, bases, claim, namespace, doc, fields, dataclass, frozen, tupleLike };
  const refusal = decoratedAt ? dataclassRefusal(c) : null;
  if (decoratedAt && refusal) {
    rt.report('bad-argument', refusal, decoratedAt);
    bindName(rt, s.name, { t: 'opaque' }, s.nameRange);
    return;
  }
  // Methods remember their class, for zero-argument super().
  for (const [name, v] of namespace) if (v.t === 'function' && v.def) namespace.set(name, { ...v, owner: c });
  namespace.set('__doc__', doc === null ? { t: 'none' } : { t: 'str', v: doc });
  bindName(rt, s.name, { t: 'class', c }, s.nameRange);
}
