/**
 * The syntax tree of the Python subset a Gaia package module is written in: module-level
 * statements only (imports, assignments, expression statements), and the expressions
 * those need. Every node carries its source range. Anything outside the subset is kept
 * as an `unsupported` node with its range, so nothing is silently dropped.
 */
import type { SourceRange } from '../text/sourceRange.ts';

export type PyExpr =
  | { readonly kind: 'name'; readonly id: string; readonly range: SourceRange }
  /** A string literal; adjacent literals (implicit concatenation) are already joined. */
  | { readonly kind: 'string'; readonly value: string; readonly range: SourceRange; readonly prefix: string }
  | { readonly kind: 'number'; readonly value: number; readonly text: string; readonly range: SourceRange }
  /** `True`, `False` and `None`. */
  | { readonly kind: 'constant'; readonly value: boolean | null; readonly range: SourceRange }
  | { readonly kind: 'list'; readonly items: readonly PyExpr[]; readonly range: SourceRange }
  | { readonly kind: 'tuple'; readonly items: readonly PyExpr[]; readonly range: SourceRange }
  /** A set display `{a, b}`. */
  | { readonly kind: 'set'; readonly items: readonly PyExpr[]; readonly range: SourceRange }
  | { readonly kind: 'dict'; readonly entries: readonly { readonly key: PyExpr; readonly value: PyExpr }[]; readonly range: SourceRange }
  /** `a.b`: e.g. `bayes.model`. */
  | { readonly kind: 'attribute'; readonly value: PyExpr; readonly attr: string; readonly range: SourceRange }
  | { readonly kind: 'call'; readonly func: PyExpr; readonly args: readonly PyExpr[]; readonly keywords: readonly PyKeyword[]; readonly range: SourceRange }
  /** `~a`, and unary minus / plus on numbers. */
  | { readonly kind: 'unary'; readonly op: '~' | '-' | '+' | 'not'; readonly operand: PyExpr; readonly range: SourceRange }
  /** `a & b`, `a | b`; other binary operators are parsed so they can be reported. */
  | { readonly kind: 'binary'; readonly op: string; readonly left: PyExpr; readonly right: PyExpr; readonly range: SourceRange }
  /** `f"…{x!r:>8}…"`; plain literals implicitly joined to it are `text` parts. */
  | { readonly kind: 'fstring'; readonly parts: readonly PyFStringPart[]; readonly range: SourceRange }
  /** `a[i]` (slices stay `unsupported`). */
  | { readonly kind: 'subscript'; readonly value: PyExpr; readonly index: PyExpr; readonly range: SourceRange }
  /** `*xs` in a list or tuple display or a call's arguments. */
  | { readonly kind: 'starred'; readonly value: PyExpr; readonly range: SourceRange }
  /** `a < b == c`, `x in xs`, `x is not None`. */
  | { readonly kind: 'compare'; readonly left: PyExpr; readonly ops: readonly string[]; readonly comparators: readonly PyExpr[]; readonly range: SourceRange }
  /** `a and b and c`, `a or b`. */
  | { readonly kind: 'boolOp'; readonly op: 'and' | 'or'; readonly values: readonly PyExpr[]; readonly range: SourceRange }
  /** `body if test else orelse`. */
  | { readonly kind: 'ifExp'; readonly test: PyExpr; readonly body: PyExpr; readonly orelse: PyExpr; readonly range: SourceRange }
  /** `lambda params: body`. */
  | { readonly kind: 'lambda'; readonly params: readonly PyParameter[]; readonly body: PyExpr; readonly range: SourceRange }
  /** `lower:upper:step` inside a subscript's brackets, each part optional. */
  | { readonly kind: 'slice'; readonly lower: PyExpr | null; readonly upper: PyExpr | null; readonly step: PyExpr | null; readonly range: SourceRange }
  /** `[e for t in xs if c]`, `{k: v for …}`, `{e for …}`, `(e for …)`: `value` only for a dict's. */
  | {
      readonly kind: 'comprehension';
      readonly form: 'list' | 'set' | 'dict' | 'generator';
      readonly element: PyExpr;
      readonly value: PyExpr | null;
      readonly clauses: readonly PyComprehensionClause[];
      readonly range: SourceRange;
    }
  /** Syntax outside the subset (slices, …), kept with its range. */
  | { readonly kind: 'unsupported'; readonly what: string; readonly range: SourceRange };

/** One `for target in iter` of a comprehension, with the `if`s that follow it. */
export interface PyComprehensionClause {
  readonly target: PyExpr;
  readonly iter: PyExpr;
  readonly ifs: readonly PyExpr[];
}

export type PyFStringPart =
  | { readonly kind: 'text'; readonly value: string }
  | {
      readonly kind: 'field';
      readonly value: PyExpr;
      readonly conversion: 'r' | 's' | 'a' | null;
      readonly formatSpec: readonly PyFStringPart[] | null;
      /** `f"{x=}"`: the text written before `=`, echoed before the value. */
      readonly selfDoc?: string;
    };

export interface PyParameter {
  readonly name: string;
  readonly kind: 'positional' | 'positionalOnly' | 'keywordOnly' | 'varargs' | 'kwargs';
  readonly default: PyExpr | null;
  readonly annotation: PyExpr | null;
  readonly range: SourceRange;
}

export interface PyKeyword {
  /** `null` for `**kwargs`. */
  readonly name: string | null;
  readonly value: PyExpr;
  readonly range: SourceRange;
  readonly nameRange: SourceRange;
}

export type PyStatement =
  /** `from a.b import x, y as z` (also parenthesised lists). */
  | {
      readonly kind: 'importFrom';
      readonly module: string;
      readonly names: readonly { readonly name: string; readonly asName: string | null; readonly range: SourceRange }[];
      readonly range: SourceRange;
    }
  /** `import a.b` / `import a.b as c`. */
  | { readonly kind: 'import'; readonly names: readonly { readonly name: string; readonly asName: string | null; readonly range: SourceRange }[]; readonly range: SourceRange }
  /** `target = value`, one plain name target (the form Gaia packages use). */
  | { readonly kind: 'assign'; readonly target: string; readonly targetRange: SourceRange; readonly value: PyExpr; readonly range: SourceRange }
  /** A bare expression: a verb call, or a docstring. */
  | { readonly kind: 'expr'; readonly value: PyExpr; readonly range: SourceRange }
  /** Any other assignment: `x.label = v`, `d[k] = v`, `a, b = v`, `a = b = v` (every target, left to right). */
  | { readonly kind: 'assignTarget'; readonly targets: readonly PyExpr[]; readonly value: PyExpr; readonly range: SourceRange }
  /** `target: annotation = value` (value null when only annotated). */
  | { readonly kind: 'annAssign'; readonly target: PyExpr; readonly annotation: PyExpr; readonly value: PyExpr | null; readonly range: SourceRange }
  /** `target += value` and the other augmented operators (`op` as written, `+=`). */
  | { readonly kind: 'augAssign'; readonly target: PyExpr; readonly op: string; readonly value: PyExpr; readonly range: SourceRange }
  | { readonly kind: 'for'; readonly target: PyExpr; readonly iter: PyExpr; readonly body: readonly PyStatement[]; readonly orelse: readonly PyStatement[]; readonly range: SourceRange }
  /** `if`; an `elif` is a nested `if` alone in `orelse`. */
  | { readonly kind: 'if'; readonly test: PyExpr; readonly body: readonly PyStatement[]; readonly orelse: readonly PyStatement[]; readonly range: SourceRange }
  | {
      readonly kind: 'def';
      readonly name: string;
      readonly nameRange: SourceRange;
      readonly params: readonly PyParameter[];
      readonly returns: PyExpr | null;
      readonly body: readonly PyStatement[];
      readonly decorators: readonly PyExpr[];
      readonly isAsync: boolean;
      readonly range: SourceRange;
    }
  /** `class Name(bases, keywords):` with its body (decorators above it, as written). */
  | {
      readonly kind: 'class';
      readonly name: string;
      readonly nameRange: SourceRange;
      readonly bases: readonly PyExpr[];
      readonly keywords: readonly PyKeyword[];
      readonly body: readonly PyStatement[];
      readonly decorators: readonly PyExpr[];
      readonly range: SourceRange;
    }
  | { readonly kind: 'return'; readonly value: PyExpr | null; readonly range: SourceRange }
  /** `del a, b`. */
  | { readonly kind: 'del'; readonly targets: readonly PyExpr[]; readonly range: SourceRange }
  | { readonly kind: 'pass' | 'break' | 'continue'; readonly range: SourceRange }
  /** A decorated definition, loop, class, `if`, etc.: kept whole so it can be reported. */
  | { readonly kind: 'unsupported'; readonly what: string; readonly range: SourceRange };

export interface PyModule {
  readonly body: readonly PyStatement[];
  /** Syntax errors: where the text is not Python the parser could read. */
  readonly errors: readonly { readonly message: string; readonly range: SourceRange }[];
}
