/** A GraphQL request as it arrives, over HTTP (a JSON body) or the real-time protocol (a start's JSON text). */
import type { GraphQLRequest } from './execute.ts';

/** The request in a parsed body: null when it is not an object with a non-empty `query`. */
export function asGraphQLRequest(body: unknown): GraphQLRequest | null {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return null;
  const { query, variables, operationName } = body as Record<string, unknown>;
  if (typeof query !== 'string' || query.trim() === '') return null;
  if (variables !== undefined && variables !== null && (typeof variables !== 'object' || Array.isArray(variables)))
    return null;
  if (operationName !== undefined && operationName !== null && typeof operationName !== 'string') return null;
  return {
    query,
    variables: (variables as Record<string, unknown> | null | undefined) ?? null,
    operationName: operationName ?? null,
  };
}

/** The request in JSON text (a real-time start's `payload.data`); null when it is not one. */
export function graphQLRequestFromJson(text: string): GraphQLRequest | null {
  try {
    return asGraphQLRequest(JSON.parse(text));
  } catch {
    return null;
  }
}

/** Headers with lower-case names; values that are not strings are dropped. */
export function lowerCaseHeaders(headers: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) if (typeof v === 'string') out[k.toLowerCase()] = v;
  return out;
}
