/**
 * Schema gate, expressions: one JSON node to one `Expr`, checking the operator
 * whitelist, each operator's fields and argument count, and every name against the
 * identifier rule and the reserved words. Sorts are the registry gate's business.
 */
import type { SourceRange } from '../text/sourceRange.ts';
import type { GateReport } from './gateDiagnostics.ts';
import { describeNameProblem, nameProblem } from './identifiers.ts';
import { FieldReader, jsonKindName, shorten } from './jsonFields.ts';
import type { JsonNode, JsonString } from './jsonSource.ts';
import type { BoundVar, Expr, Name, NaryOp } from './proposalTypes.ts';
import { BUILTIN_SORTS, EXPRESSION_OPS } from './proposalTypes.ts';

/** At most this many expression nodes in one proposal. */
export const MAX_EXPRESSION_NODES = 2_000_000;

/**
 * Fewest arguments each n-ary operator takes (`-` with one is negation). `*` and `/`
 * take two or more, as `+` does: SMT-LIB's are left-associative, and cvc5 refuses a
 * one-operand product. `ite` takes exactly three (see EXACT_ARGS).
 */
const MIN_ARGS: Readonly<Record<NaryOp, number>> = {
  and: 1,
  or: 1,
  '=>': 2,
  '=': 2,
  distinct: 2,
  '<': 2,
  '<=': 2,
  '>': 2,
  '>=': 2,
  '+': 2,
  '-': 1,
  '*': 2,
  '/': 2,
  ite: 3,
};

/** Operators with a fixed number of arguments. */
const EXACT_ARGS: Readonly<Partial<Record<NaryOp, number>>> = { ite: 3 };

export class ExpressionReader {
  private nodes = 0;
  private limitReported = false;

  constructor(private readonly report: GateReport) {}

  /** The expression `node` stands for, or null when it is malformed (reported). */
  read(node: JsonNode, where: string): Expr | null {
    if (++this.nodes > MAX_EXPRESSION_NODES) {
      if (!this.limitReported) this.report.error('schema-limit', `more than ${MAX_EXPRESSION_NODES} expression nodes: the proposal is refused`, node.range);
      this.limitReported = true;
      return null;
    }
    if (node.kind !== 'object') {
      this.report.error('schema-type', `${where} must be an expression object ({"op": …}), not ${jsonKindName(node)}`, node.range);
      return null;
    }
    const opMember = node.members.find((m) => m.key === 'op');
    if (!opMember || opMember.value.kind !== 'string') {
      this.report.error(opMember ? 'schema-type' : 'schema-missing-field', `${where} needs "op", a string naming the operator`, opMember?.value.range ?? node.range);
      return null;
    }
    const op = opMember.value.value;
    if (!EXPRESSION_OPS.includes(op)) {
      this.report.error('schema-operator', `unknown operator ${JSON.stringify(shorten(op))} (allowed: ${EXPRESSION_OPS.join(' ')})`, opMember.value.range);
      return null;
    }
    const range = node.range;
    switch (op) {
      case 'const':
      case 'var': {
        const f = new FieldReader(node, this.report, `"${op}" expression`, ['op', 'name']);
        const name = this.name(f.requiredString('name'), op === 'var' ? 'variable name' : 'constant name');
        return name && { op, name, range };
      }
      case 'call': {
        const f = new FieldReader(node, this.report, '"call" expression', ['op', 'symbol', 'args']);
        const symbol = this.name(f.requiredString('symbol'), 'called symbol');
        const argsNode = f.requiredArray('args');
        const args = argsNode ? this.list(argsNode.items, `argument of ${symbol?.name ?? 'call'}`) : null;
        return symbol && args && { op, symbol, args, range };
      }
      case 'not': {
        const f = new FieldReader(node, this.report, '"not" expression', ['op', 'arg']);
        if (f.has('args') && !f.has('arg')) {
          this.report.error('schema-arity', '"not" takes one operand in "arg" (not "args")', f.member('args')!.keyRange);
          return null;
        }
        const argNode = f.required('arg');
        const arg = argNode && this.read(argNode, 'the operand of not');
        return arg && { op, arg, range };
      }
      case 'forall':
      case 'exists':
        return this.quantifier(op, node as JsonNode & { kind: 'object' }, range);
      default: {
        const nary = op as NaryOp;
        const f = new FieldReader(node, this.report, `"${op}" expression`, ['op', 'args']);
        const argsNode = f.requiredArray('args');
        if (!argsNode) return null;
        const min = MIN_ARGS[nary];
        const exact = EXACT_ARGS[nary];
        if (exact !== undefined && argsNode.items.length !== exact) {
          this.report.error(
            'schema-arity',
            `"${op}" takes exactly ${exact} arguments (a Boolean condition, the value when it holds, the value when it does not), got ${argsNode.items.length}`,
            argsNode.range,
          );
          return null;
        }
        if (argsNode.items.length < min) {
          this.report.error('schema-arity', `"${op}" needs at least ${min} argument${min === 1 ? '' : 's'}, got ${argsNode.items.length}`, argsNode.range);
          return null;
        }
        const args = this.list(argsNode.items, `argument of ${op}`);
        return args && { op: nary, args, range };
      }
    }
  }

  private quantifier(op: 'forall' | 'exists', node: JsonNode & { kind: 'object' }, range: SourceRange): Expr | null {
    const f = new FieldReader(node, this.report, `"${op}" expression`, ['op', 'vars', 'body']);
    const varsNode = f.requiredArray('vars');
    let vars: BoundVar[] | null = null;
    if (varsNode) {
      if (varsNode.items.length === 0) this.report.error('schema-arity', `"${op}" binds no variables`, varsNode.range);
      vars = [];
      for (const v of varsNode.items) {
        const bound = this.boundVar(v);
        if (bound) vars.push(bound);
        else vars = null;
        if (!vars) break;
      }
    }
    const bodyNode = f.required('body');
    const body = bodyNode && this.read(bodyNode, `the body of ${op}`);
    return vars && vars.length > 0 && body ? { op, vars, body, range } : null;
  }

  private boundVar(v: JsonNode): BoundVar | null {
    if (v.kind !== 'object') {
      this.report.error('schema-type', `a bound variable must be {"name": …, "sort": …}, not ${jsonKindName(v)}`, v.range);
      return null;
    }
    const f = new FieldReader(v, this.report, 'bound variable', ['name', 'sort']);
    const name = this.name(f.requiredString('name'), 'variable name');
    const sort = sortName(f.requiredString('sort'), this.report, 'sort of a bound variable');
    return name && sort && { name, sort, range: v.range };
  }

  private list(items: readonly JsonNode[], where: string): Expr[] | null {
    const out: Expr[] = [];
    let ok = true;
    for (const item of items) {
      const e = this.read(item, where);
      if (e) out.push(e);
      else ok = false;
    }
    return ok ? out : null;
  }

  private name(s: JsonString | null, what: string): Name | null {
    return userName(s, this.report, what);
  }
}

/** A user symbol, variable or id: checked against the identifier rule and reserved words. */
export function userName(s: JsonString | null, report: GateReport, what: string): Name | null {
  if (!s) return null;
  const problem = nameProblem(s.value);
  if (problem) {
    const code = problem === 'reserved' ? 'schema-reserved-word' : problem === 'internal-prefix' ? 'schema-internal-prefix' : 'schema-identifier';
    report.error(code, describeNameProblem(what, s.value, problem), s.range);
    return null;
  }
  return { name: s.value, range: s.range };
}

/** A sort reference: a built-in sort (Bool, Int, Real) or a user name. */
export function sortName(s: JsonString | null, report: GateReport, what: string): Name | null {
  if (s && (BUILTIN_SORTS as readonly string[]).includes(s.value)) return { name: s.value, range: s.range };
  return userName(s, report, what);
}
