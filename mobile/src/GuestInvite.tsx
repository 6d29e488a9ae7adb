/**
 * Above the sign-in, when an invite link (pickem://join/<code>, or the web app's /join/<code>) opened
 * the app signed out: the league (leaguePreview with the API key), then sign in or create an account.
 * Once signed in, the link's Join screen opens with the same league and its Join button.
 */
import { View } from 'react-native';
import * as Linking from 'expo-linking';
import { SIGN_IN_TO_JOIN } from '@pickem/client/invite';
import { useLeaguePreview } from '@pickem/client/react';
import { parseLink } from '@pickem/client/route';
import { space } from '@pickem/client/design/tokens';
import { InvitePreview } from './InvitePreview';
import { Muted, Title } from './ui';

/** The Authenticator's header: nothing unless an invite link opened the app. */
export function GuestInvite() {
  const url = Linking.useLinkingURL();
  const route = url ? parseLink(url) : null;
  return route?.screen === 'join' ? <Invited code={route.code} /> : null;
}

function Invited({ code }: { code: string }) {
  const { data, error } = useLeaguePreview(code, false);
  return (
    <View testID="guest-invite" style={{ padding: space.xl, gap: space.md }}>
      <Title>You're invited</Title>
      <InvitePreview preview={data} error={error} />
      <Muted>{SIGN_IN_TO_JOIN}</Muted>
    </View>
  );
}
