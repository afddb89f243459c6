/**
 * export(*items): the names for a root `__all__`. A string is itself; a knowledge object
 * is the one public module name bound to it (Gaia looks it up in the caller's globals).
 */
import type { GValue } from '../gaiaValues.ts';
import { OPAQUE, describeValue } from '../gaiaValues.ts';
import type { VerbImpl } from './verbTypes.ts';

export const exportVerb: VerbImpl = (rt, call) => {
  const b = rt.bind(call, { varArgs: true });
  if (!b) return OPAQUE;
  const names: GValue[] = [];
  const seen = new Set<string>();
  for (const item of b.varArgs) {
    let name: string;
    if (item.value.t === 'str') name = item.value.v;
    else if (item.value.t === 'knowledge') {
      const k = item.value.k;
      const matches = [...rt.globals].filter(([n, v]) => v.t === 'knowledge' && v.k === k && !n.startsWith('_')).map(([n]) => n);
      if (matches.length !== 1) {
        rt.report(
          'export-error',
          matches.length === 0
            ? 'export() could not find a public module name for this object; pass the name as a string'
            : `export() found several names for the same object: ${matches.sort().join(', ')}; pass the intended name as a string`,
          item.range,
        );
        return OPAQUE;
      }
      name = matches[0]!;
    } else {
      if (item.value.t !== 'opaque') rt.report('export-error', `export() entries must be names or Gaia knowledge objects, got ${describeValue(item.value)}`, item.range);
      return OPAQUE;
    }
    if (seen.has(name)) {
      rt.report('export-error', `export() received the name '${name}' twice`, item.range);
      return OPAQUE;
    }
    seen.add(name);
    names.push({ t: 'str', v: name, range: item.range });
  }
  return { t: 'seq', items: names, tuple: false };
};
