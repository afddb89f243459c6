/**
 * Where each module name is defined and used, for go-to-definition, references, rename
 * and hover: assignment targets, imports and `def`s (definitions), name expressions
 * (references), and the strings of `__all__` (exports — renaming a claim renames its
 * export too). Each name also gets what it stands for after the module has run.
 */
import type { SymbolUse, SymbolUseKind } from '../clair/symbolIndex.ts';
import type { SourceRange } from '../text/sourceRange.ts';
import type { CompiledPackage } from './ir/compilePackage.ts';
import type { IrKnowledge } from './ir/irTypes.ts';
import { knowledgeNodeId } from './gaiaGraph.ts';
import type { SymbolRole } from './runtime/gaiaRuntime.ts';
import type { GValue } from './runtime/gaiaValues.ts';
import { describeValue } from './runtime/gaiaValues.ts';
import type { ModuleRun } from './runtime/runModule.ts';
import { PyFloat } from './text/pythonJson.ts';

/**
 * One occurrence of a name. `kind` is the editor's shared vocabulary (CLAIR's
 * `SymbolUse`): a definition, a use in reasoning (`justification`), or a mention in
 * `__all__`; `role` says which Python construct it is.
 */
export interface GaiaSymbolUse extends SymbolUse {
  readonly role: SymbolRole;
}

const KIND_OF_ROLE: Readonly<Record<SymbolRole, SymbolUseKind>> = { definition: 'definition', reference: 'justification', export: 'mention' };

export interface GaiaSymbol {
  readonly name: string;
  /** `claim`, `note`, `question`, `helper`, or a description of any other value. */
  readonly kind: string;
  /** The first place the name is bound. */
  readonly definition: SourceRange | null;
  /** The QID, for names bound to knowledge. */
  readonly qid: string | null;
  /** The graph node the name stands for, if any. */
  readonly nodeId: string | null;
  /** Hover text: the content, the prior and where it came from, and how it lowers. */
  readonly summary: string;
}

export interface GaiaSymbolIndex {
  /** Every occurrence of a module name, in document order. */
  readonly uses: readonly GaiaSymbolUse[];
  readonly symbols: ReadonlyMap<string, GaiaSymbol>;
}

function byPosition(a: GaiaSymbolUse, b: GaiaSymbolUse): number {
  return a.range.line - b.range.line || a.range.column - b.range.column;
}

function summary(value: GValue, compiled: CompiledPackage, irById: ReadonlyMap<string, IrKnowledge>): { kind: string; qid: string | null; node: string | null; text: string } {
  if (value.t !== 'knowledge') return { kind: describeValue(value), qid: null, node: null, text: describeValue(value) };
  const k = value.k;
  const qid = compiled.knowledgeIds.get(k) ?? null;
  const irk = qid === null ? undefined : irById.get(qid);
  const generated = !k.options.claimClass || k.metadata['generated'] === true;
  const kind = k.type === 'claim' && generated ? 'helper' : k.type;
  const lines = [`${kind} ${qid ?? ''}`.trim(), k.content];
  const p = irk?.metadata?.['prior'];
  const prior = typeof p === 'number' ? p : p instanceof PyFloat ? p.value : null;
  if (prior !== null) lines.push(`prior ${prior} (${String(irk?.metadata?.['prior_source_id'] ?? (irk?.metadata?.['supported_by'] ? 'observed' : 'metadata'))})`);
  else if (k.type === 'claim') lines.push('no prior (MaxEnt 0.5)');
  const lowered = k.fromActions.map((a) => `${a.kind}${a.label ? ` ${a.label}` : ''}`);
  if (lowered.length > 0) lines.push(`from: ${lowered.join(', ')}`);
  return { kind, qid, node: qid ? knowledgeNodeId(qid) : null, text: lines.join('\n') };
}

export function indexGaiaSymbols(run: ModuleRun, compiled: CompiledPackage): GaiaSymbolIndex {
  const uses: GaiaSymbolUse[] = run.rt.uses.map((u) => ({ id: u.name, kind: KIND_OF_ROLE[u.kind], role: u.kind, range: u.range }));
  for (const e of run.exportEntries) {
    if (!e.range) continue;
    // The name inside the quotes, when the literal is written plainly.
    const written = run.source.slice(e.range);
    const plain = e.range.line === e.range.endLine && /^(['"])(.*)\1$/.exec(written)?.[2] === e.name;
    const range = plain ? { ...e.range, column: e.range.column + 1, endColumn: e.range.endColumn - 1 } : e.range;
    uses.push({ id: e.name, kind: 'mention', role: 'export', range });
  }
  uses.sort(byPosition);
  const firstDefinition = new Map<string, SourceRange>();
  for (const u of uses) if (u.role === 'definition' && !firstDefinition.has(u.id)) firstDefinition.set(u.id, u.range);
  const irById = new Map(compiled.ir.knowledges.map((k) => [k.id, k]));
  const symbols = new Map<string, GaiaSymbol>();
  for (const [name, value] of run.rt.globals) {
    const s = summary(value, compiled, irById);
    const definition = firstDefinition.get(name) ?? null;
    symbols.set(name, { name, kind: s.kind, definition, qid: s.qid, nodeId: s.node, summary: s.text });
  }
  return { uses, symbols };
}

/** The use at (line, column), if any (columns as in SourceRange, end inclusive for the caret). */
export function gaiaSymbolAt(index: GaiaSymbolIndex, line: number, column: number): GaiaSymbolUse | null {
  for (const u of index.uses) {
    if (u.range.line === line && column >= u.range.column && column <= u.range.endColumn) return u;
    if (u.range.line > line) break;
  }
  return null;
}

export function gaiaUsesOf(index: GaiaSymbolIndex, name: string): GaiaSymbolUse[] {
  return index.uses.filter((u) => u.id === name);
}
