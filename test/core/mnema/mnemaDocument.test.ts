/**
 * A Mnema log as the IDE draws it (mnemaDocument.ts): the page's graph holds what the
 * command line serves — every evidence record, one claim per identity key at its served
 * confidence and state, an edge from each input — and a log that does not verify says
 * where, line by line, instead of failing whole.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BUILTIN_DERIVERS } from '../../../src/core/mnema/builtinDerivers.ts';
import { claimSummaries } from '../../../src/core/mnema/claimSummary.ts';
import { DerivationGraph } from '../../../src/core/mnema/derivationGraph.ts';
import { evidenceNodeId, explainMnemaNode, readMnemaDocument } from '../../../src/core/mnema/mnemaDocument.ts';
import { previewLogAction } from '../../../src/core/mnema/mnemaPreview.ts';
import { mnemaLogText } from '../../../src/core/mnema/mnemaLog.ts';
import { analyzeDocument } from '../../../src/core/analysis/analyzeDocument.ts';
import type { Deriver } from '../../../src/core/mnema/deriver.ts';
import { headOf } from '../../../src/core/oplog/logHead.ts';
import type { SignedOperation } from '../../../src/core/oplog/operation.ts';
import { membersOf } from '../../../src/core/oplog/sessionMembers.ts';
import { testLog, weekly } from '../../support/mnemaLogs.ts';
import { createValidationApi } from '../../../workers/validationApi.ts';

const SAMPLE = readFileSync(new URL('../../../public/samples/spring-routines.mnema', import.meta.url), 'utf8');

describe('a Mnema log as a document', () => {
  it('draws the sample as the command line serves it: evidence, one claim per key at its served value, no problems', () => {
    const doc = readMnemaDocument(SAMPLE);
    expect(doc.diagnostics).toEqual([]);
    const claims = doc.graph.nodes.filter((n) => n.kind === 'claim');
    const evidence = doc.graph.nodes.filter((n) => n.kind === 'note');
    expect(evidence).toHaveLength(79);
    const served = claimSummaries(doc.derivation);
    expect(claims.map((n) => n.id).sort()).toEqual(Object.keys(served).sort());
    for (const n of claims) expect(n.confidence).toBe(served[n.id]!.confidence);
    // Layered: a preference rests on its routines, a routine on its events.
    const into = (id: string) => doc.graph.edges.filter((e) => e.to === id).map((e) => e.from);
    expect(into('preference.time_of_day|gym|morning').sort()).toEqual(['routine.weekly|gym|thu|morning', 'routine.weekly|gym|tue|morning']);
    expect(into('routine.weekly|gym|tue|morning').every((id) => id.startsWith('ev-'))).toBe(true);
    expect(doc.states).toEqual({});
  });

  it('gives each key the state its log gives it: refuted, and what rested on it invalidated', () => {
    const log = testLog({ signed: true });
    weekly(log, 'Gym', 8);
    log.derive();
    log.act({ kind: 'refute', key: 'routine.weekly|gym|tue|morning' });
    const doc = readMnemaDocument(mnemaLogText(log.graph.ops, null));
    expect(doc.states['routine.weekly|gym|tue|morning']).toBe('refuted');
    expect(doc.states['preference.time_of_day|gym|morning']).toBe('invalidated');
    // The page's analysis carries the same states for the session to show.
    const analysis = analyzeDocument(mnemaLogText(log.graph.ops, null), 'mnema', 1);
    expect(analysis.ownStates).toEqual(doc.states);
  });

  it('says which line of a tampered log is refused, and draws the rest', () => {
    const lines = SAMPLE.split('\n');
    lines[4] = lines[4]!.replace('"Gym"', '"Gym!"');
    const doc = readMnemaDocument(lines.join('\n'));
    const refused = doc.diagnostics.filter((d) => d.code === 'mnema-refused');
    expect(refused.length).toBeGreaterThan(0);
    expect(refused[0]!.range.line).toBe(5);
    expect(doc.graph.nodes.length).toBeGreaterThan(0);
  });

  it('never throws on text that is not a log', () => {
    for (const text of ['', '\n', 'not json', '{}', '[1,2]', '{"v":1}\r{"v":2}', SAMPLE.slice(0, 5000)]) {
      const doc = readMnemaDocument(text);
      for (const d of doc.diagnostics) expect(d.range.line).toBeGreaterThanOrEqual(1);
    }
  });

  it('explains a claim with its provenance as drawn nodes, and nothing for evidence', () => {
    const doc = readMnemaDocument(SAMPLE);
    const shown = explainMnemaNode(doc, 'preference.time_of_day|gym|morning', BUILTIN_DERIVERS);
    expect(shown?.record.claim.claim_type).toBe('preference.time_of_day');
    expect(shown?.tree).toContain('preference.time_of_day|gym|morning');
    const ids = new Set(doc.graph.nodes.map((n) => n.id as string));
    expect(shown!.provenance.length).toBeGreaterThan(2);
    for (const p of shown!.provenance) expect(ids.has(p)).toBe(true);
    const first = doc.graph.nodes.find((n) => n.kind === 'note')!;
    expect(explainMnemaNode(doc, first.id, BUILTIN_DERIVERS)).toBeNull();
    expect(first.id).toBe(evidenceNodeId(doc.opOf.get(first.id)!));
    expect(DerivationGraph.of(doc.derivation.ops).claims.size).toBe(doc.derivation.claims.size);
  });
});

describe('an action previewed on a drawn Mnema log', () => {
  it('refuting a routine shows the preference resting on it invalidated; a device that is not a member of the log gets no write', () => {
    const doc = readMnemaDocument(SAMPLE);
    const p = previewLogAction(doc, { kind: 'refute', target: 'routine.weekly|yoga|sat|morning', source: 'graph' }, 'f'.repeat(64));
    expect(p.invalidated).toEqual(['preference.time_of_day|yoga|morning']);
    expect(p.states['routine.weekly|yoga|sat|morning']).toBe('refuted');
    expect(p.states['preference.time_of_day|yoga|morning']).toBe('invalidated');
    expect(p.refusal).toContain('not a member');
    expect(p.write).toBeNull();
    // Its author may write: the plan is the refutation and its cascade.
    const mine = previewLogAction(doc, { kind: 'refute', target: 'routine.weekly|yoga|sat|morning', source: 'graph' }, doc.derivation.ops[0]!.author);
    expect(mine.refusal).toBeNull();
    expect(mine.write?.ops.map((op) => op.body.kind)).toEqual(['claim_refutation', 'claim_invalidation']);
    // The same states as the command line's cascade (the user op, its cascade, re-derivation) on the same log.
    const log = testLog();
    for (const op of doc.derivation.ops) log.graph.add(op);
    log.act({ kind: 'refute', key: 'routine.weekly|yoga|sat|morning' });
    log.derive();
    const cli: Record<string, string> = {};
    for (const key of log.graph.keys.keys()) if (log.graph.stateOf(key) !== 'active') cli[key] = log.graph.stateOf(key);
    expect(p.states).toEqual(cli);
  });

  it('the preview says what re-derivation would produce: a preference derived again from what is left, a new key, a value that moves', () => {
    const doc = readMnemaDocument(SAMPLE);
    const author = doc.derivation.ops[0]!.author;
    const refute = previewLogAction(doc, { kind: 'refute', target: 'routine.weekly|gym|tue|morning', source: 'graph' }, author);
    expect(refute.invalidated).toEqual(['preference.time_of_day|gym|morning']);
    expect(refute.outcome).toEqual([expect.stringMatching(/^preference\.time_of_day\|gym\|morning derived again from what is left: 0\.\d\d \((speculative|probable|likely|strong)\), was 0\.\d\d/)]);
    const swim = { activity: 'swim', label: 'Swim', day: 'tue', part_of_day: 'morning' };
    const correct = previewLogAction(doc, { kind: 'correct', target: 'routine.weekly|gym|tue|morning', value: 1, payload: swim, source: 'inspector' }, author);
    expect(correct.outcome).toContainEqual(expect.stringMatching(/^preference\.time_of_day\|swim\|morning new: /));
    // Not the target's own line: the preview's first line says what happens to it.
    expect(correct.outcome.some((l) => l.startsWith('routine.weekly|gym|tue|morning'))).toBe(false);
    const event = doc.graph.edges.find((e) => e.to === 'routine.weekly|gym|tue|morning')!.from;
    const retract = previewLogAction(doc, { kind: 'retract', target: event, source: 'graph' }, author);
    // Its routine loses an input: invalidated, and derived again from the events left, each value told apart.
    const [line] = retract.outcome;
    expect(line).toMatch(/^routine\.weekly\|gym\|tue\|morning derived again from what is left: (0\.\d+) \(strong\), was (0\.\d+) \(strong\)$/);
    const [, after, before] = /: (0\.\d+) .*was (0\.\d+)/.exec(line!)!;
    expect(after).not.toBe(before);
  });

  it('retracting an event moves its routine’s confidence; a correction and a refuted evidence record are refused with the reason', () => {
    const doc = readMnemaDocument(SAMPLE);
    const event = doc.graph.edges.find((e) => e.to === 'routine.weekly|gym|tue|morning')!.from;
    const author = doc.derivation.ops[0]!.author;
    const p = previewLogAction(doc, { kind: 'retract', target: event, source: 'graph' }, author);
    expect(p.states[event]).toBe('retracted');
    expect(p.changed['routine.weekly|gym|tue|morning']!.after).toBeLessThan(p.changed['routine.weekly|gym|tue|morning']!.before);
    expect(previewLogAction(doc, { kind: 'correct', target: 'routine.weekly|gym|tue|morning', value: 0.5, source: 'inspector' }, author).refusal).toContain('Correct editor');
    expect(previewLogAction(doc, { kind: 'refute', target: event, source: 'graph' }, author).refusal).toContain('retracted, not refuted');
    expect(previewLogAction(doc, { kind: 'refute', target: 'nope', source: 'graph' }, author).refusal).toContain('not in the log');
  });
});

describe('the validation worker on a Mnema log', () => {
  it('explains and previews on the log its analysis read, and says nothing of a version it no longer keeps', () => {
    const api = createValidationApi();
    api.analyze({ version: 1, text: SAMPLE, language: 'mnema', baseVersion: null, fileName: 'spring-routines.mnema' });
    expect(api.mnemaExplain(1, 'preference.time_of_day|gym|morning')?.record.claim.claim_type).toBe('preference.time_of_day');
    api.dispatch({ version: 1, log: { session: 's', length: 0 }, action: { kind: 'open', session: 's', ops: [] } });
    const reply = api.dispatch({
      version: 1,
      log: { session: 's', length: 0 },
      action: { kind: 'preview', id: 1, action: { kind: 'refute', target: 'routine.weekly|yoga|sat|morning', source: 'graph' } },
    });
    expect(reply.preview?.invalidated).toEqual(['preference.time_of_day|yoga|morning']);
    expect(reply.preview?.plan).toBeNull();
    // Asked without an author (not a member of the sample's session): shown, not written.
    expect(reply.preview?.write).toBeNull();
    expect(api.mnemaExplain(7, 'preference.time_of_day|gym|morning')).toBeNull();
  });
});

describe('a claim type that is not dotted (§2.1)', () => {
  it('is a warning at its line; the claim is kept and shown, as a type this reader does not know would be', () => {
    const log = testLog({ signed: true });
    const e = log.evidence('com.example.x', '2025-03-01T00:00:00Z', { n: 1 });
    const deriver: Deriver = {
      id: { name: 'flat', version: '1' },
      reads: [],
      emits: ['streak'],
      derive: () => [
        { claim_type: 'streak', identity_key: 'streak|x', payload: {}, inputs: [{ op_id: e.id, role: 'seed' }], confidence: 0.5, confidence_basis: { prior: 0.5, factors: [] }, rationale: 'r' },
      ],
    };
    log.derive([deriver]);
    const ops = log.graph.ops as unknown as SignedOperation[];
    const head = headOf({ applied: ops, session: ops[0]!.session, members: membersOf(ops).list() }, ops[0]!.author)!;
    const doc = readMnemaDocument(mnemaLogText(log.graph.ops, null) + JSON.stringify({ ...head, sig: '0'.repeat(128) }) + '\n', { checkSignature: () => true });
    const warning = doc.diagnostics.find((d) => d.code === 'mnema-claim-type');
    expect(warning).toMatchObject({ severity: 'warning', message: expect.stringMatching(/"streak" is not a dotted, namespaced type/) });
    expect(warning!.range.line).toBe(2);
    expect(doc.broken).toBe(false);
    expect(doc.graph.nodes.map((n) => n.content)).toContainEqual(expect.stringMatching(/^streak: /));
  });
});
