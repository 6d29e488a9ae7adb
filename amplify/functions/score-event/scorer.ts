/**
 * Scores an event. A live pass (provisional, while BROADCAST) rebuilds the event's board from the
 * results entered so far and writes nothing per player. The final pass writes every player's
 * prediction (points, correct, event rank) and season standings, then the event's board (final) and
 * each season's board, then sets the event SCORED. Both are safe to run again at any time, including
 * after a run that stopped part-way or after a result was corrected (docs/scoring.md says why).
 */
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { ERROR } from '@pickem/domain/error-types';
import {
  BOARD,
  boardPicked,
  boardMatches,
  encodeMethods,
  encodePicks,
  jokerIndex,
  rowAllPicks,
  tieOf,
  type BoardMatch,
  type EventRow,
  type SeasonRow,
} from '@pickem/domain/entities/board';
import { ENTRY, type EntryItem } from '@pickem/domain/entities/entry';
import { EVENT, toEvent, type EventItem } from '@pickem/domain/entities/event';
import { PREDICTION, type PickItem } from '@pickem/domain/entities/prediction';
import { secondKey } from '@pickem/domain/ranking';
import { possiblePoints, scorePicks, type ScoringMatch } from '@pickem/domain/points';
import { rulesOf, sameRules, type RulesItem } from '@pickem/domain/rules';
import { PROFILE } from '@pickem/domain/entities/profile';
import { MAX_TRANSACT_ITEMS } from '@pickem/domain/limits';
import type { ScoringOutcome } from '@pickem/domain/scoring';
import { readRows, replaceBoard, same } from './board.ts';
import { SCORABLE_STATES, boardCard, cardFingerprint, countPicks, readCard, type Card } from './card.ts';
import { scorePlayers, type PlayerJob, type Settled } from './player.ts';
import { forEachBounded } from './pool.ts';
import { competitionRanks } from './ranks.ts';
import { standingKey } from './standings.ts';
import { eventSeasons } from './seasons.ts';
import { replaceSeasonBoard } from './season-board.ts';
import { refreshLeagueTables } from './league-tables.ts';
import { setUpdate } from './expressions.ts';
import { createStore, isConditionFailure, keyId, type Store } from './store.ts';

export interface ScorerOptions {
  client: DynamoDBClient;
  tableName: string;
  /** Called with 0 before the first write, then after every write request with the number done so far. */
  afterWrite?: (writes: number) => void;
  /**
   * Writes (and batched reads) in flight at once; default 4. DynamoDB Local serves 100-item
   * transactions fastest with few in flight (docs/benchmarks.md).
   */
  concurrency?: number;
  /** Players written by one TransactWriteItems (a prediction and a standing per season each, at most 100 items); default and most 50, fewer when the event is in several seasons. */
  playersPerTransaction?: number;
  /**
   * A final pass stops starting transaction batches once this many milliseconds have passed since it
   * started, and answers a report with `finished: false` (running it again finishes: twice = once).
   * Default: none. scoreEvent's own `deadlineMs` overrides it.
   */
  deadlineMs?: number;
  /** The clock the deadline is read on (tests); default Date.now. */
  now?: () => number;
  /** Tests: runs after a final pass's last read of the card, just before it marks the event SCORED (a result entered here races the mark). */
  beforeMark?: () => Promise<void>;
}

/** At least two items a player: the prediction and a standing per season of the event (one or more). */
const MAX_PLAYERS_PER_TRANSACTION = MAX_TRANSACT_ITEMS / 2;
const MAX_PASSES = 5;

export interface ScoreMode {
  provisional?: boolean;
  /** As ScorerOptions.deadlineMs, for this call. */
  deadlineMs?: number;
}

export function createScorer(opts: ScorerOptions) {
  const concurrency = opts.concurrency ?? 4;
  // Zero would run no task at all and report success having scored nothing.
  if (!Number.isInteger(concurrency) || concurrency < 1)
    throw new Error(`concurrency must be a whole number of at least 1; got ${concurrency}`);
  return {
    /**
     * The final pass (every match must have a result; the event ends SCORED), or with `provisional`
     * a live pass of a BROADCAST event over the results entered so far (the state stays). The final
     * pass, once its writes are done, reads the card again and starts over if a result changed
     * meanwhile. A live pass that meets a newer card revision (a newer result) stands down and
     * answers `superseded`: the newer result's pass scores it.
     */
    async scoreEvent(eventId: string, mode: ScoreMode = {}): Promise<ScoringOutcome> {
      const now = opts.now ?? Date.now;
      const startedAt = now();
      const perTransaction = opts.playersPerTransaction ?? MAX_PLAYERS_PER_TRANSACTION;
      if (!(perTransaction >= 1 && perTransaction <= MAX_PLAYERS_PER_TRANSACTION)) {
        throw new Error(`playersPerTransaction must be 1 to ${MAX_PLAYERS_PER_TRANSACTION}`);
      }
      const deadlineMs = mode.deadlineMs ?? opts.deadlineMs;
      const deadline = deadlineMs === undefined ? Number.POSITIVE_INFINITY : startedAt + deadlineMs;
      const store = createStore({
        client: opts.client,
        tableName: opts.tableName,
        concurrency,
        afterWrite: opts.afterWrite,
      });
      const stats = () => ({
        writes: store.meter.writes,
        items: store.meter.items,
        wcu: store.meter.wcu,
        wcuEstimate: store.meter.wcuEstimate,
        rcu: store.meter.rcu,
      });
      if (mode.provisional === true) {
        const out = await livePass(store, eventId);
        if ('error' in out) return { error: out.error };
        const report = {
          event: toEvent(out.event),
          predictionsScored: out.players,
          standingsUpdated: 0,
          finished: true,
          cardChanges: 0,
        };
        return out.superseded ? { report, stats: stats(), superseded: true } : { report, stats: stats() };
      }
      const out = await finalPass(store, eventId, perTransaction, () => now() >= deadline, opts.beforeMark);
      if ('error' in out) return { error: out.error };
      return {
        report: {
          event: toEvent(out.event),
          predictionsScored: out.scored,
          standingsUpdated: out.standingsWritten,
          finished: out.finished,
          cardChanges: out.cardChanges,
        },
        stats: stats(),
      };
    },
  };
}

type Failure = { error: { type: string; message: string } };

/** How the event's boards break ties on points (its rules' tie-break question and answer, or correct picks). */
const tieOfEvent = (event: EventItem) => tieOf({ rules: rulesOf(event), tieBreakAnswer: event.tieBreakAnswer ?? null });

/** What an event board stores with its rows about the event's scoring. */
const scoringOf = (event: EventItem) => ({ rules: rulesOf(event), tieBreakAnswer: event.tieBreakAnswer ?? null });

/** A player's event board row, scored on `card` under the event's rules: a live one (rank 0, ranked by the board) with its points still possible, a final one ranked. */
function eventRow(
  who: { userId: string; displayName: string; picks: PickItem[]; tieBreak?: number | null; savedAtMs: number },
  scoring: CardScoring,
  rank = 0,
): EventRow {
  const { card, onCard, rules } = scoring;
  const { points, correct } = scorePicks(who.picks, onCard, rules);
  const live = rank === 0;
  return [
    who.userId,
    who.displayName,
    points,
    correct,
    rank,
    encodePicks(card, who.picks),
    who.savedAtMs,
    encodeMethods(card, who.picks),
    jokerIndex(card, who.picks),
    who.tieBreak ?? null,
    live ? possiblePoints(who.picks, onCard, rules) : null,
  ];
}

/** A card as a board holds it, made once a pass: every row is scored on the same matches and rules. */
interface CardScoring {
  card: BoardMatch[];
  onCard: Record<string, ScoringMatch>;
  rules: RulesItem;
}
const cardScoring = (card: BoardMatch[], event: EventItem): CardScoring => ({
  card,
  onCard: boardMatches({ card }),
  rules: rulesOf(event),
});

const entryPlayer = (entry: EntryItem) => ({
  userId: entry.userId,
  displayName: entry.displayName,
  picks: entry.picks,
  tieBreak: entry.tieBreak ?? null,
  savedAtMs: Date.parse(entry.updatedAt),
});

/** Every entry of the event, from its shards (strongly consistent). */
export async function readEntries(store: Store, eventId: string): Promise<EntryItem[]> {
  const shards = await Promise.all(ENTRY.shards().map((s) => store.query(ENTRY.shard(eventId, s))));
  return shards.flat() as unknown as EntryItem[];
}

const matchIds = (card: BoardMatch[]) => card.map((m) => m[0]);

/**
 * A live pass: the event board rebuilt on the card as it is, from the board's own rows (re-scored)
 * when the board was built on the same matches, else from the entries. Nothing per player is written,
 * and nothing at all when the board already holds this card at this revision (or is final).
 *
 * The pass stands down (`superseded`) as soon as it sees a newer card revision than the one it read:
 * on the stored head (its replacement would fail the revision condition anyway) or when it reads the
 * card again after writing. The pass of the newer result scores it.
 */
async function livePass(
  store: Store,
  eventId: string,
): Promise<{ event: EventItem; players: number; superseded: boolean } | Failure> {
  // A live pass starts only on a BROADCAST event; once started it follows the card wherever it goes.
  const first = await readCard(store, eventId, { states: ['BROADCAST'], allResults: false });
  if (!first.ok) return { error: { type: first.type, message: first.message } };
  let checked = first;
  store.startWrites();
  let players = 0;
  for (let pass = 0; ; pass++) {
    if (pass === MAX_PASSES)
      throw new Error(`The card of event ${eventId} kept changing during ${MAX_PASSES} scoring passes`);
    const onCard = checked.card;
    const { event } = checked;
    const scoring = scoringOf(event);
    const cardRev = checked.cardRev;
    const written = await replaceBoard<EventRow>(
      store,
      BOARD.eventScope(eventId),
      async (head) => {
        if (head?.final) return null;
        // The picks at the bell are counted once, by the first pass that lists the entries; later
        // passes on the same matches take the count from the head (picks no longer change).
        const picked = head && same(matchIds(head.card), [...onCard.keys()]) ? boardPicked(head) : null;
        if (head && picked !== null) {
          const card = boardCard(onCard, picked);
          const sameScoring =
            sameRules(rulesOf(head), scoring.rules) && (head.tieBreakAnswer ?? null) === scoring.tieBreakAnswer;
          if (same(head.card, card) && sameScoring && (head.cardRev ?? 0) >= cardRev) return null;
          const pass = cardScoring(card, event);
          const rows = (await readRows<EventRow>(store, head)).map((row) =>
            eventRow(
              {
                userId: row[0],
                displayName: row[1],
                picks: rowAllPicks(head, row),
                tieBreak: row[9] ?? null,
                savedAtMs: row[6],
              },
              pass,
            ),
          );
          return { rows, final: false, card, ...scoring };
        }
        const entries = await readEntries(store, eventId);
        const card = boardCard(
          onCard,
          countPicks(
            onCard,
            entries.map((e) => e.picks),
          ),
        );
        const pass = cardScoring(card, event);
        const rows = entries.map((entry) => eventRow(entryPlayer(entry), pass));
        return { rows, final: false, card, ...scoring };
      },
      { cardRev, yieldToNewer: true },
    );
    players = written.head?.rowCount ?? 0;
    if (written.superseded) return { event: checked.event, players, superseded: true };
    const again = await readCard(store, eventId, { states: SCORABLE_STATES, allResults: false });
    if (!again.ok) return { error: { type: again.type, message: again.message } };
    if (again.cardRev > cardRev) return { event: again.event, players, superseded: true };
    // The same revision and another card: reordered (reorderCard raises no revision); score it again.
    const changed = cardFingerprint(again) !== cardFingerprint(checked);
    checked = again;
    if (!changed) break;
  }
  return { event: checked.event, players, superseded: false };
}

interface FinalDone {
  event: EventItem;
  scored: number;
  standingsWritten: number;
  finished: boolean;
  /** Times the card changed under the pass (its re-read, or its mark refused), each sending it round again. */
  cardChanges: number;
}

/**
 * The final pass: every player written (prediction and standings, one transaction), then the event
 * board and each season's board, and the tables of the seasons' leagues (league-tables.ts), on a card that held; then the event SCORED, on the condition that
 * its card revision is still the one the pass last read: a result entered after that read (between
 * the read and the mark) fails the mark, and the pass goes round again on the new card. Past the
 * deadline no new transaction batch starts and the pass answers unfinished (no board, state unchanged).
 */
async function finalPass(
  store: Store,
  eventId: string,
  perTransaction: number,
  pastDeadline: () => boolean,
  beforeMark?: () => Promise<void>,
): Promise<FinalDone | Failure> {
  const first = await readCard(store, eventId, { states: SCORABLE_STATES, allResults: true });
  if (!first.ok) return { error: { type: first.type, message: first.message } };
  let checked = first;
  const seasons = await eventSeasons(store, checked.event);
  const scored = new Set<string>();
  const standingsWritten = new Set<string>();
  let cardChanges = 0;
  let event: EventItem | null = null;
  store.startWrites();
  for (let pass = 0; ; pass++) {
    if (pass === MAX_PASSES)
      throw new Error(`The results of event ${eventId} kept changing during ${MAX_PASSES} scoring passes`);
    const done = await writeScores(store, checked.event, seasons, checked.card, perTransaction, pastDeadline);
    for (const u of done.settled.keys()) scored.add(u);
    for (const [u, s] of done.settled) if (s.wroteStanding) standingsWritten.add(u);
    const unfinished = () => ({
      event: checked.event,
      scored: scored.size,
      standingsWritten: standingsWritten.size,
      finished: false as const,
      cardChanges,
    });
    if (!done.finished) return unfinished();
    await writeBoards(store, checked.event, seasons, done.card, checked.cardRev, done.rows, done.settled);
    if (!(await refreshLeagueTables(store, seasons, done.settled, pastDeadline))) return unfinished();
    const again = await readCard(store, eventId, { states: SCORABLE_STATES, allResults: true });
    if (!again.ok) return { error: { type: again.type, message: again.message } };
    const changed = cardFingerprint(again) !== cardFingerprint(checked);
    const scoredCard = checked;
    checked = again;
    if (changed) {
      cardChanges += 1;
      continue;
    }
    await beforeMark?.();
    const marked = await markScored(store, checked.event, checked.cardRev);
    if (marked === 'stateChanged') break;
    if (marked !== 'cardChanged') {
      event = marked;
      break;
    }
    // A result entered after the read: score the card as it now is (a result set back to what it was
    // leaves the card unchanged at a newer revision: the pass then writes nothing new, and marks again).
    const now = await readCard(store, eventId, { states: SCORABLE_STATES, allResults: true });
    if (!now.ok) return { error: { type: now.type, message: now.message } };
    checked = now;
    if (cardFingerprint(now) !== cardFingerprint(scoredCard)) cardChanges += 1;
  }
  if (!event)
    return {
      error: { type: ERROR.invalidState, message: `Event ${eventId} left BROADCAST/SCORED while it was being scored` },
    };
  return { event, scored: scored.size, standingsWritten: standingsWritten.size, finished: true, cardChanges };
}

/**
 * Every player of the event scored on `card`: their prediction and standings (one per season of the
 * event) written together, from strongly consistent reads. Returns each player settled (their
 * standings as they now are), the event board's rows, and whether every batch ran before the deadline.
 */
async function writeScores(
  store: Store,
  event: EventItem,
  seasons: string[],
  card: Card,
  perTransaction: number,
  pastDeadline: () => boolean,
) {
  const entries = await readEntries(store, event.id);
  const boardMatches = boardCard(
    card,
    countPicks(
      card,
      entries.map((e) => e.picks),
    ),
  );
  const tie = tieOfEvent(event);
  const scoring = cardScoring(boardMatches, event);
  const raw = entries.map((e) => ({
    entry: e,
    userId: e.userId,
    key: PREDICTION.key(e.userId, event.date, event.id),
    ...scorePicks(e.picks, scoring.onCard, scoring.rules),
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
      },
      state: { prediction, standings: new Map(seasons.map((s) => [s, stored.get(keyId(standingKey(r.userId, s)))])) },
      ctx: { displayName, seasons },
    });
  }

  // Each player's items share one transaction of at most MAX_TRANSACT_ITEMS.
  const players = Math.min(perTransaction, Math.floor(MAX_TRANSACT_ITEMS / (1 + seasons.length)));
  const settled = new Map<string, Settled>();
  let finished = true;
  await forEachBounded(chunk(jobs, players), store.concurrency, async (batch) => {
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
  return { settled, rows, finished, card: boardMatches };
}

/**
 * The event board (final) from this pass's rows, and each season's board: its rows overlaid with the
 * standings of this event's players as the pass wrote or read them, the higher revision winning.
 */
async function writeBoards(
  store: Store,
  event: EventItem,
  seasons: string[],
  boardMatches: BoardMatch[],
  cardRev: number,
  rows: EventRow[],
  settled: Map<string, Settled>,
) {
  const players = rows.filter((r) => settled.has(r[0]));
  // The final board records the revision it scored but does not yield: the pass reads the card again and goes over it if it changed.
  await replaceBoard<EventRow>(
    store,
    BOARD.eventScope(event.id),
    async () => ({ rows: players, final: true, card: boardMatches, ...scoringOf(event) }),
    { cardRev, yieldToNewer: false },
  );
  for (const seasonId of seasons) {
    await replaceSeasonBoard(store, seasonId, async (head) => {
      const byUser = new Map<string, SeasonRow>();
      if (head) for (const row of await readRows<SeasonRow>(store, head)) byUser.set(row[0], row);
      for (const [userId, s] of settled) {
        const standing = s.standings.get(seasonId);
        if (!standing) continue;
        const current = byUser.get(userId);
        if (current && current[6] >= standing.rev) continue;
        byUser.set(userId, [
          userId,
          standing.displayName,
          standing.points,
          standing.correct,
          0,
          standing.eventsPlayed,
          standing.rev,
        ]);
      }
      return { rows: [...byUser.values()], final: false, card: [] };
    });
  }
}

function chunk<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * Sets the event SCORED (no write when it already is), on the condition that its card revision is
 * still `cardRev` (the one the pass scored): 'cardChanged' when a result was entered meanwhile,
 * 'stateChanged' when the event left BROADCAST/SCORED.
 */
async function markScored(
  store: Store,
  event: EventItem,
  cardRev: number,
): Promise<EventItem | 'cardChanged' | 'stateChanged'> {
  const key = EVENT.key(event.id);
  const revOf = (e: EventItem) => e.cardRev ?? 0;
  if (event.state === 'SCORED') {
    const current = (await store.get(key)) as EventItem | undefined;
    if (current?.state !== 'SCORED') return 'stateChanged';
    return revOf(current) === cardRev ? current : 'cardChanged';
  }
  const update = setUpdate(store.tableName, key, { state: 'SCORED' }, (e) => {
    const rev = e.name(EVENT.cardRevAttribute);
    const sameRev = cardRev === 0 ? `attribute_not_exists(${rev})` : `${rev} = ${e.value(cardRev)}`;
    return `${e.name('state')} IN (${e.value('BROADCAST')}, ${e.value('SCORED')}) AND ${sameRev}`;
  });
  try {
    return (await store.update({ ...update, ReturnValues: 'ALL_NEW' })) as unknown as EventItem;
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
    const current = (await store.get(key)) as EventItem | undefined;
    return current && (current.state === 'BROADCAST' || current.state === 'SCORED') && revOf(current) !== cardRev
      ? 'cardChanged'
      : 'stateChanged';
  }
}
