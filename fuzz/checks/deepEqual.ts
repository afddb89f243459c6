/** Structural equality with the path of the first difference (for a divergence's message). */

/** Null when equal; else where and how `a` and `b` first differ. */
export function firstDifference(a: unknown, b: unknown, path = ''): string | null {
  if (a === b) return null;
  if (typeof a === 'number' && typeof b === 'number' && Number.isNaN(a) && Number.isNaN(b)) return null;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return `${path || '(top)'}: ${show(a)} vs ${show(b)}`;
  if (Array.isArray(a) !== Array.isArray(b)) return `${path}: array vs object`;
  if (a instanceof Map || b instanceof Map) {
    if (!(a instanceof Map && b instanceof Map)) return `${path}: Map vs not`;
    if (a.size !== b.size) return `${path}: ${a.size} entries vs ${b.size}`;
    for (const [k, v] of a) {
      if (!b.has(k)) return `${path}{${String(k)}}: missing on the right`;
      const d = firstDifference(v, b.get(k), `${path}{${String(k)}}`);
      if (d) return d;
    }
    return null;
  }
  if (Array.isArray(a)) {
    const bb = b as unknown[];
    const n = Math.min(a.length, bb.length);
    for (let i = 0; i < n; i++) {
      const d = firstDifference(a[i], bb[i], `${path}[${i}]`);
      if (d) return d;
    }
    return a.length === bb.length ? null : `${path}: length ${a.length} vs ${bb.length}${a.length > n ? `; extra ${show(a[n])}` : `; extra ${show(bb[n])}`}`;
  }
  const ka = Object.keys(a).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
  const kb = Object.keys(b).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
  for (const k of ka) {
    if (!kb.includes(k)) return `${path}.${k}: present vs absent (${show((a as Record<string, unknown>)[k])})`;
    const d = firstDifference((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], `${path}.${k}`);
    if (d) return d;
  }
  for (const k of kb) if (!ka.includes(k)) return `${path}.${k}: absent vs present (${show((b as Record<string, unknown>)[k])})`;
  return null;
}

function show(v: unknown): string {
  const s = typeof v === 'string' ? JSON.stringify(v) : typeof v === 'number' || typeof v === 'boolean' || v == null ? String(v) : JSON.stringify(v);
  return s === undefined ? String(v) : s.length > 120 ? s.slice(0, 117) + '…' : s;
}
