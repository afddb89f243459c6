/**
 * The editor's fill of a large paste waits its turn while the page takes in a large
 * analysis or layout, and goes on once it has been taken in and drawn.
 */
import { describe, expect, it } from 'vitest';
import { IntakeGate } from '../../src/store/pipeline/intakeGate.ts';
import { nextTask } from '../../src/store/pipeline/nextTask.ts';

describe('the intake gate', () => {
  it('with nothing taken in, a turn comes in the next task', async () => {
    const gate = new IntakeGate();
    const order: string[] = [];
    const turn = gate.turn().then(() => order.push('turn'));
    order.push('same task');
    await turn;
    expect(order).toEqual(['same task', 'turn']);
  });

  it('a turn waits for every intake to end, then comes after what the intake scheduled as it ended', async () => {
    const gate = new IntakeGate();
    const order: string[] = [];
    const first = gate.hold();
    const second = gate.hold();
    const turn = gate.turn().then(() => order.push('turn'));
    for (let i = 0; i < 5; i++) await nextTask();
    expect(order).toEqual([]);
    first();
    first(); // ending twice counts once
    for (let i = 0; i < 5; i++) await nextTask();
    expect(order).toEqual([]);
    second();
    // What the end of the intake set going (the page drawing the result) runs first.
    void nextTask().then(() => order.push('drawn'));
    await turn;
    expect(order).toEqual(['drawn', 'turn']);
  });

  it('several waiting jobs each get their turn', async () => {
    const gate = new IntakeGate();
    const release = gate.hold();
    const got: number[] = [];
    const turns = [1, 2, 3].map((n) => gate.turn().then(() => got.push(n)));
    release();
    await Promise.all(turns);
    expect(got).toEqual([1, 2, 3]);
  });
});
