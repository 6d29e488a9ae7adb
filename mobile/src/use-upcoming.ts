import { useEffect, useState } from 'react';
import type { UpcomingEventsQuery } from '@pickem/client/graphql/types';
import { client, queries } from './api';

export type Upcoming = UpcomingEventsQuery['upcomingEvents'][number];

/**
 * The upcoming events with what the player has of them (one upcomingEvents read): the events screen marks
 * those whose late card change touched the player's picks, and shows the commissioners' nudges.
 */
export function useUpcoming(): { upcoming: Upcoming[]; cardChanged: ReadonlySet<string> } {
  const [upcoming, setUpcoming] = useState<Upcoming[]>([]);
  useEffect(() => {
    let live = true;
    client
      .graphql({ query: queries.upcomingEvents })
      .then(({ data }) => {
        if (live) setUpcoming(data.upcomingEvents);
      })
      .catch(() => undefined); // hints only: the event screen says the same
    return () => {
      live = false;
    };
  }, []);
  return { upcoming, cardChanged: new Set(upcoming.filter((u) => u.myCardChanged).map((u) => u.event.id)) };
}
