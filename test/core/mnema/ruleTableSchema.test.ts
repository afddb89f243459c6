/**
 * The rule-table editor's schema offers exactly the fields the reader takes, each with
 * what it means; the starter table reads clean and derives on the sample corpus; and the
 * worker's plans derive with the person's table beside the built-in derivers.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readRuleTable, RULE_TABLE_FIELDS, ruleDerivers } from '../../../src/core/mnema/ruleTable.ts';
import { ruleTableJsonSchema, STARTER_RULE_TABLE } from '../../../src/core/mnema/ruleTableSchema.ts';
import { runDerivation } from '../../../src/core/mnema/derivationEngine.ts';
import { sampleCorpusLog } from '../../support/mnemaCorpus.ts';
import { createValidationApi } from '../../../workers/validationApi.ts';

type Node = { properties?: Record<string, Node & { description?: string }>; items?: Node; additionalProperties?: unknown };

describe('the rule-table schema', () => {
  it('offers the fields the reader takes, each described, and no others', () => {
    const table = ruleTableJsonSchema() as Node;
    const rule = table.properties!.rules!.items!;
    const input = rule.properties!.inputs!.items!;
    const factor = rule.properties!.factors!.items!;
    const match = input.properties!.match!;
    const parts: [Node, readonly string[]][] = [
      [table, RULE_TABLE_FIELDS.table],
      [rule, RULE_TABLE_FIELDS.rule],
      [input, RULE_TABLE_FIELDS.input],
      [factor, RULE_TABLE_FIELDS.factor],
      [match, RULE_TABLE_FIELDS.match],
    ];
    for (const [node, fields] of parts) {
      expect(Object.keys(node.properties!)).toEqual([...fields]);
      for (const f of fields) expect(node.properties![f]!.description, f).toMatch(/\w/);
    }
    expect(rule.additionalProperties).toBe(false);
  });

  it('the starter table reads clean and derives one claim from the sample corpus', async () => {
    const reading = readRuleTable(STARTER_RULE_TABLE);
    expect(reading.ok).toBe(true);
    if (!reading.ok) return;
    const log = await sampleCorpusLog();
    const run = runDerivation(log.graph, ruleDerivers(reading.table), log.writer);
    expect(run.appended.map((op) => op.body.kind === 'claim' && op.body.identity_key)).toEqual(['org.example.habit.practice|yoga']);
  });
});

describe('the worker’s plans with the person’s rule table', () => {
  it('derive with it beside the built-in derivers, and a table with problems derives nothing and says where', () => {
    const api = createValidationApi();
    const text = readFileSync(new URL('../../../public/samples/spring-routines.mnema', import.meta.url), 'utf8');
    api.analyze({ version: 1, text, language: 'mnema', baseVersion: null, fileName: 'spring-routines.mnema' });
    expect(api.mnemaDerive(1, 'someone')?.summary).toBe('nothing new to derive');
    expect(api.mnemaSetRules([STARTER_RULE_TABLE])).toEqual([[]]);
    const plan = api.mnemaDerive(1, 'someone')!;
    expect(plan.changes.map((c) => c.key)).toEqual(['org.example.habit.practice|yoga']);
    // Not a member of the sample's session: shown, not written.
    expect(plan.write).toBeNull();
    expect(plan.refusal).toMatch(/not a member/);
    const [problems] = api.mnemaSetRules([STARTER_RULE_TABLE.replace('"prior": 0.3', '"prior": 3')]);
    expect(problems).toEqual([expect.objectContaining({ path: 'rules[0].prior', message: expect.stringMatching(/between 0 and 1/) })]);
    expect(api.mnemaDerive(1, 'someone')?.summary).toBe('nothing new to derive');
  });
});

describe('claim types of a rule table', () => {
  const table = (claimType: string) =>
    JSON.stringify({ name: 't', version: '1.0.0', rules: [{ claim_type: claimType, identity_key: `${claimType}|x`, payload: {}, inputs: [{ match: { source: 's' }, role: 'r' }], prior: 0.5 }] });
  it.each(['com.example.fitness.streak', 'com.example.health.active_lifestyle', 'org.test.a', 'io.x-y.time_of_day'])('%s is a reverse-DNS name', (claimType) => {
    expect(readRuleTable(table(claimType))).toMatchObject({ ok: true });
  });
  it.each(['streak', 'com.example', 'Com.example.x', 'com_x.example.y', 'com.example.x y', 'com..example.x', 'com.example.x.'])('%s is refused, saying what a name is made of', (claimType) => {
    expect(readRuleTable(table(claimType))).toEqual({
      ok: false,
      problems: [expect.objectContaining({ path: 'rules[0].claim_type', message: expect.stringMatching(/lowercase letters, digits and "-"/) })],
    });
  });
});
