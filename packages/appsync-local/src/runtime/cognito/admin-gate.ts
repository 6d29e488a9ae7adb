/**
 * The local user pool's door, as Cognito's: an action outside `PUBLIC_ACTIONS` runs only with a valid
 * SigV4 signature made with the local credential (`.local/dynamodb-credentials.json`, the one every
 * in-repo client already holds), checked by the runtime's own verifier (`auth/sigv4.ts`, service
 * `cognito-idp`, the local region). A page of another site cannot sign, so it cannot make itself an
 * admin, list the users or set a password.
 *
 * CORS: the public actions keep cognito-local's answer (`Access-Control-Allow-Origin: *`), which a web
 * app signing up and in needs, as Cognito serves browsers. Signed actions get no CORS headers, and a
 * preflight asking to send `authorization` or `x-amz-security-token` (what a signed request carries)
 * is refused, so a browser neither sends a signed request from a page nor lets a page read the answer
 * *(guess: AWS's answer to such a preflight is not documented; no browser app calls an admin action)*.
 *
 * An unsigned call of a signed action is answered as AWS's JSON services answer one: HTTP 400
 * `MissingAuthenticationTokenException` "Missing Authentication Token" *(guess: the status)*; a bad
 * signature as the runtime's verifier answers it (InvalidSignatureException, ...).
 */
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { LocalPrincipal } from '../auth/principals.ts';
import { verifySigV4 } from '../auth/sigv4.ts';
import type { LocalCredentials } from '../process/dynamodb-credentials.ts';
import { headersOf, readBody, TooLarge } from '../io/request-body.ts';
import { COGNITO_SERVICE, needsSignature } from './public-actions.ts';

/** cognito-local's own body limit (body-parser's default, 100 kb). */
const MAX_BODY_BYTES = 100 * 1024;
const SIGNING_HEADERS = ['authorization', 'x-amz-security-token'];

function answer(res: ServerResponse, status: number, type: string, message: string): void {
  res.writeHead(status, { 'content-type': 'application/x-amz-json-1.1', 'x-amzn-errortype': type });
  res.end(JSON.stringify({ __type: type, message }));
}

/** Drops the CORS headers cognito-local's middleware sets, for one response. */
function withoutCors(res: ServerResponse): void {
  const setHeader = res.setHeader.bind(res);
  res.setHeader = (name, value) => (name.toLowerCase().startsWith('access-control-') ? res : setHeader(name, value));
}

function asksToSign(req: IncomingMessage): boolean {
  const requested = String(req.headers['access-control-request-headers'] ?? '')
    .toLowerCase()
    .split(',')
    .map((h) => h.trim());
  return requested.some((h) => SIGNING_HEADERS.includes(h));
}

export function adminGate(app: RequestListener, credentials: LocalCredentials, region: string): RequestListener {
  const principal: LocalPrincipal = {
    ...credentials,
    sessionToken: '',
    name: 'local-user-pool-admin',
    grantedFields: new Set(),
  };
  const principals = {
    find: (accessKeyId: string, sessionToken: string | undefined) =>
      accessKeyId === credentials.accessKeyId && sessionToken === undefined ? principal : undefined,
  };
  return (req, res) => {
    if (req.method === 'OPTIONS' && asksToSign(req))
      return answer(res, 403, 'AccessDeniedException', 'Signed user-pool actions are not answered to web pages.');
    if (!needsSignature(req.headers['x-amz-target'])) return void app(req, res);
    withoutCors(res);
    if (req.headers.authorization === undefined) {
      res.setHeader('connection', 'close');
      return answer(res, 400, 'MissingAuthenticationTokenException', 'Missing Authentication Token');
    }
    readBody(req, MAX_BODY_BYTES).then(
      async (body) => {
        const verdict = await verifySigV4({
          headers: headersOf(req),
          request: { method: req.method ?? 'POST', path: req.url ?? '/', body },
          principals,
          region,
          service: COGNITO_SERVICE,
        });
        if (!verdict.ok) return answer(res, verdict.status, verdict.errorType, verdict.message);
        try {
          // Read already: body-parser leaves a finished request's body as it is.
          (req as IncomingMessage & { body?: unknown }).body = JSON.parse(body);
        } catch {
          return answer(res, 400, 'SerializationException', 'The request body is not JSON.');
        }
        app(req, res);
      },
      (err: unknown) =>
        err instanceof TooLarge
          ? answer(res, 413, 'SerializationException', `Request body is larger than ${MAX_BODY_BYTES} bytes.`)
          : res.destroy(),
    );
  };
}
