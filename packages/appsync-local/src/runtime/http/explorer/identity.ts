/**
 * Who the explorer acts as: a username and its Cognito groups. Groups are remembered per username, so
 * switching to another user never carries the previous user's groups along; tokens are never stored,
 * a fresh one is fetched from the server's token shortcut on every sign-in and page load.
 */

export interface Identity {
  username: string;
  groups: string[];
}

/** The part of the browser's localStorage used here (a plain map in tests). */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

const CURRENT_KEY = 'local-appsync-explorer:identity';
const GROUPS_KEY = 'local-appsync-explorer:groups-by-user';

/** Groups typed as free text: comma-separated, blanks and repeats dropped. */
export function parseGroups(text: string): string[] {
  const groups = text
    .split(',')
    .map((g) => g.trim())
    .filter((g) => g !== '');
  return [...new Set(groups)];
}

/** The token shortcut's address for an identity: one `group=` parameter per group. */
export function tokenUrl(identity: Identity): string {
  const groups = identity.groups.map((g) => `&group=${encodeURIComponent(g)}`).join('');
  return `/dev/token?username=${encodeURIComponent(identity.username)}${groups}`;
}

/** Fetches a token for an identity from this page's own server; rejects with the server's reason. */
export async function fetchToken(identity: Identity): Promise<string> {
  const res = await fetch(tokenUrl(identity), { credentials: 'same-origin' });
  const body = (await res.json().catch(() => ({}))) as { token?: string; error?: string };
  if (!res.ok || typeof body.token !== 'string')
    throw new Error(body.error ?? `token request failed (HTTP ${res.status})`);
  return body.token;
}

function readJson<T>(storage: KeyValueStore, key: string, fallback: T): T {
  try {
    const text = storage.getItem(key);
    return text === null ? fallback : (JSON.parse(text) as T);
  } catch {
    return fallback;
  }
}

/** The groups last used with this username (none for a username never used). */
export function rememberedGroups(storage: KeyValueStore, username: string): string[] {
  const byUser = readJson<Record<string, unknown>>(storage, GROUPS_KEY, {});
  const groups = Object.hasOwn(byUser, username) ? byUser[username] : [];
  return Array.isArray(groups) ? groups.filter((g): g is string => typeof g === 'string') : [];
}

/** The identity of the last sign-in, or null (never one with an empty username). */
export function lastIdentity(storage: KeyValueStore): Identity | null {
  const saved = readJson<{ username?: unknown } | null>(storage, CURRENT_KEY, null);
  const username = typeof saved?.username === 'string' ? saved.username.trim() : '';
  return username === '' ? null : { username, groups: rememberedGroups(storage, username) };
}

export function remember(storage: KeyValueStore, identity: Identity | null): void {
  if (identity === null) {
    storage.removeItem(CURRENT_KEY);
    return;
  }
  const byUser = readJson<Record<string, string[]>>(storage, GROUPS_KEY, {});
  storage.setItem(GROUPS_KEY, JSON.stringify({ ...byUser, [identity.username]: identity.groups }));
  storage.setItem(CURRENT_KEY, JSON.stringify({ username: identity.username }));
}
