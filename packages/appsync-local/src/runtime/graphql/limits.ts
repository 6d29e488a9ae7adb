/**
 * AppSync's execution limits, enforced locally: the API's query depth, resolver count and
 * introspection settings (`ApiLimits`, declared with the wiring) and AppSync's fixed time limit per
 * request. Each refusal has AppSync's errorType; the messages are *(guess)*: AWS shows only the types.
 */
import { GraphQLError, type ASTVisitor, type GraphQLResolveInfo, type ValidationContext } from 'graphql';
import type { AppSyncError } from '../types.ts';

/** AppSync's hard limit on one request's execution (not configurable). */
export const REQUEST_TIMEOUT_MS = 30_000;

const fieldError = (errorType: string, message: string): AppSyncError => ({
  errorType,
  message,
  data: null,
  errorInfo: null,
});

export const depthLimitReached = (limit: number) =>
  fieldError('QueryDepthLimitReached', `Query depth limit of ${limit} reached`);

export const resolverLimitReached = (limit: number) =>
  fieldError('ResolverExecutionLimitReached', `Resolver execution limit of ${limit} reached`);

/** What a request over the time limit answers; the errorType is *(guess)*, the message is AppSync's. */
export const TIMED_OUT = { errorType: 'ExecutionTimeout', message: 'Execution timed out.' };

/** A data-source call refused because its request ran out of time. */
export const TIMED_OUT_CALL = { type: 'ExecutionTimeout', message: TIMED_OUT.message };

/** How deep a field is: a top-level field is 1; list indexes do not count. */
export function depthOf(path: GraphQLResolveInfo['path']): number {
  let depth = 0;
  for (let p: GraphQLResolveInfo['path'] | undefined = path; p; p = p.prev) if (typeof p.key === 'string') depth += 1;
  return depth;
}

/**
 * With introspection disabled, AppSync answers a validation error for the fields of the
 * introspection types (`Field 'types' in type '__Schema' is undefined`); `__typename` still works.
 */
export function noIntrospection(context: ValidationContext): ASTVisitor {
  return {
    Field(node) {
      const parent = context.getParentType();
      if (parent && parent.name.startsWith('__')) {
        context.reportError(
          new GraphQLError(`Cannot query field "${node.name.value}" on type "${parent.name}".`, { nodes: node }),
        );
        // An undefined field's own selection is not checked further, as graphql-java does.
        return false;
      }
      return undefined;
    },
  };
}
