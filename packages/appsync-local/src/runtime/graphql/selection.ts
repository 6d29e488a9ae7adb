/**
 * `ctx.info.selectionSetList` and `ctx.info.selectionSetGraphQL` as AppSync documents them: the list
 * holds every selected subfield path joined with '/', aliased fields under their alias, fragments
 * (named and inline) expanded; the GraphQL text is the field's selection set as written (fragment
 * spreads are not merged into it).
 */
import { Kind, print, type FieldNode, type FragmentDefinitionNode, type SelectionSetNode } from 'graphql';

export function selectionSetList(
  fieldNodes: readonly FieldNode[],
  fragments: Record<string, FragmentDefinitionNode>,
): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  const add = (p: string) => {
    if (!seen.has(p)) {
      seen.add(p);
      out.push(p);
    }
  };
  const walk = (set: SelectionSetNode | undefined, prefix: string, visiting: Set<string>) => {
    if (!set) return;
    for (const sel of set.selections) {
      if (sel.kind === Kind.FIELD) {
        // Introspection meta-fields are not data the resolver can provide.
        if (sel.name.value.startsWith('__')) continue;
        const p = prefix + (sel.alias?.value ?? sel.name.value);
        add(p);
        walk(sel.selectionSet, `${p}/`, visiting);
      } else if (sel.kind === Kind.INLINE_FRAGMENT) {
        walk(sel.selectionSet, prefix, visiting);
      } else {
        const name = sel.name.value;
        const fragment = fragments[name];
        if (!fragment || visiting.has(name)) continue;
        walk(fragment.selectionSet, prefix, new Set([...visiting, name]));
      }
    }
  };
  for (const node of fieldNodes) walk(node.selectionSet, '', new Set());
  return out;
}

export function selectionSetGraphQL(fieldNodes: readonly FieldNode[]): string {
  const set = fieldNodes[0]?.selectionSet;
  return set ? print(set) : '';
}
