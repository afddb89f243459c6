/**
 * `warrant cascade`, `warrant explain` and `export --to explanations|oplog`, run as a
 * user runs them: output shapes (docs/contract.md §1.3–§1.5, §3) and exit codes.
 */
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { chainHead, signHead, verifyHead } from '../../src/core/oplog/logHead.ts';
import { canonicalJson } from '../../src/core/oplog/canonicalJson.ts';
import { generateDeviceKey } from '../../src/core/oplog/deviceKey.ts';
import type { OperationBody, SignedOperation } from '../../src/core/oplog/operation.ts';
import { appendSigned } from '../../src/core/oplog/signOperation.ts';
import { verifyOperation } from '../../src/core/oplog/verifyOperation.ts';
import { hasStackTrace, runWarrant } from './support/runWarrant.ts';
import { CONTRACT_TRACE } from '../support/contractTrace.ts';

const TRACE = CONTRACT_TRACE;

const PACKAGE = `
from gaia.engine.lang import claim, derive, contradict
a = claim("A holds.", prior=0.7)
b = claim("B holds.", prior=0.6)
c = derive("C follows.", given=[a, b], rationale="both", label="make_c")
x = claim("X denies A.", prior=0.2)
clash = contradict(a, x, rationale="cannot both hold", label="clash")
`;

let dir = '';
const path = (name: string) => join(dir, name);

const key = generateDeviceKey(new Uint8Array(32).fill(3));

function signedLog(bodies: OperationBody[]): SignedOperation[] {
  const out: SignedOperation[] = [];
  for (const body of bodies) out.push(appendSigned({ session: 's', last: out.at(-1) ?? null }, body, key, { at: '2026-01-01T00:00:00Z' }));
  return out;
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'warrant-session-'));
  writeFileSync(path('t.clair'), TRACE);
  writeFileSync(path('errors.clair'), 'b1 1 L0 @user <b9 "x"\n');
  writeFileSync(path('p.py'), PACKAGE);
  writeFileSync(path('pyproject.toml'), '[project]\nname = "p-gaia"\nversion = "0.1.0"\n[tool.gaia]\nnamespace = "t"\n');
  const log = signedLog([
    { kind: 'claim_refutation', target: 'b2', revision: null },
    // Above what b6's justifiers derive: a correction the trace cannot support (contract §3).
    { kind: 'claim_correction', target: 'b6', value: 0.95, revision: null },
  ]);
  // As Warrant writes a log: its ops, then its signed head.
  const head = signHead(chainHead(log.at(-1)!, [key.author], key.author, '2026-01-01T00:00:00Z'), key);
  writeFileSync(path('log.jsonl'), [...log, head].map((x) => JSON.stringify(x)).join('\n') + '\n');
  // Headless: the tests on it are about ops set aside one by one, and pass --allow-headless.
  const tampered = [log[0], { ...log[1]!, body: { ...log[1]!.body, value: 0.41 } }];
  writeFileSync(path('tampered.jsonl'), tampered.map((op) => JSON.stringify(op)).join('\n') + '\nnot json\n');
});

describe('warrant cascade', () => {
  it('prints exactly the contract shape', async () => {
    const r = await runWarrant(['cascade', path('t.clair'), '--refute', 'b2', '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({
      ops: [{ op: 'refute', target: 'b2', invalidated: ['b4', 'b6', 'b7'], pending_review: [] }],
      states: { b1: 'active', b2: 'refuted', b3: 'active', b4: 'invalidated', b5: 'active', b6: 'invalidated', b7: 'invalidated' },
    });
    expect(Object.keys(JSON.parse(r.stdout).ops[0])).toEqual(['op', 'target', 'invalidated', 'pending_review']);
  });

  it('applies operations left to right, with the firewall and withdrawal', async () => {
    const r = await runWarrant(['cascade', path('t.clair'), '--correct', 'b6=0.5', '--refute=b2', '--withdraw', 'b6', '--retract', 'b1', '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({
      ops: [
        { op: 'correct', target: 'b6', invalidated: ['b7'], pending_review: [] },
        { op: 'refute', target: 'b2', invalidated: ['b4'], pending_review: ['b6'] },
        { op: 'withdraw', target: 'b6', invalidated: ['b6'], pending_review: [] },
        { op: 'retract', target: 'b1', invalidated: ['b5'], pending_review: [] },
      ],
      states: { b1: 'retracted', b2: 'refuted', b3: 'active', b4: 'invalidated', b5: 'invalidated', b6: 'invalidated', b7: 'invalidated' },
    });
  });

  it('text output is readable', async () => {
    const r = await runWarrant(['cascade', path('t.clair'), '--refute', 'b2']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('refute b2\n  invalidated:    b4, b6, b7\n  pending review: none\n');
    expect(r.stdout).toMatch(/states:\n {2}b1 {2}active\n/);
  });

  it('Gaia: labels or QIDs; contradictions are not justifications', async () => {
    const r = await runWarrant(['cascade', path('p.py'), '--refute', 't:p::a', '--refute', 'x', '--json']);
    expect(r.code).toBe(0);
    const json = JSON.parse(r.stdout);
    expect(json).toMatchObject({
      ops: [
        { op: 'refute', target: 'a', invalidated: ['c'], pending_review: [] },
        { op: 'refute', target: 'x', invalidated: [], pending_review: [] },
      ],
      states: { a: 'refuted', b: 'active', c: 'invalidated', x: 'refuted' },
    });
    // The contract's four keys, then Gaia's what-if (an extension): a refuted claim's prior at its floor.
    expect(Object.keys(json.ops[0])).toEqual(['op', 'target', 'invalidated', 'pending_review', 'posteriors']);
    expect(json.ops[0].posteriors.a.after).toBeLessThan(0.01);
    expect(json.ops[0].posteriors.c.after).toBeLessThan(json.ops[0].posteriors.c.before);
  });

  it.each([
    ['an unknown ID', ['--refute', 'b9'], /b9 is not a belief/],
    ['a retraction of a belief with justifications', ['--retract', 'b4'], /b4 has justifications/],
    ['a value above 1', ['--correct', 'b4=1.5'], /not a number in \[0,1\]/],
    ['a value that is not a number', ['--correct', 'b4=high'], /not a number in \[0,1\]/],
    ['a correction without a value', ['--correct', 'b4'], /ID=CONF/],
    ['a withdrawal with nothing standing', ['--withdraw', 'b4'], /nothing .* stands on b4/],
    ['a withdrawal after the op was withdrawn', ['--refute', 'b1', '--withdraw', 'b1', '--withdraw', 'b1'], /stands on b1/],
    ['no operation at all', [], /at least one operation/],
  ])('exit 2 for %s, nothing on stdout', async (_what, ops, message) => {
    const r = await runWarrant(['cascade', path('t.clair'), ...ops, '--json']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(message);
    expect(hasStackTrace(r.stderr)).toBe(false);
  });

  it('a document with errors: exit 1 with its diagnostics', async () => {
    const r = await runWarrant(['cascade', path('errors.clair'), '--refute', 'b1', '--json']);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout).files[0].diagnostics[0].code).toBe('unknown-ref');
  });
});

describe('warrant explain', () => {
  it('prints the record as JSON and as a tree', async () => {
    const [json, text] = await Promise.all([runWarrant(['explain', path('t.clair'), 'b7', '--json']), runWarrant(['explain', path('t.clair'), 'b7'])]);
    expect(json.code).toBe(0);
    const record = JSON.parse(json.stdout);
    expect(Object.keys(record)).toEqual(['claim', 'because', 'built_from', 'history', 'user_actions', 'provenance', 'reintroduced_claim', 'contradictions']);
    expect(record.provenance).toEqual([
      { depth: 1, id: 'b6', role: 'justification' },
      { depth: 2, id: 'b4', role: 'justification' },
      { depth: 3, id: 'b2', role: 'justification' },
      { depth: 2, id: 'b3', role: 'justification' },
    ]);
    expect(text.stdout).toMatch(/^b7 \[active, probable\] "remove the cron job"\n/);
  });

  it('--ops: the log is verified and replayed into states, history and contradictions', async () => {
    const [b7, b5] = await Promise.all([
      runWarrant(['explain', path('t.clair'), 'b7', '--json', '--ops', path('log.jsonl')]),
      runWarrant(['explain', path('t.clair'), 'b6', '--json', '--ops', path('log.jsonl')]),
    ]);
    expect(b7.code).toBe(0);
    const r7 = JSON.parse(b7.stdout);
    expect(r7.claim.state).toBe('invalidated');
    expect(r7.history).toMatchObject([{ event: 'invalidated', cause: { kind: 'claim_refutation' } }]);
    const r5 = JSON.parse(b5.stdout);
    expect(r5.claim).toMatchObject({ state: 'corrected', corrected: 0.95 });
    expect(r5.reintroduced_claim).toBe(true);
    expect(r5.caveat).toMatch(/conflicting records/);
  });

  it('--ops: tampered ops and unreadable lines are reported on stderr and set aside', async () => {
    const r = await runWarrant(['explain', path('t.clair'), 'b5', '--json', '--ops', path('tampered.jsonl'), '--allow-headless']);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/op 2 \(b3:[0-9a-f]{64}\) set aside: bad-id/);
    expect(r.stderr).toMatch(/:3: not JSON, set aside/);
    expect(JSON.parse(r.stdout).claim.state).toBe('active');
  });

  it('Gaia: a claim on an open contradiction carries the flag and the caveat', async () => {
    const r = await runWarrant(['explain', path('p.py'), 'a', '--json']);
    expect(r.code).toBe(0);
    const record = JSON.parse(r.stdout);
    expect(record.reintroduced_claim).toBe(true);
    expect(record.caveat).toMatch(/contradicted by x/);
    expect(record.claim.posterior).toBeGreaterThan(0);
    const text = await runWarrant(['explain', path('p.py'), 'a']);
    expect(text.stdout.split('\n')[1]).toMatch(/⚠/);
  });

  it('exit 2 for an unknown ID or a missing log', async () => {
    const [unknown, missing] = await Promise.all([runWarrant(['explain', path('t.clair'), 'b9']), runWarrant(['explain', path('t.clair'), 'b1', '--ops', path('nope.jsonl')])]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/b9 is not a belief/);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/cannot read .*nope\.jsonl: no such file/);
  });
});

describe('warrant export --to explanations|oplog', () => {
  it('explanations: one record per belief, then the audit line', async () => {
    const r = await runWarrant(['export', path('p.py'), '--to', 'explanations']);
    expect(r.code).toBe(0);
    const lines = r.stdout
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines.slice(0, -1).map((l) => l.claim.id)).toEqual(['a', 'b', 'c', 'x']);
    expect(lines.at(-1)).toEqual({ audit: { reintroduced_claims_count: 2, reintroduced_unflagged_count: 0 } });
    for (const l of lines.slice(0, -1)) expect(typeof l.reintroduced_claim).toBe('boolean');
  });

  it('explanations with --ops count a disagreeing correction', async () => {
    const r = await runWarrant(['export', path('t.clair'), '--to', 'explanations', '--ops', path('log.jsonl')]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout.trimEnd().split('\n').at(-1)!)).toEqual({ audit: { reintroduced_claims_count: 1, reintroduced_unflagged_count: 0 } });
  });

  it('oplog: one signed revision op, with a device key created at mode 600', async () => {
    const keyFile = path('keys/device-key.json');
    const env = { ...process.env, WARRANT_KEY_FILE: keyFile };
    const r = await runWarrantEnv(['export', path('t.clair'), '--to', 'oplog'], env);
    expect(r.code).toBe(0);
    const [op, head, ...rest] = r.stdout
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l));
    const ops = [op];
    expect(rest).toEqual([]);
    expect(ops[0].body).toMatchObject({ kind: 'revision', language: 'clair', length: TRACE.length });
    expect(verifyOperation(ops[0])).toMatchObject({ ok: true });
    // The signed head is the final line: one op, this key the only member.
    expect(verifyHead(head)).toMatchObject({ ok: true });
    expect(head).toMatchObject({ kind: 'head', session: op.session, seq: 1, count: 1, op: op.id, members: [op.author], author: op.author });
    expect(r.stdout).toBe(canonicalJson(ops[0]) + '\n' + canonicalJson(head) + '\n');
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    const key = JSON.parse(readFileSync(keyFile, 'utf8'));
    expect(ops[0].author).toBe(`ed25519:${key.publicKey}`);
    // The same key is used again.
    const again = await runWarrantEnv(['export', path('t.clair'), '--to', 'oplog'], env);
    expect(JSON.parse(again.stdout.split('\n')[0]!).author).toBe(ops[0].author);
  });

  it('oplog --ops: the verified log re-emitted, bad ops set aside', async () => {
    const r = await runWarrant(['export', path('t.clair'), '--to', 'oplog', '--ops', path('tampered.jsonl'), '--allow-headless']);
    expect(r.code).toBe(0);
    const ops = r.stdout
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(ops).toHaveLength(1);
    expect(ops[0].body.kind).toBe('claim_refutation');
    expect(r.stderr).toMatch(/set aside: bad-id/);
  });

  it('--ops only with explanations or oplog', async () => {
    const r = await runWarrant(['export', path('t.clair'), '--to', 'json', '--ops', path('log.jsonl')]);
    expect(r.code).toBe(2);
  });
});

/** runWarrant with an environment (for WARRANT_KEY_FILE). */
async function runWarrantEnv(args: string[], env: NodeJS.ProcessEnv) {
  const { spawn } = await import('node:child_process');
  const { WARRANT_BIN } = await import('./support/runWarrant.ts');
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, [WARRANT_BIN, ...args], { env, stdio: 'pipe' });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (b: Buffer) => (stdout += b.toString('utf8')));
    child.stderr.on('data', (b: Buffer) => (stderr += b.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end();
  });
}
