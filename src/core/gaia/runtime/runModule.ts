/**
 * Runs one parsed module of a package the way Python does when Gaia imports it:
 * statements top to bottom, in the module's own namespace, declaring into the package's
 * collector. Labels and the root `__all__` are applied by the package runner once every
 * module has run (runPackage.ts), as Gaia's loader does. Nothing here throws for bad
 * input: what Gaia would reject becomes a diagnostic.
 */
import type { PyModule, PyStatement } from '../../python/pyAst.ts';
import type { SourceRange } from '../../text/sourceRange.ts';
import { SourceText } from '../text/sourceText.ts';
import type { KnowledgeAssignment } from './executeStatements.ts';
import { runTopLevel } from './executeStatements.ts';
import type { Knowledge } from './gaiaObjects.ts';
import type { GaiaRuntime } from './gaiaRuntime.ts';
import { OPAQUE, describeValue } from './gaiaValues.ts';
import { bindName as bind } from './moduleImports.ts';
import { isOperandLift } from './verbs/liftOperand.ts';

export interface ExportEntry {
  readonly name: string;
  readonly range: SourceRange | null;
}

/** One module after it ran. */
export interface ModuleRun {
  readonly rt: GaiaRuntime;
  /** The dotted import name. */
  readonly name: string;
  /** The file, relative to the package root; null for a lone module. */
  readonly file: string | null;
  readonly module: PyModule;
  readonly source: SourceText;
  /** The `__all__` entries as written (the root module's), for the symbol index. */
  exportEntries: readonly ExportEntry[];
  /** Names bound to knowledge this module made, for the shadowed-label check. */
  readonly knowledgeAssignments: readonly KnowledgeAssignment[];
}

export type { KnowledgeAssignment };

/** Runs the statements of a module in `rt` (which must be registered before, for import cycles). */
export function executeModule(rt: GaiaRuntime, module: PyModule, text: string, name: string): ModuleRun {
  const source = new SourceText(text);
  const knowledgeAssignments: KnowledgeAssignment[] = [];
  const run: ModuleRun = { rt, name, file: rt.file, module, source, exportEntries: [], knowledgeAssignments };
  for (const e of module.errors) rt.report('syntax', e.message, e.range);
  runTopLevel({ rt, source, assignments: knowledgeAssignments, unsupported: (s) => unsupportedStatement(rt, s, source) }, module.body);
  return run;
}

/** The first line of the module's docstring: Gaia's module title. */
export function moduleTitle(run: ModuleRun): string | null {
  const first = run.module.body[0];
  if (!first || first.kind !== 'expr' || first.value.kind !== 'string') return null;
  const doc = first.value.value.trim();
  return doc === '' ? null : doc.split('\n')[0]!.trim();
}

function isDunder(name: string): boolean {
  return name.startsWith('__') && name.endsWith('__');
}

/** Compound statements: reported, but their names still bound so later uses are quiet. */
function unsupportedStatement(rt: GaiaRuntime, s: Extract<PyStatement, { kind: 'unsupported' }>, source: SourceText): void {
  const text = source.slice(s.range);
  const decorator = /^@\s*([A-Za-z_][\w.]*)/.exec(text)?.[1];
  const def = /^(?:@[^\n]*\n\s*)*(?:async\s+)?def\s+([A-Za-z_]\w*)/.exec(text);
  const cls = /^(?:@[^\n]*\n\s*)*class\s+([A-Za-z_]\w*)/.exec(text);
  if (decorator === 'compute') {
    rt.report('unsupported', '@compute: Warrant does not model functions run by the @compute decorator', s.range);
  } else if (decorator === 'compose' || decorator === 'composition') {
    rt.report('unsupported', `@${decorator}: Warrant composes a plain def under compose decorators only (not an async def, nor one with other decorators)`, s.range);
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

/**
 * Gaia's `_assign_labels` for one module: the module's first-bound name labels each node
 * the module itself made (a node imported from another module keeps that module's name);
 * dunders never label anything.
 */
export function assignLabels(rt: GaiaRuntime): void {
  for (const [name, value] of rt.globals) {
    if (isDunder(name)) continue;
    if (value.t === 'knowledge' && value.k.label === null && value.k.sourceModule === rt.sourceModule) {
      value.k.label = name;
      value.k.labelledByName = true;
    }
  }
}

/** A name bound to a node of this module that still has no label was rebound: warn. */
export function reportShadowedLabels(run: ModuleRun): void {
  for (const a of run.knowledgeAssignments) {
    if (a.k.label === null && !isDunder(a.name)) {
      run.rt.report('shadowed-label', `${a.name} is bound again later, so this ${a.k.type} gets no label (Gaia names it _anon_NNN)`, a.range);
    }
  }
}

/** Gaia's `_record_root_exports`: every `__all__` name must be a local knowledge object carrying that label. */
export function rootExports(rt: GaiaRuntime): { exported: Set<Knowledge>; entries: ExportEntry[] } {
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
    else if (value.k.label !== name)
      fail(
        `__all__ exports '${name}', but that object is ${value.k.label === null ? 'unlabelled (a name in the module that made it labels it)' : `labelled '${value.k.label}'`}; exported names must match their labels`,
      );
    else if (isOperandLift(value.k))
      fail(
        `__all__ exports '${name}', but it is an implicit lift helper created to adapt a Formula/BoolExpr operand. If that formula is part of the public surface, write an explicit claim(..., formula=...) and export that named claim instead`,
      );
    else if (exported.has(value.k)) fail(`__all__ exports '${name}' twice`);
    else exported.add(value.k);
  }
  return { exported: ok ? exported : new Set(), entries };
}
