/**
 * A document that is its own log (a Mnema log) keeps its history in its own signed ops:
 * its settled texts are not revisions of the session. Recorded, each commit would store
 * the whole log once more as a revision text (60 MB at 100,000 records) and send it to
 * the worker again to be compared.
 */
import { describe, expect, it } from 'vitest';
import type { Language } from '../../src/core/graph/reasoningGraph.ts';
import { memoryPersistence } from '../../src/store/session/sessionController.ts';
import { controllerPage } from '../support/controllerPage.ts';

function page(language: Language, fileName: string) {
  const stored: string[] = [];
  const { controller, show } = controllerPage({ language, fileName, persistence: { ...memoryPersistence(), saveText: (hash) => stored.push(hash) } });
  return { controller, settle: show, stored };
}

describe('settled texts and revisions', () => {
  it('a Mnema log: no revision op and no revision text, however its text changes', async () => {
    const { controller, settle, stored } = page('mnema', 'log.jsonl');
    controller.open('own-log', [], { text: '', language: 'mnema', fileName: 'log.jsonl' });
    await settle('{"kind":"not yet a log"}\n');
    await settle('');
    expect(controller.log).toEqual([]);
    expect(stored).toEqual([]);
    expect(controller.textUnrecorded()).toBe(false);
  });

  it('a CLAIR trace beside it: the edit is a revision, its text stored', async () => {
    const { controller, settle, stored } = page('clair', 'doc.clair');
    controller.open('trace', [], { text: 'b1 .9 L0 @user "a"\n', language: 'clair', fileName: 'doc.clair' });
    await settle('b1 .9 L0 @user "a, edited"\n');
    expect(controller.log.map((op) => op.body.kind)).toEqual(['revision']);
    expect(stored).toHaveLength(1);
  });
});
