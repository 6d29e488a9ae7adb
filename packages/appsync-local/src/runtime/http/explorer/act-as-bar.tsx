/**
 * The bar above GraphiQL: act as any username with the groups given for it, as a local IAM principal
 * the server offers (AWS_IAM, requests SigV4-signed: iam-signer.ts), or as nobody.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { fetchToken, parseGroups, remember, rememberedGroups, type Identity } from './identity.ts';
import { fetchCredentials, rememberSigner, type SignerInfo, type SigningCredentials } from './iam-signer.ts';

export type Session = { identity: Identity; token: string } | { signer: SignerInfo; credentials: SigningCredentials };

interface Props {
  /** undefined while signing in again after a reload. */
  session: Session | null | undefined;
  problem: string;
  onSession(session: Session | null, problem?: string): void;
  /** Local IAM principals to offer beside the Cognito user. */
  signers: SignerInfo[];
}

/** The mode chooser's value for a Cognito user; an IAM principal's is its name. */
const COGNITO = '';

function describe(session: Session | null | undefined): string {
  if (session === undefined) return 'Signing in again…';
  if (session === null) return 'Not signed in: requests carry no Authorization header.';
  if ('signer' in session) return `Acting as AWS_IAM (${session.signer.label}): every request is SigV4-signed.`;
  const { username, groups } = session.identity;
  return `Acting as ${username}, ${groups.length ? `groups: ${groups.join(', ')}` : 'no groups'}.`;
}

export function ActAsBar({ session, problem, onSession, signers }: Props) {
  const [mode, setMode] = useState(COGNITO);
  const [username, setUsername] = useState('');
  const [groupsText, setGroupsText] = useState('');
  const [busy, setBusy] = useState(false);

  // Show the signed-in identity in the fields once it is known (after a reload).
  useEffect(() => {
    if (!session) return;
    if ('signer' in session) return setMode(session.signer.name);
    setMode(COGNITO);
    setUsername(session.identity.username);
    setGroupsText(session.identity.groups.join(', '));
  }, [session]);

  const changeUser = (name: string) => {
    setUsername(name);
    // Another user starts with that user's own remembered groups, never the previous user's.
    setGroupsText(rememberedGroups(localStorage, name.trim()).join(', '));
  };

  /** Signs in with what `begin` makes; a failure keeps the current session and says why. */
  const signInWith = async (begin: () => Promise<Session>) => {
    setBusy(true);
    try {
      onSession(await begin());
    } catch (err) {
      onSession(session ?? null, (err as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const signIn = async (e: FormEvent) => {
    e.preventDefault();
    const signer = signers.find((s) => s.name === mode);
    if (signer) {
      return signInWith(async () => {
        const credentials = await fetchCredentials(signer);
        rememberSigner(localStorage, signer);
        return { signer, credentials };
      });
    }
    const identity = { username: username.trim(), groups: parseGroups(groupsText) };
    if (identity.username === '') return onSession(session ?? null, 'Enter a username to act as.');
    return signInWith(async () => {
      const token = await fetchToken(identity);
      remember(localStorage, identity);
      rememberSigner(localStorage, null);
      return { identity, token };
    });
  };

  const signOut = () => {
    remember(localStorage, null);
    rememberSigner(localStorage, null);
    onSession(null);
  };

  return (
    <form className="act-as" onSubmit={signIn}>
      <strong>Local AppSync</strong>
      {signers.length > 0 && (
        <select name="mode" aria-label="Authorization mode" value={mode} onChange={(e) => setMode(e.target.value)}>
          <option value={COGNITO}>Cognito user</option>
          {signers.map((s) => (
            <option key={s.name} value={s.name}>{`AWS_IAM (${s.label})`}</option>
          ))}
        </select>
      )}
      <label>
        Act as{' '}
        <input
          name="username"
          value={username}
          placeholder="username"
          autoComplete="off"
          disabled={mode !== COGNITO}
          onChange={(e) => changeUser(e.target.value)}
        />
      </label>
      <label title="Cognito groups, comma-separated; remembered for this username only">
        Groups{' '}
        <input
          name="groups"
          value={groupsText}
          placeholder="none"
          autoComplete="off"
          disabled={mode !== COGNITO}
          onChange={(e) => setGroupsText(e.target.value)}
        />
      </label>
      <button type="submit" disabled={busy}>
        Sign in
      </button>
      <button type="button" onClick={signOut} disabled={!session}>
        Sign out
      </button>
      <output data-testid="who">{describe(session)}</output>
      {problem && (
        <output className="act-as-problem" data-testid="problem">
          {problem}
        </output>
      )}
    </form>
  );
}
