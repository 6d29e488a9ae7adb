/**
 * Load for the live benchmark: many subscriptions held by a few WebSocket connections speaking AppSync's
 * real-time protocol (packages/appsync-local/src/runtime/realtime/protocol.ts) over TLS from the local CA, in a CHILD process,
 * so that the subscribers' reading competes with the server (and its in-process Lambda) only for the
 * cores, not for one event loop, as subscribers elsewhere would. Each `data` frame is stamped as it
 * arrives with `performance.timeOrigin + performance.now()` (one clock for both processes) and kept as
 * text; frames are parsed only after the measurement. The child exits when its parent goes.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { WebSocket } from 'ws';
import { handshakeProtocols } from 'appsync-local';

/** Now, on a clock every process of this machine shares (milliseconds). */
export const wallNow = () => performance.timeOrigin + performance.now();

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

export interface LoadOptions {
  realtimeUrl: string;
  /** The local CA's certificate (PEM). */
  ca: string;
  /** A user pool token per connection. */
  tokens: string[];
  subscriptionsPerConnection: number;
  query: string;
  variables: Record<string, unknown>;
  /** Limit of each wait for a control message. */
  timeoutMs: number;
}

export interface SubscriptionLoad {
  ids: string[];
  /** Resolves once `count` data messages arrived since the last `take`; throws after `timeoutMs`. */
  waitForData(count: number, timeoutMs: number): Promise<void>;
  /** The data messages since the last call, parsed, and the control messages nobody asked for. */
  take(): Promise<{ arrivals: Arrival[]; unexpected: unknown[] }>;
  close(): void;
}

type Command =
  | { seq: number; cmd: 'open'; opts: LoadOptions }
  | { seq: number; cmd: 'wait'; count: number; timeoutMs: number }
  | { seq: number; cmd: 'take' };
type Reply = { seq: number; value?: unknown; error?: string };
type Unsequenced<T> = T extends unknown ? Omit<T, 'seq'> : never;

/** Waits until `done()` or `timeoutMs`, re-checking each time `wake` is called; throws `what()` on time-out. */
function waitUntil(
  done: () => boolean,
  timeoutMs: number,
  what: () => string,
  listen: (wake: () => void) => () => void,
): Promise<void> {
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

/** Forks the load process, opens the connections and starts every subscription. */
export async function openSubscriptions(opts: LoadOptions): Promise<SubscriptionLoad> {
  const child: ChildProcess = fork(fileURLToPath(import.meta.url), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  let seq = 0;
  let exited: string | null = null;
  child.on('message', (reply: Reply) => {
    const p = pending.get(reply.seq);
    pending.delete(reply.seq);
    if (reply.error !== undefined) p?.reject(new Error(`subscription load: ${reply.error}`));
    else p?.resolve(reply.value);
  });
  child.on('exit', (code, signal) => {
    exited = `the subscription load process exited (${signal ?? code})`;
    for (const p of pending.values()) p.reject(new Error(exited));
    pending.clear();
  });
  /** One command; the child bounds its own waits, this bound is for a child that hangs. */
  const call = <T>(command: Unsequenced<Command>, limitMs: number): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      if (exited) return reject(new Error(exited));
      const id = (seq += 1);
      const timer = setTimeout(() => {
        pending.delete(id);
        reject(new Error(`the subscription load process did not answer ${command.cmd} within ${limitMs} ms`));
      }, limitMs);
      pending.set(id, {
        resolve: (v) => (clearTimeout(timer), resolve(v as T)),
        reject: (e) => (clearTimeout(timer), reject(e)),
      });
      child.send({ ...command, seq: id });
    });
  const close = () => {
    if (!exited) child.kill();
  };
  try {
    const connectionsLimit = opts.timeoutMs * (opts.tokens.length * 2 + 2);
    const ids = await call<string[]>({ cmd: 'open', opts }, connectionsLimit);
    return {
      ids,
      waitForData: (count, timeoutMs) => call<void>({ cmd: 'wait', count, timeoutMs }, timeoutMs + 30_000),
      async take() {
        const { frames, unexpected } = await call<{ frames: Frame[]; unexpected: unknown[] }>({ cmd: 'take' }, 60_000);
        const arrivals = frames.map(({ at, text }) => {
          const message = JSON.parse(text) as Arrival['message'];
          return { at, id: message.id ?? '', message };
        });
        return { arrivals, unexpected };
      },
      close,
    };
  } catch (err) {
    close();
    throw err;
  }
}

// ---- The child process ----

/** One connection: its control messages parsed at once, its data frames stamped and kept. */
class LoadConnection {
  private readonly control: { type: string; id?: string; payload?: unknown }[] = [];
  frames: Frame[] = [];
  private readonly listeners = new Set<() => void>();
  closed = false;

  constructor(
    readonly ws: WebSocket,
    onData: () => void,
  ) {
    ws.on('message', (raw) => {
      const at = wallNow();
      const text = String(raw);
      if (text.startsWith('{"type":"data"')) {
        this.frames.push({ at, text });
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
    await waitUntil(
      () => at() >= 0 || this.closed,
      timeoutMs,
      () => `control messages so far ${JSON.stringify(this.control)}`,
      this.listen,
    );
    const i = at();
    if (i < 0) throw new Error(`the connection closed; control messages so far ${JSON.stringify(this.control)}`);
    return this.control.splice(i, 1)[0];
  }

  /** Control messages that arrived unasked (errors, completes, a connection_error). */
  unexpected() {
    return this.control.splice(0);
  }
}

function runChild() {
  const connections: LoadConnection[] = [];
  const dataListeners = new Set<() => void>();
  let sinceTake = 0;
  const onData = () => {
    sinceTake += 1;
    for (const l of dataListeners) l();
  };

  async function open(opts: LoadOptions): Promise<string[]> {
    const host = new URL(opts.realtimeUrl).host;
    const all: string[] = [];
    for (const [c, token] of opts.tokens.entries()) {
      const header = { host, Authorization: token };
      const ws = new WebSocket(opts.realtimeUrl, handshakeProtocols(header), { ca: opts.ca });
      const connection = new LoadConnection(ws, onData);
      connections.push(connection);
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`connection ${c} did not open within ${opts.timeoutMs} ms`)),
          opts.timeoutMs,
        );
        ws.once('open', () => (clearTimeout(timer), resolve()));
        ws.once('error', (err) => (clearTimeout(timer), reject(err)));
      });
      ws.send(JSON.stringify({ type: 'connection_init' }));
      const ack = await connection.next(
        (m) => m.type === 'connection_ack' || m.type === 'connection_error',
        opts.timeoutMs,
      );
      if (ack.type !== 'connection_ack') throw new Error(`connection ${c} refused: ${JSON.stringify(ack)}`);
      const data = JSON.stringify({ query: opts.query, variables: opts.variables });
      const ids = Array.from({ length: opts.subscriptionsPerConnection }, (_, s) => `c${c}-s${s}`);
      for (const id of ids)
        ws.send(JSON.stringify({ type: 'start', id, payload: { data, extensions: { authorization: header } } }));
      for (const id of ids) {
        const answer = await connection.next(
          (m) => m.id === id && (m.type === 'start_ack' || m.type === 'error'),
          opts.timeoutMs,
        );
        if (answer.type !== 'start_ack') throw new Error(`subscription ${id} refused: ${JSON.stringify(answer)}`);
      }
      all.push(...ids);
    }
    return all;
  }

  const handle = async (command: Command): Promise<unknown> => {
    if (command.cmd === 'open') return open(command.opts);
    if (command.cmd === 'wait') {
      const { count, timeoutMs } = command;
      return waitUntil(
        () => sinceTake >= count,
        timeoutMs,
        () => `${sinceTake} of ${count} data messages received`,
        (wake) => {
          dataListeners.add(wake);
          return () => dataListeners.delete(wake);
        },
      );
    }
    sinceTake = 0;
    const frames = connections.flatMap((c) => c.frames.splice(0));
    return { frames, unexpected: connections.flatMap((c) => c.unexpected()) };
  };

  process.on('message', (command: Command) => {
    handle(command).then(
      (value) => process.send!({ seq: command.seq, value } satisfies Reply),
      (err: Error) => process.send!({ seq: command.seq, error: err.message } satisfies Reply),
    );
  });
  // Never outlive the benchmark.
  process.on('disconnect', () => process.exit(0));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href && process.send) runChild();
