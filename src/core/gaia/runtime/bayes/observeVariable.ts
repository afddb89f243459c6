/**
 * `observe(variable, value=..., error=...)`: the claim recording one measurement of an
 * observable, as Gaia's `_observe_variable` makes it — "Observed k = 295." with the value
 * and its noise (a scalar error is an anonymous Normal(0, σ)) kept for bayes.compare.
 */
import { pyFloat } from '../../text/pythonJson.ts';
import type { ArgValue } from '../callArguments.ts';
import type { Knowledge, MetaDict } from '../gaiaObjects.ts';
import { metaDict, newUid } from '../gaiaObjects.ts';
import type { GaiaRuntime, VerbCall } from '../gaiaRuntime.ts';
import type { GValue } from '../gaiaValues.ts';
import { describeValue } from '../gaiaValues.ts';
import { formatUnits } from '../units/pintUnits.ts';
import { convertQuantity, noiseUnitProblem } from '../units/quantityValues.ts';
import { pyStr } from '../pythonSemantics.ts';
import { pyTypeName } from '../pythonTypeName.ts';
import type { BayesDistribution, BayesVariable, WrittenNumber } from './bayesObjects.ts';
import { hasVariableParameter, heldDistribution, liveVariableDescriptor, OBSERVATIONS, VARIABLE_IN_METADATA } from './bayesObjects.ts';

function reprOf(n: WrittenNumber): string {
  return n.isFloat && Number.isInteger(n.value) ? `${n.value}.0` : String(n.value);
}

/** The observed value, checked against the variable's domain as Gaia checks it. */
function observedValue(rt: GaiaRuntime, target: BayesVariable, arg: ArgValue): WrittenNumber | null {
  const written = inTargetUnit(rt, target, arg, 'value');
  if (written === null) return null;
  const v = written;
  if (v.t !== 'num') {
    if (v.t !== 'opaque') rt.report('bad-argument', `observe(variable, value=...) must be a numeric scalar, got ${pyTypeName(v)}: ${pyStr(v, true) ?? describeValue(v)}.`, arg.range);
    return null;
  }
  if (target.userDomain) {
    // A user Domain's value must be one of its members (1 and 1.0 are the same member, as in Python).
    if (!target.userDomain.members.some((m) => (m.t === 'num' || m.t === 'bool') && Number(m.v) === v.v)) {
      rt.report('bad-argument', `observe(variable, value=...) value ${reprOf({ value: v.v, isFloat: v.float })} is not in domain members of target '${target.symbol}'.`, arg.range);
      return null;
    }
    return { value: v.v, isFloat: v.float };
  }
  let value: WrittenNumber = { value: v.v, isFloat: v.float };
  // A whole float observed on a Nat variable counts as the integer.
  if (target.domain === 'Nat' && value.isFloat && Number.isInteger(value.value)) value = { value: value.value, isFloat: false };
  const accepted = target.domain === 'Nat' ? !value.isFloat && value.value >= 0 : target.domain === 'Probability' ? value.value >= 0 && value.value <= 1 : target.domain === 'Real';
  if (!accepted) {
    rt.report('bad-argument', `observe(variable, value=...) value ${reprOf({ value: v.v, isFloat: v.float })} is not accepted by target '${target.symbol}' domain ${target.domain}.`, arg.range);
    return null;
  }
  return value;
}

/**
 * A value or error for a variable with a unit: the quantity's magnitude in that unit, as a
 * float; for a unitless variable the value as written (a quantity refused). Null after a report.
 */
function inTargetUnit(rt: GaiaRuntime, target: BayesVariable, arg: ArgValue, role: 'value' | 'error'): GValue | null {
  const v = arg.value;
  if (target.unit !== null) {
    if (v.t === 'opaque') return null;
    if (v.t !== 'quantity') {
      const what = role === 'value' ? `observe(variable, value=...) must be a gaia.unit.Quantity in '${target.unit}'` : `observe(variable, error=...) must be a gaia.unit.Quantity or a Distribution`;
      rt.report(
        'bad-argument',
        `TypeError: ${what} because target '${target.symbol}' carries ${role === 'value' ? 'that unit' : `unit '${target.unit}'`}; got ${pyTypeName(v)}: ${pyStr(v, true) ?? describeValue(v)}.`,
        arg.range,
      );
      return null;
    }
    const x = convertQuantity(rt, v, target.unit, arg.range, `observe(variable, ${role}=...) unit ${formatUnits(v.units)} is not compatible with target unit '${target.unit}'`);
    return x === null ? null : { t: 'num', v: x, float: true };
  }
  if (v.t === 'quantity') {
    rt.report(
      'bad-argument',
      `TypeError: observe(variable, ${role}=...) got a unit-typed Quantity for unitless target '${target.symbol}'. Declare Variable(unit=...) or pass a bare scalar.`,
      arg.range,
    );
    return null;
  }
  return v;
}

/** A scalar error as Gaia's anonymous measurement-noise Normal, or a Distribution as given. */
function observedNoise(rt: GaiaRuntime, target: BayesVariable, arg: ArgValue | undefined): BayesDistribution | null | undefined {
  if (!arg || arg.value.t === 'none') return null;
  if (arg.value.t === 'distribution') {
    const problem = noiseUnitProblem('observe(variable, error=<Distribution>)', arg.value.d.unit ?? null, target.unit, `target '${target.symbol}'`);
    if (problem) {
      rt.report('bad-argument', problem, arg.range);
      return undefined;
    }
    return arg.value.d;
  }
  const v = inTargetUnit(rt, target, arg, 'error');
  if (v === null) return undefined;
  if (v.t !== 'num') {
    if (v.t !== 'opaque') rt.report('bad-argument', `observe(variable, error=...) must be None, a positive numeric scalar, or a Distribution; got ${describeValue(v)}.`, arg.range);
    return undefined;
  }
  if (v.v <= 0) {
    rt.report('bad-argument', `observe(variable, error=sigma) requires sigma > 0, got ${reprOf({ value: v.v, isFloat: v.float })}.`, arg.range);
    return undefined;
  }
  return anonymousNoise(v.v, target.unit);
}

/** Gaia's sugar for a scalar error σ: an anonymous Normal(mu=0.0, sigma=float(σ)), in the target's unit when it has one. */
export function anonymousNoise(sigma: number, unit: string | null = null): BayesDistribution {
  return {
    uid: newUid(),
    kind: 'normal',
    content: unit === null ? `measurement noise Normal(mu=0, sigma=${formatGeneral(sigma)})` : `measurement noise Normal(mu=0 ${unit}, sigma=${formatGeneral(sigma)} ${unit})`,
    label: null,
    params: [
      { name: 'mu', value: { value: 0, isFloat: true } },
      { name: 'sigma', value: { value: sigma, isFloat: true } },
    ],
    unit,
    paramUnits:
      unit === null
        ? []
        : [
            ['mu', unit],
            ['sigma', unit],
          ],
  };
}

/** ` kelvin` after an observed number when the target carries a unit. */
export function unitSuffix(unit: string | null): string {
  return unit ? ` ${unit}` : '';
}

/** How an observation's content writes its noise: ` +/- σ` (and the unit) for a Normal with a numeric sigma, else ` with noise KIND`. */
export function noiseText(noise: BayesDistribution | null, unit: string | null = null): string {
  if (!noise) return '';
  const sigma = noise.kind === 'normal' ? noise.params.find((p) => p.name === 'sigma')?.value : undefined;
  return sigma ? ` +/- ${formatGeneral(sigma.value)}${unitSuffix(unit)}` : ` with noise ${noise.kind}`;
}

/** Makes the observation claim; null after a report. */
export function observationClaim(rt: GaiaRuntime, call: VerbCall, target: BayesVariable, valueArg: ArgValue, errorArg: ArgValue | undefined, label: string | null): Knowledge | null {
  const value = observedValue(rt, target, valueArg);
  if (!value) return null;
  const noise = observedNoise(rt, target, errorArg);
  if (noise === undefined) return null;
  const content = `Observed ${target.symbol} = ${formatGeneral(value.value)}${unitSuffix(target.unit)}${noiseText(noise, target.unit)}.`;
  const metadata = metaDict({
    observation: metaDict({
      target: liveVariableDescriptor(target),
      value: value.isFloat ? pyFloat(value.value) : value.value,
      noise: noise ? distributionDescriptor(noise) : null,
      unit: target.unit,
      kind: 'observation',
    }),
  });
  const claim = rt.newKnowledge('claim', content, metadata, call);
  if (label !== null) claim.label = label;
  if (hasVariableParameter(noise)) VARIABLE_IN_METADATA.add(claim);
  OBSERVATIONS.set(claim, { target, value, noise });
  return claim;
}

/** How Gaia's metadata writes a Distribution it holds (an observation's noise), kept with the distribution. */
export function distributionDescriptor(d: BayesDistribution): MetaDict {
  return heldDistribution(
    d,
    metaDict({
      kind: 'distribution',
      label: d.label,
      content: d.content,
      distribution_kind: d.kind,
      params: metaDict(Object.fromEntries(d.params.flatMap((p) => (p.value ? [[p.name, p.value.isFloat ? pyNumber(p.value.value) : p.value.value]] : [])))),
    }),
  );
}

function pyNumber(x: number): never {
  return pyFloat(x) as never;
}

/** Python's format(x, 'g'): six significant digits, no trailing zeros. */
export function formatGeneral(x: number): string {
  if (x === 0) return Object.is(x, -0) ? '-0' : '0';
  if (!Number.isFinite(x)) return Number.isNaN(x) ? 'nan' : x > 0 ? 'inf' : '-inf';
  const [mant, expText] = x.toExponential(5).split('e') as [string, string];
  const exp = Number(expText);
  const strip = (t: string): string => (t.includes('.') ? t.replace(/0+$/, '').replace(/\.$/, '') : t);
  if (exp < -4 || exp >= 6) return `${strip(mant)}e${exp < 0 ? '-' : '+'}${String(Math.abs(exp)).padStart(2, '0')}`;
  return strip(x.toFixed(5 - exp));
}
