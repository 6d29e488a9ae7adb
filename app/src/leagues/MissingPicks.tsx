/**
 * The commissioner's view of the season's next open event: who has not finished their picks
 * (League.missingPicks, with who gets an email) and a Nudge that says whom it reaches before it is
 * pressed (nudgeLeague: a notice on each one's events screen, an email to those with email reminders
 * on; once per league and event, League.nudgedAt).
 */
import { client, mutations } from '../api.ts';
import { formatTime, shownName } from '../hooks.ts';
import { nudgeButtonLabel, nudgedAlreadyText, nudgeOutcomeText } from '@pickem/client/nudge';
import { useAction, useLoad } from '@pickem/client/react';
import { missingPicksOf } from './documents.ts';

export function MissingPicks({ leagueId, event }: { leagueId: string; event: { id: string; name: string } }) {
  const { data, error } = useLoad(
    async () =>
      (await client.graphql({ query: missingPicksOf, variables: { leagueId, eventId: event.id } })).data.league,
    [leagueId, event.id],
  );
  const { busy, status, failed, run } = useAction();
  if (error) return <p role="alert">{error}</p>;
  if (data === undefined) return null;
  const missing = data?.missingPicks ?? [];
  const nudgedAt = data?.nudgedAt ?? null;
  const done = status !== null && !failed && !busy;
  return (
    <section aria-labelledby="missing-picks-title" data-testid="missing-picks">
      <h3 id="missing-picks-title">Not picked yet for {event.name}</h3>
      {missing.length === 0 ? (
        <p>Every member has picked the whole card.</p>
      ) : (
        <>
          <ul className="missing-picks" aria-label="Members without picks">
            {missing.map((u) => (
              <li key={u.id}>
                {shownName(u.displayName, u.id)}{' '}
                <span className="muted">{u.byEmail ? '(app and email)' : '(app only)'}</span>
              </li>
            ))}
          </ul>
          {nudgedAt ? (
            <p className="muted">{nudgedAlreadyText(nudgedAt, formatTime)}</p>
          ) : (
            !done && (
              <>
                <button
                  type="button"
                  aria-disabled={busy}
                  onClick={() =>
                    !busy &&
                    void run(
                      nudgeOutcomeText,
                      async () =>
                        (
                          await client.graphql({
                            query: mutations.nudgeLeague,
                            variables: { leagueId, eventId: event.id },
                          })
                        ).data.nudgeLeague,
                    )
                  }
                >
                  {nudgeButtonLabel(missing)}
                </button>
                <p className="muted">
                  Each sees a notice on their events screen; those with email reminders on get an email too. One nudge
                  per event.
                </p>
              </>
            )
          )}
        </>
      )}
      <p role="status">{status}</p>
    </section>
  );
}
