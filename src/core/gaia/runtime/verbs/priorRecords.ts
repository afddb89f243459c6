/**
 * `register_prior` and the `claim(prior=...)` shortcut both append a prior record to the
 * claim's metadata; Gaia's resolution policy picks the winner when it compiles.
 */
import type { SourceRange } from '../../../text/sourceRange.ts';
import { pythonNumberText } from '../../text/pythonFloat.ts';
import { pyFloat } from '../../text/pythonJson.ts';
import { pythonStrip } from '../../text/pythonStrip.ts';
import type { Knowledge, MetaDict, MetaValue } from '../gaiaObjects.ts';
import { metaDict } from '../gaiaObjects.ts';
import type { GaiaRuntime } from '../gaiaRuntime.ts';

export const CROMWELL_EPS = 1e-3;

/** Each record's `created_at`: Gaia's object holds it, its IR does not (only a lifted operand's text writes it). */
const REGISTERED_AT = new WeakMap<MetaDict, string>();

/** When `record` was registered, if it is one this run registered. */
export function registeredAtOf(record: MetaValue): string | undefined {
  return typeof record === 'object' && record !== null && !Array.isArray(record) ? REGISTERED_AT.get(record as MetaDict) : undefined;
}

/** Checks and appends one record; false (after a report) when Gaia would raise. */
export function addPriorRecord(
  rt: GaiaRuntime,
  claim: Knowledge,
  value: number,
  sourceId: string,
  justification: string,
  where: { readonly value: SourceRange; readonly call: SourceRange },
  verb: string,
): boolean {
  if (Number.isNaN(value)) {
    rt.report('prior-range', `${verb}: a prior must be a finite number, not nan`, where.value);
    return false;
  }
  if (value < CROMWELL_EPS || value > 1 - CROMWELL_EPS) {
    rt.report(
      'prior-range',
      `${verb}: prior ${pythonNumberText(value)} is outside Cromwell's bounds [0.001, 0.999]; pin a claim to true with observe(claim), or to false with contradict()`,
      where.value,
    );
    return false;
  }
  if (!pythonStrip(sourceId)) {
    rt.report('bad-argument', `${verb}: source_id must be a non-empty string`, where.call);
    return false;
  }
  if (!pythonStrip(justification)) {
    rt.report('bad-argument', `${verb}: a prior needs a non-empty justification`, where.call);
    return false;
  }
  const records = claim.metadata['prior_records'];
  if (records !== undefined && !Array.isArray(records)) {
    rt.report('bad-argument', `${verb}: metadata key 'prior_records' is reserved for prior records`, where.call);
    return false;
  }
  const record = metaDict({ value: pyFloat(value), source_id: pythonStrip(sourceId), justification: pythonStrip(justification) });
  REGISTERED_AT.set(record, rt.pkg.clock());
  claim.metadata['prior_records'] = [...((records as readonly MetaValue[] | undefined) ?? []), record];
  return true;
}
