/**
 * The themes' colours hold WCAG AA (4.5:1 for text) where they are drawn: every Monaco
 * token and line number against the editor's ground and current-line highlight, and the
 * page's text colours (styles.css variables) against the grounds they sit on, in both
 * themes. axe checks what a page shows; this checks every colour, shown or not.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EDITOR_COLOURS, TOKENS } from '../../src/app/monaco/themeColours.ts';
import type { Theme } from '../../src/app/theme/themePreference.ts';

const THEMES: readonly Theme[] = ['dark', 'light'];

function luminance(hex: string): number {
  const h = hex.replace('#', '');
  const full = h.length === 3 ? [...h].map((c) => c + c).join('') : h.slice(0, 6);
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16) / 255).map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

/** The variables of one theme's block in styles.css. */
function palette(theme: Theme): Record<string, string> {
  const css = readFileSync(new URL('../../src/app/styles.css', import.meta.url), 'utf8');
  const head = theme === 'dark' ? ":root, :root[data-theme='dark'] {" : ":root[data-theme='light'] {";
  const start = css.indexOf(head);
  expect(start).toBeGreaterThanOrEqual(0);
  const block = css.slice(start + head.length, css.indexOf('}', start));
  return Object.fromEntries([...block.matchAll(/(--[\w-]+):\s*(#[0-9a-fA-F]{3,6})\s*;/g)].map((m) => [m[1]!, m[2]!]));
}

/** Text colour → the grounds it is drawn on. */
const TEXT_ON: Record<string, readonly string[]> = {
  '--text': ['--bg', '--panel', '--panel-2', '--sunken', '--hover', '--node-bg'],
  '--text-soft': ['--panel', '--node-bg'],
  '--text-dim': ['--panel', '--panel-2', '--graph-bg', '--node-bg-helper'],
  // Also the text of a refuted, invalidated or retracted node, on its receding ground.
  '--muted': ['--bg', '--panel', '--panel-2', '--sunken', '--node-bg-helper'],
  '--accent': ['--panel', '--node-bg'],
  '--error': ['--panel', '--panel-2'],
  '--warning': ['--panel', '--panel-2'],
  '--info': ['--panel', '--node-bg'],
  '--link': ['--panel'],
  '--purple': ['--node-bg', '--panel'],
  '--teal': ['--panel'],
  '--posterior': ['--node-bg'],
  '--chip-fg': ['--chip-bg'],
  '--badge-error-fg': ['--badge-error-bg'],
  '--badge-warning-fg': ['--badge-warning-bg'],
  '--danger-fg': ['--danger-bg'],
  '--on-accent': ['--accent-strong'],
  '--band-speculative': ['--node-bg', '--panel'],
  '--band-probable': ['--node-bg', '--panel'],
  '--band-likely': ['--node-bg', '--panel'],
  '--band-strong': ['--node-bg', '--panel'],
  '--on-band': ['--band-speculative', '--band-probable', '--band-likely', '--band-strong'],
};

describe.each(THEMES)('the %s theme', (theme) => {
  const colours = EDITOR_COLOURS[theme];
  const grounds = [colours['editor.background']!, colours['editor.lineHighlightBackground']!];

  it('every editor token keeps 4.5:1 on the ground and the current line', () => {
    for (const [token, dark, light] of TOKENS) {
      for (const ground of grounds) expect(contrast(theme === 'dark' ? dark : light, ground), `${token} on ${ground}`).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('line numbers, the dimmed one too, keep 4.5:1', () => {
    for (const key of ['editorLineNumber.foreground', 'editorLineNumber.activeForeground', 'editorLineNumber.dimmedForeground']) {
      expect(contrast(colours[key]!, colours['editorGutter.background']!), key).toBeGreaterThanOrEqual(4.5);
    }
  });

  it("the page's text colours keep 4.5:1 on their grounds", () => {
    const vars = palette(theme);
    for (const [text, on] of Object.entries(TEXT_ON)) {
      for (const ground of on) {
        expect(vars[text], text).toBeDefined();
        expect(vars[ground], ground).toBeDefined();
        expect(contrast(vars[text]!, vars[ground]!), `${text} ${vars[text]} on ${ground} ${vars[ground]}`).toBeGreaterThanOrEqual(4.5);
      }
    }
  });
});
