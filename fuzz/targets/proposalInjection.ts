/**
 * Proposal injection: FormalProposal documents with a payload planted in one place — a
 * declared name, a sort, an assertion id, a role, an operator, a called symbol, a bound
 * variable, the proposal id, the logic, an extra or duplicated key — where the payload
 * is SMT-LIB commands, parentheses, quotes, `|`-quoted symbols, `;`, line breaks,
 * reserved words, the `hp_internal_` prefix or a look-alike. Each is checked in a random
 * mode. The gates must refuse it, or the emitted script must be exactly what the
 * proposal asks for (fuzz/checks/smtlibStructure.ts) and each piece a solver session
 * sends must be one command; anything else is a silent accept.
 */
import type { Problem } from '../core/target.ts';
import { generatorTarget, problem } from '../core/target.ts';
import { checkProposal } from '../../src/core/proposal/index.ts';
import { lexSmt } from '../checks/smtlibStructure.ts';
import { outputProblems } from '../checks/outputRules.ts';
import { hostileProposal } from '../generators/proposalDocs.ts';
import { emittedScriptProblems } from './language.ts';

type Mode = 'entailment' | 'model' | 'consistency';

export interface InjectionInput {
  readonly text: string;
  readonly mode: Mode;
  readonly where: string;
  readonly payload: string;
}

export function injectionProblems(input: InjectionInput): Problem[] {
  const r = checkProposal(input.text, { mode: input.mode });
  const problems = [...outputProblems(r.diagnostics, input.text, 'diagnostics')];
  problems.push(...emittedScriptProblems(input.text, r.gate, r.smtlib, r.gate === null ? r.mode : null));
  if (r.gate === null && r.program) {
    // A solver session sends these one at a time: each must be exactly one command.
    const pieces = [...r.program.declarations, ...r.program.assertions.map((a) => a.command), ...(r.program.goal ? [r.program.goal] : [])];
    for (const piece of pieces) {
      const tokens = lexSmt(piece);
      const tops = tokens.filter((t) => t.kind === 'open' && t.depth === 0).length;
      if (tops !== 1 || tokens.some((t) => t.kind === 'comment' || (t.depth === 0 && t.kind !== 'open' && t.kind !== 'close'))) {
        problems.push(problem('silent-accept', 'session-piece', `a piece sent to the solver is not one command: ${JSON.stringify(piece.slice(0, 160))}`));
        break;
      }
    }
  }
  return problems.map((p) => ({ ...p, message: `${p.message} [payload ${JSON.stringify(input.payload)} in ${input.where}]` }));
}

export const proposalInjectionTarget = generatorTarget<InjectionInput>({
  name: 'proposal-injection',
  description: 'FormalProposals carrying SMT-LIB commands, quotes, |symbols|, reserved words and hp_internal_ names: refused by a gate, or the exact expected script',
  generate: (rng) => ({ ...hostileProposal(rng), mode: rng.pick(['entailment', 'model', 'consistency'] as const) }),
  check: injectionProblems,
});
