/**
 * The state of one run of a package module — the collected package, the module's
 * globals, diagnostics, symbol uses — and the argument conversions every verb shares.
 * Conversions follow Gaia's own checks (its `_lift_to_claim`, `tuple(given)`,
 * `list(background or [])`, …); where Gaia would raise, they report a diagnostic and
 * return `null`, and the verb gives up with an opaque result.
 */
import type { Diagnostic } from '../../text/diagnostic.ts';
import type { SourceRange } from '../../text/sourceRange.ts';
import type { GaiaDiagnosticCode } from '../gaiaDiagnosticCodes.ts';
import { gaiaDiagnostic } from '../gaiaDiagnosticCodes.ts';
import { pyFloat } from '../text/pythonJson.ts';
import { pythonNumberText } from '../text/pythonFloat.ts';
import type { ArgValue, BoundArguments, ParameterSpec } from './callArguments.ts';
import { bindArguments } from './callArguments.ts';
import type { Formula, KnowledgeType, MetaDict, MetaValue, Origin, PackageRefEntry, ParameterEntry } from './gaiaObjects.ts';
import { Knowledge, metaDict } from './gaiaObjects.ts';
import type { GValue } from './gaiaValues.ts';
import { describeValue } from './gaiaValues.ts';
import { formatUnits } from './units/pintUnits.ts';
import type { ModuleLoader } from './moduleLoader.ts';
import { PackageCollector } from './packageCollector.ts';
import { liftOperand } from './verbs/liftOperand.ts';
import { HELD_AS_TUPLE, heldAsQuantity } from './operandRepr.ts';

/** One call of a Gaia verb, its arguments already evaluated. */
export interface VerbCall {
  readonly verb: string;
  readonly range: SourceRange;
  readonly args: readonly ArgValue[];
  readonly keywords: readonly { readonly name: string | null; readonly arg: ArgValue }[];
}

export type SymbolRole = 'definition' | 'reference' | 'export';

/** A name bound (definition) or read (reference) while the module runs. */
export interface NameUse {
  readonly name: string;
  readonly kind: SymbolRole;
  readonly range: SourceRange;
}

export interface KnowledgeOptions {
  readonly claimClass?: boolean;
  readonly format?: string;
  readonly title?: string | null;
  readonly parameters?: readonly ParameterEntry[];
  readonly provenance?: readonly PackageRefEntry[];
}

/** Where a module runs: the package it declares into, and how it finds its siblings. */
export interface ModuleContext {
  readonly pkg?: PackageCollector;
  /** Package-relative module name (`sub.mod`); null for the package root. */
  readonly sourceModule?: string | null;
  /** The module's file, relative to the package root; null for a lone module. */
  readonly file?: string | null;
  readonly loader?: ModuleLoader | null;
  /** Whether the module is a package (`__init__.py`). */
  readonly isPackage?: boolean;
}

export class GaiaRuntime {
  readonly pkg: PackageCollector;
  readonly globals = new Map<string, GValue>();
  readonly diagnostics: Diagnostic[] = [];
  readonly uses: NameUse[] = [];
  /** The statement being run: objects made by it are selected through it. */
  statement: SourceRange = { line: 1, column: 1, endLine: 1, endColumn: 1 };
  readonly sourceModule: string | null;
  readonly file: string | null;
  readonly loader: ModuleLoader | null;
  readonly isPackage: boolean;
  /** Local scopes of the functions being called, innermost last. */
  readonly frames: Map<string, GValue>[] = [];
  /** Work done by loops and calls, bounded so no package can run for ever. */
  steps = 0;

  /** A name's value: the innermost function's locals, then the module's globals. */
  lookupName(name: string): GValue | undefined {
    const frame = this.frames.at(-1);
    return frame?.get(name) ?? this.globals.get(name);
  }

  /** Binds a name where Python would: in the running function, else in the module. */
  setName(name: string, value: GValue): void {
    (this.frames.at(-1) ?? this.globals).set(name, value);
  }

  deleteName(name: string): boolean {
    return (this.frames.at(-1) ?? this.globals).delete(name);
  }

  constructor(
    /** The module's import name, for compute's `function_ref`. */
    readonly moduleName: string,
    context: ModuleContext = {},
  ) {
    this.pkg = context.pkg ?? new PackageCollector();
    this.sourceModule = context.sourceModule ?? null;
    this.file = context.file ?? null;
    this.loader = context.loader ?? null;
    this.isPackage = context.isPackage ?? true;
  }

  /** The name the running statement assigns, if any: what its diagnostics are about. */
  subject: string | null = null;

  report(code: GaiaDiagnosticCode, message: string, range: SourceRange): void {
    this.diagnostics.push(gaiaDiagnostic(code, message, range, this.subject ?? undefined));
  }

  origin(call: VerbCall): Origin {
    return { range: call.range, statement: this.statement, verb: call.verb, file: this.file };
  }

  bind(call: VerbCall, spec: ParameterSpec): BoundArguments | null {
    const r = bindArguments(call.verb, spec, call.args, call.keywords);
    if (r.ok) return r.bound;
    this.report('bad-argument', r.message, call.range);
    return null;
  }

  /** Makes and registers a knowledge node, as constructing one does in Gaia. */
  newKnowledge(type: KnowledgeType, content: string, metadata: MetaDict, call: VerbCall, options: KnowledgeOptions = {}): Knowledge {
    const k = new Knowledge(type, content, metadata, this.origin(call), {
      claimClass: options.claimClass ?? type === 'claim',
      format: options.format ?? 'markdown',
      title: options.title ?? null,
      parameters: options.parameters ?? [],
      provenance: options.provenance ?? [],
    });
    k.sourceModule = this.sourceModule;
    k.owner = this.pkg;
    return this.pkg.addKnowledge(k);
  }

  // ---- argument conversions ---------------------------------------------------------

  /**
   * Gaia's `_lift_to_claim`: a claim stays a claim, `ClaimAtom(c)` becomes `c`, and a
   * formula or a distribution comparison becomes a new helper claim (verbs/liftOperand.ts).
   */
  liftClaim(arg: ArgValue, verb: string, position: string): Knowledge | null {
    const v = arg.value;
    if (v.t === 'knowledge' && v.k.isClaim) return v.k;
    if (v.t === 'formula' && v.f.f === 'atom') return v.f.claim;
    if (v.t === 'opaque') return null;
    // A formula or a distribution comparison becomes a helper claim (Gaia's _lift_to_claim).
    if (v.t === 'formula' || v.t === 'boolExpr') return liftOperand(this, arg, verb, position);
    if (v.t === 'knowledge') {
      this.report('not-a-claim', `${verb}() ${position} must be a claim, not ${describeValue(v)}`, arg.range);
      return null;
    }
    this.report('bad-argument', `${verb}() expected Claim or a Boolean-valued expression (Formula / BoolExpr / ClaimAtom) as ${position}; got ${describeValue(v)}`, arg.range);
    return null;
  }

  /**
   * The items of an argument Gaia turns into a tuple of claims (`given=`): a single claim
   * or formula counts as one item; `None` is no items.
   */
  claimTuple(arg: ArgValue | undefined, verb: string, what: string): Knowledge[] | null {
    if (arg === undefined || arg.value.t === 'none') return [];
    const v = arg.value;
    if (v.t === 'opaque') return null;
    const single = v.t === 'knowledge' || v.t === 'formula' || v.t === 'boolExpr';
    const items: ArgValue[] = single ? [arg] : v.t === 'seq' ? v.items.map((value) => ({ value, range: arg.range })) : [];
    if (!single && v.t !== 'seq') {
      this.report('bad-argument', `${verb}() ${what} must be a claim or a list of claims, got ${describeValue(v)}`, arg.range);
      return null;
    }
    const out: Knowledge[] = [];
    let failed = false;
    items.forEach((item, i) => {
      // An item already reported (opaque) fails the call quietly: no second diagnostic.
      const k = this.liftClaim(item, verb, `${what}[${i}]`);
      if (k) out.push(k);
      else failed = true;
    });
    return failed ? null : out;
  }

  /** `list(background or [])`: a list or tuple of knowledge nodes of any type. */
  knowledgeList(arg: ArgValue | undefined, verb: string, what: string): Knowledge[] | null {
    if (arg === undefined || arg.value.t === 'none') return [];
    const v = arg.value;
    if (v.t === 'opaque') return null;
    if (v.t !== 'seq') {
      this.report('bad-argument', `${verb}() ${what} must be a list, got ${describeValue(v)}`, arg.range);
      return null;
    }
    const out: Knowledge[] = [];
    for (const item of v.items) {
      if (item.t === 'opaque') continue;
      if (item.t !== 'knowledge') {
        this.report('bad-argument', `${verb}() ${what} must list claims, notes or questions, not ${describeValue(item)}`, arg.range);
        return null;
      }
      out.push(item.k);
    }
    return out;
  }

  /** A `str` argument; `fallback` when absent. `null` after a report. */
  string(arg: ArgValue | undefined, verb: string, name: string, fallback: string): string | null {
    if (arg === undefined) return fallback;
    if (arg.value.t === 'str') return arg.value.v;
    if (arg.value.t !== 'opaque') this.report('bad-argument', `${verb}() ${name} must be a string, got ${describeValue(arg.value)}`, arg.range);
    return null;
  }

  /** `rationale=`: a string; None counts as none, since Gaia only tests its truth before reading it. */
  rationale(arg: ArgValue | undefined, verb: string): string | null {
    if (arg?.value.t === 'none') return '';
    return this.string(arg, verb, 'rationale', '');
  }

  /** A `str | None` argument (labels, titles). `undefined` after a report. */
  optionalString(arg: ArgValue | undefined, verb: string, name: string): string | null | undefined {
    if (arg === undefined || arg.value.t === 'none') return null;
    if (arg.value.t === 'str') return arg.value.v;
    if (arg.value.t !== 'opaque') this.report('bad-argument', `${verb}() ${name} must be a string or None, got ${describeValue(arg.value)}`, arg.range);
    return undefined;
  }

  /** A number (not a bool), as written. */
  number(arg: ArgValue, verb: string, name: string): { value: number; isFloat: boolean } | null {
    const v = arg.value;
    if (v.t === 'num') return { value: v.v, isFloat: v.float };
    if (v.t !== 'opaque') this.report('bad-argument', `${verb}() ${name} must be a number, got ${describeValue(v)}`, arg.range);
    return null;
  }

  /** A value stored in metadata; `undefined` after a report. */
  meta(v: GValue, range: SourceRange, verb: string): MetaValue | undefined {
    switch (v.t) {
      case 'none':
        return null;
      case 'bool':
        return v.v;
      case 'num':
        // Python keeps inf in metadata, but no JSON carries it: Warrant's IR and its
        // exports never hold a number that is not finite, so the package is refused.
        if (!Number.isFinite(v.v)) this.report('bad-argument', `${verb}(): the metadata value ${pythonNumberText(v.v)} is not a finite number, which Gaia's IR (JSON) cannot hold`, range);
        if (v.big !== undefined) {
          this.report('unsupported', `${verb}(): the int ${v.big} is past 2**53; Gaia writes it exactly, which Warrant's IR does not`, range);
          return undefined;
        }
        return v.float ? pyFloat(v.v) : v.v;
      case 'str':
        return v.v;
      case 'quantity': {
        // Gaia's IR literal for a Pint quantity: the magnitude as a float, the unit as Pint prints it.
        const unit = formatUnits(v.units);
        return heldAsQuantity(metaDict({ kind: 'quantity', value: pyFloat(v.magnitude), unit }), v.magnitude, v.float, unit);
      }
      case 'knowledge':
        return v.k;
      case 'seq': {
        const out: MetaValue[] = [];
        for (const item of v.items) {
          const m = this.meta(item, range, verb);
          if (m === undefined) return undefined;
          out.push(m);
        }
        if (v.tuple) HELD_AS_TUPLE.add(out);
        return out;
      }
      case 'dict': {
        const out = metaDict();
        for (const { key, value } of v.entries) {
          if (key.t !== 'str') {
            this.report('unsupported', `${verb}(): metadata dict keys must be strings`, range);
            return undefined;
          }
          const m = this.meta(value, range, verb);
          if (m === undefined) return undefined;
          out[key.v] = m;
        }
        return out;
      }
      case 'opaque':
        return undefined;
      default:
        this.report('unsupported', `${verb}(): ${describeValue(v)} cannot be stored in metadata`, range);
        return undefined;
    }
  }

  /** Gaia's `**metadata` keywords, flattened as `_flatten_metadata` does. */
  metadataFromKeywords(keywords: ReadonlyMap<string, ArgValue>, verb: string): MetaDict | null {
    const only = keywords.size === 1 ? keywords.get('metadata') : undefined;
    if (only && only.value.t === 'dict') {
      const m = this.meta(only.value, only.range, verb);
      return m === undefined ? null : (m as MetaDict);
    }
    const out = metaDict();
    for (const [name, arg] of keywords) {
      const m = this.meta(arg.value, arg.range, verb);
      if (m === undefined) return null;
      out[name] = m;
    }
    return out;
  }

  /** A formula argument (claims are not formulas: Gaia wants `ClaimAtom(c)`). */
  formula(arg: ArgValue, verb: string, name: string): Formula | null {
    const v = arg.value;
    if (v.t === 'formula') return v.f;
    if (v.t !== 'opaque') {
      const hint = v.t === 'knowledge' ? ' (write ClaimAtom(c) for a single claim)' : '';
      this.report('bad-argument', `${verb}() ${name} must be a formula, got ${describeValue(v)}${hint}`, arg.range);
    }
    return null;
  }
}
