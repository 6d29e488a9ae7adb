/** My leagues (name, season, members, my rank, unread chat messages), a new league for a season, and joining one by its code. */
import { useState } from 'react';
import { useLoad } from '@pickem/client/react';
import { client, errorText, mutations } from '../api.ts';
import { href, useNotice } from '../route.ts';
import { currentSeason, useSeasons } from '../seasons.ts';
import { myLeagueList, type LeagueSummary } from './documents.ts';
import { formatDay } from '../hooks.ts';
import { LEAGUE_LIMIT } from '@pickem/client/limits';
import { unreadLabel, unreadWords } from '@pickem/client/chat';

export function Leagues() {
  const { data: leagues, error } = useLoad<LeagueSummary[]>(
    async () => (await client.graphql({ query: myLeagueList })).data.myLeagues,
    [],
  );
  /** What brought the player here: a league left or deleted. */
  const notice = useNotice();

  return (
    <section aria-labelledby="leagues-title">
      <h1 id="leagues-title">My leagues</h1>
      {notice && (
        <p role="status" data-testid="leagues-notice">
          {notice}
        </p>
      )}
      {error && <p role="alert">{error}</p>}
      {leagues === undefined ? (
        !error && <p aria-busy="true">Loading…</p>
      ) : leagues.length === 0 ? (
        <p>You are in no league yet: create one, or join one with the code a friend sent you.</p>
      ) : (
        <ul className="cards" aria-label="My leagues">
          {leagues.map((l) => (
            <li key={l.id}>
              <a className="card-link" href={href.league(l.id)}>
                <span className="card-title">
                  {l.name} <UnreadBadge unread={l.unread} />
                </span>
                <span className="muted">
                  {l.season.name} · {l.memberCount} {l.memberCount === 1 ? 'member' : 'members'}
                  {l.myRank != null && ` · you are #${l.myRank}`}
                </span>
              </a>
            </li>
          ))}
        </ul>
      )}
      <JoinForm />
      <CreateForm />
    </section>
  );
}

/** A league's unread chat messages, if any. */
function UnreadBadge({ unread }: { unread: number }) {
  const label = unreadLabel(unread);
  if (!label) return null;
  return (
    <span className="badge badge-unread" data-testid="league-unread" aria-label={unreadWords(unread)}>
      {label}
    </span>
  );
}

/** A refused join: its words, and the league when the player is already in it (AlreadyMember's errorInfo). */
export interface JoinRefusal {
  text: string;
  leagueId: string | null;
}

/** Joins the league of a code; on success opens it. Used here and by the invite link's screen. */
export function useJoin() {
  const [status, setStatus] = useState<JoinRefusal | null>(null);
  const [busy, setBusy] = useState(false);
  async function join(code: string) {
    setBusy(true);
    try {
      const { data } = await client.graphql({ query: mutations.joinLeague, variables: { code } });
      window.location.hash = href.league(data.joinLeague.id);
    } catch (err) {
      setStatus({ text: errorText(err), leagueId: alreadyIn(err) });
    } finally {
      setBusy(false);
    }
  }
  return { status, busy, join };
}

/** The league an AlreadyMember refusal names, else null. */
function alreadyIn(err: unknown): string | null {
  const errors = (err as { errors?: { errorType?: string; errorInfo?: { leagueId?: unknown } | null }[] })?.errors;
  const already = errors?.find((e) => e.errorType === 'AlreadyMember');
  const id = already?.errorInfo?.leagueId;
  return typeof id === 'string' ? id : null;
}

/** A refused join, with a link to the league when the player is already in it. */
export function JoinStatus({ status }: { status: JoinRefusal | null }) {
  return (
    <p role="status" className={status && !status.leagueId ? 'error' : undefined}>
      {status?.text}
      {status?.leagueId && (
        <>
          {' '}
          <a href={href.league(status.leagueId)} data-testid="already-member-link">
            Open the league
          </a>
        </>
      )}
    </p>
  );
}

function JoinForm() {
  const { status, busy, join } = useJoin();
  return (
    <form
      className="stack panel"
      aria-labelledby="join-title"
      onSubmit={(e) => {
        e.preventDefault();
        void join(String(new FormData(e.currentTarget).get('code')));
      }}
    >
      <h2 id="join-title">Join a league</h2>
      <label>
        Invite code
        <input
          name="code"
          required
          autoComplete="off"
          autoCapitalize="characters"
          placeholder="7KQ2M-XD4PB"
          maxLength={40}
        />
      </label>
      <button type="submit" disabled={busy}>
        Join league
      </button>
      <JoinStatus status={status} />
    </form>
  );
}

function CreateForm() {
  const seasons = useSeasons();
  const [status, setStatus] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const today = new Date().toISOString().slice(0, 10);
  // Seasons still running or still to come: a league of a finished season has nothing left to play.
  const open = seasons.list.filter((s) => s.endDate >= today);
  async function create(form: HTMLFormElement) {
    const f = new FormData(form);
    setBusy(true);
    try {
      const { data } = await client.graphql({
        query: mutations.createLeague,
        variables: { input: { name: String(f.get('name')).trim(), seasonId: String(f.get('seasonId')) } },
      });
      window.location.hash = href.league(data.createLeague.id);
    } catch (err) {
      setStatus(errorText(err));
    } finally {
      setBusy(false);
    }
  }
  return (
    <form
      className="stack panel"
      aria-labelledby="create-title"
      onSubmit={(e) => {
        e.preventDefault();
        void create(e.currentTarget);
      }}
    >
      <h2 id="create-title">Create a league</h2>
      <label>
        League name (up to {LEAGUE_LIMIT.name} characters)
        <input name="name" required maxLength={LEAGUE_LIMIT.name} />
      </label>
      <label>
        Season
        {/* Opens on the season running now; keyed so that the default applies once the seasons are in. */}
        <select key={open.length} name="seasonId" required defaultValue={currentSeason(open)?.id}>
          {open.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name} ({formatDay(s.startDate)} to {formatDay(s.endDate)})
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="primary" disabled={busy || open.length === 0}>
        Create league
      </button>
      <p role="status" className="error">
        {status ?? seasons.error}
      </p>
    </form>
  );
}
