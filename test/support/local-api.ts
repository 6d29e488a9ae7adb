/** Starts the whole local API (the project's schema and wiring) for a test file, on a fresh table. */
import {
  graphqlData,
  graphqlRequest,
  startLocalAppSync,
  type LocalAppSync,
  type LocalAppSyncOptions,
} from 'appsync-local';
import { dynamoEndpoint } from 'appsync-local/testing';
import { throwawayAppSyncOptions } from '../../scripts/local-appsync-options.ts';

export interface TestApi {
  app: LocalAppSync;
  /** Physical name of the Pick'Em table. */
  tableName: string;
  token(username: string, groups?: string[]): string;
  /** Data of an operation run as `username` (null: no token); rejects on any error. */
  data<T = any>(
    username: string | null,
    query: string,
    variables?: Record<string, unknown>,
    groups?: string[],
  ): Promise<T>;
  /** The whole response, errors included. */
  request<T = any>(
    username: string | null,
    query: string,
    variables?: Record<string, unknown>,
    groups?: string[],
  ): ReturnType<typeof graphqlRequest<T>>;
  close(): Promise<void>;
}

export async function startTestApi(extra: Partial<LocalAppSyncOptions> = {}): Promise<TestApi> {
  const app = await startLocalAppSync(throwawayAppSyncOptions('test', dynamoEndpoint(), extra));
  const token = (username: string, groups: string[] = []) => app.tokenFor(username, groups);
  const auth = (username: string | null, groups?: string[]) => (username === null ? null : token(username, groups));
  return {
    app,
    tableName: Object.values(app.tableNames)[0],
    token,
    data: (username, query, variables = {}, groups) => graphqlData(app.url, auth(username, groups), query, variables),
    request: (username, query, variables = {}, groups) =>
      graphqlRequest(app.url, auth(username, groups), query, variables),
    close: () => app.close(),
  };
}
