/**
 * The open Mnema log as a whole, in the inspector while nothing is selected: bring
 * evidence in (calendars, notes, photos, JSON Lines — read by the same importers as
 * `warrant import`) and run the derivers (as `warrant derive`). Each step is planned by
 * the worker first and shown in words — what it appends, which claims it derives, which
 * confidences move, what falls, what to review — and only Append writes it, signed with
 * this device's key, into the log (store/session/logWrites.ts).
 */
import { useCallback, useMemo, useRef, useState } from 'react';
import { bandOf } from '../../core/graph/confidenceBands.ts';
import { formatConfidence } from '../../core/graph/explainWhy.ts';
import { EVIDENCE_EXTENSIONS, folderFilesRead } from '../../core/mnema/importers/evidenceFiles.ts';
import type { ShownPlan } from '../../core/mnema/writeTickets.ts';
import type { CalibrationReport } from '../../core/mnema/calibration.ts';
import { ReliabilityDiagram } from './ReliabilityDiagram.tsx';
import { RuleTableEditor } from './RuleTableEditor.tsx';
import { BUILTIN_DERIVERS } from '../../core/mnema/builtinDerivers.ts';
import { analysisCounts } from '../../core/languages/languageTable.ts';
import { useDocumentStore } from '../../store/document/documentStore.ts';
import { MnemaReviewList } from './MnemaReviewList.tsx';
import { getPipeline } from '../../store/pipeline/pipelineInstance.ts';
import { getSession } from '../../store/session/sessionInstance.ts';
import { newSession } from '../../store/session/sessionList.ts';

/** How many changed claims and problems the plan lists before "and N more". */
const LISTED = 12;

type Status =
  | { readonly kind: 'idle' }
  | { readonly kind: 'working'; readonly what: string }
  /** `copy`: the plan is a new log of this device's own, opened as a new session on Append. */
  | { readonly kind: 'planned'; readonly plan: ShownPlan; readonly version: number; readonly copy: boolean }
  | { readonly kind: 'said'; readonly text: string; readonly error: boolean };

/** The name of a log copied from `name`. */
const copyName = (name: string): string => `${name.replace(/\.mnema$/i, '')}-mine.mnema`;

export function MnemaLogPanel({ version }: { version: number }) {
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  // The rule-table editor is made when its disclosure opens (a Monaco editor is not free).
  const [deriversOpen, setDeriversOpen] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const folderInput = useRef<HTMLInputElement>(null);
  // The status bar's counts (the language table's): read once per analysis, not at every change of the store.
  const analysis = useDocumentStore((s) => s.analysis);
  const [evidence, claims] = (analysis ? analysisCounts(analysis).map(([n]) => n) : [0, 0]) as [number, number];
  // Records the person or an import retracted stay in the log (never deleted): how many, so the count is not read as all standing.
  const retracted = useMemo(() => Object.values(analysis?.ownStates ?? {}).filter((s) => s === 'retracted').length, [analysis]);
  const name = useDocumentStore((s) => s.name);
  const plan = async (what: string, ask: (author: string) => Promise<ShownPlan | null>, copy = false) => {
    setStatus({ kind: 'working', what });
    try {
      const planned = await ask(await getSession().author());
      setStatus(planned ? { kind: 'planned', plan: planned, version, copy } : { kind: 'said', text: 'The log changed meanwhile: try again.', error: true });
    } catch (e) {
      setStatus({ kind: 'said', text: `${what} failed: ${e instanceof Error ? e.message : String(e)}`, error: true });
    }
  };
  const importFiles = (files: FileList | null) => {
    if (!files || files.length === 0) return;
    const chosen = [...files];
    void plan(`Reading ${chosen.length === 1 ? chosen[0]!.name : `${chosen.length} files`}`, async (author) => {
      const read = await Promise.all(chosen.map(async (f) => ({ name: f.name, bytes: new Uint8Array(await f.arrayBuffer()) })));
      return getPipeline().validationApi.mnemaImport(version, read, author);
    });
  };
  // A folder picked whole: each file's path inside it; only what the import reads is read (never a folder's videos).
  const importFolder = (files: FileList | null) => {
    if (!files || files.length === 0) return;
    const inside = [...files].map((file) => {
      const [folder = '', ...rest] = (file.webkitRelativePath || file.name).split('/');
      return { file, folder, path: rest.join('/') || file.name };
    });
    const folder = inside[0]!.folder;
    const read = folderFilesRead(inside, undefined);
    void plan(`Reading the folder ${folder} (${read.length} of ${inside.length} files)`, async (author) => {
      const bytes = await Promise.all(read.map(async (f) => ({ name: f.path, folder: f.folder, bytes: new Uint8Array(await f.file.arrayBuffer()) })));
      return getPipeline().validationApi.mnemaImport(version, bytes, author);
    });
  };
  // What the person's rule table derives, as they type: shown as a derivation run to Append.
  const onRulesPlan = useCallback((planned: ShownPlan) => setStatus({ kind: 'planned', plan: planned, version, copy: false }), [version]);
  const append = async (planned: ShownPlan, copy: boolean) => {
    if (!planned.write) return;
    setStatus({ kind: 'working', what: 'Signing and appending' });
    if (copy) {
      const made = await getSession().newLogText(planned.write);
      if (!made.ok) return setStatus({ kind: 'said', text: `Not made: ${made.message}`, error: true });
      setStatus({ kind: 'idle' });
      return void newSession(copyName(name), made.text);
    }
    const refused = await getSession().writeLog(planned.write);
    setStatus(refused ? { kind: 'said', text: `Not appended: ${refused}`, error: true } : { kind: 'said', text: `Appended ${planned.write.ops} op(s) to the log.`, error: false });
  };
  return (
    <section className="mnema-log-panel" data-testid="mnema-log-panel" aria-label="the log">
      <h2>This log</h2>
      <p className="muted" data-testid="mnema-log-counts">
        {evidence} evidence record{evidence === 1 ? '' : 's'}
        {retracted > 0 && ` (${retracted} retracted)`} · {claims} claim{claims === 1 ? '' : 's'}
      </p>
      <MnemaReviewList version={version} only={null} />
      <div className="inspector-actions">
        <button
          type="button"
          data-testid="mnema-import"
          title={`Calendars, notes, photos or JSON Lines (${EVIDENCE_EXTENSIONS.join(' ')}); nothing is written before Append`}
          onClick={() => fileInput.current?.click()}
        >
          Import evidence…
        </button>
        <button
          type="button"
          data-testid="mnema-import-folder"
          title="A folder of notes or photos, read whole: a note or photo gone from it when it is imported again was deleted there, and is retracted"
          onClick={() => folderInput.current?.click()}
        >
          Import a folder…
        </button>
        <button
          type="button"
          data-testid="mnema-derive"
          title="Run the derivers on the log as `warrant derive` does; nothing is written before Append"
          onClick={() => void plan('Deriving', (author) => Promise.resolve(getPipeline().validationApi.mnemaDerive(version, author)))}
        >
          Derive
        </button>
        {evidence > 0 && (
          <button
            type="button"
            data-testid="mnema-copy"
            title="A new log signed by this device, made of this log's evidence (what is retracted stays out), derived afresh: for a log another device wrote, which this one can preview but not write to"
            onClick={() => void plan('Copying the evidence', (author) => Promise.resolve(getPipeline().validationApi.mnemaAdopt(version, author)), true)}
          >
            Copy into a log of my own
          </button>
        )}
        <input
          ref={fileInput}
          type="file"
          multiple
          hidden
          data-testid="mnema-import-files"
          accept={EVIDENCE_EXTENSIONS.join(',')}
          onChange={(e) => {
            importFiles(e.currentTarget.files);
            e.currentTarget.value = '';
          }}
        />
        <input
          ref={folderInput}
          type="file"
          hidden
          data-testid="mnema-import-folder-files"
          // A folder picker: not in React's typings, in every browser Warrant runs in.
          {...{ webkitdirectory: '' }}
          onChange={(e) => {
            importFolder(e.currentTarget.files);
            e.currentTarget.value = '';
          }}
        />
      </div>
      {status.kind === 'working' && (
        <p className="muted" role="status">
          {status.what}…
        </p>
      )}
      {status.kind === 'said' && (
        <p className={status.error ? 'status-error' : 'muted'} role="status" data-testid="mnema-log-status">
          {status.text}
        </p>
      )}
      <details className="mnema-derivers" data-testid="mnema-derivers" onToggle={(e) => setDeriversOpen(e.currentTarget.open)}>
        <summary>Derivers</summary>
        <p className="muted">Built in: {BUILTIN_DERIVERS.map((d) => `${d.id.name} ${d.id.version}`).join(', ')}. Yours, as a rule table — derived again as you type:</p>
        {deriversOpen && <RuleTableEditor version={version} onPlan={onRulesPlan} />}
      </details>
      <Calibration version={version} />
      {status.kind === 'planned' && (
        <PlannedStep plan={status.plan} copy={status.copy} stale={status.version !== version} onAppend={() => void append(status.plan, status.copy)} onCancel={() => setStatus({ kind: 'idle' })} />
      )}
    </section>
  );
}

/** The band calibration check against labels the person gives (a file) or the sample corpus's; drawn as a reliability diagram. */
function Calibration({ version }: { version: number }) {
  const [shown, setShown] = useState<{ readonly report: CalibrationReport; readonly from: string } | { readonly problem: string } | null>(null);
  const labelsInput = useRef<HTMLInputElement>(null);
  const check = async (from: string, text: Promise<string>) => {
    try {
      const got = await getPipeline().validationApi.mnemaCalibrate(version, await text);
      setShown(got === null ? { problem: 'the log changed meanwhile: check again' } : 'problem' in got ? { problem: `${from}: ${got.problem}` } : { report: got.report, from });
    } catch (e) {
      setShown({ problem: `${from}: ${e instanceof Error ? e.message : String(e)}` });
    }
  };
  return (
    <section className="mnema-calibration" aria-label="calibration">
      <h2>Calibration</h2>
      <div className="inspector-actions">
        <button
          type="button"
          data-testid="mnema-calibrate"
          title="Labels: which derived claims are true ({KEY: true|false}); each band's true fraction is checked against its range ± 0.10, as warrant calibrate does"
          onClick={() => labelsInput.current?.click()}
        >
          Check against labels…
        </button>
        <button
          type="button"
          data-testid="mnema-calibrate-sample"
          title="The labelled outcomes shipped with the sample corpus (samples/mnema/labels.json)"
          onClick={() =>
            void check(
              'the sample corpus labels',
              fetch(`${import.meta.env.BASE_URL}samples/spring-routines.labels.json`).then((r) => (r.ok ? r.text() : Promise.reject(new Error(`not found (${r.status})`)))),
            )
          }
        >
          Sample corpus labels
        </button>
        <input
          ref={labelsInput}
          type="file"
          hidden
          accept=".json,application/json"
          data-testid="mnema-labels-file"
          onChange={(e) => {
            const file = e.currentTarget.files?.[0];
            if (file) void check(file.name, file.text());
            e.currentTarget.value = '';
          }}
        />
      </div>
      {shown && 'problem' in shown && (
        <p className="status-error" role="status" data-testid="calibration-problem">
          {shown.problem}
        </p>
      )}
      {shown && 'report' in shown && (
        <>
          <p className="muted">Labels: {shown.from}</p>
          <ReliabilityDiagram report={shown.report} />
        </>
      )}
    </section>
  );
}

function PlannedStep({ plan, copy, stale, onAppend, onCancel }: { plan: ShownPlan; copy: boolean; stale: boolean; onAppend: () => void; onCancel: () => void }) {
  // §5.2: by band, not decimal; a move within one band says which way, the exact values on hover.
  type Served = ShownPlan['changes'][number]['before'];
  const served = (c: Served) => (c ? `${c.state === 'active' ? '' : `${c.state} `}${c.state === 'corrected' ? 'certain' : bandOf(c.confidence)}` : '—');
  const exact = (c: Served) => (c ? `exact value ${formatConfidence(c.confidence)}` : undefined);
  const way = (a: Served, b: Served) =>
    a && b && a.state === b.state && bandOf(a.confidence) === bandOf(b.confidence) && a.confidence !== b.confidence ? (b.confidence > a.confidence ? ' ↑' : ' ↓') : '';
  return (
    <div className="mnema-plan" data-testid="mnema-plan" role="region" aria-label={`${plan.step} planned`}>
      <p>
        <strong>{copy ? 'A log of my own' : plan.step === 'import' ? 'Import' : 'Derive'}:</strong> <span data-testid="mnema-plan-summary">{plan.summary}</span>
      </p>
      {plan.refusal && (
        <p className="status-error" data-testid="mnema-plan-refusal">
          {plan.refusal}
        </p>
      )}
      {plan.problems.length > 0 && (
        <ul className="mnema-problems" data-testid="mnema-plan-problems">
          {plan.problems.slice(0, LISTED).map((p) => (
            <li key={p}>{p}</li>
          ))}
          {plan.problems.length > LISTED && <li className="muted">and {plan.problems.length - LISTED} more</li>}
        </ul>
      )}
      {plan.changes.length > 0 && (
        <table className="mnema-changes">
          <tbody>
            {plan.changes.slice(0, LISTED).map((c) => (
              <tr key={c.key}>
                <td className="mnema-key">{c.key}</td>
                <td title={exact(c.before)}>{served(c.before)}</td>
                <td title={exact(c.after)}>
                  → {served(c.after)}
                  {way(c.before, c.after)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {plan.changes.length > LISTED && <p className="muted">and {plan.changes.length - LISTED} more</p>}
      {plan.pending.length > 0 && <p data-testid="mnema-plan-review">To review: {plan.pending.map((p) => `${p.identity_key} (${p.reason.replace(/_/g, ' ')})`).join('; ')}</p>}
      {stale && !copy && <p className="status-error">The log changed since this was planned: plan it again.</p>}
      <div className="inspector-actions">
        <button type="button" className="primary" data-testid="mnema-append" disabled={!plan.write || (stale && !copy)} onClick={onAppend}>
          {copy ? 'Make it' : 'Append'}
          {plan.write ? ` (${plan.write.ops} op${plan.write.ops === 1 ? '' : 's'})` : ''}
        </button>
        <button type="button" data-testid="mnema-plan-cancel" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}
