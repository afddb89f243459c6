/**
 * Generated Gaia packages for the inference benchmark: `claims` claims, about 60% with a
 * prior, joined by derive, infer, observe, contradict and equal as an author would write
 * them. Each action reaches at most eight claims back, so the factor graph stays narrow
 * (small treewidth) however long the package is — the shape of real evidence chains,
 * and what lets the junction tree run on it as Gaia's `auto` would.
 *
 * The last two statements are a claim with a prior (`pivot`) and a derive that uses it:
 * the browser benchmark types into that prior and watches the posteriors move.
 * Deterministic: the same size gives the same text.
 */
import { mulberry32 } from './seededRandom.ts';

export function generateGaiaPackage(claims: number, seed = 7): string {
  const random = mulberry32(seed + claims);
  const pick = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));
  const back = (i: number) => Math.max(0, i - pick(1, 8));
  const probability = () => (0.1 + 0.8 * random()).toFixed(2);
  const lines: string[] = [`"""A generated package of ${claims} claims for the inference benchmark."""`, '', 'from gaia.engine.lang import claim, contradict, derive, equal, infer, observe', ''];
  for (let i = 0; i < claims; i++) {
    const prior = random() < 0.6 ? `, prior=${probability()}` : '';
    lines.push(`c${i} = claim("Finding ${i}: the measured rate in cohort ${i} exceeds the baseline."${prior})`);
    if (i < 2) continue;
    const roll = random();
    if (roll < 0.35) {
      const a = back(i);
      const b = back(i);
      const given = a === b ? `c${a}` : `c${a}, c${b}`;
      lines.push(`derive(c${i}, given=[${given}], rationale="Finding ${i} follows from the earlier cohorts.")`);
    } else if (roll < 0.55) {
      lines.push(`infer(c${i}, hypothesis=c${back(i)}, p_e_given_h=${probability()}, p_e_given_not_h=${probability()}, rationale="Cohort ${i} is evidence about an earlier finding.")`);
    } else if (roll < 0.63) {
      lines.push(`observe(c${i}, rationale="Cohort ${i} was measured directly.")`);
    } else if (roll < 0.69) {
      lines.push(`contradict(c${i}, c${back(i)}, rationale="The two cohorts cannot both exceed the baseline.")`);
    } else if (roll < 0.73) {
      lines.push(`equal(c${i}, c${back(i)}, rationale="The two cohorts measure the same rate.")`);
    }
  }
  lines.push(`pivot = claim("The assay was calibrated before every cohort.", prior=0.55)`);
  lines.push(`derive(c${claims - 1}, given=[pivot, c${Math.max(0, claims - 2)}], rationale="A calibrated assay carries the last finding.")`);
  return `${lines.join('\n')}\n`;
}
