/**
 * `observe(distribution, value=..., error=...)`: a measurement of a continuous (or
 * discrete) quantity declared as a Distribution — the quantity-with-predicate surface,
 * beside `observe(variable, ...)` for bayes.compare. Gaia records it as a fresh claim,
 * "Observed T_c = 203 +/- 5" (no closing period, unlike a variable's), whose metadata
 * holds the same observation schema with the distribution as its target and the value
 * as a float. The measurement is not fed into anything: a predicate over the
 * distribution still takes its prior from the distribution's own CDF.
 */
import { pyFloat } from '../../text/pythonJson.ts';
import type { ArgValue } from '../callArguments.ts';
import type { Knowledge } from '../gaiaObjects.ts';
import { metaDict } from '../gaiaObjects.ts';
import type { GaiaRuntime, VerbCall } from '../gaiaRuntime.ts';
import type { GValue } from '../gaiaValues.ts';
import { describeValue } from '../gaiaValues.ts';
import { pyStr } from '../pythonSemantics.ts';
import type { BayesDistribution } from './bayesObjects.ts';
import { hasVariableParameter, VARIABLE_IN_METADATA } from './bayesObjects.ts';
import { pyTypeName } from '../pythonTypeName.ts';
import { anonymousNoise, distributionDescriptor, formatGeneral, noiseText, unitSuffix } from './observeVariable.ts';
import { pythonStrRepr } from '../../text/pythonRepr.ts';
import { formatUnits } from '../units/pintUnits.ts';
import { convertQuantity, noiseUnitProblem } from '../units/quantityValues.ts';

const pyRepr = (v: GValue): string => pyStr(v, true) ?? describeValue(v);

/**
 * A value or error as Gaia takes one here: a bare number for a unitless target, a quantity
 * converted into the target's unit for a unit-bearing one (a bool is refused); null after a report.
 */
function scalar(rt: GaiaRuntime, target: BayesDistribution, arg: ArgValue, role: 'value' | 'error'): number | null {
  const v = arg.value;
  const unit = target.unit ?? null;
  const name = pythonStrRepr(targetName(target));
  if (v.t === 'quantity') {
    if (unit === null) {
      rt.report(
        'bad-argument',
        `TypeError: observe(distribution, ${role}=...) is a unit-typed Quantity but the target distribution ${name} is unitless. Pass a bare scalar ${role} or attach a unit to the distribution by passing Quantity-typed parameters.`,
        arg.range,
      );
      return null;
    }
    return convertQuantity(rt, v, unit, arg.range, `observe(distribution, ${role}=...) unit ${formatUnits(v.units)} is not compatible with the target distribution unit '${unit}'`);
  }
  if (v.t === 'num') {
    if (unit !== null) {
      rt.report(
        'bad-argument',
        `TypeError: observe(distribution, ${role}=...) must be a Quantity in '${unit}' because the target distribution ${name} carries that unit; got bare scalar ${pyRepr(v)}.`,
        arg.range,
      );
      return null;
    }
    return v.v;
  }
  if (v.t !== 'opaque') rt.report('bad-argument', `observe(distribution, ${role}=...) must be a numeric scalar or a gaia.unit.Quantity, got ${pyTypeName(v)}: ${pyRepr(v)}.`, arg.range);
  return null;
}

/** The noise: none, a Distribution as given, or a positive scalar as Gaia's anonymous Normal; undefined after a report. */
function noiseOf(rt: GaiaRuntime, target: BayesDistribution, arg: ArgValue | undefined): BayesDistribution | null | undefined {
  if (!arg || arg.value.t === 'none') return null;
  if (arg.value.t === 'distribution') {
    const problem = noiseUnitProblem('observe(distribution, error=<Distribution>)', arg.value.d.unit ?? null, target.unit ?? null, `the target distribution ${pythonStrRepr(targetName(target))}`);
    if (problem) {
      rt.report('bad-argument', problem, arg.range);
      return undefined;
    }
    return arg.value.d;
  }
  const sigma = scalar(rt, target, arg, 'error');
  if (sigma === null) return undefined;
  if (sigma <= 0) {
    rt.report('bad-argument', `observe(distribution, error=sigma) requires sigma > 0, got ${pyRepr(arg.value)}.`, arg.range);
    return undefined;
  }
  return anonymousNoise(sigma, target.unit ?? null);
}

function targetName(target: BayesDistribution): string {
  return target.label || [...target.content].slice(0, 40).join('');
}

/** The observation claim for a Distribution target; null after a report. */
export function distributionObservationClaim(rt: GaiaRuntime, call: VerbCall, target: BayesDistribution, valueArg: ArgValue, errorArg: ArgValue | undefined): Knowledge | null {
  const value = scalar(rt, target, valueArg, 'value');
  if (value === null) return null;
  const noise = noiseOf(rt, target, errorArg);
  if (noise === undefined) return null;
  const unit = target.unit ?? null;
  const content = `Observed ${targetName(target)} = ${formatGeneral(value)}${unitSuffix(unit)}${noiseText(noise, unit)}`;
  const metadata = metaDict({
    observation: metaDict({
      target: distributionDescriptor(target),
      value: pyFloat(value),
      noise: noise ? distributionDescriptor(noise) : null,
      unit,
      kind: 'observation',
    }),
  });
  // Unlike a variable's, the claim takes no label from label=: that names the observe action only.
  const claim = rt.newKnowledge('claim', content, metadata, call);
  if (hasVariableParameter(target) || hasVariableParameter(noise)) VARIABLE_IN_METADATA.add(claim);
  return claim;
}
