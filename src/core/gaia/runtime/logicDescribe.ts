/** How a predicate-logic value is named in messages ("the Variable x", "a Constant"). */
import type { LogicValue } from './logicTerms.ts';

export function describeLogic(v: LogicValue): string {
  switch (v.kind) {
    case 'primitive':
      return `the primitive type ${v.name}`;
    case 'domain':
      return 'a Domain';
    case 'variable':
      return `the Variable ${v.symbol}`;
    case 'predicate_symbol':
      return `the PredicateSymbol ${v.name}`;
    case 'function_symbol':
      return `the FunctionSymbol ${v.name}`;
    case 'constant':
      return 'a Constant';
    case 'function_app':
      return 'a FunctionApp';
    case 'arith':
      return 'an ArithOp';
  }
}

/** The Gaia class a logic value is an instance of, as Python names it in errors. */
export function logicClassName(v: LogicValue): string {
  const names: Record<LogicValue['kind'], string> = {
    primitive: 'PrimitiveType',
    domain: 'Domain',
    variable: 'Variable',
    predicate_symbol: 'PredicateSymbol',
    function_symbol: 'FunctionSymbol',
    constant: 'Constant',
    function_app: 'FunctionApp',
    arith: 'ArithOp',
  };
  return names[v.kind];
}
