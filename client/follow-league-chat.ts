/**
 * Follows one league's chat live (onLeagueMessage) for an app's screen: each new or removed message to
 * `onMessage`, and the real-time connection's state to `onStatus` (followConnection). A refused subscription (not a member, or no longer one) is `stopped`.
 * Returns the function that stops both.
 */
import { generateClient } from 'aws-amplify/api';
import type { ChatMessage } from './chat';
import { followConnection, type LiveStatus } from './follow-event';
import { onLeagueMessage } from './graphql/subscriptions';

export function followLeagueChat(
  leagueId: string,
  onMessage: (message: ChatMessage) => void,
  onStatus: (status: LiveStatus) => void,
): () => void {
  const sub = generateClient()
    .graphql({ query: onLeagueMessage, variables: { leagueId } })
    .subscribe({
      next: ({ data }) => {
        if (data.onLeagueMessage) onMessage(data.onLeagueMessage);
      },
      error: () => onStatus('stopped'),
    });
  const stopListening = followConnection(onStatus);
  return () => {
    stopListening();
    sub.unsubscribe();
  };
}
