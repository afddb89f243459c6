/**
 * Every accepted form reads without errors, and every unsupported or wrong one gives its
 * code. The code table in docs/contract-extensions.md is checked against the
 * implementation's, and every code there is produced by some case here.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeGaia } from '../../src/core/gaia/analyzeGaia.ts';
import { GAIA_DIAGNOSTIC_CODES } from '../../src/core/gaia/gaiaDiagnosticCodes.ts';
import { codes, errorCodes, gaia } from '../support/gaiaPackages.ts';
import { repoRoot } from '../support/sharedReference.ts';

const A = 'a = claim("A.")\nb = claim("B.")\nn = note("N.")\n';

/** Forms Gaia accepts: no error, and only the warnings listed. */
const ACCEPTED: readonly [string, string, readonly string[]][] = [
  ['docstring and comments', '"""Module docstring."""\n# comment\na = claim("A.")  # trailing\n', []],
  ['implicit concatenation and parentheses', 'a = claim(\n    "one "\n    "two"\n)\n', []],
  ['claim with prior, title, format, metadata', 'a = claim("A.", prior=0.7, title="T", format="text", label="x", page=3)\n', []],
  ['note, question with targets', A + 'q = question("Q?", targets=[a])\n', []],
  ['derive with 0, 1 and 2 premises', A + 'derive("C.", given=[])\nderive("D.", given=a)\nderive("E.", given=(a, b), background=[n], rationale="r", label="e")\n', []],
  ['observe with and without given', A + 'observe(a)\nobserve("F.", given=[a, b], rationale="seen")\n', []],
  ['infer with given and p_e_given_not_h', A + 'infer("E.", hypothesis=a, given=[b], p_e_given_h=0.9, p_e_given_not_h=0.1)\n', []],
  ['infer without p_e_given_not_h', A + 'infer(b, hypothesis=a, p_e_given_h=0.9)\n', ['missing-p-e-given-not-h']],
  ['associate with an endpoint prior', 'a = claim("A.", prior=0.4)\nb = claim("B.")\nassociate(a, b, p_a_given_b=0.6, p_b_given_a=0.7, pattern="equal")\n', []],
  [
    'a @compose function, defined and called',
    'from gaia.engine.lang import compose\n' + A + '@compose(name="c", version="1", background=[n])\ndef f(x):\n    return derive("C.", given=[x, b])\nc = f(a)\n',
    [],
  ],
  ['compose(...) kept and never applied', 'from gaia.engine.lang import compose\nx = compose(name="c", version="1")\n', []],
  ['associate without endpoint priors', A + 'associate(a, b, p_a_given_b=0.6, p_b_given_a=0.7)\n', ['associate-no-prior']],
  ['equal, contradict, exclusive', A + 'equal(a, b, background=[n])\ncontradict(a, b, rationale="r")\nexclusive(a, b, label="x")\n', []],
  ['decompose with & | ~', A + 'c = claim("C.")\nw = claim("W.")\ndecompose(w, parts=[a, b, c], formula=lor(a & b, ~c))\n', []],
  ['a formula lifted into a claim slot (an operand_lift helper claim)', A + 'derive("C.", given=[a & b])\n', []],
  ['a formula lifted into a claim slot over a claim with a background', 'n = note("N.")\na = claim("A.", background=[n])\nderive("C.", given=[~a])\n', []],
  ['an equation over a distribution', 'from gaia.engine.lang import Normal, claim\nx = Normal("x", mu=0, sigma=1)\nc = claim("X is one.", x == 1)\n', []],
  ['formula claims', A + 'f = claim("F.", formula=(a | b) & a)\ng = claim("G.", formula=iff(a, implies(a, b)))\nh = claim("H.", formula=ClaimAtom(a))\n', []],
  [
    'scaffolds and materialize',
    A + 'd = depends_on(b, given=[a], label="d")\nc = candidate_relation(claims=[a, b], pattern="equal")\nm = equal(a, b, label="m")\nmaterialize(d, by=m)\nmaterialize(c, by="m")\n',
    [],
  ],
  ['register_prior vs prior=', 'a = claim("A.", prior=0.2)\nregister_prior(a, 0.3, justification="j")\nregister_prior(a, 0.4, justification="k", source_id="reviewer_r")\n', []],
  ['module import and aliases', 'import gaia.engine.lang as gl\nfrom gaia.engine.lang import claim as c\na = gl.claim("A.")\nb = c("B.", kind=gl.ClaimKind.GENERAL)\n', []],
  ['__all__ and export()', A + '__all__ = ["a", "b"]\n', []],
  ['export()', 'from gaia.engine.lang import export\na = claim("A.")\nb = claim("B.")\n__all__ = export(a, "b")\n', []],
  ['references', A + 'c = claim("Uses [@a] and @b and @nothing.")\n', []],
  ['arithmetic on numbers', 'a = claim("A.", prior=1 / 3)\nb = claim("B.", prior=0.1 + 0.2)\n', []],
  ['future import', 'from __future__ import annotations\n' + A, []],
  ['a class, a lambda and math', 'import math\nclass K:\n    def __init__(self, n):\n        self.n = n\nf = lambda k: math.sqrt(k.n)\na = claim(f"Root {f(K(4))}.")\n', []],
  ['compute', 'from gaia.engine.lang import compute, Claim\ndef f(a):\n    return claim(f"From {a.content}")\nb = claim("B.")\nc = compute(Claim, fn=f, given=b)\n', []],
];

/** Forms Gaia rejects or Warrant does not model: the codes they give. */
const REJECTED: readonly [string, string, string][] = [
  ['a syntax error', 'a = claim("A."\n', 'syntax'],
  ['a class with a metaclass', 'class K(metaclass=M):\n    x = 1\n', 'unsupported-python'],
  ['a while loop', 'while True:\n    pass\n', 'unsupported-python'],
  ['a for loop over an unknown value', 'import math\nfor i in math.pi:\n    pass\n', 'unsupported-python'],
  ['a class deriving from a Note', 'from gaia.engine.lang import Note\nclass C(Note):\n    pass\n', 'unsupported-python'],
  ['a math function Warrant does not evaluate', 'import math\nx = math.gamma(3)\n', 'unsupported-python'],
  ['a math domain error', 'import math\nx = math.sqrt(-1)\n', 'bad-argument'],
  ["a for loop over a set (its order is Python's hash order)", 'for t in {"a", "b"}:\n    pass\n', 'unsupported-python'],
  ['an attribute a claim does not have', A + 'x = a.prior_records\n', 'unsupported-python'],
  ['a Python builtin Warrant does not evaluate', 'x = open("f")\n', 'unsupported-python'],
  ['the Compose class', 'from gaia.engine.lang import Compose\nx = Compose(name="c", version="1")\n', 'unsupported'],
  ['a @compose function returning None', 'from gaia.engine.lang import compose\n@compose(name="c", version="1")\ndef f():\n    pass\nx = f()\n', 'not-a-claim'],
  ['a bayes submodule', 'import gaia.engine.bayes.distributions\n', 'unsupported'],
  ['a bad distribution parameter', 'from gaia.engine.lang import Normal\nx = Normal("x", mu=0, sigma=-1)\n', 'bad-argument'],
  ['a quantifier over a value that is not a Variable', 'from gaia.engine.lang import forall\nx = forall(1, 2)\n', 'bad-argument'],
  ['a unit Pint does not know', 'from gaia.engine.lang import Variable, Real\nx = Variable(symbol="x", domain=Real, unit="furlongz")\n', 'bad-argument'],
  ['a legacy composite strategy over values that are not strategies', 'from gaia.engine.lang.compat import abduction\nx = abduction(1, 2, 3)\n', 'bad-argument'],
  [
    'a formula lifted into a claim slot over a claim with a question in its background whose targets are a set of strings (their order is that of one Python run)',
    'from gaia.engine.lang import question\nq = question("Q?", targets={"x", "y"})\na = claim("A.", background=[q])\nderive("C.", given=[~a])\n',
    'unsupported',
  ],
  ["question targets Python cannot list (Gaia's TypeError)", 'from gaia.engine.lang import question\nq = question("Q?", targets=5)\n', 'bad-argument'],
  ['a proposition argument that is not a BoolExpr', 'a = claim("A.", 1)\n', 'bad-argument'],
  ['an unknown gaia name', 'from gaia.engine.lang import frobnicate\n', 'unknown-import'],
  ['a standard-library module', 'import pathlib\n', 'unsupported-import'],
  ['a module that is not there', 'import numpy\n', 'unresolved-import'],
  ['a sibling module, read alone', 'from .sub import x\n', 'unresolved-import'],
  ['an undefined name', 'a = claim("A.")\nderive("B.", given=[zz])\n', 'undefined-name'],
  ['a missing keyword', A + 'associate(a, b, p_a_given_b=0.5)\n', 'bad-argument'],
  ['an unexpected keyword', A + 'derive("C.", given=[a], because="x")\n', 'bad-argument'],
  ['a string where claims are due', A + 'derive("C.", given="a")\n', 'bad-argument'],
  ['formula & formula', A + 'f = claim("F.", formula=(a & b) | (a & b))\n', 'bad-argument'],
  ['~ on a formula', A + 'f = claim("F.", formula=~(a & b))\n', 'bad-argument'],
  ['a note with a prior', 'n = note("N.", prior=0.5)\n', 'bad-argument'],
  ['v5 reason without prior', A + 'from gaia.engine.lang.compat import deduction\ndeduction([a], b, reason="r")\n', 'bad-argument'],
  ['a note as conclusion', A + 'derive(n, given=[a])\n', 'not-a-claim'],
  ['a note as relation endpoint', A + 'contradict(a, n)\n', 'not-a-claim'],
  ['a note as v5 premise', A + 'from gaia.engine.lang.compat import deduction\ndeduction([n], b)\n', 'not-a-claim'],
  ['prior above 0.999', 'a = claim("A.", prior=1.0)\n', 'prior-range'],
  ['prior below 0', 'a = claim("A.")\nregister_prior(a, -0.2, justification="j")\n', 'prior-range'],
  ['probability above 1', A + 'infer(b, hypothesis=a, p_e_given_h=1.5, p_e_given_not_h=0.1)\n', 'probability-range'],
  ['a claim from itself', A + 'derive(a, given=[a])\n', 'self-support'],
  ['the same derivation twice', A + 'derive(b, given=[a])\nderive(b, given=[a])\n', 'duplicate-derivation'],
  ['an action labelled like a claim', A + 'derive("C.", given=[a], label="b")\n', 'label-collision'],
  ['two actions, one label', A + 'derive("C.", given=[a], label="s")\nderive("D.", given=[a], label="S")\n', 'duplicate-action-label'],
  ['a non-ASCII name', 'café = claim("Coffee.")\n', 'invalid-label'],
  ['decompose atoms ≠ parts', A + 'w = claim("W.")\ndecompose(w, parts=[a], formula=a & b)\n', 'decompose-mismatch'],
  ['decompose mentioning the whole', A + 'decompose(a, parts=[a, b], formula=a & b)\n', 'decompose-mismatch'],
  ['a decomposition cycle', A + 'decompose(a, parts=[b], formula=ClaimAtom(b))\ndecompose(b, parts=[a], formula=ClaimAtom(a))\n', 'decompose-cycle'],
  ['a second decompose', A + 'c = claim("C.")\ndecompose(a, parts=[b], formula=ClaimAtom(b))\ndecompose(a, parts=[c], formula=ClaimAtom(c))\n', 'duplicate-decompose'],
  ['__all__ naming nothing', A + '__all__ = ["zz"]\n', 'export-error'],
  ['__all__ under another label', A + 'c = a\n__all__ = ["c"]\n', 'export-error'],
  ['a strict unknown reference', 'a = claim("See [@nowhere].")\n', 'unknown-reference'],
  ['setting', 'from gaia.engine.lang import setting\ns = setting("S.")\n', 'deprecated'],
  ['a legacy verb', A + 'from gaia.engine.lang.compat import contradiction\nk = contradiction(a, b)\n', 'deprecated'],
  ['the legacy infer form', A + 'infer([a], b)\n', 'deprecated'],
  ['one relation, two helpers', A + 'equal(a, b)\nequal(b, a)\n', 'duplicate-relation'],
  ['a rebound claim name', 'a = claim("A.")\na = claim("B.")\n', 'shadowed-label'],
];

describe('accepted forms', () => {
  it.each(ACCEPTED)('%s', (_name, body, warnings) => {
    const a = gaia(body);
    expect(codes(a).sort()).toEqual([...warnings].sort());
  });
});

describe('rejected and unsupported forms', () => {
  it.each(REJECTED)('%s → %s', (_name, body, code) => {
    expect(codes(gaia(body))).toContain(code);
  });

  it('every code of the table is produced by some case', () => {
    const produced = new Set([...REJECTED.map(([, , c]) => c), ...ACCEPTED.flatMap(([, , w]) => w)]);
    produced.add('invalid-package-name');
    // Packages only: test/core/gaia/gaiaPackages.test.ts and its fixtures.
    produced.add('package-error');
    produced.add('reference-error');
    expect([...Object.keys(GAIA_DIAGNOSTIC_CODES)].filter((c) => !produced.has(c))).toEqual([]);
  });

  it('a namespace that cannot form a QID', () => {
    expect(errorCodes(analyzeGaia('a = 1\n', { namespace: 'Bad-NS', package: 'p' }))).toContain('invalid-package-name');
  });

  it('diagnostics carry severities from the table', () => {
    for (const [, body] of REJECTED) {
      for (const d of gaia(body).diagnostics) expect(d.severity).toBe(GAIA_DIAGNOSTIC_CODES[d.code as keyof typeof GAIA_DIAGNOSTIC_CODES]);
    }
  });
});

describe('docs/contract-extensions.md "Gaia diagnostics"', () => {
  const doc = readFileSync(join(repoRoot, 'docs', 'contract-extensions.md'), 'utf8');
  const section = doc.slice(doc.indexOf('## Gaia diagnostics'));
  const rows = [...section.matchAll(/^\| `([a-z-]+)` \| (error|warning|info) \|/gm)].map((m) => [m[1]!, m[2]!]);

  it('lists every code with its severity, and nothing else', () => {
    expect(Object.fromEntries(rows)).toEqual(GAIA_DIAGNOSTIC_CODES);
  });
});
