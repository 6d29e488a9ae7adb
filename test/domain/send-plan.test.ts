import { describe, expect, it } from 'vitest';
import { PLAN, sendPlan, shardsOfRun } from '../../amplify/functions/reminders/plan.ts';
import { REMINDER } from '@pickem/domain/entities/reminder';

const LEAD = Date.parse('2030-04-06T23:50:00Z');

describe('the send plan of a lead', () => {
  it('unpaced (no SES rate): one run at the lead itself', () => {
    expect(sendPlan(1_000_000, null, LEAD)).toEqual({ startAtMs: LEAD, runs: 1, sendMs: 0 });
  });

  it('paced: starts the players (with growth) over the rate, and the start margin, before the lead', () => {
    const plan = sendPlan(20_000, 100, LEAD);
    expect(plan.sendMs).toBe(250_000); // 20,000 × 1.25 / 100 a second
    expect(plan.startAtMs).toBe(LEAD - 250_000 - PLAN.startMs);
    expect(plan.runs).toBe(1);
  });

  it('splits a send longer than a run into runs that share the rate, at most one per shard', () => {
    expect(sendPlan(100_000, 50, LEAD).runs).toBe(5); // 2,500 s over 600 s runs
    expect(sendPlan(1_000_000, 100, LEAD).runs).toBe(PLAN.maxRuns); // 12,500 s: 21 runs' worth, capped
    expect(sendPlan(40, 4, LEAD, 3000).runs).toBe(5);
  });

  it('gives every shard to exactly one run', () => {
    for (const runs of [1, 2, 3, 5, 16]) {
      const taken = Array.from({ length: runs }, (_, run) => shardsOfRun(REMINDER.shards(), run, runs)).flat();
      expect(taken.sort((a, b) => a - b)).toEqual(REMINDER.shards());
    }
  });
});
