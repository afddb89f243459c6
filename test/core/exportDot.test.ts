import { describe, expect, it } from 'vitest';
import { analyzeDocument } from '../../src/core/analysis/analyzeDocument.ts';
import { dotString, exportDot } from '../../src/core/export/exportDot.ts';
import { UNICODE_CONTENT, UNICODE_TRACE } from '../cli/support/unicodeTrace.ts';

/**
 * A reader for the statements exportDot writes: `"id" [k="v", …];` and `"a" -> "b"…;`.
 * Strings are read with DOT's escaping rules, so a broken escape makes it fail.
 */
function readDot(dot: string) {
  const lines = dot.trimEnd().split('\n');
  expect(lines[0]).toBe('digraph warrant {');
  expect(lines.at(-1)).toBe('}');
  const STRING = String.raw`"((?:[^"\\]|\\.)*)"`;
  const unescapeDot = (s: string) => s.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));
  const nodes = new Map<string, Record<string, string>>();
  const edges: [string, string][] = [];
  for (const line of lines.slice(1, -1)) {
    const edge = new RegExp(`^\\s*${STRING} -> ${STRING}( \\[style=dashed\\])?;$`).exec(line);
    if (edge) {
      edges.push([unescapeDot(edge[1]!), unescapeDot(edge[2]!)]);
      continue;
    }
    const node = new RegExp(`^\\s*${STRING} \\[(.*)\\];$`).exec(line);
    if (node && !['graph', 'node', 'edge'].includes(line.trim().split(' ')[0]!)) {
      const attrs: Record<string, string> = {};
      const attr = new RegExp(`(\\w+)=${STRING}(, |$)`, 'gy');
      let m: RegExpExecArray | null;
      let consumed = 0;
      while ((m = attr.exec(node[2]!))) {
        attrs[m[1]!] = unescapeDot(m[2]!);
        consumed = attr.lastIndex;
      }
      expect(consumed).toBe(node[2]!.length);
      nodes.set(unescapeDot(node[1]!), attrs);
      continue;
    }
    expect(line).toMatch(/^\s*(graph|node|edge) \[.*\];$/);
  }
  return { nodes, edges };
}

describe('exportDot', () => {
  it('escapes strings so any content comes back exactly (tooltip)', () => {
    const a = analyzeDocument(UNICODE_TRACE, 'clair', 1);
    const dot = exportDot({ graph: a.graph, derived: a.derived, diagnostics: a.diagnostics });
    const { nodes, edges } = readDot(dot);
    expect([...nodes.keys()]).toEqual(['b1', 'b2', 'b3']);
    for (const [id, content] of Object.entries(UNICODE_CONTENT)) expect(nodes.get(id)!.tooltip).toBe(content);
    expect(edges).toEqual([
      ['b1', 'b2'],
      ['b2', 'b3'],
    ]);
    const label = nodes.get('b2')!.label ?? '';
    expect(label).toContain('@file:docs/a&b.md');
    expect(label.split('\n')[0]).toMatch(/\?$/);
    expect(dot).toContain('🚀👩‍💻');
  });

  it('draws broken lines dashed and their edges dashed', () => {
    const a = analyzeDocument('b1 .5 L0 @user "a"\nb2 .5 L0 @self <b1 "oops\n', 'clair', 1);
    const { nodes } = readDot(exportDot({ graph: a.graph, derived: a.derived, diagnostics: a.diagnostics }));
    expect(nodes.get('b2')!.style).toBe('rounded,filled,dashed');
  });

  it('dotString escapes backslashes, quotes and line breaks', () => {
    expect(dotString('a"b')).toBe(String.raw`"a\"b"`);
    expect(dotString(String.raw`c:\l\N`)).toBe(String.raw`"c:\\l\\N"`);
    expect(dotString('x\ny')).toBe(String.raw`"x\ny"`);
    expect(dotString('ends with \\')).toBe(String.raw`"ends with \\"`);
  });
});
