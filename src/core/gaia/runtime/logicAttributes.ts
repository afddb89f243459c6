/**
 * The fields a package may read off predicate-logic values, as Gaia's dataclasses have
 * them: `D.members`, `x.symbol`, `x.domain`, `x.value`, `S.name`, `S.arg_domains`,
 * `c.value`, `c.primitive`, … A domain read back is the same object, so identity
 * checks (`Variable(symbol="y", domain=x.domain)`) hold.
 */
import type { SourceRange } from '../../text/sourceRange.ts';
import type { GaiaRuntime } from './gaiaRuntime.ts';
import type { GValue } from './gaiaValues.ts';
import { NONE, describeValue } from './gaiaValues.ts';
import { describeLogic } from './logicDescribe.ts';
import type { LogicScalar, LogicValue, Sort } from './logicTerms.ts';

const text = (s: string | null): GValue => (s === null ? NONE : { t: 'str', v: s });
const scalar = (s: LogicScalar | null): GValue => (s === null ? NONE : s);
const logic = (v: LogicValue): GValue => ({ t: 'logic', v });
const sorts = (xs: readonly Sort[], tuple: boolean): GValue => ({ t: 'seq', items: xs.map(logic), tuple });

/** The attribute's value, or null when the object has no such field. */
export function logicAttribute(v: LogicValue, attr: string): GValue | null {
  switch (v.kind) {
    case 'primitive':
      return attr === 'name' ? text(v.name) : null;
    case 'domain':
      if (attr === 'members') return { t: 'seq', items: [...v.members], tuple: false };
      return knowledgeField(v, attr);
    case 'variable':
      if (attr === 'symbol') return text(v.symbol);
      if (attr === 'domain') return logic(v.domain);
      if (attr === 'value') return scalar(v.value);
      if (attr === 'unit') return v.unit === null ? NONE : text(v.unit);
      return knowledgeField(v, attr);
    case 'predicate_symbol':
    case 'function_symbol':
      if (attr === 'name') return text(v.name);
      if (attr === 'arg_domains') return sorts(v.argDomains, v.argsTuple);
      if (attr === 'result_domain' && v.result) return logic(v.result);
      return null;
    case 'constant':
      if (attr === 'value') return v.value;
      if (attr === 'primitive') return logic(v.primitive);
      return null;
    case 'function_app':
      if (attr === 'symbol') return logic(v.symbol);
      if (attr === 'args') return { t: 'seq', items: v.args.map(logic), tuple: v.argsTuple };
      return null;
    case 'arith':
      if (attr === 'op') return text(v.op);
      if (attr === 'left') return logic(v.left);
      if (attr === 'right') return logic(v.right);
      return null;
  }
}

function knowledgeField(k: { content: string; format: string; title: string | null; label: string | null }, attr: string): GValue | null {
  if (attr === 'content') return text(k.content);
  if (attr === 'format') return text(k.format);
  if (attr === 'title') return text(k.title);
  if (attr === 'label') return text(k.label);
  return null;
}

/**
 * `D.label = ...`, `x.title = ...`, `x.content = ...`: Domain and Variable are mutable
 * Knowledge in Gaia (a domain's label then names it in descriptors); symbols and terms
 * are frozen dataclasses. False after a report.
 */
export function setLogicAttribute(rt: GaiaRuntime, v: LogicValue, attr: string, value: GValue, range: SourceRange): boolean {
  if (v.kind === 'domain' || v.kind === 'variable') {
    if ((attr === 'label' || attr === 'title') && (value.t === 'str' || value.t === 'none')) {
      v[attr] = value.t === 'str' ? value.v : null;
      return true;
    }
    if (attr === 'content' && value.t === 'str') {
      v.content = value.v;
      return true;
    }
    rt.report('unsupported-python', `setting .${attr} to ${describeValue(value)} on ${describeLogic(v)} is outside what Warrant evaluates`, range);
    return false;
  }
  if (v.kind === 'primitive') rt.report('bad-argument', `AttributeError: 'PrimitiveType' object attribute '${attr}' is read-only`, range);
  else rt.report('bad-argument', `FrozenInstanceError: cannot assign to field '${attr}'`, range);
  return false;
}
