/**
 * The events screen's notices of commissioners' nudges (UpcomingEvent.myNudges, read with the upcoming
 * events): each until its player picks the whole card (the server stops sending it), or dismisses it
 * here (dismissNudge).
 */
import { client, mutations, type UpcomingEventsQuery } from '../api.ts';
import { href } from '../route.ts';
import { nudgeNoticeText } from '@pickem/client/nudge';
import { useNudgeNotices } from '@pickem/client/react';

type Upcoming = UpcomingEventsQuery['upcomingEvents'][number];

export function NudgeNotices({ upcoming }: { upcoming: Upcoming[] }) {
  const { shown, error, dismiss } = useNudgeNotices(upcoming, (id) =>
    client.graphql({ query: mutations.dismissNudge, variables: { id } }),
  );
  if (shown.length === 0 && !error) return null;
  return (
    <ul className="nudges" aria-label="Nudges from your commissioners" data-testid="nudges">
      {error && <li role="alert">{error}</li>}
      {shown.map(({ event, nudge }) => (
        <li key={nudge.id} className="nudge" role="status">
          <a href={href.event(event.id)}>{nudgeNoticeText(nudge, event.name)}</a>
          <button
            type="button"
            className="nudge-dismiss"
            aria-label={`Dismiss the nudge from ${nudge.leagueName}`}
            onClick={() => dismiss(nudge.id)}
          >
            Dismiss
          </button>
        </li>
      ))}
    </ul>
  );
}
