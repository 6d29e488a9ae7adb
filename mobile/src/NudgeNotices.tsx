/**
 * The events screen's notices of commissioners' nudges (UpcomingEvent.myNudges): tap one to pick the
 * event; each goes once the card is picked (the server stops sending it) or when dismissed (dismissNudge).
 */
import { Pressable, Text, View } from 'react-native';
import { nudgeNoticeText } from '@pickem/client/nudge';
import { useNudgeNotices } from '@pickem/client/react';
import { space, radius } from '@pickem/client/design/tokens';
import { client, mutations } from './api';
import { useNav } from './nav';
import { Alert, Button, useTheme } from './ui';
import type { Upcoming } from './use-upcoming';

export function NudgeNotices({ upcoming }: { upcoming: Upcoming[] }) {
  const { colors } = useTheme();
  const { go } = useNav();
  const { shown, error, dismiss } = useNudgeNotices(upcoming, (id) =>
    client.graphql({ query: mutations.dismissNudge, variables: { id } }),
  );
  return (
    <>
      <Alert>{error}</Alert>
      {shown.map(({ event, nudge }) => (
        <View
          key={nudge.id}
          testID="nudge"
          style={{ backgroundColor: colors.warningBg, borderRadius: radius.md, padding: space.lg, gap: space.md }}
        >
          <Pressable accessibilityRole="link" onPress={() => go({ screen: 'event', eventId: event.id })}>
            <Text style={{ color: colors.warning, fontWeight: '600' }}>{nudgeNoticeText(nudge, event.name)}</Text>
          </Pressable>
          <Button label="Dismiss" onPress={() => dismiss(nudge.id)} />
        </View>
      ))}
    </>
  );
}
