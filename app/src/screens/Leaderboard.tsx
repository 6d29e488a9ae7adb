import type { BoardRow, Match } from '@pickem/client/card';
import { MemberRows } from '../MemberRow.tsx';
import { PlayerPicks, type ShownPick } from '../PlayerPicks.tsx';
import { RankTable } from '../RankTable.tsx';

/** A leaderboard row: the figures and the player's picks (the board's rows carry them once the picks lock). */
export type PickedRow = BoardRow & { picks?: ShownPick[] | null };

/** The event's leaderboard (the top of it); the viewer's own row is marked, and each row opens that player's picks. */
export function Leaderboard({
  rows,
  final,
  me,
  matches,
}: {
  rows: PickedRow[];
  final: boolean;
  me: string | null;
  matches: Match[];
}) {
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
            detail={(r) =>
              r.picks && (
                <details className="row-picks" data-testid="row-picks">
                  <summary>Picks</summary>
                  <PlayerPicks matches={matches} picks={r.picks} label={`${r.displayName}'s picks`} />
                </details>
              )
            }
          />
        </RankTable>
      )}
    </section>
  );
}
