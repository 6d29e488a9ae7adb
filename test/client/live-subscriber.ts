/**
 * One player's app, run as a child process by live-subscriptions.test.ts with NODE_EXTRA_CA_CERTS
 * naming the local CA (Node reads it only at start-up): the real aws-amplify client, configured from
 * amplify_outputs.json, with the player's token given through Amplify's token-provider hook.
 * Arguments: the outputs file and the token. It takes commands on stdin and reports on stdout, one
 * JSON object a line:
 *   { ready: true }         once the client is loaded and listening for commands
 *   { subscribe: eventId }  → { acked: eventId } when the server acknowledges the subscription, then
 *                             { update } for each message, or { error } when the client reports one
 *   { unsubscribe: true }   → { unsubscribed: true }
 *   { publish: input }      → { published } or { publishErrors } (publishEventUpdate as this player)
 * It exits when stdin closes.
 */
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { Amplify } from 'aws-amplify';
import { generateClient } from 'aws-amplify/api';
import { decodeJWT } from 'aws-amplify/auth';
import { Hub } from 'aws-amplify/utils';
import { WebSocket } from 'ws';
import { publishEventUpdate } from '@pickem/client/graphql/mutations';
import { onEventUpdate } from '@pickem/client/graphql/subscriptions';

// Node 20 has no global WebSocket; Amplify's client uses the global one.
(globalThis as { WebSocket?: unknown }).WebSocket ??= WebSocket;

const [outputsFile, token] = process.argv.slice(2);
const print = (report: object) => process.stdout.write(`${JSON.stringify(report)}\n`);

Amplify.configure(JSON.parse(readFileSync(outputsFile, 'utf8')), {
  Auth: { tokenProvider: { getTokens: async () => ({ accessToken: decodeJWT(token) }) } },
});
const client = generateClient();

/** The messages of what the client reports as an error (a GraphQL error list, or anything else). */
function messagesOf(err: unknown): { errorType?: string; message: string }[] {
  const errors = (err as { errors?: { errorType?: string; message?: string }[] } | null)?.errors;
  if (Array.isArray(errors))
    return errors.map((e) => ({ errorType: e.errorType, message: String(e.message ?? JSON.stringify(e)) }));
  return [{ message: err instanceof Error ? err.message : JSON.stringify(err) }];
}

Hub.listen('api', ({ payload }) => {
  if (payload.event === 'Subscription ack')
    print({ acked: (payload.data as { variables: { eventId: string } }).variables.eventId });
});

let subscription: { unsubscribe(): void } | undefined;

createInterface({ input: process.stdin })
  .on('line', async (line) => {
    const command = JSON.parse(line) as { subscribe?: string; unsubscribe?: true; publish?: Record<string, unknown> };
    if (command.subscribe) {
      subscription = client.graphql({ query: onEventUpdate, variables: { eventId: command.subscribe } }).subscribe({
        next: ({ data }) => print({ update: data.onEventUpdate }),
        error: (err: unknown) => print({ error: messagesOf(err) }),
      });
    } else if (command.unsubscribe) {
      subscription?.unsubscribe();
      print({ unsubscribed: true });
    } else if (command.publish) {
      try {
        const { data } = await client.graphql({
          query: publishEventUpdate,
          variables: { input: command.publish as never },
        });
        print({ published: data.publishEventUpdate });
      } catch (err) {
        print({ publishErrors: messagesOf(err) });
      }
    }
  })
  .on('close', () => process.exit(0));

print({ ready: true });
