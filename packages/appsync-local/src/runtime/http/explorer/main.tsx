/**
 * The explorer page: GraphiQL (schema docs, autocomplete, history, several operations per document)
 * against this server's /graphql, under a bar that chooses who to act as. The schema comes from
 * introspection through /graphql with the chosen user's token, as in the AppSync console. A
 * subscription goes over AppSync's real-time protocol on this page's own origin, with the same headers.
 */
import { GraphiQL } from 'graphiql';
import 'graphiql/style.css';
import { getOperationAST, parse, type DocumentNode } from 'graphql';
import { useEffect, useMemo, useState, type ComponentProps } from 'react';
import { createRoot } from 'react-dom/client';
import { ActAsBar, type Session } from './act-as-bar.tsx';
import { fetchToken, lastIdentity } from './identity.ts';
import { fetchCredentials, rememberedSigner, signedHeaders, type SignerInfo } from './iam-signer.ts';
import { realtimeUrl, subscribeOverRealtime } from './realtime-subscription.ts';
import './explorer.css';

type Fetcher = ComponentProps<typeof GraphiQL>['fetcher'];

/**
 * Queries and mutations are POSTed to /graphql; a subscription opens the real-time endpoint at
 * `realtimePath`. The headers typed in GraphiQL's Headers pane come last and win.
 */
function fetcherFor(session: Session | null, realtimePath: string): Fetcher {
  return async (given, opts) => {
    // GraphiQL hands over its parse, and the operation name it picked, only once its editor has
    // settled; parse here so that a document run right after typing or pasting is sent as what it is.
    const params = { ...given };
    const document = parsedOrNull(params.query);
    if (document && params.operationName && !getOperationAST(document, params.operationName)) {
      params.operationName = getOperationAST(document)?.name?.value ?? null;
    }
    const operation = document && getOperationAST(document, params.operationName);
    const body = JSON.stringify(params);
    const auth = !session
      ? {}
      : 'token' in session
        ? { authorization: session.token }
        : await signedHeaders(session.signer, session.credentials, '/graphql', body);
    const headers: Record<string, string> = { ...auth, ...opts?.headers };
    if (operation?.operation === 'subscription') {
      if (session && 'signer' in session)
        return { errors: [{ message: 'The explorer opens subscriptions as a Cognito user only.' }] };
      // AppSync's documented handshake headers carry the API's host next to the authorization.
      return subscribeOverRealtime(realtimeUrl(location, realtimePath), params, { host: location.host, ...headers });
    }
    const res = await fetch('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
    });
    const text = await res.text();
    try {
      return JSON.parse(text);
    } catch {
      return { errors: [{ message: `HTTP ${res.status}: ${text}` }] };
    }
  };
}

function parsedOrNull(query: string): DocumentNode | null {
  try {
    return parse(query);
  } catch {
    return null;
  }
}

function Explorer({
  tokens,
  realtimePath,
  signers,
  example,
}: {
  tokens: boolean;
  realtimePath: string;
  signers: SignerInfo[];
  example?: string;
}) {
  // undefined: still signing in again as the last user after a reload.
  const [session, setSession] = useState<Session | null | undefined>(tokens ? undefined : null);
  const [problem, setProblem] = useState('');

  useEffect(() => {
    if (!tokens) return;
    const signer = rememberedSigner(localStorage, signers);
    if (signer) {
      fetchCredentials(signer).then(
        (credentials) => setSession({ signer, credentials }),
        (err: Error) => {
          setProblem(`could not sign in again as AWS_IAM (${signer.label}): ${err.message}`);
          setSession(null);
        },
      );
      return;
    }
    const identity = lastIdentity(localStorage);
    if (identity === null) return setSession(null);
    fetchToken(identity).then(
      (token) => setSession({ identity, token }),
      (err: Error) => {
        setProblem(`could not sign in again as ${identity.username}: ${err.message}`);
        setSession(null);
      },
    );
  }, [tokens, signers]);

  const fetcher = useMemo(() => fetcherFor(session ?? null, realtimePath), [session, realtimePath]);
  return (
    <div className="explorer">
      {tokens && (
        <ActAsBar
          session={session}
          problem={problem}
          signers={signers}
          onSession={(next, why = '') => {
            setSession(next);
            setProblem(why);
          }}
        />
      )}
      {/* Signed out, the API answers introspection with UnauthorizedException: load no schema until someone is chosen. */}
      <div className="explorer-graphiql">
        {session !== undefined && (
          <GraphiQL fetcher={fetcher} defaultQuery={example} schema={tokens && session === null ? null : undefined} />
        )}
      </div>
    </div>
  );
}

const root = document.getElementById('root')!;
const signers = JSON.parse(root.dataset.signers ?? '[]') as SignerInfo[];
createRoot(root).render(
  <Explorer
    tokens={root.dataset.tokens === 'true'}
    realtimePath={root.dataset.realtimePath!}
    signers={signers}
    example={root.dataset.example}
  />,
);
