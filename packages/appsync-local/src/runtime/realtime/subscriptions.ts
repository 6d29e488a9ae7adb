/**
 * Subscriptions: starting one (the operation validated, its root field authorized and its resolver run
 * as a query's would be, at `start`), and the live ones, by subscription field.
 */
import {
  getOperationAST,
  Kind,
  type DocumentNode,
  type FieldNode,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';
import { executeRequest, type Engine, type GraphQLRequest } from '../graphql/execute.ts';
import type { RequestAuth } from '../types.ts';
import { parseFilter, type FilterGroups } from './filters.ts';
import type { ServerMessage } from './protocol.ts';

export interface Subscriber {
  /**
   * Sends a `data` message as two fragments of one WebSocket message: `head`, the same bytes for every
   * subscription shaped alike (sent as is, never copied), then this subscription's id and the end.
   */
  sendData(head: Buffer, id: string): void;
  send(message: ServerMessage): void;
  /** The subscription ended from the server side (invalidated). */
  ended(id: string): void;
}

export interface Subscription {
  id: string;
  subscriber: Subscriber;
  /** The subscription field, e.g. `onCreateThing`. */
  field: string;
  /** The arguments the client gave (null ones left out): each must equal the same-named field of a message. */
  args: [string, unknown][];
  filter: FilterGroups | null;
  invalidation: FilterGroups | null;
  /** What shapes a message by the subscriber's selection: the engine it started on and its operation. */
  engine: Engine;
  /** The document's text: identical ones share one parsed document in the registry. */
  query: string;
  document: DocumentNode;
  operation: OperationDefinitionNode;
  variables: Record<string, unknown>;
  /** The subscriber's authorization at `start`: each field of a message is checked against it. */
  auth: RequestAuth;
  /**
   * Subscriptions with equal keys on one engine shape a message identically (one shaping per engine
   * and key per message): the same operation and variables, and the same auth mode and groups.
   */
  shapeKey: string;
}

export type StartResult =
  { ok: true; subscription: Omit<Subscription, 'id' | 'subscriber'> } | { ok: false; errors: unknown[] };

/** The root field of a subscription operation (validation leaves exactly one), through fragments. */
export function rootField(document: DocumentNode, selectionSet: SelectionSetNode): FieldNode | null {
  for (const s of selectionSet.selections) {
    if (s.kind === Kind.FIELD && s.name.value !== '__typename') return s;
    if (s.kind === Kind.INLINE_FRAGMENT) return rootField(document, s.selectionSet);
    if (s.kind === Kind.FRAGMENT_SPREAD) {
      const fragment = document.definitions.find(
        (d) => d.kind === Kind.FRAGMENT_DEFINITION && d.name.value === s.name.value,
      );
      if (fragment?.kind === Kind.FRAGMENT_DEFINITION) return rootField(document, fragment.selectionSet);
    }
  }
  return null;
}

const refused = (errorType: string, message: string): StartResult => ({ ok: false, errors: [{ errorType, message }] });

/** The last filter a resolver set of each kind (a later call replaces an earlier one *(guess)*). */
function lastPayload(calls: { method: string; payload?: unknown }[], method: string): unknown {
  return calls.filter((c) => c.method === method).at(-1)?.payload;
}

/**
 * Runs a `start`: the operation must be a subscription; its root field is authorized by its directives
 * and its resolver runs like a query's (a resolver error refuses the subscription, with its errors).
 */
export async function startSubscription(
  engine: Engine,
  request: GraphQLRequest,
  auth: RequestAuth,
  headers: Record<string, string>,
): Promise<StartResult> {
  const outcome = await executeRequest(engine, request, auth, headers, { subscription: true });
  const body = outcome.body as { errors?: unknown[] };
  if (body.errors?.length) return { ok: false, errors: body.errors };
  const effects = outcome.effects;
  if (!effects) return refused('MalformedHttpRequestException', 'Unable to parse GraphQL query.');
  const root = rootField(effects.document, effects.operation.selectionSet);
  if (!root) return refused('ValidationError', 'A subscription needs one root field.');
  const filters: Partial<Record<'filter' | 'invalidation', FilterGroups | null>> = {};
  for (const [key, method] of [
    ['filter', 'setSubscriptionFilter'],
    ['invalidation', 'setSubscriptionInvalidationFilter'],
  ] as const) {
    const json = lastPayload(effects.extensions, method);
    if (json === undefined || json === null) {
      filters[key] = null;
      continue;
    }
    const parsed = parseFilter(typeof json === 'string' ? safeJson(json) : json);
    if (typeof parsed === 'string') return refused('Code', `extensions.${method}: ${parsed}`);
    filters[key] = parsed;
  }
  const args = Object.entries(effects.rootArgs ?? {}).filter(([, v]) => v !== null && v !== undefined);
  const variables = request.variables ?? {};
  return {
    ok: true,
    subscription: {
      field: root.name.value,
      args,
      filter: filters.filter ?? null,
      invalidation: filters.invalidation ?? null,
      engine,
      query: request.query,
      document: effects.document,
      operation: effects.operation,
      variables,
      auth,
      shapeKey: [authKey(auth), request.operationName ?? '', JSON.stringify(variables), request.query].join('\u0000'),
    },
  };
}

/** What field authorization depends on (isAllowed): the mode and, for user pools, the groups. */
function authKey(auth: RequestAuth): string {
  const groups = auth.identity && 'groups' in auth.identity ? (auth.identity.groups ?? []) : [];
  return `${auth.mode}:${[...groups].sort().join(',')}`;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * The live subscriptions of one API, by subscription field. Identical documents (by text) share one
 * parsed document, and the distinct ones kept are bounded by their text (`maxDocumentsChars`).
 */
export class SubscriptionRegistry {
  private readonly byField = new Map<string, Set<Subscription>>();
  private readonly documents = new Map<string, { document: DocumentNode; refs: number }>();
  private documentChars = 0;

  constructor(private readonly maxDocumentsChars = Infinity) {}

  /** Why a subscription of this document text would be refused now (checked before it is parsed and run), or null. */
  refusal(query: string): string | null {
    if (this.documents.has(query) || this.documentChars + query.length <= this.maxDocumentsChars) return null;
    return `Live subscriptions keep at most ${this.maxDocumentsChars} characters of distinct documents.`;
  }

  /** Adds a subscription (on the shared parsed document of its text); a message when the documents' bound refuses it. */
  add(subscription: Subscription): string | null {
    let shared = this.documents.get(subscription.query);
    if (!shared) {
      const refused = this.refusal(subscription.query);
      if (refused) return refused;
      shared = { document: subscription.document, refs: 0 };
      this.documents.set(subscription.query, shared);
      this.documentChars += subscription.query.length;
    } else if (shared.document !== subscription.document) {
      const operation = getOperationAST(shared.document, subscription.operation.name?.value);
      if (operation) {
        subscription.document = shared.document;
        subscription.operation = operation;
      }
    }
    shared.refs += 1;
    let set = this.byField.get(subscription.field);
    if (!set) this.byField.set(subscription.field, (set = new Set()));
    set.add(subscription);
    return null;
  }

  remove(subscription: Subscription): void {
    const set = this.byField.get(subscription.field);
    if (!set?.delete(subscription)) return;
    if (set.size === 0) this.byField.delete(subscription.field);
    const shared = this.documents.get(subscription.query);
    if (shared && (shared.refs -= 1) <= 0) {
      this.documents.delete(subscription.query);
      this.documentChars -= subscription.query.length;
    }
  }

  ofField(field: string): ReadonlySet<Subscription> {
    return this.byField.get(field) ?? new Set();
  }

  get size(): number {
    let n = 0;
    for (const set of this.byField.values()) n += set.size;
    return n;
  }
}
