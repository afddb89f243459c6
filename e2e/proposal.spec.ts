/**
 * FormalProposal in the browser: gates as markers and problems, the SMT-LIB2 pane, z3
 * (WebAssembly, in the solver worker) giving verdicts with the core or model mapped
 * back to the text, the rounds of the intuition loop, budgets, and cancelling a solve.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { checkProposal } from '../src/core/proposal/index.ts';
import { cursorAfter, editorVersion, errorCount, focusEditor, openFresh, pasteText, shot } from './page.ts';

const sampleText = (file: string) => readFileSync(new URL(`../public/samples/${file}`, import.meta.url), 'utf8');

/** Waits until the problems panel and the proposal view reflect the editor's newest version. */
async function proposalSettled(page: Page): Promise<number> {
  await expect
    .poll(async () => {
      const v = await editorVersion(page);
      const d = Number(await page.getByTestId('diagnostics').getAttribute('data-version'));
      const p = Number(await page.getByTestId('proposal-view').getAttribute('data-version'));
      return v > 0 && d === v && p === v;
    })
    .toBe(true);
  return editorVersion(page);
}

async function openProposalSample(page: Page, file: string): Promise<void> {
  await openFresh(page);
  await page.getByTestId('samples').click();
  await page.getByTestId(`sample-${file}`).click();
  await expect(page.locator('.doc-name')).toHaveText(file);
  await expect(page.getByTestId('proposal-view')).toBeVisible();
  await proposalSettled(page);
}

/** Opens a new proposal document holding `text`. */
async function openProposalText(page: Page, text: string): Promise<void> {
  await openFresh(page);
  await page.getByTestId('new-document').click();
  await page.getByTestId('new-proposal').click();
  await expect(page.getByTestId('proposal-view')).toBeVisible();
  await proposalSettled(page);
  await pasteText(page, text);
  await proposalSettled(page);
}

async function run(page: Page): Promise<void> {
  await expect(page.getByTestId('prove-run')).toBeEnabled();
  await page.getByTestId('prove-run').click();
  await expect(page.getByTestId('verdict')).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
}

async function downloadSmtlib(page: Page): Promise<string> {
  await page.getByTestId('export').click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-smtlib').click()]);
  return Buffer.concat(await (await download.createReadStream()).toArray()).toString('utf8');
}

/** Replaces the `length` characters before the cursor with `text`. */
async function retype(page: Page, length: number, text: string): Promise<void> {
  for (let i = 0; i < length; i++) await page.keyboard.press('Backspace');
  await page.keyboard.insertText(text);
}

const call = (symbol: string, ...args: object[]) => ({ op: 'call', symbol, args });
const c = (name: string) => ({ op: 'const', name });
const v = (name: string) => ({ op: 'var', name });

/** n+1 pigeons, n holes, no two pigeons in one hole: unsat, and hard for resolution. */
function pigeonhole(holes: number): string {
  const pigeons = holes + 1;
  const P = Array.from({ length: pigeons }, (_, i) => `p${i}`);
  const H = Array.from({ length: holes }, (_, j) => `h${j}`);
  const assertions: object[] = P.map((p) => ({ assertionId: `somewhere_${p}`, role: 'fact', expr: { op: 'or', args: H.map((h) => call('sits', c(p), c(h))) } }));
  for (const h of H)
    for (let i = 0; i < pigeons; i++)
      for (let k = i + 1; k < pigeons; k++)
        assertions.push({ assertionId: `apart_${P[i]}_${P[k]}_${h}`, role: 'fact', expr: { op: 'not', arg: { op: 'and', args: [call('sits', c(P[i]!), c(h)), call('sits', c(P[k]!), c(h))] } } });
  return JSON.stringify(
    {
      schemaVersion: 'holoproof.formal-proposal.v1',
      proposalId: `fp_pigeonhole_${holes}`,
      declarations: [
        { kind: 'sort', name: 'Pigeon' },
        { kind: 'sort', name: 'Hole' },
        ...P.map((name) => ({ kind: 'const', name, resultSort: 'Pigeon' })),
        ...H.map((name) => ({ kind: 'const', name, resultSort: 'Hole' })),
        { kind: 'predicate', name: 'sits', argSorts: ['Pigeon', 'Hole'], resultSort: 'Bool' },
      ],
      assertions,
      queryPlan: { verificationMode: 'consistency', goal: null },
    },
    null,
    2,
  );
}

/** A chain of rules step0 → … → stepN, a fact at its start, and unrelated facts: entailed. */
function chain(steps: number, distractors: number): string {
  const rules = Array.from({ length: steps }, (_, i) => ({
    assertionId: `rule_${i}`,
    role: 'axiom',
    expr: { op: 'forall', vars: [{ name: 'x', sort: 'Item' }], body: { op: '=>', args: [call(`step${i}`, v('x')), call(`step${i + 1}`, v('x'))] } },
  }));
  const noise = Array.from({ length: distractors }, (_, i) => ({ assertionId: `note_${i}`, role: 'fact', expr: call(`noted${i % 5}`, c('other')) }));
  return JSON.stringify(
    {
      schemaVersion: 'holoproof.formal-proposal.v1',
      proposalId: 'fp_chain',
      declarations: [
        { kind: 'sort', name: 'Item' },
        { kind: 'const', name: 'start', resultSort: 'Item' },
        { kind: 'const', name: 'other', resultSort: 'Item' },
        ...Array.from({ length: steps + 1 }, (_, i) => ({ kind: 'predicate', name: `step${i}`, argSorts: ['Item'], resultSort: 'Bool' })),
        ...Array.from({ length: 5 }, (_, i) => ({ kind: 'predicate', name: `noted${i}`, argSorts: ['Item'], resultSort: 'Bool' })),
      ],
      assertions: [...noise, ...rules, { assertionId: 'fact_start', role: 'fact', expr: call('step0', c('start')) }],
      queryPlan: { verificationMode: 'entailment', goal: call(`step${steps}`, c('start')) },
    },
    null,
    2,
  );
}

test('a proposal sample opens with no problems, its SMT-LIB2 beside it', async ({ page }) => {
  await openProposalSample(page, 'release-readiness.json');
  expect(await errorCount(page)).toBe(0);
  await expect(page.getByTestId('diagnostics')).toContainText('passes the schema, registry and emission gates');
  const smtlib = page.getByTestId('smtlib');
  await expect(smtlib).toHaveAttribute('data-gate', '');
  await expect(smtlib).toHaveAttribute('data-mode', 'entailment');
  await expect(smtlib.locator('.view-lines')).toContainText('(declare-sort Build 0)');
  await expect(page.getByTestId('verdict')).toHaveAttribute('data-verdict', 'none');
  await expect(page.getByTestId('solver-status')).toHaveAttribute('data-status', 'ready', { timeout: 30_000 });
  await shot(page, 'proposal-open');
});

test('a reserved word and an undeclared symbol stop at their gates; fixing them clears the markers', async ({ page }) => {
  await openProposalSample(page, 'release-readiness.json');
  const problems = page.getByTestId('diagnostics');

  // A constant named `assert` (a solver command): schema gate.
  await cursorAfter(page, '"name": "lint');
  await retype(page, 4, 'assert');
  await proposalSettled(page);
  expect(await errorCount(page)).toBeGreaterThanOrEqual(1);
  await expect(problems).toContainText('schema-reserved-word');
  await expect(problems).toContainText('"assert" is a reserved word');
  await expect(page.getByTestId('editor').locator('.squiggly-error').first()).toBeVisible();
  await expect(page.getByTestId('smtlib')).toHaveAttribute('data-gate', 'schema');
  await expect(page.getByTestId('smtlib-stopped')).toContainText('Stopped at the schema gate');
  await expect(page.getByTestId('prove-run')).toBeDisabled();
  await shot(page, 'proposal-schema-gate');
  await retype(page, 6, 'lint');
  await proposalSettled(page);
  expect(await errorCount(page)).toBe(0);
  await expect(page.getByTestId('editor').locator('.squiggly-error')).toHaveCount(0);

  // A call of a predicate nobody declared: registry gate.
  await cursorAfter(page, '"symbol": "approved');
  await retype(page, 8, 'endorsed');
  await proposalSettled(page);
  expect(await errorCount(page)).toBe(1);
  await expect(problems).toContainText('registry-undeclared');
  await expect(problems).toContainText('endorsed is not declared');
  await expect(page.getByTestId('editor').locator('.squiggly-error').first()).toBeVisible();
  await expect(page.getByTestId('smtlib')).toHaveAttribute('data-gate', 'registry');
  await shot(page, 'proposal-registry-gate');
  await retype(page, 8, 'approved');
  await proposalSettled(page);
  expect(await errorCount(page)).toBe(0);
  await expect(page.getByTestId('smtlib')).toHaveAttribute('data-gate', '');
  await expect(page.getByTestId('prove-run')).toBeEnabled();
});

test('bad input never reaches a solver: enormous nesting, SMT text in a name, text that is not JSON', async ({ page }) => {
  const problems = page.getByTestId('diagnostics');
  const stoppedAtSchema = async (code: string) => {
    await proposalSettled(page);
    await expect(problems).toContainText(code);
    await expect(page.getByTestId('smtlib')).toHaveAttribute('data-gate', 'schema');
    await expect(page.getByTestId('prove-run')).toBeDisabled();
  };
  // 100,000 nested "not"s: refused by depth, the page stays live.
  const depth = 100_000;
  await openProposalText(
    page,
    `{"schemaVersion": "holoproof.formal-proposal.v1", "declarations": [], "assertions": [{"assertionId": "deep", "role": "fact", "expr": ${'{"op": "not", "arg": '.repeat(depth)}{"op": "const", "name": "p"}${'}'.repeat(depth)}}], "queryPlan": {"verificationMode": "consistency"}}`,
  );
  await stoppedAtSchema('schema-too-deep');
  await shot(page, 'proposal-too-deep');
  // A name that tries to carry solver commands.
  const sample = sampleText('release-readiness.json');
  await pasteText(page, sample.replace('"name": "rc7"', '"name": "rc7) (exit"'));
  await stoppedAtSchema('schema-identifier');
  await expect(problems).toContainText('is not an identifier');
  // Text that is not JSON at all.
  await pasteText(page, sample.slice(0, 400));
  await stoppedAtSchema('syntax');
  expect(await errorCount(page)).toBe(1);
  // And back: the page answers as before.
  await pasteText(page, sample);
  await proposalSettled(page);
  expect(await errorCount(page)).toBe(0);
  await run(page);
  await expect(page.getByTestId('verdict')).toHaveAttribute('data-verdict', 'entailed');
});

test("completion offers the schema's operators and the declared symbols", async ({ page }) => {
  await openProposalSample(page, 'release-readiness.json');
  await cursorAfter(page, '"symbol": "');
  const suggest = page.locator('.suggest-widget');
  // The declared symbols reach the JSON service's schema a moment after the analysis.
  await expect
    .poll(async () => {
      await page.keyboard.press('Escape');
      await page.keyboard.press('Control+Space');
      await suggest.locator('.monaco-list-row').first().waitFor();
      return (await suggest.locator('.monaco-list-row').allTextContents()).join(' ');
    })
    .toContain('e2eSuite'); // declared, never written as a "symbol": only the schema offers it
  await expect(suggest).toContainText('releasable');
  await expect(suggest).toContainText('checkOf');
  await shot(page, 'proposal-completion-symbols');
  await page.keyboard.press('Escape');
  await cursorAfter(page, '"op": "');
  await page.keyboard.press('Control+Space');
  await expect(suggest.locator('.monaco-list-row').first()).toBeVisible();
  // The list shows its first rows: operators sort as symbols first (HoloProof's * and /
  // among them), then words.
  for (const op of ['*', '/', '=>', 'and', 'call']) await expect(suggest).toContainText(`"${op}"`);
  // Typing filters it: the rest of the whitelist is there too.
  await page.keyboard.type('it');
  await expect(suggest).toContainText('"ite"');
  await page.keyboard.press('Escape');
});

test('Run: entailed, with the unsat core listed, marked in the editor and one click from its assertion', async ({ page }) => {
  await openProposalSample(page, 'release-readiness.json');
  await run(page);
  const verdict = page.getByTestId('verdict');
  await expect(verdict).toHaveAttribute('data-verdict', 'entailed');
  await expect(verdict).toHaveAttribute('data-solver-answer', 'unsat');
  for (const id of ['ax_release_rule', 'fact_rc7_only_checks', 'fact_unit_passed', 'fact_lint_passed', 'fact_rc7_approved']) {
    await expect(page.getByTestId(`core-item-${id}`)).toHaveAttribute('data-highlighted', 'true');
  }
  await expect(page.getByTestId('core-item-ax_flaky_rerun')).toHaveCount(0);
  await expect(page.getByTestId('proposal-view')).toHaveAttribute('data-highlights', '6'); // five assertions and the goal
  await expect(page.getByTestId('round-1')).toHaveAttribute('data-answer', 'unsat');

  await page.getByTestId('core-item-fact_rc7_approved').click();
  const editor = page.getByTestId('editor');
  await expect(editor.locator('.core-highlight.is-focused').first()).toBeVisible();
  await expect(editor.locator('.view-lines')).toContainText('"assertionId": "fact_rc7_approved"');
  await shot(page, 'proposal-entailed');
});

test('a proposal with a model: model-found, its values listed and their declarations marked', async ({ page }) => {
  await openProposalSample(page, 'review-slot.json');
  await expect(page.getByTestId('smtlib')).toHaveAttribute('data-mode', 'model');
  await run(page);
  await expect(page.getByTestId('verdict')).toHaveAttribute('data-verdict', 'model-found');
  const start = page.getByTestId('model-item-reviewStart');
  await expect(start).toBeVisible();
  const value = Number((await start.locator('.model-value').textContent())!.replace(/[^0-9]/g, ''));
  expect(value).toBeGreaterThanOrEqual(840);
  await expect(page.getByTestId('proposal-view')).toHaveAttribute('data-highlights', '6');
  await start.click();
  await expect(page.getByTestId('editor').locator('.model-highlight.is-focused').first()).toBeVisible();
  await shot(page, 'proposal-model-found');

  // The same proposal asked in entailment mode: not entailed, with a counter-model.
  await page.getByTestId('prove-mode').selectOption('entailment');
  await expect(page.getByTestId('smtlib')).toHaveAttribute('data-mode', 'entailment');
  await expect(page.getByTestId('smtlib').locator('.view-lines')).toContainText('(assert (! (not (>= reviewStart 840)) :named hp_internal_goal))');
  await run(page);
  await expect(page.getByTestId('verdict')).toHaveAttribute('data-verdict', 'not-entailed');
  await expect(page.getByTestId('model')).toContainText('Counter-model');
});

test('an inconsistent proposal lists the clashing assertions (run with Ctrl+Enter in the editor)', async ({ page }) => {
  await openProposalSample(page, 'vpn-policy-clash.json');
  await expect(page.getByTestId('prove-run')).toBeEnabled();
  await focusEditor(page);
  await page.keyboard.press('Control+Enter');
  await expect(page.getByTestId('verdict')).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
  await expect(page.getByTestId('verdict')).toHaveAttribute('data-verdict', 'inconsistent');
  await expect(page.getByTestId('core')).toHaveAttribute('data-count', '4');
  await expect(page.getByTestId('core-item-rule_staff_vpn')).toHaveCount(0);
});

test('VSA intuition: rounds grow the active set until the goal follows; the round budget makes it unknown', async ({ page }) => {
  await openProposalText(page, chain(20, 40));
  expect(await errorCount(page)).toBe(0);
  await page.getByTestId('prove-intuition').selectOption('hdc');
  // Each round gets a slice of the time budget; a generous budget keeps a loaded machine's slow
  // first round from ending in 'timeout' (that path has its own test below).
  await expect(page.getByTestId('solver-status')).toHaveAttribute('data-status', 'ready', { timeout: 30_000 });
  await page.getByTestId('budget-timeoutMs').fill('60000');
  await run(page);
  await expect(page.getByTestId('verdict')).toHaveAttribute('data-verdict', 'entailed');
  const rounds = Number(await page.getByTestId('rounds').getAttribute('data-count'));
  expect(rounds).toBeGreaterThan(1);
  await expect(page.getByTestId('round-1')).toHaveAttribute('data-answer', 'sat');
  await expect(page.getByTestId(`round-${rounds}`)).toHaveAttribute('data-answer', 'unsat');
  const first = Number(await page.getByTestId('round-1').getAttribute('data-active'));
  const last = Number(await page.getByTestId(`round-${rounds}`).getAttribute('data-active'));
  expect(last).toBeGreaterThan(first);
  await shot(page, 'proposal-intuition-rounds');

  // One round is not enough: unknown, and the verdict names the budget.
  await page.getByTestId('budget-maxRounds').fill('1');
  await run(page);
  await expect(page.getByTestId('verdict')).toHaveAttribute('data-verdict', 'unknown');
  await expect(page.getByTestId('verdict')).toHaveAttribute('data-budget', 'rounds');
  await expect(page.getByTestId('verdict')).toContainText('round budget');

  // A budget that is not a whole number in range keeps Run disabled.
  await page.getByTestId('budget-maxRounds').fill('0');
  await expect(page.getByTestId('prove-run')).toBeDisabled();
  await page.getByTestId('budget-maxRounds').fill('12');
  await expect(page.getByTestId('prove-run')).toBeEnabled();
});

test('Cancel stops a long solve and the page stays responsive; a short budget ends unknown (timeout)', async ({ page }) => {
  await openProposalText(page, pigeonhole(12));
  expect(await errorCount(page)).toBe(0);
  await expect(page.getByTestId('solver-status')).toHaveAttribute('data-status', 'ready', { timeout: 30_000 });
  await page.getByTestId('budget-timeoutMs').fill('120000');
  await page.getByTestId('prove-run').click();
  const verdict = page.getByTestId('verdict');
  await expect(verdict).toHaveAttribute('data-status', 'running');
  await expect(page.getByTestId('prove-cancel')).toBeEnabled();
  // The page keeps answering while z3 works: the clock ticks, tabs switch, the editor takes keys.
  const before = await verdict.textContent();
  await expect.poll(async () => verdict.textContent()).not.toBe(before);
  await page.getByTestId('tab-history').click();
  await page.getByTestId('tab-problems').click();
  await focusEditor(page);
  await page.keyboard.press('Control+End');
  await expect(verdict).toHaveAttribute('data-status', 'running');
  await shot(page, 'proposal-solving');
  await page.getByTestId('prove-cancel').click();
  await expect(verdict).toHaveAttribute('data-status', 'done');
  await expect(verdict).toHaveAttribute('data-verdict', 'unknown');
  await expect(verdict).toHaveAttribute('data-solver-answer', 'cancelled');
  await expect(page.getByTestId('prove-cancel')).toBeDisabled();
  await shot(page, 'proposal-cancelled');

  // A fresh worker is ready for the next run, which has a short time budget.
  await expect(page.getByTestId('solver-status')).toHaveAttribute('data-status', 'ready', { timeout: 30_000 });
  await page.getByTestId('budget-timeoutMs').fill('1500');
  await run(page);
  await expect(verdict).toHaveAttribute('data-verdict', 'unknown');
  await expect(verdict).toHaveAttribute('data-solver-answer', 'timeout');
  await expect(verdict).toHaveAttribute('data-budget', 'timeout');
  await expect(verdict).toContainText('timeout budget (1500 ms)');
  await shot(page, 'proposal-timeout');
});

test('the SMT-LIB2 is byte-identical across reloads, and is what the core emits', async ({ page }) => {
  await openProposalSample(page, 'release-readiness.json');
  const first = await downloadSmtlib(page);
  expect(first).toBe(checkProposal(sampleText('release-readiness.json')).smtlib);
  const bytes = await page.getByTestId('smtlib').getAttribute('data-bytes');
  expect(Number(bytes)).toBe(Buffer.byteLength(first));
  // A reload (without ?fresh) brings the same session back.
  await page.goto('/');
  await expect(page.locator('.doc-name')).toHaveText('release-readiness.json');
  await expect(page.getByTestId('proposal-view')).toBeVisible();
  await proposalSettled(page);
  expect(await downloadSmtlib(page)).toBe(first);
  await expect(page.getByTestId('smtlib')).toHaveAttribute('data-bytes', bytes!);
});
