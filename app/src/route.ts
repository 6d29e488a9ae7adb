/**
 * Hash routes (#/event/<id>, parsed by @pickem/client/route), so any static host serves every screen
 * from index.html. The one path route is the invite link, /join/<code>: the host serves index.html
 * there too (app-server.ts, and a rewrite on Amplify Hosting) and the app turns it into #/join/<code>
 * before it renders, so the route survives signing in.
 */
import { useEffect, useRef, useSyncExternalStore } from 'react';
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

/**
 * What a screen asks before the page moves on while it holds unsaved work (useLeaveGuard): a question,
 * or null when there is nothing to lose.
 */
const guards = new Set<() => string | null>();

/** A line for the screen a navigation lands on (navigate), shown there until the route changes again. */
let notice: { hash: string; text: string } | null = null;

/**
 * Every route change passes here first (this listener is added before any screen's): while a guard has
 * a question and the player declines it, the address goes back and no screen hears of the change.
 */
if (typeof window !== 'undefined')
  window.addEventListener('hashchange', (e) => {
    const question = [...guards].map((ask) => ask()).find((q) => q !== null);
    if (question != null && !window.confirm(question)) {
      e.stopImmediatePropagation();
      window.history.replaceState(window.history.state, '', e.oldURL);
      return;
    }
    if (notice && notice.hash !== window.location.hash) notice = null;
  });

const subscribe = (onChange: () => void) => {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
};

export function useRoute(): Route {
  const hash = useSyncExternalStore(subscribe, () => window.location.hash);
  return parseRoute(hash);
}

/** Opens `hash`, with `text` as a status line for the screen it lands on (after a league is left or deleted). */
export function navigate(hash: string, text?: string): void {
  notice = text ? { hash, text } : null;
  window.location.hash = hash;
}

/** The line `navigate` left for the screen on show, or null. */
export function useNotice(): string | null {
  const hash = useSyncExternalStore(subscribe, () => window.location.hash);
  return notice?.hash === hash ? notice.text : null;
}

/**
 * While `question` is not null, leaving the page asks it first: a route change of the app (a link, the
 * back button) with a confirm, a reload or closing the tab with the browser's own prompt (beforeunload).
 */
export function useLeaveGuard(question: string | null): void {
  const current = useRef(question);
  useEffect(() => {
    current.current = question;
  });
  const active = question !== null;
  useEffect(() => {
    if (!active) return;
    const ask = () => current.current;
    const beforeUnload = (e: BeforeUnloadEvent) => {
      if (current.current === null) return;
      e.preventDefault();
      e.returnValue = ''; // older browsers ask only when returnValue is set
    };
    guards.add(ask);
    window.addEventListener('beforeunload', beforeUnload);
    return () => {
      guards.delete(ask);
      window.removeEventListener('beforeunload', beforeUnload);
    };
  }, [active]);
}
