/**
 * Text typed before storage opened is an edit of the document shown, not the session's
 * starting text: a first visit shows its sample at once, the database opens a moment later,
 * and a person may be typing by then. The session opens with the text it started from, so
 * the first settled text is recorded as a revision of it and holds what rests on a
 * rewritten belief — as the same edit typed after opening would.
 */
import { describe, expect, it } from 'vitest';
import { useLifecycleStore } from '../../src/store/session/lifecycleStore.ts';
import { controllerPage } from '../support/controllerPage.ts';

const SHOWN = 'b1 .9 L0 @user "a"\nb2 .9 L0 @self <b1 "b"\nb3 .8 L0 @self <b2 "c"\n';
const TYPED = SHOWN.replace('"b"', '"b and more"');

const page = () => controllerPage();

describe('text typed before storage opened', () => {
  it('is recorded as a revision of the text shown, holding what rests on the rewritten belief', async () => {
    const { controller, show } = page();
    await show(SHOWN);
    await show(TYPED);
    expect(controller.log).toEqual([]);
    controller.open('typed-early', [], { text: SHOWN, language: 'clair', fileName: 'doc.clair' });
    await show(TYPED);
    const revision = controller.log[0]?.body;
    expect(revision?.kind).toBe('revision');
    expect(revision && 'changed' in revision ? revision.changed : []).toEqual(['b2']);
    expect(useLifecycleStore.getState().states.get('b3')).toBe('invalidated');
  });

  it('without a starting text, the first settled text is the baseline and holds nothing (a stored session reopened)', async () => {
    const { controller, show } = page();
    controller.open('reopened', []);
    await show(TYPED);
    expect(controller.log.map((op) => op.body.kind)).toEqual(['revision']);
    expect(useLifecycleStore.getState().states.get('b3') ?? 'active').toBe('active');
  });
});
