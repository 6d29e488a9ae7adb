/**
 * The commissioner's view of the season's next open event: who has not finished their picks (names
 * only, League.missingPicks) and a Nudge that emails them once (nudgeLeague; only those with email
 * reminders on).
 */
import { client, mutations } from '../api.ts';
import { shownName } from '../hooks.ts';
import { useAction, useLoad } from '@pickem/client/react';
import { missingPicksOf } from './documents.ts';

export function MissingPicks({ leagueId, event }: { leagueId: string; event: { id: string; name: string } }) {
  const { data: missing, error } = useLoad(
    async () =>
      (await client.graphql({ query: missingPicksOf, variables: { leagueId, eventId: event.id } })).data.league
        ?.missingPicks ?? [],
    [leagueId, event.id],
  );
  const { busy, status, run } = useAction();
  if (error) return <p role="alert">{error}</p>;
  if (missing === undefined) return null;
  return (
    <section aria-labelledby="missing-picks-title" data-testid="missing-picks">
      <h3 id="missing-picks-title">Not picked yet for {event.name}</h3>
      {missing.length === 0 ? (
        <p>Every member has picked the whole card.</p>
      ) : (
        <>
          <p>{missing.map((u) => shownName(u.displayName, u.id)).join(', ')}</p>
          <button
            type="button"
            aria-disabled={busy}
            onClick={() =>
              !busy &&
              void run(
                (sent: number) =>
                  sent === 0
                    ? 'Nobody was emailed: the others have email reminders off, or were nudged for this event already.'
                    : `Emailed ${sent} ${sent === 1 ? 'member' : 'members'} a reminder.`,
                async () =>
                  (await client.graphql({ query: mutations.nudgeLeague, variables: { leagueId, eventId: event.id } }))
                    .data.nudgeLeague,
              )
            }
          >
            Nudge them by email
          </button>
          <p className="muted">One nudge per event, only to members who have email reminders on.</p>
        </>
      )}
      <p role="status">{status}</p>
    </section>
  );
}
