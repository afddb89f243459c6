/**
 * Sharing asks the session whether the text on screen is still to be recorded: a text
 * typed here and shared before it settled is this device's revision, though the room's
 * rules (which record only what this device typed in the room) start after the typing.
 */
import { expect, it } from 'vitest';
import { controllerPage } from '../support/controllerPage.ts';

const SHOWN = 'b1 .9 L0 @user "a"\nb2 .9 L0 @self <b1 "b"\n';
const TYPED = SHOWN.replace('"b"', '"b typed"');

it('is true from an edit until its revision is recorded, and while that revision waits in the queue', async () => {
  const { controller, type, settle } = controllerPage({ remembersSettled: true });
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
