/**
 * The latency bench's peer: Amplify's AppSync simulator (`@aws-amplify/amplify-appsync-simulator`, pinned
 * in bench/peer/package.json) serving the same schema, with a VTL resolver for the same `Query.events`
 * on the same DynamoDB Local table. It is about 370 packages, so it is not in the root install: the
 * first run that asks for it installs bench/peer/ from its lock file (`npm ci`).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { EVENT } from '@pickem/domain/entities/event';
import { keyCondition } from '@pickem/domain/entities/access';
import { ADMIN_GROUP } from '@pickem/domain/groups';
import { DEFAULT_PAGE_SIZE } from '@pickem/domain/limits';

const PEER_DIR = fileURLToPath(new URL('./peer/', import.meta.url));
const SIMULATOR = '@aws-amplify/amplify-appsync-simulator';
const SCHEMA = fileURLToPath(new URL('../schema.graphql', import.meta.url));
const DATA_SOURCE = 'table';

export interface Peer {
  url: string;
  stop(): Promise<void>;
}

/**
 * The part of the simulator's API used here (its own typings live in bench/peer/, which the root's
 * type check must not need).
 */
interface SimulatorModule {
  AmplifyAppSyncSimulator: new (config: { port: number; wsPort: number }) => {
    init(config: Record<string, unknown>): void;
    start(): Promise<void>;
    stop(): Promise<void>;
    readonly localhostUrl: string;
  };
}

/** The simulator's module, installed into bench/peer/ first if it is not there yet. */
function loadSimulator(): SimulatorModule {
  const require = createRequire(PEER_DIR);
  if (!existsSync(`${PEER_DIR}node_modules/${SIMULATOR}/package.json`)) {
    console.error(`Installing the latency peer (${SIMULATOR}) into bench/peer/ once...`);
    execFileSync('npm', ['ci', '--prefix', PEER_DIR, '--ignore-scripts', '--no-audit', '--no-fund'], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  }
  return require(SIMULATOR) as SimulatorModule;
}

/** Query.events as a VTL resolver: the resolver's one Query, then a player's page without the empty cards. */
function eventsTemplates() {
  const pattern = EVENT.list();
  const condition = keyCondition(pattern);
  const values = Object.fromEntries(Object.entries(condition.values).map(([k, v]) => [k, { S: v }]));
  const request = `{
  "version": "2018-05-29",
  "operation": "Query",
  "index": "${pattern.index}",
  "query": {
    "expression": ${JSON.stringify(condition.expression)},
    "expressionNames": ${JSON.stringify(condition.names)},
    "expressionValues": ${JSON.stringify(values)}
  },
  "scanIndexForward": ${pattern.forward},
  "limit": $util.defaultIfNull($ctx.args.limit, ${DEFAULT_PAGE_SIZE}),
  "nextToken": $util.toJson($util.defaultIfNullOrBlank($ctx.args.nextToken, null))
}`;
  const response = `#if($ctx.error)
  $util.error($ctx.error.message, $ctx.error.type)
#end
#set($groups = $util.defaultIfNull($ctx.identity.claims.get("cognito:groups"), []))
#set($admin = $groups.contains("${ADMIN_GROUP}"))
#set($items = [])
#foreach($item in $ctx.result.items)
  #if($admin || $item.matchOrder.size() > 0)
    $util.qr($items.add({
      "id": $item.id, "name": $item.name, "date": $item.date, "startsAt": $item.startsAt,
      "state": $item.state, "season": $item.season, "matchCount": $item.matchOrder.size()
    }))
  #end
#end
$util.toJson({ "items": $items, "nextToken": $ctx.result.nextToken })`;
  return { request, response };
}

/** Starts the simulator on a free port, its one data source on `tableName` of `client`'s DynamoDB Local. */
export async function startPeer(client: DynamoDBClient, endpoint: string, tableName: string): Promise<Peer> {
  const { AmplifyAppSyncSimulator } = loadSimulator();
  const templates = eventsTemplates();
  const simulator = new AmplifyAppSyncSimulator({ port: 0, wsPort: 0 });
  simulator.init({
    schema: { content: readFileSync(SCHEMA, 'utf8') },
    appSync: {
      name: 'pickem-peer',
      defaultAuthenticationType: {
        authenticationType: 'AMAZON_COGNITO_USER_POOLS',
        cognitoUserPoolConfig: {},
      },
      additionalAuthenticationProviders: [],
    },
    dataSources: [
      {
        name: DATA_SOURCE,
        type: 'AMAZON_DYNAMODB',
        config: { endpoint, tableName },
        // The same credentials and region as the runtime's: DynamoDB Local keeps a database per key and region.
        options: { region: await client.config.region(), credentials: await client.config.credentials() },
      },
    ],
    mappingTemplates: [
      { path: 'Query.events.req.vtl', content: templates.request },
      { path: 'Query.events.res.vtl', content: templates.response },
    ],
    resolvers: [
      {
        kind: 'UNIT',
        typeName: 'Query',
        fieldName: 'events',
        dataSourceName: DATA_SOURCE,
        requestMappingTemplateLocation: 'Query.events.req.vtl',
        responseMappingTemplateLocation: 'Query.events.res.vtl',
      },
    ],
  });
  await simulator.start();
  // `localhost` may be ::1 first; the runtime is asked on 127.0.0.1.
  return {
    url: `http://127.0.0.1:${new URL(simulator.localhostUrl).port}/graphql`,
    stop: () => simulator.stop(),
  };
}
