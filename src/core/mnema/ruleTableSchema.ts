/**
 * A rule table's JSON Schema, for the editor's completion and hover: each field the
 * reader takes (ruleTable.ts `RULE_TABLE_FIELDS`) with what it means. The schema only
 * offers; whether a table is right is the reader's to say (its problems are the markers),
 * so the two never disagree on a rule.
 */
import { FACTOR_OF, REVERSE_DNS_PATTERN, RULE_TABLE_FIELDS } from './ruleTable.ts';

type Schema = Record<string, unknown>;

const DESCRIPTIONS: Readonly<Record<string, string>> = {
  'table.name': 'The deriver’s name: claims it derives name it, and ties between derivers go by it.',
  'table.version': 'The deriver’s version (e.g. "1.0.0"), recorded in every claim it derives.',
  'table.rules': 'One rule per claim the deriver may emit.',
  'rule.claim_type': 'A reverse-DNS claim type of your own, such as "com.example.fitness.streak".',
  'rule.identity_key': 'The claim’s identity, at the granularity at which a person would say “that is false”.',
  'rule.payload': 'What the claim says (a JSON object).',
  'rule.inputs': 'Which records it rests on: every valid record matching one of these, in log order.',
  'rule.min_inputs': 'The claim is emitted when at least this many records match (default 1).',
  'rule.prior': 'The confidence before any factor, between 0 and 1.',
  'rule.factors': 'Each adds w_max · (1 − e^(−k·x)) log-odds, x read from the matched records.',
  'input.match': 'Fields compared for equality: kind, source, claim_type, identity_key, payload.PATH.',
  'input.role': 'What the record is to the claim (kept in its provenance).',
  'factor.name': 'The factor’s name in the confidence basis.',
  'factor.of': 'count, span_days, recency_days or distinct:PATH (PATH as match spells it).',
  'factor.w_max': 'The most log-odds the factor adds (negative for a penalty).',
  'factor.k': 'How fast the factor saturates.',
  'match.kind': '"evidence" or "claim".',
  'match.source': 'The evidence source: calendar, notes, photos, or a JSON Lines record’s source.',
  'match.claim_type': 'A claim type this rule reads (it then runs in a later pass).',
  'match.identity_key': 'One claim, by its identity key.',
};

function object(part: keyof typeof RULE_TABLE_FIELDS, extra: Readonly<Record<string, Schema>>, required: readonly string[]): Schema {
  const properties: Record<string, Schema> = {};
  for (const field of RULE_TABLE_FIELDS[part]) properties[field] = { ...extra[field], description: DESCRIPTIONS[`${part}.${field}`] };
  return { type: 'object', properties, required: [...required], additionalProperties: part === 'match' ? { description: 'payload.PATH: a payload field, compared for equality' } : false };
}

/** The schema of a rule table file. */
export function ruleTableJsonSchema(): Schema {
  const factor = object(
    'factor',
    { name: { type: 'string' }, of: { anyOf: [{ enum: [...FACTOR_OF] }, { type: 'string', pattern: '^distinct:' }] }, w_max: { type: 'number' }, k: { type: 'number', exclusiveMinimum: 0 } },
    ['name', 'of', 'w_max', 'k'],
  );
  const match = object('match', { kind: { enum: ['evidence', 'claim'] }, source: { type: 'string' }, claim_type: { type: 'string' }, identity_key: { type: 'string' } }, []);
  const input = object('input', { match, role: { type: 'string' } }, ['match', 'role']);
  const rule = object(
    'rule',
    {
      claim_type: { type: 'string', pattern: REVERSE_DNS_PATTERN },
      identity_key: { type: 'string' },
      payload: { type: 'object' },
      inputs: { type: 'array', items: input, minItems: 1 },
      min_inputs: { type: 'integer', minimum: 1, default: 1 },
      prior: { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1 },
      factors: { type: 'array', items: factor },
    },
    ['claim_type', 'identity_key', 'payload', 'inputs', 'prior'],
  );
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    title: 'Warrant rule table (a deriver)',
    ...object('table', { name: { type: 'string' }, version: { type: 'string' }, rules: { type: 'array', items: rule, minItems: 1 } }, ['name', 'version', 'rules']),
  };
}

/** A first rule table, for the editor's start: a practice held when the calendar shows it at least three times. */
export const STARTER_RULE_TABLE = `${JSON.stringify(
  {
    name: 'my-derivers',
    version: '0.1.0',
    rules: [
      {
        claim_type: 'org.example.habit.practice',
        identity_key: 'org.example.habit.practice|yoga',
        payload: { activity: 'yoga' },
        inputs: [{ match: { source: 'calendar', 'payload.summary': 'Yoga' }, role: 'session' }],
        min_inputs: 3,
        prior: 0.3,
        factors: [
          { name: 'sessions', of: 'count', w_max: 2.5, k: 0.3 },
          { name: 'weeks', of: 'span_days', w_max: 1, k: 0.05 },
        ],
      },
    ],
  },
  null,
  2,
)}\n`;
