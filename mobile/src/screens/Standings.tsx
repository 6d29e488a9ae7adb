/** Season standings (the season running now, or pick another), highest first. */
import { useEffect, useState } from 'react';
import { View } from 'react-native';
import type { SeasonsQuery, StandingsQuery } from '@pickem/client/graphql/types';
import { useLoad } from '@pickem/client/react';
import { errorText } from '@pickem/client/messages';
import { client, queries } from '../api';
import { space } from '@pickem/client/design/tokens';
import { Alert, Button, Muted, RankRows, Screen, Title } from '../ui';

type Season = SeasonsQuery['seasons'][number];
type Row = StandingsQuery['standings']['items'][number];

export function Standings({ me }: { me: string }) {
  const {
    data: seasons = [],
    error: seasonsError,
    reload: load,
  } = useLoad<Season[]>(async () => (await client.graphql({ query: queries.seasons })).data.seasons, []);
  const [chosen, setChosen] = useState<string | null>(null);
  const [rows, setRows] = useState<Row[] | null>(null);
  const [rowsError, setRowsError] = useState<string | null>(null);
  const error = seasonsError ?? rowsError;
  const today = new Date().toISOString().slice(0, 10);
  // The newest season already started (one still to come has no standings yet).
  const season = seasons.find((s) => s.id === chosen) ?? seasons.find((s) => s.startDate <= today) ?? seasons[0];
  useEffect(() => {
    if (!season) return;
    setRows(null);
    client.graphql({ query: queries.standings, variables: { seasonId: season.id, limit: 50 } }).then(
      ({ data }) => {
        setRows(data.standings.items);
        setRowsError(null);
      },
      (err) => setRowsError(errorText(err)),
    );
  }, [season]);
  return (
    <Screen onRefresh={load}>
      <Title>Standings</Title>
      <Alert>{error}</Alert>
      <View style={{ flexDirection: 'row', flexWrap: 'wrap', gap: space.sm }}>
        {seasons.map((s) => (
          <Button key={s.id} label={s.id === season?.id ? `● ${s.name}` : s.name} onPress={() => setChosen(s.id)} />
        ))}
      </View>
      {season && (
        <Muted>
          {season.startDate} to {season.endDate}
        </Muted>
      )}
      {rows && <RankRows rows={rows} me={me} testID="standings-row" />}
      {rows?.length === 0 && <Muted>No points yet this season.</Muted>}
    </Screen>
  );
}
