/**
 * `warrant review PKG` on the real command line (issue 45 item 5): Gaia's review records
 * with their status and beliefs, decisions recorded with --accept/--reject as signed
 * `review_decision` ops in the session's log at --ops, read back by the next run, and
 * the beliefs those decisions give (and `infer --ops LOG` with them) — real Gaia's, from test/fixtures/gaia-review/NAME.json
 * (scripts/gaia-review-oracle.py). Exit codes: 1 for a record that does not exist or a log
 * this device may not write to, 2 for a decision with no log to record it in.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hasStackTrace, runWarrant } from './support/runWarrant.ts';

const fixtures = join(import.meta.dirname, '../fixtures');
const pkg = (name: string) => join(fixtures, 'gaia-packages', name);
const oracle = (name: string) =>
  JSON.parse(readFileSync(join(fixtures, 'gaia-review', `${name}.json`), 'utf8')) as {
    reviews: { review_id: string; target_id: string; action_label: string; audit_question: string; target_kind: string }[];
    beliefs: Record<string, Record<string, number>>;
  };
const dir = mkdtempSync(join(tmpdir(), 'warrant-review-'));
let devices = 0;

/** A device of its own (key and remembered heads), as in logRollback.test.ts. */
function device() {
  const home = join(dir, `device-${++devices}`);
  const env = { WARRANT_STATE_DIR: join(home, 'state'), WARRANT_KEY_FILE: join(home, 'key.json') };
  return (...args: string[]) => runWarrant(args, { env });
}

interface ReviewJson {
  items: {
    review_id: string;
    target_id: string;
    target_kind: string;
    action_label: string;
    audit_question: string;
    status: string;
    belief: number | null;
    gated_belief: number | null;
    gates_inference: boolean;
  }[];
  counts: Record<string, number>;
  recorded: string[];
  beliefs: { knowledge_id: string; belief: number }[];
  gated_beliefs: { knowledge_id: string; belief: number }[];
}

function expectBeliefs(got: readonly { knowledge_id: string; belief: number }[], want: Record<string, number>): void {
  expect(got.map((b) => b.knowledge_id)).toEqual(Object.keys(want).sort());
  for (const b of got) expect(Math.abs(b.belief - want[b.knowledge_id]!), b.knowledge_id).toBeLessThanOrEqual(1e-9);
}

describe('warrant review', () => {
  it.each(['tides', 'compose', 'bayes-law-hand'])('%s: lists Gaia’s records, all unreviewed, with the ordinary beliefs and Gaia’s gated ones', async (name) => {
    const run = device();
    const r = await run('review', pkg(name), '--json');
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as ReviewJson;
    const want = oracle(name);
    expect(out.items.map(({ review_id, target_id, target_kind, action_label, audit_question }) => ({ review_id, target_id, target_kind, action_label, audit_question }))).toEqual(
      want.reviews.map(({ review_id, target_id, target_kind, action_label, audit_question }) => ({ review_id, target_id, target_kind, action_label, audit_question })),
    );
    expect(out.items.every((i) => i.status === 'unreviewed')).toBe(true);
    expect(out.counts).toEqual({ unreviewed: want.reviews.length, accepted: 0, rejected: 0, needs_inputs: 0 });
    expectBeliefs(out.beliefs, want.beliefs['default']!);
    expectBeliefs(out.gated_beliefs, want.beliefs['unreviewed']!);
  });

  it('records decisions as signed ops in the log, and the next run reads them back: rejecting then accepting is accepting', async () => {
    const run = device();
    const log = join(dir, 'tides-review.jsonl');
    const want = oracle('tides');
    const [observe, derive] = want.reviews;
    const first = await run('review', pkg('tides'), '--json', '--ops', log, '--reject', derive!.target_id, '--accept', 'demo:tides::action::_anon_action_000');
    expect(first.code, first.stderr).toBe(0);
    const a = JSON.parse(first.stdout) as ReviewJson;
    expect(a.recorded).toHaveLength(2);
    expect(a.items.map((i) => i.status)).toEqual(['accepted', 'rejected']);
    expectBeliefs(a.beliefs, want.beliefs[`rejected:${derive!.target_id}`]!);
    const lines = readFileSync(log, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { body?: { kind: string; target: string; decision: string }; id?: string });
    expect(lines.slice(0, 2).map((l) => l.body)).toEqual([
      { kind: 'review_decision', target: derive!.target_id, decision: 'rejected', action_label: derive!.action_label },
      { kind: 'review_decision', target: observe!.target_id, decision: 'accepted', action_label: observe!.action_label },
    ]);
    expect(lines).toHaveLength(3); // the two ops, then the signed head
    expect(lines.slice(0, 2).map((l) => l.id)).toEqual(a.recorded);

    const again = await run('review', pkg('tides'), '--json', '--ops', log);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toBe('');
    expect((JSON.parse(again.stdout) as ReviewJson).items.map((i) => i.status)).toEqual(['accepted', 'rejected']);

    const accepted = await run('review', pkg('tides'), '--json', '--ops', log, '--accept', '_anon_action_001');
    const b = JSON.parse(accepted.stdout) as ReviewJson;
    expect(b.items.map((i) => i.status)).toEqual(['accepted', 'accepted']);
    expectBeliefs(b.beliefs, want.beliefs['default']!);
    expectBeliefs(b.gated_beliefs, want.beliefs['accepted']!);
  });

  it('infer --ops LOG uses the recorded decisions: Gaia’s beliefs with the rejected warrant out; without --ops, the ordinary ones', async () => {
    const run = device();
    const log = join(dir, 'compose-infer.jsonl');
    const want = oracle('compose');
    const target = want.reviews.find((r) => r.target_kind === 'operator')!.target_id;
    expect((await run('review', pkg('compose'), '--ops', log, '--reject', target)).code).toBe(0);
    const reviewed = await run('infer', pkg('compose'), '--json', '--ops', log);
    expect(reviewed.code, reviewed.stderr).toBe(0);
    expectBeliefs((JSON.parse(reviewed.stdout) as ReviewJson).beliefs, want.beliefs[`rejected:${target}`]!);
    const plain = await run('infer', pkg('compose'), '--json');
    expectBeliefs((JSON.parse(plain.stdout) as ReviewJson).beliefs, want.beliefs['default']!);
  });

  it('--needs-inputs: Gaia’s fourth status; the warrant stays in inference, and out of Gaia’s gate', async () => {
    const log = join(dir, 'tides-needs.jsonl');
    const want = oracle('tides');
    const r = await device()('review', pkg('tides'), '--json', '--ops', log, '--needs-inputs', '_anon_action_000', '--needs-inputs', '_anon_action_001');
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as ReviewJson;
    expect(out.items.map((i) => i.status)).toEqual(['needs_inputs', 'needs_inputs']);
    expect(out.counts).toEqual({ unreviewed: 0, accepted: 0, rejected: 0, needs_inputs: 2 });
    expectBeliefs(out.beliefs, want.beliefs['default']!);
    expectBeliefs(out.gated_beliefs, want.beliefs['unreviewed']!);
  });

  it('the readable form: one line per record with its status, action, label and belief, then Gaia’s question', async () => {
    const r = await device()('review', pkg('compose-pattern'));
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('review: 0 of 2 records decided');
    expect(r.stdout).toContain('· unreviewed   derive     warranted  [strategy lcs_710b052659bff238]  belief 0.8992 (gated 0.5000)');
    expect(r.stdout).toContain('    Do the listed premises suffice to establish [@_anon_000]?');
    expect(r.stdout).toContain('(listed for judgement; Gaia’s inference does not depend on it)');
  });

  it.each([
    [['--accept', 'nothing-like-it', '--ops', 'LOG'], 1, 'no review record of'],
    [['--accept', 'warranted'], 2, '--accept, --reject and --needs-inputs record decisions in a session’s log: give --ops LOG.jsonl'],
    [['--reject'], 2, '--reject needs a review record'],
  ])('refuses %j with exit %i', async (args, code, words) => {
    const r = await device()('review', pkg('compose-pattern'), ...args.map((a) => (a === 'LOG' ? join(dir, `unused-${devices}.jsonl`) : a)));
    expect(r.code).toBe(code);
    expect(r.stderr).toContain(words);
    expect(hasStackTrace(r.stderr)).toBe(false);
  });

  it('a device that is not a member of the log’s session writes nothing (exit 1)', async () => {
    const log = join(dir, 'members.jsonl');
    expect((await device()('review', pkg('tides'), '--ops', log, '--accept', '_anon_action_000')).code).toBe(0);
    const before = readFileSync(log, 'utf8');
    const r = await device()('review', pkg('tides'), '--ops', log, '--reject', '_anon_action_000');
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('is not a member of session');
    expect(readFileSync(log, 'utf8')).toBe(before);
  });

  it('refuses a file that is not a Gaia package (exit 2)', async () => {
    const r = await device()('review', join(fixtures, 'contradiction', 'cache.clair'));
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('review is for a Gaia package');
    expect(hasStackTrace(r.stderr)).toBe(false);
  });
});
