/**
 * Gaia's identifiers and hashes, each built from the same text Gaia hashes:
 *   content_hash  sha256("{type}|{format}|{content}|{repr(sorted (name, type) pairs)}")
 *   lcs_…         sha256("local|{type}|{repr(sorted premises)}|{conclusion}|{structure}")[:16]
 *   lco_…         sha256("{operator}|{variables joined by |, sorted if symmetric}|{conclusion}")[:16]
 *   __{role}_…    sha256("local|{type}|{repr(premises)}|{conclusion}|{role}|{index}")[:8]
 * where the structure of a formal strategy is sha256 of its canonical operator list.
 */
import { compareCodePoints, pythonJsonDumps, sortByCodePoint } from '../text/pythonJson.ts';
import { pythonStrListRepr, pythonTupleListRepr } from '../text/pythonRepr.ts';
import { sha256Hex } from '../text/sha256Hex.ts';
import { pythonStrip } from '../text/pythonStrip.ts';
import type { IrOperator, IrParameter } from './irTypes.ts';

/** Operators whose variables are an unordered set. */
export const SYMMETRIC_OPERATORS: ReadonlySet<string> = new Set(['equivalence', 'contradiction', 'complement', 'disjunction', 'conjunction']);

export function sortedStrings(xs: readonly string[]): string[] {
  return sortByCodePoint([...xs]);
}

export function contentHash(type: string, format: string, content: string, parameters: readonly IrParameter[]): string {
  const pairs = parameters.map((p) => [p.name, p.type] as const).sort((a, b) => compareCodePoints(a[0], b[0]) || compareCodePoints(a[1], b[1]));
  return sha256Hex(`${type}|${format}|${content}|${pythonTupleListRepr(pairs)}`);
}

export function operatorId(operator: string, variables: readonly string[], conclusion: string): string {
  const vars = SYMMETRIC_OPERATORS.has(operator) ? sortedStrings(variables) : variables;
  return 'lco_' + sha256Hex(`${operator}|${vars.join('|')}|${conclusion}`).slice(0, 16);
}

export function strategyId(type: string, premises: readonly string[], conclusion: string | null, structureHash: string): string {
  return 'lcs_' + sha256Hex(`local|${type}|${pythonStrListRepr(sortedStrings(premises))}|${conclusion ?? 'None'}|${structureHash}`).slice(0, 16);
}

/** The structure hash of a formal strategy: its operators, canonically ordered. */
export function formalStructureHash(operators: readonly IrOperator[]): string {
  const ops = operators.map((op) => ({
    operator: op.operator,
    variables: SYMMETRIC_OPERATORS.has(op.operator) ? sortedStrings(op.variables) : [...op.variables],
    conclusion: op.conclusion,
  }));
  const keyed = ops.map((op) => ({ op, key: pythonJsonDumps(op, { sortKeys: true }) }));
  keyed.sort((a, b) => compareCodePoints(a.key, b.key));
  return sha256Hex(
    pythonJsonDumps(
      keyed.map((k) => k.op),
      { sortKeys: true, separators: [',', ':'] },
    ),
  ).slice(0, 16);
}

/** The label of a helper claim the IR formalizer generates inside a strategy. */
export function generatedClaimLabel(type: string, premises: readonly string[], conclusion: string, role: string, index: number): string {
  return `__${role}_` + sha256Hex(`local|${type}|${pythonStrListRepr(premises)}|${conclusion}|${role}|${index}`).slice(0, 8);
}

export function qid(namespace: string, packageName: string, label: string): string {
  return `${namespace}:${packageName}::${label}`;
}

/** Gaia's `_normalize_label` for action, scaffold and materialization ids. */
export function normalizeLabel(label: string): string {
  let n = pythonStrip(label)
    .toLowerCase()
    .replace(/[^a-z0-9_]/g, '_');
  if (n === '') return '_anon';
  if (!/^[a-z_]/.test(n)) n = `_${n}`;
  return n;
}

/** Python's `f"{i:03d}"`. */
export function pad3(i: number): string {
  return String(i).padStart(3, '0');
}

/** The QID pattern Gaia's validator enforces. */
export const QID_PATTERN = /^[a-z][a-z0-9_]*:[a-z0-9][a-z0-9_-]*::[A-Za-z_][A-Za-z0-9_]*$/;
