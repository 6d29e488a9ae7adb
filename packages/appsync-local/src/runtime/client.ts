/** A minimal GraphQL-over-HTTP client for an AppSync endpoint (local or not), for scripts and tests. */

export interface GraphQLResponse<T = Record<string, unknown>> {
  status: number;
  data: T | null;
  errors?: { message: string; errorType?: string | null; path?: (string | number)[] }[];
}

export class GraphQLRequestError extends Error {
  constructor(
    readonly response: GraphQLResponse,
    readonly operation: string,
  ) {
    const first = response.errors?.[0];
    super(`${operation}: ${first ? `${first.errorType ?? 'Error'}: ${first.message}` : `HTTP ${response.status}`}`);
  }
}

/** Sends one operation; resolves to the whole response, errors included. */
export async function graphqlRequest<T = Record<string, unknown>>(
  url: string,
  token: string | null,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<GraphQLResponse<T>> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers.authorization = token;
  const res = await fetch(url, { method: 'POST', headers, body: JSON.stringify({ query, variables }) });
  const body = (await res.json()) as Omit<GraphQLResponse<T>, 'status'>;
  return { status: res.status, data: body.data ?? null, errors: body.errors };
}

/** Sends one operation; resolves to its data, rejects with GraphQLRequestError on any error. */
export async function graphqlData<T = Record<string, unknown>>(
  url: string,
  token: string | null,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<T> {
  const response = await graphqlRequest<T>(url, token, query, variables);
  if (response.status !== 200 || (response.errors && response.errors.length > 0) || !response.data) {
    throw new GraphQLRequestError(response as GraphQLResponse, query.trim().split('\n')[0]);
  }
  return response.data;
}
