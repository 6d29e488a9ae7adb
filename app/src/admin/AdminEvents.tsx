/**
 * Admins: every event, newest first (a player's list leaves out empty cards; an admin's shows them, to
 * build), each with its card and an edit form: the name at any time, the bell while it has not rung
 * (the API refuses a move after it: BellRung); an UPCOMING event with an empty card can be deleted.
 */
import { useState } from 'react';
import { EVENT_LIMIT } from '@pickem/client/limits';
import { client, errorText, mutations, queries, type EventsQuery } from '../api.ts';
import { formatTime } from '../hooks.ts';
import { href } from '../route.ts';
import { Confirmed } from '../Confirmed.tsx';
import { StateBadge } from '../StateBadge.tsx';
import { usePaged } from '@pickem/client/react';

type EventItem = EventsQuery['events']['items'][number];

/** An instant as a datetime-local input's value, in the viewer's zone, to the minute. */
const localInput = (iso: string) => {
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};

export function AdminEvents({ refresh }: { refresh: number }) {
  const { items, loading, error, hasMore, loadMore } = usePaged<EventItem>(
    async (nextToken) =>
      (await client.graphql({ query: queries.events, variables: { limit: 20, nextToken } })).data.events,
    [refresh],
  );
  return (
    <section aria-labelledby="admin-events-title">
      <h2 id="admin-events-title">Events</h2>
      {error && <p role="alert">{error}</p>}
      <ul className="cards" aria-label="All events" data-testid="admin-events" aria-busy={loading}>
        {items.map((e) => (
          <li key={e.id}>
            <AdminEvent event={e} />
          </li>
        ))}
      </ul>
      {hasMore && (
        <button type="button" onClick={loadMore} disabled={loading}>
          More events
        </button>
      )}
    </section>
  );
}

function AdminEvent({ event: initial }: { event: EventItem }) {
  const [event, setEvent] = useState(initial);
  const [editing, setEditing] = useState(false);
  const [status, setStatus] = useState<{ text: string; error: boolean } | null>(null);
  const [deleted, setDeleted] = useState(false);
  const bellRung = event.state !== 'UPCOMING' || Date.parse(event.startsAt) <= Date.now();
  async function save(form: HTMLFormElement) {
    const f = new FormData(form);
    const name = String(f.get('name')).trim();
    const bell = f.get('startsAt');
    const startsAt = bell ? new Date(String(bell)).toISOString() : null;
    const input: { id: string; name?: string; startsAt?: string } = { id: event.id };
    if (name !== event.name) input.name = name;
    if (startsAt && startsAt !== new Date(event.startsAt).toISOString()) input.startsAt = startsAt;
    if (!input.name && !input.startsAt) {
      setStatus({ text: 'Nothing changed.', error: false });
      return;
    }
    try {
      const { data } = await client.graphql({ query: mutations.updateEvent, variables: { input } });
      setEvent({ ...event, ...data.updateEvent });
      setStatus({ text: 'Saved.', error: false });
      setEditing(false);
    } catch (err) {
      setStatus({ text: errorText(err), error: true });
    }
  }
  if (deleted)
    return (
      <p role="status" className="muted" data-testid="admin-event-deleted">
        {event.name} deleted.
      </p>
    );
  return (
    <div className="panel stack" data-testid="admin-event">
      <p className="card-title">
        <a href={href.event(event.id)}>{event.name}</a> <StateBadge state={event.state} />
      </p>
      <p className="muted">
        {formatTime(event.startsAt)} · {event.matchCount} {event.matchCount === 1 ? 'match' : 'matches'}
        {event.matchCount === 0 && ' · players do not see it until its card has a match'}
      </p>
      {editing ? (
        <form
          className="stack"
          aria-label={`Edit ${event.name}`}
          onSubmit={(e) => {
            e.preventDefault();
            void save(e.currentTarget);
          }}
        >
          <label>
            Name (up to {EVENT_LIMIT.name} characters)
            <input name="name" defaultValue={event.name} required maxLength={EVENT_LIMIT.name} />
          </label>
          {bellRung ? (
            <p className="muted">The bell has rung: picks were shown, so it can no longer move.</p>
          ) : (
            <label>
              The bell (your local time)
              <input name="startsAt" type="datetime-local" defaultValue={localInput(event.startsAt)} required />
            </label>
          )}
          <div className="actions">
            <button type="submit" className="primary">
              Save event
            </button>
            <button type="button" onClick={() => setEditing(false)}>
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <div className="actions">
          <button type="button" onClick={() => setEditing(true)}>
            Edit
          </button>
          <a href={href.event(event.id)}>Open the card</a>
          {event.state === 'UPCOMING' && event.matchCount === 0 && (
            <Confirmed
              label="Delete"
              name={`Delete ${event.name}`}
              confirm={`Yes, delete ${event.name}`}
              onConfirm={async () => {
                try {
                  await client.graphql({ query: mutations.deleteEvent, variables: { eventId: event.id } });
                  setDeleted(true);
                } catch (err) {
                  setStatus({ text: errorText(err), error: true });
                }
              }}
            />
          )}
        </div>
      )}
      <p role="status" className={status?.error ? 'error' : undefined}>
        {status?.text}
      </p>
    </div>
  );
}
