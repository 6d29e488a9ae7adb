/**
 * The contracts between the parts of the local AppSync runtime: the JS sandbox (src/runtime/js/),
 * the data sources (src/datasources/<kind>/) and the GraphQL engine (src/runtime/graphql/).
 */

/** An error as AppSync puts it in a response's `errors` array (minus `path` and `locations`). */
export interface AppSyncError {
  message: string;
  errorType: string | null;
  data: unknown;
  errorInfo: unknown;
}

/** Cognito user-pool identity, as `ctx.identity` shows it. */
export interface CognitoIdentity {
  sub: string;
  issuer: string;
  username: string;
  claims: Record<string, unknown>;
  sourceIp: string[];
  defaultAuthStrategy: 'ALLOW' | 'DENY';
  groups: string[] | null;
}

/** IAM identity, as `ctx.identity` shows it for a SigV4-signed request (AppSync's resolver context reference). */
export interface IamIdentity {
  accountId: string;
  /** The Cognito identity pool fields: null for a caller that is not a Cognito identity (a function's role). */
  cognitoIdentityAuthProvider: string | null;
  cognitoIdentityAuthType: string | null;
  cognitoIdentityId: string | null;
  cognitoIdentityPoolId: string | null;
  sourceIp: string[];
  userArn: string;
  username: string;
}

export type AuthMode = 'AMAZON_COGNITO_USER_POOLS' | 'API_KEY' | 'AWS_IAM';

/** Who made a request, after the HTTP layer authenticated it. */
export interface RequestAuth {
  mode: AuthMode;
  /** Null for API-key requests (AppSync gives `ctx.identity` null there). */
  identity: CognitoIdentity | IamIdentity | null;
  /**
   * AWS_IAM only: the `Type.field`s the caller's IAM policy allows (appsync:GraphQL on
   * types/Type/fields/field). AppSync refuses a request naming any other top-level field.
   */
  grantedFields?: ReadonlySet<string>;
}

export interface ResolverInfo {
  fieldName: string;
  parentTypeName: string;
  variables: Record<string, unknown>;
  selectionSetList: string[];
  selectionSetGraphQL: string;
}

/** What resolver code sees as `ctx` (the sandbox adds nothing and removes nothing). */
export interface ResolverContext {
  arguments: Record<string, unknown>;
  args: Record<string, unknown>;
  identity: CognitoIdentity | IamIdentity | null;
  source: unknown;
  stash: Record<string, unknown>;
  prev: { result: unknown };
  result: unknown;
  error: { message: string; type: string } | undefined;
  request: { headers: Record<string, string>; domainName: string | null };
  info: ResolverInfo;
  env: Record<string, string>;
}

/** The outcome of calling one `request` or `response` handler of resolver code. */
export interface HandlerOutcome {
  /**
   * 'value': the handler returned (value holds it, JSON-cloned);
   * 'earlyReturn': `runtime.earlyReturn(value, options?)` was called (see `skipTo`);
   * 'error': `util.error`/`util.unauthorized`, or an exception (errorType "Code").
   */
  kind: 'value' | 'earlyReturn' | 'error';
  value: unknown;
  error: AppSyncError | null;
  /** Errors recorded by `util.appendError`, in order. */
  appendedErrors: AppSyncError[];
  /** The stash after the call. */
  stash: Record<string, unknown>;
  /** Lines written with console.log / console.error. */
  logs: string[];
  /** `util.http.addResponseHeader(s)`: headers for the HTTP response (a later value for a name wins). */
  responseHeaders?: Record<string, unknown>;
  /** `extensions.*` calls, in order, for the API cache and the subscription engine to act on. */
  extensions?: ExtensionCall[];
  /**
   * Only for 'earlyReturn': `runtime.earlyReturn(value, { skipTo })`, 'NEXT' when not given. In a
   * function's handler, 'NEXT' goes on with the next function and 'END' skips the remaining functions
   * and runs the pipeline resolver's response. Elsewhere it changes nothing.
   */
  skipTo?: 'END' | 'NEXT';
}

/** One call of an `extensions` method (extensions-js.html) with its JSON arguments. */
export type ExtensionCall =
  | { method: 'evictFromApiCache'; typeName: string; fieldName: string; keyValuePair: Record<string, unknown> }
  | {
      method: 'setSubscriptionFilter' | 'setSubscriptionInvalidationFilter' | 'invalidateSubscriptions';
      payload: unknown;
    };

/** Resolver or function code, checked against the APPSYNC_JS rules and ready to run. */
export interface CompiledCode {
  fileName: string;
  hasRequest: boolean;
  hasResponse: boolean;
  run(handler: 'request' | 'response', ctx: ResolverContext): HandlerOutcome;
}

/**
 * What a data source returns for one request. Usually one of the two is set; a cancelled DynamoDB
 * transaction sets both (the error, and `cancellationReasons` in the result), as AppSync does.
 */
export interface DataSourceOutcome {
  result: unknown;
  /** Lands in `ctx.error`, e.g. `{ type: 'DynamoDB:ConditionalCheckFailedException', message }`. */
  error: { message: string; type: string } | null;
}

export interface DataSourceInvoker {
  /** `request` is what the request handler returned; `ctx` is the context it ran with. */
  invoke(request: unknown, ctx: ResolverContext): Promise<DataSourceOutcome>;
}
