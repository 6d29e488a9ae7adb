/**
 * Run as a child process by amplify-client.test.ts, with NODE_EXTRA_CA_CERTS naming the local CA (Node
 * reads it only at start-up). The real aws-amplify client, configured from amplify_outputs.json, with
 * the user-pool token given through Amplify's token-provider hook: it subscribes, publishes with a
 * mutation over HTTP, prints what it received (one JSON line per event) and unsubscribes.
 */
import { readFileSync } from 'node:fs';
import { Amplify } from 'aws-amplify';
import { generateClient } from 'aws-amplify/api';
import { decodeJWT } from 'aws-amplify/auth';
import { Hub } from 'aws-amplify/utils';
import { WebSocket } from 'ws';

// Node 20 has no global WebSocket; Amplify's client uses the global one.
globalThis.WebSocket ??= WebSocket;

const [outputsFile, token] = process.argv.slice(2);
const print = (event) => process.stdout.write(`${JSON.stringify(event)}\n`);

Amplify.configure(JSON.parse(readFileSync(outputsFile, 'utf8')), {
  Auth: { tokenProvider: { getTokens: async () => ({ accessToken: decodeJWT(token) }) } },
});
const client = generateClient();

const connected = new Promise((resolve) => {
  const stop = Hub.listen('api', ({ payload }) => {
    if (payload.event === 'ConnectionStateChange') print({ state: payload.data.connectionState });
    if (payload.data?.connectionState === 'Connected') {
      stop();
      resolve();
    }
  });
});

const received = new Promise((resolve, reject) => {
  const subscription = client
    .graphql({ query: 'subscription On($id: ID) { onThing(id: $id) { id name } }', variables: { id: 'amp' } })
    .subscribe({
      next: (message) => {
        print({ data: message.data });
        subscription.unsubscribe();
        resolve();
      },
      error: (error) => reject(new Error(JSON.stringify(error))),
    });
});

await connected;
for (const id of ['other', 'amp']) {
  const result = await client.graphql({
    query: 'mutation Put($id: ID!, $name: String) { putThing(id: $id, name: $name) { id name } }',
    variables: { id, name: `name of ${id}` },
  });
  print({ mutation: result.data });
}
await received;
print({ done: true });
// Amplify closes the socket a second after the last unsubscribe.
setTimeout(() => process.exit(0), 2500);
