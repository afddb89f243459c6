/**
 * axe-core (from the local package, no CDN) on the four views of the page — the default
 * CLAIR page, the inspector, the Gaia view and the proposal view — in the dark and the
 * light theme: no serious or critical violation of WCAG 2.1 A/AA.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { node, openFresh, settled, shot } from './page.ts';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

interface Finding {
  readonly rule: string;
  readonly impact: string;
  readonly nodes: number;
  readonly targets: string[];
}

/**
 * One axe run over the page as it stands: the WCAG rules and the best-practice ones
 * together (each run walks the whole page, Monaco and the graph included, so once is
 * enough). `serious`: the serious and critical violations of the WCAG rules; `structure`:
 * the violations of STRUCTURE_RULES.
 */
async function axeFindings(page: Page): Promise<{ serious: Finding[]; structure: string[] }> {
  const result = await new AxeBuilder({ page }).withTags([...WCAG_TAGS, 'best-practice']).analyze();
  const serious = result.violations
    .filter((v) => v.tags.some((t) => WCAG_TAGS.includes(t)) && (v.impact === 'serious' || v.impact === 'critical'))
    .map((v) => ({ rule: v.id, impact: v.impact ?? '', nodes: v.nodes.length, targets: v.nodes.slice(0, 6).map((n) => `${n.target.join(' ')} ${n.any[0]?.message ?? ''}`) }));
  const structure = result.violations.filter((v) => STRUCTURE_RULES.includes(v.id)).map((v) => `${v.id} ×${v.nodes.length}: ${v.nodes[0]?.target.join(' ')}`);
  return { serious, structure };
}

const VIEWS: Record<string, (page: Page) => Promise<void>> = {
  default: async (page) => {
    await openFresh(page);
  },
  inspector: async (page) => {
    await openFresh(page);
    await node(page, 'b2').click();
    await expect(page.getByTestId('inspector')).toHaveAttribute('data-selected', 'b2');
  },
  // Beyond the four views: a cascade preview (nodes marked to fall), a refutation
  // committed with focus mode on (receding nodes, a long explanation that scrolls), and
  // an open menu.
  preview: async (page) => {
    await openFresh(page);
    await node(page, 'b3').click();
    await page.getByTestId('action-refute').click();
    await expect(node(page, 'b7')).toHaveAttribute('data-preview', 'invalidated');
  },
  committed: async (page) => {
    await openFresh(page);
    await node(page, 'b3').click();
    await page.getByTestId('action-refute').click();
    await page.getByTestId('cascade-commit').click();
    await expect(node(page, 'b7')).toHaveAttribute('data-state', 'invalidated');
    await page.getByTestId('focus-toggle').click();
    await expect(page.getByTestId('graph')).toHaveAttribute('data-focus', 'b3');
  },
  'export menu': async (page) => {
    await openFresh(page);
    await page.getByTestId('export').click();
    await expect(page.getByTestId('export-clair')).toBeVisible();
  },
  help: async (page) => {
    await openFresh(page);
    await page.keyboard.press('F1');
    await expect(page.getByTestId('help-panel')).toBeVisible();
  },
  share: async (page) => {
    await openFresh(page);
    await page.getByTestId('share').click();
    await expect(page.getByTestId('share-link')).toHaveValue(/#share=/);
  },
  'live sharing': async (page) => {
    await openFresh(page);
    await page.getByTestId('team').click();
    await expect(page.getByTestId('team-server')).toBeVisible();
  },
  'empty document': async (page) => {
    await openFresh(page);
    await page.getByTestId('new-document').click();
    await page.getByTestId('new-clair').click();
    await expect(page.getByTestId('empty-document')).toBeVisible();
  },
  gaia: async (page) => {
    await openFresh(page, 'pendulum_period.py');
    await expect.poll(async () => node(page, 'small_angle').getAttribute('data-belief')).not.toBe('');
    await node(page, 'small_angle').click();
    await expect(page.getByTestId('inspector')).toHaveAttribute('data-selected', 'small_angle');
  },
  proposal: async (page) => {
    await openFresh(page);
    await page.getByTestId('samples').click();
    await page.getByTestId('sample-release-readiness.json').click();
    await expect(page.getByTestId('proposal-view')).toBeVisible();
    await expect(page.getByTestId('prove-run')).toBeEnabled({ timeout: 60_000 });
    await page.getByTestId('prove-run').click();
    await expect(page.getByTestId('verdict')).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
  },
};

/**
 * Outside the WCAG tags, the best-practice rules behind the issue's list: a top-level
 * heading, no control named by its title alone, one main landmark and all content in landmarks.
 */
const STRUCTURE_RULES = ['page-has-heading-one', 'label-title-only', 'landmark-one-main', 'region', 'heading-order'];

const report = (found: readonly Finding[]) => found.map((f) => `${f.impact} ${f.rule} ×${f.nodes}\n${f.targets.map((t) => `    ${t}`).join('\n')}`).join('\n');

for (const theme of ['dark', 'light'] as const) {
  test.describe(`${theme} theme`, () => {
    // The page follows the system's colour scheme until the toggle says otherwise.
    test.use({ colorScheme: theme });
    for (const [view, open] of Object.entries(VIEWS)) {
      test(`axe: no serious or critical violation on the ${view} view`, async ({ page }) => {
        await open(page);
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
        if (view !== 'proposal') await settled(page);
        await shot(page, `axe-${theme}-${view.replace(' ', '-')}`);
        const { serious, structure } = await axeFindings(page);
        // The counts asserted, the rule ids and elements printed when they are not zero.
        expect(serious.length, report(serious)).toBe(0);
        expect(structure).toEqual([]);
      });
    }
  });
}
