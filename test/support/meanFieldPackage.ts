/**
 * A generated Gaia package big enough that Gaia's `auto` runs mean field (more than 2000
 * factor-graph variables): `claims` claims, about half with a prior, joined by derive
 * (two premises: a conjunction and an implication helper), infer (a conditional),
 * contradict, equal and observe, each reaching a few claims back. Deterministic: the
 * same size gives the same text on every machine, so Gaia's beliefs for it can be
 * committed (test/fixtures/mean-field/) and the text regenerated here.
 */

/** mulberry32, inlined so the fixture does not move when bench/ changes. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const MEAN_FIELD_PACKAGE = { namespace: 'demo', package: 'mf_large' } as const;

/** The package's __init__.py. */
export function meanFieldPackageText(claims: number, seed = 2026): string {
  const random = seeded(seed + claims);
  const pick = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));
  const back = (i: number) => Math.max(0, i - pick(1, 6));
  const probability = () => (0.05 + 0.9 * random()).toFixed(2);
  const lines = [`"""${claims} generated claims: a graph Gaia hands to mean field."""`, '', 'from gaia.engine.lang import claim, contradict, derive, equal, infer, observe', ''];
  for (let i = 0; i < claims; i++) {
    const prior = random() < 0.5 ? `, prior=${probability()}` : '';
    lines.push(`c${i} = claim("Site ${i} shows the signal."${prior})`);
    if (i < 2) continue;
    const roll = random();
    if (roll < 0.3) {
      const a = back(i);
      let b = back(i);
      if (b === a) b = Math.max(0, a - 1);
      const given = a === b ? `c${a}` : `c${a}, c${b}`;
      lines.push(`derive(c${i}, given=[${given}], rationale="Site ${i} follows.")`);
    } else if (roll < 0.6) {
      lines.push(`infer(c${i}, hypothesis=c${back(i)}, p_e_given_h=${probability()}, p_e_given_not_h=${probability()}, rationale="Site ${i} bears on it.")`);
    } else if (roll < 0.66) {
      lines.push(`observe(c${i}, rationale="Site ${i} was seen.")`);
    } else if (roll < 0.72) {
      lines.push(`contradict(c${i}, c${back(i)}, rationale="Not both.")`);
    } else if (roll < 0.76) {
      lines.push(`equal(c${i}, c${back(i)}, rationale="The same signal.")`);
    }
  }
  return `${lines.join('\n')}\n`;
}

/** The package's files, for writing it out as a folder (Gaia's oracle reads one). */
export function meanFieldPackageFiles(claims: number): Map<string, string> {
  const { namespace, package: name } = MEAN_FIELD_PACKAGE;
  return new Map([
    ['pyproject.toml', `[project]\nname = "${name.replace(/_/g, '-')}-gaia"\nversion = "1.0.0"\n\n[tool.gaia]\ntype = "knowledge-package"\nnamespace = "${namespace}"\n`],
    [`src/${name}/__init__.py`, meanFieldPackageText(claims)],
  ]);
}
