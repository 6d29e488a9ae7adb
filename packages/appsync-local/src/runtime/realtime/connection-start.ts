/**
 * A `start` on a connection: the checks AppSync makes before it runs anything (a live id, the
 * connection's subscription count, the document's form and size, the registry's bounds), then the
 * start's own authorization and the subscription's resolver, then its place in the registry. A start
 * stopped or a connection closed meanwhile is dropped at each step.
 */
import type { AuthenticationResult } from '../auth/authenticate.ts';
import type { GraphQLRequest } from '../graphql/execute.ts';
import { graphQLRequestFromJson, lowerCaseHeaders } from '../graphql/request.ts';
import type { RequestAuth } from '../types.ts';
import { limitExceeded, type ProtocolError, type RealtimeLimits } from './protocol.ts';
import type { StartResult, Subscriber, Subscription, SubscriptionRegistry } from './subscriptions.ts';

/** What a start needs of the API and of its connection. */
export interface StartContext {
  registry: SubscriptionRegistry;
  limits: RealtimeLimits;
  authenticate(headers: Record<string, string>): Promise<AuthenticationResult>;
  start(request: GraphQLRequest, auth: RequestAuth, headers: Record<string, string>): Promise<StartResult>;
  /**
   * The connection's live and pending subscriptions by id. A pending one is still running its resolver
   * and is marked by a token of its own start: a start stopped and started again under the same id must
   * not find the second start's marker and take its place.
   */
  subscriptions: Map<string, Subscription | symbol>;
  subscriber: Subscriber;
  isClosed(): boolean;
}

export const isLive = (sub: Subscription | symbol | undefined): sub is Subscription =>
  sub !== undefined && typeof sub !== 'symbol';

/** The error a start is refused with before anything runs, else its request. */
function checked(c: StartContext, id: string, data: string): GraphQLRequest | ProtocolError {
  if (c.subscriptions.has(id)) {
    // The error type AppSync gives a second start with a live id (re:Post QU2tphAPAwQ1WpEp0DlTtGog).
    return { errorType: 'DuplicatedOperationError', message: `Duplicate operation id ${id}.` };
  }
  const { maxSubscriptionsPerConnection, maxSubscriptionDocumentChars } = c.limits;
  if (c.subscriptions.size >= maxSubscriptionsPerConnection) {
    return {
      errorType: 'MaxSubscriptionsReachedError',
      message: `A connection has at most ${maxSubscriptionsPerConnection} subscriptions.`,
    };
  }
  const request = graphQLRequestFromJson(data);
  if (!request) return { errorType: 'MalformedHttpRequestException', message: 'Unable to parse GraphQL query.' };
  if (request.query.length > maxSubscriptionDocumentChars) {
    return limitExceeded(`A subscription document has at most ${maxSubscriptionDocumentChars} characters.`);
  }
  const crowded = c.registry.refusal(request.query);
  return crowded ? limitExceeded(crowded) : request;
}

/** Runs one start; answers `start_ack` or `error` on the connection, or nothing when it was dropped. */
export async function startOnConnection(
  c: StartContext,
  id: string,
  data: string,
  authorization: Record<string, unknown> | undefined,
): Promise<void> {
  const refuse = (errors: unknown[]) => c.subscriber.send({ type: 'error', id, payload: { errors } });
  const request = checked(c, id, data);
  if ('errorType' in request) return refuse([request]);
  const pending = Symbol(id);
  c.subscriptions.set(id, pending);
  const dropped = () => c.isClosed() || c.subscriptions.get(id) !== pending;
  const headers = lowerCaseHeaders(authorization ?? {});
  const authn = await c.authenticate(headers);
  if (dropped()) return;
  if (!authn.ok) {
    c.subscriptions.delete(id);
    return refuse([authn.body.errors[0]]);
  }
  const result = await c.start(request, authn.auth, headers);
  if (dropped()) return;
  if (!result.ok) {
    c.subscriptions.delete(id);
    return refuse(result.errors);
  }
  const subscription: Subscription = { ...result.subscription, id, subscriber: c.subscriber };
  const refused = c.registry.add(subscription);
  if (refused) {
    c.subscriptions.delete(id);
    return refuse([limitExceeded(refused)]);
  }
  c.subscriptions.set(id, subscription);
  c.subscriber.send({ type: 'start_ack', id });
}
