/**
 * The names of a Gaia package across its modules: which names, in which files, stand for
 * the same thing — a knowledge node, a helper function, a module, or a plain module-level
 * value — through imports (`from .a import x`, `from .a import x as y`, `from . import a`
 * then `a.x`, `import *`), `__all__` strings in any module, and `[@label]` / `@label`
 * references inside texts. What the editor's go to definition, find references and
 * rename read in a package opened as a project.
 *
 * A name stands for what it holds once its module has run: a knowledge node or a
 * function is the same object wherever it was imported to; any other value is followed
 * back through the imports that brought it in, else it is that module's own binding.
 * Pure: reads the package's run (its modules' syntax trees, globals and name uses).
 */
import type { PyExpr, PyModule, PyStatement } from '../../python/pyAst.ts';
import type { SourceRange } from '../../text/sourceRange.ts';
import type { CompiledPackage } from '../ir/compilePackage.ts';
import { extractReferences } from '../ir/referenceScan.ts';
import { knowledgeNodeId } from '../gaiaGraph.ts';
import type { Knowledge } from '../runtime/gaiaObjects.ts';
import type { GValue } from '../runtime/gaiaValues.ts';
import { absoluteModule } from '../runtime/moduleImports.ts';
import type { ModuleRun } from '../runtime/runModule.ts';
import type { PackageRun } from '../runtime/runPackage.ts';

/**
 * How a name occurs: bound (`x = …`, `def x`, `for x in`), read, the imported name of an
 * import (`from .a import x` — the local binding too, when there is no `as`), the
 * attribute of a module (`a.x`), an `__all__` string, or a `@label` inside a text.
 */
export type PackageUseRole = 'definition' | 'reference' | 'import' | 'attribute' | 'export' | 'citation';

export interface PackageSymbolUse {
  /** The module file, relative to the package root. */
  readonly file: string;
  /** Exactly the name's characters. */
  readonly range: SourceRange;
  /** The name as written there. */
  readonly name: string;
  readonly role: PackageUseRole;
  /** The symbol it stands for (an index into `symbols`). */
  readonly symbol: number;
}

export type PackageSymbolKind = 'claim' | 'note' | 'question' | 'helper' | 'function' | 'module' | 'value';

export interface PackageSymbol {
  readonly id: number;
  readonly kind: PackageSymbolKind;
  /** The knowledge node's label, the function's or module's name, or the bound name. */
  readonly name: string;
  /** The graph node a knowledge symbol is drawn as. */
  readonly nodeId: string | null;
  /** Where it is defined: its first binding in the module that made it, else the statement that made it. */
  readonly definition: { readonly file: string; readonly range: SourceRange } | null;
  /**
   * Knowledge: whether its label is the name the module that made it binds it to (so
   * renaming that name relabels it), rather than one set in code (`x.label = …`).
   */
  readonly labelledByName: boolean;
}

export interface PackageSymbolIndex {
  /** Every occurrence, by file (root-relative path order) then position. */
  readonly uses: readonly PackageSymbolUse[];
  readonly symbols: readonly PackageSymbol[];
}

export interface PackageEdit {
  readonly file: string;
  readonly range: SourceRange;
  readonly text: string;
}

export type RenameResult = { readonly edits: readonly PackageEdit[] } | { readonly refused: string };

/** Uses that bind or read a module-level name of their own file (not `a.x`, `__all__`, `@x`, or the imported half of `import x as y`; the module's bindings cover plain imports). */
const BINDING_ROLES: ReadonlySet<PackageUseRole> = new Set(['definition', 'reference']);

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;
const PYTHON_KEYWORDS = new Set([
  'False',
  'None',
  'True',
  'and',
  'as',
  'assert',
  'async',
  'await',
  'break',
  'class',
  'continue',
  'def',
  'del',
  'elif',
  'else',
  'except',
  'finally',
  'for',
  'from',
  'global',
  'if',
  'import',
  'in',
  'is',
  'lambda',
  'nonlocal',
  'not',
  'or',
  'pass',
  'raise',
  'return',
  'try',
  'while',
  'with',
  'yield',
]);

/** Values that are not the package's own (Gaia Lang, the standard library, builtins): never package symbols. */
const FOREIGN: ReadonlySet<GValue['t']> = new Set(['gaia', 'module', 'external', 'builtin', 'method', 'namespace', 'metadata']);

function compareUses(a: PackageSymbolUse, b: PackageSymbolUse): number {
  if (a.file !== b.file) return a.file < b.file ? -1 : 1;
  return a.range.line - b.range.line || a.range.column - b.range.column;
}

function sameRange(a: SourceRange, b: SourceRange): boolean {
  return a.line === b.line && a.column === b.column && a.endLine === b.endLine && a.endColumn === b.endColumn;
}

/** The range of `length` characters starting where `r` starts. */
function headOf(r: SourceRange, length: number): SourceRange {
  return { line: r.line, column: r.column, endLine: r.line, endColumn: r.column + length };
}

/** The range of `length` characters ending where `r` ends. */
function tailOf(r: SourceRange, length: number): SourceRange {
  return { line: r.endLine, column: r.endColumn - length, endLine: r.endLine, endColumn: r.endColumn };
}

/** Every statement of a module, nested blocks included. */
function* statementsOf(body: readonly PyStatement[]): Generator<PyStatement> {
  for (const s of body) {
    yield s;
    if (s.kind === 'for' || s.kind === 'if') {
      yield* statementsOf(s.body);
      yield* statementsOf(s.orelse);
    } else if (s.kind === 'def') yield* statementsOf(s.body);
  }
}

/** The expressions a statement holds directly. */
function expressionsOf(s: PyStatement): PyExpr[] {
  switch (s.kind) {
    case 'assign':
      return [s.value];
    case 'expr':
      return [s.value];
    case 'assignTarget':
      return [...s.targets, s.value];
    case 'annAssign':
      return s.value ? [s.target, s.annotation, s.value] : [s.target, s.annotation];
    case 'augAssign':
      return [s.target, s.value];
    case 'for':
      return [s.target, s.iter];
    case 'if':
      return [s.test];
    case 'def':
      return [...s.decorators, ...s.params.flatMap((p) => [p.default, p.annotation].filter((x): x is PyExpr => x !== null)), ...(s.returns ? [s.returns] : [])];
    case 'return':
      return s.value ? [s.value] : [];
    case 'del':
      return [...s.targets];
    default:
      return [];
  }
}

/** An expression and everything inside it. */
function* walk(e: PyExpr): Generator<PyExpr> {
  yield e;
  switch (e.kind) {
    case 'list':
    case 'tuple':
    case 'set':
      for (const i of e.items) yield* walk(i);
      break;
    case 'dict':
      for (const { key, value } of e.entries) {
        yield* walk(key);
        yield* walk(value);
      }
      break;
    case 'attribute':
      yield* walk(e.value);
      break;
    case 'call':
      yield* walk(e.func);
      for (const a of e.args) yield* walk(a);
      for (const k of e.keywords) yield* walk(k.value);
      break;
    case 'unary':
      yield* walk(e.operand);
      break;
    case 'binary':
      yield* walk(e.left);
      yield* walk(e.right);
      break;
    case 'fstring':
      for (const p of e.parts) if (p.kind === 'field') yield* walk(p.value);
      break;
    case 'subscript':
      yield* walk(e.value);
      yield* walk(e.index);
      break;
    case 'starred':
      yield* walk(e.value);
      break;
    case 'compare':
      yield* walk(e.left);
      for (const c of e.comparators) yield* walk(c);
      break;
    case 'boolOp':
      for (const v of e.values) yield* walk(v);
      break;
    case 'ifExp':
      yield* walk(e.test);
      yield* walk(e.body);
      yield* walk(e.orelse);
      break;
    case 'slice':
      for (const part of [e.lower, e.upper, e.step]) if (part) yield* walk(part);
      break;
    case 'comprehension':
      yield* walk(e.element);
      if (e.value) yield* walk(e.value);
      for (const c of e.clauses) {
        yield* walk(c.target);
        yield* walk(c.iter);
        for (const test of c.ifs) yield* walk(test);
      }
      break;
    default:
      break;
  }
}

function* expressionsOfModule(module: PyModule): Generator<PyExpr> {
  for (const s of statementsOf(module.body)) for (const e of expressionsOf(s)) yield* walk(e);
}

function isAllTarget(e: PyExpr): boolean {
  return e.kind === 'name' && e.id === '__all__';
}

/** The string literals that spell `__all__` entries: in what is assigned, added or extended to it. */
function allStrings(module: PyModule): Extract<PyExpr, { kind: 'string' }>[] {
  const out: Extract<PyExpr, { kind: 'string' }>[] = [];
  const collect = (e: PyExpr | null): void => {
    if (!e) return;
    if (e.kind === 'string') out.push(e);
    else if (e.kind === 'list' || e.kind === 'tuple') for (const i of e.items) collect(i);
    else if (e.kind === 'binary' && e.op === '+') {
      collect(e.left);
      collect(e.right);
    }
  };
  for (const s of statementsOf(module.body)) {
    if (s.kind === 'assign' && s.target === '__all__') collect(s.value);
    else if (s.kind === 'annAssign' && isAllTarget(s.target)) collect(s.value);
    else if (s.kind === 'augAssign' && isAllTarget(s.target)) collect(s.value);
    else if (s.kind === 'assignTarget' && s.targets.some(isAllTarget)) collect(s.value);
    else if (s.kind === 'expr' && s.value.kind === 'call' && s.value.func.kind === 'attribute' && isAllTarget(s.value.func.value)) {
      const method = s.value.func.attr;
      if (method === 'append' || method === 'extend' || method === 'insert') for (const a of s.value.args) collect(a);
    }
  }
  return out;
}

/** Offset ↔ position inside one module's text. */
class Positions {
  private readonly starts: number[] = [0];
  constructor(private readonly lines: readonly string[]) {
    for (const l of lines) this.starts.push(this.starts[this.starts.length - 1]! + l.length + 1);
  }
  offset(line: number, column: number): number {
    return (this.starts[line - 1] ?? 0) + column - 1;
  }
  position(offset: number): { line: number; column: number } {
    let lo = 0;
    let hi = this.lines.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      if (this.starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - this.starts[lo]! + 1 };
  }
  text(): string {
    return this.lines.join('\n');
  }
}

interface ImportLink {
  readonly from: ModuleRun;
  readonly name: string;
}

class Indexer {
  private readonly symbols: PackageSymbol[] = [];
  private readonly byObject = new Map<object, number>();
  private readonly byBinding = new Map<string, number>();
  private readonly modules = new Map<string, ModuleRun>();
  /** Per module: local name → where an import brought it from. */
  private readonly imports = new Map<ModuleRun, Map<string, ImportLink>>();
  private readonly uses: PackageSymbolUse[] = [];
  private readonly labels = new Map<string, Knowledge>();
  /** Knowledge symbols, to fill in their definitions once every use is known. */
  private readonly knowledgeOf = new Map<number, Knowledge>();

  constructor(
    private readonly run: PackageRun,
    private readonly compiled: CompiledPackage,
  ) {
    for (const m of run.modules) this.modules.set(m.name, m);
    for (const k of run.pkg.knowledge) if (k.label !== null && !this.labels.has(k.label)) this.labels.set(k.label, k);
  }

  private add(key: object | string, make: (id: number) => PackageSymbol): number {
    const found = typeof key === 'string' ? this.byBinding.get(key) : this.byObject.get(key);
    if (found !== undefined) return found;
    const id = this.symbols.length;
    this.symbols.push(make(id));
    if (typeof key === 'string') this.byBinding.set(key, id);
    else this.byObject.set(key, id);
    return id;
  }

  knowledgeSymbol(k: Knowledge): number {
    const id = this.add(k, (id) => {
      const qid = this.compiled.knowledgeIds.get(k) ?? null;
      const generated = k.type === 'claim' && (!k.options.claimClass || k.metadata['generated'] === true);
      return {
        id,
        kind: generated ? 'helper' : k.type,
        name: k.label ?? (qid ? knowledgeNodeId(qid) : ''),
        nodeId: qid ? knowledgeNodeId(qid) : null,
        definition: k.origin.file ? { file: k.origin.file, range: k.origin.statement } : null,
        labelledByName: this.labelledByName(k),
      };
    });
    this.knowledgeOf.set(id, k);
    return id;
  }

  /** Gaia labels a node with the first name its own module binds it to, unless code set a label first (`result.label = "clock"` inside a function, then `clock = …`, is code's). */
  private labelledByName(k: Knowledge): boolean {
    if (k.label === null || !k.labelledByName) return false;
    return this.run.modules.some((m) => {
      if (m.rt.sourceModule !== k.sourceModule || (k.owner !== null && m.rt.pkg !== k.owner)) return false;
      const v = m.rt.globals.get(k.label!);
      return v?.t === 'knowledge' && v.k === k;
    });
  }

  moduleSymbol(m: ModuleRun | undefined, name: string): number | null {
    if (!m) return null;
    return this.add(m.rt, (id) => ({
      id,
      kind: 'module',
      name: name.slice(name.lastIndexOf('.') + 1),
      nodeId: null,
      definition: m.file ? { file: m.file, range: { line: 1, column: 1, endLine: 1, endColumn: 1 } } : null,
      labelledByName: false,
    }));
  }

  /** What `name` stands for in module `m`, or null for names that are not the package's own. */
  targetOf(m: ModuleRun, name: string, depth = 0): number | null {
    const value = m.rt.globals.get(name);
    if (value) {
      if (value.t === 'knowledge') return this.knowledgeSymbol(value.k);
      if (value.t === 'pymodule') return this.moduleSymbol(this.modules.get(value.m.name), value.m.name);
      if (value.t === 'function') return this.add(value, (id) => ({ id, kind: 'function', name: value.name, nodeId: null, definition: null, labelledByName: false }));
      if (FOREIGN.has(value.t)) return null;
    }
    const link = this.imports.get(m)?.get(name);
    if (link && depth < 50) return this.targetOf(link.from, link.name, depth + 1);
    if (!value && !link) {
      // Never bound at module level (a function's local, a name that failed): no symbol.
      return null;
    }
    return this.add(`${m.name}#${name}`, (id) => ({ id, kind: 'value', name, nodeId: null, definition: null, labelledByName: false }));
  }

  private use(m: ModuleRun, range: SourceRange, name: string, role: PackageUseRole, symbol: number | null): void {
    if (symbol === null || m.file === null) return;
    this.uses.push({ file: m.file, range, name, role, symbol });
  }

  /** Resolves each module's imports first, so that values are followed through them. */
  private linkImports(m: ModuleRun): Extract<PyStatement, { kind: 'importFrom' }>[] {
    const links = new Map<string, ImportLink>();
    const statements: Extract<PyStatement, { kind: 'importFrom' }>[] = [];
    for (const s of statementsOf(m.module.body)) {
      if (s.kind !== 'importFrom') continue;
      statements.push(s);
      const source = this.sourceModule(m, s.module);
      if (!source) continue;
      for (const n of s.names) if (n.name !== '*') links.set(n.asName ?? n.name, { from: source, name: n.name });
    }
    this.imports.set(m, links);
    return statements;
  }

  private sourceModule(m: ModuleRun, written: string): ModuleRun | undefined {
    const absolute = absoluteModule(m.rt, written);
    return absolute === null ? undefined : this.modules.get(absolute);
  }

  index(): PackageSymbolIndex {
    const runs = this.run.modules.filter((m) => m.file !== null);
    const importStatements = new Map(runs.map((m) => [m, this.linkImports(m)] as const));
    for (const m of runs) this.indexModule(m, importStatements.get(m) ?? []);
    // One use per place (a helper called twice records its reads twice).
    const seen = new Set<string>();
    const uses = this.uses.filter((u) => {
      const key = `${u.file}|${u.range.line}:${u.range.column}-${u.range.endLine}:${u.range.endColumn}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    uses.sort(compareUses);
    const symbols = this.symbols.map((s) => ({ ...s, definition: this.definitionOf(s, uses) }));
    return { uses, symbols };
  }

  /** The first binding, in the file that made it and under its own name, else where it was made. */
  private definitionOf(s: PackageSymbol, uses: readonly PackageSymbolUse[]): PackageSymbol['definition'] {
    if (s.kind === 'module') return s.definition;
    const k = this.knowledgeOf.get(s.id);
    const home = k?.origin.file ?? null;
    const bindings = uses.filter((u) => u.symbol === s.id && u.role === 'definition');
    const own = bindings.find((u) => u.file === home && u.name === s.name) ?? bindings.find((u) => u.name === s.name) ?? (k ? undefined : bindings[0]);
    if (own) return { file: own.file, range: own.range };
    return s.definition;
  }

  private indexModule(m: ModuleRun, importStatements: readonly Extract<PyStatement, { kind: 'importFrom' }>[]): void {
    // Names bound by imports: the runtime records `x as y` as one range; split it here.
    const importRanges: SourceRange[] = [];
    for (const s of importStatements) {
      const source = this.sourceModule(m, s.module);
      for (const n of s.names) {
        if (n.name === '*') continue;
        importRanges.push(n.range);
        if (!source) continue;
        const imported = headOf(n.range, n.name.length);
        const inSource = source.rt.globals.has(n.name) ? this.targetOf(source, n.name) : this.moduleSymbol(this.modules.get(`${source.name}.${n.name}`), `${source.name}.${n.name}`);
        this.use(m, imported, n.name, 'import', inSource);
        if (n.asName !== null) this.use(m, tailOf(n.range, n.asName.length), n.asName, 'definition', this.targetOf(m, n.asName));
      }
    }
    for (const s of statementsOf(m.module.body)) {
      if (s.kind !== 'import') continue;
      for (const n of s.names) {
        importRanges.push(n.range);
        const target = this.modules.get(n.name);
        if (!target) continue;
        const local = n.asName ?? n.name.split('.')[0]!;
        const range = n.asName !== null ? tailOf(n.range, n.asName.length) : headOf(n.range, local.length);
        this.use(m, range, local, n.asName !== null ? 'definition' : 'import', this.targetOf(m, local));
      }
    }
    for (const u of m.rt.uses) {
      if (u.kind === 'definition' && importRanges.some((r) => sameRange(r, u.range))) continue;
      this.use(m, u.range, u.name, u.kind === 'reference' ? 'reference' : 'definition', this.targetOf(m, u.name));
    }
    for (const e of expressionsOfModule(m.module)) if (e.kind === 'attribute') this.attributeUse(m, e);
    for (const s of allStrings(m.module)) {
      if (s.prefix.toLowerCase().includes('f')) continue;
      const written = m.source.slice(s.range);
      const plain = s.range.line === s.range.endLine && /^(['"])(.*)\1$/.exec(written)?.[2] === s.value;
      if (!plain || !IDENTIFIER.test(s.value)) continue;
      this.use(m, { ...s.range, column: s.range.column + 1, endColumn: s.range.endColumn - 1 }, s.value, 'export', this.targetOf(m, s.value));
    }
    this.citationUses(m);
  }

  /** `a.x` where `a` is a module of the package: a use of that module's `x`. */
  private attributeUse(m: ModuleRun, e: Extract<PyExpr, { kind: 'attribute' }>): void {
    const base = this.moduleValue(m, e.value);
    if (!base) return;
    const range = tailOf(e.range, e.attr.length);
    if (m.source.slice(range) !== e.attr) return;
    const symbol = base.rt.globals.has(e.attr) ? this.targetOf(base, e.attr) : this.moduleSymbol(this.modules.get(`${base.name}.${e.attr}`), `${base.name}.${e.attr}`);
    this.use(m, range, e.attr, 'attribute', symbol);
  }

  /** The package module an expression names (`a`, `pkg.sub`), if any. */
  private moduleValue(m: ModuleRun, e: PyExpr): ModuleRun | undefined {
    if (e.kind === 'name') {
      const v = m.rt.globals.get(e.id);
      return v?.t === 'pymodule' ? this.modules.get(v.m.name) : undefined;
    }
    if (e.kind === 'attribute') {
      const base = this.moduleValue(m, e.value);
      const v = base?.rt.globals.get(e.attr);
      return v?.t === 'pymodule' ? this.modules.get(v.m.name) : undefined;
    }
    return undefined;
  }

  /** `[@label]` and `@label` in the module's string literals, for labels of the package. */
  private citationUses(m: ModuleRun): void {
    if (this.labels.size === 0) return;
    let positions: Positions | null = null;
    for (const e of expressionsOfModule(m.module)) {
      if (e.kind !== 'string' && e.kind !== 'fstring') continue;
      const raw = m.source.slice(e.range);
      if (!raw.includes('@')) continue;
      positions ??= new Positions(m.source.lines);
      const start = positions.offset(e.range.line, e.range.column);
      for (const marker of extractReferences(raw)) {
        const k = this.labels.get(marker.key);
        if (!k) continue;
        const from = positions.position(start + marker.start + 1);
        const range = { line: from.line, column: from.column, endLine: from.line, endColumn: from.column + marker.key.length };
        if (m.source.slice(range) !== marker.key) continue;
        this.use(m, range, marker.key, 'citation', this.knowledgeSymbol(k));
      }
    }
  }
}

/** The package's names across its modules (see the file comment). */
export function indexPackageSymbols(analysis: { readonly run: PackageRun; readonly compiled: CompiledPackage }): PackageSymbolIndex {
  return new Indexer(analysis.run, analysis.compiled).index();
}

/** The use at (line, column) of `file`; the caret just after a name counts as on it. */
export function packageSymbolAt(index: PackageSymbolIndex, file: string, line: number, column: number): PackageSymbolUse | null {
  for (const u of index.uses) {
    if (u.file !== file) continue;
    if (u.range.line === line && column >= u.range.column && column <= u.range.endColumn) return u;
  }
  return null;
}

/** Every use of the same symbol, in every file. */
export function packageReferences(index: PackageSymbolIndex, use: PackageSymbolUse): PackageSymbolUse[] {
  return index.uses.filter((u) => u.symbol === use.symbol);
}

/** Where the symbol a use stands for is defined. */
export function packageDefinition(index: PackageSymbolIndex, use: PackageSymbolUse): { readonly file: string; readonly range: SourceRange } | null {
  return index.symbols[use.symbol]?.definition ?? null;
}

/**
 * The edits that rename the name at (line, column) of `file` everywhere it means the same
 * thing: every use of that symbol written with that name — bindings, reads, the imported
 * names of imports, module attributes, `__all__` strings and `@label` references. An
 * alias (`import x as y`) is a name of its own: renaming `y` leaves `x` alone, and renaming
 * `x` leaves `y`. Refused, with the reason, when the new name is not a Python identifier,
 * is taken where it would land, or would relabel a node onto another node's label.
 */
export function renamePackageSymbol(index: PackageSymbolIndex, file: string, line: number, column: number, newName: string, boundNames: (file: string) => ReadonlySet<string>): RenameResult {
  const at = packageSymbolAt(index, file, line, column);
  if (!at) return { refused: 'Only names of the package (claims, notes, questions, helpers and module-level values) can be renamed.' };
  const symbol = index.symbols[at.symbol]!;
  if (symbol.kind === 'module') return { refused: `${at.name} is a module: rename its file instead.` };
  if (!IDENTIFIER.test(newName)) return { refused: `"${newName}" is not a valid name: a letter or _, then letters, digits or _.` };
  if (PYTHON_KEYWORDS.has(newName)) return { refused: `"${newName}" is a Python keyword.` };
  if (newName.startsWith('__') && newName.endsWith('__')) return { refused: `"${newName}" is a dunder name, which never labels anything in Gaia.` };
  const renamed = index.uses.filter((u) => u.symbol === at.symbol && u.name === at.name);
  if (newName === at.name) return { edits: [] };
  // The file being edited first, so the message names the place the user is looking at.
  const files = [...new Set([at.file, ...renamed.filter((u) => u.role !== 'citation').map((u) => u.file)])];
  for (const f of files) {
    const clash = index.uses.find((u) => u.file === f && u.name === newName && u.symbol !== at.symbol && BINDING_ROLES.has(u.role));
    if (clash || boundNames(f).has(newName)) return { refused: `${newName} is already defined in ${f}.` };
  }
  const relabels = symbol.nodeId !== null && symbol.name === at.name;
  if (relabels && !symbol.labelledByName) {
    return { refused: `${at.name} is a label set in code (x.label = …), not taken from a name: change it where it is set, then rename the names that hold it.` };
  }
  if (relabels && index.symbols.some((s) => s.id !== symbol.id && s.nodeId === newName)) return { refused: `${newName} already labels another node of the package.` };
  return { edits: renamed.map((u) => ({ file: u.file, range: u.range, text: newName })) };
}

/** The module-level names each file binds, for rename's clash check. */
export function boundNamesOf(run: PackageRun): (file: string) => ReadonlySet<string> {
  const byFile = new Map<string, ReadonlySet<string>>();
  for (const m of run.modules) if (m.file !== null) byFile.set(m.file, new Set(m.rt.globals.keys()));
  return (file) => byFile.get(file) ?? new Set();
}
