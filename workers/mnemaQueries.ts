/**
 * Questions about a Mnema log the page asks the validation worker: a claim's explanation
 * (Mnema §8) with its text tree and the nodes of its provenance; what an action, an
 * import or a derivation run would do and write; and the log's text once the page has
 * signed a write. Asked of the log as the analysis of that version read it (kept beside
 * the analysis), so nothing reads the log twice.
 */
import type { MnemaDocument, MnemaExplanation } from '../src/core/mnema/mnemaDocument.ts';
import { explainMnemaNode, readMnemaDocument, rememberSigned } from '../src/core/mnema/mnemaDocument.ts';
import type { DeviceKey } from '../src/core/oplog/deviceKey.ts';
import type { LogActionPreview } from '../src/core/mnema/mnemaPreview.ts';
import { previewLogAction } from '../src/core/mnema/mnemaPreview.ts';
import type { CommittedChange, CommittedText, NewLogText } from '../src/core/mnema/mnemaWrite.ts';
import type { LogWrite } from '../src/core/mnema/mnemaWrite.ts';
import { committedText, documentSession, HELPED_WRITE_OPS, planMembers, signLogWrite } from '../src/core/mnema/mnemaWrite.ts';
import { helperSigner, startHelperSigner } from './signerThread.ts';
import { MemoShelf } from '../src/core/mnema/derivationMemo.ts';
import type { EvidenceSource } from '../src/core/mnema/importers/evidenceFiles.ts';
import { readEvidenceFile, readEvidenceFolder, sourceOfName } from '../src/core/mnema/importers/evidenceFiles.ts';
import type { EvidenceRecord, ImportReading } from '../src/core/mnema/importers/evidenceRecord.ts';
import type { LogStepPlan } from '../src/core/mnema/logSteps.ts';
import { planLogStep } from '../src/core/mnema/logSteps.ts';
import type { HeldWrite, ShownPlan } from '../src/core/mnema/writeTickets.ts';
import { WriteShelf } from '../src/core/mnema/writeTickets.ts';
import type { RuleProblem } from '../src/core/mnema/ruleTable.ts';
import { ruleTableOfText } from '../src/core/mnema/ruleTable.ts';
import type { UserAction } from '../src/core/oplog/userAction.ts';
import type { PendingReview } from '../src/core/mnema/mnemaCascade.ts';
import { reviewList } from '../src/core/mnema/reviewList.ts';
import type { CalibrationReport } from '../src/core/mnema/calibration.ts';
import { calibrate, labelsOfText } from '../src/core/mnema/calibration.ts';
import { pushAll } from '../src/core/largeArrays.ts';

/**
 * A file the person chose to import: its name, bytes and (when they said) its kind; for a
 * file of a folder they picked whole, the folder's name and `name` the path inside it.
 */
export interface EvidenceFile {
  readonly name: string;
  readonly bytes: Uint8Array;
  readonly kind?: EvidenceSource;
  readonly folder?: string;
}

/**
 * A write taken only when every op is signed by its author, checked natively and in
 * parallel (WebCrypto's Ed25519, else @noble); the verdicts are remembered, so reading the
 * log that the write makes does not check them again one by one.
 */
/**
 * `write` (a plan made here) signed here with `key`, the device's that asks, and the text
 * it makes: its signatures are remembered as checked, being made here with the author's
 * own key; a later reading of the text does not check them again.
 */
async function signedText(doc: MnemaDocument, text: string, write: LogWrite, key: DeviceKey): Promise<CommittedText> {
  const signed = await signLogWrite(write, key, helperSigner());
  if (typeof signed === 'string') return { ok: false, message: signed };
  const out = committedText(doc, text, signed.ops, signed.head, freshSession());
  if (out.ok) rememberSigned(signed.ops);
  return out;
}

/** The session id a log with no op yet is founded with: new for every plan (the plan's ops carry it to commit). */
const freshSession = (): string => `mnema-${crypto.randomUUID()}`;

export function createMnemaQueries(docOf: (version: number) => MnemaDocument | null, textOf: (version: number) => string | null) {
  /** The person's rule tables (texts): every plan derives with them beside the built-in derivers. */
  let rules: readonly string[] = [];
  // Memos of the versions planned on: a run after a committed write starts from its watermark.
  const shelf = new MemoShelf();
  // The ops of plans on the page's screen, kept here: the page holds tickets (writeTickets.ts).
  const held = new WriteShelf();
  const shown = (plan: LogStepPlan | null): ShownPlan | null => {
    // A long write will be signed on two threads: the helper starts now, while the person reads the plan (a thread started at Append waits for this one to be free).
    if (plan?.write && plan.write.ops.length >= HELPED_WRITE_OPS) startHelperSigner();
    return plan && held.shown(plan);
  };
  const sessionOf = (doc: MnemaDocument) => documentSession(doc, freshSession(), rules, shelf);
  return {
    /** The person's rule tables, used by every plan from now on; each table's problems with their places (a table with problems derives nothing). */
    mnemaSetRules(texts: readonly string[]): RuleProblem[][] {
      rules = [...texts];
      return texts.map((t) => [...ruleTableOfText(t).problems]);
    },
    /** What `action` would do to the log of `version`, planned in `author`'s name (null: the version is gone). */
    mnemaPreview(version: number, action: UserAction, author: string): LogActionPreview | null {
      const doc = docOf(version);
      return doc ? previewLogAction(doc, action, author, freshSession(), rules, shelf) : null;
    },
    /**
     * The band calibration check (§5.3) of the claims of `version` against labels (the text
     * of a labels file: `{KEY: true|false}` or `[{"identity_key", "true"}]`), as `warrant
     * calibrate` runs it; a problem when the text is not labels.
     */
    mnemaCalibrate(version: number, labelsText: string): { readonly report: CalibrationReport } | { readonly problem: string } | null {
      const doc = docOf(version);
      if (!doc) return null;
      const read = labelsOfText(labelsText);
      if ('problem' in read) return { problem: `the labels: ${read.problem}` };
      return { report: calibrate(doc.derivation, read.labels) };
    },
    /** The log's standing review list (reviewList.ts), derived with the person's rule tables too. */
    mnemaReviews(version: number): PendingReview[] | null {
      const doc = docOf(version);
      return doc ? reviewList(doc.derivation, sessionOf(doc).derivers) : null;
    },
    /** The explanation of the claim drawn as `id` in `version` (null: evidence, unknown, or the version is gone). */
    mnemaExplain(version: number, id: string): MnemaExplanation | null {
      const doc = docOf(version);
      return doc ? explainMnemaNode(doc, id, sessionOf(doc).derivers) : null;
    },
    /** The keys that may write to the log of `version` (its members, the founder first; null: the version is gone). */
    mnemaMembers(version: number): string[] | null {
      const doc = docOf(version);
      return doc ? sessionOf(doc).members() : null;
    },
    /** What admitting `keys` to the log of `version` would append, by `author` (a member answering requests to join). */
    mnemaAdmit(version: number, keys: readonly string[], author: string): { readonly refusal: string | null; readonly write: LogWrite | null } | null {
      const doc = docOf(version);
      if (!doc) return null;
      const { refusal, write } = planMembers(doc, sessionOf(doc), keys, author);
      return { refusal, write };
    },
    /** What running the derivers on the log of `version` would append. */
    mnemaDerive(version: number, author: string): ShownPlan | null {
      const doc = docOf(version);
      return doc ? shown(planLogStep(doc, sessionOf(doc), { kind: 'derive' }, author)) : null;
    },
    /** What importing `files` (then deriving) would append; a file with problems imports nothing, and each problem has its place. */
    async mnemaImport(version: number, files: readonly EvidenceFile[], author: string): Promise<ShownPlan | null> {
      const records: EvidenceRecord[] = [];
      const problems: string[] = [];
      const now = new Date().toISOString();
      const take = (reading: ImportReading) => {
        pushAll(records, reading.records);
        pushAll(
          problems,
          reading.problems.map((p) => `${p.place}: ${p.message}`),
        );
      };
      // A folder picked whole is read as the command line reads a folder: its notes and photos name it.
      const folders = new Map<string, EvidenceFile[]>();
      for (const f of files) {
        if (f.folder !== undefined) {
          const held = folders.get(f.folder);
          if (held) held.push(f);
          else folders.set(f.folder, [f]);
          continue;
        }
        const kind = f.kind ?? sourceOfName(f.name);
        if (!kind) problems.push(`${f.name}: not a kind of evidence Warrant reads (a calendar .ics, notes .md, photos, or JSON Lines)`);
        else take(await readEvidenceFile(kind, f.bytes, f.name, now));
      }
      for (const [folder, inside] of folders)
        take(
          await readEvidenceFolder(
            folder,
            inside.map((f) => ({ path: f.name, bytes: () => Promise.resolve(f.bytes) })),
            undefined,
            now,
          ),
        );
      const doc = docOf(version);
      if (!doc) return null;
      return shown(planLogStep(doc, sessionOf(doc), { kind: 'import', records, problems }, author));
    },
    /**
     * A log of `author`'s own from the log of `version` (one this device may not write to):
     * its evidence records still standing, imported afresh into an empty log, then derived.
     */
    mnemaAdopt(version: number, author: string): ShownPlan | null {
      const doc = docOf(version);
      if (!doc) return null;
      const records: EvidenceRecord[] = [];
      for (const [id, e] of doc.derivation.evidence) {
        if (doc.derivation.retracted.has(id)) continue;
        const b = e.op.body;
        records.push({ source: b.source, payload: b.payload, observed_at: b.observed_at });
      }
      const empty = readMnemaDocument('');
      return shown(planLogStep(empty, sessionOf(empty), { kind: 'import', records, problems: [] }, author));
    },
    /** The text of a new log made of `write` (an adoption), signed here with `key`. */
    async mnemaCommitNew(write: HeldWrite, key: DeviceKey): Promise<NewLogText> {
      const taken = held.take(write);
      if (!taken) return { ok: false, message: 'the plan is gone; plan it again' };
      const out = await signedText(readMnemaDocument(''), '', taken, key);
      return out.ok ? { ok: true, text: out.text } : out;
    },
    /**
     * The text of `version` with `write` (a plan) signed here with `key` and appended:
     * signing in the worker keeps ten thousand signatures off the page, and a signature
     * made here needs no check. Refused when the ops are not what the log takes. The page
     * asks only while its editor holds that version (logWrites.ts), so the text is not
     * sent here to be compared, nor back: a 100,000-op log is 60 MB.
     */
    async mnemaCommit(version: number, write: HeldWrite, key: DeviceKey): Promise<CommittedChange | null> {
      const doc = docOf(version);
      const text = textOf(version);
      if (!doc || text === null) return null;
      const taken = held.take(write);
      if (!taken) return { ok: false, message: 'the plan is gone; plan it again', moved: true };
      // Only the change goes back: the page's editor holds the rest (logWrites.ts).
      const out = await signedText(doc, text, taken, key);
      return out.ok ? { ok: true, change: out.change } : out;
    },
  };
}
