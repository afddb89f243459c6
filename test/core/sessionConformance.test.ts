/**
 * One cascade table, three paths: the core session model, the page (its controller over
 * the validation worker's API, previewing then committing as a person does) and the
 * command line (`warrant cascade --json`). All three must give the same `invalidated`,
 * `pending_review` and final states (docs/contract.md §1.3); a property does the same on
 * random graphs and random operation sequences, and holds the page's states to the
 * explanation records' after revisions.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyzeDocument } from '../../src/core/analysis/analyzeDocument.ts';
import { buildDependencyIndex } from '../../src/core/oplog/dependencyIndex.ts';
import { listedStates } from '../../src/core/oplog/lifecycle.ts';
import type { LifecycleState } from '../../src/core/oplog/lifecycle.ts';
import { addressedAppender } from '../support/addressedLog.ts';
import type { UserAction } from '../../src/core/oplog/userAction.ts';
import { commitAction, invalidationsOf } from '../../src/core/session/sessionActions.ts';
import type { AddressedOperation } from '../../src/core/session/sessionModel.ts';
import { foldSession } from '../../src/core/session/sessionModel.ts';
import { useLifecycleStore } from '../../src/store/session/lifecycleStore.ts';
import { runWarrant } from '../cli/support/runWarrant.ts';
import { CONTRACT_TRACE } from '../support/contractTrace.ts';
import { openPageSession } from '../support/pageSession.ts';

type Op = ['refute' | 'retract' | 'withdraw', string] | ['correct', string, number];
interface Step {
  readonly op: Op;
  readonly invalidated?: readonly string[];
  readonly pending?: readonly string[];
}
interface Case {
  readonly name: string;
  readonly text: string;
  readonly steps: readonly Step[];
  /** The states that are not `active` at the end. */
  readonly final: Readonly<Record<string, LifecycleState>>;
}

/** `b2 <b1` … lines: id, then justifiers. */
const trace = (...lines: string[]) =>
  lines
    .map((l) => {
      const [id, ...js] = l.split(' ');
      return `${id} .9 L0 @self ${js.length ? '<' + js.join(',') + ' ' : ''}"${id}"`;
    })
    .join('\n') + '\n';

const CONTRACT = CONTRACT_TRACE;

const CASES: Case[] = [
  { name: 'contract example', text: CONTRACT, steps: [{ op: ['refute', 'b2'], invalidated: ['b4', 'b6', 'b7'] }], final: { b2: 'refuted', b4: 'invalidated', b6: 'invalidated', b7: 'invalidated' } },
  {
    name: 'refute then withdraw leaves everything as it was',
    text: CONTRACT,
    steps: [{ op: ['refute', 'b2'], invalidated: ['b4', 'b6', 'b7'] }, { op: ['withdraw', 'b2'] }],
    final: {},
  },
  {
    name: 'withdrawing one of two causes leaves the belief invalidated',
    text: CONTRACT,
    steps: [{ op: ['refute', 'b2'], invalidated: ['b4', 'b6', 'b7'] }, { op: ['refute', 'b3'] }, { op: ['withdraw', 'b2'] }],
    final: { b3: 'refuted', b6: 'invalidated', b7: 'invalidated' },
  },
  {
    name: 'a correction is a trigger whatever its value, and stops the walk below it',
    text: trace('b1', 'b2 b1', 'b3 b2', 'b4 b3'),
    steps: [
      { op: ['correct', 'b3', 0.5], invalidated: ['b4'] },
      { op: ['refute', 'b1'], invalidated: ['b2'], pending: ['b3'] },
    ],
    final: { b1: 'refuted', b2: 'invalidated', b3: 'corrected', b4: 'invalidated' },
  },
  {
    // Issue 11 (a): the page listed nothing to review here, the core b3.
    name: 'refute b1, correct b3, then correct b1: b3 is reached again',
    text: trace('b1', 'b2 b1', 'b3 b2'),
    steps: [{ op: ['refute', 'b1'], invalidated: ['b2', 'b3'] }, { op: ['correct', 'b3', 0.4] }, { op: ['correct', 'b1', 0.3], pending: ['b3'] }],
    final: { b1: 'corrected', b2: 'invalidated', b3: 'corrected' },
  },
  {
    name: 'retracting evidence; a diamond settles once',
    text: trace('b1', 'b2 b1', 'b3 b1', 'b4 b2 b3', 'b5'),
    steps: [{ op: ['retract', 'b1'], invalidated: ['b2', 'b3', 'b4'] }, { op: ['withdraw', 'b1'] }, { op: ['refute', 'b2'], invalidated: ['b4'] }],
    final: { b2: 'refuted', b4: 'invalidated' },
  },
  {
    name: 'applying the same operation twice invalidates nothing new; a later correction replaces a refutation',
    text: trace('b1', 'b2 b1', 'b3 b2'),
    steps: [{ op: ['refute', 'b1'], invalidated: ['b2', 'b3'] }, { op: ['refute', 'b1'] }, { op: ['correct', 'b1', 0.2] }],
    final: { b1: 'corrected', b2: 'invalidated', b3: 'invalidated' },
  },
];

const actionOf = (op: Op, source: UserAction['source']): UserAction => (op[0] === 'correct' ? { kind: 'correct', target: op[1], value: op[2], source } : { kind: op[0], target: op[1], source });

interface Outcome {
  readonly steps: { invalidated: readonly string[]; pending: readonly string[] }[];
  readonly states: Record<string, LifecycleState>;
}

/** The core path: each action committed against the model of the log so far (what `warrant cascade` does). */
function throughCore(text: string, ops: readonly Op[]): Outcome | { refused: number } {
  const index = buildDependencyIndex(analyzeDocument(text, 'clair', 1).graph);
  const log: AddressedOperation[] = [];
  const append = addressedAppender(log);
  const steps: Outcome['steps'] = [];
  for (const [i, op] of ops.entries()) {
    const commit = commitAction(foldSession(index, log), actionOf(op, 'cli'));
    if (!commit.ok) return { refused: i };
    const cause = append(commit.body);
    for (const inv of invalidationsOf(commit, cause)) append(inv);
    steps.push({ invalidated: commit.invalidated, pending: commit.pendingReview });
  }
  // States from the history fold (what explanation records read) must equal the fast fold's.
  const model = foldSession(index, log);
  expect(foldSession(index, log, { history: true }).states).toEqual(model.states);
  return { steps, states: listedStates(index, model.states) };
}

/** The page path: preview (as the slider or a drop does), check it, commit. */
async function throughPage(text: string, ops: readonly Op[]): Promise<Outcome | { refused: number }> {
  const page = await openPageSession(text);
  const steps: Outcome['steps'] = [];
  for (const [i, op] of ops.entries()) {
    await page.preview(actionOf(op, op[0] === 'correct' ? 'inspector' : 'graph'));
    const preview = useLifecycleStore.getState().preview!;
    if (preview.refusal) {
      page.controller.cancelPreview();
      return { refused: i };
    }
    steps.push({ invalidated: [...preview.invalidated], pending: [...preview.pendingReview] });
    await page.commit();
  }
  return { steps, states: page.states() };
}

const notActive = (states: Record<string, LifecycleState>) => Object.fromEntries(Object.entries(states).filter(([, s]) => s !== 'active'));
const flags = (op: Op) => (op[0] === 'correct' ? [`--correct`, `${op[1]}=${op[2]}`] : [`--${op[0]}`, op[1]]);

describe('one cascade table through the core, the page and the CLI', () => {
  for (const c of CASES) {
    it(c.name, async () => {
      const ops = c.steps.map((s) => s.op);
      const expected: Outcome = { steps: c.steps.map((s) => ({ invalidated: s.invalidated ?? [], pending: s.pending ?? [] })), states: {} };
      const core = throughCore(c.text, ops) as Outcome;
      expect({ steps: core.steps, states: notActive(core.states) }).toEqual({ ...expected, states: c.final });
      const page = (await throughPage(c.text, ops)) as Outcome;
      expect({ steps: page.steps, states: notActive(page.states) }).toEqual({ ...expected, states: c.final });

      const dir = mkdtempSync(join(tmpdir(), 'warrant-conf-'));
      writeFileSync(join(dir, 'case.clair'), c.text);
      const cli = await runWarrant(['cascade', join(dir, 'case.clair'), ...ops.flatMap(flags), '--json']);
      expect(cli.code).toBe(0);
      const json = JSON.parse(cli.stdout) as { ops: { invalidated: string[]; pending_review: string[] }[]; states: Record<string, LifecycleState> };
      expect(json.ops.map((o) => ({ invalidated: o.invalidated, pending: o.pending_review }))).toEqual(expected.steps);
      expect(json.states).toEqual(core.states);
    }, 60_000);
  }
});

/** A random DAG of CLAIR beliefs: each rests on up to three earlier ones. */
const randomTrace = fc
  .integer({ min: 2, max: 8 })
  .chain((n) =>
    fc
      .tuple(...Array.from({ length: n }, (_, i) => fc.uniqueArray(fc.integer({ min: 0, max: Math.max(0, i - 1) }), { maxLength: i === 0 ? 0 : Math.min(3, i) })))
      .map((js) => trace(...js.map((list, i) => [`b${i + 1}`, ...list.map((j) => `b${j + 1}`)].join(' ')))),
  );
const randomOps = (n: number) =>
  fc.array(
    fc.oneof(
      fc.tuple(
        fc.constantFrom<'refute' | 'retract' | 'withdraw'>('refute', 'retract', 'withdraw'),
        fc.integer({ min: 1, max: n }).map((i) => `b${i}`),
      ) as fc.Arbitrary<Op>,
      fc.tuple(
        fc.constant<'correct'>('correct'),
        fc.integer({ min: 1, max: n }).map((i) => `b${i}`),
        fc.integer({ min: 0, max: 100 }).map((v) => v / 100),
      ) as fc.Arbitrary<Op>,
    ),
    { maxLength: 8 },
  );

describe('the page agrees with the core on random graphs and operation sequences', () => {
  it('same invalidated, pending_review, refusals and states', async () => {
    await fc.assert(
      fc.asyncProperty(
        randomTrace.chain((text) => randomOps(text.split('\n').length - 1).map((ops) => ({ text, ops }))),
        async ({ text, ops }) => {
          expect(await throughPage(text, ops)).toEqual(throughCore(text, ops));
        },
      ),
      { numRuns: 60 },
    );
  }, 120_000);

  it("after edits that rewrite beliefs, the page's states are the explanation records' states", async () => {
    await fc.assert(
      fc.asyncProperty(randomTrace, fc.array(fc.tuple(fc.nat(), fc.boolean()), { minLength: 1, maxLength: 4 }), async (text, edits) => {
        const page = await openPageSession(text);
        let current = text;
        for (const [pick, review] of edits) {
          const lines = current.trimEnd().split('\n');
          const i = pick % lines.length;
          // Rewrite one belief's content: what rests on it is held for review.
          lines[i] = lines[i]!.replace(/"([^"]*)"$/, `"$1 again"`);
          current = lines.join('\n') + '\n';
          await page.edit(current);
          if (review) {
            const held = Object.entries(page.states()).find(([, s]) => s === 'invalidated');
            if (held) {
              await page.preview({ kind: 'withdraw', target: held[0], source: 'inspector' });
              if (!useLifecycleStore.getState().preview?.refusal) await page.commit();
              else page.controller.cancelPreview();
            }
          }
        }
        const version = (await import('../../src/store/document/documentStore.ts')).useDocumentStore.getState().analysis!.version;
        const lines = page.api.explanationsJsonLines({ version, log: { session: page.controller.log[0]!.session, length: page.controller.log.length } })!;
        const records = lines
          .trimEnd()
          .split('\n')
          .slice(0, -1)
          .map((l) => JSON.parse(l) as { claim: { id: string; state: LifecycleState } });
        expect(Object.fromEntries(records.map((r) => [r.claim.id, r.claim.state]))).toEqual(page.states());
      }),
      { numRuns: 40 },
    );
  }, 120_000);
});
