/**
 * Hash routes (#/event/<id>, parsed by @pickem/client/route), so any static host serves every screen
 * from index.html. The one path route is the invite link, /join/<code>: the host serves index.html
 * there too (app-server.ts, and a rewrite on Amplify Hosting) and the app turns it into #/join/<code>
 * before it renders, so the route survives signing in.
 */
import { useSyncExternalStore } from 'react';
import { href, parseRoute, type Route } from '@pickem/client/route';

export { href, type Route };

/** The invite link of a code, on this app's origin. */
export const inviteLink = (code: string) => `${window.location.origin}/join/${encodeURIComponent(code)}`;

/** Turns an invite link's path (/join/<code>) into its hash route, keeping the address bar honest. */
export function joinPathToHash(): void {
  const code = /^\/join\/([^/]+)\/?$/.exec(window.location.pathname)?.[1];
  // A code with a broken escape goes on as it came (and the API answers InvalidCode) instead of a blank page.
  if (code) window.history.replaceState(null, '', `/${href.join(decodeSafely(code))}`);
}

function decodeSafely(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

const subscribe = (onChange: () => void) => {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
};

export function useRoute(): Route {
  const hash = useSyncExternalStore(subscribe, () => window.location.hash);
  return parseRoute(hash);
}
