#!/usr/bin/env python3
"""Writes a random Gaia package of predicate-logic formulas (typed terms, comparisons, predicates,
connectives, quantifiers over a finite domain of str/int/float members, parameter(), a likelihood link)
for checking Warrant against real Gaia: test/fixtures/gaia-packages/formula-gen-SEED were made by
    python3 scripts/gaia-formula-packages.py SEED test/fixtures/gaia-packages
and the oracle (../shared/tools/gaia-oracle/run.sh) run on each."""
import random, sys, os
seed = int(sys.argv[1]); out = sys.argv[2]
R = random.Random(seed)
name = f"formula-gen-{seed}"
mod = name.replace('-', '_')
lines = ["from gaia.engine.lang import (ClaimAtom, ClaimKind, Domain, PredicateSymbol, FunctionSymbol, FunctionApp, UserPredicate, Variable, Constant,",
         "    Real, Nat, Bool, Probability, Equals, NotEquals, Greater, GreaterEqual, Less, LessEqual, ArithOp,",
         "    claim, forall, exists, Forall, Exists, implies, land, lor, lnot, iff, equals, parameter, observe, derive, infer)", ""]
members_kind = R.choice(['str', 'int', 'float', 'mixed'])
def member(i):
    k = members_kind if members_kind != 'mixed' else R.choice(['str', 'int', 'float'])
    return {'str': repr(f"m{i}"), 'int': str(i), 'float': repr(i + 0.5)}[k]
n = R.randint(1, 4)
dname = R.choice(['"Things"', '"Samples of the run"'])
dextra = R.choice(['', ', label="dom"', ', title="T"'])
mems = ', '.join(member(i) for i in range(n))
lines.append("D = Domain(" + dname + ", members=[" + mems + "]" + dextra + ")")
lines.append('x = Variable(symbol="x", domain=D)')
lines.append('P = PredicateSymbol("P", (D,))')
lines.append('Q = PredicateSymbol("Q", (D,))')
lines.append('F = FunctionSymbol("F", (D,), Real)')
lines.append('G = FunctionSymbol("G", (D,), Nat)')
lines.append('n = Variable(symbol="n", domain=Nat)')
lines.append('r = Variable(symbol="r", domain=Real)')
lines.append('a = claim("A.", prior=0.7)')
lines.append('b = claim("B.")')
def term(bound, depth=0):
    c = R.randint(0, 5 if depth < 2 else 2)
    if c == 0 and bound: return 'FunctionApp(F, (x,))'
    if c == 1: return f'Constant({R.choice(["0", "1.5", "2", "-3.25"])}, Real)'
    if c == 2: return 'r'
    if c == 3 and bound: return 'FunctionApp(F, (x,))'
    if c == 4: return f'ArithOp("{R.choice("+-*/")}", {term(bound, depth+1)}, {term(bound, depth+1)})'
    return 'r'
def atom(bound):
    c = R.randint(0, 6)
    if bound and c <= 2: return R.choice(['UserPredicate(P, (x,))', 'UserPredicate(Q, (x,))'])
    if c == 3: return R.choice(['a', 'b', 'ClaimAtom(a)'])
    cls = R.choice(['Equals', 'NotEquals', 'Greater', 'GreaterEqual', 'Less', 'LessEqual', 'equals'])
    if cls in ('Equals', 'equals') and R.random() < 0.5: return f'{cls}(n, Constant({R.randint(0, 9)}, Nat))'
    return f'{cls}({term(bound)}, {term(bound)})'
def formula(bound, depth=0):
    if depth >= 2 or R.random() < 0.35: return atom(bound)
    c = R.choice(['land', 'lor', 'lnot', 'implies', 'iff'])
    if c in ('land', 'lor'): return f'{c}({", ".join(formula(bound, depth+1) for _ in range(R.randint(2, 3)))})'
    if c == 'lnot':
        inner = formula(bound, depth+1)
        return f'lnot({inner})'
    return f'{c}({formula(bound, depth+1)}, {formula(bound, depth+1)})'
for i in range(R.randint(2, 4)):
    q = R.choice(['forall', 'exists', 'Forall', 'Exists', None, None])
    body = formula(q is not None)
    f = f'{q}(x, {body})' if q else body
    prior = R.choice(['', ', prior=0.6', ', prior=0.25'])
    kind = ', kind=ClaimKind.QUANTIFIED' if q and R.random() < 0.5 else ''
    lines.append(f'c{i} = claim("Claim {i}.", formula={f}{kind}{prior})')
if R.random() < 0.5: lines.append(f'p = parameter(Variable(symbol="t", domain=Probability), {R.choice(["0.25", "1", "0"])}, prior=0.5)')
if R.random() < 0.5: lines.append('ev = claim("Evidence.")\ninfer(ev, hypothesis=c0, p_e_given_h=0.8, p_e_given_not_h=0.3)\nobserve(ev)')
d = os.path.join(out, name); os.makedirs(os.path.join(d, 'src', mod), exist_ok=True)
open(os.path.join(d, 'pyproject.toml'), 'w').write(f'[project]\nname = "{name}-gaia"\nversion = "0.1.0"\n\n[tool.gaia]\ntype = "knowledge-package"\nnamespace = "test"\n')
open(os.path.join(d, 'src', mod, '__init__.py'), 'w').write('\n'.join(lines) + '\n')
print(name)
