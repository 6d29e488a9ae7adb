/**
 * `npm run bench`: every benchmark in one run on one in-memory DynamoDB Local.
 *   - local-runtime overhead (p50 over HTTP vs straight to DynamoDB Local, and vs Amplify's AppSync
 *     simulator, installed into bench/peer/ on first use; `--peer off` leaves it out);
 *   - each screen's cost at 10, 1,000 and 10,000 players, with the seed design's event card as reference;
 *   - scoring throughput at 1,000 and 10,000 predictions;
 *   - hot reload: from saving a resolver, or a library file most resolvers import, to the new version being served.
 *   - live updates with 1,000 open subscriptions on one BROADCAST event, at 1,000 and 10,000 predictions:
 *     RESULT delivery and LEADERBOARD lag after each result entered, items written per pass (bench/live.ts);
 *   - scale: a 100,000-prediction event scored final, corrected and scored again, with its modeled AWS
 *     cost per partition key value and a check against a computation from scratch (bench/scale.ts).
 * `npm run --silent bench -- --json` prints one JSON object a line instead of tables.
 * `--players 10,1000`, `--skip latency,screens,scoring,reload,live` and `--only reload` narrow a run;
 * `--live-predictions 1000` narrows the live section, `--scale-predictions 10000` sizes the scale one;
 * The live and scale events have 10 questions that every prediction answers (bench/questions.ts; issue
 * 42), `--questions off` for none. `--rules on|off`: every scoring rule on (scripts/demo/rules.ts
 * EVERY_RULE_ON) or off; on by default for scale (issue 42's configuration: every rule and 10
 * questions), off for live (its lag target's).
 */
import { startDynamoDbLocal, createDynamoDbClient } from 'appsync-local';
import { benchLatency } from './latency.ts';
import { benchReload } from './reload.ts';
import { benchScreens } from './screens.ts';
import type { ScreenCost } from './measure-screen.ts';
import { benchSeedEventCard } from './seed-reference.ts';
import { benchScoring } from './scoring.ts';
import { LIVE_DEFAULTS, benchLive, describeLive } from './live.ts';
import { benchScale } from './scale.ts';
import { startBenchTarget } from './target.ts';
import { stateDir } from '../project.ts';

function option(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}
const json = process.argv.includes('--json');
const players = (option('--players') ?? '10,1000,10000').split(',').map(Number);
const sections = ['latency', 'screens', 'scoring', 'reload', 'live', 'scale'];
const only = option('--only')?.split(',');
const skip = new Set(
  only ? sections.filter((s) => !only.includes(s)) : (option('--skip') ?? '').split(',').filter(Boolean),
);
const questions = option('--questions') !== 'off';
const print = (line: Record<string, unknown>) => json && console.log(JSON.stringify(line));
const say = (text: string) => !json && console.log(text);

const dynamo = await startDynamoDbLocal({ stateDir: stateDir, inMemory: true, port: 8600 });
try {
  if (!skip.has('latency')) {
    const target = await startBenchTarget(dynamo.endpoint);
    const latency = await benchLatency(target, 400, option('--peer') !== 'off');
    await target.close();
    print({ ...latency });
    say(
      `local-runtime overhead, Query.events (${latency.itemsReturned} events) over HTTP vs the same Query straight to DynamoDB Local (${latency.samples} samples each):`,
    );
    say(
      `  p50 API ${latency.apiP50Ms.toFixed(2)} ms, direct (AWS SDK) ${latency.directP50Ms.toFixed(2)} ms, ratio ${latency.ratio.toFixed(2)}x`,
    );
    say(
      `  the same Query by the runtime's own DynamoDB calls ${latency.wireP50Ms.toFixed(2)} ms: the runtime's own work ${latency.ownWorkMs.toFixed(2)} ms a request`,
    );
    if (latency.peerP50Ms !== undefined && latency.ofPeer !== undefined)
      say(
        `  Amplify's AppSync simulator (VTL resolver, same table) ${latency.peerP50Ms.toFixed(2)} ms: the API takes ${latency.ofPeer.toFixed(2)} of its time`,
      );
    say(`  CPU of the runtime and this client: ${latency.apiCpuMsPerRequest.toFixed(3)} ms an API request\n`);
  }

  if (!skip.has('screens')) {
    const rows: ScreenCost[] = [];
    const client = createDynamoDbClient(dynamo.endpoint, stateDir);
    for (const n of players) {
      const target = await startBenchTarget(dynamo.endpoint);
      rows.push(...(await benchScreens(target, n)));
      await target.close();
      rows.push(await benchSeedEventCard(client, n));
      for (const row of rows.filter((r) => r.players === n)) print({ ...row });
    }
    client.destroy();
    say(
      'screen cost per request of the screen (eventually consistent reads; the league screens on a league of min(players, 30) members, the caller in 10 leagues):',
    );
    say(
      `  ${'screen'.padEnd(22)}${'players'.padStart(8)}${'requests'.padStart(10)}${'RCU'.padStart(9)}${'read'.padStart(8)}${'returned'.padStart(10)}`,
    );
    for (const r of rows) {
      say(
        `  ${r.screen.padEnd(22)}${String(r.players).padStart(8)}${String(r.requests).padStart(10)}${r.rcu.toFixed(1).padStart(9)}${String(r.itemsRead).padStart(8)}${String(r.itemsReturned).padStart(10)}`,
      );
    }
    say('');
  }

  if (!skip.has('scoring')) {
    const scoring = await benchScoring({ endpoint: dynamo.endpoint, predictions: [1000, 10000] });
    say(
      "scoring throughput (first scoring of an event; each player's prediction and standing written in one transaction):",
    );
    for (const s of scoring) {
      print({ benchmark: 'scoring', ...s });
      say(
        `  ${String(s.predictions).padStart(6)} predictions: ${s.seconds.toFixed(1)} s, ${s.predictionsPerSecond.toFixed(0)} predictions/s, WCU ${s.wcu.toFixed(0)} as DynamoDB Local reports it, ${s.wcuEstimate.toFixed(0)} by item size`,
      );
      say(
        `         plain-batch ceiling ${s.ceilingPredictionsPerSecond.toFixed(0)} predictions/s (${s.ceilingSeconds.toFixed(1)} s): scoring at ${(100 * s.ofCeiling).toFixed(0)}% of it; re-score after one corrected result ${s.rescoreSeconds.toFixed(1)} s`,
      );
      say(
        `         the reads any exact scoring makes first (the event's predictions, the players' standings), timed alone: ${s.readsSeconds.toFixed(1)} s`,
      );
    }
  }

  if (!skip.has('reload')) {
    for (const edit of ['resolver', 'library'] as const) {
      const reload = await benchReload(dynamo.endpoint, 10, edit);
      print({ benchmark: 'reload', edit, ...reload });
      say(
        `hot reload, save of ${edit === 'resolver' ? 'a resolver' : 'a library file every resolver imports'} to its new version served (${reload.runs} runs):`,
      );
      say(
        `  min ${reload.minMs.toFixed(0)} ms, median ${reload.medianMs.toFixed(0)} ms, max ${reload.maxMs.toFixed(0)} ms`,
      );
    }
  }

  if (!skip.has('live')) {
    for (const predictions of (option('--live-predictions') ?? '1000,10000').split(',').map(Number)) {
      const live = await benchLive(dynamo.endpoint, {
        ...LIVE_DEFAULTS,
        predictions,
        rules: option('--rules') === 'on',
        questions,
      });
      print({ benchmark: 'live', ...live });
      for (const line of describeLive(live)) say(line);
    }
  }

  if (!skip.has('scale')) {
    const scale = await benchScale(dynamo.endpoint, Number(option('--scale-predictions') ?? 100_000), {
      rules: option('--rules') !== 'off',
      questions,
    });
    print({ ...scale });
    say(
      `scale, ${scale.predictions} predictions in two seasons (rules ${scale.rules ? 'on' : 'off'}, questions ${scale.questions ? 'on' : 'off'}): final scoring ${scale.finalSeconds.toFixed(1)} s, re-score after one correction ${scale.rescoreSeconds.toFixed(1)} s, exact: ${scale.exact}`,
    );
    say(
      `  modeled on AWS: ${scale.wcuPerPrediction.toFixed(2)} WCU a prediction; busiest key ${scale.hottestKey} ${scale.hottestKeyWcu.toFixed(0)} WCU + ${scale.hottestKeyRcu.toFixed(0)} RCU = ${scale.modeledAwsSeconds.toFixed(1)} s at its per-partition limits`,
    );
  }
} finally {
  await dynamo.stop();
}
