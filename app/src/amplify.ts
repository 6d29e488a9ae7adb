/**
 * Configures Amplify from the amplify_outputs.json beside the page: a deployed backend's, or the one
 * `npm start` writes for the local stack. It is read at run time, so one build serves both.
 */
import { configureAmplify as configureFromOutputs, type AmplifyOutputs } from '@pickem/client/configure';

export function configureAmplify(outputs: AmplifyOutputs): void {
  configureFromOutputs(outputs);
  const url = (outputs as { data?: { url?: string } }).data?.url;
  if (url?.startsWith('http://')) followPlainHttp(new URL(url));
}

/**
 * The Amplify client always opens the real-time endpoint as wss://. The local API serves GraphQL over
 * plain http:// and its real-time endpoint as ws:// too, on the same port, so when data.url is plain
 * http:// (only ever the local stack: AppSync is https://), sockets to that host and port go over ws://
 * like the requests do, and the browser needs no local CA. A cloud outputs file never gets here.
 */
function followPlainHttp(api: URL): void {
  const Native = globalThis.WebSocket;
  const secure = `wss://${api.host}/`;
  globalThis.WebSocket = class extends Native {
    constructor(url: string | URL, protocols?: string | string[]) {
      const text = String(url);
      super(text.startsWith(secure) ? `ws://${text.slice('wss://'.length)}` : text, protocols);
    }
  };
}

/** The outputs beside the app's index.html (copied there by `npm start` or by the Amplify Hosting build). */
export async function loadOutputs(): Promise<AmplifyOutputs> {
  const res = await fetch('/amplify_outputs.json', { cache: 'no-store' });
  if (!res.ok) throw new Error(`amplify_outputs.json: HTTP ${res.status}`);
  return (await res.json()) as AmplifyOutputs;
}
