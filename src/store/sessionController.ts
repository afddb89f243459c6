/**
 * The session behind the open document: its signed operation log, the lifecycle states
 * replayed from it, and cascade previews. Previews and states are computed in the
 * validation worker (which holds the graph of every version); Gaia posteriors for a
 * preview come from the inference worker. Nothing is written until `commitPreview`.
 */
import type { DeviceKey } from '../core/oplog/deviceKey.ts';
import { generateDeviceKey } from '../core/oplog/deviceKey.ts';
import { textHash } from '../core/oplog/opId.ts';
import { canonicalJson } from '../core/oplog/canonicalJson.ts';
import type { ContradictionResolutionBody, OperationBody, OpId, SignedOperation } from '../core/oplog/operation.ts';
import { prepareChain } from '../core/oplog/signOperation.ts';
import { bytesSignerFor, signPrepared } from './deviceSigner.ts';
import type { StandingOperation } from '../core/oplog/replayLog.ts';
import { foldOperations } from '../core/oplog/replayLog.ts';
import { irWithPrior, movedBeliefs, REFUTED_PRIOR } from '../core/infer/irWithPrior.ts';
import type { GaiaIr } from '../core/infer/irInput.ts';
import type { ExplanationRecord } from '../core/explain/explainRecord.ts';
import { useDocumentStore } from './documentStore.ts';
import { posteriorsByNode } from '../core/infer/posteriorsByNode.ts';
import type { InferenceClient } from './inferenceClient.ts';
import type { BeliefState, CascadePreview, LedgerEntry, UserAction } from './lifecycleStore.ts';
import { useContradictedStore } from './contradictedStore.ts';
import { useLifecycleStore } from './lifecycleStore.ts';

/** What the validation worker answers about the log on one version of the document. */
export interface LifecycleReply {
  readonly version: number;
  readonly states: Readonly<Record<string, BeliefState>>;
  /** For a previewed action: what it would invalidate and reach. */
  readonly invalidated: readonly string[];
  readonly pendingReview: readonly string[];
  /** Why the action cannot apply; null when it can (or when there is no action). */
  readonly refusal: string | null;
  readonly contradictions: readonly LedgerEntry[];
  readonly review: readonly string[];
}

/** A standing user assertion, as the worker needs it. */
export type StandingAssertion = Pick<StandingOperation, 'id' | 'body'>;

export interface LifecycleService {
  markRevision?(request: { version: number; reset: boolean }): Promise<{ contentChanged: readonly string[]; confidenceOnly: readonly string[]; invalidates: readonly string[]; invalidationRoots: readonly string[] } | null>;
  explanationsJsonLines?(request: { version: number; ops: readonly SignedOperation[]; posteriors?: Record<string, number> }): Promise<string | null>;
  explain?(request: { version: number; id: string; ops: readonly SignedOperation[]; posteriors?: Record<string, number> }): Promise<{ record: ExplanationRecord; text: string } | null>;
  lifecycle(request: {
    version: number;
    standing: readonly StandingAssertion[];
    action: UserAction | null;
    resolutions?: readonly { id: OpId; body: ContradictionResolutionBody }[];
    posteriors?: Record<string, number>;
    revisionInvalidated?: readonly string[];
  }): Promise<LifecycleReply>;
}

/** Where ops and key are kept (IndexedDB in the page; memory in tests). */
export interface SessionPersistence {
  deviceKey(): Promise<DeviceKey>;
  append(ops: readonly SignedOperation[]): void;
  saveText(hash: OpId, text: string): void;
}

export const memoryPersistence = (): SessionPersistence => {
  const key = generateDeviceKey();
  return { deviceKey: async () => key, append: () => {}, saveText: () => {} };
};

export class SessionController {
  private ops: SignedOperation[] = [];
  private key: DeviceKey | null = null;
  private sessionId = 'session-1';
  private previewSeq = 0;
  /** The append under way (appends run one after another). */
  private appending: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly service: LifecycleService,
    private readonly inference: InferenceClient | null,
    private persistence: SessionPersistence,
  ) {}

  /** Where ops and texts go from now on (set once storage is open). */
  setPersistence(persistence: SessionPersistence): void {
    this.persistence = persistence;
    this.key = null;
  }

  /** The text a newly opened session starts from: its baseline revision once analysed. */
  private opening: { text: string; language: 'clair' | 'gaia' | 'proposal' } | null = null;
  /** A revision waiting for the analysis of its text. */
  private pendingRevision: { text: string; language: 'clair' | 'gaia' | 'proposal' } | null = null;

  /** Starts on a session's log (already verified by replay when loaded). */
  open(sessionId: string, ops: readonly SignedOperation[], text?: string, language?: 'clair' | 'gaia' | 'proposal'): void {
    this.sessionId = sessionId;
    this.ops = [...ops];
    this.opening = text !== undefined && language !== undefined ? { text, language } : null;
    this.pendingRevision = null;
    useLifecycleStore.setState({ preview: null, previewing: null, log: this.ops.slice() });
    void this.refreshStates();
  }

  /** The same session's log, re-read (another tab wrote to it); a preview stays. */
  replaceLog(ops: readonly SignedOperation[]): void {
    this.ops = [...ops];
    useLifecycleStore.setState({ log: this.ops.slice() });
    void this.refreshStates();
  }

  get log(): readonly SignedOperation[] {
    return this.ops;
  }

  /** The value a correction starts from: the stated confidence or prior, else 0.5. */
  currentValueOf(id: string): number {
    return useDocumentStore.getState().views.get(id)?.node.confidence ?? 0.5;
  }

  /** Recomputes the states of the current version from the log. */
  async refreshStates(): Promise<void> {
    const { analysis, editorVersion } = useDocumentStore.getState();
    if (!analysis) return;
    // The analysis of the text as it stands: the moment to take a baseline or a revision.
    if (analysis.version === editorVersion) {
      if (this.opening) {
        const { text, language } = this.opening;
        this.opening = null;
        await this.service.markRevision?.({ version: analysis.version, reset: true });
        await this.appendRevision(text, language, []);
      } else if (this.pendingRevision) {
        const { text, language } = this.pendingRevision;
        this.pendingRevision = null;
        const mark = await this.service.markRevision?.({ version: analysis.version, reset: false });
        // Only the roots are written: states carry the invalidation down to what rests on them.
        await this.appendRevision(text, language, mark?.invalidationRoots ?? [], mark ? [...mark.contentChanged, ...mark.confidenceOnly] : []);
      }
    }
    const facts = this.logFacts();
    // Nothing stands and the language has no contradictions of its own: everything is active.
    if (analysis.language === 'clair' && facts.standing.length === 0 && facts.revisionInvalidated.length === 0 && facts.resolutions.length === 0) {
      if (useLifecycleStore.getState().states.size > 0 || useLifecycleStore.getState().contradictions.length > 0) useLifecycleStore.setState({ states: new Map(), contradictions: [], review: [] });
      if (useContradictedStore.getState().ids.size > 0) useContradictedStore.setState({ ids: new Set() });
      return;
    }
    const reply = await this.service.lifecycle({ version: analysis.version, action: null, ...facts });
    if (reply.version !== useDocumentStore.getState().analysis?.version) return;
    useLifecycleStore.setState({ states: new Map(Object.entries(reply.states)), contradictions: reply.contradictions, review: reply.review });
    const open = new Set(reply.contradictions.filter((c) => c.resolved === null).flatMap((c) => c.endpoints));
    const old = useContradictedStore.getState().ids;
    if (old.size !== open.size || [...open].some((id) => !old.has(id))) useContradictedStore.setState({ ids: open });
  }

  /** Shows what `action` would do; replaces any earlier preview. */
  async previewAction(action: UserAction): Promise<void> {
    const seq = ++this.previewSeq;
    useLifecycleStore.setState({ previewing: action });
    const { analysis, posteriors } = useDocumentStore.getState();
    if (!analysis) return;
    const [reply, changed] = await Promise.all([
      this.service.lifecycle({ version: analysis.version, action, ...this.logFacts() }),
      this.posteriorShift(analysis.ir as GaiaIr | undefined, action, posteriors),
    ]);
    if (seq !== this.previewSeq) return; // a newer preview replaced this one
    const preview: CascadePreview = {
      action,
      invalidated: new Set(reply.invalidated),
      changed,
      pendingReview: reply.pendingReview,
      states: new Map(Object.entries(reply.states)),
      refusal: reply.refusal,
    };
    useLifecycleStore.setState({ preview, previewing: null });
  }

  cancelPreview(): void {
    this.previewSeq++;
    useLifecycleStore.setState({ preview: null, previewing: null });
  }

  /** Appends the previewed action (and the engine's invalidations) to the log. */
  async commitPreview(): Promise<void> {
    const preview = useLifecycleStore.getState().preview;
    if (!preview || preview.refusal) return;
    const key = await this.deviceKey();
    const body = this.bodyOf(preview.action);
    if (!body) return;
    const [trigger] = await this.appendAll([body], key, 'graph');
    if (!trigger) return; // another session was opened meanwhile
    const cause = trigger.id;
    await this.appendAll([...preview.invalidated].map((target) => ({ kind: 'claim_invalidation' as const, target, cause })), key, 'engine');
    this.cancelPreview();
    await this.refreshStates();
  }

  /**
   * The text settled: record it as a revision once its analysis is in. Beliefs resting
   * on one whose content changed are invalidated (engine ops caused by the revision);
   * a change of confidence alone only refreshes them (Mnema §6.1).
   */
  recordRevision(text: string, language: 'clair' | 'gaia' | 'proposal'): void {
    this.pendingRevision = { text, language };
    void this.refreshStates();
  }

  private async appendRevision(text: string, language: 'clair' | 'gaia' | 'proposal', invalidates: readonly string[], changed: readonly string[] = []): Promise<void> {
    const hash = textHash(text);
    const last = [...this.ops].reverse().find((op) => op.body.kind === 'revision');
    if (last && last.body.kind === 'revision' && last.body.text_hash === hash) return;
    this.persistence.saveText(hash, text);
    const key = await this.deviceKey();
    const [revision] = await this.appendAll([{ kind: 'revision', text_hash: hash, language, length: text.length, ...(changed.length > 0 ? { changed } : {}) }], key, 'editor');
    if (!revision) return; // another session was opened meanwhile
    const already = new Set(this.revisionInvalidated());
    const cause = revision.id;
    await this.appendAll(invalidates.filter((target) => !already.has(target)).map((target) => ({ kind: 'claim_invalidation' as const, target, cause })), key, 'engine');
  }

  /** Revision-caused invalidations not yet withdrawn (reviewed): target → the latest such op. */
  private revisionInvalidations(): Map<string, OpId> {
    const revisions = new Set(this.ops.filter((op) => op.body.kind === 'revision').map((op) => op.id));
    const withdrawn = new Set(this.ops.flatMap((op) => (op.body.kind === 'withdrawal' ? [op.body.withdraws] : [])));
    const out = new Map<string, OpId>();
    for (const op of this.ops) {
      if (op.body.kind === 'claim_invalidation' && revisions.has(op.body.cause) && !withdrawn.has(op.id)) out.set(op.body.target, op.id);
    }
    return out;
  }

  private revisionInvalidated(): string[] {
    return [...this.revisionInvalidations().keys()];
  }

  /** What the worker needs of the log: standing assertions, resolutions, and the posteriors corrections are set against. */
  private logFacts() {
    const folded = foldOperations(this.ops);
    return {
      standing: [...folded.standing.values()].map((op): StandingAssertion => ({ id: op.id, body: op.body })),
      resolutions: [...folded.resolutions.values()].map((op) => ({ id: op.id, body: op.body })),
      posteriors: Object.fromEntries(useDocumentStore.getState().posteriors),
      revisionInvalidated: this.revisionInvalidated(),
    };
  }

  /** The explanation record of `id` under this session's log (null while the version is gone). */
  async explain(id: string): Promise<{ record: ExplanationRecord; text: string } | null> {
    const { analysis, posteriors } = useDocumentStore.getState();
    if (!analysis || !this.service.explain) return null;
    return this.service.explain({ version: analysis.version, id, ops: this.ops, posteriors: Object.fromEntries(posteriors) });
  }

  /** `export --to explanations` for the open document under this session's log. */
  async explanationsJsonLines(): Promise<string> {
    const { analysis, posteriors } = useDocumentStore.getState();
    const text = analysis && this.service.explanationsJsonLines ? await this.service.explanationsJsonLines({ version: analysis.version, ops: this.ops, posteriors: Object.fromEntries(posteriors) }) : null;
    if (text === null) throw new Error('the document is still being analysed; try again');
    return text;
  }

  /** `export --to oplog`: the session's signed ops as JSON lines of canonical JSON. */
  oplogJsonLines(): string {
    return this.ops.map((op) => canonicalJson(op) + '\n').join('');
  }

  /** Resolves an open contradiction (docs/contract.md §3) as a user operation. */
  async resolveContradiction(body: Omit<ContradictionResolutionBody, 'kind'>): Promise<void> {
    await this.append({ kind: 'contradiction_resolution', ...body }, await this.deviceKey(), 'inspector');
    await this.refreshStates();
  }

  private lastRevision(): OpId | null {
    for (let i = this.ops.length - 1; i >= 0; i--) if (this.ops[i]!.body.kind === 'revision') return this.ops[i]!.id;
    return null;
  }

  private bodyOf(action: UserAction): OperationBody | null {
    const revision = this.lastRevision();
    switch (action.kind) {
      case 'refute':
        return { kind: 'claim_refutation', target: action.target, revision };
      case 'correct':
        return { kind: 'claim_correction', target: action.target, value: action.value, revision };
      case 'retract':
        return { kind: 'evidence_retraction', target: action.target, revision };
      case 'withdraw': {
        // The user assertion standing on it, else the revision invalidation being reviewed.
        const standing = foldOperations(this.ops).standing.get(action.target);
        if (standing) return { kind: 'withdrawal', target: action.target, withdraws: standing.id };
        const invalidation = this.revisionInvalidations().get(action.target);
        return invalidation ? { kind: 'withdrawal', target: action.target, withdraws: invalidation } : null;
      }
    }
  }

  private async append(body: OperationBody, key: DeviceKey, source: 'graph' | 'engine' | 'editor' | 'inspector'): Promise<SignedOperation> {
    return (await this.appendAll([body], key, source))[0]!;
  }

  /**
   * Signs and chains `bodies`, then hands them to storage and the page once: a cascade
   * is one write, one update. Appends run one after another, so each chains on the
   * last; signing is asynchronous (deviceSigner.ts), and if the log was replaced
   * meanwhile (another tab's ops arrived) the ops are chained and signed again on the
   * new tip rather than written beside it.
   */
  private appendAll(bodies: readonly OperationBody[], key: DeviceKey, source: 'graph' | 'engine' | 'editor' | 'inspector'): Promise<SignedOperation[]> {
    const session = this.sessionId;
    const run = this.appending.then(() => this.appendNow(session, bodies, key, source));
    this.appending = run.catch(() => undefined);
    return run;
  }

  /** Appends to `session`; nothing (an empty list) when another session was opened meanwhile. */
  private async appendNow(session: string, bodies: readonly OperationBody[], key: DeviceKey, source: 'graph' | 'engine' | 'editor' | 'inspector'): Promise<SignedOperation[]> {
    if (bodies.length === 0) return [];
    const sign = await bytesSignerFor(key);
    for (;;) {
      if (this.sessionId !== session) return [];
      const log = this.ops;
      const last = log[log.length - 1];
      const prepared = prepareChain({ session: this.sessionId, last: last ? { seq: last.seq, id: last.id } : null }, bodies, key, { source });
      const added = await signPrepared(prepared, sign);
      if (this.sessionId !== session || this.ops !== log || this.ops[this.ops.length - 1] !== last) continue;
      for (const op of added) this.ops.push(op);
      this.persistence.append(added);
      useLifecycleStore.setState({ log: this.ops.slice() });
      return added;
    }
  }

  private async deviceKey(): Promise<DeviceKey> {
    this.key ??= await this.persistence.deviceKey();
    return this.key;
  }

  /** Gaia: how every posterior would move under the action (refute: the prior at its floor). */
  private async posteriorShift(
    ir: GaiaIr | undefined,
    action: UserAction,
    current: ReadonlyMap<string, number>,
  ): Promise<Map<string, { before: number; after: number }>> {
    if (!ir || !this.inference || (action.kind !== 'refute' && action.kind !== 'correct')) return new Map();
    const whatIf = irWithPrior(ir, action.target, action.kind === 'refute' ? REFUTED_PRIOR : action.value);
    if (!whatIf) return new Map();
    const reply = await this.inference.infer({ version: -1, ir: whatIf });
    const graph = useDocumentStore.getState().analysis?.graph;
    return graph ? movedBeliefs(current, posteriorsByNode(graph, reply.result.beliefs)) : new Map();
  }
}
