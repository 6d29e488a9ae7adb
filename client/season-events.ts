import { generateClient } from 'aws-amplify/api';
import { events as eventsQuery } from './graphql/queries.ts';

export interface SeasonEvent {
  id: string;
  name: string;
  date: string;
  startsAt: string;
  state: 'UPCOMING' | 'BROADCAST' | 'SCORED';
}

/** A season's events: the events list is newest first, read a page of 50 at a time until the season's start. */
export async function seasonEvents(season: { startDate: string; endDate: string }): Promise<SeasonEvent[]> {
  const client = generateClient();
  const found: SeasonEvent[] = [];
  let nextToken: string | null = null;
  do {
    const page: { items: SeasonEvent[]; nextToken?: string | null } = (
      await client.graphql({ query: eventsQuery, variables: { limit: 50, nextToken } })
    ).data.events;
    found.push(...page.items.filter((e) => e.date >= season.startDate && e.date <= season.endDate));
    nextToken = page.items.some((e) => e.date < season.startDate) ? null : (page.nextToken ?? null);
  } while (nextToken);
  return found;
}
