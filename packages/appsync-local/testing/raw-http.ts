/**
 * Raw requests over TCP (or TLS) on loopback, for what `fetch` refuses to send: broken request lines,
 * odd headers. Each call is bounded: it resolves with what the server sent once the server closes the
 * connection, once a whole response has arrived, or after `timeoutMs`.
 */
import { connect as tcpConnect, type Socket } from 'node:net';
import { connect as tlsConnect } from 'node:tls';

export interface RawAnswer {
  /** The status of the first response, or 0 when none arrived. */
  status: number;
  text: string;
  /** The server closed the connection (or reset it). */
  closed: boolean;
}

export interface RawOptions {
  /** Speak TLS, trusting this CA. */
  tlsCa?: string;
  /** Default 3000. */
  timeoutMs?: number;
}

/** Sends `request` as is to 127.0.0.1:`port` and collects the answer. */
export function rawRequest(port: number, request: string | Buffer, options: RawOptions = {}): Promise<RawAnswer> {
  const socket: Socket = options.tlsCa
    ? tlsConnect({ port, host: '127.0.0.1', ca: options.tlsCa, servername: 'localhost' })
    : tcpConnect(port, '127.0.0.1');
  const chunks: Buffer[] = [];
  return new Promise((resolve) => {
    let done = false;
    const finish = (closed: boolean) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      const text = Buffer.concat(chunks).toString('latin1');
      resolve({ status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(text)?.[1] ?? 0), text, closed });
    };
    const timer = setTimeout(() => finish(false), options.timeoutMs ?? 3000);
    socket.once(options.tlsCa ? 'secureConnect' : 'connect', () => socket.write(request));
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      if (complete(Buffer.concat(chunks).toString('latin1'))) finish(false);
    });
    socket.once('error', () => finish(true));
    socket.once('close', () => finish(true));
  });
}

/** Whether `text` holds a whole HTTP response (by its content-length, or an empty chunked end). */
function complete(text: string): boolean {
  const end = text.indexOf('\r\n\r\n');
  if (end < 0) return false;
  const head = text.slice(0, end);
  if (/^HTTP\/1\.[01] (1\d\d|204|304)/.test(head)) return true;
  const length = /\r\ncontent-length: *(\d+)/i.exec(head);
  if (length) return text.length - end - 4 >= Number(length[1]);
  return /\r\ntransfer-encoding: *chunked/i.test(head) && text.endsWith('0\r\n\r\n');
}
