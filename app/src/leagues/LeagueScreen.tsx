/**
 * One league, in two tabs: the league (its invite code and link, its table: the members' season
 * standings ranked within the league, mine highlighted; each member's line of points after each scored
 * event of the season, as a chart; its board for an event of the season, live
 * while the event is; the commissioner's tools; leaving) and its chat, followed live from the start
 * so that the tab counts what arrives unread.
 */
import { useCallback, useEffect, useState } from 'react';
import { unreadLabel, unreadWords } from '@pickem/client/chat';
import { useLeague, useLeagueChat } from '@pickem/client/react';
import { client, errorText } from '../api.ts';
import { seasonEvents, type SeasonEvent } from '@pickem/client/season-events';
import { href, inviteLink, navigate } from '../route.ts';
import { Confirmed } from '../Confirmed.tsx';
import { CommissionerTools } from './CommissionerTools.tsx';
import { MissingPicks } from './MissingPicks.tsx';
import { leaveLeagueOnly, type League } from './documents.ts';
import { Belt } from './Belt.tsx';
import { LeagueBoard } from './LeagueBoard.tsx';
import { LeagueChat } from './LeagueChat.tsx';
import { LeagueLines } from './LeagueLines.tsx';
import { MemberRows } from '../MemberRow.tsx';
import { RankTable } from '../RankTable.tsx';
import { formatDay, shownName } from '../hooks.ts';

export function LeagueScreen({ leagueId, eventId, me }: { leagueId: string; eventId?: string; me: string }) {
  const { data: league, error, reload } = useLeague(leagueId);
  /** The table after a live update of the board's event (a LEADERBOARD, the event scored): read again. */
  const reloadTable = useCallback(() => void reload(), [reload]);
  const [tab, setTab] = useState<'league' | 'chat'>('league');
  const chat = useLeagueChat(leagueId, tab === 'chat' && !!league);

  if (league === undefined) return error ? <p role="alert">{error}</p> : <p aria-busy="true">Loading…</p>;
  if (league === null)
    return (
      <p role="alert">
        No such league. <a href={href.leagues()}>My leagues</a>
      </p>
    );
  const commissioner = league.commissionerId === me;
  const commissionerRow = league.standings.find((s) => s.userId === league.commissionerId);
  return (
    <article aria-labelledby="league-title">
      <h1 id="league-title">{league.name}</h1>
      <p className="muted">
        {league.season.name} ({formatDay(league.season.startDate)} to {formatDay(league.season.endDate)}) ·{' '}
        {league.memberCount} {league.memberCount === 1 ? 'member' : 'members'}
        {league.myRank != null && (
          <>
            {' '}
            · you are <strong>#{league.myRank}</strong>
          </>
        )}
      </p>
      <p className="muted" data-testid="league-commissioner">
        Commissioner:{' '}
        {commissioner
          ? 'you'
          : commissionerRow
            ? shownName(commissionerRow.displayName, commissionerRow.userId)
            : 'not a member any more'}
      </p>
      {error && <p role="alert">{error}</p>}
      <div
        className="tabs"
        role="tablist"
        aria-label={`${league.name}: the league or its chat`}
        data-chat-live={chat.live}
      >
        <Tab id="league" shown={tab} onShow={setTab}>
          League
        </Tab>
        <Tab id="chat" shown={tab} onShow={setTab} unread={chat.unread}>
          Chat
        </Tab>
      </div>
      {tab === 'chat' ? (
        <div role="tabpanel" id="tab-panel-chat" aria-labelledby="tab-chat">
          <LeagueChat chat={chat} me={me} commissionerId={league.commissionerId} />
        </div>
      ) : (
        <div role="tabpanel" id="tab-panel-league" aria-labelledby="tab-league">
          {league.inviteCode && <Invite code={league.inviteCode} joinsOpen={league.joinsOpen} />}

          <Belt league={league} />

          <h2>Table</h2>
          <RankTable
            data-testid="league-table"
            aria-label={`${league.name} table`}
            columns={['Rank', 'Player', { num: 'Points' }, { num: 'Events' }]}
          >
            <MemberRows rows={league.standings} me={me} cells={(s) => [s.points, s.eventsPlayed]} />
          </RankTable>

          <EventBoard
            league={league}
            eventId={eventId}
            me={me}
            commissioner={commissioner}
            onStandingsMove={reloadTable}
          />
          {commissioner && <CommissionerTools league={league} me={me} onChange={reload} />}
          <Leave league={league} />
        </div>
      )}
    </article>
  );
}

/** A tab of the league page; the chat's shows its unread count. */
function Tab<T extends string>({
  id,
  shown,
  onShow,
  unread = 0,
  children,
}: {
  id: T;
  shown: string;
  onShow: (id: T) => void;
  unread?: number;
  children: string;
}) {
  const label = unreadLabel(unread);
  return (
    <button
      type="button"
      role="tab"
      id={`tab-${id}`}
      aria-selected={shown === id}
      aria-controls={`tab-panel-${id}`}
      className="tab"
      data-testid={`tab-${id}`}
      onClick={() => onShow(id)}
    >
      {children}
      {label && (
        <span className="badge badge-unread" data-testid={`${id}-unread`} aria-label={unreadWords(unread)}>
          {label}
        </span>
      )}
    </button>
  );
}

function Invite({ code, joinsOpen }: { code: string; joinsOpen: boolean }) {
  const [copied, setCopied] = useState<string | null>(null);
  const link = inviteLink(code);
  async function copy(what: string, text: string) {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(`${what} copied.`);
    } catch {
      setCopied(`Could not copy: select the ${what.toLowerCase()} and copy it.`);
    }
  }
  return (
    <section className="panel stack" aria-labelledby="invite-title">
      <h2 id="invite-title">Invite</h2>
      {!joinsOpen && <p>Joins are closed: the code works again once the commissioner opens them.</p>}
      <p>
        Code:{' '}
        <strong className="code" data-testid="league-code">
          {code}
        </strong>
      </p>
      <p>
        Link:{' '}
        <a href={link} data-testid="league-link">
          {link}
        </a>
      </p>
      <div className="actions">
        <button type="button" onClick={() => void copy('Code', code)}>
          Copy code
        </button>
        <button type="button" onClick={() => void copy('Link', link)}>
          Copy link
        </button>
      </div>
      <p role="status">{copied}</p>
    </section>
  );
}

/** The board of the event in the route, else the season's live event, else its latest started one. */
function EventBoard({
  league,
  eventId,
  me,
  commissioner,
  onStandingsMove,
}: {
  league: League;
  eventId?: string;
  me: string;
  commissioner: boolean;
  onStandingsMove: () => void;
}) {
  const [events, setEvents] = useState<SeasonEvent[] | null>(null);
  // Read once per season: the league is read again on every live update, with a new season object each time.
  const { startDate, endDate } = league.season;
  useEffect(() => {
    seasonEvents({ startDate, endDate }).then(setEvents, () => setEvents([]));
  }, [startDate, endDate]);
  if (events === null) return null;
  const chosen =
    events.find((e) => e.id === eventId) ??
    events.find((e) => e.state === 'BROADCAST') ??
    events.find((e) => e.state !== 'UPCOMING');
  // The season's next event whose bell is still to ring: the commissioner sees who has not picked it.
  const next = events
    .filter((e) => e.state === 'UPCOMING' && Date.parse(e.startsAt) > Date.now())
    .sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt))[0];
  return (
    <>
      <LeagueLines league={league} events={events} me={me} />
      <section aria-labelledby="event-board-title">
        <h2 id="event-board-title">Event board</h2>
        {events.length === 0 ? (
          <p>No events in this season yet.</p>
        ) : (
          <label className="inline">
            Event{' '}
            <select
              value={chosen?.id ?? ''}
              onChange={(e) => (window.location.hash = href.league(league.id, e.target.value))}
            >
              {!chosen && <option value="">Choose an event</option>}
              {events.map((e) => (
                <option key={e.id} value={e.id}>
                  {e.name} ({formatDay(e.date)})
                </option>
              ))}
            </select>
          </label>
        )}
        {commissioner && next && <MissingPicks leagueId={league.id} event={next} />}
        {chosen && (
          <LeagueBoard key={chosen.id} leagueId={league.id} event={chosen} me={me} onStandingsMove={onStandingsMove} />
        )}
      </section>
    </>
  );
}

function Leave({ league }: { league: League }) {
  const [status, setStatus] = useState<string | null>(null);
  return (
    <section className="panel stack" aria-labelledby="leave-title">
      <h2 id="leave-title">Leave</h2>
      <Confirmed
        label="Leave league"
        confirm={`Yes, leave ${league.name}`}
        onConfirm={async () => {
          try {
            await client.graphql({ query: leaveLeagueOnly, variables: { leagueId: league.id } });
            // The league is no longer the player's to read: on to their list, with a line that says why.
            navigate(href.leagues(), `You left ${league.name}.`);
          } catch (err) {
            setStatus(errorText(err));
          }
        }}
      />
      <p role="status" className="error">
        {status}
      </p>
    </section>
  );
}
