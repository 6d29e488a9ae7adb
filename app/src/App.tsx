import { useAuthenticator } from '@aws-amplify/ui-react';
import { useEffect, useState } from 'react';
import { ADMIN_GROUP, client, mutations, myGroups } from './api.ts';
import { href, useRoute, type Route } from './route.ts';
import { SignIn } from './SignIn.tsx';
import { useChosenName } from '@pickem/client/react';
import { AdminHome } from './admin/AdminHome.tsx';
import { CardBuilder } from './admin/CardBuilder.tsx';
import { ResultControls, ShowControls } from './admin/ShowControls.tsx';
import { EventScreen } from './screens/EventScreen.tsx';
import { Events } from './screens/Events.tsx';
import { Profile } from './screens/Profile.tsx';
import { Standings } from './screens/Standings.tsx';
import { JoinLink } from './leagues/JoinLink.tsx';
import { Leagues } from './leagues/Leagues.tsx';
import { LeagueScreen } from './leagues/LeagueScreen.tsx';

/** What an admin gets on an event's card (features do not import each other: the app hands them over). */
const eventAdminTools = { CardBuilder, ResultControls, ShowControls };

export function App() {
  return (
    <SignIn>
      <Shell />
    </SignIn>
  );
}

function Shell() {
  const { signOut, user } = useAuthenticator((ctx) => [ctx.user]);
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
        <button type="button" className="link" onClick={signOut}>
          Sign out
        </button>
      </header>
      <main className="page">
        {chosen.error && <p role="alert">{chosen.error} Set it on Me.</p>}
        {chosen.naming ? (
          <p role="status">Setting up your account…</p>
        ) : (
          <Screen route={route} isAdmin={isAdmin} me={user.userId} />
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
