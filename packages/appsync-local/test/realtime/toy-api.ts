/**
 * A toy API with subscriptions, served over TLS from a local CA, and a small `ws` client speaking
 * AppSync's real-time protocol. The resolvers are real APPSYNC_JS code run by the sandbox.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { WebSocket } from 'ws';
import { loadOrCreateSigningKey, localUserPool, signToken, type KeyPair } from '../../src/runtime/auth/jwt.ts';
import { createNoneDataSource } from '../../src/datasources/none/data-source.ts';
import { startServer, type RunningServer } from '../../src/runtime/http/server.ts';
import { compileCode } from '../../src/runtime/js/compile.ts';
import type { RealtimeLimits } from '../../src/runtime/realtime/protocol.ts';
import { handshakeProtocols, SUBPROTOCOL } from '../../src/runtime/realtime/wire.ts';
import { createLocalApi, type ApiVersion, type LocalApi } from '../../src/runtime/runtime.ts';
import { loadOrCreateLocalCa, serverCertificate, type LocalCa } from '../../src/runtime/tls/local-ca.ts';
import type { ApiWiring } from 'appsync-cloud';
import type { ConnectionDeadlines } from '../../src/runtime/io/deadlines.ts';

export const API_KEY = 'toy-api-key';

export const SCHEMA = `
type Thing @aws_api_key @aws_cognito_user_pools {
  id: ID!
  owner: String
  name: String
  count: Int
  tags: [String]
  secret: String
  required: String!
  keyOnly: String @aws_api_key
}
type Query { thing(id: ID!): Thing }
type Mutation @aws_api_key @aws_cognito_user_pools {
  putThing(id: ID!, owner: String, name: String, count: Int, tags: [String], secret: String, required: String, keyOnly: String): Thing
  failThing(id: ID!): Thing
  nullThing(id: ID!): Thing
  closeThing(id: ID!): Thing
  closeMany(id: ID!): Thing
}
type Subscription @aws_api_key @aws_cognito_user_pools {
  onThing(id: ID, owner: String): Thing @aws_subscribe(mutations: ["putThing", "failThing", "nullThing"])
  onFiltered(minCount: Int!): Thing @aws_subscribe(mutations: ["putThing"])
  onAnyTag(tags: [String]): Thing @aws_subscribe(mutations: ["putThing"])
  onClosable(id: ID!): Thing @aws_subscribe(mutations: ["putThing"])
  onRefused: Thing @aws_subscribe(mutations: ["putThing"])
  onBadFilter: Thing @aws_subscribe(mutations: ["putThing"])
  onAdmin: Thing @aws_subscribe(mutations: ["putThing"]) @aws_cognito_user_pools(cognito_groups: ["admin"])
}
`;

const handlers = (request: string, response = 'return ctx.result;') =>
  `import { util, extensions } from '@aws-appsync/utils';\nexport function request(ctx) {\n${request}\n}\nexport function response(ctx) {\n${response}\n}\n`;

const CODE: Record<string, string> = {
  'put.js': handlers('return { payload: ctx.args };'),
  'fail.js': handlers("return util.error('no thing', 'Refused');"),
  'null.js': handlers('return { payload: null };'),
  'close.js': handlers(
    'return { payload: ctx.args };',
    "extensions.invalidateSubscriptions({ subscriptionField: 'onClosable', payload: { id: ctx.args.id } });\nreturn ctx.result;",
  ),
  'close-many.js': handlers(
    'return { payload: ctx.args };',
    "for (const n of [1, 2, 3, 4, 5, 6]) { extensions.invalidateSubscriptions({ subscriptionField: 'onClosable', payload: { id: `${ctx.args.id}${n}` } }); }\nreturn ctx.result;",
  ),
  'sub.js': handlers('return { payload: null };'),
  'filtered.js': handlers(
    'return { payload: null };',
    "extensions.setSubscriptionFilter(util.transform.toSubscriptionFilter({ count: { ge: ctx.args.minCount }, name: { beginsWith: 'a' } }));\nreturn null;",
  ),
  'any-tag.js': handlers(
    'return { payload: null };',
    "extensions.setSubscriptionFilter({ filterGroup: [{ filters: [{ fieldName: 'tags', operator: 'containsAny', value: ctx.args.tags }] }, { filters: [{ fieldName: 'owner', operator: 'in', value: ['root', 'admin'] }] }] });\nreturn null;",
  ),
  'closable.js': handlers(
    'return { payload: null };',
    "extensions.setSubscriptionInvalidationFilter({ filterGroup: [{ filters: [{ fieldName: 'id', operator: 'eq', value: ctx.args.id }] }] });\nreturn null;",
  ),
  'refused.js': handlers('util.unauthorized();\nreturn {};'),
  'bad-filter.js': handlers(
    'return { payload: null };',
    "extensions.setSubscriptionFilter({ filterGroup: [{ filters: [{ fieldName: 'id', operator: 'in', value: ['1', '2', '3', '4', '5', '6'] }] }] });\nreturn null;",
  ),
};

const unit = (typeName: string, fieldName: string, code: string) => ({
  typeName,
  fieldName,
  kind: 'UNIT' as const,
  dataSource: 'NONE',
  code,
});

export const WIRING: ApiWiring = {
  dataSources: [{ name: 'NONE', kind: 'NONE' }],
  functions: [],
  resolvers: [
    unit('Mutation', 'putThing', 'put.js'),
    unit('Mutation', 'failThing', 'fail.js'),
    unit('Mutation', 'nullThing', 'null.js'),
    unit('Mutation', 'closeThing', 'close.js'),
    unit('Mutation', 'closeMany', 'close-many.js'),
    unit('Subscription', 'onThing', 'sub.js'),
    unit('Subscription', 'onFiltered', 'filtered.js'),
    unit('Subscription', 'onAnyTag', 'any-tag.js'),
    unit('Subscription', 'onClosable', 'closable.js'),
    unit('Subscription', 'onRefused', 'refused.js'),
    unit('Subscription', 'onBadFilter', 'bad-filter.js'),
  ],
  environment: {},
};

/** The toy API's schema, wiring and code, as a reload takes them. */
export const toyVersion = (): ApiVersion => ({
  schemaSDL: SCHEMA,
  wiring: WIRING,
  compile: (source) => compileCode(source, CODE[source]),
  environment: {},
});

export interface ToyServer {
  api: LocalApi;
  server: RunningServer;
  ca: LocalCa;
  key: KeyPair;
  token(username: string, groups?: string[]): string;
  /** POST /graphql with the API key (or the given headers). */
  mutate(query: string, variables?: Record<string, unknown>, headers?: Record<string, string>): Promise<any>;
  close(): Promise<void>;
}

export async function startToyServer(
  limits: Partial<RealtimeLimits> = {},
  deadlines?: ConnectionDeadlines,
): Promise<ToyServer> {
  const dir = mkdtempSync(path.join(tmpdir(), 'realtime-toy-'));
  const key = loadOrCreateSigningKey(dir);
  const api = createLocalApi({
    ...toyVersion(),
    dataSources: { NONE: createNoneDataSource() },
    auth: {
      defaultMode: 'AMAZON_COGNITO_USER_POOLS',
      additionalModes: ['API_KEY'],
      cognito: localUserPool(key),
      apiKeys: [API_KEY],
    },
    realtimeLimits: limits,
  });
  const ca = await loadOrCreateLocalCa(dir);
  const server = await startServer({
    api,
    port: 0,
    explorerDir: path.join(dir, 'explorer'),
    tls: await serverCertificate(ca),
    deadlines,
  });
  return {
    api,
    server,
    ca,
    key,
    token: (username, groups = []) => signToken(key, { username, groups }),
    async mutate(query, variables = {}, headers = { 'x-api-key': API_KEY }) {
      const res = await fetch(`${server.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ query, variables }),
      });
      return res.json();
    },
    close: () => server.close(),
  };
}

/** A protocol-level client: collects every message; `next(pred)` waits for the first unread one that matches. */
export class RealtimeClient {
  readonly messages: any[] = [];
  private waiters: (() => void)[] = [];
  closed: { code: number; reason: string } | null = null;

  constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      this.messages.push(JSON.parse(String(data)));
      this.wake();
    });
    ws.on('close', (code, reason) => {
      this.closed = { code, reason: String(reason) };
      this.wake();
    });
  }

  private wake() {
    for (const w of this.waiters.splice(0)) w();
  }

  static async open(
    toy: ToyServer,
    header: Record<string, string> | null,
    how: 'protocol' | 'query' = 'protocol',
  ): Promise<RealtimeClient> {
    const url = new URL(toy.server.realtimeUrl);
    const protocols = header && how === 'protocol' ? handshakeProtocols(header) : [SUBPROTOCOL];
    if (header && how === 'query') {
      url.searchParams.set('header', Buffer.from(JSON.stringify(header)).toString('base64'));
      url.searchParams.set('payload', 'e30=');
    }
    const ws = new WebSocket(url, protocols, { ca: toy.ca.cert });
    const client = new RealtimeClient(ws);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    return client;
  }

  send(message: unknown) {
    this.ws.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  /** The first unread message matching `pred`, taken off the list (the others stay unread). */
  async next(pred: (m: any) => boolean = () => true, timeoutMs = 5000): Promise<any> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const i = this.messages.findIndex(pred);
      if (i >= 0) {
        const [m] = this.messages.splice(i, 1);
        return m;
      }
      if (this.closed)
        throw new Error(`closed (${this.closed.code}) waiting for a message; got ${JSON.stringify(this.messages)}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out waiting for a message; got ${JSON.stringify(this.messages)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Messages of a type (e.g. 'data') received so far and not yet read by `next`. */
  unread(type: string, id?: string): any[] {
    return this.messages.filter((m) => m.type === type && (id === undefined || m.id === id));
  }

  async init(): Promise<any> {
    this.send({ type: 'connection_init' });
    return this.next((m) => m.type === 'connection_ack' || m.type === 'connection_error');
  }

  async start(
    id: string,
    query: string,
    variables: Record<string, unknown>,
    authorization: Record<string, string>,
  ): Promise<any> {
    this.send({
      id,
      type: 'start',
      payload: { data: JSON.stringify({ query, variables }), extensions: { authorization } },
    });
    return this.next((m) => m.id === id && (m.type === 'start_ack' || m.type === 'error'));
  }

  close() {
    this.ws.terminate();
  }
}
