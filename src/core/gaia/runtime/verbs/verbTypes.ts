/** The shape of a verb's implementation: it runs one call and returns its value. */
import type { GaiaRuntime, VerbCall } from '../gaiaRuntime.ts';
import type { GValue } from '../gaiaValues.ts';

export type VerbImpl = (rt: GaiaRuntime, call: VerbCall) => GValue;
