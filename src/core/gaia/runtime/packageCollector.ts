/**
 * Everything a package module declares, in declaration order — Gaia's
 * `CollectedPackage`. Order matters: it fixes `declaration_index`, the `_anon_NNN`
 * numbering, `_anon_action_NNN` and the order of the IR's lists.
 */
import { epochClock, type RegistrationClock } from './registrationClock.ts';
import { countedAddresses, type FunctionAddresses } from './functionAddresses.ts';
import type { Action, Knowledge, LegacyOperator, LegacyStrategy, Materialization } from './gaiaObjects.ts';
import { isScaffold } from './gaiaObjects.ts';
import { ActionLowererRegistry } from './extensions/actionLowererRegistry.ts';
import { DEFAULT_POLICY } from './resolvePriors.ts';
import type { ResolutionPolicy } from './resolvePriors.ts';

export class PackageCollector {
  /** The package's namespace and import name, for the QIDs of its nodes seen from another package. */
  constructor(
    readonly name: string = '',
    readonly namespace: string = '',
    /** Gaia's registry of action lowerers: one per run, shared with the packages it depends on. */
    readonly lowerers: ActionLowererRegistry = new ActionLowererRegistry(),
  ) {}

  /** The time each prior record is registered at (registrationClock.ts). */
  clock: RegistrationClock = epochClock;
  /** Where each function lives, for its Python repr (functionAddresses.ts). */
  addresses: FunctionAddresses = countedAddresses;
  private readonly addressed = new WeakMap<object, string>();
  private addressCount = 0;

  /** The address of function `fn` (one per function object). */
  addressOf(fn: object, qualname: string): string {
    let at = this.addressed.get(fn);
    if (at === undefined) this.addressed.set(fn, (at = this.addresses(qualname, this.addressCount++)));
    return at;
  }
  readonly knowledge: Knowledge[] = [];
  readonly actions: Action[] = [];
  readonly strategies: LegacyStrategy[] = [];
  readonly operators: LegacyOperator[] = [];
  readonly materializations: Materialization[] = [];
  /** priors.py's RESOLUTION_POLICY, else Gaia's default: how each claim's prior records resolve. */
  resolutionPolicy: ResolutionPolicy = DEFAULT_POLICY;
  /** Modules other than the root, in the order they first declared knowledge. */
  readonly moduleOrder: string[] = [];
  private readonly moduleCounters = new Map<string | null, number>();

  /** Registers a node; its `declarationIndex` counts within its own module. */
  addKnowledge(k: Knowledge): Knowledge {
    const m = k.sourceModule;
    const n = this.moduleCounters.get(m);
    if (n === undefined && m !== null) this.moduleOrder.push(m);
    k.declarationIndex = n ?? 0;
    this.moduleCounters.set(m, (n ?? 0) + 1);
    this.knowledge.push(k);
    return k;
  }

  addAction<A extends Action>(a: A): A {
    this.actions.push(a);
    // A reasoning action made while a @compose function runs belongs to that composition.
    if (capturing !== null && !isScaffold(a) && !capturing.includes(a)) capturing.push(a);
    return a;
  }

  addStrategy(s: LegacyStrategy): LegacyStrategy {
    this.strategies.push(s);
    return s;
  }

  addOperator(o: LegacyOperator): LegacyOperator {
    this.operators.push(o);
    return o;
  }

  addMaterialization(m: Materialization): void {
    this.materializations.push(m);
  }

  /** The index Gaia numbers an anonymous action by (`_anon_action_NNN`). */
  actionIndex(a: Action): number {
    return this.actions.indexOf(a);
  }
}

/**
 * The actions the innermost running `@compose` function has made so far; null outside
 * one. Like Gaia's context variable it is one for the whole run, whichever package or
 * module the action is declared in, and a nested composition replaces it while it runs.
 */
let capturing: Action[] | null = null;

/** Runs `body` collecting the reasoning actions it makes; returns its result and those actions. */
export function captureActions<T>(body: () => T): { readonly result: T; readonly actions: readonly Action[] } {
  const outer = capturing;
  const actions: Action[] = [];
  capturing = actions;
  try {
    return { result: body(), actions };
  } finally {
    capturing = outer;
  }
}
