/**
 * Runs one GraphQL operation against the local API as the local console admin (AWS_IAM), SigV4-signed
 * with the credentials `npm start` wrote, by the same callApi the scoring function uses:
 *   npm run --silent iam-call -- '<graphql>' [--variables '<json>'] [--credentials <file>] [--url <graphql url>]
 * The URL defaults to .local/amplify_outputs.json's `data.url`. Prints the API's JSON answer; exits 1 when it has errors or the request was refused, 2 on bad usage.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { repoRoot } from '../project.ts';
import { API_URL_VARIABLE } from 'appsync-cloud/lambda';
import { type SigningCredentials, LOCAL_REGION } from 'appsync-local';
import { CONSOLE_ADMIN_CREDENTIALS_FILE } from '../amplify/data/console-admin.ts';

const USAGE =
  "usage: npm run --silent iam-call -- '<graphql>' [--variables '<json>'] [--credentials <file>] [--url <graphql url>]";

function fail(message: string, code = 2): never {
  process.stderr.write(`${message}\n${code === 2 ? `${USAGE}\n` : ''}`);
  process.exit(code);
}

function readJson<T>(file: string, what: string): T {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch (err) {
    return fail(`${file}: ${(err as Error).message} (${what}; is npm start running?)`, 1);
  }
}

let parsed;
try {
  parsed = parseArgs({
    options: { variables: { type: 'string' }, credentials: { type: 'string' }, url: { type: 'string' } },
    allowPositionals: true,
    strict: true,
  });
} catch (err) {
  fail((err as Error).message);
}
const [query, ...extra] = parsed.positionals;
if (!query || extra.length > 0) fail('give one GraphQL document');
let variables: Record<string, unknown> | undefined;
try {
  variables =
    parsed.values.variables === undefined
      ? undefined
      : (JSON.parse(parsed.values.variables) as Record<string, unknown>);
} catch {
  fail('--variables must be a JSON object');
}

const credentialsFile = path.resolve(repoRoot, parsed.values.credentials ?? CONSOLE_ADMIN_CREDENTIALS_FILE);
const credentials = readJson<SigningCredentials>(credentialsFile, 'the credentials npm start writes');
const url =
  parsed.values.url ??
  readJson<{ data?: { url?: string } }>(
    path.join(repoRoot, '.local', 'amplify_outputs.json'),
    'the local API outputs npm start writes',
  ).data?.url;
if (!url) fail('.local/amplify_outputs.json has no data.url', 1);

// callApi signs with the environment's credentials, as on Lambda.
Object.assign(process.env, {
  [API_URL_VARIABLE]: url,
  // The region the local API checks signatures against.
  AWS_REGION: LOCAL_REGION,
  AWS_ACCESS_KEY_ID: credentials.accessKeyId,
  AWS_SECRET_ACCESS_KEY: credentials.secretAccessKey,
});
if (credentials.sessionToken) process.env.AWS_SESSION_TOKEN = credentials.sessionToken;
else delete process.env.AWS_SESSION_TOKEN;

const { callApi } = await import('appsync-cloud/lambda');
try {
  const answer = await callApi(query, variables);
  process.stdout.write(`${JSON.stringify(answer, null, 2)}\n`);
  process.exit(answer.errors?.length ? 1 : 0);
} catch (err) {
  fail((err as Error).message, 1);
}
