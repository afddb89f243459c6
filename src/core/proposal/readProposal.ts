/**
 * Schema gate: the parsed JSON to a `FormalProposal` — required fields, JSON types,
 * declaration shapes, the query plan, and size limits. Every finding is reported (the
 * reader does not stop at the first); the proposal is returned only when there is no
 * error, since later gates need a whole document.
 */
import type { SourceRange } from '../text/sourceRange.ts';
import type { GateReport } from './gateDiagnostics.ts';
import { FieldReader, jsonKindName, shorten } from './jsonFields.ts';
import type { JsonArray, JsonNode, JsonObject } from './jsonSource.ts';
import type { Ambiguity, Assertion, Declaration, DeclarationKind, Expr, FormalProposal, Name, ProveMode, QueryPlan } from './proposalTypes.ts';
import { DECLARATION_KINDS, PROPOSAL_SCHEMA_VERSION } from './proposalTypes.ts';
import { ExpressionReader, sortName, userName } from './readExpression.ts';

/** At most this many declarations, and this many assertions. */
export const MAX_DECLARATIONS = 100_000;
export const MAX_ASSERTIONS = 100_000;

const TOP_LEVEL_FIELDS = ['schemaVersion', 'proposalId', 'worldId', 'logic', 'source', 'declarations', 'assertions', 'queryPlan', 'ambiguities', 'tags'];

/** `verificationMode` values as written in documents, and what Warrant calls them. */
const MODES: Readonly<Record<string, ProveMode>> = {
  entailment: 'entailment',
  'model-finding': 'model',
  model: 'model',
  consistency: 'consistency',
};

/** SMT-LIB logic names are upper-case letters, digits and underscores (QF_UF, ALL, AUFLIRA). */
const LOGIC_NAME = /^[A-Z][A-Z0-9_]{0,31}$/;

export function readProposal(root: JsonNode, report: GateReport): FormalProposal | null {
  if (root.kind !== 'object') {
    report.error('schema-not-object', `a FormalProposal is a JSON object, not ${jsonKindName(root)}`, root.range);
    return null;
  }
  const top = new FieldReader(root, report, 'the proposal', TOP_LEVEL_FIELDS, 'schema-extra-field');
  const version = top.requiredString('schemaVersion');
  if (version && version.value !== PROPOSAL_SCHEMA_VERSION) {
    report.error('schema-version', `schemaVersion is ${JSON.stringify(shorten(version.value))}; Warrant reads ${JSON.stringify(PROPOSAL_SCHEMA_VERSION)}`, version.range);
  }
  const proposalId = top.optionalString('proposalId');
  const worldId = top.optionalString('worldId');
  const logic = readLogic(top, report);
  readSource(top, report);
  const exprs = new ExpressionReader(report);
  const declarations = readDeclarations(top.requiredArray('declarations'), report);
  const assertions = readAssertions(top.requiredArray('assertions'), report, exprs);
  const queryPlan = readQueryPlan(top.requiredObject('queryPlan'), report, exprs);
  const tagsNode = top.optionalArray('tags');
  const tags = tagsNode ? tagsNode.items.flatMap((t) => (t.kind === 'string' ? [t.value] : [])) : [];
  const ambiguities = readAmbiguities(top.member('ambiguities')?.value, report);
  if (report.hasErrors || !version || !declarations || !assertions || !queryPlan) return null;
  return {
    schemaVersion: version.value,
    proposalId: proposalId?.value ?? null,
    worldId: worldId?.value ?? null,
    logic,
    declarations,
    assertions,
    queryPlan,
    tags,
    ambiguities,
  };
}

/**
 * `ambiguities`: HoloProof allows strings and objects. An object's words are its
 * `question`, `text`, `description` or `note` (the first that is a string), else its
 * JSON. Anything else is a warning and is not counted: the list never refuses a proposal.
 */
function readAmbiguities(node: JsonNode | undefined, report: GateReport): Ambiguity[] {
  if (!node || node.kind === 'null') return [];
  if (node.kind !== 'array') {
    report.warning('schema-type', `ambiguities should be an array of strings or objects, not ${jsonKindName(node)}; it is ignored`, node.range);
    return [];
  }
  const out: Ambiguity[] = [];
  for (const item of node.items) {
    if (item.kind === 'string') {
      if (item.value.trim() !== '') out.push({ text: item.value.trim(), range: item.range });
    } else if (item.kind === 'object') {
      const words = ['question', 'text', 'description', 'note'].map((k) => item.members.find((m) => m.key === k)?.value).find((v) => v?.kind === 'string');
      out.push({ text: words?.kind === 'string' ? words.value : shorten(jsonText(item)), range: item.range });
    } else {
      report.warning('schema-type', `an ambiguity should be a string or an object, not ${jsonKindName(item)}; it is ignored`, item.range);
    }
  }
  return out;
}

/** A JSON node back to compact JSON text (for an ambiguity object with no words of its own). */
function jsonText(node: JsonNode): string {
  switch (node.kind) {
    case 'object':
      return `{${node.members.map((m) => `${JSON.stringify(m.key)}:${jsonText(m.value)}`).join(',')}}`;
    case 'array':
      return `[${node.items.map(jsonText).join(',')}]`;
    case 'string':
      return JSON.stringify(node.value);
    default:
      return 'value' in node ? String(node.value) : 'null';
  }
}

/**
 * `source` — where the proposal's text came from: `{sourceId, span: {start, end},
 * createdAt}` (DS004's shape). Optional here (a proposal written by hand has none), but
 * when given it is checked as an encoder must write it, so a provenance that cannot be
 * followed back is refused rather than kept.
 */
function readSource(top: FieldReader, report: GateReport): void {
  const member = top.member('source');
  if (!member || member.value.kind === 'null') return;
  const source = top.requiredObject('source');
  if (!source) return;
  const fields = new FieldReader(source, report, 'source', ['sourceId', 'span', 'createdAt'], 'schema-unknown-field');
  const id = fields.requiredString('sourceId');
  if (id && id.value.trim() === '') report.error('schema-source', 'source.sourceId is empty', id.range);
  const span = fields.requiredObject('span');
  if (span) {
    const bounds = new FieldReader(span, report, 'source.span', ['start', 'end'], 'schema-unknown-field');
    const start = bounds.required('start');
    const end = bounds.required('end');
    const whole = (n: typeof start) => (n?.kind === 'number' && Number.isSafeInteger(n.value) && n.value >= 0 ? n.value : null);
    if (start && whole(start) === null) report.error('schema-source', 'source.span.start must be a whole number ≥ 0 (a character offset)', start.range);
    if (end && whole(end) === null) report.error('schema-source', 'source.span.end must be a whole number ≥ 0 (a character offset)', end.range);
    const [s, e] = [whole(start), whole(end)];
    if (s !== null && e !== null && e < s) report.error('schema-source', `source.span ends (${e}) before it starts (${s})`, span.range);
  }
  const created = fields.requiredString('createdAt');
  if (created && !ISO_INSTANT.test(created.value))
    report.error('schema-source', `source.createdAt ${JSON.stringify(shorten(created.value))} is not an ISO 8601 date and time (such as 2026-02-11T12:00:00Z)`, created.range);
}

/** An ISO 8601 instant as encoders write it: a date, a time, and a zone (Z or ±hh:mm). */
const ISO_INSTANT = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d+)?)?(Z|[+-]([01]\d|2[0-3]):[0-5]\d)$/;

function readLogic(top: FieldReader, report: GateReport): Name | null {
  const logic = top.optionalString('logic');
  if (!logic) return null;
  if (!LOGIC_NAME.test(logic.value)) {
    report.error('schema-logic', `logic ${JSON.stringify(shorten(logic.value))} is not an SMT-LIB logic name (such as QF_UF, QF_LIA, UFLIA, ALL)`, logic.range);
    return null;
  }
  return { name: logic.value, range: logic.range };
}

function readDeclarations(node: { items: readonly JsonNode[]; range: SourceRange } | null, report: GateReport): Declaration[] | null {
  if (!node) return null;
  if (node.items.length > MAX_DECLARATIONS) {
    report.error('schema-limit', `${node.items.length} declarations: at most ${MAX_DECLARATIONS} are read`, node.range);
    return null;
  }
  const out: Declaration[] = [];
  node.items.forEach((item, i) => {
    const d = readDeclaration(item, report, `declaration ${i + 1}`);
    if (d) out.push(d);
  });
  return out;
}

function readDeclaration(node: JsonNode, report: GateReport, what: string): Declaration | null {
  if (node.kind !== 'object') {
    report.error('schema-type', `${what} must be an object, not ${jsonKindName(node)}`, node.range);
    return null;
  }
  const f = new FieldReader(node, report, what, ['kind', 'name', 'argSorts', 'resultSort', 'aliases']);
  const kindNode = f.requiredString('kind');
  if (kindNode && !(DECLARATION_KINDS as readonly string[]).includes(kindNode.value)) {
    report.error('schema-declaration-kind', `${what}: kind ${JSON.stringify(shorten(kindNode.value))} is not one of ${DECLARATION_KINDS.join(', ')}`, kindNode.range);
    return null;
  }
  const name = userName(f.requiredString('name'), report, `${what}: the name`);
  if (!kindNode || !name) return null;
  const kind = kindNode.value as DeclarationKind;
  const label = `${kind} ${name.name}`;
  const aliases = readAliases(f.optionalArray('aliases'), report, label);
  if (aliases === null) return null;
  const extra = aliases.length > 0 ? { aliases } : {};
  const argNode = f.member('argSorts')?.value;
  const resultNode = f.member('resultSort')?.value;
  if (kind === 'sort') {
    if (argNode || resultNode) {
      report.error('schema-declaration-shape', `sort ${name.name} takes neither argSorts nor resultSort (sorts have no parameters here)`, node.range, name.name);
      return null;
    }
    return { kind, name, argSorts: [], resultSort: null, range: node.range, ...extra };
  }
  let argSorts: Name[] = [];
  if (argNode) {
    if (argNode.kind !== 'array') {
      report.error('schema-type', `${label}: argSorts must be an array of sort names, not ${jsonKindName(argNode)}`, argNode.range, name.name);
      return null;
    }
    const sorts = argNode.items.map((s) => (s.kind === 'string' ? sortName(s, report, `${label}: an argument sort`) : typeError(report, `${label}: an argument sort`, s)));
    if (sorts.some((s) => s === null)) return null;
    argSorts = sorts as Name[];
  } else if (kind !== 'const') {
    report.error('schema-missing-field', `${label} needs argSorts (use [] for none)`, node.range, name.name);
    return null;
  }
  if (kind === 'const' && argSorts.length > 0) {
    report.error('schema-declaration-shape', `const ${name.name} cannot take arguments; declare a function instead`, argNode!.range, name.name);
    return null;
  }
  let resultSort: Name | null = null;
  if (resultNode) {
    resultSort = resultNode.kind === 'string' ? sortName(resultNode, report, `${label}: the result sort`) : typeError(report, `${label}: resultSort`, resultNode);
    if (!resultSort) return null;
  } else if (kind === 'predicate') {
    resultSort = { name: 'Bool', range: name.range };
  } else {
    report.error('schema-missing-field', `${label} needs a resultSort`, node.range, name.name);
    return null;
  }
  return { kind, name, argSorts, resultSort, range: node.range, ...extra };
}

/** A declaration's `aliases`: identifiers, as names are (the rule of `userName`). */
function readAliases(node: JsonArray | null, report: GateReport, label: string): Name[] | null {
  if (!node) return [];
  const names = node.items.map((a) => (a.kind === 'string' ? userName(a, report, `${label}: an alias`) : typeError(report, `${label}: an alias`, a)));
  return names.some((n) => n === null) ? null : (names as Name[]);
}

function readAssertions(node: { items: readonly JsonNode[]; range: SourceRange } | null, report: GateReport, exprs: ExpressionReader): Assertion[] | null {
  if (!node) return null;
  if (node.items.length > MAX_ASSERTIONS) {
    report.error('schema-limit', `${node.items.length} assertions: at most ${MAX_ASSERTIONS} are read`, node.range);
    return null;
  }
  const out: Assertion[] = [];
  node.items.forEach((item, i) => {
    const what = `assertion ${i + 1}`;
    if (item.kind !== 'object') {
      report.error('schema-type', `${what} must be an object, not ${jsonKindName(item)}`, item.range);
      return;
    }
    // Extra keys on an assertion are metadata Warrant does not use: a warning, not a refusal.
    const f = new FieldReader(item, report, what, ['assertionId', 'role', 'expr'], 'schema-extra-field');
    const id = userName(f.requiredString('assertionId'), report, `${what}: assertionId`);
    const role = f.requiredString('role');
    if (role && !/^[A-Za-z_][A-Za-z0-9_-]{0,63}$/.test(role.value)) {
      report.error('schema-identifier', `${what}: role ${JSON.stringify(shorten(role.value))} is not a word (axiom, fact, …)`, role.range, id?.name);
    }
    const exprNode = f.required('expr');
    const expr = exprNode && exprs.read(exprNode, `${what}: expr`);
    if (id && role && expr) out.push({ id, role: role.value, expr, range: item.range });
  });
  return out;
}

function readQueryPlan(node: JsonObject | null, report: GateReport, exprs: ExpressionReader): QueryPlan | null {
  if (!node) return null;
  const f = new FieldReader(node, report, 'queryPlan', ['verificationMode', 'goal'], 'schema-extra-field');
  const modeNode = f.requiredString('verificationMode');
  let mode: ProveMode | null = null;
  if (modeNode) {
    mode = Object.hasOwn(MODES, modeNode.value) ? MODES[modeNode.value]! : null;
    if (!mode) report.error('schema-mode', `verificationMode ${JSON.stringify(shorten(modeNode.value))} is not entailment, model-finding or consistency`, modeNode.range);
  }
  const goalNode = f.member('goal')?.value;
  let goal: Expr | null = null;
  if (goalNode && goalNode.kind !== 'null') {
    goal = exprs.read(goalNode, 'the goal');
    if (!goal) return null;
  }
  return mode && { mode, goal, range: node.range };
}

function typeError(report: GateReport, what: string, v: JsonNode): null {
  report.error('schema-type', `${what} must be a string, not ${jsonKindName(v)}`, v.range);
  return null;
}
