/**
 * The app's routes as paths (/event/<id>, /league/<id>/event/<id>, …): parsed from a location (the web
 * app's hash, #/event/<id>) and written back. Parsing never throws: an address it cannot read (a broken
 * percent-escape included) is the events list.
 */
export type Route =
  | { screen: 'events' }
  | { screen: 'event'; eventId: string }
  | { screen: 'standings' }
  | { screen: 'player'; userId?: string }
  | { screen: 'admin' }
  | { screen: 'leagues' }
  | { screen: 'league'; leagueId: string; eventId?: string }
  | { screen: 'join'; code: string };

const EVENTS: Route = { screen: 'events' };

export function parseRoute(hash: string): Route {
  let segments: string[];
  try {
    segments = hash.replace(/^#/, '').split('/').map(decodeURIComponent);
  } catch {
    return EVENTS; // a hand-edited or truncated link: decodeURIComponent throws URIError
  }
  const [, screen, id, sub, subId] = segments;
  if (screen === 'event' && id) return { screen: 'event', eventId: id };
  if (screen === 'standings') return { screen: 'standings' };
  if (screen === 'player') return { screen: 'player', userId: id || undefined };
  if (screen === 'admin') return { screen: 'admin' };
  if (screen === 'leagues') return { screen: 'leagues' };
  if (screen === 'league' && id)
    return { screen: 'league', leagueId: id, eventId: sub === 'event' && subId ? subId : undefined };
  if (screen === 'join' && id) return { screen: 'join', code: id };
  return EVENTS;
}

/** Each route's hash, what parseRoute reads back. */
export const href = {
  events: () => '#/',
  event: (id: string) => `#/event/${encodeURIComponent(id)}`,
  standings: () => '#/standings',
  player: (id?: string) => (id ? `#/player/${encodeURIComponent(id)}` : '#/player'),
  admin: () => '#/admin',
  leagues: () => '#/leagues',
  league: (id: string, eventId?: string) =>
    `#/league/${encodeURIComponent(id)}${eventId ? `/event/${encodeURIComponent(eventId)}` : ''}`,
  join: (code: string) => `#/join/${encodeURIComponent(code)}`,
};

/**
 * The route of a link that opens an app: the web app's address (its hash, or an invite link's path
 * /join/<code>) or the React Native app's deep link (pickem://join/<code>, pickem://event/<id>, …).
 * Never throws: a link it cannot read is the events list.
 */
export function parseLink(url: string): Route {
  const scheme = /^([a-z][a-z0-9+.-]*):\/\/([^?#]*)(?:\?[^#]*)?(#.*)?$/i.exec(url);
  if (!scheme) return EVENTS;
  const [, protocol, rest, hash] = scheme;
  if (hash && hash.length > 2) return parseRoute(hash);
  // http(s): the first segment is the host; an app scheme has no host, its first segment is the screen.
  const path = /^https?$/i.test(protocol) ? rest.replace(/^[^/]*/, '') : `/${rest}`;
  return parseRoute(`#${path.replace(/\/+$/, '')}`);
}
