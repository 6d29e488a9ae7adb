/** An invite link's screen (pickem://join/<code>, or the web app's /join/<code>): join, then the league. */
import { Muted, Screen, Title, Alert, Button } from '../ui';
import { useJoin } from './Leagues';

export function Join({ code }: { code: string }) {
  const { error, busy, join } = useJoin();
  return (
    <Screen>
      <Title>Join a league</Title>
      <Muted>Invite code {code}</Muted>
      <Button label="Join league" primary disabled={busy} onPress={() => void join(code)} />
      <Alert>{error}</Alert>
    </Screen>
  );
}
