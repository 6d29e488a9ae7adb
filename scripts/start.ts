/**
 * `npm start`: DynamoDB Local, a local Cognito user pool and the local AppSync API on
 * http://127.0.0.1:$PORT/graphql, with the demo season loaded into an empty database (or into one
 * emptied when it holds the data model before boards and entries, scripts/demo/model.ts), and resolver,
 * schema and wiring changes reloaded as they are saved; writes .local/amplify_outputs.json for an app
 * and serves the web app (app/, built when stale) on $PORT+2.
 * Options: `--in-memory` (a throwaway database, pool and schedules), `--empty` (no demo season), `--no-watch`,
 * `--host <address>`, `--outputs <dir>`, `--verbose` (the demo load's requests logged one by one, as later ones are),
 * `--data <dir>` (the database, pool and schedules kept there rather than in .local/).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { QUICK_START_JAVA_OPTIONS, startDynamoDbLocal } from 'appsync-local/dynamodb-local';
import { repoRoot, stateDir } from '../project.ts';

const DEFAULT_PORT = 4000;
const USAGE =
  'usage: npm start [-- [--in-memory] [--empty] [--no-watch] [--host <address>] [--outputs <dir>] [--verbose] [--data <dir>]]';

function fail(message: string): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(2);
}

let options;
try {
  options = parseArgs({
    options: {
      'in-memory': { type: 'boolean' },
      empty: { type: 'boolean' },
      'no-watch': { type: 'boolean' },
      host: { type: 'string' },
      outputs: { type: 'string', multiple: true },
      verbose: { type: 'boolean' },
      data: { type: 'string' },
    },
    strict: true,
  }).values;
} catch (err) {
  fail((err as Error).message);
}
const inMemory = options['in-memory'] ?? false;
const empty = options.empty ?? false;
const watch = !(options['no-watch'] ?? false);
const verbose = options.verbose ?? false;
const host = options.host ?? process.env.HOST ?? '127.0.0.1';
const port = process.env.PORT ? Number(process.env.PORT) : DEFAULT_PORT;
if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`PORT must be a port number; got "${process.env.PORT}"`);
// The user pool listens on the next port, the web app on the one after (free ones when PORT=0).
const poolPort = port === 0 ? 0 : port + 1;
const appPort = port === 0 ? 0 : port + 2;
// The local services (the outbox, its page, the scheduler, the unsubscribe link, the share cards) on the one after.
const servicesPort = port === 0 ? 0 : port + 3;

const localDir = path.join(repoRoot, '.local');
const outputDirs = [localDir, ...(options.outputs ?? []).map((dir) => path.resolve(dir))];
// The repo root's amplify_outputs.json is the cloud sandbox's.
if (outputDirs.slice(1).includes(repoRoot))
  fail('--outputs must not be the repo root (its amplify_outputs.json is the cloud one)');

if (inMemory && options.data) fail('--data and --in-memory exclude each other');
// What a start keeps: the database, the user pool and the schedules (a fresh folder starts as a fresh clone).
const keptDir = options.data ? path.resolve(options.data) : localDir;
const dataDir = path.join(keptDir, 'dynamodb');
const poolDir = inMemory ? mkdtempSync(path.join(os.tmpdir(), 'cognito-local-')) : path.join(keptDir, 'cognito');
// Every email the stack sends (reminders, the user pool's codes), one .eml file each.
const outboxDir = path.join(localDir, 'outbox');
// The reminders' one-time schedules, kept with the database (in memory with it under --in-memory).
const schedulesFile = inMemory ? undefined : path.join(keptDir, 'schedules.json');

// DynamoDB Local's JVM takes seconds to start, about as long as the rest of the stack's modules take to
// load: it starts first and they load meanwhile (a failure to start is reported where it is awaited).
const dynamoStarting = startDynamoDbLocal({ stateDir, inMemory, dataDir, javaOptions: QUICK_START_JAVA_OPTIONS });
dynamoStarting.catch(() => {});
const [
  {
    graphqlData,
    loadOrCreateSigningKey,
    localOutputs,
    writeOutputs,
    startCognitoLocal,
    ensureUserPool,
    userPoolConfigOf,
    TableMismatchError,
    startLocalAppSync,
    prepareResolvers,
    localDynamoDbCredentials,
    createDynamoDbClient,
    writeSigningCredentials,
  },
  { groups, usernameAttribute },
  { CONSOLE_ADMIN_CREDENTIALS_FILE, consoleAdmin },
  { ensureAppBuilt, serveApp },
  { projectAppSyncOptions, projectCode, LOCAL_API_KEY },
  { DEMO_ADMIN, demoUsername, loadDemoData },
  { withoutInfoLines },
  { clearTable, holdsOlderModel },
  { DEMO_PASSWORD, demoEmail, localUserPool },
  { localReminderOptions, localUnsubscribeKey, rebuildReminderSchedules },
  { withShareCard },
  { ADMIN_GROUP },
] = await Promise.all([
  import('appsync-local'),
  import('../amplify/auth/sign-in.ts'),
  import('../amplify/data/console-admin.ts'),
  import('./app-server.ts'),
  import('./local-appsync-options.ts'),
  import('./demo/load.ts'),
  import('./quiet-console.ts'),
  import('./demo/model.ts'),
  import('./local-user-pool.ts'),
  import('./local-reminders.ts'),
  import('./local-share.ts'),
  import('@pickem/domain/groups'),
]);

let appUrl = `http://${host}:${appPort}`;
// The pool signs with the local key (.local/jwt-signing-key.pem), not cognito-local's published one.
const cognito = await startCognitoLocal({
  dataDir: poolDir,
  port: poolPort,
  host,
  signingKey: loadOrCreateSigningKey(localDir).privateKey,
  adminCredentials: localDynamoDbCredentials(stateDir),
  outboxDir,
});
const pool = await ensureUserPool(cognito, localUserPool);
// Bundling and checking the resolvers (seconds on a first start, the main thread's alone) while the JVM
// may still be starting: the API's start below then finds them in .local/.
prepareResolvers(projectCode);
const dynamo = await dynamoStarting;
let app;
try {
  app = await startLocalAppSync(
    projectAppSyncOptions({
      dynamoEndpoint: dynamo.endpoint,
      port,
      host,
      keyDir: localDir,
      userPools: [userPoolConfigOf(pool)],
      iamGrants: [consoleAdmin],
      services: { port: servicesPort, outboxDir, schedulesFile },
      ...withShareCard(
        localReminderOptions({ appUrl: () => appUrl, unsubscribeKey: localUnsubscribeKey(localDir) }),
        () => appUrl,
      ),
      explorerExample: readFileSync(path.join(import.meta.dirname, 'explorer-example.graphql'), 'utf8'),
      log: (line) => console.log(line),
      watch: watch
        ? { wiringModule: { path: 'amplify/data/wiring.ts', exportName: 'wiring' }, log: (line) => console.log(line) }
        : undefined,
    }),
  );
} catch (err) {
  await dynamo.stop();
  await cognito.close();
  if (err instanceof TableMismatchError) {
    console.error(
      `${err.message}\nIts data directory here is ${path.relative(process.cwd(), dataDir)} (deleting it also deletes the demo data, loaded again on the next start).`,
    );
    process.exit(1);
  }
  throw err;
}

const adminToken = app.tokenFor(DEMO_ADMIN, [ADMIN_GROUP]);
const dataClient = createDynamoDbClient(dynamo.endpoint, stateDir);
const tableName = Object.values(app.tableNames)[0];
if (!inMemory && (await holdsOlderModel(dataClient, tableName))) {
  if (empty) {
    console.log(
      `WARNING: ${path.relative(process.cwd(), dataDir)} holds predictions or standings of the data model before boards and entries: scored events show no leaderboard and seasons no standings (start without --empty to load the demo season again, or delete the folder)`,
    );
  } else {
    console.log(
      'the database holds the demo season of the data model before boards and entries (predictions and standings in the index): emptying the table to load it again...',
    );
    console.log(`deleted ${await clearTable(dataClient, tableName)} items`);
  }
}
if (schedulesFile) {
  const rebuilt = await rebuildReminderSchedules(app, dataClient, tableName);
  if (rebuilt > 0) console.log(`reminders: the schedules of ${rebuilt} upcoming events placed again from the table`);
}
dataClient.destroy();
// The demo load's requests are not logged one by one (hundreds of lines before the banner) unless --verbose.
const quietUnlessVerbose = verbose ? <T>(work: () => Promise<T>) => work() : withoutInfoLines;
// The web app is built (when stale) beside the demo load: the build is another process.
const appBuilt = ensureAppBuilt((line) => console.log(line));
appBuilt.catch(() => {});
if (!empty && (await quietUnlessVerbose(holdsNoEvent))) {
  console.log('loading the demo season through the API...');
  const started = performance.now();
  const loaded = await quietUnlessVerbose(() => loadDemoData(app!));
  console.log(
    `demo season loaded in ${((performance.now() - started) / 1000).toFixed(1)} s: ${loaded.events} events, ${loaded.players} players, ${loaded.predictions} predictions (${loaded.requests} requests${verbose ? '' : '; --verbose logs each'})`,
  );
}

async function holdsNoEvent(): Promise<boolean> {
  const { events } = await graphqlData<{ events: { items: unknown[] } }>(
    app!.url,
    adminToken,
    '{ events(limit: 1) { items { id } } }',
  );
  return events.items.length === 0;
}

const consoleAdminFile = path.join(repoRoot, CONSOLE_ADMIN_CREDENTIALS_FILE);
writeSigningCredentials(
  consoleAdminFile,
  app.groupPrincipals.find((p) => p.grant.name === consoleAdmin.name)!.principal,
);

const outputs = localOutputs({
  apiUrl: app.url,
  authorizationTypes: app.authorizationTypes,
  apiKey: LOCAL_API_KEY,
  pool,
  userPoolEndpoint: cognito.endpoint,
  usernameAttributes: [usernameAttribute],
  groups,
});
const written = writeOutputs(outputs, outputDirs);
await appBuilt;
const webApp = await serveApp({ host, port: appPort, outputs });
appUrl = webApp.url.replace(/\/+$/, '');

const everywhere = host !== '127.0.0.1' && host !== 'localhost' && host !== '::1';
console.log(`
App: ${webApp.url}
Pick'Em API (local AppSync) ready at ${app.url}
  GraphQL explorer: ${app.explorerUrl}
  Subscriptions:    ${app.realtimeUrl} (TLS from the local CA ${path.relative(process.cwd(), app.caPath)}; for Node: NODE_EXTRA_CA_CERTS=${app.caPath})
  User pool:        ${cognito.endpoint} (${pool.userPoolId}, app client ${pool.clientId}; ${inMemory ? 'in memory' : `data in ${path.relative(process.cwd(), poolDir)}`})
  DynamoDB Local:   ${dynamo.endpoint} (${inMemory ? 'in memory' : `data in ${path.relative(process.cwd(), dataDir)}`}${empty ? ', demo season not loaded' : ''})
  Outbox:           ${app.services!.outboxUrl} (every email sent: reminders, sign-up and reset codes; files in ${path.relative(process.cwd(), outboxDir)})
  Hot reload:       ${watch ? 'on (resolvers, what they import, schema.graphql, the wiring)' : 'off'}
  App config:       ${written.map((f) => path.relative(process.cwd(), f)).join(', ')}
  Console admin:    AWS_IAM credentials in ${path.relative(process.cwd(), consoleAdminFile)} (new each start): npm run --silent iam-call -- '<graphql>', or the explorer's "AWS_IAM (${consoleAdmin.label})"

Sign in (USER_PASSWORD_AUTH) as ${demoEmail(DEMO_ADMIN)} (group admin) or ${demoEmail(demoUsername(0))} ... ${demoEmail(demoUsername(localUserPool.users.length - 2))}, password ${DEMO_PASSWORD}
${everywhere ? `\nWARNING: listening on ${host}: the API and the user pool are reachable from other machines. Any demo user can sign in with the documented password (the user pool's admin actions still need a signature with .local/dynamodb-credentials.json).\n` : ''}
Authorization header for the demo player (${demoUsername(0)}):
${app.tokenFor(demoUsername(0))}

Authorization header for the demo admin (${DEMO_ADMIN}, group admin):
${adminToken}

More tokens: npm run --silent token -- <username> [--group admin]
Ctrl-C stops.`);

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: stopping...`);
  await webApp.close();
  await app!.close();
  await cognito.close();
  await dynamo.stop();
  if (inMemory) rmSync(poolDir, { recursive: true, force: true });
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
