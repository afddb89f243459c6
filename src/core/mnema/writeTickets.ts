/**
 * Writes the worker keeps while the page shows their plan. An import or a derivation
 * run plans thousands of ops; the page needs only to say how many and, on Append, which
 * plan — so it holds a ticket and the ops never cross to it and back (100,000 planned
 * ops took about 1.5 s of copying each way, on the page's thread).
 */
import type { LogStepPlan } from './logSteps.ts';
import type { LogWrite } from './mnemaWrite.ts';

/** A planned write the worker holds: its ticket and how many ops it appends. */
export interface WriteTicket {
  readonly ticket: string;
  readonly ops: number;
}

/** What the page holds of a write: the write itself (a small one, an action's preview) or its ticket. */
export type HeldWrite = LogWrite | WriteTicket;

/** A step's plan as the page holds it: its write as a ticket. */
export type ShownPlan = Omit<LogStepPlan, 'write'> & { readonly write: WriteTicket | null };

export const isTicket = (write: HeldWrite): write is WriteTicket => 'ticket' in write;

/** How many ops `write` appends. */
export const opsOf = (write: HeldWrite): number => (isTicket(write) ? write.ops : write.ops.length);

/** How many plans are kept: those on screen in a few panels, and a plan or two just replaced. */
const KEPT = 8;

/** The worker's side: writes kept under tickets, the oldest forgotten first. */
export class WriteShelf {
  private readonly writes = new Map<string, LogWrite>();
  private next = 0;

  /** `plan` with its write kept here and a ticket in its place. */
  shown(plan: LogStepPlan): ShownPlan {
    return { ...plan, write: plan.write && this.keep(plan.write) };
  }

  keep(write: LogWrite): WriteTicket {
    const ticket = `write-${++this.next}`;
    this.writes.set(ticket, write);
    if (this.writes.size > KEPT) this.writes.delete(this.writes.keys().next().value!);
    return { ticket, ops: write.ops.length };
  }

  /** The write `held` stands for; null when its ticket is forgotten (plan it again). */
  take(held: HeldWrite): LogWrite | null {
    return isTicket(held) ? (this.writes.get(held.ticket) ?? null) : held;
  }
}
