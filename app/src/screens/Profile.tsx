/** A player's profile: display name (your own is editable), every season's standing, event history. */
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { client, errorText, mutations, queries, type UserProfileQuery } from '../api.ts';
import { formatDay } from '../hooks.ts';
import { RankTable } from '../RankTable.tsx';
import { Reminders } from './Reminders.tsx';
import { HistoryPicks } from './HistoryPicks.tsx';
import { href } from '../route.ts';
import { useSeasons } from '../seasons.ts';
import { seasonLine } from '@pickem/client/season-line';
import { PROFILE_LIMIT } from '@pickem/client/limits';
import { streakText, trophiesText } from '@pickem/client/honours';
import { Awards } from '../Awards.tsx';

const SeasonChart = lazy(() => import('./SeasonChart.tsx'));

type Profile = NonNullable<UserProfileQuery['userProfile']>;
type HistoryItem = Profile['history']['items'][number];

export function Profile({ userId }: { userId?: string }) {
  const [profile, setProfile] = useState<Profile | null | undefined>(undefined);
  const [history, setHistory] = useState<HistoryItem[]>([]);
  const [nextToken, setNextToken] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const seasons = useSeasons();

  const load = useCallback(
    async (token: string | null) => {
      try {
        const { data } = await client.graphql({
          query: queries.userProfile,
          variables: { userId, historyLimit: 10, historyNextToken: token },
        });
        setProfile(data.userProfile);
        const page = data.userProfile?.history;
        setHistory((old) => (token ? [...old, ...(page?.items ?? [])] : (page?.items ?? [])));
        setNextToken(page?.nextToken ?? null);
      } catch (err) {
        setError(errorText(err));
      }
    },
    [userId],
  );
  useEffect(() => {
    void load(null);
  }, [load]);

  // The newest season (newest start first) with a scored event in the history read so far.
  const charted = seasons.list
    .map((season) => ({ season, steps: seasonLine(history, season) }))
    .find(({ steps }) => steps.length > 0);

  if (error) return <p role="alert">{error}</p>;
  if (profile === undefined) return <p aria-busy="true">Loading…</p>;
  if (profile === null)
    return userId ? <p role="alert">No such player.</p> : <DisplayName current="" onSaved={() => load(null)} />;
  return (
    <section aria-labelledby="profile-title">
      <h1 id="profile-title">{profile.user.displayName}</h1>
      {!userId && <DisplayName current={profile.user.displayName} onSaved={() => load(null)} />}
      {!userId && <Reminders current={profile.user.reminders} />}
      <Honours profile={profile} />
      <h2>Seasons</h2>
      {profile.standings.length === 0 ? (
        <p>No scored events yet.</p>
      ) : (
        <RankTable columns={['Season', 'Rank', { num: 'Points' }, { num: 'Events' }]}>
          {profile.standings.map((s) => (
            <tr key={s.seasonId}>
              <td>{seasons.name(s.seasonId)}</td>
              <td>{s.rank}</td>
              <td className="num">{s.points}</td>
              <td className="num">{s.eventsPlayed}</td>
            </tr>
          ))}
        </RankTable>
      )}
      {/* The chart's room is held from the first paint, so the history below does not move when it arrives. */}
      {profile.standings.length > 0 && (
        <div className="chart-slot">
          {charted && (
            <Suspense fallback={<p aria-busy="true">Loading the chart…</p>}>
              <SeasonChart steps={charted.steps} seasonName={charted.season.name} />
            </Suspense>
          )}
        </div>
      )}
      <h2>History</h2>
      {history.length === 0 ? (
        <p>No picks yet.</p>
      ) : (
        <RankTable columns={['Event', { num: 'Points' }, 'Rank']}>
          {history.map((h) => (
            <tr key={h.eventId}>
              <td>
                <a href={href.event(h.eventId)}>{h.eventName}</a>{' '}
                <span className="muted nowrap">{formatDay(h.eventDate)}</span>
                <Awards awards={h.awards} testId="history-awards" />
                {h.picks.length > 0 && (
                  <HistoryPicks
                    eventId={h.eventId}
                    picks={h.picks}
                    label={`${profile.user.displayName}'s picks, ${h.eventName}`}
                  />
                )}
              </td>
              <td className="num">{h.points ?? '–'}</td>
              <td>{h.rank ?? '–'}</td>
            </tr>
          ))}
        </RankTable>
      )}
      {nextToken && (
        <button type="button" onClick={() => void load(nextToken)}>
          More history
        </button>
      )}
    </section>
  );
}

/** The player's current streak of correct picks and their trophy case (the awards of their scored events). */
function Honours({ profile }: { profile: Profile }) {
  const trophies = trophiesText(profile.trophies);
  return (
    <dl className="honours">
      <dt>Streak</dt>
      <dd data-testid="streak">{streakText(profile.streak)}</dd>
      <dt>Trophies</dt>
      <dd data-testid="trophies">
        {trophies ?? 'None yet: a top score, a perfect card or the boldest call wins one.'}
      </dd>
    </dl>
  );
}

function DisplayName({ current, onSaved }: { current: string; onSaved: () => void }) {
  const [status, setStatus] = useState<string | null>(null);
  return (
    <form
      className="stack"
      aria-label="Display name"
      onSubmit={async (e) => {
        e.preventDefault();
        const displayName = String(new FormData(e.currentTarget).get('displayName')).trim();
        try {
          await client.graphql({ query: mutations.updateMyProfile, variables: { displayName } });
          setStatus('Saved.');
          onSaved();
        } catch (err) {
          setStatus(errorText(err));
        }
      }}
    >
      {!current && <p>Choose the name other players see on leaderboards.</p>}
      <label>
        Display name (up to {PROFILE_LIMIT.displayName} characters)
        <input name="displayName" defaultValue={current} required maxLength={PROFILE_LIMIT.displayName} />
      </label>
      <button type="submit">Save name</button>
      <p role="status">{status}</p>
    </form>
  );
}
