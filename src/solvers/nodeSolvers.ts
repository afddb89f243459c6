/**
 * The solver factory of the command line and the benchmark: z3 through the z3-solver
 * package, cvc5 through its executable.
 */
import type { SmtSolver, SolverFactory } from '../core/proposal/index.ts';
import { Cvc5Solver } from './cvc5Solver.ts';
import { makeZ3Solver } from './z3Node.ts';

export const nodeSolverFactory: SolverFactory = async (id, needs): Promise<SmtSolver> => (id === 'z3' ? makeZ3Solver() : Cvc5Solver.start(needs));
