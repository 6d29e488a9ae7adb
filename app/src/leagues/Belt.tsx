/**
 * The league's championship belt (issue 43): who holds it, where they won it and how many defenses,
 * and, on demand, the title history newest first (League.lineage, a page of 20).
 */
import { useState } from 'react';
import { championText, reignText } from '@pickem/client/honours';
import { leagueLineage } from '@pickem/client/documents';
import { useAction } from '@pickem/client/react';
import { client } from '../api.ts';
import type { League } from './documents.ts';

type Reign = NonNullable<League['champion']>;

export function Belt({ league }: { league: League }) {
  const [history, setHistory] = useState<{ items: Reign[]; nextToken: string | null } | null>(null);
  const { busy, status, run } = useAction();
  const more = (nextToken: string | null) =>
    run(
      () => '',
      async () => {
        const { data } = await client.graphql({ query: leagueLineage, variables: { leagueId: league.id, nextToken } });
        const page = data.league?.lineage ?? { items: [], nextToken: null };
        setHistory((old) => ({
          items: [...(nextToken ? (old?.items ?? []) : []), ...page.items],
          nextToken: page.nextToken,
        }));
      },
    );
  return (
    <section className="belt" aria-labelledby="belt-title" data-testid="league-belt">
      <h2 id="belt-title">The belt</h2>
      <p className="belt-holder" data-testid="league-champion">
        {championText(league.champion)}
      </p>
      {league.champion &&
        (history === null ? (
          <button type="button" aria-disabled={busy} onClick={() => !busy && void more(null)}>
            Title history
          </button>
        ) : (
          <>
            <ol className="lineage" aria-label="Title history, newest first" data-testid="league-lineage">
              {history.items.map((r) => (
                <li key={`${r.userId}-${r.wonAt}`}>{reignText(r)}</li>
              ))}
            </ol>
            {history.nextToken && (
              <button type="button" aria-disabled={busy} onClick={() => !busy && void more(history.nextToken)}>
                Older reigns
              </button>
            )}
          </>
        ))}
      {status && <p role="status">{status}</p>}
    </section>
  );
}
