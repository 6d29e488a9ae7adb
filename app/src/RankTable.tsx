import type { ReactNode, TableHTMLAttributes } from 'react';

/** A column heading; a `num` one is right-aligned like the numbers under it. */
export type Column = string | { num: string };

/** A ranked table (standings, a leaderboard, a history): its column headings, then its rows. */
export function RankTable({
  columns,
  children,
  ...table
}: { columns: Column[]; children: ReactNode } & TableHTMLAttributes<HTMLTableElement>) {
  return (
    <table className="table" {...table}>
      <thead>
        <tr>
          {columns.map((c) =>
            typeof c === 'string' ? (
              <th key={c} scope="col">
                {c}
              </th>
            ) : (
              <th key={c.num} scope="col" className="num">
                {c.num}
              </th>
            ),
          )}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}
