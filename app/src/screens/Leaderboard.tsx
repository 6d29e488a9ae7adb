import { href } from '../route.ts';
import type { BoardRow } from './EventScreen.tsx';

export function Leaderboard({ rows, final }: { rows: BoardRow[]; final: boolean }) {
  return (
    <section aria-labelledby="board-title">
      <h2 id="board-title">Leaderboard {final ? <span className="badge badge-scored">Final</span> : <span className="badge badge-broadcast">Provisional</span>}</h2>
      {rows.length === 0 ? (
        <p>No scores yet.</p>
      ) : (
        <table className="table" data-testid="leaderboard">
          <thead>
            <tr><th scope="col">Rank</th><th scope="col">Player</th><th scope="col" className="num">Points</th></tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.userId}>
                <td>{r.rank}</td>
                <td><a href={href.player(r.userId)}>{r.displayName}</a></td>
                <td className="num">{r.points}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
