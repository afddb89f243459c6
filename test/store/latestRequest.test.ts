/**
 * LatestRequest: one request in flight, the newest waiting one next. A result overtaken
 * by a newer request is dropped, unless the channel is progressive: then each result
 * newer than the last shown is shown, so a page typed into faster than its worker
 * answers still moves on with every answer.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { LatestRequest } from '../../src/store/pipeline/latestRequest.ts';

/** A worker whose answers come when the test releases them, in order. */
function channel(progressive: boolean) {
  const waiting: { version: number; answer: () => void }[] = [];
  const accepted: number[] = [];
  const ran: number[] = [];
  const latest = new LatestRequest<{ version: number }, { version: number }>({
    progressive,
    run: (r) =>
      new Promise((resolve) => {
        ran.push(r.version);
        waiting.push({ version: r.version, answer: () => resolve({ version: r.version }) });
      }),
    accept: (r) => accepted.push(r.version),
  });
  const answerNext = async () => {
    waiting.shift()?.answer();
    // Let the accept and the start of the next run happen.
    for (let i = 0; i < 5; i++) await Promise.resolve();
  };
  return { latest, accepted, ran, answerNext, waiting };
}

describe('LatestRequest', () => {
  it.each([
    { progressive: false, accepted: [4], ran: [1, 4] },
    { progressive: true, accepted: [1, 4], ran: [1, 4] },
  ])('keys 1..4 typed while 1 is worked on (progressive $progressive)', async ({ progressive, accepted, ran }) => {
    const c = channel(progressive);
    for (const version of [1, 2, 3, 4]) c.latest.submit({ version });
    await c.answerNext();
    await c.answerNext();
    expect(c.ran).toEqual(ran);
    expect(c.accepted).toEqual(accepted);
  });

  it('continuous typing, each answer slower than a key: only progressive shows anything before the keys stop', async () => {
    for (const progressive of [false, true]) {
      const c = channel(progressive);
      let version = 0;
      c.latest.submit({ version: ++version });
      // Two keys for every answer, for 20 answers.
      for (let i = 0; i < 20; i++) {
        c.latest.submit({ version: ++version });
        c.latest.submit({ version: ++version });
        await c.answerNext();
      }
      const whileTyping = [...c.accepted];
      while (c.waiting.length > 0) await c.answerNext();
      expect(whileTyping.length > 0).toBe(progressive);
      expect(c.accepted[c.accepted.length - 1]).toBe(version);
    }
  });

  it('property: what is accepted only moves forward, and the newest submitted version is accepted last', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.oneof(fc.constant('key' as const), fc.constant('answer' as const)), { maxLength: 40 }), fc.boolean(), async (steps, progressive) => {
        const c = channel(progressive);
        let version = 0;
        c.latest.submit({ version: ++version });
        for (const step of steps) {
          if (step === 'key') c.latest.submit({ version: ++version });
          else await c.answerNext();
        }
        while (c.waiting.length > 0) await c.answerNext();
        for (let i = 1; i < c.accepted.length; i++) expect(c.accepted[i]!).toBeGreaterThan(c.accepted[i - 1]!);
        expect(c.accepted[c.accepted.length - 1]).toBe(version);
        if (!progressive) expect(c.accepted.every((v, i) => i === c.accepted.length - 1 || v !== version)).toBe(true);
      }),
    );
  });
});
