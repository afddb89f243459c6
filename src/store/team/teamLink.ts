/**
 * A session shared live through a team server: the page's side of a room
 * (src/core/team/roomDoc.ts). The room's Yjs document is kept in this browser by
 * y-indexeddb, so edits and ops made offline stay and go out on reconnect; Hocuspocus's
 * provider keeps it in sync. The text is bound to the editor with y-monaco (remote
 * cursors through awareness). Ops go into the room as a set; every change of the set
 * is read by the one replay rule (roomLog.ts: each op's id, signature and membership
 * checked here, not trusted to the server), and the session controller gets the log it
 * gives, so every member computes the same states, previews and explanations.
 *
 * Loaded only when a session is shared: Yjs and the provider are not part of first load.
 */
import { IndexeddbPersistence } from 'y-indexeddb';
import { MonacoBinding } from 'y-monaco';
import type { editor as Editor } from 'monaco-editor/editor';
import type { SignedOperation } from '../../core/oplog/operation.ts';
import { addRoomOps, claimFounder, mayWrite, pendingJoins, requestToJoin, roomHeadEntries, roomMeta, roomOpEntries, roomParts, setRoomHead } from '../../core/team/roomDoc.ts';
import { headToSign, roomHeadProblems } from '../../core/team/roomHeads.ts';
import type { RoomReading } from '../../core/team/roomLog.ts';
import type { SignatureCheck } from '../../core/oplog/verifyOperation.ts';
import { publicKeyOfAuthor } from '../../core/oplog/deviceKey.ts';
import { headBytes, type SignedHead } from '../../core/oplog/logHead.ts';
import { bytesToHex } from '@noble/hashes/utils.js';
import { RoomLogReader } from '../../core/team/roomLog.ts';
import { connectRoom, type RoomAddress, type RoomConnection } from '../../team/roomConnection.ts';
import { activeEditor, subscribeActiveEditor } from '../document/editorInstance.ts';
import { checkOperationAsync, signatureHoldsAsync } from '../../core/oplog/webCryptoSignatures.ts';
import type { SessionController } from '../session/sessionController.ts';
import { useDocumentStore } from '../document/documentStore.ts';
import { languageRow } from '../../core/languages/languageTable.ts';
import { NO_TEAM, useTeamStore, type TeamPeer, type TeamState, type TeamStatus } from './teamStore.ts';

/** How long a member waits before answering join requests (another member may answer first). */
const ADMIT_DELAY_MS = 150;
/** How often, and how many times, a member looks again at joins still waiting after it admitted them. */
const JOIN_RECHECK_MS = 2_000;
const JOIN_RECHECKS = 10;

export class TeamLink {
  readonly connection: RoomConnection;
  private readonly local: IndexeddbPersistence;
  private reader: RoomLogReader | null = null;
  private controller: SessionController | null = null;
  private binding: MonacoBinding | null = null;
  private boundEditor: Editor.IStandaloneCodeEditor | null = null;
  private readonly disposers: (() => void)[] = [];
  private localEdits = false;
  private author = '';
  private reading: RoomReading | null = null;
  /** Who may write, as the last read found: the room log's members, or those a document that is its own log names. */
  private members: readonly string[] = [];
  private readTimer: ReturnType<typeof setTimeout> | null = null;
  private reads: Promise<void> = Promise.resolve();
  private signing = false;
  /** Every op this page has read in the room, by id: a room that loses one is noticed. */
  private readonly readInRoom = new Map<string, SignedOperation>();
  private closed = false;
  /** The connection's state, kept here too: the store shows the link of the open session only. */
  private status: TeamStatus = 'connecting';
  private refusal: string | null = null;

  private constructor(readonly address: RoomAddress) {
    this.connection = connectRoom(address, {
      onStatus: (status) => this.show({ status: status === 'connected' ? 'connected' : status === 'connecting' ? 'connecting' : 'offline' }),
      onRefused: (reason) => {
        this.refusal = `The team server refused this device: ${reason}.`;
        this.show({ status: 'refused', message: this.refusal });
      },
      onClosed: (reason) => {
        this.refusal = `The team server closed this room for this browser: ${reason}. Changes made here since stay here.`;
        this.show({ status: 'refused', message: this.refusal });
      },
      onSynced: () => this.afterSync(),
    });
    this.local = new IndexeddbPersistence(`warrant-room:${address.server}|${address.room}`, this.connection.doc);
    // A lost network leaves the socket looking open for half a minute: the badge must not stay live that long.
    const offline = () => this.connection.dropSocket();
    window.addEventListener('offline', offline);
    this.disposers.push(() => window.removeEventListener('offline', offline));
  }

  get doc() {
    return this.connection.doc;
  }

  /** Opens the room: its copy in this browser first (offline work included), then the server. */
  static async open(address: RoomAddress): Promise<TeamLink> {
    const link = new TeamLink(address);
    useTeamStore.setState({ ...NO_TEAM, address, status: link.status });
    await link.local.whenSynced;
    return link;
  }

  /** Updates what the page shows, when this link is the one shown. */
  private show(state: Partial<TeamState>): void {
    if (state.status) this.status = state.status;
    if (!this.closed && useTeamStore.getState().address === this.address) useTeamStore.setState(state);
  }

  /** Resolves at the first sync with the server, or rejects after `ms` (offline) or when refused. */
  synced(ms: number): Promise<void> {
    return Promise.race([this.connection.synced, new Promise<void>((_, reject) => setTimeout(() => reject(new Error(`no answer from ${this.address.server} within ${Math.round(ms / 1000)} s`)), ms))]);
  }

  /** The room's log as this page reads it now. */
  async readLog(session: string): Promise<RoomReading> {
    this.reader ??= new RoomLogReader(session, checkOperationAsync);
    this.reading = await this.reader.read(roomOpEntries(this.doc));
    return this.reading;
  }

  /**
   * Makes the room the open session's: its log goes to `controller` from now on, its
   * text is bound to the editor, and this device asks to join when it is not a member.
   */
  async attach(controller: SessionController, session: string, founded = false): Promise<void> {
    this.controller = controller;
    // The founder put its own text into the room: the revision still to come of it is this
    // device's (the room's text observer below only sees what is typed from now on).
    if (founded && controller.textUnrecorded()) this.localEdits = true;
    // The room's rules first, before anything awaits: the revision the session's opening
    // may record must already meet them (nothing is appended before this device is known
    // to be a member).
    controller.setGates({ write: () => this.whyNotWrite(), revision: () => this.takeLocalEdits() });
    useTeamStore.setState({
      ...NO_TEAM,
      address: this.address,
      status: this.status,
      message: this.refusal,
      ...(this.connection.provider.isSynced ? { rights: this.connection.canWrite() ? 'write' : 'read' } : {}),
    });
    this.author = await controller.author();
    const parts = roomParts(this.doc);
    const onOps = () => this.scheduleRead(session);
    parts.ops.observe(onOps);
    parts.joins.observe(onOps);
    this.disposers.push(
      () => parts.ops.unobserve(onOps),
      () => parts.joins.unobserve(onOps),
    );
    const onText = (e: { transaction: { local: boolean } }) => {
      if (e.transaction.local) this.localEdits = true;
    };
    parts.text.observe(onText);
    this.disposers.push(() => parts.text.unobserve(onText));
    const provider = this.connection.provider;
    const onUnsynced = () => this.show({ unsynced: provider.hasUnsyncedChanges });
    provider.on('unsyncedChanges', onUnsynced);
    this.disposers.push(() => provider.off('unsyncedChanges', onUnsynced));
    // A document that is its own log names its members in its text: read again as each version is analysed.
    this.disposers.push(
      useDocumentStore.subscribe((now, before) => {
        if (now.analysis?.version !== before.analysis?.version && languageRow(now.language).ownLog) this.scheduleRead(session);
      }),
    );
    this.watchPeers();
    this.bindEditor();
    this.disposers.push(subscribeActiveEditor(() => this.bindEditor()));
    await this.readNow(session);
  }

  /** The name others see beside this device's cursor, changed now and kept for next time. */
  rename(name: string): void {
    const trimmed = name.trim().slice(0, 40);
    if (!trimmed) return;
    localStorage.setItem(NAME_KEY, trimmed);
    const awareness = this.connection.provider.awareness;
    awareness?.setLocalStateField('user', { name: trimmed, color: colourOf(awareness.clientID) });
  }

  /** Ops this device appended: into the room (and so to every member, now or on reconnect). */
  append(ops: readonly SignedOperation[]): void {
    addRoomOps(this.doc, ops);
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    if (this.readTimer !== null) clearTimeout(this.readTimer);
    for (const dispose of this.disposers.splice(0)) dispose();
    this.unbindEditor();
    this.controller?.setGates(null);
    this.connection.close();
    void this.local.destroy();
    document.getElementById('team-cursors')?.remove();
    if (useTeamStore.getState().address === this.address) useTeamStore.setState(NO_TEAM);
  }

  private afterSync(): void {
    const rights = this.connection.canWrite() ? 'write' : 'read';
    this.show({ rights });
    this.applyRights();
    if (this.controller && this.reader) this.scheduleRead(this.reader.session);
  }

  private whyNotWrite(): string | null {
    const { rights, member } = useTeamStore.getState();
    if (rights === 'read') return 'this session is shared with you read-only: you can preview cascades, not commit them';
    if (!member) return 'this device is not a member of the shared session yet; a member admits it when one is online';
    return null;
  }

  private takeLocalEdits(): boolean {
    const mine = this.localEdits;
    this.localEdits = false;
    return mine;
  }

  private scheduleRead(session: string): void {
    if (this.readTimer !== null || this.closed) return;
    // A burst of ops (a cascade, a reconnect) is read once.
    this.readTimer = setTimeout(() => {
      this.readTimer = null;
      void this.readNow(session);
    }, 0);
  }

  private readNow(session: string): Promise<void> {
    // One read after another; a read that failed does not stop the ones after it.
    this.reads = this.reads
      .catch(() => undefined)
      .then(async () => {
        if (this.closed || !this.controller) return;
        const meta = roomMeta(this.doc);
        if (meta && meta.session !== session) {
          // The room's history was replaced: keep the session here, and stop following the room.
          this.unbindEditor();
          this.show({
            status: 'refused',
            history: [
              `The room now holds another session (${meta.name}, ${meta.session}): its history was replaced on the server. This browser keeps its copy of the session and no longer follows the room.`,
            ],
          });
          return;
        }
        const reading = await this.readLog(session);
        if (this.closed) return;
        const heads = roomHeadEntries(this.doc);
        const history = roomHeadProblems(reading, session, heads, await this.headCheck(heads))
          .filter((p) => p.code !== 'head-not-member')
          .map((p) => p.message);
        // A document that is its own log (a Mnema log) names its members itself; else the room's log does.
        const members = (await this.controller.documentMembers()) ?? reading.members;
        if (this.closed) return;
        this.members = members;
        const member = mayWrite(meta, members, this.author);
        // Ops this page once read in the room and the room no longer holds: kept here, and put back.
        const present = new Set(reading.applied.map((op) => op.id));
        const lost = [...this.readInRoom.values()].filter((op) => !present.has(op.id));
        for (const op of reading.applied) this.readInRoom.set(op.id, op);
        if (lost.length > 0) {
          history.push(`The room has lost ${lost.length} operation${lost.length === 1 ? '' : 's'} this browser read in it; they are kept here and put back.`);
          addRoomOps(this.doc, lost);
        } else if (!sameLog(this.controller.log, reading.applied)) this.controller.replaceLog(reading.applied);
        this.show({ refused: reading.refused, member, history });
        this.answerJoins(members, member);
        // Signed beside the reads, not in their way: the next read never waits on a signature.
        if (member && this.connection.canWrite() && !this.signing) {
          this.signing = true;
          void this.signHead(reading, session)
            .catch(() => undefined)
            .finally(() => (this.signing = false));
        }
      });
    return this.reads;
  }

  /** Files this device's head of the log it read, when it has read more than its head says. */
  private async signHead(reading: RoomReading, session: string): Promise<void> {
    const unsigned = headToSign({ ...reading, session }, this.author, roomParts(this.doc).heads.get(this.author));
    if (!unsigned || !this.controller) return;
    const head = await this.controller.signHead(unsigned);
    if (!this.closed) setRoomHead(this.doc, head);
  }

  /**
   * Each head's signature, checked once, off the main thread (WebCrypto) like the ops'. A
   * verdict is kept for its signature, message and key together: a valid signature copied
   * onto another head (or another author) is checked on its own, never taken as verified.
   */
  private readonly headVerdicts = new Map<string, boolean>();
  private async headCheck(heads: readonly (readonly [string, string])[]): Promise<SignatureCheck> {
    const verdictKey = (sig: string, bytes: Uint8Array, key: string) => `${sig}:${key}:${bytesToHex(bytes)}`;
    for (const [, raw] of heads) {
      let head: SignedHead;
      try {
        head = JSON.parse(raw) as SignedHead;
        if (typeof head.sig !== 'string' || typeof head.author !== 'string') continue;
        const bytes = headBytes(head);
        const publicKey = publicKeyOfAuthor(head.author);
        if (!publicKey) continue;
        const key = verdictKey(head.sig, bytes, bytesToHex(publicKey));
        if (!this.headVerdicts.has(key)) this.headVerdicts.set(key, await signatureHoldsAsync(head.sig, bytes, head.author));
      } catch {
        // Not a head: roomHeadProblems says what is wrong with it.
      }
    }
    return (signature, message, publicKey) => this.headVerdicts.get(verdictKey(bytesToHex(signature), message, bytesToHex(publicKey))) ?? false;
  }

  /** A member answers requests to write; a device that may write and is not a member asks. */
  private answerJoins(members: readonly string[], member: boolean): void {
    if (!this.connection.canWrite()) return;
    if (!member) {
      // A room without a log or a founder is this writer's to start; else it asks to join.
      if (members.length === 0 && claimFounder(this.doc, this.author) && this.reader) this.scheduleRead(this.reader.session);
      else requestToJoin(this.doc, this.author, userName(), new Date().toISOString());
      return;
    }
    // The founder of a room whose log is still empty: nobody can be added before its first op.
    if (members.length === 0) return;
    if (pendingJoins(this.doc, members).length === 0) {
      this.joinRechecks = 0;
      return;
    }
    setTimeout(
      () => {
        if (this.closed || !this.controller || !this.reading) return;
        const still = pendingJoins(this.doc, this.members).map((j) => j.author);
        // Asked again a little later while anyone still waits: an admission refused while the
        // log was moving would otherwise wait for the next change of the room, which may never come.
        if (still.length > 0) void this.controller.admit(still).finally(() => this.recheckJoins());
      },
      ADMIT_DELAY_MS + Math.random() * ADMIT_DELAY_MS,
    );
  }

  /** Reads the room again soon, a few times at most, so pending joins are answered even when nothing else changes. */
  private joinRechecks = 0;
  private recheckJoins(): void {
    if (this.joinRechecks >= JOIN_RECHECKS) return;
    this.joinRechecks++;
    setTimeout(() => {
      if (this.closed || !this.reader || !this.reading) return;
      if (pendingJoins(this.doc, this.members).length === 0) {
        this.joinRechecks = 0;
        return;
      }
      this.scheduleRead(this.reader.session);
    }, JOIN_RECHECK_MS);
  }

  private bindEditor(): void {
    const editor = activeEditor();
    if (editor === this.boundEditor) return;
    this.unbindEditor();
    const model = editor?.getModel();
    if (!editor || !model || this.closed) return;
    const text = roomParts(this.doc).text.toString();
    if (model.getValue() !== text) {
      // As an edit, not a new document: the pipeline analyses what the room holds.
      editor.executeEdits('team', [{ range: model.getFullModelRange(), text }]);
    }
    this.binding = new MonacoBinding(roomParts(this.doc).text, model, new Set([editor]), this.connection.provider.awareness);
    this.boundEditor = editor;
    this.applyRights();
  }

  private unbindEditor(): void {
    this.binding?.destroy();
    this.binding = null;
    this.boundEditor?.updateOptions({ readOnly: false });
    this.boundEditor = null;
  }

  private applyRights(): void {
    this.boundEditor?.updateOptions({ readOnly: useTeamStore.getState().rights === 'read' });
  }

  /** Who else is in the room, and their cursors' colours. */
  private watchPeers(): void {
    const awareness = this.connection.provider.awareness;
    if (!awareness) return;
    awareness.setLocalStateField('user', { name: userName(), color: colourOf(awareness.clientID) });
    const update = () => {
      const peers: TeamPeer[] = [];
      awareness.getStates().forEach((state, clientId) => {
        if (clientId === awareness.clientID) return;
        const user = (state as { user?: { name?: unknown; color?: unknown } }).user;
        peers.push({ clientId, name: typeof user?.name === 'string' ? user.name : 'someone', color: typeof user?.color === 'string' ? user.color : colourOf(clientId) });
      });
      this.show({ peers });
      cursorStyles(peers);
    };
    awareness.on('change', update);
    this.disposers.push(() => awareness.off('change', update));
    update();
  }
}

function sameLog(a: readonly SignedOperation[], b: readonly SignedOperation[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i]!.id !== b[i]!.id) return false;
  return true;
}

const NAME_KEY = 'warrant.userName';

/** The name others see beside this device's cursor (kept per browser). */
export function userName(): string {
  let name = localStorage.getItem(NAME_KEY);
  if (!name) {
    name = `guest-${Math.floor(Math.random() * 0xffff)
      .toString(16)
      .padStart(4, '0')}`;
    localStorage.setItem(NAME_KEY, name);
  }
  return name;
}

const PALETTE = ['#d9480f', '#2b8a3e', '#1971c2', '#ae3ec9', '#e8590c', '#0c8599', '#c2255c', '#5f3dc4'];

function colourOf(clientId: number): string {
  return PALETTE[clientId % PALETTE.length]!;
}

/** y-monaco marks remote selections with per-client classes: each gets its member's colour and name. */
function cursorStyles(peers: readonly TeamPeer[]): void {
  let style = document.getElementById('team-cursors');
  if (!style) {
    style = document.createElement('style');
    style.id = 'team-cursors';
    document.head.append(style);
  }
  style.textContent = peers
    .map(
      (p) =>
        `.yRemoteSelection-${p.clientId}{background-color:${p.color}33}` +
        `.yRemoteSelectionHead-${p.clientId}{border-left:2px solid ${p.color}}` +
        `.yRemoteSelectionHead-${p.clientId}::after{content:${JSON.stringify(p.name)};background:${p.color}}`,
    )
    .join('\n');
}

/** The room's session, read from the room (null: nobody has shared a session in it). */
export function sessionOfRoom(link: TeamLink): ReturnType<typeof roomMeta> {
  return roomMeta(link.doc);
}
