/**
 * The project's options for appsync-local's startLocalAppSync, written once: `npm start`, the tests and
 * the benchmarks add only what differs (ports, key folder, services, logs).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { LocalAppSyncOptions } from 'appsync-local';
import { wiring } from '../amplify/data/wiring.ts';
import { buildDir, repoRoot, stateDir } from '../project.ts';

/**
 * The local API key: the schema's @aws_api_key fields (leaguePreview, for an invite link opened signed
 * out) are what it reaches. Not a secret: on AWS too the key ships in every client's amplify_outputs.json.
 */
export const LOCAL_API_KEY = 'da2-local-pickem-guest';

type ProjectFields = 'root' | 'buildDir' | 'stateDir' | 'schemaPath' | 'wiring';

/** Where this project's resolver code is and where a start keeps what it made of it (prepareResolvers' input). */
export const projectCode = { root: repoRoot, stateDir, wiring };

/** This project's schema, wiring and folders, with `options` for the rest (or another wiring, as the reload benchmark's copy). */
export function projectAppSyncOptions(
  options: Omit<LocalAppSyncOptions, ProjectFields> & Partial<Pick<LocalAppSyncOptions, 'wiring'>>,
): LocalAppSyncOptions {
  return {
    ...projectCode,
    buildDir,
    schemaPath: 'schema.graphql',
    apiKeys: [LOCAL_API_KEY],
    ...options,
  };
}

/**
 * A throwaway API for a test or a benchmark, beside others on one DynamoDB Local: its own table
 * (`<name>-<label>-<random>`), a free port and a signing key of its own in a temporary folder;
 * `options` add to these or replace them.
 */
export function throwawayAppSyncOptions(
  label: string,
  dynamoEndpoint: string,
  options: Partial<LocalAppSyncOptions> = {},
): LocalAppSyncOptions {
  const suffix = randomBytes(4).toString('hex');
  return projectAppSyncOptions({
    dynamoEndpoint,
    tableName: (table) => `${table.name}-${label}-${suffix}`,
    port: 0,
    keyDir: mkdtempSync(path.join(tmpdir(), `pickem-${label}-key-`)),
    ...options,
  });
}
