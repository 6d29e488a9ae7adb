import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  ASYNC_RETRY_DELAYS_MS,
  createAsyncInvocations,
  createLambdaDataSource,
} from '../../src/datasources/lambda/data-source.ts';
import { createNoneDataSource } from '../../src/datasources/none/data-source.ts';
import { testContext } from '../../testing/context.ts';

const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));

describe('NONE data source', () => {
  it('gives the request payload back as ctx.result', async () => {
    const ds = createNoneDataSource();
    const payload = { a: 1, list: [true, null, 'x'] };
    const outcome = await ds.invoke({ payload }, testContext());
    expect(outcome).toEqual({ result: payload, error: null });
    expect(outcome.result).not.toBe(payload);
  });

  it('gives null without a payload', async () => {
    expect(await createNoneDataSource().invoke({}, testContext())).toEqual({ result: null, error: null });
  });
});

describe('Lambda data source', () => {
  const ds = createLambdaDataSource({
    handlerPath: fixture('echo-handler.ts'),
    environment: { TABLE_NAME: 'notes-local' },
    asyncInvocations: createAsyncInvocations(),
  });
  const invoke = (request: unknown) => ds.invoke(request, testContext());

  it('calls the handler with the payload and returns its JSON result', async () => {
    const outcome = await invoke({ operation: 'Invoke', payload: { value: { id: 7 } } });
    expect(outcome).toEqual({ result: { echoed: { id: 7 }, at: '1970-01-01T00:00:00.000Z' }, error: null });
  });

  it('sets the function environment and a Lambda-like context', async () => {
    expect((await invoke({ operation: 'Invoke', payload: { mode: 'env' } })).result).toEqual({ table: 'notes-local' });
    const ctx = (await invoke({ operation: 'Invoke', payload: { mode: 'context' } })).result as Record<string, unknown>;
    expect(ctx.functionName).toBe('echo-handler');
    expect(ctx.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(ctx.remaining).toBeGreaterThan(0);
  });

  it('turns a thrown error into ctx.error of type Lambda:Unhandled', async () => {
    const outcome = await invoke({ operation: 'Invoke', payload: { mode: 'throw', value: 'this' } });
    expect(outcome).toEqual({ result: null, error: { type: 'Lambda:Unhandled', message: 'handler refused this' } });
  });

  it('maps an undefined return to null', async () => {
    expect(await invoke({ operation: 'Invoke', payload: { mode: 'undefined' } })).toEqual({
      result: null,
      error: null,
    });
  });

  it('runs BatchInvoke as a batch of one', async () => {
    expect(await invoke({ operation: 'BatchInvoke', payload: { value: 3 } })).toEqual({
      result: { batched: 3 },
      error: null,
    });
  });

  it('returns at once for an Event invocation', async () => {
    expect(await invoke({ operation: 'Invoke', invocationType: 'Event', payload: { value: 1 } })).toEqual({
      result: null,
      error: null,
    });
  });

  describe('asynchronous (Event) invocations', () => {
    const asyncInvocations = createAsyncInvocations();
    const flaky = createLambdaDataSource({
      handlerPath: fixture('flaky-handler.ts'),
      environment: {},
      asyncInvocations,
    });
    const calls = () => (globalThis as { flakyCalls?: Record<string, number[]> }).flakyCalls ?? {};
    const start = (key: string, failures: number) =>
      flaky.invoke({ operation: 'Invoke', invocationType: 'Event', payload: { key, failures } }, testContext());

    it('answers null before the function has run, and runs it once when it succeeds', async () => {
      expect(await start('ok', 0)).toEqual({ result: null, error: null });
      await asyncInvocations.settled();
      expect(calls().ok).toHaveLength(1);
    });

    it('retries a failed invocation after a delay, like Lambda', async () => {
      await start('once', 1);
      await asyncInvocations.settled();
      const times = calls().once;
      expect(times).toHaveLength(2);
      expect(times[1] - times[0]).toBeGreaterThanOrEqual(ASYNC_RETRY_DELAYS_MS[0] - 5);
    });

    it('gives up after two retries', async () => {
      await start('always', 10);
      await asyncInvocations.settled();
      expect(calls().always).toHaveLength(1 + ASYNC_RETRY_DELAYS_MS.length);
      expect(ASYNC_RETRY_DELAYS_MS).toHaveLength(2);
    });
  });

  it('rejects unknown operations', async () => {
    const outcome = await invoke({ operation: 'Call', payload: {} });
    expect(outcome.error?.message).toMatch(/Unsupported operation 'Call'/);
  });

  it('supports callback-style handlers', async () => {
    const cb = createLambdaDataSource({
      handlerPath: fixture('callback-handler.ts'),
      environment: {},
      asyncInvocations: createAsyncInvocations(),
    });
    expect(await cb.invoke({ operation: 'Invoke', payload: { value: 4 } }, testContext())).toEqual({
      result: { doubled: 8 },
      error: null,
    });
    expect((await cb.invoke({ operation: 'Invoke', payload: { value: -1 } }, testContext())).error).toEqual({
      type: 'Lambda:Unhandled',
      message: 'negative',
    });
  });

  it('reports a module without a handler as an error', async () => {
    const bad = createLambdaDataSource({
      handlerPath: fixture('../none-lambda.test.ts.missing'),
      environment: {},
      asyncInvocations: createAsyncInvocations(),
    });
    const outcome = await bad.invoke({ operation: 'Invoke', payload: {} }, testContext());
    expect(outcome.result).toBeNull();
    expect(outcome.error?.type).toBe('Lambda:Unhandled');
  });
});
