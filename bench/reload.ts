/**
 * Save-to-served time of hot reload: the project's schema and wiring, its resolvers copied to a temporary
 * folder (the repository is never written), one local API watching them. Two edits, each run writing a
 * new marker and polling the endpoint until the marker is served:
 *   - resolver: Query.events.ts answers the marker as `events.nextToken` on an empty table;
 *   - library: domain/entities/event.ts, imported by most resolvers and functions (all of them
 *     are rebundled), maps an event's name to the marker.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { repoRoot } from '../project.ts';
import { graphqlData, startLocalAppSync } from 'appsync-local';
import type { ApiWiring } from 'appsync-cloud';
import { wiring } from '../amplify/data/wiring.ts';
import { throwawayAppSyncOptions } from '../scripts/local-appsync-options.ts';
import { ADMIN_GROUP } from '@pickem/domain/groups';

export interface ReloadTimes {
  runs: number;
  minMs: number;
  medianMs: number;
  maxMs: number;
}

export type ReloadEdit = 'resolver' | 'library';

type Query = (query: string) => Promise<Record<string, { items?: { name: string }[]; nextToken: string | null }>>;

const EDITS: Record<
  ReloadEdit,
  { file: string; original: string; edited: (marker: string) => string; served: (query: Query) => Promise<unknown> }
> = {
  resolver: {
    file: 'resolvers/Query.events.ts',
    original: 'nextToken: ctx.result.nextToken ?? null',
    edited: (marker) => `nextToken: ctx.result.nextToken ?? '${marker}'`,
    served: async (query) => (await query('{ events(limit: 1) { nextToken } }')).events.nextToken,
  },
  library: {
    file: 'domain/entities/event.ts',
    original: 'name: item.name,',
    edited: (marker) => `name: '${marker}',`,
    served: async (query) => (await query('{ events(limit: 1) { items { name } nextToken } }')).events.items?.[0]?.name,
  },
};

export async function benchReload(
  dynamoEndpoint: string,
  runs = 10,
  edit: ReloadEdit = 'resolver',
): Promise<ReloadTimes> {
  const { file, original: anchor, edited, served: servedBy } = EDITS[edit];
  const dir = mkdtempSync(path.join(tmpdir(), 'pickem-bench-reload-'));
  cpSync(path.join(repoRoot, 'resolvers'), path.join(dir, 'resolvers'), { recursive: true });
  const copy = (source: string) => path.join(dir, source);
  const copied: ApiWiring = {
    ...wiring,
    resolvers: wiring.resolvers.map((r) => ({ ...r, code: copy(r.code) })),
    functions: wiring.functions.map((f) => ({ ...f, code: copy(f.code) })),
  };
  const original = readFileSync(copy(file), 'utf8');
  if (!original.includes(anchor)) throw new Error(`${file} no longer contains "${anchor}"; update bench/reload.ts`);
  const app = await startLocalAppSync(
    throwawayAppSyncOptions('reload', dynamoEndpoint, { wiring: copied, watch: { log: () => {} } }),
  );
  const token = app.tokenFor('bench');
  const served = () => servedBy((query) => graphqlData(app.url, token, query));
  const times: number[] = [];
  try {
    if (edit === 'library') {
      const admin = app.tokenFor('bench-admin', [ADMIN_GROUP]);
      const input = { name: 'Reload Bench', date: '2025-01-01', startsAt: '2025-01-01T20:00:00Z' };
      await graphqlData(app.url, admin, 'mutation($input: CreateEventInput!) { createEvent(input: $input) { id } }', {
        input,
      });
    }
    for (let run = 0; run < runs; run += 1) {
      const marker = `reload-${run}`;
      const started = performance.now();
      writeFileSync(copy(file), original.replace(anchor, edited(marker)));
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
