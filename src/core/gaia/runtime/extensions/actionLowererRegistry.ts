/**
 * Gaia's registry of extension action lowerers as a package sees it
 * (gaia/engine/lang/compiler/extensions.py): `register_action_lowerer(name, *, handles,
 * lower, override=False)` and `registered_action_lowerers()`, importable from
 * `gaia.engine.lang.compiler.extensions`. The registry is one for the whole run (a module
 * global in Gaia), in registration order; it starts empty, and the first import of
 * `gaia.engine.bayes` adds Gaia's own `bayes` lowerer.
 *
 * The verbs and the end-of-run check are in lowererVerbs.ts.
 */
import type { SourceRange } from '../../../text/sourceRange.ts';
import type { GaiaRuntime } from '../gaiaRuntime.ts';
import type { GValue } from '../gaiaValues.ts';

/** One registration: Gaia's own bayes lowerer, or one a package module made. */
export interface Registration {
  readonly name: string;
  /** Null for Gaia's own bayes lowerer. */
  readonly handles: GValue | null;
  readonly lower: GValue | null;
  /** Where the package registered it, and the module that did (to call `handles` there). */
  readonly at: { readonly rt: GaiaRuntime; readonly range: SourceRange } | null;
}

const BAYES = 'bayes';

/** The run's registry (root package and its dependencies share it, as one Python process does). */
export class ActionLowererRegistry {
  private readonly entries = new Map<string, Registration>();
  private bayesImported = false;
  private shadowReported = false;

  /** Gaia's `register_bayes_lowerer`, run once, on the first import of gaia.engine.bayes. */
  importBayes(rt: GaiaRuntime, range: SourceRange): void {
    if (this.bayesImported) return;
    this.bayesImported = true;
    const existing = this.entries.get(BAYES);
    if (existing?.at) {
      // Gaia stops loading the package here; compiling never comes to refuse it again.
      rt.report('bad-argument', SHADOWED_BAYES, range);
      this.shadowReported = true;
    } else if (!existing) this.entries.set(BAYES, { name: BAYES, handles: null, lower: null, at: null });
  }

  register(r: Registration, override: boolean): string | null {
    if (this.entries.has(r.name) && !override) return `ValueError: action lowerer '${r.name}' already registered; pass override=True to replace it`;
    this.entries.set(r.name, r);
    return null;
  }

  list(): readonly Registration[] {
    return [...this.entries.values()];
  }

  /** Gaia's discovery at compile time refuses a `bayes` registration that is not its own: where it was made. */
  shadowedBayes(): Registration['at'] {
    return this.shadowReported ? null : (this.entries.get(BAYES)?.at ?? null);
  }
}

export const SHADOWED_BAYES =
  "ValueError: action lowerer 'bayes' already registered with a different handler/lowerer pair; refusing to silently shadow. Pass override=True to register_action_lowerer if the replacement was intentional.";
