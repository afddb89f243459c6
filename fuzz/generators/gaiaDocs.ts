/**
 * Grammar-aware Gaia modules: the import line, then assignments and calls of Gaia's
 * DSL (claim, note, question, derive, infer, observe, equal, contradict, exclusive,
 * associate, decompose, register_prior, the logic operators) with arguments drawn from
 * the edge cases — names defined later or never, odd priors, nested lists and calls,
 * implicit string concatenation, comments, odd indentation — and some Python around them.
 */
import type { Rng } from '../core/rng.ts';

export const GAIA_HEADER =
  'from gaia.engine.lang import claim, note, question, derive, observe, infer, associate, equal, contradict, exclusive, decompose, depends_on, candidate_relation, materialize, register_prior, land, lor, lnot, implies, iff, ClaimAtom\n';

export const GAIA_TOKENS = [
  'claim(', 'note(', 'question(', 'derive(', 'infer(', 'observe(', 'equal(', 'contradict(', 'exclusive(', 'associate(', 'decompose(', 'register_prior(',
  'depends_on(', 'candidate_relation(', 'materialize(', 'land(', 'lor(', 'lnot(', 'implies(', 'iff(', 'ClaimAtom(',
  '"A."', "'b'", '"""doc"""', 'a', 'b', 'c', '_x', '=', ',', ')', '(', '[', ']', '{', '}', ':', '~', '&', '|', '**', '.', '0.5', '1e-3', '-1', 'None', 'True',
  'given=', 'prior=', 'value=', 'label=', 'rationale=', 'background=', 'hypothesis=', 'p_e_given_h=', 'p_e_given_not_h=', 'justification=', 'parts=', 'formula=',
  '__all__', 'def ', 'return ', 'lambda ', 'if ', 'for ', 'in ', 'import ', 'from ', '#', '\\', '\n', '    ', '\t',
];

const VERBS_1 = ['claim', 'note', 'question'] as const;

function str(rng: Rng): string {
  const body = rng.pick(['A.', 'The bob is heavy.', 'x', '', 'é 😀', 'quote \\" inside', 'tab\\t', "it's", 'line\\nbreak', '{braces}', '%s']);
  return rng.weighted([
    [10, () => `"${body}"`],
    [3, () => `'${body}'`],
    [1, () => `"""${body}\n${body}"""`],
    [1, () => `("${body} "\n    "${body}")`],
    [1, () => `f"${body}"`],
    [1, () => `r"${body}\\"`],
    [1, () => `"${body}`],
  ])();
}

function num(rng: Rng): string {
  return rng.weighted([
    [10, () => rng.pick(['0.5', '0.9', '0.1', '0.35', '1', '0', '0.999'])],
    [2, () => rng.pick(['-0.1', '1.5', '1e-300', '1e308', '1e309', 'float("nan")', 'float("inf")', '0x10', '1_000', '.5', '5.', 'None', '"0.5"', 'True'])],
    [1, () => '0.' + '9'.repeat(rng.range(20, 400))],
    [1, () => '9'.repeat(rng.range(20, 400))],
  ])();
}

function ref(rng: Rng, names: readonly string[]): string {
  if (names.length === 0 || rng.chance(0.1)) return rng.pick(['undefined_name', 'x', '_', 'claim', 'None', '1']);
  return rng.pick(names);
}

function list(rng: Rng, names: readonly string[]): string {
  const items = Array.from({ length: rng.small(4) }, () => expr(rng, names, 1));
  return rng.chance(0.9) ? `[${items.join(', ')}]` : `(${items.join(', ')}${items.length === 1 ? ',' : ''})`;
}

function expr(rng: Rng, names: readonly string[], depth: number): string {
  if (depth > 3) return ref(rng, names);
  return rng.weighted([
    [10, () => ref(rng, names)],
    [2, () => `~${ref(rng, names)}`],
    [2, () => `${ref(rng, names)} ${rng.pick(['&', '|', '>>', '=='])} ${ref(rng, names)}`],
    [2, () => `${rng.pick(['land', 'lor', 'lnot', 'implies', 'iff'])}(${ref(rng, names)}${rng.chance(0.6) ? ', ' + ref(rng, names) : ''})`],
    [1, () => call(rng, names, depth + 1)],
    [1, () => str(rng)],
    [1, () => num(rng)],
  ])();
}

function kwargs(rng: Rng, names: readonly string[], keys: readonly string[]): string {
  const out: string[] = [];
  for (const k of keys) {
    if (!rng.chance(0.6)) continue;
    if (k === 'given' || k === 'background' || k === 'parts') out.push(`${k}=${list(rng, names)}`);
    else if (k === 'prior' || k === 'value' || k.startsWith('p_')) out.push(`${k}=${num(rng)}`);
    else if (k === 'hypothesis') out.push(`${k}=${ref(rng, names)}`);
    else if (k === 'label') out.push(`${k}=${rng.chance(0.9) ? `"${rng.pick(['l1', 'path', 'a_b', 'x y', '', '1x', 'é'])}${rng.small(20)}"` : num(rng)}`);
    else out.push(`${k}=${str(rng)}`);
  }
  if (rng.chance(0.03)) out.push(`${rng.pick(['unknown', 'given', 'prior'])}=${expr(rng, names, 2)}`);
  return out.join(', ');
}

function call(rng: Rng, names: readonly string[], depth: number): string {
  const verb = rng.pick(['claim', 'claim', 'claim', 'note', 'question', 'derive', 'derive', 'infer', 'observe', 'equal', 'contradict', 'exclusive', 'associate', 'decompose', 'depends_on', 'candidate_relation', 'materialize', 'ClaimAtom'] as const);
  const a = () => ref(rng, names);
  let args: string[];
  if ((VERBS_1 as readonly string[]).includes(verb)) args = [str(rng), kwargs(rng, names, verb === 'claim' ? ['prior', 'label', 'rationale'] : ['label'])];
  else if (verb === 'derive') args = [rng.chance(0.8) ? str(rng) : a(), kwargs(rng, names, ['given', 'background', 'rationale', 'label'])];
  else if (verb === 'infer') args = [a(), kwargs(rng, names, ['hypothesis', 'p_e_given_h', 'p_e_given_not_h', 'rationale', 'label'])];
  else if (verb === 'observe') args = [a(), kwargs(rng, names, ['value', 'rationale', 'label'])];
  else if (verb === 'decompose') args = [a(), kwargs(rng, names, ['parts', 'formula', 'rationale', 'label'])];
  else args = [a(), a(), kwargs(rng, names, ['rationale', 'label', 'prior'])];
  if (depth > 1 && rng.chance(0.5)) args = [expr(rng, names, depth + 1)];
  const joined = args.filter((x) => x !== '').join(rng.pick([', ', ',\n    ', ','] as const));
  return `${verb}(${joined}${rng.chance(0.05) ? ',' : ''}${rng.chance(0.02) ? '' : ')'}`;
}

function statement(rng: Rng, names: string[]): string {
  const kind = rng.weighted([
    [20, 'assign'],
    [4, 'call'],
    [3, 'prior'],
    [1, 'comment'],
    [1, 'blank'],
    [1, 'python'],
  ] as const);
  switch (kind) {
    case 'assign': {
      const name = rng.chance(0.9) ? `v${names.length}` : rng.pick(['claim', '_', 'x', names[0] ?? 'a', 'a.b', 'a, b', '__all__']);
      const line = `${name} = ${call(rng, names, 1)}`;
      if (/^[a-z_][a-z0-9_]*$/i.test(name)) names.push(name);
      return line;
    }
    case 'call':
      return call(rng, names, 1);
    case 'prior':
      return `register_prior(${ref(rng, names)}, value=${num(rng)}${rng.chance(0.7) ? `, justification=${str(rng)}` : ''})`;
    case 'comment':
      return `# ${rng.pick(['note', 'claim("x")', '"unterminated', ''])}`;
    case 'blank':
      return '';
    default:
      return rng.pick([
        'def f(x):\n    return claim("in a function")',
        'if True:\n    c = claim("under if")',
        `__all__ = [${names.slice(0, 3).map((n) => `"${n}"`).join(', ')}]`,
        'for i in range(3):\n    claim("loop")',
        'import math',
        'x = [' + '['.repeat(rng.small(60)) + ']'.repeat(rng.small(60)) + ']',
        'y = ' + '('.repeat(rng.small(60)) + '1' + ')'.repeat(rng.small(60)),
        'z = ' + '~'.repeat(rng.small(60)) + 'a',
        '    indented = claim("odd indent")',
        'class K:\n    pass',
        'lambda: claim("l")',
      ]);
  }
}

export function gaiaDocument(rng: Rng, maxStatements = 30): string {
  const names: string[] = [];
  const lines: string[] = [];
  if (rng.chance(0.1)) lines.push(`"""${rng.pick(['A package.', 'doc', ''])}"""`);
  lines.push(
    rng.weighted([
      [10, GAIA_HEADER.trimEnd()],
      [1, 'from gaia.engine.lang import claim, derive'],
      [1, 'from gaia.engine.lang import *'],
      [1, 'import gaia'],
      [1, ''],
    ] as const),
  );
  const n = rng.small(maxStatements);
  for (let i = 0; i < n; i++) lines.push(statement(rng, names));
  return lines.join(rng.chance(0.95) ? '\n' : '\r\n') + (rng.chance(0.8) ? '\n' : '');
}
