/** A player's profile (mine without userId): their season standings and their history of events. */
import { Text } from 'react-native';
import { useAuthenticator } from '@aws-amplify/ui-react-native';
import type { SeasonsQuery, UserProfileQuery } from '@pickem/client/graphql/types';
import { useLoad } from '@pickem/client/react';
import { client, queries } from '../api';
import { useNav } from '../nav';
import { formatDay } from '@pickem/client/dates';
import { awardsText, streakText, trophiesText } from '@pickem/client/honours';
import { Alert, Button, Item, Muted, Screen, Title, useTheme } from '../ui';

type Profile = NonNullable<UserProfileQuery['userProfile']>;

export function Profile({ userId }: { userId?: string }) {
  const { go } = useNav();
  const { styles } = useTheme();
  const { signOut } = useAuthenticator();
  const {
    data: profile,
    error,
    reload: load,
  } = useLoad<Profile | null>(
    async () =>
      (await client.graphql({ query: queries.userProfile, variables: { userId, historyLimit: 20 } })).data.userProfile,
    [userId],
  );
  const { data: seasons = [] } = useLoad<SeasonsQuery['seasons']>(
    async () => (await client.graphql({ query: queries.seasons })).data.seasons,
    [],
  );
  const seasonName = (id: string) => seasons.find((s) => s.id === id)?.name ?? id;
  return (
    <Screen onRefresh={load}>
      <Title>{profile?.user.displayName ?? 'Profile'}</Title>
      <Alert>{error}</Alert>
      {profile === null && <Alert>No such player.</Alert>}
      {profile && (
        <>
          <Text style={styles.text} testID="streak">
            Streak: {streakText(profile.streak)}
          </Text>
          <Text style={styles.text} testID="trophies">
            Trophies: {trophiesText(profile.trophies) ?? 'none yet'}
          </Text>
        </>
      )}
      {profile?.standings.map((s) => (
        <Text key={s.seasonId} style={styles.text}>
          {seasonName(s.seasonId)}: #{s.rank ?? '–'} · {s.points} pts · {s.correct} correct in {s.eventsPlayed}{' '}
          {s.eventsPlayed === 1 ? 'event' : 'events'}
        </Text>
      ))}
      <Text accessibilityRole="header" style={styles.subtitle}>
        History
      </Text>
      {profile?.history.items.length === 0 && <Muted>No picks yet.</Muted>}
      {profile?.history.items.map((h) => (
        <Item
          key={h.eventId}
          title={h.eventName}
          detail={[
            formatDay(h.eventDate),
            `${h.points ?? '–'} pts${h.rank != null ? ` · #${h.rank}` : ''}`,
            awardsText(h.awards),
          ]
            .filter(Boolean)
            .join(' · ')}
          onPress={() => go({ screen: 'event', eventId: h.eventId })}
        />
      ))}
      {!userId && (
        <>
          <Muted>Admins: the admin tools (cards, results, the show) are in the web app.</Muted>
          <Button label="Sign out" onPress={signOut} />
        </>
      )}
    </Screen>
  );
}
