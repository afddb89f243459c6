import { describe, expect, it } from 'vitest';
import { generateTrace } from '../../bench/generateTrace.ts';
import { analyzeClair } from '../../src/core/clair/analyzeClair.ts';

describe('generated traces', () => {
  it('are valid, deterministic and of the requested size', () => {
    const text = generateTrace(2000);
    expect(generateTrace(2000)).toBe(text);
    const a = analyzeClair(text);
    expect(a.graph.nodes.length).toBe(2000);
    expect(a.diagnostics.filter((d) => d.severity !== 'info')).toEqual([]);
  });
});
