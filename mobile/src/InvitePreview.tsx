/** An invite code's league before joining: its name, then who invites you to it and how many are in, or why it cannot be joined. */
import { Text, View } from 'react-native';
import { inviteLine, joinRefusal, type LeaguePreview } from '@pickem/client/invite';
import { space } from '@pickem/client/design/tokens';
import { Alert, Muted, useTheme } from './ui';

/** `preview` and `error` as useLeaguePreview answers them (undefined or null: not answered yet). */
export function InvitePreview({ preview, error }: { preview: LeaguePreview | null | undefined; error: string | null }) {
  const { styles } = useTheme();
  if (error) return <Alert>{error}</Alert>;
  if (!preview) return <Muted>Loading the league…</Muted>;
  return (
    <View testID="league-preview" style={{ gap: space.sm }}>
      <Text testID="preview-name" style={styles.subtitle}>
        {preview.name}
      </Text>
      <Text testID="invite-line" style={styles.text}>
        {inviteLine(preview)}
      </Text>
      <Alert>{joinRefusal(preview)}</Alert>
    </View>
  );
}
