/**
 * Numbers a double cannot hold, through the command line (issue 12, finding 6): a CLAIR
 * confidence of 400 digits is `confidence-range`, a Gaia prior of 1e999 `prior-range`,
 * and no JSON the CLI prints holds `Infinity`, `NaN` or a `null` where a number was
 * written (JSON.stringify turns Infinity into null).
 */
import { describe, expect, it } from 'vitest';
import { nonFiniteNumbers } from '../../fuzz/checks/ranges.ts';
import { runWarrant } from './support/runWarrant.ts';

const BIG = '1' + '0'.repeat(400);
const TRACE = `b1 ${BIG} L0 @user "a"\nb2 .5 L0 @user <b1 "b"\nb3 .5 L${'9'.repeat(400)} @self <b2 "c mentions b2"\n`;
/** Valid: 0.999…9 is below 1 whatever the double says. */
const VALID = `b1 0.${'9'.repeat(400)} L0 @user "a"\nb2 .5 L0 @user <b1 "b"\n`;

/** The numbers of every JSON value in `text` (one document, or JSON lines). */
function jsonValues(text: string): unknown[] {
  const trimmed = text.trim();
  try {
    return [JSON.parse(trimmed)];
  } catch {
    return trimmed
      .split('\n')
      .filter((l) => l.trim() !== '')
      .map((l) => JSON.parse(l));
  }
}

function expectNoNonNumbers(text: string): void {
  expect(text).not.toMatch(/Infinity|NaN/);
  for (const v of jsonValues(text)) expect(nonFiniteNumbers(v)).toEqual([]);
}

describe('numbers the text cannot represent, on the command line', () => {
  it('check --json: confidence-range on the 400-digit confidence, nothing else about it', async () => {
    const run = await runWarrant(['check', '--json', '--lang', 'clair', '-'], { input: TRACE });
    expect(run.code).toBe(1);
    const codes = JSON.parse(run.stdout).files[0].diagnostics.map((d: { code: string; line: number }) => `${d.line}:${d.code}`);
    expect(codes).toContain('1:confidence-range');
    expectNoNonNumbers(run.stdout);
  });

  it('export --to json: every confidence, derived and effective value is a finite number', async () => {
    const run = await runWarrant(['export', '--lang', 'clair', '-', '--to', 'json'], { input: TRACE });
    expectNoNonNumbers(run.stdout);
    const graph = JSON.parse(run.stdout);
    for (const n of graph.nodes) expect(typeof n.confidence, n.id).toBe('number');
  });

  it('export --to explanations and explain --json hold no Infinity or NaN', async () => {
    const explanations = await runWarrant(['export', '--lang', 'clair', '-', '--to', 'explanations'], { input: TRACE });
    expectNoNonNumbers(explanations.stdout);
    const explain = await runWarrant(['explain', '--lang', 'clair', '-', 'b2', '--json'], { input: TRACE });
    expectNoNonNumbers(explain.stdout);
  });

  it('infer --json on 0. and 400 nines: valid, every value a number', async () => {
    const run = await runWarrant(['infer', '--json', '--lang', 'clair', '-'], { input: VALID });
    expect(run.code).toBe(0);
    expectNoNonNumbers(run.stdout);
    const { beliefs } = JSON.parse(run.stdout);
    for (const b of beliefs) for (const k of ['stated', 'derived', 'effective']) expect(typeof b[k], `${b.id}.${k}`).toBe('number');
  });

  it('Gaia: a prior of 1e999 is prior-range, and the message spells it as Python does', async () => {
    const text = 'from gaia.engine.lang import claim\na = claim("A", prior=1e999)\n';
    const run = await runWarrant(['check', '--json', '--lang', 'gaia', '-'], { input: text });
    expect(run.code).toBe(1);
    const [d] = JSON.parse(run.stdout).files[0].diagnostics;
    expect(d).toMatchObject({ code: 'prior-range', line: 2 });
    expect(d.message).toMatch(/prior inf is outside/);
    expectNoNonNumbers(run.stdout);
  });
});
