/**
 * Gaia's reference scanner. `[@key]` (strict) and `@key` (bare) in claim texts, legacy
 * reasons and action rationales are resolved against the package's labels — knowledge
 * labels and action labels — and the citation keys of its references.json, and recorded
 * on the referring knowledge as `metadata.gaia.provenance.referenced_claims` (an
 * artifact's label in `artifact_refs` instead) and `cited_refs`. Artifact metadata is
 * checked first (artifactChecks.ts). A strict reference to an unknown key is an error; a
 * bare one is plain text. A key that is both a label and a citation key, and a bracket
 * mixing claims with citations, are errors (`reference-error`). The same table finds
 * labels used by both a claim and an action.
 */
import type { Action, Knowledge, LegacyStrategy, Origin } from '../runtime/gaiaObjects.ts';
import { isScaffold } from '../runtime/gaiaObjects.ts';
import type { JsonValue } from '../text/pythonJson.ts';
import { compareCodePoints } from '../text/pythonJson.ts';
import { artifactLabels, checkArtifacts } from './artifactChecks.ts';
import type { CompileContext } from './compileContext.ts';
import type { JsonDict } from './irTypes.ts';
import { jsonDict } from './irTypes.ts';

const KEY = String.raw`(?:[A-Za-z0-9_][A-Za-z0-9_:.#$%&+?<>~/\-]*[A-Za-z0-9_]|[A-Za-z0-9_])`;
const BARE = new RegExp(String.raw`(?<!\\)(?<![A-Za-z0-9_])@(${KEY})`, 'g');
const BRACKET = /(?<!\\)\[([^[\]]*(?<!\\)@[A-Za-z0-9_][^[\]]*)\]/g;
const INNER = new RegExp(String.raw`(?<!\\)@(${KEY})`, 'g');

/** A citation key as the @-syntax can reach it (what references.json keys must be). */
export const CITATION_KEY = new RegExp(`^${KEY}$`);

export interface RefMarker {
  readonly key: string;
  readonly start: number;
  readonly strict: boolean;
  /** The bracket group it is in (its text), for strict markers. */
  readonly group: string | null;
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
      markers.push({ key: m[1]!, start: bodyStart + m.index, strict: true, group: g[0] });
      any = true;
    }
    if (any) spans.push([g.index, g.index + g[0].length]);
  }
  for (const m of text.matchAll(BARE)) {
    if (spans.some(([s, e]) => s <= m.index && m.index < e)) continue;
    markers.push({ key: m[1]!, start: m.index, strict: false, group: null });
  }
  return markers.sort((a, b) => a.start - b.start);
}

/** What a text refers to: knowledge labels and citation keys, each once, in order. */
interface Found {
  readonly claims: string[];
  readonly cites: string[];
}

export class ReferenceScanner {
  private readonly labels = new Map<string, string>();
  private readonly refs = new Map<Knowledge, { claims: Set<string>; cites: Set<string> }>();
  /** Labels of artifacts: references to them are kept apart from claim references. */
  private artifacts: ReadonlySet<string> = new Set();

  constructor(
    private readonly cx: CompileContext,
    private readonly knowledge: readonly Knowledge[],
    private readonly actions: readonly Action[],
    private readonly strategies: readonly LegacyStrategy[],
    /** The citation keys of the package's references.json. */
    private readonly citations: ReadonlySet<string> = new Set(),
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
    checkArtifacts(this.cx, this.knowledge, this.citations);
    this.artifacts = artifactLabels(this.knowledge);
    const both = [...this.labels.keys()].filter((k) => this.citations.has(k)).sort(compareCodePoints);
    if (both.length > 0) {
      const at = this.knowledge.find((k) => k.label !== null && both.includes(k.label))?.origin ?? { line: 1, column: 1, endLine: 1, endColumn: 1 };
      this.cx.report(
        'reference-error',
        `${both.map((k) => `'${k}'`).join(', ')} ${both.length === 1 ? 'is' : 'are'} both a knowledge label and a citation key in references.json: rename one side`,
        at,
      );
    }
    for (const s of this.strategies) {
      if (s.reasonTuple) continue;
      for (const entry of typeof s.reason === 'string' ? [s.reason] : s.reason) this.accumulate(s.conclusion, typeof entry === 'string' ? entry : entry.reasoning, s.origin);
    }
    for (const k of this.knowledge) this.accumulate(k, k.content, k.origin);
    const actionRefs = this.actionRationaleRefs();
    for (const [k, refs] of this.refs) this.write(this.cx.qidOf(k), refs.claims, refs.cites);
    for (const [id, refs] of actionRefs) this.write(id, refs.claims, refs.cites);
  }

  private addActionLabels(knowledgeLabels: ReadonlyMap<string, ReadonlySet<string>>): void {
    for (const a of this.actions) {
      if (!a.label) continue;
      const target = this.cx.actionTargets.get(this.cx.actionQid(a));
      if (target === undefined) continue;
      const resolved = this.referenceTarget(a, target);
      const ids = knowledgeLabels.get(a.label);
      if (ids && !(ids.size === 1 && ids.has(resolved))) {
        this.cx.report('label-collision', `'${a.label}' labels both a knowledge node and this action; rename one of them`, a.origin);
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

  /** What a text references; reports strict references to unknown keys and mixed brackets. */
  private referencesIn(text: string, where: Origin): Found {
    const found: Found = { claims: [], cites: [] };
    const markers = extractReferences(text);
    const groups = new Map<string, { claims: string[]; cites: string[] }>();
    for (const m of markers) {
      if (m.group === null) continue;
      const g = groups.get(m.group) ?? { claims: [], cites: [] };
      if (this.citations.has(m.key)) g.cites.push(m.key);
      else if (this.labels.has(m.key)) g.claims.push(m.key);
      groups.set(m.group, g);
    }
    for (const [raw, g] of groups) {
      if (g.claims.length > 0 && g.cites.length > 0) {
        this.cx.report('reference-error', `${raw} mixes knowledge references (${g.claims.join(', ')}) with citations (${g.cites.join(', ')}): put each kind in its own brackets`, where);
      }
    }
    for (const m of markers) {
      if (this.citations.has(m.key)) {
        if (!found.cites.includes(m.key)) found.cites.push(m.key);
      } else if (this.labels.has(m.key)) {
        if (!found.claims.includes(m.key)) found.claims.push(m.key);
      } else if (m.strict) {
        this.cx.report('unknown-reference', `[@${m.key}] names neither a label of this package nor a citation key of its references.json (write @${m.key} without brackets for plain text)`, where);
      }
    }
    return found;
  }

  private accumulate(k: Knowledge, text: string, where: Origin): void {
    if (!text) return;
    const found = this.referencesIn(text, where);
    if (found.claims.length === 0 && found.cites.length === 0) return;
    const sets = this.refs.get(k) ?? { claims: new Set<string>(), cites: new Set<string>() };
    for (const f of found.claims) sets.claims.add(f);
    for (const f of found.cites) sets.cites.add(f);
    this.refs.set(k, sets);
  }

  private actionRationaleRefs(): Map<string, { claims: Set<string>; cites: Set<string> }> {
    const out = new Map<string, { claims: Set<string>; cites: Set<string> }>();
    for (const a of this.actions) {
      if (isScaffold(a)) continue;
      const target = this.cx.targetOfAction.get(a);
      if (!a.rationale || target === undefined) continue;
      const found = this.referencesIn(a.rationale, a.origin);
      if (found.claims.length === 0 && found.cites.length === 0) continue;
      for (const id of this.targetKnowledge(target)) out.set(id, { claims: new Set(found.claims), cites: new Set(found.cites) });
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

  private write(id: string, claims: ReadonlySet<string>, cites: ReadonlySet<string>): void {
    const k = this.cx.irKnowledge(id);
    if (!k) return;
    const metadata = jsonDict(k.metadata ?? {});
    const gaia = jsonDict((metadata['gaia'] as JsonDict | undefined) ?? {});
    const provenance = jsonDict((gaia['provenance'] as JsonDict | undefined) ?? {});
    const merge = (field: string, add: ReadonlySet<string>): void => {
      if (add.size === 0) return;
      const existing = (provenance[field] as readonly JsonValue[] | undefined) ?? [];
      provenance[field] = [...new Set([...(existing as string[]), ...add])].sort(compareCodePoints);
    };
    merge('cited_refs', cites);
    merge('referenced_claims', new Set([...claims].filter((c) => !this.artifacts.has(c))));
    merge('artifact_refs', new Set([...claims].filter((c) => this.artifacts.has(c))));
    gaia['provenance'] = provenance;
    metadata['gaia'] = gaia;
    k.metadata = metadata;
  }
}
