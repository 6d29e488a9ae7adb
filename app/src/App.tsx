import {
  lazy,
  Suspense,
  useEffect,
  useState,
  type ComponentType,
  type LazyExoticComponent,
  type ReactNode,
} from 'react';
import type { AuthUser } from 'aws-amplify/auth';
import { ADMIN_GROUP, client, mutations, myGroups } from './api.ts';
import { href, useRoute, type Route } from './route.ts';
import { signOut, useSignedInUser } from './signed-in.ts';
import { useChosenName } from '@pickem/client/react/use-chosen-name';
import { Events } from './screens/Events.tsx';

/**
 * The events screen comes with the app; every other screen, the admin tools and the sign-in load when
 * first shown, so that a phone's first load carries only what the events list needs.
 */
const SignIn = lazy(() => import('./SignIn.tsx'));
const EventScreen = lazy(() => import('./screens/EventScreen.tsx').then((m) => ({ default: m.EventScreen })));
const Standings = lazy(() => import('./screens/Standings.tsx').then((m) => ({ default: m.Standings })));
const Profile = lazy(() => import('./screens/Profile.tsx').then((m) => ({ default: m.Profile })));
const Leagues = lazy(() => import('./leagues/Leagues.tsx').then((m) => ({ default: m.Leagues })));
const LeagueScreen = lazy(() => import('./leagues/LeagueScreen.tsx').then((m) => ({ default: m.LeagueScreen })));
const JoinLink = lazy(() => import('./leagues/JoinLink.tsx').then((m) => ({ default: m.JoinLink })));
const GuestInvite = lazy(() => import('./leagues/GuestInvite.tsx').then((m) => ({ default: m.GuestInvite })));
const AdminHome = lazy(() => import('./admin/AdminHome.tsx').then((m) => ({ default: m.AdminHome })));

/** A part of a screen that loads when first shown, with `fallback` in its place meanwhile (not the whole screen's). */
function inPlace<P extends object>(Part: LazyExoticComponent<ComponentType<P>>, fallback: ReactNode) {
  return function Loaded(props: P) {
    return (
      <Suspense fallback={fallback}>
        <Part {...props} />
      </Suspense>
    );
  };
}

/** What an admin gets on an event's card (features do not import each other: the app hands them over). */
const eventAdminTools = {
  CardBuilder: inPlace(
    lazy(() => import('./admin/CardBuilder.tsx').then((m) => ({ default: m.CardBuilder }))),
    <p aria-busy="true">Loading the card builder…</p>,
  ),
  ResultControls: inPlace(
    lazy(() => import('./admin/ShowControls.tsx').then((m) => ({ default: m.ResultControls }))),
    null,
  ),
  ShowControls: inPlace(
    lazy(() => import('./admin/ShowControls.tsx').then((m) => ({ default: m.ShowControls }))),
    <p aria-busy="true">Loading the show controls…</p>,
  ),
};

export function App() {
  const { user, recheck } = useSignedInUser();
  const route = useRoute();
  if (user === undefined)
    return (
      <main className="page">
        <p aria-busy="true">Loading…</p>
      </main>
    );
  if (user === null)
    return (
      <Suspense fallback={<p aria-busy="true">Loading the sign-in…</p>}>
        {route.screen === 'join' ? (
          <GuestInvite code={route.code} onSignedIn={recheck} />
        ) : (
          <SignIn onSignedIn={recheck} />
        )}
      </Suspense>
    );
  return <Shell user={user} />;
}

function Shell({ user }: { user: AuthUser }) {
  const route = useRoute();
  const [isAdmin, setAdmin] = useState(false);
  useEffect(() => {
    myGroups().then(
      (groups) => setAdmin(groups.includes(ADMIN_GROUP)),
      () => setAdmin(false),
    );
  }, [user]);
  const chosen = useChosenName(sessionStorage, user.signInDetails?.loginId, (displayName) =>
    client.graphql({ query: mutations.updateMyProfile, variables: { displayName } }),
  );

  // A league's screens and an invite link belong to Leagues in the menu.
  const section = route.screen === 'league' || route.screen === 'join' ? 'leagues' : route.screen;
  const nav: [Route['screen'], string, string][] = [
    ['events', 'Events', href.events()],
    ['standings', 'Standings', href.standings()],
    ['leagues', 'Leagues', href.leagues()],
    ['player', 'Me', href.player()],
    ...(isAdmin ? ([['admin', 'Admin', href.admin()]] as [Route['screen'], string, string][]) : []),
  ];
  return (
    <>
      <header className="topbar">
        <a className="brand" href={href.events()}>
          Pick'Em
        </a>
        <nav aria-label="Main">
          {nav.map(([screen, label, to]) => (
            <a key={screen} href={to} aria-current={section === screen ? 'page' : undefined}>
              {label}
            </a>
          ))}
        </nav>
        <button type="button" className="link" onClick={() => void signOut()}>
          Sign out
        </button>
      </header>
      <main className="page">
        {chosen.error && <p role="alert">{chosen.error} Set it on Me.</p>}
        {chosen.naming ? (
          <p role="status">Setting up your account…</p>
        ) : (
          <Suspense fallback={<p aria-busy="true">Loading…</p>}>
            <Screen route={route} isAdmin={isAdmin} me={user.userId} />
          </Suspense>
        )}
      </main>
    </>
  );
}

function Screen({ route, isAdmin, me }: { route: Route; isAdmin: boolean; me: string }) {
  switch (route.screen) {
    case 'event':
      return (
        <EventScreen key={route.eventId} eventId={route.eventId} me={me} admin={isAdmin ? eventAdminTools : null} />
      );
    case 'standings':
      return <Standings me={me} />;
    case 'player':
      return <Profile key={route.userId ?? 'me'} userId={route.userId} />;
    case 'leagues':
      return <Leagues />;
    case 'league':
      return <LeagueScreen key={route.leagueId} leagueId={route.leagueId} eventId={route.eventId} me={me} />;
    case 'join':
      return <JoinLink key={route.code} code={route.code} />;
    case 'admin':
      return isAdmin ? <AdminHome /> : <p role="alert">Admins only.</p>;
    default:
      return <Events />;
  }
}
