/**
 * A Mnema log read as a document of the IDE: the same reader and verifier the command
 * line uses (mnemaLog.ts, derivationGraph.ts), lowered to the one graph model every
 * language draws — evidence as notes, each identity key as one claim drawn at its latest
 * version, an edge from every input to what it supports — with each problem at its line
 * and each claim's state as the log gives it (the log is the session: a Mnema document
 * carries its own lifecycle, not the page's).
 */
import type { Diagnostic } from '../text/diagnostic.ts';
import type { SourceRange } from '../text/sourceRange.ts';
import { lineRange } from '../text/sourceRange.ts';
import { lineIndex } from '../text/lineIndex.ts';
import type { GraphEdge, GraphNode, NodeId, ReasoningGraph } from '../graph/reasoningGraph.ts';
import { edgeId, nodeId } from '../graph/reasoningGraph.ts';
import type { LifecycleState } from '../oplog/lifecycle.ts';
import type { OpId } from '../oplog/operation.ts';
import type { SignatureCheck } from '../oplog/verifyOperation.ts';
import { rememberedSignatureCheck } from '../oplog/rememberedSignatures.ts';
import { hexToBytes } from '@noble/hashes/utils.js';
import { publicKeyOfAuthor } from '../oplog/deviceKey.ts';
import { DerivationGraph } from './derivationGraph.ts';
import type { ExplanationRecord } from './explainClaim.ts';
import { explainClaim, explanationTree, provenanceOf } from './explainClaim.ts';
import { logFindings } from './logFindings.ts';
import type { Deriver } from './deriver.ts';
import { agreementWith } from './reviewList.ts';
import { projectionOf } from './mnemaSession.ts';
import type { JsonObject, JsonValue, MnemaOp } from './mnemaBodies.ts';
import { readMnemaLog } from './mnemaLog.ts';
import { MNEMA_BODIES } from './mnemaSchema.ts';
import { parseJsonLines } from '../oplog/replayLog.ts';
import { rememberVerdicts } from '../oplog/webCryptoSignatures.ts';

export interface MnemaDocument {
  readonly graph: ReasoningGraph;
  readonly diagnostics: readonly Diagnostic[];
  /** Each drawn node's state as the log gives it (evidence: `retracted` when withdrawn). */
  readonly states: Readonly<Record<string, LifecycleState>>;
  readonly derivation: DerivationGraph;
  /** Which op each node stands for (a claim: its latest version). */
  readonly opOf: ReadonlyMap<string, OpId>;
  /** The session the log belongs to (null: the log holds no op yet). */
  readonly session: string | null;
  /** Whether the log has a problem that is an error (then nothing is appended to it until it is fixed). */
  readonly broken: boolean;
}

/** The node id of an evidence op: short enough to read, long enough not to collide in one log. */
export const evidenceNodeId = (op: OpId): string => `ev-${op.slice(op.indexOf(':') + 1).slice(0, 12)}`;

/** A payload in one line, as a person reads it: `activity gym · day tue`. */
export function payloadLine(payload: JsonObject): string {
  const part = (v: JsonValue): string => (v !== null && typeof v === 'object' ? JSON.stringify(v) : String(v));
  return Object.entries(payload)
    .map(([k, v]) => `${k} ${part(v)}`)
    .join(' · ');
}

/** Signatures already checked are not checked again when the log is read after an edit. */
const remembered = rememberedSignatureCheck();

/**
 * Ops whose signatures were checked elsewhere (a write the worker verified natively before
 * taking it, its ids checked to be their bytes' hashes): the next reading of the log does
 * not check them again one by one. An op's id is the hash a verdict is kept under, so the
 * bytes are not made again here.
 */
export function rememberSigned(ops: readonly MnemaOp[]): void {
  for (const op of ops) {
    const publicKey = publicKeyOfAuthor(op.author);
    if (publicKey && /^[0-9a-f]{128}$/.test(op.sig)) remembered.rememberDigest(hexToBytes(op.sig), op.id, publicKey, true);
  }
}

/**
 * Readies `text` for readMnemaDocument: the signatures it has not seen are checked first,
 * natively and off the thread where the platform can (a log written elsewhere, opened:
 * 10,000 ops took 9.4 s to check one by one in JavaScript). Resolves to how many were checked.
 */
export function prepareMnemaText(text: string): Promise<number> {
  return rememberVerdicts(parseJsonLines(text).values, remembered, MNEMA_BODIES);
}

/** Reads a Mnema log's text into what the page draws; never throws on bad input. */
export function readMnemaDocument(text: string, options: { readonly checkSignature?: SignatureCheck } = {}): MnemaDocument {
  const reading = readMnemaLog(text, { allowHeadless: true, checkSignature: options.checkSignature ?? remembered });
  const lines = valueLines(text);
  const whole = lineRange(1, 1, 1);
  const at = (index: number): SourceRange => lines[index]?.range ?? whole;
  const derivation = DerivationGraph.of(reading.ops);
  // The line of each op: its place among the values read.
  const lineOf = new Map<OpId, SourceRange>();
  lines.forEach((l, i) => {
    if (l.id !== null && !lineOf.has(l.id as OpId)) lineOf.set(l.id as OpId, at(i));
  });
  // Each finding at its place, an op's named as the problem panel lists it beside its line.
  const diagnostics = logFindings(reading, derivation).map((f): Diagnostic => {
    const place = f.at;
    if (place === null) return { severity: f.severity, code: f.code, message: f.message, range: whole };
    if ('line' in place) return { severity: f.severity, code: f.code, message: f.message, range: logLineRange(text, place.line) };
    if ('index' in place) return { severity: f.severity, code: f.code, message: `op ${f.message}`, range: at(place.index) };
    const named = f.code === 'mnema-claim-type' ? f.message : `op seq ${place.op.seq} ${f.message}`;
    return { severity: f.severity, code: f.code, message: named, range: lineOf.get(place.op.id) ?? whole };
  });

  // What the session shows (mnemaSession.ts projectionOf), named and worded for the graph.
  const projection = projectionOf(derivation);
  const nodes: GraphNode[] = [];
  const edges: GraphEdge[] = [];
  const states: Record<string, LifecycleState> = {};
  const opOf = new Map<string, OpId>();
  const nodeOfOp = new Map<OpId, NodeId>();
  for (const n of projection.nodes) nodeOfOp.set(n.id, nodeId(n.kind === 'evidence' ? evidenceNodeId(n.id) : n.label));
  for (const n of projection.nodes) {
    const nid = nodeOfOp.get(n.id)!;
    opOf.set(nid, n.id);
    if (n.state && n.state !== 'active') states[nid] = n.state;
    const range = lineOf.get(n.id) ?? whole;
    const evidence = derivation.evidence.get(n.id);
    if (evidence) {
      nodes.push(node(nid, 'note', n.label, null, { type: evidence.op.body.source, reference: evidence.op.body.observed_at }, range));
      continue;
    }
    const body = derivation.claims.get(n.id)!.op.body;
    const payload = derivation.servedPayload(n.label) ?? body.payload;
    nodes.push(node(nid, 'claim', `${body.claim_type}: ${payloadLine(payload)}`, n.confidence ?? null, { type: 'deriver', reference: `${body.deriver.name}@${body.deriver.version}` }, range));
  }
  const drawn = new Set<string>();
  for (const e of projection.edges) {
    const from = nodeOfOp.get(e.from);
    const to = nodeOfOp.get(e.to);
    if (!from || !to || from === to) continue;
    const id = edgeId(from, to);
    if (drawn.has(id)) continue;
    drawn.add(id);
    edges.push({ id, from, to, kind: 'justification', tentative: false });
  }
  const broken = diagnostics.some((d) => d.severity === 'error');
  return { graph: { language: 'mnema', nodes, edges }, diagnostics, states, derivation, opOf, session: reading.session, broken };
}

/** A claim's explanation as the inspector shows it. */
export interface MnemaExplanation {
  readonly record: ExplanationRecord;
  /** The record as the command line prints it (`warrant explain LOG KEY`). */
  readonly tree: string;
  /** The graph nodes of its provenance, depth first. */
  readonly provenance: readonly string[];
}

/**
 * A claim node's explanation (§8), its text tree and the nodes of its provenance; null
 * for evidence or an unknown id. `derivers`: what the log is derived with, asked only of
 * a corrected claim whether they now agree with the person (reviewList.ts).
 */
export function explainMnemaNode(doc: MnemaDocument, id: string, derivers: readonly Deriver[]): MnemaExplanation | null {
  const op = doc.opOf.get(id);
  const claim = op ? doc.derivation.claims.get(op) : undefined;
  if (!claim) return null;
  const record = explainClaim(doc.derivation, claim, { agreement: agreementWith(doc.derivation, derivers, claim.op.body.identity_key) });
  const provenance: string[] = [];
  for (const step of provenanceOf(doc.derivation, claim)) {
    const e = doc.derivation.evidence.get(step.op_id);
    const c = doc.derivation.claims.get(step.op_id);
    const shown = e ? evidenceNodeId(step.op_id) : c ? c.op.body.identity_key : null;
    if (shown && !provenance.includes(shown)) provenance.push(shown);
  }
  return { record, tree: explanationTree(record, claim.op.body.identity_key), provenance };
}

function node(id: NodeId, kind: 'note' | 'claim', content: string, confidence: number | null, source: GraphNode['source'], range: SourceRange): GraphNode {
  return { id, kind, content, confidence, level: null, source, invalidations: [], range, broken: false };
}

/**
 * Each line of the log that holds a JSON value, as the log reader splits it (on \n, trimmed),
 * in order: its range in the editor's terms (which also break lines at a lone \r) and, for
 * an op, its id.
 */
function valueLines(text: string): { range: SourceRange; id: string | null }[] {
  const out: { range: SourceRange; id: string | null }[] = [];
  const at = editorPlaces(text);
  let offset = 0;
  for (const line of text.split('\n')) {
    const here = offset;
    offset += line.length + 1;
    const trimmed = line.trim();
    if (trimmed === '') continue;
    let v: unknown;
    try {
      v = JSON.parse(trimmed);
    } catch {
      continue;
    }
    const id = typeof v === 'object' && v !== null ? (v as { id?: unknown }).id : undefined;
    out.push({ range: at(here, line.length), id: typeof id === 'string' ? id : null });
  }
  return out;
}

/** The editor's range of `length` characters from `offset`, cut at the end of the editor line it starts on. */
function editorPlaces(text: string): (offset: number, length: number) => SourceRange {
  const index = lineIndex(text);
  return (offset, length) => {
    const { line, column } = index.placeOf(offset);
    return { line, column, endLine: line, endColumn: Math.min(column + Math.max(length, 1), index.endColumnOf(line)) };
  };
}

/** The editor's range of log line `n` (1-based, as the log reader counts lines). */
function logLineRange(text: string, n: number): SourceRange {
  let offset = 0;
  const lines = text.split('\n');
  for (let i = 0; i < n - 1 && i < lines.length; i++) offset += lines[i]!.length + 1;
  return editorPlaces(text)(offset, lines[n - 1]?.length ?? 0);
}
