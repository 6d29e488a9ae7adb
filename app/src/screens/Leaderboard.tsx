import type { BoardRow } from '@pickem/client/card';
import { MemberRow } from '../MemberRow.tsx';

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
        <table className="table" data-testid="leaderboard">
          <thead>
            <tr>
              <th scope="col">Rank</th>
              <th scope="col">Player</th>
              <th scope="col" className="num">
                Points
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <MemberRow
                key={r.userId}
                me={r.userId === me}
                rank={r.rank}
                userId={r.userId}
                name={r.displayName}
                cells={[r.points]}
              />
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
