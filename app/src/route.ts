/**
 * Hash routes (#/event/<id>), so any static host serves every screen from index.html. The one path
 * route is the invite link, /join/<code>: the host serves index.html there too (app-server.ts, and a
 * rewrite on Amplify Hosting) and the app turns it into #/join/<code> before it renders, so the route
 * survives signing in.
 */
import { useSyncExternalStore } from 'react';

export type Route =
  | { screen: 'events' }
  | { screen: 'event'; eventId: string }
  | { screen: 'standings' }
  | { screen: 'player'; userId?: string }
  | { screen: 'admin' }
  | { screen: 'leagues' }
  | { screen: 'league'; leagueId: string; eventId?: string }
  | { screen: 'join'; code: string };

export function parseRoute(hash: string): Route {
  const [, screen, id, sub, subId] = hash.replace(/^#/, '').split('/').map(decodeURIComponent);
  if (screen === 'event' && id) return { screen: 'event', eventId: id };
  if (screen === 'standings') return { screen: 'standings' };
  if (screen === 'player') return { screen: 'player', userId: id || undefined };
  if (screen === 'admin') return { screen: 'admin' };
  if (screen === 'leagues') return { screen: 'leagues' };
  if (screen === 'league' && id) return { screen: 'league', leagueId: id, eventId: sub === 'event' && subId ? subId : undefined };
  if (screen === 'join' && id) return { screen: 'join', code: id };
  return { screen: 'events' };
}

export const href = {
  events: () => '#/',
  event: (id: string) => `#/event/${encodeURIComponent(id)}`,
  standings: () => '#/standings',
  player: (id?: string) => (id ? `#/player/${encodeURIComponent(id)}` : '#/player'),
  admin: () => '#/admin',
  leagues: () => '#/leagues',
  league: (id: string, eventId?: string) => `#/league/${encodeURIComponent(id)}${eventId ? `/event/${encodeURIComponent(eventId)}` : ''}`,
  join: (code: string) => `#/join/${encodeURIComponent(code)}`,
};

/** The invite link of a code, on this app's origin. */
export const inviteLink = (code: string) => `${window.location.origin}/join/${encodeURIComponent(code)}`;

/** Turns an invite link's path (/join/<code>) into its hash route, keeping the address bar honest. */
export function joinPathToHash(): void {
  const code = /^\/join\/([^/]+)\/?$/.exec(window.location.pathname)?.[1];
  if (code) window.history.replaceState(null, '', `/${href.join(decodeURIComponent(code))}`);
}

const subscribe = (onChange: () => void) => {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
};

export function useRoute(): Route {
  const hash = useSyncExternalStore(subscribe, () => window.location.hash);
  return parseRoute(hash);
}
