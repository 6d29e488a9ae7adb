/**
 * The final pass: every player written (prediction and standings, one transaction; final-scores.ts),
 * then the event board and each season's board, and the tables and belts of the seasons' leagues
 * (league-tables.ts, belt.ts), on a card that held; then the event SCORED, on the condition that its card
 * revision is still the one the pass last read: a result entered after that read (between the read
 * and the mark) fails the mark, and the pass goes round again on the new card. Past the deadline no
 * new transaction batch starts and the pass answers unfinished (no board, state unchanged).
 */
import { BOARD, type BoardMatch, type BoardQuestion, type EventRow } from '@pickem/domain/entities/board';
import { EVENT, type EventItem } from '@pickem/domain/entities/event';
import { ERROR } from '@pickem/domain/error-types';
import type { PublishMessage } from './belt.ts';
import { replaceBoard } from './board.ts';
import { MAX_PASSES, SCORABLE_STATES, cardFingerprint, readCard, refused, scoringOf, type Failure } from './card.ts';
import { setUpdate } from './expressions.ts';
import { writeScores } from './final-scores.ts';
import { refreshLeagueTables } from './league-tables.ts';
import { seasonFigures, type Settled } from './player.ts';
import { overlaySeasonBoard } from './season-board.ts';
import { eventSeasons } from './seasons.ts';
import { isConditionFailure, type Store } from './store.ts';

export interface FinalDone {
  event: EventItem;
  scored: number;
  standingsWritten: number;
  finished: boolean;
  /** Times the card changed under the pass (its re-read, or its mark refused), each sending it round again. */
  cardChanges: number;
}

export async function finalPass(
  store: Store,
  eventId: string,
  perTransaction: number,
  pastDeadline: () => boolean,
  beforeMark?: () => Promise<void>,
  publishMessage?: PublishMessage,
): Promise<FinalDone | Failure> {
  const first = await readCard(store, eventId, { states: SCORABLE_STATES, allResults: true });
  if (!first.ok) return refused(first);
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
    const done = await writeScores(store, checked, seasons, perTransaction, pastDeadline);
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
    await writeBoards(store, checked.event, seasons, done, checked.cardRev, done.settled);
    const belt = { event: checked.event, cardRev: checked.cardRev, publish: publishMessage };
    if (!(await refreshLeagueTables(store, seasons, done.settled, pastDeadline, belt))) return unfinished();
    const again = await readCard(store, eventId, { states: SCORABLE_STATES, allResults: true });
    if (!again.ok) return refused(again);
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
    if (!now.ok) return refused(now);
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
 * The event board (final) from this pass's rows, and each season's board: its rows overlaid with the
 * standings of this event's players as the pass wrote or read them, the higher revision winning.
 */
async function writeBoards(
  store: Store,
  event: EventItem,
  seasons: string[],
  scored: { card: BoardMatch[]; questions: BoardQuestion[]; rows: EventRow[] },
  cardRev: number,
  settled: Map<string, Settled>,
) {
  const players = scored.rows.filter((r) => settled.has(r[0]));
  // The final board records the revision it scored but does not yield: the pass reads the card again and goes over it if it changed.
  await replaceBoard<EventRow>(
    store,
    BOARD.eventScope(event.id),
    async () => ({ rows: players, final: true, card: scored.card, questions: scored.questions, ...scoringOf(event) }),
    { cardRev, yieldToNewer: false },
  );
  for (const seasonId of seasons) await overlaySeasonBoard(store, seasonId, seasonFigures(settled, seasonId));
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
