/**
 * Configures Amplify from an amplify_outputs.json: a deployed backend's, or the one `npm start` writes
 * for the local stack. Both are read at run time from ./amplify_outputs.json, so one build serves both.
 */
import { Amplify, type ResourcesConfig } from 'aws-amplify';

export type Outputs = Parameters<typeof Amplify.configure>[0];

export function configureAmplify(outputs: Outputs): void {
  Amplify.configure(outputs);
  // The local user pool (npm start) has an endpoint of its own, under `custom`; a cloud outputs file has no `custom`.
  const { custom } = outputs as { custom?: { user_pool_endpoint?: string } };
  if (custom?.user_pool_endpoint) {
    const config = Amplify.getConfig();
    Amplify.configure({ ...config, Auth: { Cognito: { ...config.Auth!.Cognito, userPoolEndpoint: custom.user_pool_endpoint } } } as ResourcesConfig);
  }
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

/** The outputs beside the app's page (copied there by `npm start` or by the Amplify Hosting build). */
export async function loadOutputs(): Promise<Outputs> {
  const res = await fetch('./amplify_outputs.json', { cache: 'no-store' });
  if (!res.ok) throw new Error(`amplify_outputs.json: HTTP ${res.status}`);
  return (await res.json()) as Outputs;
}
