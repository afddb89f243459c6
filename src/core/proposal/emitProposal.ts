/**
 * The registry and emission gates over a proposal already read (the schema gate's
 * output, or a proposal built in code such as the benchmark's generated ones), and the
 * SMT-LIB2 they let through.
 */
import type { Diagnostic } from '../text/diagnostic.ts';
import type { SourceRange } from '../text/sourceRange.ts';
import { checkEmission } from './emissionGate.ts';
import type { SmtProgram } from './emitSmtlib.ts';
import { buildSmtProgram, renderScript } from './emitSmtlib.ts';
import type { Gate } from './gateDiagnostics.ts';
import { GateReport } from './gateDiagnostics.ts';
import type { LogicChoice } from './logicFit.ts';
import { chooseLogic } from './logicFit.ts';
import type { FormalProposal, ProveMode } from './proposalTypes.ts';
import { checkRegistry } from './registryGate.ts';
import { checkAgainstWorld } from './worldGate.ts';
import type { WorldRegistry } from './worldRegistry.ts';

export interface Emission {
  /** `registry` or `emission` when that gate failed, else null. */
  readonly gate: Gate | null;
  /** Findings of the gates that ran, in gate order. */
  readonly diagnostics: readonly Diagnostic[];
  readonly program: SmtProgram | null;
  readonly smtlib: string | null;
  readonly logic: LogicChoice | null;
}

const TOP: SourceRange = { line: 1, column: 1, endLine: 1, endColumn: 1 };

/** Registry gate (against `world`'s registry too, when given), then emission (with its gate) for `mode`. */
export function emitSmtlib(proposal: FormalProposal, mode: ProveMode, world?: WorldRegistry): Emission {
  const registry = new GateReport();
  const { realNumerals, toReal } = checkRegistry(proposal, mode, registry);
  if (world) checkAgainstWorld(proposal, world, registry);
  if (registry.hasErrors) return { gate: 'registry', diagnostics: registry.diagnostics, program: null, smtlib: null, logic: null };

  const emission = new GateReport();
  const logic = chooseLogic(proposal, mode, realNumerals);
  if (logic.overrideReason) {
    emission.warning(
      'emission-logic-override',
      `the declared logic ${logic.declared} does not fit this proposal (${logic.overrideReason}); ${logic.emitted} is emitted instead, since the solvers reject a script whose content is outside its logic`,
      proposal.logic?.range ?? TOP,
    );
  }
  const program = buildSmtProgram(proposal, mode, logic, { realNumerals, toReal });
  const ranges = new Map(proposal.assertions.map((a) => [a.id.name, a.range] as const));
  checkEmission(program, emission, (id) => (id === null ? TOP : (ranges.get(id) ?? TOP)));
  const diagnostics = [...registry.diagnostics, ...emission.diagnostics];
  if (emission.hasErrors) return { gate: 'emission', diagnostics, program: null, smtlib: null, logic };
  return { gate: null, diagnostics, program, smtlib: renderScript(program), logic };
}
