/**
 * Values while a package module runs: Python literals, the Gaia objects verbs return,
 * the verbs themselves, modules, and `opaque` — the value of anything Warrant cannot
 * evaluate (already reported), which later steps skip quietly so one problem is
 * reported once.
 */
import type { SourceRange } from '../../text/sourceRange.ts';
import type { Action, Formula, Knowledge, LegacyStrategy, Materialization, MetaDict } from './gaiaObjects.ts';
import type { PyStatement } from '../../python/pyAst.ts';
import type { GaiaRuntime } from './gaiaRuntime.ts';
import type { ResolutionPolicy } from './resolvePriors.ts';
import type { LoadedModule } from './moduleLoader.ts';
import type { ComposeSpec } from './verbs/composeVerb.ts';
import type { BayesDistribution } from './bayes/bayesObjects.ts';
import type { LogicValue } from './logicTerms.ts';
import { describeLogic } from './logicDescribe.ts';
import type { ComputeWrapper } from './verbs/computeVerb.ts';
import type { PyClass, PyInstance } from './pyClasses.ts';
import type { StdlibValue } from './stdlib/stdlibModules.ts';
import type { UnitMap } from './units/pintUnits.ts';

export type GValue =
  | { readonly t: 'none' }
  | { readonly t: 'bool'; readonly v: boolean }
  /** A number; an int past 2**53 also has its exact value in `big` (`v` is then float(n)). */
  | { readonly t: 'num'; readonly v: number; readonly float: boolean; readonly big?: bigint }
  /** A string; `range` where it is written, for `__all__` entries. */
  | { readonly t: 'str'; readonly v: string; readonly range?: SourceRange }
  | { readonly t: 'seq'; readonly items: readonly GValue[]; readonly tuple: boolean }
  /**
   * A Python set: its members once each, in the order first added; iterated in CPython's
   * table order where Warrant knows it (pythonSets.ts). `layout`: a display of constants
   * (CPython merges a frozenset constant), or a copy of another set (merged from its table).
   */
  | { readonly t: 'set'; readonly items: readonly GValue[]; readonly layout?: 'constant' | { readonly copyOf: Extract<GValue, { t: 'set' }> } }
  | { readonly t: 'dict'; readonly entries: readonly { readonly key: GValue; readonly value: GValue }[] }
  | { readonly t: 'knowledge'; readonly k: Knowledge }
  | { readonly t: 'formula'; readonly f: Formula }
  /** A predicate-logic sort, symbol or term (a Domain, Nat, a Variable, a Constant, …). */
  | { readonly t: 'logic'; readonly v: LogicValue }
  | { readonly t: 'action'; readonly a: Action }
  | { readonly t: 'strategy'; readonly s: LegacyStrategy }
  | { readonly t: 'materialization'; readonly m: Materialization }
  /** A `Step(reason, premises=None, metadata=None)`, its fields as given (Gaia checks them where the step is used). */
  | { readonly t: 'step'; readonly reason: GValue; readonly premises: GValue; readonly metadata: GValue }
  /** A Gaia Lang name imported into the module (a verb, a class, an enum). */
  | { readonly t: 'gaia'; readonly name: string }
  /** An imported module (`import gaia.engine.lang as gl`). */
  | { readonly t: 'module'; readonly path: string }
  /** A module of the package itself (`from . import m`). */
  | { readonly t: 'pymodule'; readonly m: LoadedModule }
  /** A name from a module Warrant knows but does not evaluate (`typing.List`): fine in annotations, refused as a value. */
  | { readonly t: 'external'; readonly name: string }
  /**
   * A `def`: its source (what compute records) and, for a plain def, the definition and
   * the module it belongs to, so calling it runs its body there (Gaia sees the defining
   * module as the declaring one).
   */
  | {
      readonly t: 'function';
      readonly name: string;
      /** Python's `__qualname__` (`outer.<locals>.f`, `C.method`); the name when absent. */
      readonly qualname?: string;
      /** A method's class (what zero-argument `super()` starts after). */
      readonly owner?: PyClass;
      /** Under `@staticmethod`, `@classmethod` or `@property` in a class body. */
      readonly method?: 'static' | 'class' | 'property';
      readonly source: string;
      readonly range: SourceRange;
      readonly def?: Extract<PyStatement, { kind: 'def' }>;
      readonly rt?: GaiaRuntime;
      /** Decorated with `@compose(...)` (innermost first): each call declares a composition of what it does. */
      readonly compose?: readonly ComposeSpec[];
    }
  /** A function under `@compute`: each call runs it and records a compute action. */
  | { readonly t: 'computed'; readonly w: ComputeWrapper }
  /** A `class` of the package (a Claim subclass makes templated claims). */
  | { readonly t: 'class'; readonly c: PyClass }
  /** An instance of a package class that is not a Claim subclass. */
  | { readonly t: 'instance'; readonly o: PyInstance }
  /** A package function looked up on an instance: called with the instance first. */
  | { readonly t: 'bound'; readonly self: GValue; readonly fn: Extract<GValue, { t: 'function' }> }
  /** `super()` in a method: names are looked up on the classes after `cls` in `self`'s class order. */
  | { readonly t: 'super'; readonly cls: PyClass; readonly self: GValue }
  /** A standard-library module or one of its names that Warrant evaluates (`math`, `math.sqrt`). */
  | { readonly t: 'stdlib'; readonly s: StdlibValue }
  /** What `compose(name=..., version=...)` returns: the decorator, its settings kept. */
  | { readonly t: 'composer'; readonly spec: ComposeSpec }
  /** A Python builtin Warrant evaluates (`len`, `globals`, …). */
  | { readonly t: 'builtin'; readonly name: string }
  /** A method looked up on a value (`xs.append`, `k.metadata.update`). */
  | { readonly t: 'method'; readonly self: GValue; readonly name: string }
  /** A module's namespace as `globals()` gives it: writes bind names. */
  | { readonly t: 'namespace'; readonly rt: GaiaRuntime }
  /** The live metadata dict of a knowledge node or a legacy strategy (`k.metadata`, `s.metadata`). */
  | { readonly t: 'metadata'; readonly k: { readonly metadata: MetaDict } }
  /** A `ResolutionPolicy(...)` (gaia.engine.ir), for priors.py's RESOLUTION_POLICY. */
  | { readonly t: 'policy'; readonly policy: ResolutionPolicy }
  /** A bayes-module distribution (`Binomial("...", n=..., p=...)`, …). */
  | { readonly t: 'distribution'; readonly d: BayesDistribution }
  /** `k > 1e-2`: a comparison with a Distribution, Gaia's BoolExpr (a proposition for claim(), with no truth of its own). */
  | { readonly t: 'boolExpr'; readonly op: string; readonly left: GValue; readonly right: GValue }
  /** `baseline + slope * x`: arithmetic with a Distribution, Gaia's DerivedDistribution (bayes/distributionArithmetic.ts). */
  | { readonly t: 'derived'; readonly op: string; readonly left: GValue; readonly right: GValue }
  /** `gaia.unit.q(value, unit)`: a Pint quantity of Gaia's registry, its unit as read (units/pintUnits.ts). */
  | { readonly t: 'quantity'; readonly magnitude: number; readonly float: boolean; readonly units: UnitMap }
  | { readonly t: 'opaque' };

export const NONE: GValue = { t: 'none' };
export const OPAQUE: GValue = { t: 'opaque' };

export function describeValue(v: GValue): string {
  switch (v.t) {
    case 'none':
      return 'None';
    case 'bool':
      return v.v ? 'True' : 'False';
    case 'num':
      return v.float ? 'a float' : 'an int';
    case 'str':
      return 'a string';
    case 'seq':
      return v.tuple ? 'a tuple' : 'a list';
    case 'dict':
      return 'a dict';
    case 'set':
      return 'a set';
    case 'knowledge':
      return v.k.type === 'claim' ? (v.k.isClaim ? 'a claim' : 'a legacy helper') : `a ${v.k.type}`;
    case 'formula':
      return 'a formula';
    case 'logic':
      return describeLogic(v.v);
    case 'action':
      return v.a.kind === 'depends_on' || v.a.kind === 'candidate_relation' ? `a ${v.a.kind} scaffold` : `a ${v.a.kind} action`;
    case 'strategy':
      return `a legacy ${v.s.type} strategy`;
    case 'materialization':
      return 'a materialization link';
    case 'step':
      return 'a Step';
    case 'gaia':
      return `${v.name} (from gaia.engine.lang)`;
    case 'module':
      return `the module ${v.path}`;
    case 'pymodule':
      return `the module ${v.m.name}`;
    case 'external':
      return `${v.name}, which Warrant does not evaluate`;
    case 'function':
      return `the function ${v.name}`;
    case 'composer':
      return 'a compose(...) decorator';
    case 'computed':
      return `the @compute function ${v.w.fn.name}`;
    case 'class':
      return `the class ${v.c.name}`;
    case 'instance':
      return `a ${v.o.cls.name} object`;
    case 'bound':
      return `the method ${v.fn.name}`;
    case 'stdlib':
      return v.s.kind === 'module' ? `the module ${v.s.name}` : v.s.kind === 'field' ? 'a dataclasses.field(...)' : `${v.s.name}`;
    case 'super':
      return `super() in ${v.cls.name}`;
    case 'builtin':
      return `the builtin ${v.name}`;
    case 'method':
      return `the method ${v.name}`;
    case 'namespace':
      return `the namespace of ${v.rt.moduleName}`;
    case 'metadata':
      return 'a metadata dict';
    case 'policy':
      return 'a ResolutionPolicy';
    case 'distribution':
      return 'a Distribution';
    case 'boolExpr':
      return 'a BoolExpr';
    case 'derived':
      return 'a DerivedDistribution';
    case 'quantity':
      return 'a Quantity';
    case 'opaque':
      return 'an unsupported value';
  }
}
