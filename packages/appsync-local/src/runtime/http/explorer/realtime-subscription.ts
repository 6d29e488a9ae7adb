/**
 * A subscription over AppSync's real-time WebSocket protocol (real-time-websocket-client.html), for
 * GraphiQL: one connection per subscription, whose handshake carries the authorization headers as a
 * `header-<base64url JSON>` sub-protocol next to `graphql-ws` (as aws-amplify 6 sends them), then
 * connection_init → connection_ack → start (the operation as JSON text in payload.data, the same
 * headers in extensions.authorization) → data... Unsubscribing sends stop and closes the connection
 * once the server answers complete. A refusal (connection_error, or error for the start) is shown
 * as the result `{ errors }`; a connection that closes under a live subscription is an error.
 *
 * The result is an Observable, one of the return types of GraphiQL's Fetcher: it takes the pushed
 * messages as they come and its unsubscribe is GraphiQL's stop button.
 */
import { handshakeProtocols } from '../../realtime/wire.ts';

export interface Operation {
  query: string;
  variables?: unknown;
  operationName?: string | null;
}

export interface Result {
  data?: unknown;
  errors?: unknown[];
}

export interface Observer {
  next(result: Result): void;
  error(err: unknown): void;
  complete(): void;
}

/** The parts of GraphiQL's Observable (@graphiql/toolkit) it calls. */
export interface Subscribable {
  subscribe(observer: Observer): { unsubscribe(): void };
}

/** How long to wait for `complete` after `stop` before closing anyway. */
const STOP_TIMEOUT_MS = 2_000;

let lastId = 0;

/** The real-time endpoint on this page's own origin: ws:// for a page served over http://, wss:// for https://. */
export function realtimeUrl(location: Pick<Location, 'protocol' | 'host'>, path: string): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}${path}`;
}

export function subscribeOverRealtime(
  url: string,
  operation: Operation,
  headers: Record<string, string>,
): Subscribable {
  return {
    subscribe(observer) {
      const id = String(++lastId);
      const ws = new WebSocket(url, handshakeProtocols(headers));
      let started = false;
      /** Unsubscribed, completed or failed: nothing more goes to the observer. */
      let done = false;
      let stopTimer: ReturnType<typeof setTimeout> | undefined;

      const finish = (last?: Result) => {
        if (done) return;
        done = true;
        if (last) observer.next(last);
        observer.complete();
        ws.close(1000);
      };

      ws.onopen = () => ws.send(JSON.stringify({ type: 'connection_init' }));
      ws.onmessage = (event: MessageEvent) => {
        let message: { type?: unknown; id?: unknown; payload?: Result };
        try {
          message = JSON.parse(String(event.data)) ?? {};
        } catch {
          return finish({
            errors: [{ message: `The server sent a frame that is not JSON: ${String(event.data).slice(0, 200)}` }],
          });
        }
        if (done) {
          // The answer to our stop.
          if (message.type === 'complete') ws.close(1000);
          return;
        }
        if (message.type === 'connection_ack' && !started) {
          started = true;
          const data = JSON.stringify({
            query: operation.query,
            variables: operation.variables ?? {},
            operationName: operation.operationName ?? null,
          });
          ws.send(JSON.stringify({ id, type: 'start', payload: { data, extensions: { authorization: headers } } }));
        } else if (message.type === 'data' && message.id === id) {
          observer.next(message.payload ?? {});
        } else if (message.type === 'complete' && message.id === id) {
          finish();
        } else if (message.type === 'error' || message.type === 'connection_error') {
          finish({ errors: message.payload?.errors ?? [{ message: `${message.type} without errors` }] });
        }
        // start_ack and ka need nothing.
      };
      ws.onclose = (event: CloseEvent) => {
        clearTimeout(stopTimer);
        if (done) return;
        done = true;
        observer.error(
          new Error(`The real-time connection closed (code ${event.code}${event.reason ? `: ${event.reason}` : ''}).`),
        );
      };

      return {
        unsubscribe() {
          if (done) return;
          done = true;
          if (started && ws.readyState === WebSocket.OPEN) {
            ws.send(JSON.stringify({ type: 'stop', id }));
            stopTimer = setTimeout(() => ws.close(1000), STOP_TIMEOUT_MS);
          } else {
            ws.close(1000);
          }
        },
      };
    },
  };
}
