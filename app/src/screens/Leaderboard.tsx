import type { BoardRow } from '@pickem/client/card';
import { MemberRows } from '../MemberRow.tsx';
import { RankTable } from '../RankTable.tsx';

/** The event's leaderboard (the top of it); the viewer's own row is marked. */
export function Leaderboard({ rows, final, me }: { rows: BoardRow[]; final: boolean; me: string | null }) {
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
            final ? ['Rank', 'Player', { num: 'Points' }] : ['Rank', 'Player', { num: 'Points' }, { num: 'Possible' }]
          }
        >
          <MemberRows rows={rows} me={me} cells={(r) => (final ? [r.points] : [r.points, r.possiblePoints])} />
        </RankTable>
      )}
    </section>
  );
}
