/**
 * Amplify from the amplify_outputs.json bundled at build time (mobile/amplify_outputs.json, or the file
 * PICKEM_OUTPUTS names: resolve.js): a deployed branch's, or the local stack's. Tokens are kept in
 * async-storage, Amplify's default storage in React Native.
 */
import { configureAmplify } from '@pickem/client/configure';
import { followPlainHttp } from '@pickem/client/realtime';
import outputs from '../amplify_outputs.json';

let configured = false;

export function configure(): void {
  if (configured) return;
  configured = true;
  configureAmplify(outputs);
  followPlainHttp(outputs); // the local stack's live updates over ws:// (a cloud file changes nothing)
}
