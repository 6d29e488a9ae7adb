/**
 * `npx tsx bench/chat.ts`: league chat (issue 43) on a fresh local API over an in-memory DynamoDB Local.
 *   - delivery: a league of 30 members, each with an open onLeagueMessage subscription (a WebSocket each,
 *     in a child process: bench/realtime-load.ts); members post in turn; from each post sent to its
 *     arrival on every member's socket (p50, p99), and nothing missed or doubled;
 *   - load: `--leagues` leagues each posting once a second for `--seconds` (open loop: each league's
 *     posts are due on its own second, whatever the answers), members posting in turn within the rate
 *     limit; each post's response time (p50, p99), the refusals, and afterwards every league's chat
 *     read back, so a post answered but not stored counts as lost.
 * `--json` prints one JSON line a section. The full load (10,000 leagues for 60 s) is
 * `--leagues 10000 --seconds 60`; the defaults are a tenth of the leagues for a sixth of the time.
 */
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { graphqlData, startDynamoDbLocal } from 'appsync-local';
import { CHAT_LIMIT } from '@pickem/domain/limits';
import { stateDir } from '../project.ts';
import { benchPlayer } from './fixture.ts';
import { percentile } from './live.ts';
import { openSubscriptions, wallNow } from './realtime-load.ts';
import { startBenchTarget, type BenchTarget } from './target.ts';

function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(name);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}
const json = process.argv.includes('--json');
const DELIVERY_MEMBERS = option('--members', 30);
const DELIVERY_POSTS = option('--posts', 60);
const LEAGUES = option('--leagues', 1000);
const SECONDS = option('--seconds', 10);
/** Members a loaded league needs so that one post a second stays within each member's rate limit. */
const LOAD_MEMBERS = Math.ceil(60 / CHAT_LIMIT.perMinute) + 1;
const SEASON = '2036';

const MESSAGE = 'id leagueId userId displayName text createdAt kind removed';
const OPS = {
  create: 'mutation($i: CreateLeagueInput!) { createLeague(input: $i) { id inviteCode } }',
  join: 'mutation($c: String!) { joinLeague(code: $c) { id } }',
  // A subscriber gets the fields the mutation selected (as on AppSync): the post selects what the app shows.
  post: `mutation($l: ID!, $t: String!) { postLeagueMessage(leagueId: $l, text: $t) { ${MESSAGE} } }`,
  page: 'query($l: ID!, $n: Int, $t: String) { league(leagueId: $l) { messages(limit: $n, nextToken: $t) { items { id text } nextToken } } }',
  live: `subscription($l: ID!) { onLeagueMessage(leagueId: $l) { ${MESSAGE} } }`,
};

/** Runs `task` over `items`, `width` at a time. */
async function inParallel<T>(items: T[], width: number, task: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await task(items[next++]);
  };
  await Promise.all(Array.from({ length: width }, worker));
}

/** A league of `members` bench players (player `first` its commissioner); its id. */
async function league(target: BenchTarget, first: number, members: number): Promise<string> {
  const token = (i: number) => target.tokenFor(benchPlayer(first + i));
  const { createLeague } = await graphqlData<{ createLeague: { id: string; inviteCode: string } }>(
    target.url,
    token(0),
    OPS.create,
    { i: { name: `Chat ${first}`, seasonId: SEASON } },
  );
  for (let i = 1; i < members; i += 1)
    await graphqlData(target.url, token(i), OPS.join, { c: createLeague.inviteCode });
  return createLeague.id;
}

async function delivery(target: BenchTarget) {
  const leagueId = await league(target, 0, DELIVERY_MEMBERS);
  const load = await openSubscriptions({
    realtimeUrl: target.app.realtimeUrl,
    ca: readFileSync(target.app.caPath, 'utf8'),
    tokens: Array.from({ length: DELIVERY_MEMBERS }, (_, i) => target.tokenFor(benchPlayer(i))),
    subscriptionsPerConnection: 1,
    query: OPS.live,
    variables: { l: leagueId },
    timeoutMs: 60_000,
  });
  try {
    const sentAt = new Map<string, number>();
    for (let p = 0; p < DELIVERY_POSTS; p += 1) {
      const text = `post ${p}`;
      sentAt.set(text, wallNow());
      await graphqlData(target.url, target.tokenFor(benchPlayer(p % DELIVERY_MEMBERS)), OPS.post, {
        l: leagueId,
        t: text,
      });
      await load.waitForData(DELIVERY_MEMBERS, 10_000);
    }
    const { arrivals, unexpected } = await load.take();
    const latencies: number[] = [];
    const seen = new Set<string>();
    let doubled = 0;
    for (const { at, id, message } of arrivals) {
      const text = (message.payload?.data as { onLeagueMessage: { text: string } }).onLeagueMessage.text;
      const key = `${id} ${text}`;
      if (seen.has(key)) doubled += 1;
      seen.add(key);
      latencies.push(at - sentAt.get(text)!);
    }
    return {
      section: 'chat-delivery',
      members: DELIVERY_MEMBERS,
      posts: DELIVERY_POSTS,
      arrivals: arrivals.length,
      missed: DELIVERY_MEMBERS * DELIVERY_POSTS - seen.size,
      doubled,
      unexpected: unexpected.length,
      deliveryMsP50: percentile(latencies, 50),
      deliveryMsP99: percentile(latencies, 99),
    };
  } finally {
    load.close();
  }
}

async function postLoad(target: BenchTarget) {
  const setupStarted = Date.now();
  const leagues: string[] = new Array(LEAGUES);
  const firstPlayer = DELIVERY_MEMBERS;
  await inParallel(
    Array.from({ length: LEAGUES }, (_, l) => l),
    16,
    async (l) => {
      leagues[l] = await league(target, firstPlayer + l * LOAD_MEMBERS, LOAD_MEMBERS);
    },
  );
  const setupMs = Date.now() - setupStarted;

  const latencies: number[] = [];
  const refused = new Map<string, number>();
  let late = 0;
  const started = wallNow() + 1000;
  const posts: Promise<void>[] = [];
  for (let s = 0; s < SECONDS; s += 1) {
    for (let l = 0; l < LEAGUES; l += 1) {
      // Each league's post is due at its own offset within the second.
      const due = started + s * 1000 + (l / LEAGUES) * 1000;
      const wait = due - wallNow();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      else if (wait < -1000) late += 1;
      const sent = wallNow();
      const token = target.tokenFor(benchPlayer(firstPlayer + l * LOAD_MEMBERS + (s % LOAD_MEMBERS)));
      posts.push(
        graphqlData(target.url, token, OPS.post, { l: leagues[l], t: `second ${s}` }).then(
          () => void latencies.push(wallNow() - sent),
          (error: Error) => void refused.set(error.message, (refused.get(error.message) ?? 0) + 1),
        ),
      );
    }
  }
  await Promise.all(posts);
  const elapsedMs = wallNow() - started;
  await target.app.settled();

  let lost = 0;
  // Read back as each league's commissioner (a member of that league only).
  await inParallel(
    leagues.map((leagueId, l) => ({ leagueId, l })),
    16,
    async ({ leagueId, l }) => {
      const { league: read } = await graphqlData<{ league: { messages: { items: unknown[] } } }>(
        target.url,
        target.tokenFor(benchPlayer(firstPlayer + l * LOAD_MEMBERS)),
        OPS.page,
        { l: leagueId, n: 100 },
      );
      lost += Math.max(0, Math.min(SECONDS, 100) - read.messages.items.length);
    },
  );
  return {
    section: 'chat-load',
    leagues: LEAGUES,
    seconds: SECONDS,
    posts: LEAGUES * SECONDS,
    answered: latencies.length,
    refused: Object.fromEntries(refused),
    lost,
    lateStarts: late,
    postsPerSecond: Math.round((latencies.length / elapsedMs) * 1000),
    postMsP50: percentile(latencies, 50),
    postMsP99: percentile(latencies, 99),
    setupMs,
    cores: os.cpus().length,
    loadAverage1m: os.loadavg()[0],
  };
}

const dynamo = await startDynamoDbLocal({ stateDir, inMemory: true, port: 8620 });
try {
  const target = await startBenchTarget(dynamo.endpoint);
  try {
    for (const run of [delivery, postLoad]) {
      const row = await run(target);
      if (json) console.log(JSON.stringify(row));
      else console.log(row);
    }
  } finally {
    await target.close();
  }
} finally {
  await dynamo.stop();
}
