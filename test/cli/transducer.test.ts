/**
 * `warrant encode` and `warrant answer` as a user runs them: against a local
 * OpenAI-compatible endpoint (a stand-in server speaking the chat-completions protocol,
 * as llama.cpp's server, Ollama and vLLM do), and against recorded replies. A reply that
 * is not a gated JSON proposal is contested and never proved; an answer's sentences are
 * all anchored in what z3 approved.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:http';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runWarrant } from './support/runWarrant.ts';

const FIX = join(import.meta.dirname, '../fixtures/transducer');
const tmp = mkdtempSync(join(tmpdir(), 'warrant-transducer-'));
const textFile = join(tmp, 'policy.txt');
writeFileSync(textFile, 'Every student is eligible. Ana is a student. Is Ana eligible?\n');

let server: Server;
let url = '';
const requests: { model: string; messages: { role: string; content: string }[]; response_format?: unknown }[] = [];
let nextReply = '';

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      if (req.url !== '/v1/chat/completions') {
        res.writeHead(404).end();
        return;
      }
      requests.push(JSON.parse(body));
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ id: 'c1', object: 'chat.completion', created: 0, model: 'stub', choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: nextReply } }] }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('warrant encode', () => {
  it('asks the endpoint through the client library and writes the gated proposal', async () => {
    nextReply = readFileSync(join(FIX, 'good.reply.txt'), 'utf8');
    const out = join(tmp, 'fp.json');
    const r = await runWarrant(['encode', textFile, '--llm-url', url, '--llm-model', 'llama3', '--proposal-id', 'fp_9', '--out', out, '--json']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const o = JSON.parse(r.stdout);
    expect(o).toMatchObject({ status: 'proposed', reasons: [], gate: null, model: `llama3 at ${url}` });
    const sent = requests.at(-1)!;
    expect(sent.model).toBe('llama3');
    expect(sent.response_format).toEqual({ type: 'json_object' });
    expect(sent.messages[1]!.content).toContain('Every student is eligible.');
    expect(JSON.parse(readFileSync(out, 'utf8'))).toMatchObject({ proposalId: 'fp_9', worldId: 'world_main' });
    const proved = await runWarrant(['answer', out, '--json']);
    expect(proved.code).toBe(0);
    expect(JSON.parse(proved.stdout)).toMatchObject({ verdict: 'entailed', source: 'template', text: 'The goal follows from the active assertions. It rests on ax_1, fact_1.' });
  });

  it.each([
    ['prose', /prose, not a JSON object/],
    ['smt', /SMT-LIB text/],
    ['broken', /JSON does not parse/],
    ['ambiguous', /ambiguity/],
    ['undeclared', /contested \(registry\): function or predicate eligible is not declared/],
  ])('contests a %s reply with its reason (exit 1), writing nothing', async (name, reason) => {
    const out = join(tmp, `${name}.json`);
    const r = await runWarrant(['encode', textFile, '--recorded-reply', join(FIX, `${name}.reply.txt`), '--out', out]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/contested/);
    expect(r.stdout).toMatch(reason);
    expect(() => readFileSync(out)).toThrow();
  });

  it('says how to configure a model when none is (exit 2), and when the endpoint is down it contests', async () => {
    const none = await runWarrant(['encode', textFile], { env: { WARRANT_LLM_URL: '', WARRANT_LLM_MODEL: '' } });
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/encode needs a model: --llm-url URL --llm-model NAME/);
    const down = await runWarrant(['encode', textFile, '--llm-url', 'http://127.0.0.1:9/v1', '--llm-model', 'x', '--llm-timeout', '2000', '--json']);
    expect(down.code).toBe(1);
    expect(JSON.parse(down.stdout).reasons[0].message).toMatch(/^the model could not be asked: /);
  });
});

describe('warrant encode --world', () => {
  it("carries the world's symbols in the prompt and contests a synonym of one, naming both declarations", async () => {
    const world = join(tmp, 'world.jsonl');
    // A world named world_family by its accepted proposal.
    const named = join(tmp, 'world-accepted.json');
    writeFileSync(named, readFileSync(join(FIX, 'world-accepted.json'), 'utf8').replace('"worldId": "world_main"', '"worldId": "world_family"'));
    const accepted = await runWarrant(['prove', named, '--world', world, '--accept', '--json']);
    expect(accepted.code).toBe(0);
    nextReply = readFileSync(join(FIX, 'good.reply.txt'), 'utf8');
    const r = await runWarrant(['encode', textFile, '--world', world, '--llm-url', url, '--llm-model', 'llama3', '--json']);
    expect(r.code).toBe(1);
    const o = JSON.parse(r.stdout);
    expect(o.context.symbols).toEqual(expect.arrayContaining(['isEligible', 'Person']));
    expect(requests.at(-1)!.messages[1]!.content).toContain('"name":"isEligible"');
    expect(o.reasons.map((x: { message: string }) => x.message).join(' | ')).toMatch(/predicate eligible\(Person\) looks like a synonym of predicate isEligible\(Person\) \(accepted in fp_world_1\)/);
    // The proposal belongs to the world it was encoded against; naming another contests it.
    expect(JSON.parse(o.proposal_text).worldId).toBe('world_family');
    expect(o.reasons.map((x: { kind: string }) => x.kind)).not.toContain('world-id');
    nextReply = readFileSync(join(FIX, 'good.reply.txt'), 'utf8');
    const other = JSON.parse((await runWarrant(['encode', textFile, '--world', world, '--world-id', 'world_tax', '--llm-url', url, '--llm-model', 'llama3', '--json'])).stdout);
    expect(other.reasons).toContainEqual(expect.objectContaining({ kind: 'world-id', message: expect.stringContaining('names world world_tax, but this world is world_family') }));
  });
});

describe('warrant answer', () => {
  const proposal = join(tmp, 'answer.json');
  beforeAll(async () => {
    await runWarrant(['encode', textFile, '--recorded-reply', join(FIX, 'good.reply.txt'), '--out', proposal]);
  });

  it("keeps the model's anchored sentences and strips the rest", async () => {
    nextReply = readFileSync(join(FIX, 'decode-unanchored.reply.txt'), 'utf8');
    const r = await runWarrant(['answer', proposal, '--question', 'Is Ana eligible?', '--llm-url', url, '--llm-model', 'llama3', '--json']);
    expect(r.code).toBe(0);
    const o = JSON.parse(r.stdout);
    expect(o.sentences.map((s: { text: string }) => s.text)).toEqual(['Ana is eligible.', 'Her enrolment counts.']);
    expect(o.stripped).toHaveLength(2);
    const prompt = requests.at(-1)!.messages[1]!.content;
    expect(prompt).toContain('Question: Is Ana eligible?');
    expect(prompt).toContain('"core:fact_1"');
  });

  it('prints each sentence with its anchors', async () => {
    const r = await runWarrant(['answer', proposal]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('The goal follows from the active assertions.  [verdict:entailed]\nIt rests on ax_1, fact_1.  [core:ax_1 core:fact_1]\n');
  });
});
