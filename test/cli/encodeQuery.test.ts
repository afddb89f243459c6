/**
 * `warrant encode --query` as a user runs it: a question asked of an accepted world (or
 * of a proposal) against a stand-in OpenAI-compatible endpoint and against recorded
 * replies. A reply that invents a synonym, is not JSON, or mismatches a sort is contested
 * (exit 1) and nothing is written; a good one is written as the knowledge with the
 * question's goal, which `warrant prove` proves entailed.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runWarrant } from './support/runWarrant.ts';

const FIX = join(import.meta.dirname, '../fixtures/transducer');
const HEIRS = join(FIX, 'heir-world.json');
const tmp = mkdtempSync(join(tmpdir(), 'warrant-query-'));
const question = join(tmp, 'question.txt');
writeFileSync(question, 'Is Ana a legal heir?\n');
const world = join(tmp, 'family.jsonl');
const recorded = (name: string) => ['--recorded-reply', join(FIX, `${name}.reply.txt`)];

let server: Server;
let url = '';
const requests: { model: string; messages: { role: string; content: string }[] }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      requests.push(JSON.parse(body));
      res.writeHead(200, { 'content-type': 'application/json' });
      const content = readFileSync(join(FIX, 'query-good.reply.txt'), 'utf8');
      res.end(JSON.stringify({ id: 'c1', object: 'chat.completion', created: 0, model: 'stub', choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content } }] }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  const accepted = await runWarrant(['prove', HEIRS, '--world', world, '--accept', '--json']);
  expect(accepted.code).toBe(0);
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('warrant encode --query --world', () => {
  it("asks the endpoint with the world's registry, writes the knowledge with the goal, and prove finds it entailed", async () => {
    const out = join(tmp, 'q.json');
    const r = await runWarrant(['encode', '--query', question, '--world', world, '--llm-url', url, '--llm-model', 'llama3', '--out', out, '--json']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const o = JSON.parse(r.stdout);
    expect(o).toMatchObject({ status: 'proposed', reasons: [], gate: null, target: { kind: 'world', name: 'world_family' }, query_plan: { verificationMode: 'entailment' } });
    const prompt = requests
      .at(-1)!
      .messages.map((m) => m.content)
      .join('\n');
    expect(prompt).toContain('World: world_family');
    expect(prompt).toContain('"name":"isLegalHeir"');
    expect(prompt).toContain('Question:\nIs Ana a legal heir?');
    const written = JSON.parse(readFileSync(out, 'utf8'));
    expect(written).toMatchObject({ proposalId: 'q_1', worldId: 'world_family', tags: ['query'] });
    const proved = await runWarrant(['prove', out, '--json']);
    expect(proved.code).toBe(0);
    expect(JSON.parse(proved.stdout)).toMatchObject({ verdict: 'entailed', gate: null });
  });

  it.each([
    [
      'query-synonym',
      /contested \(registry\): the goal uses legalHeir, which is not in world world_family's registry and looks like a synonym of predicate isLegalHeir\(Person\) \(accepted in fp_heirs\)/,
    ],
    ['query-prose', /contested \(reply\): the model returned prose, not a JSON object/],
    ['query-sort', /contested \(registry\): argument 1 of isLegalHeir must be Person, but it is Asset/],
    ['query-declares', /contested \(reply\): a question declares nothing, but the reply declares legalHeir/],
    ['query-alias', /contested \(registry\): the goal uses heir, an alias of predicate isLegalHeir\(Person\) \(accepted in fp_heirs\); write isLegalHeir/],
  ])('contests a %s reply with its reason (exit 1), writing nothing', async (name, reason) => {
    const out = join(tmp, `${name}.json`);
    const r = await runWarrant(['encode', '--query', question, '--world', world, ...recorded(name), '--out', out]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/question\.txt: contested \(recorded reply .*; asked of world world_family; /);
    expect(r.stdout).toMatch(reason);
    expect(() => readFileSync(out)).toThrow();
  });
});

describe('warrant encode --query --proposal', () => {
  it('asks a question of a proposal; prove finds the plan entailed', async () => {
    const out = join(tmp, 'qp.json');
    const r = await runWarrant(['encode', '--query', question, '--proposal', HEIRS, ...recorded('query-good'), '--proposal-id', 'q_heir', '--out', out]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/asked of proposal fp_heirs/);
    expect(r.stdout).toContain('query plan: {"verificationMode":"entailment","goal":{"op":"call","symbol":"isLegalHeir"');
    expect(JSON.parse(readFileSync(out, 'utf8'))).toMatchObject({ proposalId: 'q_heir', worldId: 'world_family' });
    const proved = await runWarrant(['prove', out, '--json']);
    expect(JSON.parse(proved.stdout)).toMatchObject({ verdict: 'entailed' });
  });

  it('contests a sort mismatch against the proposal too', async () => {
    const r = await runWarrant(['encode', '--query', question, '--proposal', HEIRS, ...recorded('query-sort'), '--json']);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout)).toMatchObject({ status: 'contested', gate: 'registry', reasons: [{ kind: 'registry', code: 'registry-sort-mismatch' }] });
  });
});

describe('warrant encode --query: usage and what cannot be asked', () => {
  it.each([
    ['both targets', ['--query', question, '--proposal', HEIRS, '--world', world], /--proposal P\.json or --world WORLD \(one of them\)/],
    ['no target', ['--query', question], /--proposal P\.json or --world WORLD \(one of them\)/],
    ['a TEXT_FILE too', [question, '--query', question, '--proposal', HEIRS], /takes no TEXT_FILE/],
    ['--proposal without --query', [question, '--proposal', HEIRS], /give the question with --query QUESTION_FILE/],
    ['--logic', ['--query', question, '--proposal', HEIRS, '--logic', 'QF_LIA'], /--logic is not taken with --query/],
  ])('exit 2 for %s', async (_label, args, message) => {
    const r = await runWarrant(['encode', ...args, ...recorded('query-good')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
  });

  it('exit 2 with no model configured', async () => {
    const r = await runWarrant(['encode', '--query', question, '--proposal', HEIRS], { env: { WARRANT_LLM_URL: '', WARRANT_LLM_MODEL: '' } });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/encode needs a model/);
  });

  it('asking nothing: exit 2 for an empty question and an empty world, exit 1 for a proposal that fails its gates (input with errors, as prove says)', async () => {
    const empty = join(tmp, 'empty.txt');
    writeFileSync(empty, '  \n');
    const e = await runWarrant(['encode', '--query', empty, '--proposal', HEIRS, ...recorded('query-good')]);
    expect(e.code).toBe(2);
    expect(e.stderr).toMatch(/empty\.txt: the question is empty/);
    const bare = join(tmp, 'bare.jsonl');
    writeFileSync(bare, '');
    const w = await runWarrant(['encode', '--query', question, '--world', bare, ...recorded('query-good')]);
    expect(w.code).toBe(2);
    expect(w.stderr).toMatch(/bare\.jsonl: the world has accepted nothing, so there is nothing to ask/);
    const broken = join(tmp, 'broken.json');
    writeFileSync(broken, readFileSync(HEIRS, 'utf8').replace('"resultSort": "Asset"', '"resultSort": "Money"'));
    const b = await runWarrant(['encode', '--query', question, '--proposal', broken, ...recorded('query-good')]);
    expect(b.code).toBe(1);
    expect(b.stderr).toMatch(/broken\.json: the proposal stops at the registry gate \(line \d+: .*Money/);
    expect(b.stderr).not.toMatch(/\n\s+at /);
  });
});
