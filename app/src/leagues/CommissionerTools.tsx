/** The commissioner's tools: rename, open or close joins, a new invite code, remove a member, hand over, delete. */
import { useState, type ReactNode } from 'react';
import { client, mutations } from '../api.ts';
import { useAction } from '@pickem/client/react';
import { Confirmed } from '../Confirmed.tsx';
import { shownName } from '../hooks.ts';
import { href, navigate } from '../route.ts';
import { deleteLeagueOnly, type League } from './documents.ts';
import { LEAGUE_LIMIT } from '@pickem/client/limits';

export function CommissionerTools({
  league,
  me,
  onChange,
}: {
  league: League;
  me: string;
  onChange: () => Promise<void>;
}) {
  const { busy, status, run } = useAction();
  const others = league.standings.filter((s) => s.userId !== me);
  const [member, setMember] = useState('');
  /** The member removed last: the API bars them from rejoining by code until the commissioner lets them back in. */
  const [removed, setRemoved] = useState<{ userId: string; name: string } | null>(null);
  const chosen = others.find((s) => s.userId === member) ?? others[0];
  const leagueId = league.id;
  /** The change, then the league read again. */
  const act = (done: string, call: () => Promise<unknown>) =>
    run(done, async () => {
      await call();
      await onChange();
    });
  /** A button that runs `call` through `act`. */
  const actButton = (label: ReactNode, done: string, call: () => Promise<unknown>) => (
    <button type="button" disabled={busy} onClick={() => void act(done, call)}>
      {label}
    </button>
  );

  return (
    <section className="admin stack" aria-labelledby="tools-title">
      <h2 id="tools-title">Commissioner</h2>
      <form
        className="stack"
        aria-label="Rename the league"
        onSubmit={(e) => {
          e.preventDefault();
          const name = String(new FormData(e.currentTarget).get('name')).trim();
          void act('League renamed.', () =>
            client.graphql({ query: mutations.updateLeague, variables: { input: { id: leagueId, name } } }),
          );
        }}
      >
        <label>
          League name (up to {LEAGUE_LIMIT.name} characters)
          <input name="name" defaultValue={league.name} required maxLength={LEAGUE_LIMIT.name} />
        </label>
        <button type="submit" disabled={busy}>
          Rename
        </button>
      </form>
      <div className="actions">
        {actButton(
          league.joinsOpen ? 'Close joins' : 'Open joins',
          league.joinsOpen ? 'Joins closed.' : 'Joins open.',
          () =>
            client.graphql({
              query: mutations.updateLeague,
              variables: { input: { id: leagueId, joinsOpen: !league.joinsOpen } },
            }),
        )}
        <Confirmed
          label="New invite code"
          confirm="Yes, replace the code (the old code and link stop working)"
          busy={busy}
          onConfirm={() =>
            act('New invite code: the old code and link no longer work.', () =>
              client.graphql({ query: mutations.rotateLeagueCode, variables: { leagueId } }),
            )
          }
        />
      </div>
      {chosen && (
        <div className="stack">
          <label>
            Member
            <select value={chosen.userId} onChange={(e) => setMember(e.target.value)}>
              {others.map((s) => (
                <option key={s.userId} value={s.userId}>
                  {shownName(s.displayName, s.userId)}
                </option>
              ))}
            </select>
          </label>
          <div className="actions">
            <Confirmed
              label="Remove member"
              confirm={`Yes, remove ${shownName(chosen.displayName, chosen.userId)}`}
              busy={busy}
              onConfirm={() =>
                act(
                  `${shownName(chosen.displayName, chosen.userId)} removed. They cannot rejoin with the invite code unless you let them back in.`,
                  async () => {
                    await client.graphql({
                      query: mutations.removeLeagueMember,
                      variables: { leagueId, userId: chosen.userId },
                    });
                    setRemoved({ userId: chosen.userId, name: shownName(chosen.displayName, chosen.userId) });
                  },
                )
              }
            />
            <Confirmed
              label="Make commissioner"
              confirm={`Yes, hand the league to ${shownName(chosen.displayName, chosen.userId)}`}
              busy={busy}
              onConfirm={() =>
                act(`${shownName(chosen.displayName, chosen.userId)} is the commissioner now.`, () =>
                  client.graphql({ query: mutations.transferLeague, variables: { leagueId, userId: chosen.userId } }),
                )
              }
            />
          </div>
        </div>
      )}
      {removed &&
        actButton(<>Let {removed.name} back in</>, `${removed.name} may join again with the invite code.`, async () => {
          await client.graphql({
            query: mutations.unbanLeagueMember,
            variables: { leagueId, userId: removed.userId },
          });
          setRemoved(null);
        })}
      <Confirmed
        label="Delete league"
        confirm={`Yes, delete ${league.name} for everyone`}
        onConfirm={() =>
          run('League deleted.', async () => {
            await client.graphql({ query: deleteLeagueOnly, variables: { leagueId } });
            // Nothing of the league is left to read: on to the list, with a line that says why.
            navigate(href.leagues(), 'League deleted.');
          })
        }
      />
      <p role="status">{status}</p>
    </section>
  );
}
