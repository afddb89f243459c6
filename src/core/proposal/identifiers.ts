/**
 * Which names a proposal may use. DS004's identifier rule, plus the words a name must
 * not be: SMT-LIB reserved words, solver commands (also in their `_` spelling, since
 * the rule forbids `-`), symbols the solvers' theories already define, and Warrant's
 * own `hp_internal_` prefix, which the emitter keeps for the names it makes up.
 */

/** DS004: `^[A-Za-z_][A-Za-z0-9_]*$`. */
export const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Names the emitter makes up start with this; user names may not. */
export const INTERNAL_PREFIX = 'hp_internal_';

/** A name longer than this is refused: no real symbol needs it, and it bounds output. */
export const MAX_IDENTIFIER_LENGTH = 128;

const SMTLIB_RESERVED = ['_', 'BINARY', 'DECIMAL', 'HEXADECIMAL', 'NUMERAL', 'STRING', 'as', 'exists', 'forall', 'let', 'match', 'par', 'lambda'];

const COMMANDS = [
  'assert', 'check-sat', 'check-sat-assuming', 'declare-const', 'declare-datatype', 'declare-datatypes', 'declare-fun',
  'declare-sort', 'define-fun', 'define-fun-rec', 'define-funs-rec', 'define-sort', 'echo', 'exit', 'get-assertions',
  'get-assignment', 'get-info', 'get-model', 'get-option', 'get-proof', 'get-unsat-assumptions', 'get-unsat-core',
  'get-value', 'pop', 'push', 'reset', 'reset-assertions', 'set-info', 'set-logic', 'set-option',
  // solver extensions
  'eval', 'simplify', 'display', 'declare-rel', 'declare-var', 'rule', 'query', 'minimize', 'maximize', 'get-objectives',
  'check-synth', 'synth-fun', 'declare-pool', 'block-model', 'get-difficulty', 'get-learned-literals', 'get-interpolant',
  'get-abduct', 'get-qe', 'get-qe-disjunct', 'include', 'help',
];

/**
 * Function and sort symbols the solvers' theories define. A user symbol with one of
 * these names is refused by z3 or cvc5 ("builtin symbol", "shadowing a theory function
 * symbol"), or silently means something else. The list comes from declaring every
 * name of up to three letters and the theories' vocabularies in both solvers under
 * `(set-logic ALL)`, plus the rest of each theory's operators by name.
 */
const THEORY_SYMBOLS = [
  // core, integers, reals, transcendental functions
  'true', 'false', 'not', 'and', 'or', 'xor', 'ite', 'distinct', 'implies', 'iff', 'if',
  'div', 'mod', 'abs', 'rem', 'to_real', 'to_int', 'is_int', 'divisible', 'pi', 'euler', 'exp', 'sqrt', 'power', 'root',
  'sin', 'cos', 'tan', 'sec', 'csc', 'cot', 'asin', 'acos', 'atan', 'sinh', 'cosh', 'tanh', 'asinh', 'acosh', 'atanh',
  'arcsin', 'arccos', 'arctan', 'arcsec', 'arccsc', 'arccot', 'iand', 'int_pow2', 'int_log2',
  // sorts
  'Bool', 'Int', 'Real', 'Array', 'BitVec', 'String', 'RegLan', 'RegEx', 'Seq', 'Set', 'Bag', 'List', 'Tuple', 'UnitTuple',
  'Table', 'Relation', 'Nullable', 'Char', 'FloatingPoint', 'RoundingMode', 'Float16', 'Float32', 'Float64', 'Float128', 'bv',
  // arrays, sets, bags, tuples, separation logic
  'select', 'store', 'const', 'subset', 'union', 'intersection', 'difference', 'complement', 'member', 'insert',
  'singleton', 'emptyset', 'choose', 'card', 'bag', 'tuple', 'sep', 'pto', 'emp', 'is', 'char', 'witness',
  // bit-vectors and floating point
  'concat', 'extract', 'repeat', 'zero_extend', 'sign_extend', 'rotate_left', 'rotate_right', 'bv2nat', 'nat2bv', 'int2bv',
  'bv2int', 'bvadd', 'bvsub', 'bvmul', 'bvudiv', 'bvurem', 'bvsdiv', 'bvsrem', 'bvsmod', 'bvneg', 'bvnot', 'bvand', 'bvor',
  'bvxor', 'bvnand', 'bvnor', 'bvxnor', 'bvcomp', 'bvshl', 'bvlshr', 'bvashr', 'bvult', 'bvule', 'bvugt', 'bvuge', 'bvslt',
  'bvsle', 'bvsgt', 'bvsge', 'bvredor', 'bvredand', 'fp', 'to_fp', 'to_fp_unsigned', 'fp_to_ubv', 'fp_to_sbv', 'fp_to_real',
  'RNE', 'RNA', 'RTP', 'RTN', 'RTZ', 'NaN',
];

const RESERVED: ReadonlySet<string> = new Set([
  ...SMTLIB_RESERVED,
  ...COMMANDS,
  ...COMMANDS.map((c) => c.replace(/-/g, '_')),
  ...THEORY_SYMBOLS,
]);

/** True when `name` may not be used for a declared symbol, variable or assertion id. */
export function isReservedWord(name: string): boolean {
  return RESERVED.has(name);
}

export type NameProblem = 'empty' | 'too-long' | 'identifier' | 'reserved' | 'internal-prefix';

/** Why `name` is not allowed as a user symbol, or null when it is. */
export function nameProblem(name: string): NameProblem | null {
  if (name.length === 0) return 'empty';
  if (name.length > MAX_IDENTIFIER_LENGTH) return 'too-long';
  if (!IDENTIFIER.test(name)) return 'identifier';
  if (name.startsWith(INTERNAL_PREFIX)) return 'internal-prefix';
  if (RESERVED.has(name)) return 'reserved';
  return null;
}

/** A sentence saying what is wrong with `name` (for diagnostics). */
export function describeNameProblem(what: string, name: string, problem: NameProblem): string {
  const shown = JSON.stringify(name.length > 60 ? name.slice(0, 60) + '…' : name);
  switch (problem) {
    case 'empty':
      return `${what} is empty`;
    case 'too-long':
      return `${what} ${shown} is longer than ${MAX_IDENTIFIER_LENGTH} characters`;
    case 'identifier':
      return `${what} ${shown} is not an identifier: names match ^[A-Za-z_][A-Za-z0-9_]*$`;
    case 'internal-prefix':
      return `${what} ${shown} starts with ${INTERNAL_PREFIX}, which is reserved for names Warrant makes up`;
    case 'reserved':
      return `${what} ${shown} is a reserved word of SMT-LIB or of the solvers`;
  }
}
