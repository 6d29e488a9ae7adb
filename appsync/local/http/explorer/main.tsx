/**
 * The explorer page: GraphiQL (schema docs, autocomplete, history, several operations per document)
 * against this server's /graphql, under a bar that chooses who to act as. The schema comes from
 * introspection through /graphql with the chosen user's token, as in the AppSync console.
 */
import { GraphiQL } from 'graphiql';
import 'graphiql/style.css';
import { useEffect, useMemo, useState, type ComponentProps } from 'react';
import { createRoot } from 'react-dom/client';
import { ActAsBar, type Session } from './act-as-bar.tsx';
import { fetchToken, lastIdentity } from './identity.ts';
import './explorer.css';

type Fetcher = ComponentProps<typeof GraphiQL>['fetcher'];

/** POSTs to /graphql; the headers typed in GraphiQL's Headers pane come last and win. */
function fetcherFor(token: string | null): Fetcher {
  return async (params, opts) => {
    const res = await fetch('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}), ...opts?.headers },
      body: JSON.stringify(params),
    });
    const text = await res.text();
    try {
      return JSON.parse(text);
    } catch {
      return { errors: [{ message: `HTTP ${res.status}: ${text}` }] };
    }
  };
}

function Explorer({ tokens }: { tokens: boolean }) {
  // undefined: still signing in again as the last user after a reload.
  const [session, setSession] = useState<Session | null | undefined>(tokens ? undefined : null);
  const [problem, setProblem] = useState('');

  useEffect(() => {
    if (!tokens) return;
    const identity = lastIdentity(localStorage);
    if (identity === null) return setSession(null);
    fetchToken(identity).then(
      (token) => setSession({ identity, token }),
      (err: Error) => {
        setProblem(`could not sign in again as ${identity.username}: ${err.message}`);
        setSession(null);
      },
    );
  }, [tokens]);

  const fetcher = useMemo(() => fetcherFor(session?.token ?? null), [session]);
  return (
    <div className="explorer">
      {tokens && (
        <ActAsBar
          session={session}
          problem={problem}
          onSession={(next, why = '') => {
            setSession(next);
            setProblem(why);
          }}
        />
      )}
      <div className="explorer-graphiql">{session !== undefined && <GraphiQL fetcher={fetcher} />}</div>
    </div>
  );
}

const root = document.getElementById('root')!;
createRoot(root).render(<Explorer tokens={root.dataset.tokens === 'true'} />);
