/**
 * `npm start`: DynamoDB Local + the local AppSync API on http://127.0.0.1:$PORT/graphql, with the demo
 * season loaded into an empty database, and resolver, schema and wiring changes reloaded as they are
 * saved. Options: `--in-memory` (a throwaway database), `--empty` (no demo season), `--no-watch`.
 */
import path from 'node:path';
import { repoRoot } from '../appsync/bundle.ts';
import { graphqlData } from '../appsync/local/client.ts';
import { startDynamoDbLocal, TableMismatchError } from '../appsync/local/dynamodb-local.ts';
import { startLocalAppSync } from '../appsync/local/start-local.ts';
import { wiring } from '../amplify/data/wiring.ts';
import { DEMO_ADMIN, demoUsername, loadDemoData } from './demo/load.ts';
import { ADMIN_GROUP } from '../resolvers/lib/caller.ts';

const DEFAULT_PORT = 4000;
const args = process.argv.slice(2);
const options = ['--in-memory', '--empty', '--no-watch'];
const unknown = args.filter((a) => !options.includes(a));
if (unknown.length > 0) {
  console.error(`unknown option ${unknown.join(' ')}\nusage: npm start [-- [--in-memory] [--empty] [--no-watch]]`);
  process.exit(2);
}
const inMemory = args.includes('--in-memory');
const empty = args.includes('--empty');
const watch = !args.includes('--no-watch');
const port = process.env.PORT ? Number(process.env.PORT) : DEFAULT_PORT;
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`PORT must be a port number; got "${process.env.PORT}"`);
  process.exit(2);
}

const localDir = path.join(repoRoot, '.local');
const dataDir = path.join(localDir, 'dynamodb');
const dynamo = await startDynamoDbLocal({ inMemory, dataDir });
let app;
try {
  app = await startLocalAppSync({
    schemaPath: 'schema.graphql',
    wiring,
    dynamoEndpoint: dynamo.endpoint,
    port,
    keyDir: localDir,
    log: (line) => console.log(line),
    watch: watch ? { wiringModule: { path: 'amplify/data/wiring.ts', exportName: 'wiring' }, log: (line) => console.log(line) } : undefined,
  });
} catch (err) {
  await dynamo.stop();
  if (err instanceof TableMismatchError) {
    console.error(`${err.message}\nIts data directory here is ${path.relative(process.cwd(), dataDir)} (deleting it also deletes the demo data, loaded again on the next start).`);
    process.exit(1);
  }
  throw err;
}

const adminToken = app.tokenFor(DEMO_ADMIN, [ADMIN_GROUP]);
if (!empty) {
  const { events } = await graphqlData<{ events: { items: unknown[] } }>(app.url, adminToken, '{ events(limit: 1) { items { id } } }');
  if (events.items.length === 0) {
    console.log('loading the demo season through the API...');
    const loaded = await loadDemoData(app);
    console.log(`demo season loaded: ${loaded.events} events, ${loaded.players} players, ${loaded.predictions} predictions`);
  }
}

console.log(`
Pick'Em API (local AppSync) ready at ${app.url}
  GraphQL explorer: ${app.explorerUrl}
  DynamoDB Local:   ${dynamo.endpoint} (${inMemory ? 'in memory' : `data in ${path.relative(process.cwd(), dataDir)}`}${empty ? ', demo season not loaded' : ''})
  Hot reload:       ${watch ? 'on (resolvers, what they import, schema.graphql, the wiring)' : 'off'}

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
  await app!.close();
  await dynamo.stop();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
