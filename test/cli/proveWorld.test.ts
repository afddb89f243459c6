/**
 * `warrant prove --world WORLD [--accept]`, `warrant world WORLD` and the budget flags,
 * run as a user runs them: a proposal's status (proposed, contested with reasons naming
 * both declarations, accepted), the signed acceptance of a proof only, the world's
 * registry growing with it, the log refusing tampering and strangers; `--max-rounds`,
 * `--max-active`, `--step` within the core's bounds.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Json } from '../support/proposalFixtures.ts';
import { baseProposal, call, constant, declarationsOf, edited, not, textOf } from '../support/proposalFixtures.ts';
import { runWarrant } from './support/runWarrant.ts';
import { parseDeviceKey } from '../../src/core/oplog/deviceKey.ts';
import { headOf, signHead } from '../../src/core/oplog/logHead.ts';
import type { OperationBody, SignedOperation } from '../../src/core/oplog/operation.ts';
import { b3Of } from '../../src/core/oplog/opId.ts';
import { appendSigned } from '../../src/core/oplog/signOperation.ts';

let dir = '';
const path = (name: string): string => join(dir, name);
let env: Record<string, string> = {};
/** A generous time budget for every prove: on a loaded machine the default 4 s can end a check (or the accepted-knowledge check) unknown. */
const warrant = (args: string[], extra: Record<string, string> = {}) => runWarrant(args[0] === 'prove' ? [...args, '--timeout', '30000'] : args, { env: { ...env, ...extra } });
const json = (stdout: string) => JSON.parse(stdout) as Record<string, unknown> & { status: string; contested_reasons: { kind: string; code: string | null; message: string }[] };

/** A new proposal (its own id) reusing the base declarations, plus `extra`. */
function newProposal(id: string, edit: (p: { [k: string]: Json }) => void): string {
  const p = baseProposal();
  p.proposalId = id;
  edit(p);
  return textOf(p);
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'warrant-world-'));
  env = { WARRANT_KEY_FILE: path('key.json'), WARRANT_STATE_DIR: path('state') };
  writeFileSync(path('heir.json'), textOf(baseProposal()));
  writeFileSync(
    path('not-entailed.json'),
    newProposal('fp_maria', (p) => ((p.queryPlan as { goal: Json }).goal = call('legalHeir', constant('Maria')))),
  );
  writeFileSync(
    path('synonym.json'),
    newProposal('fp_syn', (p) => {
      declarationsOf(p).push({ kind: 'predicate', name: 'isLegalHeir', argSorts: ['Person'], resultSort: 'Bool' });
      declarationsOf(p)[3] = { kind: 'predicate', name: 'childOf', argSorts: ['Person'], resultSort: 'Bool' };
      p.assertions = [];
      p.queryPlan = { verificationMode: 'consistency' };
    }),
  );
  writeFileSync(
    path('contradiction.json'),
    newProposal('fp_contra', (p) => {
      p.assertions = [{ assertionId: 'no_heir', role: 'fact', expr: not(call('legalHeir', constant('Ana'))) }];
      p.queryPlan = { verificationMode: 'consistency' };
    }),
  );
  writeFileSync(
    path('ambiguous.json'),
    edited((p) => (p.ambiguities = ['which Maria is meant?'])),
  );
});

describe('prove: status without a world', () => {
  it('adds status and contested_reasons after the existing fields', async () => {
    const run = await warrant(['prove', path('heir.json'), '--json']);
    expect(run.code).toBe(0);
    const r = json(run.stdout);
    expect(Object.keys(r).slice(0, 10)).toEqual(['verdict', 'mode', 'solver', 'solver_answer', 'gate', 'diagnostics', 'core', 'model', 'rounds', 'elapsed_ms']);
    expect(r).toMatchObject({ verdict: 'entailed', status: 'proposed', contested_reasons: [], knowledge_check: null });
    expect(r.proposal_hash).toMatch(/^b3:[0-9a-f]{64}$/);
  });

  it('listed ambiguities contest a proposal, whatever its verdict', async () => {
    const run = await warrant(['prove', path('ambiguous.json'), '--json']);
    expect(run.code).toBe(0);
    expect(json(run.stdout)).toMatchObject({
      verdict: 'entailed',
      status: 'contested',
      contested_reasons: [{ kind: 'ambiguity', code: null, message: 'the proposal lists an open ambiguity: which Maria is meant?' }],
    });
  });
});

describe('prove --world and --accept, world', () => {
  it('runs the lifecycle: proposed, accepted by a signed op, then the registry contests synonyms and contradictions', async () => {
    const world = path('family.jsonl');
    const before = await warrant(['prove', path('heir.json'), '--world', world, '--json']);
    expect(before.code).toBe(0);
    expect(json(before.stdout).status).toBe('proposed');

    const refused = await warrant(['prove', path('not-entailed.json'), '--world', world, '--accept', '--json']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('not accepted: the verdict is not-entailed; only entailed (a proof in entailment mode) can be accepted');
    expect(json(refused.stdout).acceptance).toMatchObject({ op: null });

    const accept = await warrant(['prove', path('heir.json'), '--world', world, '--accept', '--json']);
    expect(accept.code).toBe(0);
    const accepted = json(accept.stdout);
    expect(accepted.status).toBe('accepted');
    expect((accepted.acceptance as { op: string }).op).toMatch(/^b3:/);

    const shown = await warrant(['world', world, '--json']);
    expect(shown.code).toBe(0);
    const w = JSON.parse(shown.stdout) as { accepted: { proposal_id: string; verdict: string; op: string }[]; symbols: { name: string; kind: string; proposal_id: string }[]; problems: string[] };
    expect(w.accepted).toEqual([expect.objectContaining({ proposal_id: 'fp_test_001', verdict: 'entailed', op: (accepted.acceptance as { op: string }).op })]);
    expect(w.symbols.map((s) => `${s.kind} ${s.name}`)).toEqual(['sort Person', 'const Maria', 'const Ana', 'predicate childOf', 'predicate legalHeir', 'function age']);
    expect(w.problems).toEqual([]);
    const text = await warrant(['world', world]);
    expect(text.stdout).toContain('1 accepted proposal, 6 symbols');
    expect(text.stdout).toMatch(/predicate legalHeir\(Person\)\s+fp_test_001/);

    const again = await warrant(['prove', path('heir.json'), '--world', world, '--json']);
    expect(json(again.stdout).status).toBe('accepted');
    const twice = await warrant(['prove', path('heir.json'), '--world', world, '--accept']);
    expect(twice.code).toBe(1);
    expect(twice.stderr).toContain('already accepted');

    const synonym = await warrant(['prove', path('synonym.json'), '--world', world, '--json']);
    expect(synonym.code).toBe(1);
    const s = json(synonym.stdout);
    expect(s).toMatchObject({ gate: 'registry', status: 'contested' });
    expect(s.contested_reasons.map((c) => c.code)).toEqual(['registry-world-redeclared', 'registry-world-synonym']);
    expect(s.contested_reasons[0]!.message).toBe('predicate childOf(Person) redeclares childOf, which the world already has as predicate childOf(Person, Person) (accepted in fp_test_001)');
    expect(s.contested_reasons[1]!.message).toContain('predicate isLegalHeir(Person) looks like a synonym of predicate legalHeir(Person) (accepted in fp_test_001)');
    // Without the world the same proposal passes: the gate checks it against itself only.
    expect((await warrant(['prove', path('synonym.json')])).code).toBe(0);

    const contra = await warrant(['prove', path('contradiction.json'), '--world', world, '--json']);
    expect(contra.code).toBe(0);
    const c = json(contra.stdout);
    expect(c).toMatchObject({ verdict: 'consistent', status: 'contested', knowledge_check: { verdict: 'inconsistent', contradiction: true } });
    expect(c.contested_reasons[0]!.message).toMatch(/contradict the world's accepted knowledge \(unsat core: .*fp_test_001:ax_heir.*no_heir/);
    const contraAccept = await warrant(['prove', path('contradiction.json'), '--world', world, '--accept']);
    expect(contraAccept.code).toBe(1);
    expect(contraAccept.stdout).toContain('status: contested');
    expect((await warrant(['world', world, '--json'])).stdout).toContain('"accepted":[{');
    expect((JSON.parse((await warrant(['world', world, '--json'])).stdout) as { accepted: unknown[] }).accepted).toHaveLength(1);
  }, 120_000);

  it('a device that is not a member of the world cannot accept into it', async () => {
    const world = path('members.jsonl');
    expect((await warrant(['prove', path('heir.json'), '--world', world, '--accept'])).code).toBe(0);
    const stranger = await warrant(['prove', path('not-entailed.json'), '--world', world, '--mode', 'consistency', '--accept'], { WARRANT_KEY_FILE: path('stranger.json') });
    expect(stranger.code).toBe(1);
    expect(stranger.stderr).toContain('is not a member of world');
  }, 60_000);

  it('a tampered world log is refused, nothing proved against it', async () => {
    const world = path('tamper.jsonl');
    expect((await warrant(['prove', path('heir.json'), '--world', world, '--accept'])).code).toBe(0);
    writeFileSync(world, readFileSync(world, 'utf8').replace('"legalHeir"', '"legalHeiress"'));
    const run = await warrant(['prove', path('heir.json'), '--world', world, '--json']);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('set aside');
    expect((await warrant(['world', world])).code).toBe(1);
  }, 60_000);
});

describe('budget flags', () => {
  it('--step grows the active set by N a round; --max-rounds stops the loop', async () => {
    const run = await warrant(['prove', path('heir.json'), '--intuition', 'hrr', '--step', '1', '--json']);
    expect(run.code).toBe(0);
    const r = json(run.stdout) as unknown as { verdict: string; round_log: { active: string[] }[] };
    expect(r.verdict).toBe('entailed');
    expect(r.round_log.map((x) => x.active.length)).toEqual(r.round_log.map((_, i) => i + 1));
    const capped = json((await warrant(['prove', path('not-entailed.json'), '--intuition', 'hrr', '--step', '1', '--max-rounds', '1', '--json'])).stdout);
    expect(capped).toMatchObject({ verdict: 'unknown', budget: 'rounds', rounds: 1 });
    const atoms = json((await warrant(['prove', path('not-entailed.json'), '--max-active', '1', '--json'])).stdout);
    expect(atoms).toMatchObject({ verdict: 'unknown', budget: 'atoms' });
  }, 60_000);

  it.each([
    [['--max-rounds', '0'], '--max-rounds must be a whole number from 1 to 1000 (got "0")'],
    [['--max-active', 'many'], '--max-active must be a whole number from 1 to 1000000'],
    [['--step', '-1'], '--step must be a whole number from 1 to 1000000'],
    [['--accept'], '--accept needs --world WORLD'],
    [['--world', '-', '--accept'], '--accept writes the world: give --world a file, not -'],
  ])('%j is a usage error', async (flags, message) => {
    const run = await warrant(['prove', path('heir.json'), ...flags]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(message);
  });
});

describe("a session's whole log is a world", () => {
  it('a proposal session as the page keeps it (its revisions and acceptances) is read by world and prove --world', async () => {
    const world = path('family.jsonl');
    const ops = readFileSync(world, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as SignedOperation & { kind?: string })
      .filter((o) => o.kind !== 'head');
    const key = parseDeviceKey(JSON.parse(readFileSync(path('key.json'), 'utf8')))!;
    const text = readFileSync(path('heir.json'), 'utf8');
    // The page's session writes a revision for the text before the acceptance: one of each, signed after the world's last op.
    const revision = appendSigned(
      { session: ops[0]!.session, last: ops.at(-1)! },
      { kind: 'revision', text_hash: b3Of(new TextEncoder().encode(text)), language: 'proposal', length: text.length } as unknown as OperationBody,
      key,
    );
    const all = [...ops, revision];
    const head = signHead(headOf({ applied: all, session: ops[0]!.session, members: [key.author] }, key.author)!, key);
    const session = path('session.oplog.jsonl');
    writeFileSync(session, `${[...all, head].map((o) => JSON.stringify(o)).join('\n')}\n`);

    const shown = await warrant(['world', session, '--json']);
    expect(shown.stderr).toBe('');
    expect(shown.code).toBe(0);
    expect((JSON.parse(shown.stdout) as { accepted: { proposal_id: string }[] }).accepted.map((a) => a.proposal_id)).toEqual(['fp_test_001']);
    const synonym = await warrant(['prove', path('synonym.json'), '--world', session, '--json']);
    expect(json(synonym.stdout).status).toBe('contested');
    const other = await warrant(['prove', path('not-entailed.json'), '--world', session, '--json']);
    expect(json(other.stdout).status).toBe('proposed');
  });
});
