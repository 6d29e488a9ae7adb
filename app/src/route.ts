/** Hash routes (#/event/<id>), so any static host serves every screen from index.html. */
import { useSyncExternalStore } from 'react';

export type Route =
  | { screen: 'events' }
  | { screen: 'event'; eventId: string }
  | { screen: 'standings' }
  | { screen: 'player'; userId?: string }
  | { screen: 'admin' };

export function parseRoute(hash: string): Route {
  const [, screen, id] = hash.replace(/^#/, '').split('/').map(decodeURIComponent);
  if (screen === 'event' && id) return { screen: 'event', eventId: id };
  if (screen === 'standings') return { screen: 'standings' };
  if (screen === 'player') return { screen: 'player', userId: id || undefined };
  if (screen === 'admin') return { screen: 'admin' };
  return { screen: 'events' };
}

export const href = {
  events: () => '#/',
  event: (id: string) => `#/event/${encodeURIComponent(id)}`,
  standings: () => '#/standings',
  player: (id?: string) => (id ? `#/player/${encodeURIComponent(id)}` : '#/player'),
  admin: () => '#/admin',
};

const subscribe = (onChange: () => void) => {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
};

export function useRoute(): Route {
  const hash = useSyncExternalStore(subscribe, () => window.location.hash);
  return parseRoute(hash);
}
