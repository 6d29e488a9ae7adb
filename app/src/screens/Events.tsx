/**
 * Events: Tonight (live, or the bell within a day) and Upcoming, soonest first, each marked "Picks
 * needed" while the player's picks are short of the card (upcomingEvents: one request); then Past,
 * newest first, a page at a time (events before yesterday, plus the scored ones of the upcoming read).
 * Above them, the soonest event locking within a day with picks missing ("Locks in 42 min, 3 matches unpicked"),
 * and the commissioners' nudges (read in the same request).
 */
import { useEffect, useState } from 'react';
import { client, errorText, queries, type EventsQuery, type UpcomingEventsQuery } from '../api.ts';
import { lockWarning } from '@pickem/client/lock-warning';
import { useNow } from '@pickem/client/react/use-now';
import { formatTime } from '../hooks.ts';
import { href } from '../route.ts';
import { usePaged } from '@pickem/client/react/use-paged';
import { StateBadge } from '../StateBadge.tsx';
import { CardChangedBadge } from '../CardChangeNotice.tsx';
import { NudgeNotices } from './NudgeNotices.tsx';
import { pastVariables, yesterday } from './events-first.ts';

type EventItem = EventsQuery['events']['items'][number];
type Upcoming = UpcomingEventsQuery['upcomingEvents'][number];
const DAY_MS = 24 * 3600_000;

/** Tonight: on the air, or its bell within the next day. */
const tonight = (e: EventItem, now: number) =>
  e.state === 'BROADCAST' || (e.state === 'UPCOMING' && Date.parse(e.startsAt) - now < DAY_MS);

/** Picks still to make: open (the bell to ring) and fewer picks than matches. */
const picksNeeded = (u: Upcoming, now: number) =>
  u.event.state === 'UPCOMING' && Date.parse(u.event.startsAt) > now && u.myPickCount < u.event.matchCount;

export function Events() {
  const now = useNow(30_000);
  const [upcoming, setUpcoming] = useState<Upcoming[] | null>(null);
  const [upcomingError, setUpcomingError] = useState<string | null>(null);
  useEffect(() => {
    client.graphql({ query: queries.upcomingEvents }).then(
      ({ data }) => setUpcoming(data.upcomingEvents),
      (err: unknown) => setUpcomingError(errorText(err)),
    );
  }, []);
  const [before] = useState(yesterday);
  const past = usePaged<EventItem>(
    async (nextToken) =>
      (await client.graphql({ query: queries.events, variables: pastVariables(nextToken, before) })).data.events,
    [before],
  );

  const open = (upcoming ?? []).filter((u) => u.event.state !== 'SCORED');
  const tonightList = open.filter((u) => tonight(u.event, now));
  const laterList = open.filter((u) => !tonight(u.event, now));
  const recentlyScored = (upcoming ?? [])
    .filter((u) => u.event.state === 'SCORED')
    .map((u) => u.event)
    .reverse();
  const pastList = [...recentlyScored, ...past.items];
  const warned = open
    .map((u) => ({ event: u.event, text: lockWarning(u.event, u.myPickCount, now) }))
    .find((w) => w.text !== null);

  return (
    <section aria-labelledby="events-title">
      <h1 id="events-title">Events</h1>
      {upcomingError && <p role="alert">{upcomingError}</p>}
      {upcoming && <NudgeNotices upcoming={upcoming} />}
      {warned && (
        <p className="lock-warning" role="status" data-testid="lock-warning">
          <a href={href.event(warned.event.id)}>
            {warned.event.name}: {warned.text}
          </a>
        </p>
      )}
      {upcoming === null ? (
        !upcomingError && <p aria-busy="true">Loading…</p>
      ) : (
        <>
          <EventList title="Tonight" testId="events-tonight" items={tonightList} now={now} />
          <EventList title="Upcoming" testId="events-upcoming" items={laterList} now={now} />
          {open.length === 0 && <p>No event coming up yet.</p>}
        </>
      )}
      <h2>Past</h2>
      {past.error && <p role="alert">{past.error}</p>}
      <ul className="cards" aria-label="Past events" data-testid="events-past" aria-busy={past.loading}>
        {pastList.map((e) => (
          <li key={e.id}>
            <EventCardLink event={e} />
          </li>
        ))}
      </ul>
      {!past.loading && pastList.length === 0 && !past.error && <p>No past events yet.</p>}
      {past.hasMore && (
        <button type="button" onClick={past.loadMore} disabled={past.loading}>
          More past events
        </button>
      )}
    </section>
  );
}

function EventList({ title, testId, items, now }: { title: string; testId: string; items: Upcoming[]; now: number }) {
  if (items.length === 0) return null;
  return (
    <>
      <h2>{title}</h2>
      <ul className="cards" aria-label={`${title} events`} data-testid={testId}>
        {items.map((u) => (
          <li key={u.event.id}>
            <EventCardLink event={u.event} needed={picksNeeded(u, now) ? u : null} />
            <CardChangedBadge changed={u.myCardChanged} />
          </li>
        ))}
      </ul>
    </>
  );
}

function EventCardLink({ event: e, needed }: { event: EventItem; needed?: Upcoming | null }) {
  return (
    <a className="card-link" href={href.event(e.id)}>
      <span className="card-title">{e.name}</span>
      <span className="muted">
        {formatTime(e.startsAt)} · {e.matchCount} {e.matchCount === 1 ? 'match' : 'matches'}
      </span>
      <StateBadge state={e.state} />
      {needed && (
        <span className="badge badge-needed" data-testid="picks-needed">
          {needed.myPickCount === 0
            ? 'Picks needed'
            : `Picks needed: ${needed.myPickCount} of ${needed.event.matchCount} picked`}
        </span>
      )}
    </a>
  );
}
