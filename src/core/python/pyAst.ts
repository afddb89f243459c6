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
  | { readonly kind: 'dict'; readonly entries: readonly { readonly key: PyExpr; readonly value: PyExpr }[]; readonly range: SourceRange }
  /** `a.b`: e.g. `bayes.model`. */
  | { readonly kind: 'attribute'; readonly value: PyExpr; readonly attr: string; readonly range: SourceRange }
  | { readonly kind: 'call'; readonly func: PyExpr; readonly args: readonly PyExpr[]; readonly keywords: readonly PyKeyword[]; readonly range: SourceRange }
  /** `~a`, and unary minus / plus on numbers. */
  | { readonly kind: 'unary'; readonly op: '~' | '-' | '+' | 'not'; readonly operand: PyExpr; readonly range: SourceRange }
  /** `a & b`, `a | b`; other binary operators are parsed so they can be reported. */
  | { readonly kind: 'binary'; readonly op: string; readonly left: PyExpr; readonly right: PyExpr; readonly range: SourceRange }
  /** Syntax outside the subset (lambda, comprehension, subscript, …), kept with its range. */
  | { readonly kind: 'unsupported'; readonly what: string; readonly range: SourceRange };

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
  /** A decorated definition, loop, class, `if`, etc.: kept whole so it can be reported. */
  | { readonly kind: 'unsupported'; readonly what: string; readonly range: SourceRange };

export interface PyModule {
  readonly body: readonly PyStatement[];
  /** Syntax errors: where the text is not Python the parser could read. */
  readonly errors: readonly { readonly message: string; readonly range: SourceRange }[];
}
