/**
 * Assembles the local AppSync API from a schema and a wiring: one data source per declaration
 * (DynamoDB tables created on the given DynamoDB Local if missing), every resolver bundled with the
 * cloud's esbuild configuration and checked against the APPSYNC_JS rules, then served over HTTP.
 * Generic: it reads the wiring and knows nothing about the application.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  additionalAuthorizationTypes,
  type ApiWiring,
  type ClientAuthorizationType,
  type DataSourceOf,
  type IamGroupGrant,
  parseAppSyncSchema,
  resolverBundler,
  type TableDefinition,
} from 'appsync-cloud';
import { localKindOf } from '../datasources/local.ts';
import { resolveTableNames, type LocalContext } from '../datasources/local-kind.ts';
import { localFunction } from '../datasources/lambda/local.ts';
import { loadOrCreateSigningKey, localUserPool, signToken, type KeyPair, type UserPoolConfig } from './auth/jwt.ts';
import { createLocalPrincipals } from './auth/principals.ts';
import { issueGroupPrincipals, signingCredentials, type GroupPrincipal } from './auth/group-principals.ts';
import type { DynamoDbRequestEvent } from '../datasources/dynamodb/data-source.ts';
import { LOCAL_REGION, localDynamoDbCredentials } from './process/dynamodb-credentials.ts';
import { createDynamoDbClient } from './process/dynamodb-local.ts';
import { createAsyncInvocations } from '../datasources/lambda/data-source.ts';
import { createDynamoDbWire } from '../datasources/dynamodb/wire.ts';
import { formatRequestLog, startServer } from './http/server.ts';
import type { ConnectionDeadlines } from './io/deadlines.ts';
import type { RealtimeLimits } from './realtime/protocol.ts';
import { createLocalApi, type AuthConfig, type LocalApi, type RequestLogEntry } from './runtime.ts';
import { createCodeCache } from './reload/code-cache.ts';
import { bundleStoreDir, storedBundles } from './reload/bundle-store.ts';
import { keepLintVerdictsIn } from './js/lint-disk-cache.ts';
import { startHotReload, type HotReload } from './reload/hot-reload.ts';
import type { WiringModule } from './reload/load-wiring.ts';
import { loadOrCreateLocalCa, machineAddresses, serverCertificate } from './tls/local-ca.ts';
import type { DataSourceInvoker } from './types.ts';
import { createOutbox, type Outbox } from './services/outbox.ts';
import { createLocalScheduler, type LocalScheduler } from './services/scheduler.ts';
import { startServicesServer, type ServicesServer } from './services/server.ts';

export interface LocalAppSyncOptions {
  /** The project root: the schema's, the wiring's and its code's paths are relative to it. */
  root: string;
  /** The project's build folder (the explorer's bundle is kept in its explorer/). */
  buildDir: string;
  /** The project's state folder (the local DynamoDB credential, hot reload's scratch files, resolver bundles and eslint's verdicts on them, kept between starts). */
  stateDir: string;
  /** Path of the SDL schema, root-relative or absolute. */
  schemaPath: string;
  wiring: ApiWiring;
  /** Endpoint of a running DynamoDB Local. */
  dynamoEndpoint: string;
  /** Physical name of a declared table (default: its logical name). Tests use unique names. */
  tableName?: (table: TableDefinition) => string;
  /** Port to listen on; 0 picks a free one. */
  port: number;
  /** Interface to bind; default 127.0.0.1. */
  host?: string;
  /** Directory of the local signing key and the local CA (created on first start). */
  keyDir: string;
  /** User pools trusted besides the local key (a local user pool: `src/runtime/cognito/`). */
  userPools?: UserPoolConfig[];
  /** Additional authorization modes besides Cognito user pools (default none). */
  apiKeys?: string[];
  /** IAM principals besides the functions' (a console admin), each granted its Cognito group's fields; the explorer may sign as them. */
  iamGrants?: IamGroupGrant[];
  /** The GraphQL document the explorer opens on when its browser has none saved (default GraphiQL's). */
  explorerExample?: string;
  /** Called for every DynamoDB request, with the data source's name (for benchmarks). */
  observer?: (dataSource: string, event: DynamoDbRequestEvent) => void;
  /** Request log; default none. */
  log?: (line: string) => void;
  /** How long a connection may take over each step (default CONNECTION_DEADLINES; tests shorten them). */
  deadlines?: ConnectionDeadlines;
  /** The real-time bounds (default APPSYNC_REALTIME_LIMITS). */
  realtimeLimits?: Partial<RealtimeLimits>;
  /** The largest response (default MAX_RESPONSE_BYTES, 5 MB). */
  maxResponseBytes?: number;
  /**
   * The local services on a port of their own (services/server.ts): SES v2 SendEmail into an outbox
   * folder of RFC 5322 files, with a page listing them, and EventBridge Scheduler's one-time schedules
   * firing the LAMBDA data sources. Every local function gets their endpoints in the SDK's standard
   * variables. With `schedulesFile` the schedules are kept in that JSON file across restarts (loaded at
   * start; one whose moment passed meanwhile fires then, late); without it, in memory. With `sendRate`
   * (emails a second) SendEmail past it answers SES's ThrottlingException. Default off.
   */
  services?: { port: number; outboxDir: string; schedulesFile?: string; sendRate?: number };
  /**
   * Functions served behind a function URL (auth NONE) by the local services, at
   * `<services url>/function-url/<name>/`: their handler and tables, as a LAMBDA data source declares them.
   * Lambda's function-URL event (payload 2.0) in, its `{ statusCode, headers, body }` answer out.
   */
  functionUrls?: FunctionUrlDeclaration[];
  /**
   * Variables for local functions besides their declared ones, by function name (the settings the cloud
   * stack gives them); read at each call, with the local function URLs by name once they are served.
   */
  functionEnvironment?: (local: { functionUrls: Record<string, string> }) => Record<string, Record<string, string>>;
  /**
   * Variables for the API's resolvers (`ctx.env`) besides the wiring's: the ones the cloud stack adds
   * to the API, such as a function URL's address; given the local function URLs by name.
   */
  apiEnvironment?: (local: { functionUrls: Record<string, string> }) => Record<string, string>;
  /**
   * Hot reload: watch the schema, the resolver sources and what they import (and the wiring module,
   * when given) and swap in each change; `log` reports every reload or its refusal. Default off.
   */
  watch?: { wiringModule?: WiringModule; log: (line: string) => void; debounceMs?: number };
}

export type FunctionUrlDeclaration = Pick<DataSourceOf<'LAMBDA'>, 'name' | 'handler' | 'environment'>;

export interface LocalAppSync {
  /** The GraphQL endpoint, http://127.0.0.1:<port>/graphql. */
  url: string;
  /** The query page. */
  explorerUrl: string;
  /** The real-time (subscriptions) endpoint, wss://127.0.0.1:<port>/graphql/realtime. */
  realtimeUrl: string;
  /** The local CA's certificate, for NODE_EXTRA_CA_CERTS or a browser's trust store. */
  caPath: string;
  /** The modes accepted besides Cognito user pools, for amplify_outputs.json's `data.authorization_types`. */
  authorizationTypes: ClientAuthorizationType[];
  api: LocalApi;
  key: KeyPair;
  /** Physical table name of each DynamoDB data source. */
  tableNames: Record<string, string>;
  /** With `services`: their base URL, the outbox page's URL, the outbox, the scheduler, and each function URL by name. */
  services?: {
    url: string;
    outboxUrl: string;
    outbox: Outbox;
    scheduler: LocalScheduler;
    functionUrls: Record<string, string>;
  };
  tokenFor(username: string, groups?: string[]): string;
  /** The principal of each of `iamGrants`, with its credentials (new at each start). */
  groupPrincipals: GroupPrincipal[];
  /**
   * Resolves once every asynchronous (`invocationType: 'Event'`) Lambda invocation of this runtime has
   * finished, retries included, and any started meanwhile: tests wait on it instead of sleeping.
   */
  settled(): Promise<void>;
  /**
   * Invokes a local LAMBDA function asynchronously with `event`, as Lambda's Invoke with
   * `InvocationType: 'Event'` does (retries included; `settled()` waits for it); false when the wiring
   * declares no function of that name. For a project's own start-up work, such as rebuilding what an
   * in-memory service lost.
   */
  invoke(functionName: string, event: unknown): boolean;
  close(): Promise<void>;
}

/** The key that encrypts pagination tokens, derived from the local signing key. */
function tokenKeyFrom(key: KeyPair): Buffer {
  const der = key.privateKey.export({ type: 'pkcs8', format: 'der' });
  return createHash('sha256').update('appsync-local nextToken\n').update(der).digest();
}

export async function startLocalAppSync(opts: LocalAppSyncOptions): Promise<LocalAppSync> {
  const { wiring } = opts;
  const key = loadOrCreateSigningKey(opts.keyDir);
  const { root, stateDir } = opts;
  const client = createDynamoDbClient(opts.dynamoEndpoint, stateDir);
  const wire = createDynamoDbWire(opts.dynamoEndpoint, stateDir);
  const principals = createLocalPrincipals(localDynamoDbCredentials(stateDir));
  const asyncInvocations = createAsyncInvocations();
  let url: string | undefined;
  let services: ServicesServer | undefined;
  let functionUrlsOf = (): Record<string, string> => ({});

  const ctx: LocalContext = {
    root,
    stateDir,
    client,
    wire,
    dynamoEndpoint: opts.dynamoEndpoint,
    tokenKey: tokenKeyFrom(key),
    physicalName: opts.tableName ?? ((table) => table.name),
    observer: opts.observer,
    tableNames: {},
    principals,
    apiUrl: () => {
      if (url === undefined) throw new Error('the local API has no URL until its server listens');
      return url;
    },
    asyncInvocations,
    extraEnvironment: (functionName) => ({
      ...(services ? { AWS_ENDPOINT_URL_SESV2: services.url, AWS_ENDPOINT_URL_SCHEDULER: services.url } : {}),
      ...opts.functionEnvironment?.({ functionUrls: functionUrlsOf() })[functionName],
    }),
    functions: {},
  };
  try {
    for (const ds of wiring.dataSources) await localKindOf(ds).setUp?.(ds, ctx);
  } catch (err) {
    client.destroy();
    wire.close();
    throw err;
  }
  const dataSources: Record<string, DataSourceInvoker> = {};
  for (const ds of wiring.dataSources) dataSources[ds.name] = localKindOf(ds).invoker(ds, ctx);
  const { tableNames } = ctx;

  const schemaFile = path.resolve(root, opts.schemaPath);
  const schemaSDL = readFileSync(schemaFile, 'utf8');
  // AWS_IAM is on when the schema names it, as on the cloud stack (appsync-cloud's src/cdk/wired-api.ts).
  const iam = additionalAuthorizationTypes(schemaSDL).includes('AWS_IAM');
  const auth: AuthConfig = {
    defaultMode: 'AMAZON_COGNITO_USER_POOLS',
    additionalModes: [...(opts.apiKeys?.length ? (['API_KEY'] as const) : []), ...(iam ? (['AWS_IAM'] as const) : [])],
    cognito: [localUserPool(key), ...(opts.userPools ?? [])],
    apiKeys: opts.apiKeys,
    iam: { principals, region: LOCAL_REGION },
  };
  const groupPrincipals = issueGroupPrincipals(principals, parseAppSyncSchema(schemaSDL), opts.iamGrants ?? []);
  const log = opts.log;
  keepLintVerdictsIn(stateDir);
  const invokeAsync = (functionName: string, event: unknown): boolean => {
    const target = Object.hasOwn(ctx.functions, functionName) ? ctx.functions[functionName] : undefined;
    target?.invokeEvent(event);
    return target !== undefined;
  };
  const outbox = opts.services && createOutbox(opts.services.outboxDir);
  const scheduler =
    opts.services &&
    createLocalScheduler({
      // As Scheduler's Lambda target: an asynchronous invocation (Lambda's retries included).
      invoke: invokeAsync,
      log,
      file: opts.services.schedulesFile,
    });
  const urlFunctions = Object.fromEntries((opts.functionUrls ?? []).map((f) => [f.name, localFunction(f, ctx)]));
  functionUrlsOf = () =>
    services
      ? Object.fromEntries(Object.keys(urlFunctions).map((n) => [n, `${services!.url}/function-url/${n}/`]))
      : {};
  if (opts.services && outbox && scheduler) {
    try {
      services = await startServicesServer({
        outbox,
        scheduler,
        functionUrls: urlFunctions,
        port: opts.services.port,
        host: opts.host,
        sendRate: opts.services.sendRate,
      });
    } catch (err) {
      client.destroy();
      wire.close();
      throw err;
    }
  }
  const apiEnvironment = (w: ApiWiring) => ({
    ...resolveTableNames(w.environment, tableNames),
    ...opts.apiEnvironment?.({ functionUrls: functionUrlsOf() }),
  });
  const cache = createCodeCache(storedBundles(resolverBundler(root), bundleStoreDir(stateDir)));
  const api = createLocalApi({
    schemaSDL,
    wiring,
    compile: cache.compile,
    dataSources,
    environment: apiEnvironment(wiring),
    auth,
    log: log ? (entry: RequestLogEntry) => log(formatRequestLog(entry)) : undefined,
    realtimeLimits: opts.realtimeLimits,
    maxResponseBytes: opts.maxResponseBytes,
  });
  const tokenFor = (username: string, groups: string[] = []) => signToken(key, { username, groups });
  const ca = await loadOrCreateLocalCa(opts.keyDir);
  const everyInterface = opts.host === '0.0.0.0' || opts.host === '::';
  const tls = await serverCertificate(ca, everyInterface ? machineAddresses() : opts.host ? [opts.host] : []);
  const signers = groupPrincipals.map(({ grant, principal }) => ({
    name: grant.name,
    label: grant.label,
    region: LOCAL_REGION,
    credentials: signingCredentials(principal),
  }));
  const server = await startServer({
    api,
    port: opts.port,
    host: opts.host,
    tokenFor,
    signers,
    tls,
    explorerExample: opts.explorerExample,
    explorerDir: path.join(opts.buildDir, 'explorer'),
    deadlines: opts.deadlines,
  }).catch(async (err: unknown) => {
    await services?.close();
    throw err;
  });
  url = `${server.url}/graphql`;
  // Only now can a kept schedule's function reach the API and the services (its SDK's endpoint variables).
  scheduler?.start();
  const reload: HotReload | undefined =
    opts.watch &&
    startHotReload({
      api,
      cache,
      schemaFile,
      wiring,
      wiringModule: opts.watch.wiringModule,
      environment: apiEnvironment,
      root,
      scratchDir: path.join(stateDir, 'reload'),
      log: opts.watch.log,
      debounceMs: opts.watch.debounceMs,
    });
  return {
    url,
    explorerUrl: `${server.url}/`,
    realtimeUrl: server.realtimeUrl,
    caPath: ca.certPath,
    authorizationTypes: [...auth.additionalModes].sort(),
    api,
    key,
    tableNames,
    services: services &&
      outbox &&
      scheduler && {
        url: services.url,
        outboxUrl: `${services.url}/outbox`,
        outbox,
        scheduler,
        functionUrls: functionUrlsOf(),
      },
    tokenFor,
    groupPrincipals,
    settled: asyncInvocations.settled,
    invoke: invokeAsync,
    async close() {
      reload?.close();
      await services?.close();
      await server.close();
      client.destroy();
      wire.close();
    },
  };
}
