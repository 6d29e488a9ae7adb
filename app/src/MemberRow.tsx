import type { ReactNode } from 'react';
import { shownName } from './hooks.ts';
import { href } from './route.ts';

/** One row of a league table, the caller's highlighted (and named so for screen readers). */
export function MemberRow({
  me,
  rank,
  userId,
  name,
  cells,
  detail,
}: {
  me: boolean;
  rank: number | null | undefined;
  userId: string;
  name: string;
  cells: (number | null | undefined)[];
  /** Shown under the name (a player's picks). */
  detail?: ReactNode;
}) {
  return (
    <tr className={me ? 'me' : undefined} aria-current={me ? 'true' : undefined}>
      <td>{rank ?? '–'}</td>
      <td>
        <a href={href.player(userId)}>{shownName(name, userId)}</a>
        {me && <span className="you"> (you)</span>}
        {detail}
      </td>
      {cells.map((c, i) => (
        <td key={i} className="num">
          {c ?? '–'}
        </td>
      ))}
    </tr>
  );
}

/** A league table's or leaderboard's rows, one a member, the caller's (`me`) highlighted. */
export function MemberRows<R extends { userId: string; rank?: number | null; displayName: string }>({
  rows,
  me,
  cells,
  detail,
}: {
  rows: R[];
  me: string | null;
  cells: (row: R) => (number | null | undefined)[];
  detail?: (row: R) => ReactNode;
}) {
  return rows.map((r) => (
    <MemberRow
      key={r.userId}
      me={r.userId === me}
      rank={r.rank}
      userId={r.userId}
      name={r.displayName}
      cells={cells(r)}
      detail={detail?.(r)}
    />
  ));
}
