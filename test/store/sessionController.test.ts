/**
 * The page's session controller over the validation worker's API (called directly):
 * revisions without storage, sources on every op, previews that never land late, the
 * corrected value the inspector shows, and review holds withdrawn by "Mark reviewed".
 */
import { describe, expect, it } from 'vitest';
import type { UserAction } from '../../src/core/oplog/userAction.ts';
import { useDocumentStore } from '../../src/store/document/documentStore.ts';
import { useLifecycleStore } from '../../src/store/session/lifecycleStore.ts';
import type { SessionService, SettledText } from '../../src/store/session/sessionController.ts';
import { memoryPersistence, SessionController } from '../../src/store/session/sessionController.ts';
import { applyPatch } from '../../src/core/analysis/analysisPatch.ts';
import { createValidationApi } from '../../workers/validationApi.ts';
import { until } from '../support/corePipeline.ts';
import { openPageSession } from '../support/pageSession.ts';

const TRACE = 'b1 .9 L0 @user "a"\nb2 .9 L0 @self <b1 "b"\nb3 .8 L0 @self <b2 "c"\nb4 .9 L0 @self <b3 "d"\n';
const refute = (target: string, source: UserAction['source'] = 'graph'): UserAction => ({ kind: 'refute', target, source });
const correct = (target: string, value: number, source: UserAction['source'] = 'inspector'): UserAction => ({ kind: 'correct', target, value, source });

/** A worker that answers previews only when told to, in any order. */
function heldService(api: SessionService) {
  const waiting: { release: () => void }[] = [];
  const service: SessionService = {
    dispatch: (r) => {
      const answer = api.dispatch(r);
      if (r.action.kind !== 'preview') return answer;
      return new Promise((resolve) => waiting.push({ release: () => resolve(answer) }));
    },
    explain: (r) => api.explain(r),
    explainJson: (r) => api.explainJson(r),
    explanationsJsonLines: (r) => api.explanationsJsonLines(r),
  };
  return { service, waiting };
}

describe('session controller', () => {
  it('records a revision when the text settles, without any storage, and holds what rests on a rewritten belief', async () => {
    const page = await openPageSession(TRACE);
    expect(page.controller.log.map((op) => op.body.kind)).toEqual(['revision']);
    await page.edit(TRACE.replace('"b"', '"b, rewritten"'));
    expect(page.controller.log.map((op) => [op.body.kind, op.source])).toEqual([
      ['revision', 'editor'],
      ['revision', 'editor'],
      ['claim_invalidation', 'engine'],
    ]);
    expect(page.states()).toEqual({ b1: 'active', b2: 'active', b3: 'invalidated', b4: 'invalidated' });
    // A change of confidence alone refreshes dependents, it does not hold them.
    await page.edit(TRACE.replace('"b"', '"b, rewritten"').replace('b1 .9', 'b1 .8'));
    expect(page.controller.log.filter((op) => op.body.kind === 'claim_invalidation')).toHaveLength(1);
  });

  it('a text shown and settled before any session is open is the baseline of the session that opens (a first visit)', async () => {
    const api = createValidationApi();
    let settled: SettledText | null = null;
    const controller = new SessionController(api, memoryPersistence(), () => settled);
    useLifecycleStore.setState({ log: [] });
    useDocumentStore.setState({ editorVersion: 1, analysis: null, views: new Map(), language: 'clair', name: 'doc.clair', posteriors: new Map() });
    useDocumentStore.setState({ analysis: applyPatch(null, api.analyze({ version: 1, text: TRACE, language: 'clair', baseVersion: null, fileName: 'doc.clair' })) });
    // Storage still opening: no session, so no log to write the settled text to.
    await controller.recordRevision(1, TRACE, 'clair');
    expect(controller.log).toEqual([]);
    settled = { version: 1, text: TRACE, language: 'clair' };
    controller.open('first-visit', []);
    await until(() => controller.log.length === 1, 'the baseline revision');
    expect(controller.log.map((op) => [op.body.kind, op.session])).toEqual([['revision', 'first-visit']]);
  });

  it('a pause in the middle of a line that does not parse yet is no revision; the finished line is compared with the last one recorded', async () => {
    const page = await openPageSession(TRACE);
    await page.edit(TRACE.replace('"b"', '"b'));
    expect(page.controller.log.map((op) => op.body.kind)).toEqual(['revision']);
    await page.edit(TRACE);
    expect(page.controller.log.map((op) => op.body.kind)).toEqual(['revision']);
    expect(page.states()).toEqual({ b1: 'active', b2: 'active', b3: 'active', b4: 'active' });
    await page.edit(TRACE.replace('"b"', '"b'));
    await page.edit(TRACE.replace('"b"', '"bee"'));
    expect(page.controller.log.map((op) => op.body.kind)).toEqual(['revision', 'revision', 'claim_invalidation']);
    expect(page.states()).toEqual({ b1: 'active', b2: 'active', b3: 'invalidated', b4: 'invalidated' });
  });

  it('"Mark reviewed" withdraws the hold; the same text twice is one revision', async () => {
    const page = await openPageSession(TRACE);
    const rewritten = TRACE.replace('"b"', '"b2 rewritten"');
    await page.edit(rewritten);
    await page.edit(rewritten);
    expect(page.controller.log.filter((op) => op.body.kind === 'revision')).toHaveLength(2);
    await page.preview({ kind: 'withdraw', target: 'b3', source: 'inspector' });
    expect(useLifecycleStore.getState().preview?.refusal).toBeNull();
    await page.commit();
    expect(page.controller.log.at(-1)).toMatchObject({ source: 'inspector', body: { kind: 'withdrawal', target: 'b3' } });
    expect(page.states()).toEqual({ b1: 'active', b2: 'active', b3: 'active', b4: 'active' });
  });

  it('every op carries the source of the action that made it', async () => {
    const page = await openPageSession(TRACE);
    await page.preview(refute('b2', 'graph'));
    await page.commit();
    await page.preview(correct('b4', 0.2, 'inspector'));
    await page.commit();
    expect(page.controller.log.slice(1).map((op) => [op.body.kind, op.source])).toEqual([
      ['claim_refutation', 'graph'],
      ['claim_invalidation', 'engine'],
      ['claim_invalidation', 'engine'],
      ['claim_correction', 'inspector'],
    ]);
  });

  it('a committed correction is what the page shows for the belief, and where the slider starts', async () => {
    const page = await openPageSession(TRACE);
    await page.preview(correct('b3', 0.13));
    await page.commit();
    expect(useLifecycleStore.getState().corrected.get('b3')).toBe(0.13);
    expect(page.controller.currentValueOf('b3')).toBe(0.13);
    expect(page.controller.currentValueOf('b2')).toBe(0.9);
    expect(useLifecycleStore.getState().preview).toBeNull();
  });

  it('Cancel retires a preview still being computed: it never lands, and Commit then writes nothing', async () => {
    let held!: ReturnType<typeof heldService>;
    const page = await openPageSession(TRACE, 'clair', (api) => (held = heldService(api)).service);
    const pending = page.preview(refute('b1'));
    page.controller.cancelPreview();
    held.waiting.forEach((w) => w.release());
    await pending;
    expect(useLifecycleStore.getState().preview).toBeNull();
    const before = page.controller.log.length;
    await page.commit();
    expect(page.controller.log).toHaveLength(before);
    expect(page.states()).toEqual({ b1: 'active', b2: 'active', b3: 'active', b4: 'active' });
  });

  it('a slider dragged faster than the worker answers shows each answer as it comes, ending on the newest value', async () => {
    let held!: ReturnType<typeof heldService>;
    const page = await openPageSession(TRACE, 'clair', (api) => (held = heldService(api)).service);
    const first = page.preview(correct('b2', 0.5));
    for (const v of [0.4, 0.3, 0.2]) void page.preview(correct('b2', v));
    expect(held.waiting).toHaveLength(1); // one request in flight, the newest waiting
    held.waiting.shift()!.release();
    await new Promise((r) => setTimeout(r, 0));
    // The first answer is shown at once although newer values wait.
    expect(useLifecycleStore.getState().preview?.action).toMatchObject({ kind: 'correct', value: 0.5 });
    expect(held.waiting).toHaveLength(1);
    held.waiting.shift()!.release();
    await first;
    expect(useLifecycleStore.getState().preview?.action).toMatchObject({ kind: 'correct', value: 0.2 });
    expect([...useLifecycleStore.getState().preview!.invalidated]).toEqual(['b3', 'b4']);
    expect(useLifecycleStore.getState().previewing).toBeNull();
  });

  it('a preview computed for a version that changed meanwhile is asked again for the new one', async () => {
    let held!: ReturnType<typeof heldService>;
    const page = await openPageSession(TRACE, 'clair', (api) => (held = heldService(api)).service);
    const pending = page.preview(refute('b1'));
    // The person types a new belief resting on b2 before the answer comes.
    await page.edit(TRACE + 'b5 .5 L0 @self <b2 "e"\n', { settle: false });
    held.waiting.shift()!.release();
    await new Promise((r) => setTimeout(r, 0));
    held.waiting.shift()!.release();
    await pending;
    const preview = useLifecycleStore.getState().preview!;
    expect(preview.invalidated.has('b5')).toBe(true);
    expect(useDocumentStore.getState().analysis!.version).toBe(2);
  });
});

/** The worker's API, counting every request by what it asks. */
function counting(api: SessionService, calls: string[]): SessionService {
  return {
    dispatch: (r) => (calls.push(`dispatch:${r.action.kind}`), api.dispatch(r)),
    explain: (r) => (calls.push('explain'), api.explain(r)),
    explainJson: (r) => (calls.push('explainJson'), api.explainJson(r)),
    explanationsJsonLines: (r) => (calls.push('explanationsJsonLines'), api.explanationsJsonLines(r)),
  };
}

describe('the page and the worker agree on states', () => {
  it('states told with an analysis made before the session’s log arrived are asked for again at once, not at the next settle (a late join)', async () => {
    // Another device's log: b2 refuted.
    const other = await openPageSession(TRACE);
    await other.preview(refute('b2'));
    await other.commit();
    const ops = other.controller.log.slice();
    const page = await openPageSession(TRACE);
    // The text of the joined session is analysed first: the worker tells its states under the log it has then (none)...
    const version = useDocumentStore.getState().editorVersion + 1;
    useDocumentStore.setState({ editorVersion: version });
    const patch = page.api.analyze({ version, text: TRACE, language: 'clair', baseVersion: useDocumentStore.getState().analysis?.version ?? null, fileName: 'doc.clair' });
    // ...then the session opens with its log, before that analysis is on screen.
    page.controller.open(ops[0]!.session, ops);
    useDocumentStore.setState({ analysis: applyPatch(useDocumentStore.getState().analysis, patch)! });
    page.controller.analysisShown();
    await until(() => useLifecycleStore.getState().states.get('b2') === 'refuted', 'b2 drawn refuted');
    expect(page.states()).toMatchObject({ b2: 'refuted', b3: 'invalidated' });
  });
});

describe('the page and the worker never hold different logs', () => {
  it('an append answered after the log was re-read (a room, another tab) joins the page’s log and the worker is given it: previews work after', async () => {
    let hold: (() => void) | null = null;
    let armed = false;
    const page = await openPageSession(TRACE, 'clair', (api) => ({
      ...counting(api, []),
      dispatch: async (r) => {
        const answer = api.dispatch(r);
        if (r.action.kind === 'append' && armed && !hold) await new Promise<void>((release) => (hold = release));
        return answer;
      },
    }));
    armed = true;
    const before = page.controller.log.slice();
    // A settled edit: its revision is appended by the worker, and the reply is held back.
    const recording = page.edit(TRACE.replace('"d"', '"d, rewritten"'));
    await until(() => hold !== null, 'the append sent');
    // Meanwhile the log is re-read without that revision (the room had not seen it yet).
    page.controller.replaceLog(before);
    hold!();
    await recording;
    await until(() => page.controller.log.length === before.length + 1, 'the revision in the page’s log');
    await page.preview(refute('b1'));
    const preview = useLifecycleStore.getState().preview;
    expect(preview?.text).toBe('refute b1');
    await page.commit();
    expect(page.states()).toMatchObject({ b1: 'refuted', b2: 'invalidated' });
  });

  it('a preview queued after a Cancel still runs: the dock never waits forever', async () => {
    let waiting: { release: () => void }[] = [];
    const page = await openPageSession(TRACE, 'clair', (api) => {
      const held = heldService(api);
      waiting = held.waiting;
      return held.service;
    });
    void page.preview(refute('b1'));
    await until(() => waiting.length === 1, 'the first preview sent');
    page.controller.cancelPreview();
    void page.preview(refute('b2'));
    waiting.shift()!.release();
    await until(() => waiting.length === 1, 'the queued preview sent');
    waiting.shift()!.release();
    await until(() => useLifecycleStore.getState().preview !== null, 'the queued preview shown');
    expect(useLifecycleStore.getState().preview!.text).toBe('refute b2');
    expect(useLifecycleStore.getState().previewing).toBeNull();
  });
});

describe('one round trip per action', () => {
  it('a refutation previews in one request and commits in one, writing exactly what the preview showed', async () => {
    const calls: string[] = [];
    const page = await openPageSession(TRACE, 'clair', (api) => counting(api, calls));
    calls.length = 0;
    await page.preview(refute('b2'));
    expect(calls).toEqual(['dispatch:preview']);
    const preview = useLifecycleStore.getState().preview!;
    expect(preview.text).toBe('refute b2');
    await page.commit();
    expect(calls).toEqual(['dispatch:preview', 'dispatch:commit']);
    const written = page.controller.log.slice(-3);
    expect(written[0]!.body).toEqual(preview.plan!.lead);
    expect(written.slice(1).map((op) => op.body)).toEqual(preview.plan!.invalidates.map((target) => ({ kind: 'claim_invalidation', target, cause: written[0]!.id })));
    expect(page.states()).toEqual({ b1: 'active', b2: 'refuted', b3: 'invalidated', b4: 'invalidated' });
  });

  it('an analysis brings its states with it: no request follows it', async () => {
    const calls: string[] = [];
    const page = await openPageSession(TRACE, 'clair', (api) => counting(api, calls));
    await page.preview(refute('b2'));
    await page.commit();
    calls.length = 0;
    await page.edit(TRACE + 'b5 .5 L0 @self <b4 "e"\n', { settle: false });
    expect(calls).toEqual([]);
    expect(page.states()).toMatchObject({ b2: 'refuted', b5: 'invalidated' });
  });

  it('an explanation is asked once per change, however often the inspector asks', async () => {
    const calls: string[] = [];
    const page = await openPageSession(TRACE, 'clair', (api) => counting(api, calls));
    calls.length = 0;
    await Promise.all([page.controller.explain('b3'), page.controller.explain('b3')]);
    expect(calls).toEqual(['explain']);
    await page.preview(refute('b2'));
    await page.commit();
    calls.length = 0;
    const record = await page.controller.explain('b3');
    await page.controller.explain('b3');
    expect(calls).toEqual(['explain']);
    expect(record!.record.claim.state).toBe('invalidated');
  });

  it('a preview the log moved under is made again; a stale commit writes nothing', async () => {
    const page = await openPageSession(TRACE);
    await page.preview(refute('b1'));
    const first = useLifecycleStore.getState().preview!;
    // A settled edit appends a revision while the preview is shown: the preview is made again on the new log.
    await page.edit(TRACE.replace('"d"', '"d, rewritten"'));
    await until(() => useLifecycleStore.getState().preview !== first && useLifecycleStore.getState().preview !== null, 'the preview made again');
    const before = page.controller.log.length;
    await page.commit();
    expect(page.controller.log.length).toBe(before + 4);
    expect(page.states()).toEqual({ b1: 'refuted', b2: 'invalidated', b3: 'invalidated', b4: 'invalidated' });
  });

  it('Commit clicked as a revision lands writes what the preview showed: the click is not lost', async () => {
    const page = await openPageSession(TRACE);
    await page.preview(refute('b1'));
    const shown = useLifecycleStore.getState().preview!;
    const before = page.controller.log.length;
    // The text settles (a revision that changes no dependency) and Commit is clicked on the
    // preview on screen, before the one made again on the longer log replaces it.
    await page.edit(TRACE.replace('"d"', '"d, rewritten"'));
    useLifecycleStore.setState({ preview: shown });
    await page.commit();
    const written = page.controller.log.slice(before).map((op) => op.body.kind);
    expect(written).toContain('claim_refutation');
    expect(page.states()).toMatchObject({ b1: 'refuted', b2: 'invalidated', b3: 'invalidated' });
  });

  it('the session, not the page, judges a moved commit: it answers with the plan to sign afresh, and the page only signs it', async () => {
    const calls: string[] = [];
    const replies: { ok: boolean; replan: boolean }[] = [];
    const page = await openPageSession(TRACE, 'clair', (api) => {
      const service = counting(api, calls);
      return {
        ...service,
        dispatch: async (r) => {
          const reply = await service.dispatch(r);
          if (r.action.kind === 'commit') replies.push({ ok: reply.ok, replan: reply.replan !== undefined });
          return reply;
        },
      };
    });
    await page.preview(refute('b1'));
    const shown = useLifecycleStore.getState().preview!;
    await page.edit(TRACE.replace('"d"', '"d, rewritten"'));
    useLifecycleStore.setState({ preview: shown });
    calls.length = 0;
    await page.commit();
    // No second preview from the page: the first commit is refused with a plan, the second lands.
    expect(calls).toEqual(['dispatch:commit', 'dispatch:commit']);
    expect(replies).toEqual([
      { ok: false, replan: true },
      { ok: true, replan: false },
    ]);
  });

  it('a moved commit that would now do something else gets no plan to sign', async () => {
    const replies: boolean[] = [];
    const page = await openPageSession(TRACE, 'clair', (api) => ({
      ...counting(api, []),
      dispatch: async (r) => {
        const reply = await api.dispatch(r);
        if (r.action.kind === 'commit') replies.push(reply.replan !== undefined);
        return reply;
      },
    }));
    await page.preview(refute('b1'));
    const shown = useLifecycleStore.getState().preview!;
    await page.edit(TRACE.replace('<b2 "c"', '"c"'));
    useLifecycleStore.setState({ preview: shown });
    await page.commit();
    expect(replies).toEqual([false]);
  });

  it('a commit whose action would now write other ops than the preview showed writes nothing', async () => {
    const page = await openPageSession(TRACE);
    await page.preview(refute('b1'));
    const shown = useLifecycleStore.getState().preview!;
    // b3 no longer rests on b2: refuting b1 would now invalidate b2 only, not what was shown.
    await page.edit(TRACE.replace('<b2 "c"', '"c"'));
    useLifecycleStore.setState({ preview: shown });
    const before = page.controller.log.filter((op) => op.body.kind !== 'revision').length;
    await page.commit();
    expect(page.controller.log.filter((op) => op.body.kind !== 'revision').length).toBe(before);
    expect(useLifecycleStore.getState().notice).toMatch(/Not committed/);
  });
});
