/**
 * The session behind the open document: its signed operation log, and the page's view
 * of the session model (states, previews, commits), which the validation worker
 * computes from the same core as the CLI (src/core/session). This class decides nothing
 * about lifecycle: it keeps the worker's copy of the log current, signs and appends
 * what the model says to append, and applies answers only while they are current —
 * the document version they were computed for, and the preview they belong to.
 */
import type { DeviceKey } from '../core/oplog/deviceKey.ts';
import { generateDeviceKey } from '../core/oplog/deviceKey.ts';
import type { ContradictionResolutionBody, OperationBody, OperationSource, OpId, SignedOperation } from '../core/oplog/operation.ts';
import { headOf, type SignedHead, type UnsignedHead } from '../core/oplog/logHead.ts';
import { membersOf } from '../core/oplog/sessionMembers.ts';
import { exportOplog } from '../core/export/exportOplog.ts';
import { invalidationsOf } from '../core/session/sessionActions.ts';
import { bytesSignerFor, signChain, signHeadWithDevice } from './deviceSigner.ts';
import { irWithPrior, movedBeliefs, REFUTED_PRIOR } from '../core/infer/irWithPrior.ts';
import type { GaiaIr } from '../core/infer/irInput.ts';
import type { ShownExplanation } from '../core/explain/shownExplanation.ts';
import { useDocumentStore } from './documentStore.ts';
import { posteriorsByNode } from '../core/infer/posteriorsByNode.ts';
import type { InferenceClient } from './inferenceClient.ts';
import type { CascadePreview, UserAction } from './lifecycleStore.ts';
import { useContradictedStore } from './contradictedStore.ts';
import { useLifecycleStore } from './lifecycleStore.ts';
import type { CommitAnswer, ExplainRequest, LifecycleAnswer, LifecycleRequest, LogRef, RevisionMark } from '../../workers/lifecycleApi.ts';

import { languageRow, type Language } from '../core/languages/languageTable.ts';
type MaybePromise<T> = T | Promise<T>;

/** The session model's side of the validation worker (workers/lifecycleApi.ts). */
export interface LifecycleService {
  setLog(request: { session: string; ops: readonly SignedOperation[] }): MaybePromise<void>;
  appendLog(request: { session: string; ops: readonly SignedOperation[] }): MaybePromise<void>;
  markRevision(request: { version: number; reset: boolean }): MaybePromise<RevisionMark | null>;
  lifecycle(request: LifecycleRequest): MaybePromise<LifecycleAnswer>;
  commit(request: { version: number; log: LogRef; action: UserAction }): MaybePromise<CommitAnswer>;
  explain(request: ExplainRequest): MaybePromise<ShownExplanation | null>;
  explainJson(request: ExplainRequest): MaybePromise<string | null>;
  textHash(request: { text: string }): MaybePromise<OpId>;
  explanationsJsonLines(request: Omit<ExplainRequest, 'id'>): MaybePromise<string | null>;
}

/** Where ops and key are kept (IndexedDB in the page; memory in tests): it only listens. */
/** A settled version of the document: its number, text and language. */
export interface SettledText {
  readonly version: number;
  readonly text: string;
  readonly language: Language;
}

export interface SessionPersistence {
  deviceKey(): Promise<DeviceKey>;
  append(ops: readonly SignedOperation[]): void;
  saveText(hash: OpId, text: string): void;
}

export const memoryPersistence = (): SessionPersistence => {
  // Made when first asked for: a key costs tens of milliseconds, which a page opening should not wait on.
  let key: DeviceKey | null = null;
  return { deviceKey: async () => (key ??= generateDeviceKey()), append: () => {}, saveText: () => {} };
};

export class SessionController {
  private ops: SignedOperation[] = [];
  private key: DeviceKey | null = null;
  private sessionId = 'session-1';

  /** How many operations the open session's log holds. */
  get logLength(): number {
    return this.ops.length;
  }
  /** Work on the log (revisions, commits, resolutions) runs one task after another. */
  private queue: Promise<unknown> = Promise.resolve();
  /** Bumped by Cancel, Commit and opening a session: answers for an older epoch never land. */
  private previewEpoch = 0;
  /** The preview request in flight and the newest one waiting behind it. */
  private previewInFlight = false;
  private previewNext: UserAction | null = null;
  private stateSeq = 0;
  /** A session was opened: the next settled text is its baseline. */
  private opening = true;
  /** Whether a session was opened: until then there is no log to record in. */
  private sessionOpen = false;
  /** Ops that are not revisions: while there are none, a CLAIR document is all active. */
  private lifecycleOps = 0;
  /** A shared session (teamLink.ts): why this device may not append now (null: it may). */
  private writeGate: (() => string | null) | null = null;
  /** A shared session: whether a settled text is this device's to record (its own edits made it). */
  private revisionGate: (() => boolean) | null = null;

  constructor(
    private readonly service: LifecycleService,
    private readonly inference: InferenceClient | null,
    private persistence: SessionPersistence,
    /** The text on screen when it has settled and not been edited since; else null. */
    private readonly settledText: () => SettledText | null = () => null,
  ) {}

  /** Where ops and texts go from now on (set once storage is open). */
  setPersistence(persistence: SessionPersistence): void {
    this.persistence = persistence;
    this.key = null;
  }

  /**
   * A shared session's rules (teamLink.ts): `write` says why this device may not append
   * (read-only, not admitted yet), `revision` whether a settled text is this device's to
   * record — the device whose edits made a text records its revision, so a text typed by
   * one member is not recorded again by every other. Null lifts them.
   */
  setGates(gates: { write: () => string | null; revision: () => boolean } | null): void {
    this.writeGate = gates?.write ?? null;
    this.revisionGate = gates?.revision ?? null;
  }

  /** Starts on a session's log (already verified by replay when loaded). */
  open(sessionId: string, ops: readonly SignedOperation[]): void {
    this.sessionOpen = true;
    this.sessionId = sessionId;
    this.setOps(ops);
    this.opening = true;
    this.retirePreviews();
    void this.service.setLog({ session: sessionId, ops: this.ops });
    void this.refreshStates();
    // A session opened on a text already on screen and settled (a first visit shows its
    // sample before storage is open): that text is its baseline now, as no settle will come.
    const settled = this.settledText();
    if (settled) void this.recordRevision(settled.version, settled.text, settled.language);
  }

  /** The same session's log, re-read (another tab wrote to it); a preview stays. */
  replaceLog(ops: readonly SignedOperation[]): void {
    this.setOps(ops);
    void this.service.setLog({ session: this.sessionId, ops: this.ops });
    void this.refreshStates();
  }

  private setOps(ops: readonly SignedOperation[]): void {
    this.ops = [...ops];
    this.lifecycleOps = this.ops.filter((op) => op.body.kind !== 'revision').length;
    useLifecycleStore.setState({ log: this.ops.slice() });
  }

  get log(): readonly SignedOperation[] {
    return this.ops;
  }

  private logRef(): LogRef {
    return { session: this.sessionId, length: this.ops.length };
  }

  /** The value a correction starts from: the standing correction, else the stated confidence or prior, else 0.5. */
  currentValueOf(id: string): number {
    return useLifecycleStore.getState().corrected.get(id) ?? useDocumentStore.getState().views.get(id)?.node.confidence ?? 0.5;
  }

  /** Recomputes the states of the current version from the log; an answer for an older version or log is dropped. */
  async refreshStates(): Promise<void> {
    const { analysis, posteriors } = useDocumentStore.getState();
    if (!analysis) return;
    const seq = ++this.stateSeq;
    // Nothing stands and the language has no contradictions of its own: everything is active.
    if (!languageRow(analysis.language).ownContradictions && this.lifecycleOps === 0) {
      const s = useLifecycleStore.getState();
      if (s.states.size > 0 || s.contradictions.length > 0 || s.corrected.size > 0) useLifecycleStore.setState({ states: new Map(), contradictions: [], review: [], corrected: new Map() });
      if (useContradictedStore.getState().ids.size > 0) useContradictedStore.setState({ ids: new Set() });
      return;
    }
    const log = this.logRef();
    const reply = await this.service.lifecycle({ version: analysis.version, log, action: null, posteriors: Object.fromEntries(posteriors) });
    if (seq !== this.stateSeq || reply.stale || reply.version !== useDocumentStore.getState().analysis?.version) return;
    useLifecycleStore.setState({ states: new Map(Object.entries(reply.states)), contradictions: reply.contradictions, review: reply.review, corrected: new Map(Object.entries(reply.corrected)) });
    const open = new Set(reply.contradictions.filter((c) => c.resolved === null).flatMap((c) => c.endpoints));
    const old = useContradictedStore.getState().ids;
    if (old.size !== open.size || [...open].some((id) => !old.has(id))) useContradictedStore.setState({ ids: open });
  }

  /**
   * Shows what `action` would do; replaces any earlier preview. One request is in flight
   * at a time and the newest waits behind it, so a slider dragged on a slow machine
   * shows each answer as it comes instead of dropping them all for the next one.
   */
  previewAction(action: UserAction): Promise<void> {
    useLifecycleStore.setState({ previewing: action, notice: null });
    if (this.previewInFlight) {
      this.previewNext = action;
      return Promise.resolve();
    }
    return this.runPreview(action);
  }

  private async runPreview(action: UserAction): Promise<void> {
    const epoch = this.previewEpoch;
    this.previewInFlight = true;
    try {
      const preview = await this.computePreview(action);
      const newer = this.previewNext !== null;
      if (preview && epoch === this.previewEpoch) {
        useLifecycleStore.setState({ preview, previewing: newer ? useLifecycleStore.getState().previewing : null });
      } else if (!preview && !newer && epoch === this.previewEpoch) {
        // The document kept changing under it: nothing to show, and nothing is being computed.
        useLifecycleStore.setState({ previewing: null });
      }
    } finally {
      this.previewInFlight = false;
      const next = this.previewNext;
      this.previewNext = null;
      if (next && epoch === this.previewEpoch) await this.runPreview(next);
    }
  }

  /** The preview of `action` on the current version, or null when the document changed under it. */
  private async computePreview(action: UserAction): Promise<CascadePreview | null> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const { analysis, posteriors } = useDocumentStore.getState();
      if (!analysis) return null;
      const [reply, changed] = await Promise.all([
        this.service.lifecycle({ version: analysis.version, log: this.logRef(), action, posteriors: Object.fromEntries(posteriors) }),
        this.posteriorShift(analysis.ir as GaiaIr | undefined, action, posteriors),
      ]);
      // Computed for a version or log that is no longer current: ask again.
      if (reply.stale || reply.version !== useDocumentStore.getState().analysis?.version) continue;
      return {
        action,
        invalidated: new Set(reply.invalidated),
        changed,
        pendingReview: reply.pendingReview,
        states: new Map(Object.entries(reply.states)),
        refusal: reply.refusal,
      };
    }
    return null;
  }

  /** Drops the preview and every answer still on its way. */
  cancelPreview(): void {
    this.retirePreviews();
  }

  private retirePreviews(): void {
    this.previewEpoch++;
    this.previewNext = null;
    useLifecycleStore.setState({ preview: null, previewing: null });
  }

  /**
   * Appends the previewed action (and the engine's invalidations) to the log. What is
   * appended is worked out again by the session model against the log as it stands
   * when the commit runs, so it cannot differ from what replay derives.
   */
  async commitPreview(): Promise<void> {
    const preview = useLifecycleStore.getState().preview;
    if (!preview || preview.refusal) return;
    this.retirePreviews();
    const action = preview.action;
    const refused = this.writeGate?.() ?? null;
    if (refused) {
      useLifecycleStore.setState({ notice: `Not committed: ${refused}` });
      return;
    }
    await this.enqueue(async () => {
      const key = await this.deviceKey();
      const { analysis } = useDocumentStore.getState();
      if (!analysis) return;
      const answer = await this.service.commit({ version: analysis.version, log: this.logRef(), action });
      if (!answer.ok) {
        useLifecycleStore.setState({ notice: `Not committed: ${answer.message}` });
        return;
      }
      const [trigger] = await this.appendNow(this.sessionId, [answer.body], key, action.source);
      if (!trigger) return; // another session was opened meanwhile
      await this.appendNow(this.sessionId, invalidationsOf(answer, trigger.id), key, 'engine');
    });
    await this.refreshStates();
  }

  /**
   * The text of `version` has settled (the pipeline decides when): record it as a
   * revision. Beliefs resting on one whose content changed are held for review (engine
   * ops caused by the revision); a change of confidence alone only refreshes them
   * (Mnema §6.1). The first settled text of an opened session is its baseline.
   */
  async recordRevision(version: number, text: string, language: Language): Promise<void> {
    // A document shown before any session is open (storage still opening) has no log to
    // write to yet; `open` takes its settled text as the baseline.
    if (!this.sessionOpen) return;
    await this.enqueue(async () => {
      const reset = this.opening;
      const mark = await this.service.markRevision({ version, reset });
      if (!mark) return;
      this.opening = false;
      // The baseline moved either way; only the device whose edits made the text records it.
      if (this.writeGate?.() || (this.revisionGate && !this.revisionGate())) return;
      const hash = await this.service.textHash({ text });
      const last = this.lastRevisionHash();
      if (last === hash) return;
      this.persistence.saveText(hash, text);
      const key = await this.deviceKey();
      const session = this.sessionId;
      const [revision] = await this.appendNow(session, [{ kind: 'revision', text_hash: hash, language, length: text.length, ...(mark.changed.length > 0 ? { changed: mark.changed } : {}) }], key, 'editor');
      if (!revision) return;
      await this.appendNow(session, mark.holds.map((target) => ({ kind: 'claim_invalidation' as const, target, cause: revision.id })), key, 'engine');
    });
    await this.refreshStates();
  }

  private lastRevisionHash(): OpId | null {
    for (let i = this.ops.length - 1; i >= 0; i--) {
      const body = this.ops[i]!.body;
      if (body.kind === 'revision') return body.text_hash;
    }
    return null;
  }

  /** The explanation record of `id` under this session's log, as the inspector shows it (null while the version is gone). */
  async explain(id: string): Promise<ShownExplanation | null> {
    const request = this.explainRequest(id);
    return request ? this.service.explain(request) : null;
  }

  /** The whole record of `id`, as `warrant explain --json` prints it. */
  async explainJson(id: string): Promise<string | null> {
    const request = this.explainRequest(id);
    return request ? this.service.explainJson(request) : null;
  }

  private explainRequest(id: string): ExplainRequest | null {
    const { analysis, posteriors } = useDocumentStore.getState();
    return analysis ? { version: analysis.version, log: this.logRef(), id, posteriors: Object.fromEntries(posteriors) } : null;
  }

  /** `export --to explanations` for the open document under this session's log. */
  async explanationsJsonLines(): Promise<string> {
    await this.queue;
    const { analysis, posteriors } = useDocumentStore.getState();
    const text = analysis ? await this.service.explanationsJsonLines({ version: analysis.version, log: this.logRef(), posteriors: Object.fromEntries(posteriors) }) : null;
    if (text === null) throw new Error('the document is still being analysed; try again');
    return text;
  }

  /**
   * `export --to oplog`: the session's signed ops as JSON lines of canonical JSON, then
   * its head signed by this device (when it is a member; a head signed by a stranger
   * would only be flagged by whoever reads the file).
   */
  async oplogJsonLines(): Promise<string> {
    const ops = this.ops.slice();
    const key = await this.deviceKey();
    const members = membersOf(ops);
    const unsigned = members.has(key.author) ? headOf({ applied: ops, session: this.sessionId, members: members.list() }, key.author) : null;
    const head = unsigned ? await signHeadWithDevice(unsigned, key) : null;
    return exportOplog(ops, head);
  }

  /** Resolves an open contradiction (docs/contract.md §3) as a user operation. */
  async resolveContradiction(body: Omit<ContradictionResolutionBody, 'kind'>): Promise<void> {
    const refused = this.writeGate?.() ?? null;
    if (refused) {
      useLifecycleStore.setState({ notice: `Not resolved: ${refused}` });
      return;
    }
    await this.enqueue(async () => this.appendNow(this.sessionId, [{ kind: 'contradiction_resolution', ...body }], await this.deviceKey(), 'inspector'));
    await this.refreshStates();
  }

  /** Adds `members` to the session (a shared session's join requests, answered by a member). */
  async addMembers(members: readonly string[]): Promise<void> {
    if (members.length === 0) return;
    await this.enqueue(async () => this.appendNow(this.sessionId, members.map((member) => ({ kind: 'member_addition' as const, member })), await this.deviceKey(), 'engine'));
  }

  /** This device's key (`ed25519:…`). */
  async author(): Promise<string> {
    return (await this.deviceKey()).author;
  }

  /** `head` signed by this device (a room's head of its log: teamLink.ts). */
  async signHead(head: UnsignedHead): Promise<SignedHead> {
    return signHeadWithDevice(head, await this.deviceKey());
  }

  /** Runs `task` after every earlier one: each sees the log the previous left. */
  private enqueue<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(task);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /**
   * Signs and chains `bodies`, then hands them to the worker, storage and the page
   * once: a cascade is one write, one update. Signing is asynchronous
   * (deviceSigner.ts); if the log was replaced meanwhile (another tab's ops arrived) the
   * ops are chained and signed again on the new tip rather than written beside it.
   * Nothing (an empty list) when another session was opened meanwhile.
   */
  private async appendNow(session: string, bodies: readonly OperationBody[], key: DeviceKey, source: OperationSource): Promise<SignedOperation[]> {
    if (bodies.length === 0) return [];
    const sign = await bytesSignerFor(key);
    for (;;) {
      if (this.sessionId !== session) return [];
      const log = this.ops;
      const last = log[log.length - 1];
      const added = await signChain({ session: this.sessionId, last: last ? { seq: last.seq, id: last.id } : null }, bodies, key, sign, { source });
      if (this.sessionId !== session || this.ops !== log || this.ops[this.ops.length - 1] !== last) continue;
      for (const op of added) {
        this.ops.push(op);
        if (op.body.kind !== 'revision') this.lifecycleOps++;
      }
      void this.service.appendLog({ session, ops: added });
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
