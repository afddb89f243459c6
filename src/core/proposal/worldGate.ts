/**
 * The registry gate's second half: a proposal's declarations against its world's
 * registry (worldRegistry.ts). DS004 asks encoders to reuse registry symbols and never
 * invent synonyms; this is where a proposal that does either is stopped, with a message
 * naming both declarations — the proposal's and the world's.
 *
 * - Redeclaration: a name the world holds, declared with another kind or signature.
 *   The same signature is reuse, which is what DS004 wants.
 * - Synonym, by declared alias: the new name is listed as an alias of a world symbol,
 *   or the new declaration lists a world symbol (or another's alias) as its alias.
 * - Synonym, by name (HoloProof's near-duplicate rule made deterministic): names are
 *   compared lower-cased with everything but letters and digits removed. Sorts are
 *   synonyms when one such name contains the other (HoloProof compares sort names by
 *   containment alone); predicates and functions when, besides, kind and signature
 *   agree (through aliases); constants — individuals, whose names may well overlap —
 *   only when the compared names are equal (`Ana`, `ana`). Containment needs the shorter
 *   name to have at least MIN_CONTAINED characters, so `x` is no synonym of `max`.
 */
import type { GateReport } from './gateDiagnostics.ts';
import type { Declaration, FormalProposal } from './proposalTypes.ts';
import type { RegistryEntry, WorldRegistry } from './worldRegistry.ts';
import { entryText, sameShape, signatureOf, signatureText } from './worldRegistry.ts';

/** The shortest compared name that may count as contained in another. */
export const MIN_CONTAINED = 3;

/** A name as synonym detection compares it: lower case, letters and digits only. */
export function comparedName(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** Whether two names of the same kind of symbol look like one concept (rules above). */
export function similarNames(a: string, b: string, kind: Declaration['kind']): boolean {
  const x = comparedName(a);
  const y = comparedName(b);
  if (x === '' || y === '') return false;
  if (x === y) return true;
  if (kind === 'const') return false;
  const [short, long] = x.length <= y.length ? [x, y] : [y, x];
  return short.length >= MIN_CONTAINED && long.includes(short);
}

export function checkAgainstWorld(proposal: FormalProposal, registry: WorldRegistry, report: GateReport): void {
  if (registry.entries.size === 0) return;
  for (const d of proposal.declarations) {
    const sig = signatureOf(d);
    const here = signatureText(sig);
    const entry = registry.entries.get(sig.name);
    if (entry) {
      if (!sameShape(registry, entry, sig)) {
        report.error('registry-world-redeclared', `${here} redeclares ${sig.name}, which the world already has as ${entryText(entry)}`, d.name.range, sig.name);
      }
    } else {
      const target = registry.aliases.get(sig.name);
      if (target !== undefined) {
        report.error('registry-world-synonym', `${here} is a synonym of ${entryText(registry.entries.get(target)!)}: ${sig.name} is listed as its alias; use ${target}`, d.name.range, sig.name);
      } else {
        for (const near of nearSymbols(registry, sig)) {
          report.error(
            'registry-world-synonym',
            `${here} looks like a synonym of ${entryText(near)} (${synonymWhy(sig.kind)}); reuse ${near.name}, or name the new concept distinctly`,
            d.name.range,
            sig.name,
          );
        }
      }
    }
    for (const alias of d.aliases ?? []) {
      const held = registry.entries.get(alias.name);
      const aliasOf = registry.aliases.get(alias.name);
      if (held && held.name !== sig.name) {
        report.error('registry-world-synonym', `${here} lists ${alias.name} as an alias, but the world already has ${entryText(held)}; reuse it`, alias.range, sig.name);
      } else if (aliasOf !== undefined && aliasOf !== sig.name) {
        report.error(
          'registry-world-synonym',
          `${here} lists ${alias.name} as an alias, which the world already lists as an alias of ${entryText(registry.entries.get(aliasOf)!)}`,
          alias.range,
          sig.name,
        );
      }
    }
  }
}

/** World symbols a new declaration is a synonym of by name, in name order. */
function nearSymbols(registry: WorldRegistry, sig: ReturnType<typeof signatureOf>): RegistryEntry[] {
  const out: RegistryEntry[] = [];
  for (const e of registry.entries.values()) {
    if (e.kind !== sig.kind) continue;
    if (sig.kind !== 'sort' && !sameShape(registry, e, sig)) continue;
    if (similarNames(sig.name, e.name, sig.kind)) out.push(e);
  }
  return out.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

function synonymWhy(kind: Declaration['kind']): string {
  return kind === 'sort' ? 'one name contains the other' : kind === 'const' ? 'the same name but for case and punctuation' : 'same signature, and one name contains the other';
}
