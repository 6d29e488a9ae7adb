/**
 * Joining a league by its code: the invite link's screen (pickem://join/<code>, or the web app's
 * /join/<code>) and the Leagues list's form. Once the typed code is whole and the typing pauses, its
 * league is shown before the Join (a partial code is never looked up: it would count as a wrong one).
 */
import { useState } from 'react';
import { TextInput, View } from 'react-native';
import { joinRefusal, typedInviteCode } from '@pickem/client/invite';
import { useAction, useLeaguePreview } from '@pickem/client/react';
import { space } from '@pickem/client/design/tokens';
import { client, mutations } from '../api';
import { InvitePreview } from '../InvitePreview';
import { useNav } from '../nav';
import { useDebounced } from '../use-debounced';
import { Alert, Button, Screen, Title, useTheme } from '../ui';

/** How long the typing pauses before the code's league is looked up. */
const LOOKUP_DELAY_MS = 400;

export function Join({ code }: { code: string }) {
  return (
    <Screen>
      <Title>Join a league</Title>
      <JoinForm initialCode={code} primary />
    </Screen>
  );
}

/** Joins the league of a code, then opens it. */
function useJoin() {
  const { go } = useNav();
  const { busy, status, failed, run } = useAction();
  async function join(code: string) {
    await run('', async () => {
      const { data } = await client.graphql({ query: mutations.joinLeague, variables: { code: code.trim() } });
      go({ screen: 'league', leagueId: data.joinLeague.id });
    });
  }
  return { error: failed ? status : null, busy, join };
}

/** `primary`: the Join is the screen's one action (the invite link's screen, not the Leagues list). */
export function JoinForm({ initialCode = '', primary }: { initialCode?: string; primary?: boolean }) {
  const { colors, styles } = useTheme();
  const [code, setCode] = useState(initialCode);
  const { error, busy, join } = useJoin();
  const whole = typedInviteCode(code);
  const asked = useDebounced(whole, LOOKUP_DELAY_MS);
  const { data: preview, error: previewError } = useLeaguePreview(asked, true);
  const settled = whole !== null && whole === asked;
  const refused = settled && !!preview && joinRefusal(preview) !== null;
  return (
    <View style={{ gap: space.md }}>
      <TextInput
        accessibilityLabel="Invite code"
        placeholder="7KQ2M-XD4PB"
        placeholderTextColor={colors.muted}
        autoCapitalize="characters"
        autoCorrect={false}
        maxLength={40}
        value={code}
        onChangeText={setCode}
        style={styles.input}
      />
      {settled && <InvitePreview preview={preview} error={previewError} />}
      <Button
        label="Join league"
        primary={primary}
        disabled={busy || whole === null || refused}
        onPress={() => void join(code)}
      />
      <Alert>{error}</Alert>
    </View>
  );
}
