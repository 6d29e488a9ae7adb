/**
 * Save-to-served time of hot reload: the project's schema and wiring, its resolvers copied to a temporary
 * folder (the repository is never written), one local API watching them. Each run rewrites the copy of
 * Query.events.ts so that `events.nextToken` on an empty table answers a new marker, then polls the
 * endpoint until the marker is served.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { repoRoot } from '../appsync/bundle.ts';
import { graphqlData } from '../appsync/local/client.ts';
import { startLocalAppSync } from '../appsync/local/start-local.ts';
import type { ApiWiring } from '../appsync/wiring.ts';
import { wiring } from '../amplify/data/wiring.ts';

export interface ReloadTimes {
  runs: number;
  minMs: number;
  medianMs: number;
  maxMs: number;
}

const EDITED = 'resolvers/Query.events.ts';
const ORIGINAL = 'nextToken: ctx.result.nextToken ?? null';

export async function benchReload(dynamoEndpoint: string, runs = 10): Promise<ReloadTimes> {
  const dir = mkdtempSync(path.join(tmpdir(), 'pickem-bench-reload-'));
  cpSync(path.join(repoRoot, 'resolvers'), path.join(dir, 'resolvers'), { recursive: true });
  const copy = (source: string) => path.join(dir, source);
  const copied: ApiWiring = {
    ...wiring,
    resolvers: wiring.resolvers.map((r) => ({ ...r, code: copy(r.code) })),
    functions: wiring.functions.map((f) => ({ ...f, code: copy(f.code) })),
  };
  const original = readFileSync(copy(EDITED), 'utf8');
  if (!original.includes(ORIGINAL)) throw new Error(`${EDITED} no longer contains "${ORIGINAL}"; update bench/reload.ts`);
  const suffix = randomBytes(4).toString('hex');
  const app = await startLocalAppSync({
    schemaPath: 'schema.graphql',
    wiring: copied,
    dynamoEndpoint,
    tableName: (table) => `${table.name}-reload-${suffix}`,
    port: 0,
    keyDir: mkdtempSync(path.join(tmpdir(), 'pickem-bench-key-')),
    watch: { log: () => {} },
  });
  const token = app.tokenFor('bench');
  const served = async () =>
    (await graphqlData<{ events: { nextToken: string | null } }>(app.url, token, '{ events(limit: 1) { nextToken } }')).events.nextToken;
  const times: number[] = [];
  try {
    for (let run = 0; run < runs; run += 1) {
      const marker = `reload-${run}`;
      const started = performance.now();
      writeFileSync(copy(EDITED), original.replace(ORIGINAL, `nextToken: ctx.result.nextToken ?? '${marker}'`));
      while ((await served()) !== marker) {
        if (performance.now() - started > 30_000) throw new Error(`run ${run}: not served after 30 s`);
      }
      times.push(performance.now() - started);
      // Let the watcher's own timers settle, so each run starts from a quiet server.
      await new Promise((r) => setTimeout(r, 200));
    }
  } finally {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  }
  const sorted = [...times].sort((a, b) => a - b);
  return { runs, minMs: sorted[0], medianMs: sorted[Math.floor(sorted.length / 2)], maxMs: sorted[sorted.length - 1] };
}
