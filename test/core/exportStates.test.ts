/**
 * Lifecycle states in the graph exports (issue 15, item 4): one table of states, each
 * checked in the SVG (colour, stripes, strike-through, fading, the ✎ mark, the legend),
 * the DOT attributes and the GraphML keys; states come from a log folded by the session
 * model (statesOfLog), as `warrant export --ops` folds it.
 */
import { describe, expect, it } from 'vitest';
import { analyzeDocument } from '../../src/core/analysis/analyzeDocument.ts';
import { exportDot } from '../../src/core/export/exportDot.ts';
import { exportGraphml } from '../../src/core/export/exportGraphml.ts';
import { exportSvg } from '../../src/core/export/exportSvg.ts';
import { STATE_STYLES } from '../../src/core/export/stateStyles.ts';
import { buildDependencyIndex } from '../../src/core/oplog/dependencyIndex.ts';
import type { LifecycleState } from '../../src/core/oplog/lifecycle.ts';
import { addressedAppender } from '../support/addressedLog.ts';
import type { UserAction } from '../../src/core/oplog/userAction.ts';
import { commitAction, invalidationsOf } from '../../src/core/session/sessionActions.ts';
import type { AddressedOperation } from '../../src/core/session/sessionModel.ts';
import { foldSession } from '../../src/core/session/sessionModel.ts';
import { NO_STATES, statesOfLog } from '../../src/core/session/sessionStates.ts';
import { allElements, parseXml } from '../cli/support/wellFormedXml.ts';
import { CONTRACT_TRACE } from '../support/contractTrace.ts';
import { readPicture } from '../support/svgPicture.ts';

/** The log a person's actions make, committed one by one as `warrant cascade` commits them. */
function logOf(text: string, actions: readonly UserAction[]): AddressedOperation[] {
  const index = buildDependencyIndex(analyzeDocument(text, 'clair', 1).graph);
  const log: AddressedOperation[] = [];
  const append = addressedAppender(log);
  for (const action of actions) {
    const commit = commitAction(foldSession(index, log), action);
    if (!commit.ok) throw new Error(commit.message);
    const cause = append(commit.body);
    for (const inv of invalidationsOf(commit, cause)) append(inv);
  }
  return log;
}

// The contract trace: b2 refuted (b4, b6, b7 fall), b5 corrected to .4, b3 retracted (b6 rests on it too).
const ACTIONS: UserAction[] = [
  { kind: 'refute', target: 'b2', source: 'cli' },
  { kind: 'correct', target: 'b5', value: 0.4, source: 'cli' },
  { kind: 'retract', target: 'b3', source: 'cli' },
];
const analysis = analyzeDocument(CONTRACT_TRACE, 'clair', 1);
const input = { graph: analysis.graph, derived: analysis.derived, diagnostics: analysis.diagnostics };
const { states, skipped } = statesOfLog(analysis.graph, logOf(CONTRACT_TRACE, ACTIONS));
const positions = Object.fromEntries(analysis.graph.nodes.map((n, i) => [n.id, { x: (i % 3) * 260, y: Math.floor(i / 3) * 130 }]));

interface Row {
  readonly id: string;
  readonly state: LifecycleState;
  /** The node's frame fill in the SVG: a colour, or the stripes. */
  readonly fill: string;
  readonly struck: boolean;
  readonly faded: boolean;
  readonly badge: string | null;
  /** What DOT's label says of it, besides the id. */
  readonly dotLabel: string;
}

const TABLE: readonly Row[] = [
  { id: 'b1', state: 'active', fill: '#ddf3e4', struck: false, faded: false, badge: null, dotLabel: 'b1  1  L0  @user' },
  { id: 'b2', state: 'refuted', fill: 'url(#state-hatch)', struck: true, faded: false, badge: 'refuted', dotLabel: 'b2  0.9  L0  @file:cron.txt  [refuted]' },
  { id: 'b3', state: 'retracted', fill: '#e4e7eb', struck: false, faded: true, badge: 'retracted', dotLabel: 'b3  0.9  L0  @self  [retracted]' },
  { id: 'b4', state: 'invalidated', fill: '#e0eefc', struck: false, faded: true, badge: 'invalidated', dotLabel: 'b4  0.8  L0  @self  [invalidated]' },
  { id: 'b5', state: 'corrected', fill: '#fdf0d5', struck: false, faded: false, badge: '✎ corrected', dotLabel: 'b5  0.9 ✎ 0.4  L0  @self  [✎ corrected]' },
  { id: 'b6', state: 'invalidated', fill: '#e0eefc', struck: false, faded: true, badge: 'invalidated', dotLabel: 'b6  0.7  L0  @self  [invalidated]' },
  { id: 'b7', state: 'invalidated', fill: '#fdf0d5', struck: false, faded: true, badge: 'invalidated', dotLabel: 'b7  0.6  L0  @self  [invalidated]' },
];

describe('states from a log', () => {
  it('are the session model’s: every op applies, each belief gets its state, the correction its value', () => {
    expect(skipped).toEqual([]);
    expect(Object.fromEntries(TABLE.map((r) => [r.id, states.states.get(r.id) ?? 'active']))).toEqual(Object.fromEntries(TABLE.map((r) => [r.id, r.state])));
    expect([...states.states.values()]).not.toContain('active');
    expect([...states.corrected]).toEqual([['b5', 0.4]]);
  });
});

describe('SVG with states', () => {
  const svg = exportSvg({ graph: analysis.graph, derived: analysis.derived, positions, states });
  const picture = readPicture(svg);
  const byId = new Map(picture.nodes.map((n) => [n.id, n]));

  for (const row of TABLE) {
    it(`${row.id} ${row.state}`, () => {
      const n = byId.get(row.id)!;
      expect(n.state).toBe(row.state);
      const frame = n.group.children.find((c) => c.name === 'rect')!;
      expect(frame.attributes.fill).toBe(row.fill);
      const struck = n.group.children.filter((c) => c.name === 'text' && c.attributes['text-decoration'] === 'line-through').map((t) => t.text);
      expect(struck.length > 0).toBe(row.struck);
      if (row.struck) expect(struck).toContain(row.id);
      expect(n.group.attributes.opacity !== undefined).toBe(row.faded);
      if (row.faded) expect(Number(n.group.attributes.opacity)).toBe(STATE_STYLES[row.state].opacity);
      if (row.badge) expect(n.texts).toContain(row.badge);
      else for (const s of ['refuted', 'invalidated', '✎ corrected', 'retracted']) expect(n.texts).not.toContain(s);
    });
  }

  it('shows the corrected value after the stated one struck through, and bands it', () => {
    const b5 = byId.get('b5')!;
    const value = b5.group.children.find((c) => c.name === 'text' && c.attributes['text-anchor'] === 'end')!;
    expect(value.children.map((t) => [t.text, t.attributes['text-decoration']])).toEqual([['0.9', 'line-through']]);
    expect(value.text).toBe(' ✎ 0.4');
    expect(b5.group.attributes['data-band']).toBe('probable');
    expect(allElements(b5.group).find((e) => e.name === 'title')!.text).toContain('corrected to 0.4');
  });

  it('defines the stripes once and a legend of exactly the states shown', () => {
    expect(svg.match(/<pattern id="state-hatch"/g)).toHaveLength(1);
    const legend = allElements(picture.root).find((e) => e.attributes.class === 'state-legend')!;
    // The corrected swatch carries the ✎ mark itself.
    expect(
      allElements(legend)
        .filter((e) => e.name === 'text')
        .map((t) => t.text),
    ).toEqual(['refuted (struck through)', 'invalidated (faded)', '✎', 'corrected (✎ new value)', 'retracted']);
    // Room was made for it: nodes start below it.
    expect(Math.min(...picture.nodes.map((n) => n.y))).toBeGreaterThanOrEqual(44 + 22 + 24);
  });

  it('without states: no legend row, no stripes, every node active (the picture as before)', () => {
    const plain = exportSvg({ graph: analysis.graph, derived: analysis.derived, positions });
    expect(plain).toBe(exportSvg({ graph: analysis.graph, derived: analysis.derived, positions, states: NO_STATES }));
    expect(plain).not.toContain('state-legend');
    expect(plain).not.toContain('<pattern');
    expect(new Set(readPicture(plain).nodes.map((n) => n.state))).toEqual(new Set(['active']));
  });
});

describe('DOT with states', () => {
  const dot = exportDot(input, states);
  const statement = (id: string) => dot.split('\n').find((l) => l.startsWith(`  "${id}" [`))!;

  for (const row of TABLE) {
    it(`${row.id} ${row.state}`, () => {
      const s = statement(row.id);
      expect(s).toContain(`state="${row.state}"`);
      expect(s).toContain(`label="${row.dotLabel}\\n`);
      const style = STATE_STYLES[row.state];
      if (style.colours) expect(s).toContain(`color="${style.colours.stroke}`);
      // Faded states carry an alpha Graphviz reads (#RRGGBBAA).
      expect(/fillcolor="#[0-9a-f]{8}"/.test(s)).toBe(row.faded);
      expect(s.includes('style="rounded,filled,dashed"')).toBe(row.state === 'invalidated' || row.state === 'retracted');
    });
  }

  it('gives the corrected value an attribute of its own, and no state means every node active', () => {
    expect(statement('b5')).toContain('corrected="0.4"');
    expect(dot.match(/corrected="/g)).toHaveLength(1);
    expect(exportDot(input).match(/state="active"/g)).toHaveLength(7);
  });
});

describe('GraphML with states', () => {
  const root = parseXml(exportGraphml(input, states));
  const data = (id: string) =>
    Object.fromEntries(
      allElements(root)
        .find((e) => e.name === 'node' && e.attributes.id === id)!
        .children.map((d) => [d.attributes.key!, d.text]),
    );

  it('declares state and corrected keys', () => {
    const keys = root.children.filter((c) => c.name === 'key').map((k) => [k.attributes.id, k.attributes.for, k.attributes['attr.type']]);
    expect(keys).toContainEqual(['state', 'node', 'string']);
    expect(keys).toContainEqual(['corrected', 'node', 'double']);
  });

  for (const row of TABLE) {
    it(`${row.id} ${row.state}`, () => {
      expect(data(row.id).state).toBe(row.state);
      expect(data(row.id).corrected).toBe(row.state === 'corrected' ? '0.4' : undefined);
    });
  }
});
