import { beforeAll, describe, expect, it } from 'vitest';
import type { DynamoDbRequestEvent } from '../../src/datasources/dynamodb/data-source.ts';
import type { DataSourceInvoker } from '../../src/runtime/types.ts';
import { testContext } from '../../testing/context.ts';
import { createTestTable, testDataSource } from '../../testing/dynamodb.ts';

let ds: DataSourceInvoker;
let otherKeyDs: DataSourceInvoker;
const events: DynamoDbRequestEvent[] = [];
const invoke = (request: unknown) => ds.invoke(request, testContext());

interface Page {
  items: Record<string, unknown>[];
  nextToken: string | null;
  scannedCount: number;
}

const INVALID_TOKEN_TYPE = 'DynamoDB:UserIllegalArgumentException';

beforeAll(async () => {
  const { tableName } = await createTestTable();
  ds = testDataSource(tableName, (e) => events.push(e));
  otherKeyDs = testDataSource(tableName);
  const items = Array.from({ length: 10 }, (_, i) => ({
    PK: { S: 'EVENT#1' },
    SK: { S: `MATCH#${String(i).padStart(2, '0')}` },
    n: { N: i },
    GSI_PK: { S: i % 2 === 0 ? 'EVEN' : 'ODD' },
    GSI_SK: { S: `N#${String(i).padStart(2, '0')}` },
  }));
  const put = await invoke({ operation: 'BatchPutItem', tables: { [tableName]: items } });
  expect(put.error).toBeNull();
  await invoke({
    operation: 'PutItem',
    key: { PK: { S: 'EVENT#2' }, SK: { S: 'MATCH#00' } },
    attributeValues: { n: { N: 100 } },
  });
});

const byEvent = (extra: Record<string, unknown> = {}) => ({
  operation: 'Query',
  query: { expression: 'PK = :pk', expressionValues: { ':pk': { S: 'EVENT#1' } } },
  ...extra,
});

describe('Query', () => {
  it('returns { items, nextToken, scannedCount } in key order, backwards on request', async () => {
    const forward = await invoke(byEvent());
    expect(forward.error).toBeNull();
    const page = forward.result as Page;
    expect(page.items.map((i) => i.n)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(page.nextToken).toBeNull();
    expect(page.scannedCount).toBe(10);

    const backward = (await invoke(byEvent({ scanIndexForward: false, limit: 3 }))).result as Page;
    expect(backward.items.map((i) => i.n)).toEqual([9, 8, 7]);
  });

  it('pages with an opaque nextToken until the end', async () => {
    const seen: unknown[] = [];
    let token: string | null = null;
    let pages = 0;
    do {
      const outcome = await invoke(byEvent({ limit: 4, nextToken: token }));
      expect(outcome.error).toBeNull();
      const page = outcome.result as Page;
      seen.push(...page.items.map((i) => i.n));
      token = page.nextToken;
      if (token) {
        expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
        expect(Buffer.from(token, 'base64url').toString('latin1')).not.toContain('EVENT#1');
      }
      pages++;
    } while (token && pages < 10);
    expect(seen).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(pages).toBe(3);
  });

  it('answers forged, truncated, corrupted and foreign tokens with an error, not a crash', async () => {
    const first = (await invoke(byEvent({ limit: 2 }))).result as Page;
    const token = first.nextToken as string;
    const raw = Buffer.from(token, 'base64url');
    raw[raw.length - 1] ^= 1;
    const corrupted = raw.toString('base64url');
    const forged = Buffer.from(JSON.stringify({ PK: { S: 'EVENT#1' }, SK: { S: 'MATCH#05' } })).toString('base64');
    for (const bad of [forged, token.slice(0, 20), corrupted, 'not a token!', 12345]) {
      const outcome = await invoke(byEvent({ limit: 2, nextToken: bad }));
      expect(outcome.result).toBeNull();
      expect(outcome.error?.type).toBe(INVALID_TOKEN_TYPE);
      expect(outcome.error?.message).toMatch(/Invalid pagination token/);
    }
    // A token only works where it was issued: not under another key, nor for another index.
    const otherKey = await otherKeyDs.invoke(byEvent({ limit: 2, nextToken: token }), testContext());
    expect(otherKey.error?.type).toBe(INVALID_TOKEN_TYPE);
    const otherIndex = await invoke({
      operation: 'Query',
      index: 'GSI',
      query: { expression: 'GSI_PK = :p', expressionValues: { ':p': { S: 'EVEN' } } },
      nextToken: token,
    });
    expect(otherIndex.error?.type).toBe(INVALID_TOKEN_TYPE);
  });

  it('queries an index with a filter and projection; the observer tells read from returned', async () => {
    events.length = 0;
    const outcome = await invoke({
      operation: 'Query',
      index: 'GSI',
      query: {
        expression: '#pk = :p AND begins_with(GSI_SK, :prefix)',
        expressionNames: { '#pk': 'GSI_PK' },
        expressionValues: { ':p': { S: 'EVEN' }, ':prefix': { S: 'N#' } },
      },
      filter: { expression: '#n >= :min', expressionNames: { '#n': 'n' }, expressionValues: { ':min': { N: 5 } } },
      projection: { expression: '#pn, SK', expressionNames: { '#pn': 'n' } },
    });
    expect(outcome.error).toBeNull();
    const page = outcome.result as Page;
    expect(page.items).toEqual([
      { n: 6, SK: 'MATCH#06' },
      { n: 8, SK: 'MATCH#08' },
    ]);
    expect(page.scannedCount).toBe(5);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ operation: 'Query', itemsRead: 5, itemsReturned: 2, consumedWcu: 0 });
    expect(events[0].consumedRcu).toBeGreaterThan(0);
  });

  it('supports select COUNT and consistentRead', async () => {
    const outcome = await invoke(byEvent({ select: 'COUNT', consistentRead: true }));
    expect(outcome.error).toBeNull();
    expect((outcome.result as Page).scannedCount).toBe(10);
    expect((outcome.result as Page).items).toEqual([]);
    const bad = await invoke(byEvent({ select: 'EVERYTHING' }));
    expect(bad.error?.message).toMatch(/select/);
  });

  it('requires a key condition', async () => {
    const outcome = await invoke({ operation: 'Query' });
    expect(outcome.error?.message).toMatch(/"query" is required/);
  });
});

describe('Scan', () => {
  it('scans with a filter and pages through the table', async () => {
    const all: unknown[] = [];
    let token: string | null = null;
    let guard = 0;
    do {
      const outcome = await invoke({
        operation: 'Scan',
        limit: 3,
        nextToken: token,
        filter: { expression: 'n >= :min', expressionValues: { ':min': { N: 5 } } },
      });
      expect(outcome.error).toBeNull();
      const page = outcome.result as Page;
      all.push(...page.items.map((i) => i.n));
      token = page.nextToken;
    } while (token && ++guard < 20);
    expect((all as number[]).sort((a, b) => a - b)).toEqual([5, 6, 7, 8, 9, 100]);
  });

  it('splits the table into segments that together cover it', async () => {
    const counts: number[] = [];
    for (const segment of [0, 1]) {
      const outcome = await invoke({ operation: 'Scan', segment, totalSegments: 2 });
      expect(outcome.error).toBeNull();
      counts.push((outcome.result as Page).items.length);
    }
    expect(counts[0] + counts[1]).toBe(11);
  });
});
