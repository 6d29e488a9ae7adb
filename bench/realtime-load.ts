/**
 * Load for the live benchmark: many subscriptions held by a few WebSocket connections speaking AppSync's
 * real-time protocol (appsync/local/realtime/protocol.ts) over TLS from the local CA. Each `data` frame
 * is stamped with performance.now() as it arrives and kept as text; it is parsed only after the
 * measurement, so that reading one message does not delay the stamp of the next.
 */
import { WebSocket } from 'ws';

export interface Arrival {
  at: number;
  /** The subscription the message is for. */
  id: string;
  message: { type: string; id?: string; payload?: { data?: unknown; errors?: unknown[] } };
}

interface Frame {
  at: number;
  text: string;
}

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** Waits until `done()` or `timeoutMs`, re-checking each time `wake` is called; throws `what` on time-out. */
function waitUntil(done: () => boolean, timeoutMs: number, what: () => string, listen: (wake: () => void) => () => void): Promise<void> {
  if (done()) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const stop = listen(() => {
      if (!done()) return;
      clearTimeout(timer);
      stop();
      resolve();
    });
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`timed out after ${timeoutMs} ms: ${what()}`));
    }, timeoutMs);
  });
}

/** One connection: its control messages parsed at once, its data frames stamped and kept. */
class LoadConnection {
  private readonly control: { type: string; id?: string; payload?: unknown }[] = [];
  private frames: Frame[] = [];
  private readonly listeners = new Set<() => void>();
  dataCount = 0;
  closed = false;

  constructor(readonly ws: WebSocket, onData: () => void) {
    ws.on('message', (raw) => {
      const at = performance.now();
      const text = String(raw);
      if (text.startsWith('{"type":"data"')) {
        this.frames.push({ at, text });
        this.dataCount += 1;
        onData();
      } else if (text !== '{"type":"ka"}') {
        this.control.push(JSON.parse(text));
      }
      for (const l of this.listeners) l();
    });
    ws.on('close', () => {
      this.closed = true;
      for (const l of this.listeners) l();
    });
  }

  private listen = (wake: () => void) => {
    this.listeners.add(wake);
    return () => this.listeners.delete(wake);
  };

  /** The first control message matching `pred`, taken off the list. */
  async next(pred: (m: { type: string; id?: string }) => boolean, timeoutMs: number) {
    const at = () => this.control.findIndex(pred);
    await waitUntil(() => at() >= 0 || this.closed, timeoutMs, () => `control messages so far ${JSON.stringify(this.control)}`, this.listen);
    const i = at();
    if (i < 0) throw new Error(`the connection closed; control messages so far ${JSON.stringify(this.control)}`);
    return this.control.splice(i, 1)[0];
  }

  /** Control messages that arrived unasked (errors, completes). */
  unexpected() {
    return this.control.splice(0);
  }

  /** Every data frame since the last call, parsed. */
  take(): Arrival[] {
    const frames = this.frames;
    this.frames = [];
    return frames.map(({ at, text }) => {
      const message = JSON.parse(text) as Arrival['message'];
      return { at, id: message.id ?? '', message };
    });
  }
}

export interface LoadOptions {
  realtimeUrl: string;
  ca: string | Buffer;
  /** A user pool token per connection. */
  tokens: string[];
  subscriptionsPerConnection: number;
  query: string;
  variables: Record<string, unknown>;
  timeoutMs: number;
}

export interface SubscriptionLoad {
  ids: string[];
  /** Data messages received since the start, all connections. */
  received(): number;
  /** Resolves once `received()` reaches `count`; throws after `timeoutMs`. */
  waitForData(count: number, timeoutMs: number): Promise<void>;
  /** Every data message since the last call, parsed, and the control messages nobody asked for. */
  take(): { arrivals: Arrival[]; unexpected: unknown[] };
  close(): void;
}

/** Opens the connections (connection_init → connection_ack) and starts every subscription (start → start_ack). */
export async function openSubscriptions(opts: LoadOptions): Promise<SubscriptionLoad> {
  const host = new URL(opts.realtimeUrl).host;
  const connections: LoadConnection[] = [];
  const dataListeners = new Set<() => void>();
  let received = 0;
  const onData = () => {
    received += 1;
    for (const l of dataListeners) l();
  };
  const load: SubscriptionLoad = {
    ids: [],
    received: () => received,
    waitForData: (count, timeoutMs) =>
      waitUntil(() => received >= count, timeoutMs, () => `${received} of ${count} data messages received`, (wake) => {
        dataListeners.add(wake);
        return () => dataListeners.delete(wake);
      }),
    take() {
      const arrivals = connections.flatMap((c) => c.take());
      return { arrivals, unexpected: connections.flatMap((c) => c.unexpected()) };
    },
    close() {
      for (const c of connections) c.ws.terminate();
    },
  };
  try {
    for (const [c, token] of opts.tokens.entries()) {
      const header = { host, Authorization: token };
      const ws = new WebSocket(opts.realtimeUrl, ['graphql-ws', `header-${base64url(header)}`], { ca: opts.ca });
      const connection = new LoadConnection(ws, onData);
      connections.push(connection);
      await new Promise<void>((resolve, reject) => {
        ws.once('open', () => resolve());
        ws.once('error', reject);
      });
      ws.send(JSON.stringify({ type: 'connection_init' }));
      const ack = await connection.next((m) => m.type === 'connection_ack' || m.type === 'connection_error', opts.timeoutMs);
      if (ack.type !== 'connection_ack') throw new Error(`connection ${c} refused: ${JSON.stringify(ack)}`);
      const data = JSON.stringify({ query: opts.query, variables: opts.variables });
      const ids = Array.from({ length: opts.subscriptionsPerConnection }, (_, s) => `c${c}-s${s}`);
      for (const id of ids) ws.send(JSON.stringify({ type: 'start', id, payload: { data, extensions: { authorization: header } } }));
      for (const id of ids) {
        const answer = await connection.next((m) => m.id === id && (m.type === 'start_ack' || m.type === 'error'), opts.timeoutMs);
        if (answer.type !== 'start_ack') throw new Error(`subscription ${id} refused: ${JSON.stringify(answer)}`);
      }
      load.ids.push(...ids);
    }
  } catch (err) {
    load.close();
    throw err;
  }
  return load;
}
