import type { BoardRow, Card, Match } from '@pickem/client/card';
import { tieBreakNotes, type BoardPick, type BoardQuestion } from '@pickem/client/board-picks';
import type { SavedAnswer } from '@pickem/client/questions';
import type { Award } from '../api.ts';
import { Awards } from '../Awards.tsx';
import { MemberRows } from '../MemberRow.tsx';
import { PlayerAnswers } from '../PlayerAnswers.tsx';
import { PlayerPicks } from '../PlayerPicks.tsx';
import { RankTable } from '../RankTable.tsx';
import { TieBreakCaption, TieBreakGuess } from '../TieBreak.tsx';

/** A leaderboard row: the figures, and the player's picks, answers and tie-break guess (the board's rows carry them once the picks lock). */
export type PickedRow = BoardRow & {
  awards?: readonly Award[] | null;
  picks?: BoardPick[] | null;
  tieBreak?: number | null;
  answers?: SavedAnswer[] | null;
};

/**
 * The event's leaderboard (the top of it); the viewer's own row is marked, each row shows the player's
 * awards once final, their tie-break guess, and opens their picks.
 */
export function Leaderboard({
  rows,
  final,
  me,
  event,
  matches,
  questions = [],
}: {
  rows: PickedRow[];
  final: boolean;
  me: string | null;
  event: Pick<Card['event'], 'rules' | 'tieBreakAnswer'>;
  matches: Match[];
  /** The event's questions, to word each player's answers. */
  questions?: BoardQuestion[];
}) {
  const notes = tieBreakNotes(rows, event);
  const question = event.rules.tieBreakQuestion;
  return (
    <section aria-labelledby="board-title">
      <h2 id="board-title">
        Leaderboard{' '}
        {final ? (
          <span className="badge badge-scored">Final</span>
        ) : (
          <span className="badge badge-broadcast">Provisional</span>
        )}
      </h2>
      {rows.length === 0 ? (
        <p>No scores yet.</p>
      ) : (
        <>
          <TieBreakCaption event={event} />
          <RankTable
            data-testid="leaderboard"
            columns={
              final
                ? ['Rank', 'Player', { num: 'Correct' }, { num: 'Points' }]
                : ['Rank', 'Player', { num: 'Correct' }, { num: 'Points' }, { num: 'To win' }]
            }
          >
            <MemberRows
              rows={rows}
              me={me}
              cells={(r) => (final ? [r.correct, r.points] : [r.correct, r.points, r.possiblePoints])}
              detail={(r) => (
                <>
                  <Awards awards={r.awards} testId="row-awards" />
                  <TieBreakGuess note={notes.get(r.userId)} question={question} />
                  {r.picks && (
                    <details className="row-picks" data-testid="row-picks">
                      <summary>Picks</summary>
                      <PlayerPicks matches={matches} picks={r.picks} label={`${r.displayName}'s picks`} />
                      <PlayerAnswers questions={questions} answers={r.answers} label={`${r.displayName}'s answers`} />
                    </details>
                  )}
                </>
              )}
            />
          </RankTable>
        </>
      )}
    </section>
  );
}
