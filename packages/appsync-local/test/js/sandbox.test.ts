/**
 * Running handlers: outcomes, errors (runtime-utils-js.html, resolver-context-reference-js.html,
 * built-in-util-js.html), the realm's globals (supported-features.html), run-time denial, time limit.
 */
import { describe, expect, it } from 'vitest';
import { compileCode } from '../../src/runtime/js/compile.ts';
import { makeCtx, resolverModule, runRequest } from './helpers.ts';

describe('handler outcomes', () => {
  it('returns a JSON-cloned value, the stash and the logs', () => {
    const ctx = makeCtx({ arguments: { id: 'a1' }, stash: { before: true } });
    const out = runRequest(
      'ctx.stash.seen = ctx.args.id; console.log("id", ctx.args.id, { n: 1 }); console.error("oops"); return { id: ctx.arguments.id, missing: undefined };',
      ctx,
    );
    expect(out).toEqual({
      kind: 'value',
      value: { id: 'a1' },
      error: null,
      appendedErrors: [],
      stash: { before: true, seen: 'a1' },
      logs: ['id a1 {"n":1}', 'oops'],
      responseHeaders: {},
      extensions: [],
    });
    expect(ctx.stash).toEqual({ before: true }); // the caller's object is not touched
  });

  it('runtime.earlyReturn gives earlyReturn with its data', () => {
    const out = runRequest('ctx.stash.x = 1; runtime.earlyReturn({ cached: true }); return { not: "reached" };');
    expect(out.kind).toBe('earlyReturn');
    expect(out.value).toEqual({ cached: true });
    expect(out.stash).toEqual({ x: 1 });
  });

  it("runtime.earlyReturn carries skipTo: 'NEXT' by default, or the one given", () => {
    expect(runRequest('runtime.earlyReturn(1);').skipTo).toBe('NEXT');
    expect(runRequest('runtime.earlyReturn(1, {});').skipTo).toBe('NEXT');
    const end = runRequest("runtime.earlyReturn({ done: true }, { skipTo: 'END' });");
    expect(end).toMatchObject({ kind: 'earlyReturn', value: { done: true }, skipTo: 'END' });
    expect(runRequest("runtime.earlyReturn(2, { skipTo: 'NEXT' });")).toMatchObject({
      kind: 'earlyReturn',
      value: 2,
      skipTo: 'NEXT',
    });
    expect(runRequest('return 3;').skipTo).toBeUndefined();
  });

  it('runtime.earlyReturn with an invalid skipTo or returnOptions is a Code error', () => {
    for (const call of [
      "runtime.earlyReturn(1, { skipTo: 'end' });",
      "runtime.earlyReturn(1, { skipTo: 'LATER' });",
      "runtime.earlyReturn(1, 'END');",
    ]) {
      const out = runRequest(call);
      expect(out.kind).toBe('error');
      expect(out.error?.errorType).toBe('Code');
      expect(out.error?.message).toMatch(/runtime\.earlyReturn/);
    }
  });

  it('util.error carries type, data and errorInfo', () => {
    const out = runRequest('util.error("Boom", "Custom", { a: 1 }, { b: 2 }); return 1;');
    expect(out.kind).toBe('error');
    expect(out.error).toEqual({ message: 'Boom', errorType: 'Custom', data: { a: 1 }, errorInfo: { b: 2 } });
    expect(runRequest('util.error("Only a message");').error).toEqual({
      message: 'Only a message',
      errorType: null,
      data: null,
      errorInfo: null,
    });
  });

  it('util.appendError records and goes on', () => {
    const out = runRequest('util.appendError("first", "T1"); util.appendError("second"); return "data";');
    expect(out.kind).toBe('value');
    expect(out.value).toBe('data');
    expect(out.appendedErrors).toEqual([
      { message: 'first', errorType: 'T1', data: null, errorInfo: null },
      { message: 'second', errorType: null, data: null, errorInfo: null },
    ]);
  });

  it('util.unauthorized names the field and type', () => {
    expect(runRequest('util.unauthorized();').error).toEqual({
      message: 'Not Authorized to access getThing on type Query',
      errorType: 'Unauthorized',
      data: null,
      errorInfo: null,
    });
  });

  it('a JavaScript exception is a Code error worded code.js:<line>:<column>: <Name>: <message> (aws-appsync-community#328)', () => {
    const out = runRequest('  const o = ctx.args.nothing;\n  for (const x of [1]) { o.push(x); }\n  return o.deep;');
    expect(out.kind).toBe('error');
    expect(out.error?.errorType).toBe('Code');
    expect(out.error?.message).toBe("code.js:4:28: TypeError: Cannot read properties of undefined (reading 'push')");
  });

  it('ctx is read-only at its first level, deeper levels are not', () => {
    const top = runRequest('const c = ctx; c.foo = 1; return 1;');
    expect(top.error?.errorType).toBe('Code');
    expect(top.error?.message).toMatch(/not extensible/);
    const stash = runRequest('const c = ctx; c.stash = {}; return 1;');
    expect(stash.error?.errorType).toBe('Code');
    const deep = runRequest('ctx.args.x = 2; return ctx.arguments.x;');
    expect(deep.value).toBe(2);
  });

  it('extensions calls are accepted and recorded on the outcome (extensions-js.html)', () => {
    const mutation = makeCtx({
      info: {
        fieldName: 'addThing',
        parentTypeName: 'Mutation',
        variables: {},
        selectionSetList: [],
        selectionSetGraphQL: '',
      },
    });
    const out = runRequest(
      `extensions.evictFromApiCache('Query', 'things', { 'context.arguments.id': ctx.args.id ?? 'x' });
      extensions.invalidateSubscriptions({ subscriptionField: 'onThing', payload: { id: 'x' } });
      return 1;`,
      mutation,
    );
    expect(out.kind).toBe('value');
    expect(out.extensions).toEqual([
      {
        method: 'evictFromApiCache',
        typeName: 'Query',
        fieldName: 'things',
        keyValuePair: { 'context.arguments.id': 'x' },
      },
      { method: 'invalidateSubscriptions', payload: { subscriptionField: 'onThing', payload: { id: 'x' } } },
    ]);
    const onThing = makeCtx({
      info: {
        fieldName: 'onThing',
        parentTypeName: 'Subscription',
        variables: {},
        selectionSetList: [],
        selectionSetGraphQL: '',
      },
    });
    const subscription = runRequest(
      'extensions.setSubscriptionFilter({ filterGroup: [] }); extensions.setSubscriptionInvalidationFilter({ filterGroup: [] }); return null;',
      onThing,
    );
    expect(subscription.extensions?.map((e) => e.method)).toEqual([
      'setSubscriptionFilter',
      'setSubscriptionInvalidationFilter',
    ]);
  });

  it('subscription filters outside a subscription resolver, and invalidation outside a mutation, are Code errors', () => {
    expect(runRequest('extensions.setSubscriptionFilter({ filterGroup: [] }); return 1;').error).toMatchObject({
      errorType: 'Code',
      message: expect.stringMatching(/only works in subscription resolvers/),
    });
    expect(
      runRequest("extensions.invalidateSubscriptions({ subscriptionField: 'x', payload: {} }); return 1;").error,
    ).toMatchObject({ errorType: 'Code', message: expect.stringMatching(/only works in mutation resolvers/) });
  });

  it('extensions.evictFromApiCache outside a mutation is a Code error (AWS: mutations only)', () => {
    expect(runRequest("extensions.evictFromApiCache('Query', 'x', {}); return 1;").error).toMatchObject({
      errorType: 'Code',
      message: expect.stringMatching(/only works in mutations/),
    });
  });

  it('util.http records response headers and refuses restricted ones with a ResponseHeaderError (http-helpers-in-utils-http-js.html)', () => {
    const out = runRequest(`util.http.addResponseHeader('itemsCount', 7);
      util.http.addResponseHeaders({ headerString: 'stringValue', headerObject: { field1: 7 } });
      util.http.addResponseHeader('Content-Type', 'text/plain');
      util.http.addResponseHeader('x-amz-thing', 'v');
      util.http.addResponseHeader('empty', null);
      return util.http.copyHeaders({ Host: 'h', 'x-custom': 'c', Connection: 'close', 'Content-Length': '3' });`);
    expect(out.value).toEqual({ 'x-custom': 'c' });
    expect(out.responseHeaders).toEqual({ itemsCount: 7, headerString: 'stringValue', headerObject: { field1: 7 } });
    expect(out.appendedErrors.map((e) => e.errorType)).toEqual([
      'ResponseHeaderError',
      'ResponseHeaderError',
      'ResponseHeaderError',
    ]);
  });

  it('module state does not survive between calls', () => {
    const compiled = compileCode(
      'Counter.js',
      `const seen = [];\n${resolverModule('seen.push(1); return seen.length;')}`,
    );
    expect(compiled.run('request', makeCtx()).value).toBe(1);
    expect(compiled.run('request', makeCtx()).value).toBe(1);
  });

  it('runs the response handler with ctx.result and ctx.prev', () => {
    const compiled = compileCode('R.js', resolverModule('return {};'));
    expect(compiled.run('response', makeCtx({ result: { items: [1] } })).value).toEqual({ items: [1] });
  });
});

describe('the APPSYNC_JS realm', () => {
  it('has only the supported globals (no Date, RegExp, Promise, Map, process, require)', () => {
    const out = runRequest(
      'return [typeof Date, typeof RegExp, typeof Promise, typeof Map, typeof process, typeof require, typeof Symbol, typeof Math, typeof JSON, typeof parseInt, typeof encodeURIComponent, typeof util, typeof console];',
    );
    expect(out.value).toEqual([
      'undefined',
      'undefined',
      'undefined',
      'undefined',
      'undefined',
      'undefined',
      'undefined',
      'object',
      'object',
      'function',
      'function',
      'object',
      'object',
    ]);
  });

  it('has no Object.fromEntries (not among the Object methods supported-features.html lists)', () => {
    expect(runRequest("const o = Object; return typeof o['from' + 'Entries'];").value).toBe('undefined');
  });

  it('denied methods fail at run time even when the static check cannot see them', () => {
    const cases: [string, RegExp][] = [
      ['const m = "pad" + "Start"; return "1"[m](2, "0");', /is not a function/],
      ['const o = Object; const k = "fr" + "eeze"; return o[k]({});', /is not a function/],
      ['const f = (x) => x; const k = "ca" + "ll"; return f[k](null, 1);', /is not a function/],
      ['const k = "so" + "rt"; const cmp = [(a, b) => b - a]; return [1, 2][k](...cmp);', /comparator/],
      ['const a = Array; const k = "fr" + "om"; return a[k]([1]);', /is not a function/],
    ];
    for (const [body, message] of cases) {
      const out = runRequest(body);
      expect(out.error?.errorType, body).toBe('Code');
      expect(out.error?.message, body).toMatch(message);
    }
    expect(runRequest('return [3, 1, 2].sort();').value).toEqual([1, 2, 3]);
  });

  it('stops an endless loop over a growing array with a Code error', () => {
    const out = runRequest('const xs = [1]; for (const x of xs) { xs.push(x); } return xs.length;');
    expect(out.error?.errorType).toBe('Code');
    expect(out.error?.message).toMatch(/loop iterations/);
    const unbraced = runRequest('const xs = [1]; for (const x of xs) xs.push(x); return xs.length;');
    expect(unbraced.error?.message).toMatch(/loop iterations/);
  });

  it('lets bounded loops run, with a fresh budget on every call', () => {
    const body =
      'const xs = [1, 2, 3]; let n = 0; for (const a of xs) { for (const b of xs) n = n + a * b; } for (const k in { p: 1, q: 2 }) n = n + k.length; return n;';
    expect(runRequest(body).value).toBe(38);
    expect(runRequest(body).value).toBe(38);
  });
});
