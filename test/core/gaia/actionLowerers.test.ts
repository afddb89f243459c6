/**
 * Action lowering goes through one table (src/core/gaia/ir/actionLowerers.ts), and the
 * compiler keeps Gaia's IR-id → action-QID table (`target_action_labels_by_id`): checked
 * entry for entry, in order, against what real Gaia's CompiledPackage holds for fixture
 * packages (test/fixtures/gaia-target-action-labels.json, printed by the oracle in process).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeGaiaPackage } from '../../../src/core/gaia/analyzeGaia.ts';
import { ACTION_LOWERERS } from '../../../src/core/gaia/ir/actionLowerers.ts';
import { readPackage } from '../../../src/node/readPackage.ts';
import { gaia } from '../../support/gaiaPackages.ts';

const ROOT = join(import.meta.dirname, '../../fixtures');
const GAIA = JSON.parse(readFileSync(join(ROOT, 'gaia-target-action-labels.json'), 'utf8')) as { packages: Record<string, [string, string][]> };

describe('the dispatch table', () => {
  it('names one lowerer and one pass for every kind of action; the bayes kinds share the extension lowerer', () => {
    const rows = Object.entries(ACTION_LOWERERS).map(([kind, row]) => [kind, row.name, row.pass]);
    expect(rows).toEqual([
      ['derive', 'support', 'declaration'],
      ['observe', 'support', 'declaration'],
      ['compute', 'support', 'declaration'],
      ['equal', 'structural', 'declaration'],
      ['contradict', 'structural', 'declaration'],
      ['exclusive', 'structural', 'declaration'],
      ['decompose', 'decompose', 'declaration'],
      ['infer', 'infer', 'declaration'],
      ['associate', 'associate', 'declaration'],
      ['depends_on', 'scaffold', 'declaration'],
      ['candidate_relation', 'scaffold', 'declaration'],
      ['compose', 'compose', 'compose'],
      ['bayes_model', 'bayes', 'extension'],
      ['bayes_compare', 'bayes', 'extension'],
    ]);
    expect(ACTION_LOWERERS.bayes_model).toBe(ACTION_LOWERERS.bayes_compare);
  });
});

describe('target_action_labels_by_id', () => {
  it.each(Object.keys(GAIA.packages))('%s: the table real Gaia compiles, entry for entry and in order', async (name) => {
    const a = analyzeGaiaPackage((await readPackage(join(ROOT, 'gaia-packages', name))).files);
    expect([...a.compiled.targetActionLabels]).toEqual(GAIA.packages[name]);
  });

  it('maps each action primary target back to its QID, a premise-free observe through its claim, and no scaffold', () => {
    const a = gaia('a = claim("A.")\nb = claim("B.")\nobserve(a, label="seen")\nderive(b, given=[a], label="step")\ne = equal(a, b)\ndepends_on(b, given=[a], label="later")\n');
    const table = a.compiled.targetActionLabels;
    expect(table.get('t:p::a')).toBe('t:p::action::seen');
    const strategy = a.compiled.ir.strategies[0]!;
    expect(table.get(strategy.strategy_id)).toBe('t:p::action::step');
    const operator = a.compiled.ir.operators.find((o) => o.operator === 'equivalence')!;
    expect(table.get(operator.operator_id!)).toBe('t:p::action::_anon_action_002');
    expect([...table.values()]).not.toContain('t:p::action::later');
  });

  it('agrees with the metadata.action_label of every strategy, operator and composition that carries one', async () => {
    for (const name of ['bayes-mendel', 'compose', 'roles-forms']) {
      const a = analyzeGaiaPackage((await readPackage(join(ROOT, 'gaia-packages', name))).files);
      const ir = a.compiled.ir;
      const carried = [
        ...ir.strategies.map((s) => [s.strategy_id, s.metadata?.['action_label']] as const),
        ...ir.operators.map((o) => [o.operator_id, o.metadata?.['action_label']] as const),
        ...ir.composes.map((c) => [c.compose_id, c.metadata?.['action_label']] as const),
      ].filter(([, label]) => label !== undefined);
      expect(carried.length).toBeGreaterThan(0);
      for (const [id, label] of carried) expect([name, a.compiled.targetActionLabels.get(id!)]).toEqual([name, label]);
    }
  });
});
