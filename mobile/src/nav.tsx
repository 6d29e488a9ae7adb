/**
 * Navigation: a stack of the shared routes (@pickem/client/route), the same routes as the web app's.
 * A deep link (pickem://join/<code>, the web app's invite link) opens its route on top; back pops.
 */
import { createContext, useContext } from 'react';
import type { Route } from '@pickem/client/route';

export interface Nav {
  route: Route;
  go: (route: Route) => void;
  back: () => void;
  /** Replaces the whole stack: a tab of the bar. */
  reset: (route: Route) => void;
}

export const NavContext = createContext<Nav | null>(null);

export function useNav(): Nav {
  const nav = useContext(NavContext);
  if (!nav) throw new Error('useNav outside the app shell');
  return nav;
}
