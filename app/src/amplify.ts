/**
 * Configures Amplify from the amplify_outputs.json beside the page: a deployed backend's, or the one
 * `npm start` writes for the local stack. It is read at run time, so one build serves both.
 */
import { configureAmplify as configureFromOutputs, type AmplifyOutputs } from '@pickem/client/configure';
import { followPlainHttp } from '@pickem/client/realtime';

export function configureAmplify(outputs: AmplifyOutputs): void {
  configureFromOutputs(outputs);
  followPlainHttp(outputs); // the local stack's live updates over ws://, without its CA
}

declare global {
  interface Window {
    /** index.html's request for the outputs, started before this script arrives. */
    pickemOutputs?: Promise<Response>;
  }
}

/** The outputs beside the app's index.html (copied there by `npm start` or by the Amplify Hosting build). */
export async function loadOutputs(): Promise<AmplifyOutputs> {
  const res = await (window.pickemOutputs ?? fetch('/amplify_outputs.json', { cache: 'no-store' }));
  if (!res.ok) throw new Error(`amplify_outputs.json: HTTP ${res.status}`);
  return (await res.json()) as AmplifyOutputs;
}
