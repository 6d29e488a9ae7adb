/**
 * The events screen's notices of commissioners' nudges (UpcomingEvent.myNudges, read with the upcoming
 * events): each until its player picks the whole card (the server stops sending it), or dismisses it
 * here (dismissNudge).
 */
import { useState } from 'react';
import { client, errorText, mutations, type UpcomingEventsQuery } from '../api.ts';
import { href } from '../route.ts';
import { nudgeNoticeText, shownNudges } from '@pickem/client/nudge';

type Upcoming = UpcomingEventsQuery['upcomingEvents'][number];

export function NudgeNotices({ upcoming }: { upcoming: Upcoming[] }) {
  const [dismissed, setDismissed] = useState<ReadonlySet<string>>(new Set());
  const [error, setError] = useState<string | null>(null);
  const shown = shownNudges(upcoming, dismissed);
  if (shown.length === 0 && !error) return null;
  const dismiss = (id: string) => {
    setDismissed((d) => new Set(d).add(id));
    client.graphql({ query: mutations.dismissNudge, variables: { id } }).catch((err: unknown) => {
      setError(errorText(err));
      setDismissed((d) => new Set([...d].filter((x) => x !== id)));
    });
  };
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
