/**
 * Each data-source kind has one entry in two registries, one per side: this package's `cdk/data-sources.ts`
 * (the CDK data source) and appsync-local's `datasources/local.ts` (the local runtime's invoker). Both
 * are mapped types over DataSourceKind, so a kind missing on either side does not compile. They live in
 * separate packages so that the local runtime never loads aws-cdk-lib and the cloud stack never loads
 * the emulator.
 */
import type { DataSource, DataSourceKind } from './wiring.ts';

/** The entry of a data source's kind; an unknown kind (from untyped code) is an error, not undefined. */
export function entryFor<E>(registry: Record<DataSourceKind, E>, source: DataSource, side: string): E {
  if (!Object.hasOwn(registry, source.kind)) {
    throw new Error(`data source "${source.name}": the ${side} has no data-source kind "${String(source.kind)}"`);
  }
  return registry[source.kind];
}
