/**
 * The real Amplify client against the local API: a rejected token comes back as AppSync's
 * UnauthorizedException (the client reads the type from the 401's `x-amzn-ErrorType` header).
 */
import { Amplify } from 'aws-amplify';
import { generateClient } from 'aws-amplify/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signToken } from 'appsync-local';
import { startTestApi, type TestApi } from '../support/local-api.ts';

let api: TestApi;
/** The token the client's token provider hands out; each test sets it. */
let token = '';

beforeAll(async () => {
  api = await startTestApi();
  Amplify.configure(
    { API: { GraphQL: { endpoint: api.app.url, region: 'us-east-1', defaultAuthMode: 'userPool' } } },
    {
      Auth: {
        tokenProvider: {
          getTokens: async () => {
            const payload = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'));
            return { accessToken: { payload, toString: () => token } };
          },
        },
      },
    },
  );
});
afterAll(() => api.close());

const EVENTS = 'query { events(limit: 1) { items { id } } }';

/** What `client.graphql` rejects with: `{ data, errors }`, as Amplify documents. */
async function rejection(): Promise<{ errors: { message: string; originalError?: { name: string } }[] }> {
  const request = generateClient().graphql({ query: EVENTS }) as Promise<unknown>;
  return request.then(
    () => {
      throw new Error('the request was expected to fail');
    },
    (e: unknown) => e as { errors: { message: string; originalError?: { name: string } }[] },
  );
}

describe('Amplify client, rejected tokens', () => {
  it('an expired token rejects with UnauthorizedException', async () => {
    const hourAgo = Math.floor(Date.now() / 1000) - 3600;
    token = signToken(api.app.key, { username: 'expired-user', groups: [], expiresInSeconds: 60 }, hourAgo);
    const { errors } = await rejection();
    expect(errors).toHaveLength(1);
    expect(errors[0].originalError?.name).toBe('UnauthorizedException');
    // Amplify's own wording for an UnauthorizedException (repackageAuthError), not "Unknown error".
    expect(errors[0].message).toBe('Unauthorized');
  });

  it('a forged token rejects with UnauthorizedException too', async () => {
    const good = api.token('forger');
    const [header, payload, signature] = good.split('.');
    const claims = { ...JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')), 'cognito:groups': ['admin'] };
    token = [header, Buffer.from(JSON.stringify(claims)).toString('base64url'), signature].join('.');
    const { errors } = await rejection();
    expect(errors[0].originalError?.name).toBe('UnauthorizedException');
  });

  it('a valid token still gets data', async () => {
    token = api.token('reader');
    const result = await (generateClient().graphql({ query: EVENTS }) as Promise<unknown>);
    expect(result).toMatchObject({ data: { events: { items: expect.any(Array) } } });
  });
});
