/**
 * The local AWS services a project's functions call besides DynamoDB, on a port of their own: SES v2
 * `SendEmail` into the outbox (ses.ts), EventBridge Scheduler's one-time schedules (scheduler.ts), and
 * the outbox page (`GET /outbox`, each message at `/outbox/<file>`, shown as a mail reader would; `?raw` for its file). The functions reach them through
 * the SDK's standard endpoint variables (`AWS_ENDPOINT_URL_SESV2`, `AWS_ENDPOINT_URL_SCHEDULER`), so
 * the code that runs in the cloud runs here unchanged. Requests are not checked for a signature: the
 * server listens on loopback (see docs/fidelity.md). It answers only this machine's own callers
 * (io/own-origin.ts, as the API's /dev/token): a `Host` that is not loopback's name and this port, an
 * `Origin` of another server or a `Sec-Fetch-Site` of `cross-site` or `same-site` is refused (403)
 * on every path, and no answer carries CORS headers (docs/access.md).
 *
 * Bodies are bounded as AWS bounds them: SendEmail by SES's 10 MB message (ses.ts), a schedule by
 * Scheduler's 256 KB input (scheduler.ts); a declared length over the bound is refused before a byte
 * is read, and the bodies being read at once share one budget (429 past it).
 */
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CONNECTION_DEADLINES, guardFirstHeaders, httpTimeouts } from '../io/deadlines.ts';
import { openSockets } from '../io/open-sockets.ts';
import { capConnections } from '../io/connection-caps.ts';
import { foreignOrigin } from '../io/own-origin.ts';
import { headersOf, readBody, TooLarge } from '../io/request-body.ts';
import { requestUrl } from '../io/request-url.ts';
import type { LocalFunction } from '../../datasources/lambda/data-source.ts';
import { functionUrlAnswer, functionUrlEvent } from './function-url.ts';
import type { Outbox } from './outbox.ts';
import { decodeWords, headerOf, OUTBOX_HEAD_BYTES, OUTBOX_PAGE_SIZE, outboxPage } from './page.ts';
import { largeMessagePage, MESSAGE_PAGE_CSP, messagePage, RENDERED_MESSAGE_BYTES } from './message-page.ts';
import {
  MAX_INPUT_BYTES,
  SchedulerError,
  type LocalScheduler,
  type Schedule,
  type ScheduleInput,
} from './scheduler.ts';
import { MAX_MESSAGE_BYTES, SesError, sendEmail, sendingRate } from './ses.ts';

/** A SendEmail body: SES's 10 MB message as Raw content's base64 (4/3 of it), and 64 KB for the rest of the JSON. */
const MAX_SEND_EMAIL_BODY = Math.ceil((MAX_MESSAGE_BYTES * 4) / 3) + 64 * 1024;

/**
 * A CreateSchedule or UpdateSchedule body: Scheduler's 256 KB input as a JSON string (escaping a JSON
 * input's quotes at most doubles it) and 64 KB for the rest.
 */
const MAX_SCHEDULE_BODY = 2 * MAX_INPUT_BYTES + 64 * 1024;

/** The bodies read at once, together: two messages of SES's largest; a request past it is answered 429. */
const MAX_BODIES_IN_FLIGHT = 2 * MAX_SEND_EMAIL_BODY;

/** A function URL's request payload limit, 6 MB (Lambda's synchronous invocation). */
const MAX_FUNCTION_URL_BODY = 6 * 1024 * 1024;

export interface ServicesServer {
  url: string;
  close(): Promise<void>;
}

export interface ServicesServerOptions {
  outbox: Outbox;
  scheduler: LocalScheduler;
  /** Functions behind a function URL, by name: `/function-url/<name>/...`. */
  functionUrls: Record<string, LocalFunction>;
  port: number;
  host?: string;
  /** SES's maximum sending rate, emails a second: SendEmail past it answers ThrottlingException. Default none. */
  sendRate?: number;
}

class ServiceError extends Error {
  constructor(
    readonly type: string,
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

function reply(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

/** A Schedule as GetSchedule answers it. */
function described(s: Schedule) {
  return {
    Name: s.Name,
    GroupName: s.GroupName,
    Arn: s.Arn,
    ScheduleExpression: s.ScheduleExpression,
    ScheduleExpressionTimezone: s.ScheduleExpressionTimezone,
    Target: s.Target,
    ActionAfterCompletion: s.ActionAfterCompletion,
    State: s.State,
    FlexibleTimeWindow: s.FlexibleTimeWindow,
  };
}

/**
 * Reads bodies up to a bound each and `budget` bytes together: a request reserves its declared length
 * (or its bound when it declares none) until its answer is sent; one declaring more than its bound is
 * refused before a byte is read.
 */
function bodyReader(budget: number) {
  let reserved = 0;
  return (req: IncomingMessage, res: ServerResponse, maxBytes: number): Promise<string> => {
    const declared = req.headers['content-length'] === undefined ? maxBytes : Number(req.headers['content-length']);
    if (!(declared <= maxBytes)) return Promise.reject(new TooLarge());
    if (reserved + declared > budget)
      throw new ServiceError('TooManyRequestsException', 429, 'The local services are reading other large bodies.');
    reserved += declared;
    res.once('close', () => (reserved -= declared));
    return readBody(req, maxBytes);
  };
}

type ReadBody = ReturnType<typeof bodyReader>;

/** The outbox page: `OUTBOX_PAGE_SIZE` messages before `before` (a file name), newest first, from their heads only. */
async function outboxList(outbox: Outbox, before: string | null): Promise<string> {
  const all = outbox.list();
  const older = before === null ? all : all.filter((e) => e.file < before);
  const shown = older.slice(-OUTBOX_PAGE_SIZE).reverse();
  const entries = await Promise.all(
    shown.map(async (entry) => {
      const head = (await outbox.head(entry.file, OUTBOX_HEAD_BYTES)) ?? '';
      return { entry, to: headerOf(head, 'To'), subject: decodeWords(headerOf(head, 'Subject')) };
    }),
  );
  const next = older.length > shown.length ? shown[shown.length - 1].file : undefined;
  return outboxPage(entries, { total: all.length, next });
}

async function route(
  opts: ServicesServerOptions,
  readBounded: ReadBody,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  throttle: (() => void) | undefined,
): Promise<void> {
  const method = req.method ?? 'GET';
  const json = async (maxBytes: number) => {
    const text = await readBounded(req, res, maxBytes);
    try {
      return (text === '' ? {} : JSON.parse(text)) as Record<string, unknown>;
    } catch {
      throw new ServiceError('SerializationException', 400, 'The body is not JSON');
    }
  };
  if (url.pathname === '/v2/email/outbound-emails' && method === 'POST') {
    const body = await json(MAX_SEND_EMAIL_BODY);
    throttle?.();
    return reply(res, 200, await sendEmail(opts.outbox, body));
  }
  const schedule = /^\/schedules\/([^/]+)$/.exec(url.pathname);
  if (schedule) {
    const name = decodeURIComponent(schedule[1]);
    const groupOf = (body?: Record<string, unknown>) =>
      (typeof body?.GroupName === 'string' ? body.GroupName : url.searchParams.get('groupName')) || 'default';
    if (method === 'POST' || method === 'PUT') {
      const body = await json(MAX_SCHEDULE_BODY);
      const input = body as ScheduleInput;
      const s =
        method === 'POST'
          ? opts.scheduler.create(name, groupOf(body), input)
          : opts.scheduler.update(name, groupOf(body), input);
      return reply(res, 200, { ScheduleArn: s.Arn });
    }
    if (method === 'GET') return reply(res, 200, described(opts.scheduler.get(name, groupOf())));
    if (method === 'DELETE') {
      opts.scheduler.delete(name, groupOf());
      return reply(res, 200, {});
    }
  }
  if (url.pathname === '/schedules' && method === 'GET') {
    return reply(res, 200, { Schedules: opts.scheduler.list().map(described) });
  }
  if ((url.pathname === '/outbox' || url.pathname === '/outbox/') && method === 'GET') {
    const page = await outboxList(opts.outbox, url.searchParams.get('before'));
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(page);
    return;
  }
  const file = /^\/outbox\/([^/]+)$/.exec(url.pathname);
  if (file && method === 'GET') {
    const name = decodeURIComponent(file[1]);
    const at = opts.outbox.pathOf(name);
    const size = at
      ? await stat(at).then(
          (s) => s.size,
          () => null,
        )
      : null;
    if (!at || size === null) throw new ServiceError('NotFoundException', 404, 'No such message');
    if (!url.searchParams.has('raw')) {
      const page =
        size > RENDERED_MESSAGE_BYTES ? largeMessagePage(name, size) : await messagePage(await readFile(at), name);
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': MESSAGE_PAGE_CSP });
      res.end(page);
      return;
    }
    const stream = createReadStream(at);
    await new Promise<void>((resolve, reject) => {
      stream.once('error', reject);
      stream.once('open', () => {
        res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
        stream.pipe(res);
        stream.once('end', resolve);
      });
    }).catch((err: NodeJS.ErrnoException) => {
      throw err.code === 'ENOENT' ? new ServiceError('NotFoundException', 404, 'No such message') : err;
    });
    return;
  }
  const fnUrl = /^\/function-url\/([^/]+)(\/.*)?$/.exec(url.pathname);
  if (fnUrl && Object.hasOwn(opts.functionUrls, fnUrl[1])) {
    const body = await readBounded(req, res, MAX_FUNCTION_URL_BODY);
    const event = functionUrlEvent(req, url, fnUrl[2] ?? '/', body);
    const answer = functionUrlAnswer(await opts.functionUrls[fnUrl[1]].call(event));
    // No page of another origin may read an answer: the function's own CORS headers are dropped.
    const headers = Object.fromEntries(
      Object.entries(answer.headers).filter(([name]) => !name.toLowerCase().startsWith('access-control-')),
    );
    res.writeHead(answer.statusCode, headers);
    res.end(answer.body);
    return;
  }
  throw new ServiceError('UnknownOperationException', 404, `No local service answers ${method} ${url.pathname}`);
}

export async function startServicesServer(opts: ServicesServerOptions): Promise<ServicesServer> {
  const throttle = opts.sendRate ? sendingRate(opts.sendRate) : undefined;
  const host = opts.host ?? '127.0.0.1';
  const readBounded = bodyReader(MAX_BODIES_IN_FLIGHT);
  const http = createServer(httpTimeouts(CONNECTION_DEADLINES), (req, res) => {
    const url = requestUrl(req.url);
    if (!url) return reply(res, 400, { message: 'The request target is not a valid URL.' });
    const foreign = foreignOrigin(headersOf(req), req.socket.localPort ?? 0);
    if (foreign) {
      const message = `The local services answer this machine's own callers only. ${foreign}`;
      res.setHeader('connection', 'close');
      return reply(res, 403, { message, Message: message }, { 'x-amzn-errortype': 'AccessDeniedException' });
    }
    route(opts, readBounded, req, res, url, throttle).catch((err: unknown) => {
      const known = err instanceof ServiceError || err instanceof SchedulerError || err instanceof SesError;
      const large = err instanceof TooLarge;
      const status = known ? err.status : large ? 413 : 500;
      const type = known ? err.type : large ? 'RequestEntityTooLarge' : 'InternalServerException';
      const message = large
        ? 'The request body is larger than this operation takes.'
        : err instanceof Error
          ? err.message
          : String(err);
      // A body left unread (a refusal before reading it) is not waited for: the connection closes.
      if (status >= 400 && !req.complete) res.setHeader('connection', 'close');
      if (!res.headersSent) reply(res, status, { message, Message: message }, { 'x-amzn-errortype': type });
      else res.end();
    });
  });
  guardFirstHeaders(http, CONNECTION_DEADLINES);
  const open = openSockets(http);
  capConnections(http, 'services');
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(opts.port, host, () => resolve());
  });
  const { port } = http.address() as AddressInfo;
  const shown = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${shown}:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        opts.scheduler.close();
        http.close((err) => (err ? reject(err) : resolve()));
        http.closeAllConnections();
        open.destroyAll();
      }),
  };
}
