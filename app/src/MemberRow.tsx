import { shownName } from './hooks.ts';
import { href } from './route.ts';

/** One row of a league table, the caller's highlighted (and named so for screen readers). */
export function MemberRow({
  me,
  rank,
  userId,
  name,
  cells,
}: {
  me: boolean;
  rank: number | null | undefined;
  userId: string;
  name: string;
  cells: (number | null | undefined)[];
}) {
  return (
    <tr className={me ? 'me' : undefined} aria-current={me ? 'true' : undefined}>
      <td>{rank ?? '–'}</td>
      <td>
        <a href={href.player(userId)}>{shownName(name, userId)}</a>
        {me && <span className="you"> (you)</span>}
      </td>
      {cells.map((c, i) => (
        <td key={i} className="num">
          {c ?? '–'}
        </td>
      ))}
    </tr>
  );
}
