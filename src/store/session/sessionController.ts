/**
 * The page's side of the open document's session. The session itself — its log, what
 * an action writes, the states, the review list, the ledger — lives in the validation
 * worker (src/core/session/liveSession.ts); this class sends it one request per action
 * (`dispatch`), signs what the reply says to write in one pass (the device key stays on
 * the page), and puts each reply's projection in the stores the page reads. It decides
 * nothing about lifecycle, and lands an answer only while it is current — the document
 * version it was computed for, and the preview it belongs to.
 *
 * Round trips: a preview is one request; its commit is one (the signed ops of the
 * preview's plan, appended as shown); a settled text is two (what to record, then the
 * signed revision); a resolution is one. An analysis needs none: the worker tells the
 * page the states of each version as it analyses it (`acceptProjection`).
 */
import type { DeviceKey } from '../../core/oplog/deviceKey.ts';
import { generateDeviceKey } from '../../core/oplog/deviceKey.ts';
import type { ContradictionResolutionBody, OperationBody, OpId, ProposalAcceptanceBody, ReviewDecisionBody, SignedOperation } from '../../core/oplog/operation.ts';
import { headOf, type SignedHead, type UnsignedHead } from '../../core/oplog/logHead.ts';
import { membersOf } from '../../core/oplog/sessionMembers.ts';
import { compareOps } from '../../core/oplog/replayLog.ts';
import type { LogTip } from '../../core/oplog/signOperation.ts';
import { exportOplog } from '../../core/export/exportOplog.ts';
import type { Language } from '../../core/graph/reasoningGraph.ts';
import { languageRow } from '../../core/languages/languageTable.ts';
import type { ShownExplanation } from '../../core/explain/shownExplanation.ts';
import type { OpPlan } from '../../core/session/opPlan.ts';
import type { NewLogText } from '../../core/mnema/mnemaWrite.ts';
import type { HeldWrite } from '../../core/mnema/writeTickets.ts';
import type { DispatchReply, SessionAction, SessionBaseline, SessionProjection } from '../../core/session/liveSession.ts';
import type { ShownEffect } from '../../core/session/shownEffect.ts';
import { sameEffect } from '../../core/session/shownEffect.ts';
import { bytesSignerFor, signHeadWithDevice } from '../../core/oplog/bytesSigner.ts';
import { signChain, signPlan } from './deviceSigner.ts';
import { useDocumentStore } from '../document/documentStore.ts';
import type { CascadePreview, UserAction } from './lifecycleStore.ts';
import { useContradictedStore } from './contradictedStore.ts';
import { useLifecycleStore } from './lifecycleStore.ts';
import type { LogWriteRefusal, LogWriteService } from './logWrites.ts';
import { appendLogWrite } from './logWrites.ts';
import type { ExplainRequest, LogRef, ProofOfText, ReviewPanelView, WorldStatusRequest, WorldStatusView } from '../../../workers/lifecycleApi.ts';
import type { ProveMode } from '../../core/proposal/proposalTypes.ts';

type MaybePromise<T> = T | Promise<T>;

/** The session's side of the validation worker (workers/lifecycleApi.ts; a document that is its own log: mnemaQueries.ts). */
export interface SessionService extends Partial<LogWriteService> {
  dispatch(request: { version: number; log: LogRef; posteriors?: Readonly<Record<string, number>>; action: SessionAction }): MaybePromise<DispatchReply>;
  explain(request: ExplainRequest): MaybePromise<ShownExplanation | null>;
  explainJson(request: ExplainRequest): MaybePromise<string | null>;
  explanationsJsonLines(request: Omit<ExplainRequest, 'id'>): MaybePromise<string | null>;
  /** A proposal's status in the session's world (src/core/proposal/worldStatusView.ts). */
  proposalWorld?(request: WorldStatusRequest): MaybePromise<WorldStatusView | null>;
  /** A Gaia package's review records with their statuses (src/core/gaia/review/reviewPanelView.ts). */
  reviewPanel?(request: { readonly version: number; readonly log: LogRef }): MaybePromise<ReviewPanelView | null>;
}

/** A settled version of the document: its number, text and language. */
export interface SettledText {
  readonly version: number;
  readonly text: string;
  readonly language: Language;
}

/** Where ops and key are kept (IndexedDB in the page; memory in tests): it only listens. */
export interface SessionPersistence {
  deviceKey(): Promise<DeviceKey>;
  append(ops: readonly SignedOperation[]): void;
  saveText(hash: OpId, text: string): void;
}

/** Whether a settled text of `language` is a revision of its session (not for a document that is its own log). */
const hasRevisions = (language: Language): boolean => !languageRow(language).ownLog;

export const memoryPersistence = (): SessionPersistence => {
  // Made when first asked for: a key costs tens of milliseconds, which a page opening should not wait on.
  let key: DeviceKey | null = null;
  return { deviceKey: async () => (key ??= generateDeviceKey()), append: () => {}, saveText: () => {} };
};

/** How many times a request answered "the log changed meanwhile" is sent again. */
const ATTEMPTS = 3;
/** How long a commit planned again waits for the analysis of the log as it now is. */
const CATCH_UP_MS = 5000;

export class SessionController {
  private key: DeviceKey | null = null;
  private sessionId = 'session-1';
  /** Work on the log (revisions, commits, resolutions) runs one task after another. */
  private queue: Promise<unknown> = Promise.resolve();
  /** Bumped by Cancel, Commit and opening a session: answers for an older epoch never land. */
  private previewEpoch = 0;
  private previewIds = 0;
  /** The preview request in flight and the newest one waiting behind it. */
  private previewInFlight = false;
  private previewNext: UserAction | null = null;
  /** A session was opened: the next settled text is its baseline. */
  private opening = true;
  /** Whether a session was opened: until then there is no log to record in. */
  private sessionOpen = false;
  /** The newest projection the worker told with an analysis, until its version is on screen. */
  private told: SessionProjection | null = null;
  /** Whether the worker tells the states with each analysis (else they are asked for). */
  private telling = false;
  /** The explanation asked last: asked again only when the belief, the version, the log or the posteriors change. */
  private explained: { key: string; posteriors: unknown; answer: Promise<ShownExplanation | null> } | null = null;
  /** A shared session (teamLink.ts): why this device may not append now (null: it may). */
  private writeGate: (() => string | null) | null = null;
  /** A shared session: whether a settled text is this device's to record (its own edits made it). */
  private revisionGate: (() => boolean) | null = null;
  /** Bumped when the log is replaced (open, re-read): an append answered for an older log is merged, not pushed. */
  private logGeneration = 0;

  constructor(
    private readonly service: SessionService,
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

  /** The worker now tells the states of each version with its analysis. */
  tellsStates(): void {
    this.telling = true;
  }

  /** The session's log as the page shows it (the worker's, as its replies accepted it). */
  get log(): readonly SignedOperation[] {
    return useLifecycleStore.getState().log;
  }

  /** How many operations the open session's log holds. */
  get logLength(): number {
    return this.log.length;
  }

  private logRef(): LogRef {
    return { session: this.sessionId, length: this.log.length };
  }

  /**
   * Starts on a session's log (already verified by replay when loaded); `baseline`: the
   * text it opens on (a project has none: its first settled text is the baseline).
   */
  open(sessionId: string, ops: readonly SignedOperation[], baseline?: SessionBaseline): void {
    this.sessionOpen = true;
    this.logGeneration++;
    this.sessionId = sessionId;
    // With the text it opens on, the first settled text is a revision of it (an edit typed
    // before the opened text settled, or before storage opened); without, it is the baseline.
    this.opening = !baseline;
    this.retirePreviews();
    useLifecycleStore.setState({ log: ops.slice() });
    void this.send({ kind: 'open', session: sessionId, ops, ...(baseline && { baseline }) });
    // A session opened on a text already on screen and settled (a first visit shows its
    // sample before storage is open): no settle will come, so it is recorded now.
    const settled = this.settledText();
    if (settled) void this.recordRevision(settled.version, settled.text, settled.language);
  }

  /** The same session's log, re-read (another tab wrote to it); a preview on screen is made again on it. */
  replaceLog(ops: readonly SignedOperation[]): void {
    this.logGeneration++;
    useLifecycleStore.setState({ log: ops.slice() });
    void this.send({ kind: 'open', session: this.sessionId, ops }).then(() => this.previewAgain());
  }

  /** The value a correction starts from: the standing correction, else the stated confidence or prior, else 0.5. */
  currentValueOf(id: string): number {
    return useLifecycleStore.getState().corrected.get(id) ?? useDocumentStore.getState().views.get(id)?.node.confidence ?? 0.5;
  }

  /** A new analysis is on screen: its states, as the worker told them, else asked for. */
  analysisShown(): void {
    const version = useDocumentStore.getState().analysis?.version;
    if (version === undefined) return;
    // The states the worker told with this version, unless the log moved since it told them
    // (a session opened with its log meanwhile): then they are asked for at once, not at the next settle.
    if (this.told?.version === version) {
      if (!this.apply(this.told)) void this.refreshStates();
      return;
    }
    if (!this.telling) void this.refreshStates();
  }

  /** The states of a version, told by the worker as it analysed it. */
  acceptProjection(projection: SessionProjection): void {
    if (projection.version === useDocumentStore.getState().analysis?.version) {
      if (!this.apply(projection)) void this.refreshStates();
    } else if (projection.version > (useDocumentStore.getState().analysis?.version ?? -1)) this.told = projection;
  }

  /** New posteriors (Gaia): corrections are compared with them, so the ledger is asked for again when one stands. */
  posteriorsShown(): void {
    if (useLifecycleStore.getState().corrected.size > 0) void this.refreshStates();
  }

  /** Asks for the states of the current version under the log. */
  async refreshStates(): Promise<void> {
    if (!useDocumentStore.getState().analysis) return;
    await this.send({ kind: 'states' });
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
      const preview = await this.computePreview(action, epoch);
      const newer = this.previewNext !== null;
      if (preview && epoch === this.previewEpoch) {
        useLifecycleStore.setState({ preview, previewing: newer ? useLifecycleStore.getState().previewing : null });
      } else if (!preview && !newer && epoch === this.previewEpoch) {
        // The document kept changing under it: nothing to show, and nothing is being computed.
        useLifecycleStore.setState({ previewing: null });
      }
    } catch (e) {
      // A worker that failed: nothing is being computed any more, and the person is told.
      if (epoch === this.previewEpoch && this.previewNext === null) useLifecycleStore.setState({ previewing: null, notice: `Preview failed: ${e instanceof Error ? e.message : String(e)}` });
    } finally {
      this.previewInFlight = false;
      // Whatever waits was asked for after every Cancel before it (a Cancel clears it): its turn.
      const next = this.previewNext;
      this.previewNext = null;
      if (next) await this.runPreview(next);
    }
  }

  /** The preview of `action` on the current version (one request), or null when the document or log changed under it. */
  private async computePreview(action: UserAction, epoch: number): Promise<CascadePreview | null> {
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const id = ++this.previewIds;
      const version = useDocumentStore.getState().analysis?.version;
      const length = this.log.length;
      // A document that is its own log plans its ops in the signer's name (others need no key to preview).
      const author = languageRow(useDocumentStore.getState().language).ownLog ? await this.author() : undefined;
      const reply = await this.send({ kind: 'preview', id, action, ...(author ? { author } : {}) }, () => epoch === this.previewEpoch);
      if (!reply) return null;
      if (reply.stale === 'log') await this.resync();
      const p = reply.preview;
      // Computed for a version that is no longer on screen, or a log that moved: asked again.
      if (!reply.ok || !p || version !== useDocumentStore.getState().analysis?.version || length !== this.log.length) continue;
      return {
        id: p.id,
        action,
        text: p.text,
        meaning: p.meaning,
        invalidated: new Set(p.invalidated),
        changed: new Map(Object.entries(p.changed)),
        pendingReview: p.pendingReview,
        states: new Map(Object.entries(p.states)),
        refusal: p.refusal,
        plan: p.plan,
        write: p.write ?? null,
        outcome: p.outcome ?? [],
      };
    }
    return null;
  }

  /** Drops the preview and every answer still on its way (nothing to tell the worker: a commit names its preview). */
  cancelPreview(): void {
    this.retirePreviews();
  }

  /** Drops the preview and every answer on its way, the payload editor left open (what it holds previews nothing). */
  dropPreview(): void {
    this.retirePreviews(true);
  }

  private retirePreviews(keepEditor = false): void {
    this.previewEpoch++;
    this.previewNext = null;
    const s = useLifecycleStore.getState();
    // The payload editor belongs to the correction being previewed: it closes with it.
    if (s.preview || s.previewing || (s.correctingPayload && !keepEditor)) useLifecycleStore.setState({ preview: null, previewing: null, ...(keepEditor ? {} : { correctingPayload: null }) });
  }

  /** The log moved under a preview on screen: it is made again, so Commit writes what is shown. */
  private previewAgain(): void {
    // The newest action asked for: a drag may have moved on since the preview on screen.
    const { preview, previewing } = useLifecycleStore.getState();
    const action = this.previewNext ?? previewing ?? preview?.action;
    if (action) void this.previewAction(action);
  }

  /**
   * Appends the previewed action exactly as the preview showed it: its plan signed in one
   * pass and handed to the worker in one request, which appends it if the log has not
   * moved since the preview (else nothing is written and the notice says so).
   */
  async commitPreview(): Promise<void> {
    const preview = useLifecycleStore.getState().preview;
    if (!preview || preview.refusal) return;
    if (preview.write) return this.commitLogWrite(preview);
    if (!preview.plan) return;
    const plan = preview.plan;
    this.retirePreviews();
    const refused = this.writeGate?.() ?? null;
    if (refused) {
      useLifecycleStore.setState({ notice: `Not committed: ${refused}` });
      return;
    }
    await this.enqueue(async () => {
      const session = this.sessionId;
      let signing = plan;
      let reply: DispatchReply | null = null;
      // A reply with a plan to sign afresh: the log moved, and the session judged the
      // action still does what the preview showed (liveSession.ts decides; this only signs).
      for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
        const ops = await this.signed(signing);
        if (this.sessionId !== session) return;
        const generation = this.logGeneration;
        reply = await this.send({ kind: 'commit', id: preview.id, action: preview.action, ops });
        if (reply?.ok) return this.appended(ops, reply, generation);
        if (!reply?.replan || this.sessionId !== session) break;
        signing = reply.replan;
      }
      // Another session opened meanwhile: its dock is not told about this one.
      if (this.sessionId === session) useLifecycleStore.setState({ notice: `Not committed: ${reply?.notice ?? 'the log kept changing'}` });
    });
  }

  /**
   * A document that is its own log: the preview's ops and head, signed, appended to its
   * text (logWrites.ts). When the log moved under the preview (another member's write
   * arrived, as in a shared log two people commit at once), the action is planned again
   * on the log as it is now and committed if it still does what the preview showed
   * (`sameEffect`, the rule trace sessions commit by); else the new preview is shown.
   */
  private async commitLogWrite(preview: CascadePreview): Promise<void> {
    this.retirePreviews();
    const shown = (p: CascadePreview): ShownEffect => ({ text: p.text, invalidated: [...p.invalidated] });
    let write = preview.write!;
    for (let attempt = 1; ; attempt++) {
      const refused = await this.appendOwnLog(write);
      if (!refused) return;
      if (!refused.moved || attempt >= ATTEMPTS) return useLifecycleStore.setState({ notice: `Not committed: ${refused.message}` });
      const epoch = this.previewEpoch;
      await this.analysisCaughtUp();
      const again = await this.computePreview(preview.action, epoch);
      if (epoch !== this.previewEpoch) return;
      if (!again?.write || again.refusal) return useLifecycleStore.setState({ notice: `Not committed: ${again?.refusal ?? refused.message}` });
      if (!sameEffect(shown(preview), shown(again))) {
        useLifecycleStore.setState({ preview: again, notice: 'Not committed: the log changed under the preview; this is what the action does now.' });
        return;
      }
      write = again.write;
    }
  }

  /** Resolves once the analysis on screen is of the editor's text (or after a few seconds: whatever is current then is planned on). */
  private analysisCaughtUp(): Promise<void> {
    const current = (s = useDocumentStore.getState()) => s.analysis !== null && s.analysis.version === s.editorVersion;
    if (current()) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        stop();
        resolve();
      };
      const stop = useDocumentStore.subscribe((s) => {
        if (current(s)) done();
      });
      const timer = setTimeout(done, CATCH_UP_MS);
    });
  }

  /** Has `write` (a plan of the open log's own: an action, an import, a derivation run) signed and appended to the document; null, or why nothing was written. */
  async writeLog(write: HeldWrite): Promise<string | null> {
    return (await this.appendOwnLog(write))?.message ?? null;
  }

  private async appendOwnLog(write: HeldWrite): Promise<LogWriteRefusal | null> {
    const service = this.service;
    if (!service.mnemaCommit) return { message: 'this document cannot be written to', moved: false };
    // A shared log is written as the room allows (a read-only link, a device not admitted yet).
    const gate = this.writeGate?.() ?? null;
    if (gate) return { message: gate, moved: false };
    return appendLogWrite({ mnemaCommit: (...args) => service.mnemaCommit!(...args), committedPart: (i) => service.committedPart?.(i) ?? null }, await this.deviceKey(), write);
  }

  /** The text of a new log made of `write` (a log of this device's own), signed with its key; or why not. */
  async newLogText(write: HeldWrite): Promise<NewLogText> {
    if (!this.service.mnemaCommitNew) return { ok: false, message: 'no log can be made here' };
    return this.service.mnemaCommitNew(write, await this.deviceKey());
  }

  /**
   * The text of `version` has settled (the pipeline decides when): the worker compares it
   * with the last revision and says what to record — the revision, and holds on what
   * rests on a belief whose content changed (Mnema §6.1). The first settled text of an
   * opened session is its baseline.
   */
  async recordRevision(version: number, text: string, language: Language): Promise<void> {
    // A document shown before any session is open (storage still opening) has no log to
    // write to yet; `open` takes its settled text as the baseline. A document that is its
    // own log (Mnema) has its history in its own signed ops: a revision of it would store
    // the whole log again after every commit.
    if (!this.sessionOpen || !hasRevisions(language)) return;
    this.revisionsPending++;
    await this.enqueue(async () => {
      const reply = await this.dispatchFor(version, { kind: 'revise', text, reset: this.opening });
      if (!reply?.marked) return;
      this.opening = false;
      // The baseline moved either way; only the device whose edits made the text records it.
      // Asked on every settle, so a text this device did not make is never taken for its own later.
      const mine = this.revisionGate ? this.revisionGate() : true;
      if (!reply.plan || this.writeGate?.() || !mine) return;
      if (reply.textHash) this.persistence.saveText(reply.textHash, text);
      await this.appendPlan(reply.plan);
    }).finally(() => this.revisionsPending--);
  }

  private revisionsPending = 0;

  /**
   * Whether the text on screen is still to be recorded: it has not settled yet, or its
   * revision waits in the queue. Sharing asks it: a text typed here before the room
   * existed is this device's, however soon after the typing it was shared.
   */
  textUnrecorded(): boolean {
    if (!hasRevisions(useDocumentStore.getState().language)) return false;
    return this.revisionsPending > 0 || this.settledText() === null;
  }

  /** The explanation record of `id` under this session's log, as the inspector shows it (null while the version is gone). */
  explain(id: string): Promise<ShownExplanation | null> {
    const request = this.explainRequest(id);
    if (!request) return Promise.resolve(null);
    const key = `${id}\u0000${request.version}\u0000${request.log.session}\u0000${request.log.length}`;
    const posteriors = useDocumentStore.getState().posteriors;
    if (this.explained?.key !== key || this.explained.posteriors !== posteriors) {
      const answer = Promise.resolve(this.service.explain(request));
      const asked = { key, posteriors, answer };
      this.explained = asked;
      // A failed answer is not kept: the next ask tries again.
      answer.catch(() => {
        if (this.explained === asked) this.explained = null;
      });
    }
    return this.explained.answer;
  }

  /** The whole record of `id`, as `warrant explain --json` prints it. */
  async explainJson(id: string): Promise<string | null> {
    const request = this.explainRequest(id);
    return request ? this.service.explainJson(request) : null;
  }

  private explainRequest(id: string): ExplainRequest | null {
    const { analysis, posteriors } = useDocumentStore.getState();
    return analysis ? { version: analysis.version, log: this.logRef(), id, ...(posteriors.size > 0 ? { posteriors: Object.fromEntries(posteriors) } : {}) } : null;
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
    const ops = this.log.slice();
    const key = await this.deviceKey();
    const members = membersOf(ops);
    const unsigned = members.has(key.author) ? headOf({ applied: ops, session: this.sessionId, members: members.list() }, key.author) : null;
    const head = unsigned ? await signHeadWithDevice(unsigned, key) : null;
    return exportOplog(ops, head);
  }

  /** Resolves an open contradiction (contract §3) as a user operation. */
  async resolveContradiction(body: Omit<ContradictionResolutionBody, 'kind'>): Promise<void> {
    const refused = this.writeGate?.() ?? null;
    if (refused) {
      useLifecycleStore.setState({ notice: `Not resolved: ${refused}` });
      return;
    }
    await this.enqueue(async () => this.appendBodies([{ kind: 'contradiction_resolution', ...body }], 'inspector'));
  }

  /** Records a reviewer's decision on one of a Gaia package's review records (`review_decision`; the posteriors follow: reviewedIr.ts). */
  async recordReview(body: ReviewDecisionBody): Promise<void> {
    const refused = this.writeGate?.() ?? null;
    if (refused) {
      useLifecycleStore.setState({ notice: `Not recorded: ${refused}` });
      return;
    }
    await this.enqueue(async () => this.appendBodies([body], 'inspector'));
  }

  /**
   * A proposal's status in this session's world — the session log's acceptances — asked of
   * the worker, which reads the proposal of `version` (null: that version or this log is
   * no longer the worker's; the next change asks again).
   */
  async proposalWorld(version: number, mode: ProveMode, proof: ProofOfText | null): Promise<WorldStatusView | null> {
    if (!this.service.proposalWorld) return null;
    return this.service.proposalWorld({ version, log: this.logRef(), mode, proof });
  }

  /** The review panel's records of `version` under this session's decisions, asked of the worker (null as above). */
  async reviewPanel(version: number): Promise<ReviewPanelView | null> {
    if (!this.service.reviewPanel) return null;
    return this.service.reviewPanel({ version, log: this.logRef() });
  }

  /**
   * Accepts a proven proposal into this session's world: a signed `proposal_acceptance` op
   * appended to the session's log, as a review decision is (so it is stored, and shared
   * through the session's room). The op written, or why nothing was.
   */
  async recordAcceptance(body: ProposalAcceptanceBody): Promise<SignedOperation | string> {
    const refused = this.writeGate?.() ?? null;
    if (refused) return `not accepted: ${refused}`;
    await this.enqueue(async () => this.appendBodies([body], 'inspector'));
    const op = this.log.find((o) => o.body.kind === 'proposal_acceptance' && o.body.proposal_hash === body.proposal_hash);
    return op ?? `not accepted: ${useLifecycleStore.getState().notice ?? 'the acceptance could not be appended'}`;
  }

  /**
   * Who may write to the open document when it is its own log (a Mnema log): the members
   * its log names, as the worker read the version on screen. Null when the session's log
   * decides, as for every other kind of document.
   */
  async documentMembers(): Promise<readonly string[] | null> {
    const { language, analysis } = useDocumentStore.getState();
    if (!languageRow(language).ownLog) return null;
    if (!analysis || !this.service.mnemaMembers) return [];
    return (await this.service.mnemaMembers(analysis.version)) ?? [];
  }

  /**
   * Admits `members` (a shared session's join requests, answered by a member) to the
   * session's log, and to the document's own log when it is one (its members are who may
   * write to it; the session's log still takes the revisions their edits make).
   */
  async admit(members: readonly string[]): Promise<void> {
    const { language, analysis } = useDocumentStore.getState();
    await this.addMembers(members);
    if (!languageRow(language).ownLog) return;
    if (members.length === 0 || !analysis || !this.service.mnemaAdmit) return;
    const planned = await this.service.mnemaAdmit(analysis.version, members, await this.author());
    if (planned?.write) await this.writeLog(planned.write);
  }

  /** Adds `members` to the session (a shared session's join requests, answered by a member). */
  async addMembers(members: readonly string[]): Promise<void> {
    if (members.length === 0) return;
    await this.enqueue(async () =>
      this.appendBodies(
        members.map((member) => ({ kind: 'member_addition' as const, member })),
        'engine',
      ),
    );
  }

  /** This device's key (`ed25519:…`). */
  async author(): Promise<string> {
    return (await this.deviceKey()).author;
  }

  /** `head` signed by this device (a room's head of its log: teamLink.ts). */
  async signHead(head: UnsignedHead): Promise<SignedHead> {
    return signHeadWithDevice(head, await this.deviceKey());
  }

  /** The worker's copy of the log is not the page's (a reply said so): the worker is given the page's. */
  private async resync(): Promise<void> {
    await this.send({ kind: 'open', session: this.sessionId, ops: this.log });
  }

  /** Runs `task` after every earlier one: each sees the log the previous left. */
  private enqueue<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(task);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** One request about the version on screen; its projection lands if still current. Null when `current` says it no longer matters. */
  private async send(action: SessionAction, current: () => boolean = () => true): Promise<DispatchReply | null> {
    const version = useDocumentStore.getState().analysis?.version ?? -1;
    return this.dispatchFor(version, action, current);
  }

  private async dispatchFor(version: number, action: SessionAction, current: () => boolean = () => true): Promise<DispatchReply | null> {
    const session = this.sessionId;
    const { posteriors } = useDocumentStore.getState();
    const reply = await this.service.dispatch({ version, log: this.logRef(), ...(posteriors.size > 0 ? { posteriors: Object.fromEntries(posteriors) } : {}), action });
    if (this.sessionId !== session || !current()) return null;
    if (reply.projection) this.apply(reply.projection);
    return reply;
  }

  /** Signs `plan` on the log's tip: the lead and the engine's records, one pass. */
  private async signed(plan: OpPlan): Promise<SignedOperation[]> {
    const key = await this.deviceKey();
    return signPlan(this.tip(), plan, key, await bytesSignerFor(key));
  }

  private tip(): LogTip {
    const last = this.log[this.log.length - 1];
    return { session: this.sessionId, last: last ? { seq: last.seq, id: last.id } : null };
  }

  /** Signs and appends `plan` (a revision); signed again on the new tip if the log moved meanwhile. */
  private async appendPlan(plan: OpPlan): Promise<void> {
    const session = this.sessionId;
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const ops = await this.signed(plan);
      if (this.sessionId !== session) return;
      const generation = this.logGeneration;
      const reply = await this.send({ kind: 'append', ops, plan });
      if (!reply) return;
      if (reply.ok) return this.appended(ops, reply, generation);
      if (reply.stale === 'log') await this.resync();
    }
    this.notRecorded('the edit');
  }

  /** Signs and appends ops of the page's own (a resolution, members). */
  private async appendBodies(bodies: readonly OperationBody[], source: 'inspector' | 'engine'): Promise<void> {
    const session = this.sessionId;
    const key = await this.deviceKey();
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const ops = await signChain(this.tip(), bodies, key, await bytesSignerFor(key), { source });
      if (this.sessionId !== session) return;
      const generation = this.logGeneration;
      const reply = await this.send({ kind: 'append', ops });
      if (!reply) return;
      if (reply.ok) return this.appended(ops, reply, generation);
      if (reply.stale === 'log') await this.resync();
    }
    this.notRecorded(
      bodies[0]?.kind === 'member_addition'
        ? 'the new members'
        : bodies[0]?.kind === 'review_decision'
          ? 'the review decision'
          : bodies[0]?.kind === 'proposal_acceptance'
            ? 'the acceptance'
            : 'the resolution',
    );
  }

  /** Every attempt was refused (the log kept moving): the person is told, never left to guess. */
  private notRecorded(what: string): void {
    useLifecycleStore.setState({ notice: `Not recorded: ${what} could not be appended while the log kept changing; try again.` });
  }

  /**
   * Ops the worker appended: kept, shown in the history, and any preview made again on the
   * new log. When the log was replaced while they were on their way (a room or another tab
   * re-read it), the worker's copy no longer holds them: they join the page's log in replay
   * order and the worker is given that log, so the two never drift apart.
   */
  private appended(ops: readonly SignedOperation[], reply: DispatchReply, generation: number): void {
    this.persistence.append(ops);
    // Another session was opened meanwhile: they are stored with their own session, not shown here.
    if (ops[0] && ops[0].session !== this.sessionId) return;
    if (generation !== this.logGeneration) {
      const have = new Set(this.log.map((op) => op.id));
      const log = [...this.log, ...ops.filter((op) => !have.has(op.id))].sort(compareOps);
      useLifecycleStore.setState({ log });
      void this.resync().then(() => this.previewAgain());
      return;
    }
    const log = this.log.slice();
    for (const op of ops) log.push(op);
    useLifecycleStore.setState({ log });
    if (reply.projection) this.apply(reply.projection);
    this.previewAgain();
  }

  /** Puts a projection in the stores if it is of the version on screen and this log; false when it is not. */
  private apply(p: SessionProjection): boolean {
    if (p.version !== useDocumentStore.getState().analysis?.version) return false;
    if (p.log.session !== this.sessionId) return false;
    // Computed before ops the page has appended since: its states are asked for again.
    if (p.log.length !== this.log.length) return false;
    this.told = null;
    useLifecycleStore.setState({
      states: new Map(Object.entries(p.states)),
      corrected: new Map(Object.entries(p.corrected)),
      held: new Set(p.held),
      review: p.review,
      contradictions: p.contradictions,
    });
    const open = new Set(p.contradictions.filter((c) => c.resolved === null).flatMap((c) => c.endpoints));
    const old = useContradictedStore.getState().ids;
    if (old.size !== open.size || [...open].some((id) => !old.has(id))) useContradictedStore.setState({ ids: open });
    return true;
  }

  private async deviceKey(): Promise<DeviceKey> {
    this.key ??= await this.persistence.deviceKey();
    return this.key;
  }
}
