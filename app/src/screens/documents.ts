import type { Match } from '@pickem/client/card';
import type { Typed } from '../api.ts';

/** A card's matches alone (teams and results): what a history row needs to name a player's picks. */
export type CardMatch = Pick<Match, '__typename' | 'id' | 'position' | 'teams' | 'result' | 'outcome'>;

export const cardMatches = /* GraphQL */ `
query CardMatches($eventId: ID!) {
  eventCard(eventId: $eventId) {
    __typename
    matches { __typename id position result outcome teams { __typename name members champion } }
  }
}
` as Typed<{ eventId: string }, { eventCard: { __typename: 'EventCard'; matches: CardMatch[] } | null }>;
