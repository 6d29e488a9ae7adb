/** The bar above GraphiQL: act as any username with the groups given for it, or as nobody. */
import { useEffect, useState, type FormEvent } from 'react';
import { fetchToken, parseGroups, remember, rememberedGroups, type Identity } from './identity.ts';

export interface Session {
  identity: Identity;
  token: string;
}

interface Props {
  /** undefined while signing in again after a reload. */
  session: Session | null | undefined;
  problem: string;
  onSession(session: Session | null, problem?: string): void;
}

function describe(session: Session | null | undefined): string {
  if (session === undefined) return 'Signing in again…';
  if (session === null) return 'Not signed in: requests carry no Authorization header.';
  const { username, groups } = session.identity;
  return `Acting as ${username}, ${groups.length ? `groups: ${groups.join(', ')}` : 'no groups'}.`;
}

export function ActAsBar({ session, problem, onSession }: Props) {
  const [username, setUsername] = useState('');
  const [groupsText, setGroupsText] = useState('');
  const [busy, setBusy] = useState(false);

  // Show the signed-in identity in the fields once it is known (after a reload).
  useEffect(() => {
    if (!session) return;
    setUsername(session.identity.username);
    setGroupsText(session.identity.groups.join(', '));
  }, [session]);

  const changeUser = (name: string) => {
    setUsername(name);
    // Another user starts with that user's own remembered groups, never the previous user's.
    setGroupsText(rememberedGroups(localStorage, name.trim()).join(', '));
  };

  const signIn = async (e: FormEvent) => {
    e.preventDefault();
    const identity = { username: username.trim(), groups: parseGroups(groupsText) };
    if (identity.username === '') return onSession(session ?? null, 'Enter a username to act as.');
    setBusy(true);
    try {
      const token = await fetchToken(identity);
      remember(localStorage, identity);
      onSession({ identity, token });
    } catch (err) {
      onSession(session ?? null, (err as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const signOut = () => {
    remember(localStorage, null);
    onSession(null);
  };

  return (
    <form className="act-as" onSubmit={signIn}>
      <strong>Local AppSync</strong>
      <label>
        Act as <input name="username" value={username} placeholder="username" autoComplete="off" onChange={(e) => changeUser(e.target.value)} />
      </label>
      <label title="Cognito groups, comma-separated; remembered for this username only">
        Groups <input name="groups" value={groupsText} placeholder="none" autoComplete="off" onChange={(e) => setGroupsText(e.target.value)} />
      </label>
      <button type="submit" disabled={busy}>
        Sign in
      </button>
      <button type="button" onClick={signOut} disabled={!session}>
        Sign out
      </button>
      <output data-testid="who">{describe(session)}</output>
      {problem && <output className="act-as-problem" data-testid="problem">{problem}</output>}
    </form>
  );
}
