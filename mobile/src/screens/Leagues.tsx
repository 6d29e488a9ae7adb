/** My leagues (name, season, members, my rank, unread chat messages), joining one by its code, and a new league for a season. */
import { useState } from 'react';
import { Text, TextInput, View } from 'react-native';
import { myLeagueList, type LeagueSummary } from '@pickem/client/documents';
import type { SeasonsQuery } from '@pickem/client/graphql/types';
import { useAction, useLoad } from '@pickem/client/react';
import { client, mutations, queries } from '../api';
import { useNav } from '../nav';
import { space } from '@pickem/client/design/tokens';
import { Alert, Button, Item, Muted, Screen, Title, useTheme } from '../ui';
import { unreadBadge } from '../LeagueChat';
import { JoinForm } from './Join';

export function Leagues() {
  const {
    data: leagues,
    error,
    reload: load,
  } = useLoad<LeagueSummary[]>(async () => (await client.graphql({ query: myLeagueList })).data.myLeagues, []);
  const { go } = useNav();
  return (
    <Screen onRefresh={load}>
      <Title>My leagues</Title>
      <Alert>{error}</Alert>
      {leagues?.length === 0 && (
        <Muted>You are in no league yet: create one, or join one with the code a friend sent you.</Muted>
      )}
      {leagues?.map((l) => (
        <Item
          key={l.id}
          title={l.name}
          detail={`${l.season.name} · ${l.memberCount} ${l.memberCount === 1 ? 'member' : 'members'}${l.myRank != null ? ` · you are #${l.myRank}` : ''}`}
          badge={unreadBadge(l.unread, 'league-unread')}
          onPress={() => go({ screen: 'league', leagueId: l.id })}
        />
      ))}
      <JoinSection />
      <CreateForm />
    </Screen>
  );
}

function JoinSection() {
  const { styles } = useTheme();
  return (
    <View style={{ gap: space.md }}>
      <Text accessibilityRole="header" style={styles.subtitle}>
        Join a league
      </Text>
      <JoinForm />
    </View>
  );
}

type Season = SeasonsQuery['seasons'][number];

function CreateForm() {
  const { styles } = useTheme();
  const { go } = useNav();
  const { data: seasons = [], error: seasonsError } = useLoad<Season[]>(async () => {
    const today = new Date().toISOString().slice(0, 10);
    // Seasons still running or to come: a league of a finished season has nothing left to play.
    return (await client.graphql({ query: queries.seasons })).data.seasons.filter((s) => s.endDate >= today);
  }, []);
  const [seasonId, setSeasonId] = useState<string | null>(null);
  const [name, setName] = useState('');
  const { busy, status, failed, run } = useAction();
  const error = (failed ? status : null) ?? seasonsError;
  const chosen = seasons.find((s) => s.id === seasonId) ?? seasons[seasons.length - 1];
  async function create() {
    if (!chosen) return;
    await run('', async () => {
      const { data } = await client.graphql({
        query: mutations.createLeague,
        variables: { input: { name: name.trim(), seasonId: chosen.id } },
      });
      go({ screen: 'league', leagueId: data.createLeague.id });
    });
  }
  return (
    <View style={{ gap: space.md }}>
      <Text accessibilityRole="header" style={styles.subtitle}>
        Create a league
      </Text>
      <TextInput
        accessibilityLabel="League name"
        maxLength={60}
        value={name}
        onChangeText={setName}
        style={styles.input}
      />
      <Muted>Season</Muted>
      <View style={{ flexDirection: 'row', flexWrap: 'wrap', gap: space.sm }}>
        {seasons.map((s) => (
          <Button key={s.id} label={s.id === chosen?.id ? `● ${s.name}` : s.name} onPress={() => setSeasonId(s.id)} />
        ))}
      </View>
      <Button label="Create league" primary disabled={busy || !name.trim() || !chosen} onPress={() => void create()} />
      <Alert>{error}</Alert>
    </View>
  );
}
