/**
 * Runs a parsed package module the way Gaia's loader does: statements top to bottom,
 * then labels from the module's variable names (the first name bound to each knowledge
 * object, in the order names were first bound), then the root `__all__`. Nothing here
 * throws for bad input: what Gaia would reject becomes a diagnostic.
 */
import type { PyModule, PyStatement } from '../../python/pyAst.ts';
import type { SourceRange } from '../../text/sourceRange.ts';
import { SourceText } from '../text/sourceText.ts';
import { evaluate } from './evaluateExpression.ts';
import type { Knowledge } from './gaiaObjects.ts';
import { COMPAT_ONLY, GAIA_LANG_MODULES, isBayesModule, isGaiaLangName, STAR_IMPORT_NAMES } from './gaiaNames.ts';
import { GaiaRuntime } from './gaiaRuntime.ts';
import type { GValue } from './gaiaValues.ts';
import { OPAQUE, describeValue } from './gaiaValues.ts';

export interface ExportEntry {
  readonly name: string;
  readonly range: SourceRange | null;
}

export interface ModuleRun {
  readonly rt: GaiaRuntime;
  /** Knowledge exported through `__all__` (only when every entry checks out). */
  readonly exported: ReadonlySet<Knowledge>;
  /** The `__all__` entries as written, for the symbol index. */
  readonly exportEntries: readonly ExportEntry[];
  readonly source: SourceText;
}

const COMPAT_MODULE = 'gaia.engine.lang.compat';

export function runModule(module: PyModule, text: string, moduleName: string): ModuleRun {
  const rt = new GaiaRuntime(moduleName);
  const source = new SourceText(text);
  for (const e of module.errors) rt.report('syntax', e.message, e.range);
  const knowledgeAssignments: { name: string; range: SourceRange; k: Knowledge }[] = [];
  for (const s of module.body) {
    rt.statement = s.range;
    rt.subject = s.kind === 'assign' && !isDunder(s.target) ? s.target : null;
    runStatement(rt, s, source, knowledgeAssignments);
  }
  rt.subject = null;
  assignLabels(rt);
  for (const a of knowledgeAssignments) {
    if (a.k.label === null && !isDunder(a.name)) {
      rt.report('shadowed-label', `${a.name} is bound again later, so this ${a.k.type} gets no label (Gaia names it _anon_NNN)`, a.range);
    }
  }
  const { exported, entries } = rootExports(rt);
  return { rt, exported, exportEntries: entries, source };
}

function isDunder(name: string): boolean {
  return name.startsWith('__') && name.endsWith('__');
}

function bind(rt: GaiaRuntime, name: string, value: GValue, range: SourceRange): void {
  rt.globals.set(name, value);
  rt.uses.push({ name, kind: 'definition', range });
}

function runStatement(rt: GaiaRuntime, s: PyStatement, source: SourceText, assignments: { name: string; range: SourceRange; k: Knowledge }[]): void {
  switch (s.kind) {
    case 'assign': {
      const value = evaluate(rt, s.value);
      bind(rt, s.target, value, s.targetRange);
      if (value.t === 'knowledge') assignments.push({ name: s.target, range: s.targetRange, k: value.k });
      return;
    }
    case 'expr':
      evaluate(rt, s.value);
      return;
    case 'importFrom':
      importFrom(rt, s);
      return;
    case 'import':
      importModules(rt, s);
      return;
    case 'unsupported':
      unsupportedStatement(rt, s, source);
      return;
  }
}

function importFrom(rt: GaiaRuntime, s: Extract<PyStatement, { kind: 'importFrom' }>): void {
  const m = s.module;
  if (m === '__future__') return;
  for (const { name, asName, range } of s.names) {
    const local = asName ?? name;
    if (GAIA_LANG_MODULES.has(m)) {
      if (name === '*') {
        const names = m === COMPAT_MODULE ? [...COMPAT_ONLY] : STAR_IMPORT_NAMES;
        for (const n of names) rt.globals.set(n, { t: 'gaia', name: n });
        continue;
      }
      const known = m === COMPAT_MODULE ? COMPAT_ONLY.has(name) || name === 'ClaimAtom' : isGaiaLangName(name);
      if (known) bind(rt, local, { t: 'gaia', name }, range);
      else {
        rt.report('unknown-import', `${m} has no name ${name}`, range);
        bind(rt, local, OPAQUE, range);
      }
      continue;
    }
    if (isBayesModule(m) || (m === 'gaia.engine' && name === 'bayes')) {
      rt.report('unsupported', 'the bayes module (gaia.engine.bayes) is not modelled by Warrant', range);
    } else if (m.startsWith('gaia')) {
      rt.report('unsupported-import', `Warrant reads Gaia Lang from gaia.engine.lang; ${name} from ${m} is not modelled`, range);
    } else {
      rt.report('unsupported-import', `a package is read as one module: ${name} from ${m} cannot be followed, so its value is unknown`, range);
    }
    if (name !== '*') bind(rt, local, OPAQUE, range);
  }
}

function importModules(rt: GaiaRuntime, s: Extract<PyStatement, { kind: 'import' }>): void {
  for (const { name, asName, range } of s.names) {
    const local = asName ?? name.split('.')[0]!;
    const path = asName ? name : local;
    if (isBayesModule(name)) {
      rt.report('unsupported', 'the bayes module (gaia.engine.bayes) is not modelled by Warrant', range);
      bind(rt, local, OPAQUE, range);
    } else if ([...GAIA_LANG_MODULES].some((g) => g === name || g.startsWith(name + '.'))) {
      bind(rt, local, { t: 'module', path }, range);
    } else {
      rt.report('unsupported-import', `a package is read as one module: ${name} cannot be followed, so its value is unknown`, range);
      bind(rt, local, OPAQUE, range);
    }
  }
}

/** Compound statements: reported, but their names still bound so later uses are quiet. */
function unsupportedStatement(rt: GaiaRuntime, s: Extract<PyStatement, { kind: 'unsupported' }>, source: SourceText): void {
  const text = source.slice(s.range);
  const decorator = /^@\s*([A-Za-z_][\w.]*)/.exec(text)?.[1];
  const def = /^(?:@[^\n]*\n\s*)*(?:async\s+)?def\s+([A-Za-z_]\w*)/.exec(text);
  const cls = /^(?:@[^\n]*\n\s*)*class\s+([A-Za-z_]\w*)/.exec(text);
  if (decorator === 'compose' || decorator === 'composition' || decorator === 'compute') {
    rt.report('unsupported', `@${decorator}: Warrant does not model ${decorator === 'compute' ? 'functions run by the @compute decorator' : 'compose'}`, s.range);
  } else {
    rt.report('unsupported-python', `${s.what} is outside the Python that Gaia packages are read in`, s.range);
  }
  const m = def ?? cls;
  if (!m) return;
  const name = m[1]!;
  const offset = m.index + m[0].length - name.length;
  const before = text.slice(0, offset);
  const nl = before.lastIndexOf('\n');
  const line = s.range.line + before.split('\n').length - 1;
  const column = nl === -1 ? s.range.column + offset : offset - nl;
  const range = { line, column, endLine: line, endColumn: column + name.length };
  bind(rt, name, def && !decorator ? { t: 'function', name, source: source.wholeLines(s.range), range: s.range } : OPAQUE, range);
}

/** Gaia's `_assign_labels`: first-bound names win; dunders never label anything. */
function assignLabels(rt: GaiaRuntime): void {
  for (const [name, value] of rt.globals) {
    if (isDunder(name)) continue;
    if (value.t === 'knowledge' && value.k.label === null) value.k.label = name;
  }
}

/** Gaia's `_record_root_exports`: every `__all__` name must be a local knowledge object carrying that label. */
function rootExports(rt: GaiaRuntime): { exported: Set<Knowledge>; entries: ExportEntry[] } {
  const exported = new Set<Knowledge>();
  const all = rt.globals.get('__all__');
  if (all === undefined || all.t === 'opaque') return { exported, entries: [] };
  const where = rt.uses.filter((u) => u.name === '__all__' && u.kind === 'definition').at(-1)?.range ?? { line: 1, column: 1, endLine: 1, endColumn: 1 };
  if (all.t !== 'seq') {
    rt.report('export-error', `__all__ must be a list or tuple of strings, not ${describeValue(all)}`, where);
    return { exported, entries: [] };
  }
  const entries: ExportEntry[] = [];
  for (const item of all.items) {
    if (item.t === 'opaque') continue;
    if (item.t !== 'str') {
      rt.report('export-error', `__all__ must contain only strings, not ${describeValue(item)}`, where);
      return { exported: new Set(), entries };
    }
    entries.push({ name: item.v, range: item.range ?? null });
  }
  let ok = true;
  for (const { name, range } of entries) {
    const at = range ?? where;
    const value = rt.globals.get(name);
    const fail = (message: string): void => {
      rt.report('export-error', message, at);
      ok = false;
    };
    if (value === undefined) fail(`__all__ exports '${name}', but the module has no such name`);
    else if (value.t === 'opaque') continue;
    else if (value.t !== 'knowledge') fail(`__all__ exports '${name}', which is ${describeValue(value)}, not a Gaia knowledge object`);
    else if (value.k.label !== name) fail(`__all__ exports '${name}', but that object is labelled '${value.k.label}'; exported names must match their labels`);
    else if (exported.has(value.k)) fail(`__all__ exports '${name}' twice`);
    else exported.add(value.k);
  }
  return { exported: ok ? exported : new Set(), entries };
}
