/**
 * Introspection against `npm start`'s own server (with its V8 heap limit): 1,000 aliases of a deep
 * `__schema` fragment from a signed-in player are refused at validation with BadFaithIntrospection and
 * the server stays up for a bystander; the 2.7 KB query that used to answer 22.8 MB is refused too; the
 * standard introspection query (GraphiQL's, codegen's) still answers.
 */
import { getIntrospectionQuery } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphqlData } from 'appsync-local';
import { npmStart, type NpmStart } from '../../scripts/start-child.ts';
import { INTROSPECTION_AMPLIFIER, INTROSPECTION_BOMB, postIntrospection } from '../../bench/abuse-introspection.ts';

const RESPONSE_LIMIT = 5 * 1024 * 1024;
let stack: NpmStart;

beforeAll(async () => {
  stack = await npmStart(['--in-memory', '--empty', '--no-watch']);
}, 240_000);

afterAll(async () => {
  await stack?.stop();
});

const bystander = () =>
  graphqlData<{ events: { items: { id: string }[] } }>(
    stack.apiUrl,
    stack.tokens.player,
    '{ events(limit: 1) { items { id } } }',
  );

describe('introspection fan-out through npm start', () => {
  it('refuses 1,000 aliases of a deep __schema fragment, and the server keeps answering', async () => {
    expect(INTROSPECTION_BOMB.length).toBeGreaterThan(20_000);
    const outcome = await postIntrospection(stack.apiUrl, stack.tokens.player, INTROSPECTION_BOMB);
    expect(outcome).toMatchObject({ status: 200, errorType: 'BadFaithIntrospection' });
    expect(outcome.bytes).toBeLessThan(10_000);
    expect(stack.exited()).toBe(false);
    expect(await bystander()).toEqual({ events: { items: [] } });
  }, 60_000);

  it('refuses the small query whose answer multiplied out past the response limit', async () => {
    const outcome = await postIntrospection(stack.apiUrl, stack.tokens.player, INTROSPECTION_AMPLIFIER);
    expect(outcome.bytes).toBeLessThan(RESPONSE_LIMIT);
    expect(outcome.errorType).toBe('BadFaithIntrospection');
    expect(stack.exited()).toBe(false);
  }, 60_000);

  it('still answers the standard introspection query', async () => {
    const data = await graphqlData<{ __schema: { types: { name: string }[] } }>(
      stack.apiUrl,
      stack.tokens.player,
      getIntrospectionQuery({ descriptions: true, specifiedByUrl: true, inputValueDeprecation: true }),
    );
    expect(data.__schema.types.map((t) => t.name)).toContain('Event');
  });
});
