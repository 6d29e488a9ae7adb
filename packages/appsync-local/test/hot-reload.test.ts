/**
 * Hot reload: a running local API, built from a schema, wiring and resolvers in a temporary folder,
 * serves each saved change, keeps serving the previous version when a change breaks an APPSYNC_JS
 * rule (and says why), and asks for a restart when the data sources change.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphqlRequest } from '../src/runtime/client.ts';
import { startLocalAppSync, type LocalAppSync } from '../src/runtime/start-local.ts';
import { dynamoEndpoint } from '../testing/dynamodb.ts';
import { projectDirs } from '../testing/project.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'hot-reload-'));
const file = (name: string) => path.join(dir, name);
const logs: string[] = [];
let app: LocalAppSync;

const resolver = (value: string) => `export function request() { return { payload: ${JSON.stringify(value)} }; }
export function response(ctx) { return ctx.result; }
`;
const wiringModule = (fields: string[], extraDataSource = '') => `export const wiring = {
  dataSources: [{ name: 'None', kind: 'NONE' }${extraDataSource}],
  functions: [],
  resolvers: ${JSON.stringify(fields.map((f) => ({ typeName: 'Query', fieldName: f, kind: 'UNIT', dataSource: 'None', code: file(`Query.${f}.ts`) })))},
  environment: {},
};
`;

async function ask(query: string) {
  return graphqlRequest<Record<string, string>>(app.url, app.tokenFor('dev'), query);
}

/** Polls until the query's data has `field` equal to `value`. */
async function servedWithin(query: string, field: string, value: string, ms = 10_000): Promise<void> {
  const until = Date.now() + ms;
  for (;;) {
    const body = await ask(query);
    if (body.data?.[field] === value) return;
    if (Date.now() > until) throw new Error(`still ${JSON.stringify(body)}; log:\n${logs.join('\n')}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

async function logged(pattern: RegExp, ms = 10_000): Promise<string> {
  const until = Date.now() + ms;
  for (;;) {
    const line = logs.find((l) => pattern.test(l));
    if (line) return line;
    if (Date.now() > until) throw new Error(`no log line like ${pattern}; log:\n${logs.join('\n')}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

beforeAll(async () => {
  writeFileSync(file('schema.graphql'), 'type Query { hello: String }\n');
  writeFileSync(file('Query.hello.ts'), resolver('v1'));
  writeFileSync(file('wiring.ts'), wiringModule(['hello']));
  const { wiring } = await import(file('wiring.ts'));
  app = await startLocalAppSync({
    ...projectDirs(),
    schemaPath: file('schema.graphql'),
    wiring,
    dynamoEndpoint: dynamoEndpoint(),
    port: 0,
    keyDir: mkdtempSync(path.join(tmpdir(), 'hot-reload-key-')),
    watch: {
      wiringModule: { path: file('wiring.ts'), exportName: 'wiring' },
      log: (line) => logs.push(line),
      debounceMs: 20,
    },
  });
});

afterAll(async () => {
  await app?.close();
});

describe('hot reload', () => {
  it('serves a changed resolver', async () => {
    expect((await ask('{ hello }')).data).toEqual({ hello: 'v1' });
    writeFileSync(file('Query.hello.ts'), resolver('v2'));
    await servedWithin('{ hello }', 'hello', 'v2');
  });

  it('keeps the previous version when a change breaks an APPSYNC_JS rule, and says where', async () => {
    logs.length = 0;
    writeFileSync(
      file('Query.hello.ts'),
      `export function request() { throw new Error('no'); }
export function response(ctx) { return ctx.result; }
`,
    );
    const line = await logged(/refused/);
    expect(line).toContain('Query.hello.ts');
    expect(line).toMatch(/throw/i);
    expect(line).toMatch(/Query\.hello\.ts:1:29 breaks the APPSYNC_JS rule no-throw/);
    expect((await ask('{ hello }')).data).toEqual({ hello: 'v2' });
    writeFileSync(file('Query.hello.ts'), resolver('v3'));
    await servedWithin('{ hello }', 'hello', 'v3');
  });

  it('serves a new schema field wired to a new resolver', async () => {
    writeFileSync(file('Query.bye.ts'), resolver('see you'));
    writeFileSync(file('schema.graphql'), 'type Query { hello: String bye: String }\n');
    writeFileSync(file('wiring.ts'), wiringModule(['hello', 'bye']));
    await servedWithin('{ bye }', 'bye', 'see you');
    expect((await ask('{ hello }')).data).toEqual({ hello: 'v3' });
  });

  it('asks for a restart when the data sources change, and keeps serving', async () => {
    logs.length = 0;
    writeFileSync(file('wiring.ts'), wiringModule(['hello', 'bye'], ", { name: 'Other', kind: 'NONE' }"));
    expect(await logged(/restart/)).toMatch(/data sources changed/);
    expect((await ask('{ hello bye }')).data).toEqual({ hello: 'v3', bye: 'see you' });
  });
});
