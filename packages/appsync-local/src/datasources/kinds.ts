/**
 * Each data-source kind has one entry in two registries, one per side: `local.ts` (the local
 * runtime's invoker) and `cloud.ts` (the CDK data source). Both are mapped types over DataSourceKind,
 * so a kind missing on either side does not compile. They are separate objects so that the local
 * runtime never loads aws-cdk-lib, and a CDK construct cannot wait for a lazy import.
 */
import type { DataSource, DataSourceKind } from '../wiring.ts';

/** The entry of a data source's kind; an unknown kind (from untyped code) is an error, not undefined. */
export function entryFor<E>(registry: Record<DataSourceKind, E>, source: DataSource, side: string): E {
  if (!Object.hasOwn(registry, source.kind)) {
    throw new Error(`data source "${source.name}": the ${side} has no data-source kind "${String(source.kind)}"`);
  }
  return registry[source.kind];
}
