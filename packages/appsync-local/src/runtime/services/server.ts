/**
 * The local AWS services a project's functions call besides DynamoDB, on a port of their own: SES v2
 * `SendEmail` into the outbox (ses.ts), EventBridge Scheduler's one-time schedules (scheduler.ts), and
 * the outbox page (`GET /outbox`, each message at `/outbox/<file>`). The functions reach them through
 * the SDK's standard endpoint variables (`AWS_ENDPOINT_URL_SESV2`, `AWS_ENDPOINT_URL_SCHEDULER`), so
 * the code that runs in the cloud runs here unchanged. Requests are not checked for a signature: the
 * server listens on loopback (see docs/fidelity.md).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CONNECTION_DEADLINES, guardFirstHeaders, httpTimeouts } from '../io/deadlines.ts';
import { openSockets } from '../io/open-sockets.ts';
import { capConnections } from '../io/connection-caps.ts';
import { readBody, TooLarge } from '../io/request-body.ts';
import { requestUrl } from '../io/request-url.ts';
import type { LocalFunction } from '../../datasources/lambda/data-source.ts';
import { functionUrlAnswer, functionUrlEvent } from './function-url.ts';
import type { Outbox } from './outbox.ts';
import { decodeWords, headerOf, outboxPage } from './page.ts';
import { SchedulerError, type LocalScheduler, type Schedule, type ScheduleInput } from './scheduler.ts';
import { SesError, sendEmail } from './ses.ts';

/** SES's limit on a message, 10 MB, with room for base64 and JSON. */
const MAX_BODY_BYTES = 15 * 1024 * 1024;

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

async function route(opts: ServicesServerOptions, req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  const method = req.method ?? 'GET';
  const json = async () => {
    const text = await readBody(req, MAX_BODY_BYTES);
    try {
      return (text === '' ? {} : JSON.parse(text)) as Record<string, unknown>;
    } catch {
      throw new ServiceError('SerializationException', 400, 'The body is not JSON');
    }
  };
  if (url.pathname === '/v2/email/outbound-emails' && method === 'POST') {
    return reply(res, 200, await sendEmail(opts.outbox, await json()));
  }
  const schedule = /^\/schedules\/([^/]+)$/.exec(url.pathname);
  if (schedule) {
    const name = decodeURIComponent(schedule[1]);
    const groupOf = (body?: Record<string, unknown>) =>
      (typeof body?.GroupName === 'string' ? body.GroupName : url.searchParams.get('groupName')) || 'default';
    if (method === 'POST' || method === 'PUT') {
      const body = await json();
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
    const entries = opts.outbox
      .list()
      .reverse()
      .map((entry) => {
        const message = opts.outbox.read(entry.file) ?? '';
        return { entry, to: headerOf(message, 'To'), subject: decodeWords(headerOf(message, 'Subject')) };
      });
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(outboxPage(entries));
    return;
  }
  const file = /^\/outbox\/([^/]+)$/.exec(url.pathname);
  if (file && method === 'GET') {
    const message = opts.outbox.read(decodeURIComponent(file[1]));
    if (message === null) throw new ServiceError('NotFoundException', 404, 'No such message');
    res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
    res.end(message);
    return;
  }
  const fnUrl = /^\/function-url\/([^/]+)(\/.*)?$/.exec(url.pathname);
  if (fnUrl && Object.hasOwn(opts.functionUrls, fnUrl[1])) {
    const body = await readBody(req, MAX_FUNCTION_URL_BODY);
    const event = functionUrlEvent(req, url, fnUrl[2] ?? '/', body);
    const answer = functionUrlAnswer(await opts.functionUrls[fnUrl[1]].call(event));
    res.writeHead(answer.statusCode, answer.headers);
    res.end(answer.body);
    return;
  }
  throw new ServiceError('UnknownOperationException', 404, `No local service answers ${method} ${url.pathname}`);
}

export async function startServicesServer(opts: ServicesServerOptions): Promise<ServicesServer> {
  const host = opts.host ?? '127.0.0.1';
  const http = createServer(httpTimeouts(CONNECTION_DEADLINES), (req, res) => {
    const url = requestUrl(req.url);
    if (!url) return reply(res, 400, { message: 'The request target is not a valid URL.' });
    route(opts, req, res, url).catch((err: unknown) => {
      const known = err instanceof ServiceError || err instanceof SchedulerError || err instanceof SesError;
      const status = known ? err.status : err instanceof TooLarge ? 413 : 500;
      const type = known ? err.type : err instanceof TooLarge ? 'RequestEntityTooLarge' : 'InternalServerException';
      const message = err instanceof Error ? err.message : String(err);
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
