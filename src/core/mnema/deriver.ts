/**
 * What a deriver is (§1): a pure, deterministic function from the valid records of a
 * log to candidate claims, each with its inputs (only those that contributed), its
 * rationale and its confidence with the basis. Built-in derivers (builtinDerivers.ts)
 * and rule tables written by users (ruleTable.ts) are both this.
 */
import type { OpId } from '../oplog/operation.ts';
import type { ClaimInput, DerivedBasis, DeriverId, JsonObject } from './mnemaBodies.ts';
import { dateDays, instantMs } from './instant.ts';

/** A record as derivers read it: an evidence op, or a claim served as it stands (a correction's payload). */
export interface DerivationRecord {
  readonly id: OpId;
  /** Its position in the log: records are read in log order. */
  readonly index: number;
  readonly kind: 'evidence' | 'claim';
  /** Evidence: its source. */
  readonly source?: string;
  /** Claims: their type, key and confidence (1 when corrected). */
  readonly claim_type?: string;
  readonly identity_key?: string;
  readonly confidence?: number;
  readonly payload: JsonObject;
  /** Evidence: `observed_at`; a claim: its `valid_at`. */
  readonly observed_at: string;
}

export interface DerivationInput {
  /** Valid evidence, in log order. */
  readonly evidence: readonly DerivationRecord[];
  /** Valid claims (latest versions, active or corrected), in log order; empty in a run's first pass. */
  readonly claims: readonly DerivationRecord[];
  /** The evidence high-water mark (ISO): what "recent" is measured to. */
  readonly highWater: string;
}

export interface Candidate {
  readonly claim_type: string;
  readonly identity_key: string;
  readonly payload: JsonObject;
  readonly inputs: readonly ClaimInput[];
  readonly confidence: number;
  readonly confidence_basis: DerivedBasis;
  readonly rationale: string;
}

/**
 * How a deriver's work splits into groups, so that a run after new records re-derives
 * only what they touch (derivationMemo.ts). Each record feeds some groups, each candidate
 * stands for one group and rests only on records of it; and what the deriver derives for
 * a set of groups from their records alone is what it derives for them from every record
 * (a law: test/core/mnema/incrementalDerivation.test.ts).
 */
export interface DeriverGroups {
  /** The groups `record` feeds (none: the deriver never reads it). */
  of(record: DerivationRecord): readonly string[];
  /** The group a candidate (or a claim the deriver wrote) stands for. */
  ofClaim(claim: { readonly claim_type: string; readonly identity_key: string; readonly payload: JsonObject }): string;
  /** The one identity key the deriver emits (a rule of a rule table); without it, each key it emits begins with its claim type and `|`. */
  readonly key?: string;
}

export interface Deriver {
  readonly id: DeriverId;
  /** Claim types it reads (empty: evidence only). A deriver runs in a later pass than the derivers whose types it reads. */
  readonly reads: readonly string[];
  /** Claim types it may emit. */
  readonly emits: readonly string[];
  derive(input: DerivationInput): readonly Candidate[];
  /** Absent: every run of it reads every record. */
  readonly groups?: DeriverGroups;
}

/** In `reads`: claims of any type (a rule matching claims by key or kind alone). */
export const ANY_CLAIM = '*';

const DAY_MS = 86_400_000;

/** Days from `a` to `b` (ISO instants), never negative. */
export function daysBetween(a: string, b: string): number {
  const d = (instantMs(b) - instantMs(a)) / DAY_MS;
  return Number.isFinite(d) && d > 0 ? d : 0;
}

/** The local calendar date of an ISO instant as written (`2025-06-02`): the person's day, whatever this machine's zone. */
export const localDate = (iso: string): string => iso.slice(0, 10);

/** The local hour of an ISO instant as written. */
export const localHour = (iso: string): number => Number(iso.slice(11, 13)) || 0;

/** The weekday of a local date (0 Monday … 6 Sunday). */
export function weekdayOf(iso: string): number {
  // 1970-01-01 was a Thursday.
  return (((dateDays(iso) + 3) % 7) + 7) % 7;
}

/** Whole days from the local date of `a` to that of `b` (the dates as written, hours and offsets aside), never negative. */
export function datesBetween(a: string, b: string): number {
  const d = dateDays(b) - dateDays(a);
  return Number.isFinite(d) && d > 0 ? d : 0;
}

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

/** A name as identity keys spell it: lowercase, runs of anything but letters and digits as one `-`. */
export function slugOf(text: string): string {
  return (
    text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-+|-+$/g, '') || 'untitled'
  );
}

/** The most frequent of `names` (ties: the first in code-unit order): how a claim names what its records name. */
export function mostCommon(names: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const n of names) counts.set(n, (counts.get(n) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))[0]![0];
}

/** The records' times, earliest first — by instant, not by text (offsets differ: `+01:00`, `+02:00`, `Z`). */
export function timesOf(records: readonly { readonly observed_at: string }[]): string[] {
  // Each time parsed once, not once per comparison.
  const keyed = records.map((r) => ({ at: r.observed_at, ms: instantMs(r.observed_at) }));
  keyed.sort((a, b) => a.ms - b.ms);
  return keyed.map((k) => k.at);
}

const SLUGS = new Map<string, string>();
const SLUGS_KEPT = 20_000;

/** slugOf, remembered across runs (up to a bound): the groups of a record are asked for at every run after new records. */
export function slugKept(text: string): string {
  let slug = SLUGS.get(text);
  if (slug === undefined) {
    if (SLUGS.size >= SLUGS_KEPT) SLUGS.clear();
    slug = slugOf(text);
    SLUGS.set(text, slug);
  }
  return slug;
}
