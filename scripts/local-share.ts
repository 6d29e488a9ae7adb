/**
 * What `npm start` and the tests give the local runtime for share cards: the share-card function behind
 * a local function URL, and its address as the API's SHARE_URL, as amplify/backend.ts gives them in
 * the cloud. Added to other local function options (the reminders'), whose functions it keeps.
 */
import type { LocalAppSyncOptions } from 'appsync-local';
import { shareCardFunction } from '../amplify/data/wiring.ts';

type FunctionOptions = Pick<LocalAppSyncOptions, 'functionUrls' | 'functionEnvironment' | 'apiEnvironment'>;

export function withShareCard(base: FunctionOptions, appUrl: string | (() => string)): FunctionOptions {
  const urlOf = (functionUrls: Record<string, string>) => functionUrls[shareCardFunction.name] ?? '';
  return {
    functionUrls: [...(base.functionUrls ?? []), shareCardFunction],
    functionEnvironment: (local) => ({
      ...base.functionEnvironment?.(local),
      [shareCardFunction.name]: {
        SHARE_URL: urlOf(local.functionUrls),
        APP_URL: typeof appUrl === 'function' ? appUrl() : appUrl,
      },
    }),
    apiEnvironment: (local) => ({ ...base.apiEnvironment?.(local), SHARE_URL: urlOf(local.functionUrls) }),
  };
}
