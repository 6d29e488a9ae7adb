/**
 * A proxy in front of DynamoDB Local for API tests: it records each request's operation (its
 * X-Amz-Target), may act before forwarding one (a test injects a concurrent write there), and forwards
 * it unchanged.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface DynamoDbProxy {
  /** Where the API under test should send its DynamoDB requests. */
  endpoint: string;
  /** The operations forwarded so far, in order (a test may empty it). */
  seen: string[];
  close(): void;
}

/** Runs `before` (with the operation and the request's JSON body) ahead of forwarding each request to `target`. */
export function startDynamoDbProxy(
  target: string,
  before?: (operation: string, body: string) => Promise<void>,
): Promise<DynamoDbProxy> {
  const seen: string[] = [];
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const operation = String(req.headers['x-amz-target'] ?? '').replace('DynamoDB_20120810.', '');
    seen.push(operation);
    await before?.(operation, Buffer.concat(chunks).toString('utf8'));
    const headers = Object.fromEntries(
      Object.entries(req.headers).filter(([name]) => !['host', 'connection', 'content-length'].includes(name)),
    ) as Record<string, string>;
    const out = await fetch(new URL(req.url ?? '/', target), {
      method: req.method,
      headers,
      body: chunks.length ? Buffer.concat(chunks) : undefined,
    });
    res.writeHead(out.status, Object.fromEntries(out.headers.entries()));
    res.end(Buffer.from(await out.arrayBuffer()));
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        seen,
        close: () => server.close(),
      }),
    ),
  );
}
