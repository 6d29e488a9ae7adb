/**
 * A local Cognito user pool: the `cognito-local` emulator run in this process (its services assembled
 * as its own `createDefaultServer` does, with the data folder, host and port given here rather than
 * read from `.cognito/` and the PORT/HOST variables). Generic: which pool, groups and users exist is
 * the caller's business (see `ensureUserPool`).
 */
import './quiet-sdk-v2.ts';
import { createPublicKey, type KeyObject } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { createServer as createHttpServer, type ServerResponse } from 'node:http';
import { createServer } from 'cognito-local';
import { DateClock, LambdaService, MessagesService, TriggersService } from 'cognito-local/lib/services/index.js';
import { CognitoServiceFactoryImpl } from 'cognito-local/lib/services/cognitoService.js';
import { CryptoService } from 'cognito-local/lib/services/crypto.js';
import { StormDBDataStoreFactory } from 'cognito-local/lib/services/dataStore/stormDb.js';
import { ConsoleMessageSender } from 'cognito-local/lib/services/messageDelivery/consoleMessageSender.js';
import { MessageDeliveryService } from 'cognito-local/lib/services/messageDelivery/messageDelivery.js';
import { otp } from 'cognito-local/lib/services/otp.js';
import { JwtTokenGenerator } from 'cognito-local/lib/services/tokenGenerator.js';
import { UserPoolServiceFactoryImpl } from 'cognito-local/lib/services/userPoolService.js';
import { DefaultConfig } from 'cognito-local/lib/server/config.js';
import { Router, type Router as RouterOf } from 'cognito-local/lib/server/Router.js';
import pino from 'pino';
import { LOCAL_REGION, type LocalCredentials } from '../process/dynamodb-credentials.ts';
import { CONNECTION_DEADLINES, guardFirstHeaders, httpTimeouts, type ConnectionDeadlines } from '../io/deadlines.ts';
import { openSockets } from '../io/open-sockets.ts';
import { capConnections } from '../io/connection-caps.ts';
import { requestUrl } from '../io/request-url.ts';
import { foreignHost, isLoopback } from '../io/own-origin.ts';
import { headersOf } from '../io/request-body.ts';
import { adminGate } from './admin-gate.ts';
import { withAccessTokenCheck } from './access-tokens.ts';
import { withEmailVerification, withVerifiedClaim } from './email-verification.ts';
import { outboxMessageSender } from './outbox-sender.ts';
import { createOutbox } from '../services/outbox.ts';
import { needsSignature } from './public-actions.ts';
import { signedHeaders } from './sign-request.ts';

export interface CognitoLocalOptions {
  /** Folder of the emulator's files (its pools, clients and users); made mode 0700. */
  dataDir: string;
  /** 0 picks a free port. */
  port: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** The RSA private key that signs the pool's tokens and is served in its JWKS (see `useSigningKey`). */
  signingKey: KeyObject;
  /** The credential that signs (and alone may sign) the actions Cognito authorizes by IAM: `Admin*`, `ListUsers`, ... (see `admin-gate.ts`). */
  adminCredentials: LocalCredentials;
  /** How long a request's headers and body may take (default CONNECTION_DEADLINES, as the API's). */
  deadlines?: ConnectionDeadlines;
  /** Write the pool's emails (confirmation and reset codes) to this outbox folder (services/outbox.ts) rather than the console. */
  outboxDir?: string;
}

export interface CognitoLocal {
  /** Cognito's user-pool API: what the client takes as `Auth.Cognito.userPoolEndpoint`. */
  endpoint: string;
  /** One call of the user-pool API, signed with the admin credential when the action needs it. */
  call<T = Record<string, unknown>>(operation: string, input: Record<string, unknown>): Promise<T>;
  /** The `iss` of the tokens of a pool: `http://127.0.0.1:<port>/<poolId>`. */
  issuerOf(userPoolId: string): string;
  close(): Promise<void>;
}

/** An error of the user-pool API, named as Cognito names it (`UsernameExistsException`...). */
export class CognitoLocalError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(`${code}: ${message}`);
  }
}

export async function startCognitoLocal(opts: CognitoLocalOptions): Promise<CognitoLocal> {
  mkdirSync(opts.dataDir, { recursive: true, mode: 0o700 });
  useSigningKey(opts.signingKey);
  const host = opts.host ?? '127.0.0.1';
  const logger = pino({ level: 'silent' });
  const ctx = { logger };
  const config = {
    ...DefaultConfig,
    TokenConfig: { IssuerDomain: '' },
    ServerConfig: { hostname: host, port: opts.port, development: false },
  };
  const clock = new DateClock();
  const stores = new StormDBDataStoreFactory(opts.dataDir);
  const cognito = await new CognitoServiceFactoryImpl(
    opts.dataDir,
    stores,
    new UserPoolServiceFactoryImpl(clock, stores),
  ).create(ctx, config.UserPoolDefaults);
  const triggers = new TriggersService(
    clock,
    cognito,
    new LambdaService(config.TriggerFunctions, undefined as never),
    new CryptoService(config.KMSConfig),
  );
  const services = {
    clock,
    cognito,
    config,
    messages: new MessagesService(
      triggers,
      new MessageDeliveryService(
        opts.outboxDir ? outboxMessageSender(createOutbox(opts.outboxDir)) : new ConsoleMessageSender(),
      ),
    ),
    otp,
    tokenGenerator: withVerifiedClaim(new JwtTokenGenerator(clock, triggers, config.TokenConfig)),
    triggers,
  };
  const { application } = createServer(
    withAccessTokenCheck(
      withEmailVerification(withTokenRefresh(Router(services)), cognito),
      createPublicKey(opts.signingKey),
    ),
    logger,
    config.ServerConfig,
    services,
  );
  const gate = adminGate(application, opts.adminCredentials, LOCAL_REGION);
  // Bound beyond loopback (a phone reaches the pool by the machine's address), an IP literal is a Host too.
  const hostRule = { ipLiterals: !isLoopback(host) && host !== 'localhost' };
  const refuse = (res: ServerResponse, status: number, type: string, message: string) => {
    res.writeHead(status, { 'content-type': 'application/x-amz-json-1.1', 'x-amzn-errortype': type });
    res.end(JSON.stringify({ __type: type, message }));
  };
  const http = createHttpServer(httpTimeouts(opts.deadlines ?? CONNECTION_DEADLINES), (req, res) => {
    // A target that is no URL (`//[`) is refused here, before any router parses it.
    if (!requestUrl(req.url)) return refuse(res, 400, 'BadRequestException', 'The request target is not a valid URL.');
    // A name rebound to 127.0.0.1 (DNS rebinding) is not this pool: its pages could read the answers.
    const foreign = foreignHost(headersOf(req), req.socket.localPort ?? 0, hostRule);
    if (foreign) {
      res.setHeader('connection', 'close');
      return refuse(
        res,
        403,
        'AccessDeniedException',
        `The local user pool answers its own host names only. ${foreign}`,
      );
    }
    gate(req, res);
  });
  guardFirstHeaders(http, opts.deadlines ?? CONNECTION_DEADLINES);
  const open = openSockets(http);
  capConnections(http, 'userPool');
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(opts.port, host, () => resolve());
  });
  const { port } = http.address() as AddressInfo;
  // Tokens name the loopback address whatever interface is bound: the issuer is a name, not a route.
  const base = `http://127.0.0.1:${port}`;
  config.TokenConfig.IssuerDomain = base;

  return {
    endpoint: `http://${host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host}:${port}`,
    issuerOf: (userPoolId) => `${base}/${userPoolId}`,
    async call<T>(operation: string, input: Record<string, unknown>): Promise<T> {
      const text = JSON.stringify(input);
      const target = `AWSCognitoIdentityProviderService.${operation}`;
      let headers: Record<string, string> = { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': target };
      if (needsSignature(target))
        headers = await signedHeaders(new URL(`${base}/`), headers, text, opts.adminCredentials, LOCAL_REGION);
      const res = await fetch(`${base}/`, { method: 'POST', headers, body: text });
      const body = (await res.json()) as Record<string, unknown>;
      if (!res.ok)
        throw new CognitoLocalError(String(body.code ?? body.__type ?? res.status), String(body.message ?? ''));
      return body as T;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        http.close((err) => (err ? reject(err) : resolve()));
        http.closeAllConnections();
        open.destroyAll();
      }),
  };
}

/**
 * Adds `GetTokensFromRefreshToken`, the operation aws-amplify v6 refreshes tokens with, which
 * cognito-local 5.3.0 lacks: it is `InitiateAuth` with `REFRESH_TOKEN_AUTH`, and answers the same
 * `AuthenticationResult` (no refresh-token rotation, as a client without rotation gets from Cognito).
 */
function withTokenRefresh(route: RouterOf): RouterOf {
  return (target) =>
    target !== 'GetTokensFromRefreshToken'
      ? route(target)
      : async (
          ctx,
          req: {
            RefreshToken?: string;
            ClientId?: string;
            ClientSecret?: string;
            ClientMetadata?: Record<string, string>;
          },
        ) => {
          const { AuthenticationResult } = await route('InitiateAuth')(ctx, {
            AuthFlow: 'REFRESH_TOKEN_AUTH',
            ClientId: req.ClientId,
            AuthParameters: {
              REFRESH_TOKEN: req.RefreshToken,
              ...(req.ClientSecret ? { SECRET_HASH: req.ClientSecret } : {}),
            },
            ClientMetadata: req.ClientMetadata,
          });
          return { AuthenticationResult };
        };
}

/**
 * cognito-local signs every token with a key pair shipped in its package, the same for every install,
 * so anyone could forge its tokens. Its token generator and its JWKS route read that pair from two
 * JSON modules at each use: replacing their contents makes both use the caller's key (kid unchanged,
 * `CognitoLocal`, as the generator writes it). Process-wide, like the module cache.
 */
function useSigningKey(privateKey: KeyObject): void {
  const load = createRequire(import.meta.url);
  const jwk = {
    ...createPublicKey(privateKey).export({ format: 'jwk' }),
    kid: 'CognitoLocal',
    alg: 'RS256',
    use: 'sig',
  };
  const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  Object.assign(load('cognito-local/lib/keys/cognitoLocal.private.json'), { pem, jwk });
  Object.assign(load('cognito-local/lib/keys/cognitoLocal.public.json'), {
    pem: createPublicKey(privateKey).export({ type: 'spki', format: 'pem' }).toString(),
    jwk,
  });
}
