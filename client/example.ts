/**
 * How an app calls the API with the generated documents (an app outside this repository copies
 * client/graphql/; apps here import @pickem/client by name). The same calls run against the local
 * stack (`npm start`) and a deployed backend: test/app/app.test.ts runs them on the local one;
 * test/client/client.test.ts type-checks them. The web app in app/ does the same.
 */
import { generateClient } from 'aws-amplify/api';
import { signIn } from 'aws-amplify/auth';
import { createEvent, savePrediction } from './graphql/mutations.ts';
import { eventCard, events, standings } from './graphql/queries.ts';
import type { EventCardQuery, PickInput } from './graphql/types.ts';

/** In the app's entry point: `import outputs from './amplify_outputs.json'; configureAmplify(outputs);` */
export { configureAmplify } from './configure.ts';

/** USER_PASSWORD_AUTH: the local user pool has no SRP; the cloud app client allows both. */
export async function signInWithEmail(email: string, password: string): Promise<boolean> {
  const { isSignedIn } = await signIn({ username: email, password, options: { authFlowType: 'USER_PASSWORD_AUTH' } });
  return isSignedIn;
}

const client = generateClient();

export async function upcomingEvents(): Promise<{ id: string; name: string; date: string }[]> {
  const { data } = await client.graphql({ query: events, variables: { limit: 20 } });
  return data.events.items.filter((e) => e.state === 'UPCOMING').map(({ id, name, date }) => ({ id, name, date }));
}

export async function loadCard(eventId: string): Promise<EventCardQuery['eventCard']> {
  const { data } = await client.graphql({ query: eventCard, variables: { eventId } });
  return data.eventCard;
}

export async function savePicks(eventId: string, picks: PickInput[]): Promise<string> {
  const { data } = await client.graphql({ query: savePrediction, variables: { eventId, picks } });
  return data.savePrediction.updatedAt;
}

/** Admins only (Cognito group "admin"); others get an Unauthorized error. */
export async function scheduleEvent(name: string, date: string, startsAt: string): Promise<string> {
  const { data } = await client.graphql({ query: createEvent, variables: { input: { name, date, startsAt } } });
  return data.createEvent.id;
}

/** Never called: the mistakes the generated types catch at compile time. */
export async function mistakesCaughtByTheCompiler(): Promise<void> {
  // @ts-expect-error season is an Int
  await client.graphql({ query: standings, variables: { season: '2025' } });
  // @ts-expect-error eventId is required
  await client.graphql({ query: eventCard, variables: {} });
  const { data } = await client.graphql({ query: events });
  // @ts-expect-error Event has no field "title"
  console.log(data.events.items[0].title);
  // @ts-expect-error state is an EventState, not any string
  const open: (typeof data.events.items)[0]['state'] = 'OPEN';
  console.log(open);
}
