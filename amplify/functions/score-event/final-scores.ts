/**
 * The players' part of a final pass: every player of the event scored on the card, their prediction
 * and standings (one per season of the event) written together (player.ts), from strongly consistent
 * reads, in transactions of several players each.
 */
import { tieOf, type EventRow } from '@pickem/domain/entities/board';
import type { EventItem } from '@pickem/domain/entities/event';
import { PREDICTION } from '@pickem/domain/entities/prediction';
import { answersOf } from '@pickem/domain/entities/stored-answers';
import { PROFILE } from '@pickem/domain/entities/profile';
import { MAX_TRANSACT_ITEMS } from '@pickem/domain/limits';
import type { QuestionItem } from '@pickem/domain/entities/question';
import { secondKey } from '@pickem/domain/ranking';
import { awardsOf, boldestShare, topPoints } from '@pickem/domain/awards';
import { streakPart } from '@pickem/domain/streaks';
import { entriesScoring, entryPlayer, eventRow, playerScore, readEntries, scoringOf, type Card } from './card.ts';
import { scorePlayers, type PlayerJob, type Settled } from './player.ts';
import { forEachBounded } from './pool.ts';
import { competitionRanks } from './ranks.ts';
import { standingKey } from './standings.ts';
import { keyId, type Store } from './store.ts';

/**
 * Returns each player settled (their standings as they now are), the event board's rows and card,
 * and whether every batch ran before the deadline.
 */
export async function writeScores(
  store: Store,
  checked: { event: EventItem; card: Card; questions: QuestionItem[] },
  seasons: string[],
  perTransaction: number,
  pastDeadline: () => boolean,
) {
  const { event } = checked;
  const entries = await readEntries(store, event.id);
  const tie = tieOf(scoringOf(event));
  const scoring = entriesScoring(checked, entries);
  const raw = entries.map((e) => ({
    entry: e,
    userId: e.userId,
    key: PREDICTION.key(e.userId, event.date, event.id),
    ...playerScore({ picks: e.picks, answers: answersOf(e.answers) }, scoring),
  }));
  const ranks = competitionRanks(
    raw.map((r) => ({
      userId: r.userId,
      points: r.points,
      correct: secondKey({ ...r, tieBreak: r.entry.tieBreak ?? null }, tie),
    })),
  );

  // The stored figures and the names, strongly consistent, in one set of batched reads.
  const keys = raw.flatMap((r) => [r.key, PROFILE.key(r.userId), ...seasons.map((s) => standingKey(r.userId, s))]);
  const stored = await store.batchGet(keys);

  const rows: EventRow[] = [];
  const jobs: PlayerJob[] = [];
  // The awards' event-wide figures, over the players (an entry without its prediction is none).
  const players = raw.filter((r) => stored.has(keyId(r.key)));
  const top = topPoints(players.map((r) => r.points));
  const boldest = boldestShare(scoring.card);
  for (const r of raw) {
    const prediction = stored.get(keyId(r.key));
    // An entry is written with its prediction; an entry without one is not a player of the event.
    if (!prediction) continue;
    const profile = stored.get(keyId(PROFILE.key(r.userId)));
    const displayName = (profile?.displayName as string | undefined) ?? (prediction.displayName as string);
    const rank = ranks.get(r.userId)!;
    rows.push(eventRow({ ...entryPlayer(r.entry), displayName }, scoring, rank));
    jobs.push({
      score: {
        userId: r.userId,
        key: r.key,
        points: r.points,
        correct: r.correct,
        rank,
        scores: r.scores,
        cardBonus: r.cardBonus,
        questionScores: r.questionScores,
        awards: awardsOf(scoring.card, r.entry.picks, r.points, top, boldest),
        streak: streakPart(scoring.card, r.entry.picks),
        bellMs: event.startsAtMs,
      },
      state: { prediction, standings: new Map(seasons.map((s) => [s, stored.get(keyId(standingKey(r.userId, s)))])) },
      ctx: { displayName, seasons },
    });
  }

  // Each player's items share one transaction of at most MAX_TRANSACT_ITEMS.
  const perBatch = Math.min(perTransaction, Math.floor(MAX_TRANSACT_ITEMS / (1 + seasons.length)));
  const settled = new Map<string, Settled>();
  let finished = true;
  await forEachBounded(chunk(jobs, perBatch), store.concurrency, async (batch) => {
    if (pastDeadline()) {
      finished = false;
      return;
    }
    const done = await scorePlayers(store, batch);
    batch.forEach((job, i) => {
      const s = done[i];
      if (s) settled.set(job.score.userId, s);
    });
  });
  return { settled, rows, finished, card: scoring.card, questions: scoring.questions };
}

function chunk<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
