/**
 * Sharing asks the session whether the text on screen is still to be recorded: a text
 * typed here and shared before it settled is this device's revision, though the room's
 * rules (which record only what this device typed in the room) start after the typing.
 */
import { expect, it } from 'vitest';
import { applyPatch } from '../../src/core/analysis/analysisPatch.ts';
import { buildBeliefViews } from '../../src/core/analysis/beliefView.ts';
import { useDocumentStore } from '../../src/store/document/documentStore.ts';
import type { SettledText } from '../../src/store/session/sessionController.ts';
import { memoryPersistence, SessionController } from '../../src/store/session/sessionController.ts';
import { createValidationApi } from '../../workers/validationApi.ts';

const SHOWN = 'b1 .9 L0 @user "a"\nb2 .9 L0 @self <b1 "b"\n';
const TYPED = SHOWN.replace('"b"', '"b typed"');

it('is true from an edit until its revision is recorded, and while that revision waits in the queue', async () => {
  const api = createValidationApi();
  let settled: SettledText | null = null;
  const controller = new SessionController(api, memoryPersistence(), () => (settled && settled.version === useDocumentStore.getState().editorVersion ? settled : null));
  api.onProjection((p) => controller.acceptProjection(p));
  controller.tellsStates();
  useDocumentStore.setState({ editorVersion: 0, analysis: null, views: new Map(), language: 'clair', name: 'doc.clair', posteriors: new Map() });
  const type = (text: string) => {
    const state = useDocumentStore.getState();
    const version = state.editorVersion + 1;
    useDocumentStore.setState({ editorVersion: version });
    const analysis = applyPatch(state.analysis, api.analyze({ version, text, language: 'clair', baseVersion: state.analysis?.version ?? null, fileName: 'doc.clair' }))!;
    useDocumentStore.setState({ analysis, views: buildBeliefViews(analysis, useDocumentStore.getState().views) });
    controller.analysisShown();
    return version;
  };
  const settle = (version: number, text: string) => {
    settled = { version, text, language: 'clair' };
    return controller.recordRevision(version, text, 'clair');
  };

  await settle(type(SHOWN), SHOWN);
  controller.open('shared-soon', [], { text: SHOWN, language: 'clair', fileName: 'doc.clair' });
  // Opening records the text already settled on screen.
  expect(controller.textUnrecorded()).toBe(true);
  await expect.poll(() => controller.textUnrecorded()).toBe(false);
  expect(controller.log).toHaveLength(1);
  const version = type(TYPED);
  expect(controller.textUnrecorded()).toBe(true);
  const recording = settle(version, TYPED);
  expect(controller.textUnrecorded()).toBe(true);
  await recording;
  expect(controller.textUnrecorded()).toBe(false);
  expect(controller.log.map((op) => op.body.kind)).toEqual(['revision', 'revision']);
});
