/**
 * The local stand-in for an IAM caller's policy. AppSync checks `appsync:GraphQL` on
 * `types/<Type>/fields/<field>` for the top-level fields of the operation, and refuses the whole
 * request when one is not allowed: HTTP 401 with UnauthorizedException "Permission denied"
 * (aws-amplify/amplify-cli#4343 and #13712 for the body, #3485 for the status). Nested fields are
 * ruled by the schema's directives alone: a role granted only its root fields reads nested types
 * (Amplify's own function grants name root types only). Meta fields such as __typename are not
 * checked *(guess)*.
 */
import {
  Kind,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';

export const PERMISSION_DENIED = {
  status: 401,
  body: { errors: [{ errorType: 'UnauthorizedException', message: 'Permission denied' }] },
} as const;

/** The first top-level `Type.field` of `operation` outside `granted`, or undefined when all are granted. */
export function fieldOutsidePolicy(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  granted: ReadonlySet<string>,
): string | undefined {
  const root = schema.getRootType(operation.operation)?.name;
  const fragments = new Map(
    document.definitions
      .filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION)
      .map((d) => [d.name.value, d]),
  );
  const seen = new Set<string>();
  const visit = (set: SelectionSetNode): string | undefined => {
    for (const selection of set.selections) {
      let denied: string | undefined;
      if (selection.kind === Kind.FIELD) {
        const key = `${root}.${selection.name.value}`;
        if (!selection.name.value.startsWith('__') && !granted.has(key)) denied = key;
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        denied = visit(selection.selectionSet);
      } else if (!seen.has(selection.name.value)) {
        seen.add(selection.name.value);
        const fragment = fragments.get(selection.name.value);
        denied = fragment && visit(fragment.selectionSet);
      }
      if (denied) return denied;
    }
    return undefined;
  };
  return visit(operation.selectionSet);
}
