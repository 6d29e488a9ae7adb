/**
 * The app: Amplify UI's Authenticator (sign in and sign up, USER_PASSWORD_AUTH; an invite link's league
 * above it when one opened the app), then the players' screens under a tab bar, an offline banner, and
 * deep links (pickem://join/<code>, the web invite link).
 * Admin tools stay in the web app.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { BackHandler, Platform, Pressable, Text, useColorScheme, View } from 'react-native';
import { SafeAreaProvider, SafeAreaView } from 'react-native-safe-area-context';
import {
  Authenticator,
  defaultDarkModeOverride,
  ThemeProvider,
  useAuthenticator,
  type SignUpProps,
} from '@aws-amplify/ui-react-native';
import { useNetInfo } from '@react-native-community/netinfo';
import * as Linking from 'expo-linking';
import { useChosenName } from '@pickem/client/react';
import { parseLink, type Route } from '@pickem/client/route';
import { authenticatorServices, memoryNameStore, SIGN_UP_ATTRIBUTES, signUpFormFields } from '@pickem/client/sign-up';
import { client, mutations } from './api';
import { configure } from './config';
import { GuestInvite } from './GuestInvite';
import { NavContext, type Nav } from './nav';
import { Events } from './screens/Events';
import { EventScreen } from './screens/EventScreen';
import { Join } from './screens/Join';
import { Leagues } from './screens/Leagues';
import { LeagueScreen } from './screens/LeagueScreen';
import { Profile } from './screens/Profile';
import { Standings } from './screens/Standings';
import { lineWidth, space } from '@pickem/client/design/tokens';
import { useTheme } from './ui';

configure();

/** The name a new player chooses at sign-up waits here until they are signed in (client/sign-up.ts). */
const names = memoryNameStore();
const services = authenticatorServices(names);

/** The sign-up form with the web app's labels and order (this Authenticator takes no `formFields`). */
function SignUp({ fields, ...props }: SignUpProps) {
  const form = signUpFormFields.signUp as Record<string, { label?: string; placeholder?: string; order: number }>;
  const shown = fields
    .map((field) => ({ ...field, ...(form[field.name] ?? {}) }))
    .sort((a, b) => (form[a.name]?.order ?? 99) - (form[b.name]?.order ?? 99));
  return <Authenticator.SignUp {...props} fields={shown} />;
}

/**
 * Amplify UI's own dark colours for the sign-in screens, when the phone is dark; its text fields as wide
 * as the form (it starts them at the left edge, sized to their contents: the placeholder's width on the web).
 */
const authTheme = {
  overrides: [defaultDarkModeOverride],
  components: { textField: { container: { alignItems: 'stretch' as const } } },
};

export function App() {
  const scheme = useColorScheme() === 'dark' ? 'dark' : 'light';
  return (
    <SafeAreaProvider>
      <ThemeProvider theme={authTheme} colorMode={scheme}>
        <Authenticator.Provider>
          <Authenticator
            services={services}
            loginMechanisms={['email']}
            signUpAttributes={[...SIGN_UP_ATTRIBUTES]}
            components={{ SignUp }}
            Header={GuestInvite}
          >
            <Shell />
          </Authenticator>
        </Authenticator.Provider>
      </ThemeProvider>
    </SafeAreaProvider>
  );
}

const TABS: { label: string; route: Route }[] = [
  { label: 'Events', route: { screen: 'events' } },
  { label: 'Leagues', route: { screen: 'leagues' } },
  { label: 'Standings', route: { screen: 'standings' } },
  { label: 'Profile', route: { screen: 'player' } },
];

function Shell() {
  const { user } = useAuthenticator((context) => [context.user]);
  const chosen = useChosenName(names, user.signInDetails?.loginId, (displayName) =>
    client.graphql({ query: mutations.updateMyProfile, variables: { displayName } }),
  );
  const { colors } = useTheme();
  const [stack, setStack] = useState<Route[]>([{ screen: 'events' }]);
  const back = useCallback(() => setStack((s) => (s.length > 1 ? s.slice(0, -1) : s)), []);
  const nav: Nav = useMemo(
    () => ({
      route: stack[stack.length - 1],
      go: (route) => setStack((s) => [...s, route]),
      back,
      reset: (route) => setStack([route]),
    }),
    [stack, back],
  );
  // A link that opened the app, or arrives while it runs: its route on top of the stack, unless it is
  // already there (a link to the events list, or the web page's own address, would only add a Back).
  const url = Linking.useLinkingURL();
  useEffect(() => {
    if (!url) return;
    const route = parseLink(url);
    setStack((s) => (JSON.stringify(s[s.length - 1]) === JSON.stringify(route) ? s : [...s, route]));
  }, [url]);
  useEffect(() => {
    if (Platform.OS !== 'android') return; // the hardware back button is Android's alone
    const sub = BackHandler.addEventListener('hardwareBackPress', () => {
      if (stack.length <= 1) return false;
      back();
      return true;
    });
    return () => sub.remove();
  }, [stack.length, back]);

  return (
    <NavContext.Provider value={nav}>
      <SafeAreaView style={{ flex: 1, backgroundColor: colors.background }} edges={['top', 'bottom']}>
        <OfflineBanner />
        {stack.length > 1 && (
          <Pressable accessibilityRole="button" accessibilityLabel="Back" onPress={back} style={{ padding: space.lg }}>
            <Text style={{ color: colors.text }}>‹ Back</Text>
          </Pressable>
        )}
        {chosen.error && (
          <Text accessibilityRole="alert" style={{ padding: space.lg, color: colors.text }}>
            {chosen.error} Set it on Profile.
          </Text>
        )}
        <View style={{ flex: 1 }}>
          {chosen.naming ? (
            <Text style={{ padding: space.lg, color: colors.text }}>Setting up your account…</Text>
          ) : (
            <CurrentScreen route={nav.route} me={user.userId} />
          )}
        </View>
        <View
          accessibilityRole="tablist"
          style={{ flexDirection: 'row', borderTopWidth: lineWidth.thin, borderColor: colors.line }}
        >
          {TABS.map((tab) => (
            <Pressable
              key={tab.label}
              accessibilityRole="tab"
              accessibilityState={{ selected: stack[0].screen === tab.route.screen }}
              onPress={() => nav.reset(tab.route)}
              style={{ flex: 1, paddingVertical: space.lg, alignItems: 'center' }}
            >
              <Text style={{ color: colors.text }}>{tab.label}</Text>
            </Pressable>
          ))}
        </View>
      </SafeAreaView>
    </NavContext.Provider>
  );
}

function CurrentScreen({ route, me }: { route: Route; me: string }) {
  switch (route.screen) {
    case 'event':
      return <EventScreen key={route.eventId} eventId={route.eventId} me={me} />;
    case 'leagues':
      return <Leagues />;
    case 'league':
      return <LeagueScreen key={route.leagueId} leagueId={route.leagueId} eventId={route.eventId} me={me} />;
    case 'join':
      return <Join key={route.code} code={route.code} />;
    case 'standings':
      return <Standings me={me} />;
    case 'player':
      return <Profile userId={route.userId} />;
    case 'admin':
      return <Profile />; // the admin screens are the web app's (Profile says so)
    default:
      return <Events />;
  }
}

/** Shown while the phone has no connection (netinfo): the screens keep what they last read. */
function OfflineBanner() {
  const { isConnected } = useNetInfo();
  const { colors } = useTheme();
  if (isConnected !== false) return null;
  return (
    <Text
      accessibilityRole="alert"
      style={{ backgroundColor: colors.danger, color: colors.onDanger, padding: space.md }}
    >
      You are offline: what you see may be out of date.
    </Text>
  );
}
