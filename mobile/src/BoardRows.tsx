/**
 * A board's rows (the event's leaderboard, a league's board for an event): each player's figures and,
 * under them their awards once scored and, once the picks lock, their tie-break guess, their picks with the joker and finishes and their answers;
 * the tie-break question above, with the answer once it is in.
 */
import {
  rowPicksText,
  tieBreakCaption,
  tieBreakNotes,
  type BoardPick,
  type BoardPickMatch,
  type BoardQuestion,
  type TieBreakEvent,
} from '@pickem/client/board-picks';
import type { Award } from '@pickem/client/graphql/types';
import type { SavedAnswer } from '@pickem/client/questions';
import { Muted, RankRows } from './ui';

type BoardRow = Parameters<typeof RankRows>[0]['rows'][number] & {
  awards?: readonly Award[] | null;
  picks?: BoardPick[] | null;
  tieBreak?: number | null;
  answers?: SavedAnswer[] | null;
};

export function BoardRows({
  rows,
  matches,
  questions = [],
  event,
  me,
  testID,
}: {
  rows: BoardRow[];
  matches: BoardPickMatch[];
  /** The event's questions, to word each player's answers. */
  questions?: BoardQuestion[];
  /** The event's tie-break question and answer (null: not read yet). */
  event: TieBreakEvent | null;
  me?: string;
  testID: string;
}) {
  const notes = tieBreakNotes(rows, event);
  const caption = tieBreakCaption(event);
  return (
    <>
      {caption && <Muted testID="tie-break-caption">{caption}</Muted>}
      <RankRows rows={rows} me={me} testID={testID} detail={(r) => rowPicksText(r, matches, notes, questions)} />
    </>
  );
}
