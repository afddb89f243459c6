/**
 * Laws of the fold once a log records when beliefs appeared (issue 43, finding 3), on
 * random graphs and random logs of revisions (with `added` and `renamed`), user ops and
 * review holds:
 * - folding op by op through the cascade (what explanations read) gives the states the
 *   fold from scratch gives (what the page draws), and the same since-whens;
 * - the fold of a log is the fold of its prefix with the rest appended: a preview made
 *   on the prefix shows what committing it leaves (the page commits what it previewed);
 * - no invalidation reaches a belief before it appeared: a belief is invalidated only if
 *   some non-active justifier's state comes from an op recorded after it appeared;
 * - a log that records no appearances folds by the contract's rule as written.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyzeDocument } from '../../../src/core/analysis/analyzeDocument.ts';
import { buildDependencyIndex, justifiersOf } from '../../../src/core/oplog/dependencyIndex.ts';
import { computeStates } from '../../../src/core/oplog/lifecycle.ts';
import type { OperationBody, OpId } from '../../../src/core/oplog/operation.ts';
import type { UserAction } from '../../../src/core/oplog/userAction.ts';
import { invalidationsOf, previewAction } from '../../../src/core/session/sessionActions.ts';
import type { AddressedOperation } from '../../../src/core/session/sessionModel.ts';
import { foldSession } from '../../../src/core/session/sessionModel.ts';
import { addressedAppender } from '../../support/addressedLog.ts';

const HASH = `b3:${'0'.repeat(64)}` as OpId;

/** A random DAG as a CLAIR trace: belief i rests on some of the beliefs before it. */
const dag = fc.array(fc.array(fc.nat(), { maxLength: 3 }), { minLength: 2, maxLength: 12 });
type Step = readonly ['revise' | 'rename' | 'refute' | 'correct' | 'retract' | 'withdraw' | 'hold', number, number];
const steps = fc.array(fc.tuple(fc.constantFrom('revise', 'rename', 'refute', 'correct', 'retract', 'withdraw', 'hold'), fc.nat(), fc.nat()), { maxLength: 30 });

function traceOf(supports: readonly (readonly number[])[]): { text: string; ids: string[] } {
  const ids = supports.map((_, i) => `b${i + 1}`);
  const text = supports
    .map((s, i) => {
      const js = [...new Set(i === 0 ? [] : s.map((k) => ids[k % i]!))];
      return `${ids[i]} .9 L0 @self ${js.length > 0 ? `<${js.join(',')} ` : ''}"${ids[i]}"`;
    })
    .join('\n');
  return { text, ids };
}

/** A log over `ids`: a first revision, then the steps (revisions adding some beliefs, renames into them, user ops, holds). */
function logOf(ids: readonly string[], plan: readonly Step[]): AddressedOperation[] {
  const log: AddressedOperation[] = [];
  const append = addressedAppender(log);
  const revision = (extra: Partial<Extract<OperationBody, { kind: 'revision' }>> = {}) => append({ kind: 'revision', text_hash: HASH, language: 'clair', length: 1, ...extra });
  let lastRevision = revision();
  for (const [kind, a, b] of plan) {
    const target = ids[a % ids.length]!;
    const other = ids[b % ids.length]!;
    switch (kind) {
      case 'revise':
        lastRevision = revision({ added: [...new Set([target, other])] });
        break;
      case 'rename':
        // `old` renamed to `target`: target takes the appearance old had.
        lastRevision = revision({ renamed: [[`old${b}`, target]] });
        break;
      case 'hold':
        append({ kind: 'claim_invalidation', target, cause: lastRevision });
        break;
      case 'withdraw': {
        const standing = [...log].reverse().find((op) => 'target' in op.body && op.body.target === target && op.body.kind !== 'withdrawal');
        if (standing) append({ kind: 'withdrawal', target, withdraws: standing.id });
        break;
      }
      case 'correct':
        append({ kind: 'claim_correction', target, value: (b % 100) / 100, revision: lastRevision });
        break;
      case 'refute':
        append({ kind: 'claim_refutation', target, revision: lastRevision });
        break;
      case 'retract':
        append({ kind: 'evidence_retraction', target, revision: lastRevision });
        break;
    }
  }
  return log;
}

describe('the fold with appearances', () => {
  it('op by op through the cascade equals the fold from scratch', () => {
    fc.assert(
      fc.property(dag, steps, (supports, plan) => {
        const { text, ids } = traceOf(supports);
        const index = buildDependencyIndex(analyzeDocument(text, 'clair', 1).graph);
        const log = logOf(ids, plan);
        const scratch = foldSession(index, log);
        const incremental = foldSession(index, log, { history: true });
        expect(incremental.states).toEqual(scratch.states);
        expect(incremental.since).toEqual(scratch.since);
      }),
      { numRuns: 400 },
    );
  });

  it('an invalidation never reaches a belief before it appeared', () => {
    fc.assert(
      fc.property(dag, steps, (supports, plan) => {
        const { text, ids } = traceOf(supports);
        const index = buildDependencyIndex(analyzeDocument(text, 'clair', 1).graph);
        const model = foldSession(index, logOf(ids, plan));
        for (const id of ids) {
          if (model.standing.has(id) || model.held.has(id)) continue;
          const born = model.timeline.born.get(id) ?? -Infinity;
          const reached = justifiersOf(index, id).some((j) => model.states.get(j) !== 'active' && model.since.get(j)! > born);
          expect(model.states.get(id), id).toBe(reached ? 'invalidated' : 'active');
        }
      }),
      { numRuns: 400 },
    );
  });

  it('a preview on a prefix is what committing it leaves: folding the longer log agrees', () => {
    const actions = fc.tuple(fc.constantFrom('refute', 'correct', 'retract', 'withdraw'), fc.nat());
    fc.assert(
      fc.property(dag, steps, actions, (supports, plan, [kind, at]) => {
        const { text, ids } = traceOf(supports);
        const index = buildDependencyIndex(analyzeDocument(text, 'clair', 1).graph);
        const log = logOf(ids, plan);
        const model = foldSession(index, log);
        const target = ids[at % ids.length]!;
        const action: UserAction = kind === 'correct' ? { kind, target, value: 0.3, source: 'inspector' } : { kind, target, source: 'inspector' };
        const preview = previewAction(model, action);
        if (!preview.ok) return;
        const longer = [...log];
        const append = addressedAppender(longer);
        const lead = append(preview.body);
        for (const body of invalidationsOf({ invalidated: preview.report.invalidated }, lead)) append(body);
        const after = foldSession(index, longer);
        for (const id of ids) expect(after.states.get(id), id).toBe(preview.stateOf(id));
        const newly = ids.filter((id) => model.states.get(id) !== 'invalidated' && after.states.get(id) === 'invalidated');
        expect(preview.report.invalidated).toEqual(newly);
      }),
      { numRuns: 400 },
    );
  });

  it('a log that records no appearances folds by the contract rule as written', () => {
    fc.assert(
      fc.property(dag, steps, (supports, plan) => {
        const { text, ids } = traceOf(supports);
        const index = buildDependencyIndex(analyzeDocument(text, 'clair', 1).graph);
        const log = logOf(
          ids,
          plan.filter(([kind]) => kind !== 'revise' && kind !== 'rename'),
        );
        const model = foldSession(index, log, { history: true });
        expect(model.timeline.born.size).toBe(0);
        expect(model.states).toEqual(computeStates(index, model.standing, model.held));
      }),
      { numRuns: 200 },
    );
  });
});
