/**
 * A Lambda function URL, locally: the request as Lambda's function-URL event (payload format 2.0,
 * the fields a handler commonly reads), and the handler's answer as the HTTP response. As Lambda
 * does, a result without `statusCode` is a 200 JSON answer of that result.
 */
import type { IncomingMessage } from 'node:http';
import { randomUUID } from 'node:crypto';
import { headersOf } from '../io/request-body.ts';

export function functionUrlEvent(req: IncomingMessage, url: URL, rawPath: string, body: string) {
  const query: Record<string, string> = {};
  for (const [k, v] of url.searchParams) query[k] = query[k] === undefined ? v : `${query[k]},${v}`;
  const now = Date.now();
  return {
    version: '2.0',
    routeKey: '$default',
    rawPath,
    rawQueryString: url.search.replace(/^\?/, ''),
    headers: headersOf(req),
    ...(url.search ? { queryStringParameters: query } : {}),
    requestContext: {
      accountId: 'anonymous',
      apiId: 'local',
      domainName: url.host,
      http: {
        method: req.method ?? 'GET',
        path: rawPath,
        protocol: `HTTP/${req.httpVersion}`,
        sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
        userAgent: req.headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey: '$default',
      stage: '$default',
      time: new Date(now).toUTCString(),
      timeEpoch: now,
    },
    body,
    isBase64Encoded: false,
  };
}

/** The answer's body is bytes: a base64 body (`isBase64Encoded`, as for an image) is decoded. */
export function functionUrlAnswer(result: unknown): {
  statusCode: number;
  headers: Record<string, string>;
  body: Buffer;
} {
  const r = result as { statusCode?: unknown; headers?: unknown; body?: unknown; isBase64Encoded?: unknown } | null;
  if (r && typeof r === 'object' && typeof r.statusCode === 'number') {
    const headers: Record<string, string> = {};
    if (r.headers && typeof r.headers === 'object')
      for (const [k, v] of Object.entries(r.headers)) headers[k] = String(v);
    const body = typeof r.body === 'string' ? r.body : '';
    return {
      statusCode: r.statusCode,
      headers,
      body: Buffer.from(body, r.isBase64Encoded === true ? 'base64' : 'utf8'),
    };
  }
  return {
    statusCode: 200,
    headers: { 'content-type': 'application/json' },
    body: Buffer.from(JSON.stringify(result)),
  };
}
