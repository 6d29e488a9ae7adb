/**
 * Delivery: a mutation field named in a Subscription field's `@aws_subscribe(mutations: [...])` that
 * resolved without error to non-null is sent to that field's subscriptions. AWS: "Subscriptions are
 * triggered from mutations and the mutation selection set is sent to subscribers"
 * (aws-appsync-real-time-data.html), so the message holds only what the mutation selected; a field
 * the subscriber asks for and the mutation did not select is null (and a non-null one is an error,
 * as graphql-java reports it) *(guess: the observed behaviour is not documented)*.
 *
 * Each subscription gets the message when its enhanced filter passes or, when its resolver set none,
 * when every argument it gave equals the same-named field of the message (AWS's basic filtering); the
 * enhanced filter replaces the arguments' matching, as in AWS's example `onGroupTicketCreated(group:
 * String!)` whose resolver builds the filter from the argument *(guess: the doc does not say so
 * outright)*. Then it is shaped by its own selection set, each field authorized for the subscriber as
 * a query's would be. Delivery
 * runs after the mutation has answered, in publish order, in chunks (DELIVERY_UNITS_PER_TURN: a
 * subscription visited is a unit, and so is each KB sent) with the event loop given back between them (`work-queue.ts`): one update to 20,000 subscriptions does
 * not stall the requests and connections waiting meanwhile.
 */
import {
  execute,
  Kind,
  type DocumentNode,
  type GraphQLFieldResolver,
  type GraphQLSchema,
  type SelectionSetNode,
} from 'graphql';
import { isAllowed } from '../auth/directives.ts';
import { unauthorized, type Engine, type OperationEffects } from '../graphql/execute.ts';
import { formatExecutionError } from '../graphql/errors.ts';
import { estimateBytes } from '../graphql/response-size.ts';
import { matches } from './filters.ts';
import type { RealtimeLimits } from './protocol.ts';
import type { Subscription, SubscriptionRegistry } from './subscriptions.ts';
import { createWorkQueue, type WorkQueue } from './work-queue.ts';

/** Work per turn of the event loop while delivering: 500 subscriptions visited, or about 500 KB sent. */
const DELIVERY_UNITS_PER_TURN = 500;
/** One delivery queue per registry (per API), so that its deliveries keep their order. */
const queues = new WeakMap<SubscriptionRegistry, WorkQueue>();

/** Mutation field → the subscription fields whose @aws_subscribe lists it; once per schema. */
const triggersBySchema = new WeakMap<GraphQLSchema, Map<string, string[]>>();

export function subscriptionTriggers(schema: GraphQLSchema): Map<string, string[]> {
  const known = triggersBySchema.get(schema);
  if (known) return known;
  const triggers = new Map<string, string[]>();
  for (const field of Object.values(schema.getSubscriptionType()?.getFields() ?? {})) {
    const directive = field.astNode?.directives?.find((d) => d.name.value === 'aws_subscribe');
    const list = directive?.arguments?.find((a) => a.name.value === 'mutations')?.value;
    const names = list?.kind === Kind.LIST ? list.values : list ? [list] : [];
    for (const name of names) {
      if (name.kind !== Kind.STRING) continue;
      triggers.set(name.value, [...(triggers.get(name.value) ?? []), field.name]);
    }
  }
  triggersBySchema.set(schema, triggers);
  return triggers;
}

/** Each field under its own name (a mutation's aliases undone), following fragments. */
function byFieldName(value: unknown, selectionSet: SelectionSetNode | undefined, document: DocumentNode): unknown {
  if (Array.isArray(value)) return value.map((v) => byFieldName(v, selectionSet, document));
  if (!selectionSet || value === null || typeof value !== 'object') return value;
  const source = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  const visit = (set: SelectionSetNode) => {
    for (const s of set.selections) {
      if (s.kind === Kind.FIELD) {
        const key = s.alias?.value ?? s.name.value;
        if (key in source)
          out[s.name.value] = merge(out[s.name.value], byFieldName(source[key], s.selectionSet, document));
      } else if (s.kind === Kind.INLINE_FRAGMENT) {
        visit(s.selectionSet);
      } else {
        const fragment = document.definitions.find(
          (d) => d.kind === Kind.FRAGMENT_DEFINITION && d.name.value === s.name.value,
        );
        if (fragment?.kind === Kind.FRAGMENT_DEFINITION) visit(fragment.selectionSet);
      }
    }
  };
  visit(selectionSet);
  return out;
}

function merge(a: unknown, b: unknown): unknown {
  if (a && b && typeof a === 'object' && typeof b === 'object' && !Array.isArray(a) && !Array.isArray(b)) {
    const out: Record<string, unknown> = { ...(a as Record<string, unknown>) };
    for (const [k, v] of Object.entries(b)) out[k] = merge(out[k], v);
    return out;
  }
  return b === undefined ? a : b;
}

/** A subscription argument against the message's field: equal as JSON, or as text for scalars (an ID given as a number) *(guess)*. */
function argumentMatches(expected: unknown, actual: unknown): boolean {
  if (actual === undefined || actual === null) return false;
  if (typeof expected !== 'object' && typeof actual !== 'object') return String(expected) === String(actual);
  return JSON.stringify(expected) === JSON.stringify(actual);
}

/**
 * Reads each field of the message, if the subscriber may read it: its directives are checked against
 * the subscriber's authorization, as a query's fields are, and a field it may not read is null with an
 * `Unauthorized` error in the message *(guess: how AppSync reports it to a subscriber is not documented;
 * amplify-swift#673 reports subscriptions failing on fields narrowed to other auth rules)*.
 */
function readAllowed(subscription: Subscription): GraphQLFieldResolver<unknown, unknown> {
  const { engine, auth } = subscription;
  return (source, _args, _ctx, info) => {
    if (!isAllowed(engine.authRule(info.parentType.name, info.fieldName), auth)) throw unauthorized(info);
    return source !== null && typeof source === 'object' ? (source as Record<string, unknown>)[info.fieldName] : null;
  };
}

/** The `payload` of a `data` message for one subscription, as JSON text. */
function shapedPayload(subscription: Subscription, message: unknown): string {
  const { engine, document, operation, variables, field } = subscription;
  const result = execute({
    schema: engine.schema,
    document,
    operationName: operation.name?.value,
    variableValues: variables,
    rootValue: { [field]: message },
    fieldResolver: readAllowed(subscription),
  });
  if ('then' in result) throw new Error('Shaping a subscription message must not be asynchronous.');
  const payload: Record<string, unknown> = { data: result.data ?? null };
  if (result.errors?.length) payload.errors = result.errors.map((e) => formatExecutionError(engine.schema, e));
  return JSON.stringify(payload);
}

/** A subscriber's payload has no resolvers of its own; one function, so that its size plans are kept. */
const NO_RESOLVERS = () => false;

/**
 * The bytes a `data` message starts with for one shape of payload: built once per delivery and shared by
 * every subscription shaped alike, so that one update to thousands of subscriptions holds one copy of
 * its payload however many of them are still queued to send. Null when the payload is over the quota.
 */
function dataHead(subscription: Subscription, message: unknown, limits: RealtimeLimits): Buffer | null {
  // A subscriber's selection may multiply the message out (aliases over a list): estimated first, so
  // that a payload far over the quota is never built (graphql/response-size.ts).
  const { engine, document, operation, field } = subscription;
  const fragments = Object.fromEntries(
    document.definitions.flatMap((d) => (d.kind === Kind.FRAGMENT_DEFINITION ? [[d.name.value, d]] : [])),
  );
  const root = engine.schema.getSubscriptionType();
  const walk = { schema: engine.schema, fragments, hasResolver: NO_RESOLVERS };
  const budget = limits.maxMessageBytes;
  if (root && estimateBytes(walk, root, [operation.selectionSet], { [field]: message }, budget) > budget) return null;
  const payload = shapedPayload(subscription, message);
  return Buffer.byteLength(payload) > limits.maxMessageBytes
    ? null
    : Buffer.from(`{"type":"data","payload":${payload},"id":`);
}

/** Delivers `message` to the matching subscriptions, yielding after each one visited (1 unit) and each one sent to (1 unit a KB). */
function* deliver(
  subscriptions: ReadonlySet<Subscription>,
  message: unknown,
  limits: RealtimeLimits,
): Generator<number | undefined> {
  // One shaping per operation and engine: subscriptions from before and after a hot reload shape by their own schema.
  const heads = new Map<Engine, Map<string, Buffer | null>>();
  // The subscriptions as they are when this delivery begins (one closed meanwhile is skipped by its connection).
  for (const sub of [...subscriptions]) {
    yield;
    if (
      sub.filter
        ? !matches(sub.filter, message)
        : !sub.args.every(([name, v]) => argumentMatches(v, (message as Record<string, unknown>)[name]))
    )
      continue;
    let ofEngine = heads.get(sub.engine);
    if (!ofEngine) heads.set(sub.engine, (ofEngine = new Map()));
    let head = ofEngine.get(sub.shapeKey);
    if (head === undefined) ofEngine.set(sub.shapeKey, (head = dataHead(sub, message, limits)));
    if (head === null) {
      // AppSync does not document what a subscriber gets for a message over the quota *(guess)*.
      sub.subscriber.send({
        type: 'error',
        id: sub.id,
        payload: {
          errors: [
            { errorType: 'PayloadTooLarge', message: `The message is larger than ${limits.maxMessageBytes} bytes.` },
          ],
        },
      });
      continue;
    }
    sub.subscriber.sendData(head, sub.id);
    yield head.length >> 10;
  }
}

/** `extensions.invalidateSubscriptions({ subscriptionField, payload })`: ends the matching subscriptions with `complete` *(guess)*. */
function invalidate(registry: SubscriptionRegistry, call: unknown): void {
  const { subscriptionField, payload } = (call ?? {}) as { subscriptionField?: unknown; payload?: unknown };
  if (typeof subscriptionField !== 'string') return;
  for (const sub of [...registry.ofField(subscriptionField)]) {
    if (!sub.invalidation || !matches(sub.invalidation, payload)) continue;
    registry.remove(sub);
    sub.subscriber.send({ type: 'complete', id: sub.id });
    sub.subscriber.ended(sub.id);
  }
}

/** After a mutation answered: deliver its published fields, then apply its invalidations. */
export function publishMutation(
  registry: SubscriptionRegistry,
  engine: Engine,
  effects: OperationEffects,
  body: unknown,
  limits: RealtimeLimits,
): void {
  if (effects.operation.operation !== 'mutation' || registry.size === 0) return;
  const { data, errors } = (body ?? {}) as {
    data?: Record<string, unknown> | null;
    errors?: { path?: unknown[] | null }[];
  };
  const failed = new Set((errors ?? []).map((e) => e.path?.[0]));
  const triggers = subscriptionTriggers(engine.schema);
  const messages: [string, unknown][] = [];
  for (const s of effects.operation.selectionSet.selections) {
    if (s.kind !== Kind.FIELD) continue;
    const key = s.alias?.value ?? s.name.value;
    const value = data?.[key];
    if (value === null || value === undefined || failed.has(key)) continue;
    for (const field of triggers.get(s.name.value) ?? [])
      messages.push([field, byFieldName(value, s.selectionSet, effects.document)]);
  }
  const invalidations = effects.extensions
    .filter((e) => e.method === 'invalidateSubscriptions')
    .map((e) => ('payload' in e ? e.payload : null));
  if (messages.length === 0 && invalidations.length === 0) return;
  let queue = queues.get(registry);
  if (!queue) queues.set(registry, (queue = createWorkQueue(DELIVERY_UNITS_PER_TURN)));
  queue.push(
    (function* () {
      for (const [field, message] of messages) yield* deliver(registry.ofField(field), message, limits);
      for (const call of invalidations) invalidate(registry, call);
    })(),
  );
}
