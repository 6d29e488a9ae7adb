/**
 * A live pass: the event board rebuilt on the card as it is, from the board's own rows (re-scored)
 * when the board was built on the same matches, else from the entries. Nothing per player is written,
 * and nothing at all when the board already holds this card at this revision (or is final).
 *
 * The pass stands down (`superseded`) as soon as it sees a newer card revision than the one it read:
 * on the stored head (its replacement would fail the revision condition anyway) or when it reads the
 * card again after writing. The pass of the newer result scores it.
 */
import {
  BOARD,
  boardOptionPicks,
  boardPicked,
  type BoardHead,
  type BoardMatch,
  type EventRow,
} from '@pickem/domain/entities/board';
import type { QuestionItem } from '@pickem/domain/entities/question';
import type { EventItem } from '@pickem/domain/entities/event';
import { rulesOf, sameRules } from '@pickem/domain/rules';
import { readRows, replaceBoard, same, sameQuestions, type CardRevision } from './board.ts';
import {
  MAX_PASSES,
  SCORABLE_STATES,
  boardCard,
  boardQuestions,
  cardFingerprint,
  cardScoring,
  entriesScoring,
  entryPlayer,
  eventRow,
  readCard,
  readEntries,
  refused,
  rescoredRow,
  scoringOf,
  type Failure,
} from './card.ts';
import type { Store } from './store.ts';

const matchIds = (card: BoardMatch[]) => card.map((m) => m[0]);

/** The head's rows hold answers to these questions, in this order (the questions are fixed from the bell; a head of another list is rebuilt from the entries). */
const sameQuestionIds = (head: BoardHead, questions: QuestionItem[]) =>
  same(
    (head.questions ?? []).map((q) => q.id),
    questions.map((q) => q.id),
  );

export async function livePass(
  store: Store,
  eventId: string,
  deferSweep?: CardRevision['deferSweep'],
): Promise<{ event: EventItem; players: number; superseded: boolean } | Failure> {
  // A live pass starts only on a BROADCAST event; once started it follows the card wherever it goes.
  const first = await readCard(store, eventId, { states: ['BROADCAST'], allResults: false });
  if (!first.ok) return refused(first);
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
        const optionsPicked = head && sameQuestionIds(head, checked.questions) ? boardOptionPicks(head) : null;
        if (head && picked !== null && optionsPicked !== null) {
          const card = boardCard(onCard, picked);
          const questions = boardQuestions(checked.questions, optionsPicked);
          const sameScoring =
            sameRules(rulesOf(head), scoring.rules) &&
            (head.tieBreakAnswer ?? null) === scoring.tieBreakAnswer &&
            sameQuestions(head.questions ?? [], questions);
          if (same(head.card, card) && sameScoring && (head.cardRev ?? 0) >= cardRev) return null;
          const pass = cardScoring(card, event, questions);
          const rows = (await readRows<EventRow>(store, head)).map((row) => rescoredRow(head, row, pass));
          return { rows, final: false, card, ...scoring, questions };
        }
        const entries = await readEntries(store, eventId);
        const pass = entriesScoring(checked, entries);
        const rows = entries.map((entry) => eventRow(entryPlayer(entry), pass));
        return { rows, final: false, card: pass.card, ...scoring, questions: pass.questions };
      },
      { cardRev, yieldToNewer: true, deferSweep },
    );
    players = written.head?.rowCount ?? 0;
    if (written.superseded) return { event: checked.event, players, superseded: true };
    const again = await readCard(store, eventId, { states: SCORABLE_STATES, allResults: false });
    if (!again.ok) return refused(again);
    if (again.cardRev > cardRev) return { event: again.event, players, superseded: true };
    // The same revision and another card: reordered (reorderCard raises no revision); score it again.
    const changed = cardFingerprint(again) !== cardFingerprint(checked);
    checked = again;
    if (!changed) break;
  }
  return { event: checked.event, players, superseded: false };
}
