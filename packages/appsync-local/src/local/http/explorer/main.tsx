/**
 * The explorer page: GraphiQL (schema docs, autocomplete, history, several operations per document)
 * against this server's /graphql, under a bar that chooses who to act as. The schema comes from
 * introspection through /graphql with the chosen user's token, as in the AppSync console. A
 * subscription goes over AppSync's real-time protocol on this page's own origin, with the same headers.
 */
import { GraphiQL } from 'graphiql';
import 'graphiql/style.css';
import { getOperationAST } from 'graphql';
import { useEffect, useMemo, useState, type ComponentProps } from 'react';
import { createRoot } from 'react-dom/client';
import { ActAsBar, type Session } from './act-as-bar.tsx';
import { fetchToken, lastIdentity } from './identity.ts';
import { realtimeUrl, subscribeOverRealtime } from './realtime-subscription.ts';
import './explorer.css';

type Fetcher = ComponentProps<typeof GraphiQL>['fetcher'];

/**
 * Queries and mutations are POSTed to /graphql; a subscription opens the real-time endpoint at
 * `realtimePath`. The headers typed in GraphiQL's Headers pane come last and win.
 */
function fetcherFor(token: string | null, realtimePath: string): Fetcher {
  return async (params, opts) => {
    const headers: Record<string, string> = { ...(token ? { authorization: token } : {}), ...opts?.headers };
    const operation = opts?.documentAST && getOperationAST(opts.documentAST, params.operationName);
    if (operation?.operation === 'subscription') {
      // AppSync's documented handshake headers carry the API's host next to the authorization.
      return subscribeOverRealtime(realtimeUrl(location, realtimePath), params, { host: location.host, ...headers });
    }
    const res = await fetch('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
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

function Explorer({ tokens, realtimePath }: { tokens: boolean; realtimePath: string }) {
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

  const fetcher = useMemo(() => fetcherFor(session?.token ?? null, realtimePath), [session, realtimePath]);
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
createRoot(root).render(<Explorer tokens={root.dataset.tokens === 'true'} realtimePath={root.dataset.realtimePath!} />);
