/**
 * When one lead's reminders start and over how many runs, so that the last email leaves before
 * `bell − lead` at the account's SES sending rate (issue 44). Without a rate (locally, unpaced) the run
 * starts at the lead itself, alone.
 *
 * The players are counted when the schedules are placed (createEvent, updateEvent); players who opt in
 * after that are the `growth` margin. The runs share the rate, so splitting does not shorten the send:
 * it keeps each run well inside Lambda's 15 minutes. Each run takes whole shards (REMINDER.shards), so
 * there are at most as many runs as shards.
 */
import { ENTRY_SHARDS } from '@pickem/domain/entities/entry';

export const PLAN = {
  /** Players who may opt in between placing and sending, as a share of those counted *(guess)*. */
  growth: 1.25,
  /** Scheduler's start and the run's reads before its first email *(guess: generous for both)*. */
  startMs: 30_000,
  /** The longest a run sends for, by default: two thirds of the function's 15 minutes (REMINDER_RUN_SECONDS sets it). */
  runMs: 10 * 60_000,
  /** At most one run per shard. */
  maxRuns: ENTRY_SHARDS,
};

export interface SendPlan {
  /** When the runs start (ms). */
  startAtMs: number;
  /** Concurrent runs, each with `1 / runs` of the shards and of the rate. */
  runs: number;
  /** How long the send is planned to take (ms), growth included. */
  sendMs: number;
}

/**
 * The plan for `players` counted now, at `rate` emails a second (null: unpaced), whose lead is at
 * `leadAtMs`, each run sending for at most `runMs`. Past `maxRuns` runs of `runMs` the runs send longer.
 */
export function sendPlan(players: number, rate: number | null, leadAtMs: number, runMs = PLAN.runMs): SendPlan {
  if (!rate) return { startAtMs: leadAtMs, runs: 1, sendMs: 0 };
  const sendMs = Math.ceil(((players * PLAN.growth) / rate) * 1000);
  const runs = Math.min(PLAN.maxRuns, Math.max(1, Math.ceil(sendMs / runMs)));
  return { startAtMs: leadAtMs - sendMs - PLAN.startMs, runs, sendMs };
}

/** The shards run `run` of `runs` sends to. */
export const shardsOfRun = (shards: number[], run: number, runs: number) => shards.filter((s) => s % runs === run);
