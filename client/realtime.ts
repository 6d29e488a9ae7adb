/**
 * Live updates from the local stack without its CA. The Amplify client always opens the real-time
 * endpoint as wss://. The local API serves GraphQL over plain http:// and its real-time endpoint as
 * ws:// too, on the same port, so when data.url is plain http:// (only ever the local stack: AppSync is
 * https://), sockets to that host and port go over ws:// like the requests do. A cloud outputs file
 * changes nothing. The global WebSocket is the browser's, React Native's or Node's.
 */
export function followPlainHttp(outputs: unknown): void {
  const url = (outputs as { data?: { url?: string } }).data?.url;
  if (!url?.startsWith('http://')) return;
  const Native = globalThis.WebSocket;
  const secure = `wss://${new URL(url).host}/`;
  globalThis.WebSocket = class extends Native {
    constructor(address: string | URL, protocols?: string | string[]) {
      const text = String(address);
      super(text.startsWith(secure) ? `ws://${text.slice('wss://'.length)}` : text, protocols);
    }
  };
}
