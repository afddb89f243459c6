/**
 * Gaia's reference scanner. `[@label]` (strict) and `@label` (bare) in claim texts,
 * legacy reasons and action rationales are resolved against the package's labels —
 * knowledge labels and action labels — and recorded on the referring knowledge as
 * `metadata.gaia.provenance.referenced_claims`. A strict reference to an unknown key is
 * an error (Warrant reads no references.json, so there are no citation keys); a bare
 * one is plain text. The same table finds labels used by both a claim and an action.
 */
import type { Action, Knowledge, LegacyStrategy, Origin } from '../runtime/gaiaObjects.ts';
import { isScaffold } from '../runtime/gaiaObjects.ts';
import type { JsonValue } from '../text/pythonJson.ts';
import { compareCodePoints } from '../text/pythonJson.ts';
import type { CompileContext } from './compileContext.ts';
import type { JsonDict } from './irTypes.ts';
import { jsonDict } from './irTypes.ts';

const KEY = String.raw`(?:[A-Za-z0-9_][A-Za-z0-9_:.#$%&+?<>~/\-]*[A-Za-z0-9_]|[A-Za-z0-9_])`;
const BARE = new RegExp(String.raw`(?<!\\)(?<![A-Za-z0-9_])@(${KEY})`, 'g');
const BRACKET = /(?<!\\)\[([^[\]]*(?<!\\)@[A-Za-z0-9_][^[\]]*)\]/g;
const INNER = new RegExp(String.raw`(?<!\\)@(${KEY})`, 'g');

export interface RefMarker {
  readonly key: string;
  readonly start: number;
  readonly strict: boolean;
}

/** Every reference marker in a text, in text order. */
export function extractReferences(text: string): RefMarker[] {
  const markers: RefMarker[] = [];
  const spans: [number, number][] = [];
  for (const g of text.matchAll(BRACKET)) {
    const body = g[1]!;
    const bodyStart = g.index + 1;
    let any = false;
    for (const m of body.matchAll(INNER)) {
      markers.push({ key: m[1]!, start: bodyStart + m.index, strict: true });
      any = true;
    }
    if (any) spans.push([g.index, g.index + g[0].length]);
  }
  for (const m of text.matchAll(BARE)) {
    if (spans.some(([s, e]) => s <= m.index && m.index < e)) continue;
    markers.push({ key: m[1]!, start: m.index, strict: false });
  }
  return markers.sort((a, b) => a.start - b.start);
}

export class ReferenceScanner {
  private readonly labels = new Map<string, string>();
  private readonly refs = new Map<Knowledge, Set<string>>();

  constructor(
    private readonly cx: CompileContext,
    private readonly knowledge: readonly Knowledge[],
    private readonly actions: readonly Action[],
    private readonly strategies: readonly LegacyStrategy[],
  ) {}

  scan(): void {
    const knowledgeLabels = new Map<string, Set<string>>();
    for (const k of this.knowledge) {
      if (k.label === null) continue;
      const id = this.cx.qidOf(k);
      this.labels.set(k.label, id);
      knowledgeLabels.set(k.label, (knowledgeLabels.get(k.label) ?? new Set()).add(id));
    }
    this.addActionLabels(knowledgeLabels);
    for (const s of this.strategies) {
      for (const text of typeof s.reason === 'string' ? [s.reason] : s.reason) this.accumulate(s.conclusion, text, s.origin);
    }
    for (const k of this.knowledge) this.accumulate(k, k.content, k.origin);
    const actionRefs = this.actionRationaleRefs();
    for (const [k, refs] of this.refs) this.write(this.cx.qidOf(k), refs);
    for (const [id, refs] of actionRefs) this.write(id, refs);
  }

  private addActionLabels(knowledgeLabels: ReadonlyMap<string, ReadonlySet<string>>): void {
    for (const a of this.actions) {
      if (!a.label) continue;
      const target = this.cx.actionTargets.get(this.cx.actionQid(a));
      if (target === undefined) continue;
      const resolved = this.referenceTarget(a, target);
      const ids = knowledgeLabels.get(a.label);
      if (ids && !(ids.size === 1 && ids.has(resolved))) {
        this.cx.report('label-collision', `'${a.label}' labels both a knowledge node and this action; rename one of them`, a.origin.range);
      }
      this.labels.set(a.label, resolved);
    }
  }

  /** An action label refers to its conclusion or helper when they share the label. */
  private referenceTarget(a: Action, target: string): string {
    if ((a.kind === 'derive' || a.kind === 'observe' || a.kind === 'compute') && a.conclusion.label === a.label) return this.cx.qidOf(a.conclusion);
    if ('helper' in a && a.helper.label === a.label) return this.cx.qidOf(a.helper);
    return target;
  }

  /** The knowledge keys a text references; reports strict references to unknown keys. */
  private referencesIn(text: string, where: Origin): string[] {
    const out: string[] = [];
    for (const m of extractReferences(text)) {
      if (this.labels.has(m.key)) {
        if (!out.includes(m.key)) out.push(m.key);
      } else if (m.strict) {
        this.cx.report('unknown-reference', `[@${m.key}] names neither a label of this package nor a citation key (write @${m.key} without brackets for plain text)`, where.range);
      }
    }
    return out;
  }

  private accumulate(k: Knowledge, text: string, where: Origin): void {
    if (!text) return;
    const found = this.referencesIn(text, where);
    if (found.length === 0) return;
    const set = this.refs.get(k) ?? new Set<string>();
    for (const f of found) set.add(f);
    this.refs.set(k, set);
  }

  private actionRationaleRefs(): Map<string, Set<string>> {
    const out = new Map<string, Set<string>>();
    for (const a of this.actions) {
      if (isScaffold(a)) continue;
      const target = this.cx.targetOfAction.get(a);
      if (!a.rationale || target === undefined) continue;
      const found = this.referencesIn(a.rationale, a.origin);
      if (found.length === 0) continue;
      for (const id of this.targetKnowledge(target)) out.set(id, new Set(found));
    }
    return out;
  }

  /** Where an action's rationale references are recorded: its warrants, else its conclusion. */
  private targetKnowledge(target: string): string[] {
    const s = this.cx.strategies.find((x) => x.strategy_id === target);
    const o = s ? undefined : [...this.cx.legacyOperators, ...this.cx.actionOperators, ...this.cx.formulaOperators].find((x) => x.operator_id === target);
    const owner = s ?? o;
    if (!owner) return [target];
    const warrants = owner.metadata?.['warrants'];
    if (Array.isArray(warrants) && warrants.length > 0) return warrants as string[];
    return owner.conclusion ? [owner.conclusion] : [];
  }

  private write(id: string, refs: ReadonlySet<string>): void {
    const k = this.cx.irKnowledge(id);
    if (!k) return;
    const metadata = jsonDict(k.metadata ?? {});
    const gaia = jsonDict((metadata['gaia'] as JsonDict | undefined) ?? {});
    const provenance = jsonDict((gaia['provenance'] as JsonDict | undefined) ?? {});
    const existing = (provenance['referenced_claims'] as readonly JsonValue[] | undefined) ?? [];
    provenance['referenced_claims'] = [...new Set([...(existing as string[]), ...refs])].sort(compareCodePoints);
    gaia['provenance'] = provenance;
    metadata['gaia'] = gaia;
    k.metadata = metadata;
  }
}
