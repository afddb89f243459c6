/**
 * Classes and lambdas as Warrant's evaluator runs them, case by case against CPython:
 * each body binds `out`, and the text is what Python 3 gives for it (checked by running
 * the same bodies in Python). Python's method order (C3) included.
 */
import { describe, expect, it } from 'vitest';
import { analyzeGaia } from '../../../src/core/gaia/analyzeGaia.ts';

/** [what, module body binding `out`, Python's value of `out`]. */
const CASES: readonly [string, string, string][] = [
  ['class attribute read through an instance and the class', "class C:\n    x = 1\nc = C()\nout = f'{c.x} {C.x}'\n", '1 1'],
  ['an instance attribute shadows the class one', "class C:\n    x = 1\n    def __init__(self):\n        self.x = 2\nout = f'{C().x} {C.x}'\n", '2 1'],
  ['a method bound to its instance', 'class C:\n    def __init__(self, n):\n        self.n = n\n    def twice(self):\n        return self.n * 2\nm = C(4).twice\nout = str(m())\n', '8'],
  ['inheritance and an override calling the base', "class A:\n    def who(self):\n        return 'A'\nclass B(A):\n    def who(self):\n        return 'B>' + A.who(self)\nout = B().who()\n", 'B>A'],
  [
    'super() in __init__ and in a method',
    "class A:\n    def __init__(self, n):\n        self.n = n\n    def show(self):\n        return f'A{self.n}'\nclass B(A):\n    def __init__(self):\n        super().__init__(7)\n    def show(self):\n        return 'B' + super().show()\nout = B().show()\n",
    'BA7',
  ],
  [
    "a diamond takes Python's order for the first match",
    "class A:\n    def f(self):\n        return 'A'\nclass B(A):\n    pass\nclass C(A):\n    def f(self):\n        return 'C'\nclass D(B, C):\n    pass\nout = D().f()\n",
    'C',
  ],
  [
    'staticmethod and classmethod',
    "class C:\n    k = 3\n    @staticmethod\n    def s(x):\n        return x + 1\n    @classmethod\n    def c(cls, x):\n        return x * cls.k\nout = f'{C.s(1)} {C().s(2)} {C.c(2)} {C().c(3)}'\n",
    '2 3 6 9',
  ],
  ['property', 'class C:\n    def __init__(self):\n        self.v = 5\n    @property\n    def double(self):\n        return self.v * 2\nout = str(C().double)\n', '10'],
  [
    'a dataclass with defaults, by position and keyword',
    "from dataclasses import dataclass\n@dataclass\nclass P:\n    x: int\n    y: int = 2\n    z: str = 'z'\np = P(1, z='q')\nout = f'{p.x} {p.y} {p.z}'\n",
    '1 2 q',
  ],
  [
    "a dataclass subclass adds fields after the base's",
    "from dataclasses import dataclass\n@dataclass\nclass A:\n    a: int\n@dataclass\nclass B(A):\n    b: int = 0\nq = B(1, 2)\nout = f'{q.a} {q.b}'\n",
    '1 2',
  ],
  ['a NamedTuple', "from typing import NamedTuple\nclass P(NamedTuple):\n    x: float\n    y: float = 0.5\np = P(1.5)\nout = f'{p.x} {p.y}'\n", '1.5 0.5'],
  ['isinstance with a tuple of classes', "class A:\n    pass\nclass B:\n    pass\nout = f'{isinstance(A(), (B, A))} {isinstance(B(), A)}'\n", 'True False'],
  ['getattr with a default and hasattr', "class C:\n    a = 1\nc = C()\nout = f\"{getattr(c, 'a')} {getattr(c, 'b', 9)} {hasattr(c, 'b')}\"\n", '1 9 False'],
  ['setting a class attribute is seen by every instance', 'class C:\n    n = 0\n    def __init__(self):\n        C.n = C.n + 1\nC()\nC()\nout = str(C().n)\n', '3'],
  ["the class's name and docstring", 'class C:\n    """Doc."""\nout = f\'{C.__name__} {C.__doc__}\'\n', 'C Doc.'],
  ['a lambda with a default', "f = lambda x, y=10: x * y\nout = f'{f(2)} {f(2, 3)}'\n", '20 6'],
];

function run(body: string) {
  const a = analyzeGaia(`${body}from gaia.engine.lang import claim\nx = claim(out)\n`);
  return { errors: a.diagnostics.filter((d) => d.severity === 'error').map((d) => d.message), text: a.run.pkg.knowledge.find((k) => k.label === 'x')?.content };
}

describe('Python classes, against CPython', () => {
  it.each(CASES)('%s', (_what, body, want) => {
    const got = run(body);
    expect(got.errors).toEqual([]);
    expect(got.text).toBe(want);
  });
});

describe('what classes refuse, as Python does', () => {
  it.each([
    ['an attribute an instance lacks', 'class C:\n    pass\nout = C().nope\n', "AttributeError: 'C' object has no attribute 'nope'"],
    ['a missing __init__ argument', 'class C:\n    def __init__(self, a, b):\n        pass\nout = C(1)\n', "C.__init__() missing 1 required positional argument: 'b'"],
    ['too many __init__ arguments', 'class C:\n    def __init__(self, a=1):\n        pass\nout = C(1, 2)\n', 'C.__init__() takes from 1 to 2 positional arguments but 3 were given'],
    ['arguments to a class without __init__', 'class C:\n    pass\nout = C(1)\n', 'C() takes no arguments'],
    [
      'a dataclass missing two fields',
      'from dataclasses import dataclass\n@dataclass\nclass P:\n    x: int\n    y: int\nout = P()\n',
      "P.__init__() missing 2 required positional arguments: 'x' and 'y'",
    ],
    ['a Claim subclass with its own __init__', 'from gaia.engine.lang import Claim\nclass R(Claim):\n    def __init__(self):\n        pass\nout = R()\n', 'a Claim subclass with its own __init__'],
    ['a metaclass', 'class M:\n    pass\nclass C(metaclass=M):\n    pass\nout = 1\n', 'a class keyword (metaclass=)'],
  ])('%s', (_what, body, message) => {
    expect(run(body).errors.join('\n')).toContain(message);
  });
});
