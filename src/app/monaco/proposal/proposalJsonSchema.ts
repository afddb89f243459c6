/**
 * A JSON Schema (draft 2020-12) of FormalProposal v1, for Monaco's JSON language
 * service: it drives completion (field names, operator, kind, role and mode values,
 * snippets for each expression shape) and hover text. The schema gate in core remains
 * the one judge of a proposal; its findings are the editor's markers.
 *
 * Given the symbols of the last proposal that passed the schema gate, the schema also
 * offers the declared names where a name belongs: constants after `"op": "const"`,
 * functions and predicates after `"symbol"`, sorts in `argSorts`, `resultSort` and `sort`.
 */
import { BUILTIN_SORTS, DECLARATION_KINDS, EXPRESSION_OPS, PROPOSAL_SCHEMA_VERSION } from '../../../core/proposal/proposalTypes.ts';

/** One declared symbol, as the completion lists it. */
export interface SchemaSymbol {
  readonly name: string;
  readonly kind: 'sort' | 'const' | 'function' | 'predicate';
  /** `Person × Person → Bool`, `Person`, … */
  readonly signature: string;
}

type Schema = Record<string, unknown>;

const IDENTIFIER_PATTERN = '^[A-Za-z_][A-Za-z0-9_]*$';

const OP_DESCRIPTIONS: Readonly<Record<string, string>> = {
  const: 'a declared constant (or a numeral written val_<digits>)',
  var: 'a variable bound by an enclosing forall or exists',
  call: 'a declared function or predicate applied to args (no args: the bare symbol)',
  not: 'negation of one operand, in arg',
  and: 'conjunction of args',
  or: 'disjunction of args',
  '=>': 'implication: the last arg follows from the ones before it',
  '=': 'equality of args',
  distinct: 'args are pairwise different',
  '<': 'less than (Int, Real)',
  '<=': 'at most (Int, Real)',
  '>': 'greater than (Int, Real)',
  '>=': 'at least (Int, Real)',
  '+': 'sum (Int, Real)',
  '-': 'difference, or negation of one arg (Int, Real)',
  '*': 'product (Int, Real); a product of two non-constant terms is non-linear',
  '/': 'real division (Int or Real operands, Real result); dividing by a non-constant is non-linear',
  ite: 'if-then-else: args are a Boolean condition, the value when it holds and the value when it does not (one sort)',
  forall: 'for every value of vars, body holds',
  exists: 'for some value of vars, body holds',
};

const ROLES = ['axiom', 'fact'] as const;
const ROLE_DESCRIPTIONS = ['a general rule of the world', 'a statement about particular individuals'];

const MODES = ['entailment', 'model-finding', 'consistency'] as const;
const MODE_DESCRIPTIONS = [
  'does the goal follow from the assertions? (the negated goal is refuted: unsat means entailed)',
  'is there a world where the assertions and the goal hold? (sat means a model was found)',
  'do the assertions hold together at all? (the goal is ignored)',
];

const KIND_DESCRIPTIONS: Readonly<Record<string, string>> = {
  sort: 'an uninterpreted sort (a type of individuals): name only',
  const: 'a constant: name and resultSort',
  function: 'a function: argSorts and resultSort',
  predicate: 'a predicate: argSorts; its resultSort is Bool',
};

function names(symbols: readonly SchemaSymbol[], kinds: readonly SchemaSymbol['kind'][]): Schema {
  const chosen = symbols.filter((s) => kinds.includes(s.kind));
  return chosen.length === 0 ? { type: 'string', pattern: IDENTIFIER_PATTERN } : enumHint(chosen);
}

/** Suggested values with descriptions; `anyOf` with a plain string keeps any other name acceptable. */
function enumHint(chosen: readonly SchemaSymbol[]): Schema {
  return {
    anyOf: [
      { enum: chosen.map((s) => s.name), markdownEnumDescriptions: chosen.map((s) => `${s.kind} \`${s.signature}\``) },
      { type: 'string', pattern: IDENTIFIER_PATTERN },
    ],
  };
}

function sortNames(symbols: readonly SchemaSymbol[]): Schema {
  const declared = symbols.filter((s) => s.kind === 'sort').map((s) => ({ name: s.name, kind: 'sort' as const, signature: s.name }));
  const builtin = BUILTIN_SORTS.map((name) => ({ name, kind: 'sort' as const, signature: `${name} (built in)` }));
  return { description: 'a declared sort, or Bool, Int or Real', ...enumHint([...declared, ...builtin]) };
}

function expressionVariants(symbols: readonly SchemaSymbol[]): Schema[] {
  const expr = { $ref: '#/$defs/expr' };
  const args = { type: 'array', items: expr };
  return EXPRESSION_OPS.map((name): Schema => {
    switch (name) {
      case 'const':
        return {
          title: 'const',
          properties: { name: { description: 'the constant', ...names(symbols, ['const']) } },
          required: ['op', 'name'],
          defaultSnippets: [{ label: 'const', body: { op: 'const', name: '$1' } }],
        };
      case 'var':
        return {
          title: 'var',
          properties: { name: { type: 'string', pattern: IDENTIFIER_PATTERN, description: 'a variable bound by an enclosing quantifier' } },
          required: ['op', 'name'],
          defaultSnippets: [{ label: 'var', body: { op: 'var', name: '$1' } }],
        };
      case 'call':
        return {
          title: 'call',
          properties: { symbol: { description: 'a declared function or predicate', ...names(symbols, ['function', 'predicate', 'const']) }, args },
          required: ['op', 'symbol', 'args'],
          defaultSnippets: [{ label: 'call', body: { op: 'call', symbol: '$1', args: ['^$2'] } }],
        };
      case 'not':
        return {
          title: 'not',
          properties: { arg: expr },
          required: ['op', 'arg'],
          defaultSnippets: [{ label: 'not', body: { op: 'not', arg: '^$1' } }],
        };
      case 'forall':
      case 'exists':
        return {
          title: name,
          properties: {
            vars: { type: 'array', minItems: 1, items: { $ref: '#/$defs/boundVar' } },
            body: expr,
          },
          required: ['op', 'vars', 'body'],
          defaultSnippets: [{ label: name, body: { op: name, vars: [{ name: '${1:x}', sort: '$2' }], body: '^$3' } }],
        };
      case 'ite':
        return {
          title: name,
          properties: { args: { ...args, minItems: 3, maxItems: 3 } },
          required: ['op', 'args'],
          defaultSnippets: [{ label: name, body: { op: name, args: ['^$1', '^$2', '^$3'] } }],
        };
      default:
        return {
          title: name,
          properties: { args },
          required: ['op', 'args'],
          defaultSnippets: [{ label: name, body: { op: name, args: ['^$1'] } }],
        };
    }
  });
}

/**
 * An expression: `op` from the whitelist, then the fields of that operator. Each
 * operator is one `if op = … then …` branch, so checking a tree against the schema
 * stays linear in its size — a `oneOf` would try every operator at every level, which
 * the JSON service (completion walks the whole document) feels as seconds per request.
 */
function expressionSchema(symbols: readonly SchemaSymbol[]): Schema {
  const variants = expressionVariants(symbols);
  return {
    type: 'object',
    required: ['op'],
    properties: { op: { enum: [...EXPRESSION_OPS], enumDescriptions: EXPRESSION_OPS.map((o) => OP_DESCRIPTIONS[o]) } },
    defaultSnippets: variants.flatMap((v) => v.defaultSnippets as unknown[]),
    allOf: variants.map(({ title, defaultSnippets: _snippets, ...fields }) => ({ if: { properties: { op: { const: title } }, required: ['op'] }, then: fields })),
  };
}

/** The schema, with the declared `symbols` offered where names go. */
export function proposalJsonSchema(symbols: readonly SchemaSymbol[] = []): Schema {
  const sort = sortNames(symbols);
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    title: 'FormalProposal v1',
    description: 'Declarations, assertions and a query, checked by the schema, registry and emission gates, then by a solver.',
    type: 'object',
    required: ['schemaVersion', 'declarations', 'assertions', 'queryPlan'],
    properties: {
      schemaVersion: { const: PROPOSAL_SCHEMA_VERSION, description: 'always holoproof.formal-proposal.v1' },
      proposalId: { type: 'string', description: 'an id for this proposal' },
      worldId: { type: 'string', description: 'the world whose registry the symbols belong to' },
      logic: {
        type: 'string',
        description: 'the SMT-LIB logic the content fits; one it does not fit is overridden with ALL (a warning says so)',
        examples: ['ALL', 'QF_UF', 'UF', 'QF_LIA', 'LIA', 'UFLIA', 'AUFLIRA'],
      },
      source: {
        type: 'object',
        description: 'where the proposal was read from',
        properties: {
          sourceId: { type: 'string' },
          span: { type: 'object', properties: { start: { type: 'integer' }, end: { type: 'integer' } } },
          createdAt: { type: 'string', description: 'ISO 8601 time' },
        },
      },
      declarations: {
        type: 'array',
        description: 'sorts, constants, functions and predicates; emitted sorted by kind, then name',
        items: { $ref: '#/$defs/declaration' },
      },
      assertions: {
        type: 'array',
        description: 'emitted in this order, each named by its assertionId (which the unsat core reports)',
        items: { $ref: '#/$defs/assertion' },
      },
      queryPlan: {
        type: 'object',
        required: ['verificationMode'],
        properties: {
          verificationMode: { enum: [...MODES], enumDescriptions: MODE_DESCRIPTIONS, description: 'what Run checks by default' },
          goal: { description: 'the statement to prove (entailment) or to satisfy (model-finding)', anyOf: [{ $ref: '#/$defs/expr' }, { type: 'null' }] },
        },
      },
      ambiguities: { type: 'array', description: 'open questions the encoder could not settle' },
      tags: { type: 'array', items: { type: 'string' } },
    },
    $defs: {
      declaration: {
        type: 'object',
        required: ['kind', 'name'],
        properties: {
          kind: { enum: [...DECLARATION_KINDS], enumDescriptions: DECLARATION_KINDS.map((k) => KIND_DESCRIPTIONS[k]) },
          name: { type: 'string', pattern: IDENTIFIER_PATTERN, description: 'an identifier: letters, digits and _, not a reserved word' },
          argSorts: { type: 'array', items: sort },
          resultSort: sort,
        },
        defaultSnippets: [
          { label: 'sort', body: { kind: 'sort', name: '$1' } },
          { label: 'const', body: { kind: 'const', name: '$1', resultSort: '$2' } },
          { label: 'predicate', body: { kind: 'predicate', name: '$1', argSorts: ['$2'], resultSort: 'Bool' } },
          { label: 'function', body: { kind: 'function', name: '$1', argSorts: ['$2'], resultSort: '$3' } },
        ],
      },
      assertion: {
        type: 'object',
        required: ['assertionId', 'role', 'expr'],
        properties: {
          assertionId: { type: 'string', pattern: IDENTIFIER_PATTERN, description: 'a unique id; an unsat core lists these' },
          role: { anyOf: [{ enum: [...ROLES], enumDescriptions: ROLE_DESCRIPTIONS }, { type: 'string' }], description: 'every role is asserted alike' },
          expr: { $ref: '#/$defs/expr' },
        },
        defaultSnippets: [{ label: 'assertion', body: { assertionId: '$1', role: '${2|axiom,fact|}', expr: '^$3' } }],
      },
      boundVar: {
        type: 'object',
        required: ['name', 'sort'],
        properties: { name: { type: 'string', pattern: IDENTIFIER_PATTERN }, sort },
      },
      expr: expressionSchema(symbols),
    },
  };
}
