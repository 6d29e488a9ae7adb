/**
 * The events screen's first two queries (its Tonight/Upcoming part and its first page of Past), in one
 * place for Events.tsx and for the page, which sends them before the app's script arrives
 * (events-early.ts).
 */
import { events, upcomingEvents } from '@pickem/client/graphql/queries';
import type { EarlyQuery } from '../early-queries.ts';

export const PAST_PAGE = 10;
const DAY_MS = 24 * 3600_000;

/** Yesterday's UTC date: upcomingEvents reads from it on, the Past part before it. */
export const yesterday = () => new Date(Date.now() - DAY_MS).toISOString().slice(0, 10);

/** A page of Past: the events before `before`, from `nextToken` on. */
export const pastVariables = (nextToken: string | null, before: string) => ({ limit: PAST_PAGE, nextToken, before });

/** What the screen asks first, opened today. */
export const firstQueries = (before: string): EarlyQuery[] => [
  { query: upcomingEvents },
  { query: events, variables: pastVariables(null, before) },
];
