/** Events, newest first, a page at a time. */
import { client, queries, type EventsQuery } from '../api.ts';
import { formatTime } from '../hooks.ts';
import { href } from '../route.ts';
import { usePaged } from '../usePaged.ts';
import { StateBadge } from '../StateBadge.tsx';

export type EventItem = EventsQuery['events']['items'][number];
export const PAGE = 10;

export function useEvents() {
  return usePaged<EventItem>(
    async (nextToken) =>
      (await client.graphql({ query: queries.events, variables: { limit: PAGE, nextToken } })).data.events,
    [],
  );
}

export function Events() {
  const { items, loading, error, hasMore, loadMore } = useEvents();
  return (
    <section aria-labelledby="events-title">
      <h1 id="events-title">Events</h1>
      {error && <p role="alert">{error}</p>}
      <ul className="cards" aria-busy={loading}>
        {items.map((e) => (
          <li key={e.id}>
            <a className="card-link" href={href.event(e.id)}>
              <span className="card-title">{e.name}</span>
              <span className="muted">
                {formatTime(e.startsAt)} · {e.matchCount} {e.matchCount === 1 ? 'match' : 'matches'}
              </span>
              <StateBadge state={e.state} />
            </a>
          </li>
        ))}
      </ul>
      {!loading && items.length === 0 && !error && <p>No events yet.</p>}
      {hasMore && (
        <button type="button" onClick={loadMore} disabled={loading}>
          More events
        </button>
      )}
    </section>
  );
}
