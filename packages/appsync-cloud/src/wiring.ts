/**
 * The one declaration of an AppSync API's resolvers: which data sources exist, which pipeline
 * functions run on them, and which resolver serves which field. The cloud stack (amplify/) and the
 * local runtime (src/runtime/) both read an `ApiWiring`; neither keeps a list of its own.
 *
 * Generic: nothing here knows about any particular application.
 */
import { buildSchema, isObjectType, type GraphQLSchema } from 'graphql';
import { fieldAuthDirectives, authModeOf } from './auth-modes.ts';
import { API_URL_VARIABLE } from './calls-api.ts';
import { appsyncPrelude } from './prelude.ts';

/** A DynamoDB table with string keys and ALL-projection global secondary indexes. */
export interface TableDefinition {
  /** Logical name; the local runtime uses it as the physical table name. */
  name: string;
  partitionKey: string;
  sortKey: string;
  indexes: { name: string; partitionKey: string; sortKey: string }[];
  /** The attribute DynamoDB's TTL reads (a number, epoch seconds): an item past it is deleted. Default: no TTL. */
  timeToLiveAttribute?: string;
}

/** A value resolved per environment: the physical name of a DynamoDB data source's table. */
export interface TableNameRef {
  tableNameOf: string;
}

export type DataSource =
  | { name: string; kind: 'DYNAMODB'; table: TableDefinition }
  | { name: string; kind: 'NONE' }
  | {
      name: string;
      kind: 'LAMBDA';
      /** Repo-relative TypeScript file that exports `handler(event, context)`. */
      handler: string;
      /** Environment variables given to the function. */
      environment: Record<string, TableNameRef>;
      /**
       * The function calls this API with its own IAM identity: its environment gets the API's GraphQL
       * URL under `urlVariable` (always API_URL_VARIABLE, the name `callApi` reads), and it may call
       * exactly `fields` (each 'Type.field'; each must carry @aws_iam, on the field or its type).
       */
      callsApi?: { urlVariable: typeof API_URL_VARIABLE; fields: string[] };
    };

export type DataSourceKind = DataSource['kind'];
export type DataSourceOf<K extends DataSourceKind> = Extract<DataSource, { kind: K }>;

/** Every kind, for telling a declaration of an unknown kind (from untyped code) at start-up. */
const dataSourceKinds: { [K in DataSourceKind]: true } = { DYNAMODB: true, NONE: true, LAMBDA: true };

export interface PipelineFunction {
  name: string;
  dataSource: string;
  /** Repo-relative TypeScript source exporting `request` and `response`. */
  code: string;
}

export type Resolver =
  | { typeName: string; fieldName: string; kind: 'UNIT'; dataSource: string; code: string }
  | { typeName: string; fieldName: string; kind: 'PIPELINE'; code: string; functions: string[] };

/**
 * AppSync's per-API execution settings (GraphqlApi `queryDepthLimit`, `resolverCountLimit`,
 * `introspectionConfig`). The cloud stack passes them to AppSync; the local runtime enforces them.
 */
export interface ApiLimits {
  /** Deepest field a query may select (a top-level field is depth 1); deeper fields get QueryDepthLimitReached. */
  queryDepth: number;
  /** Resolvers one request may run; resolvers past it do not run and get ResolverExecutionLimitReached. */
  resolverCount: number;
  /** False: `__schema` and `__type` are refused with a validation error. */
  introspection: boolean;
}

/** The ranges AppSync accepts for the settings ("Configuring query depth limits" in AppSync's guide). */
export const APPSYNC_LIMIT_RANGE = { queryDepth: { min: 1, max: 75 }, resolverCount: { min: 1, max: 10_000 } } as const;

/** AppSync's defaults: no depth limit, 10,000 resolvers, introspection on. */
export const APPSYNC_DEFAULT_LIMITS: ApiLimits = { queryDepth: Infinity, resolverCount: 10_000, introspection: true };

export interface ApiWiring {
  dataSources: DataSource[];
  /** Derived from the pipelines by `wireApi`; the runtime and the stack read it. */
  functions: PipelineFunction[];
  resolvers: Resolver[];
  /** AppSync environment variables (`ctx.env`). */
  environment: Record<string, TableNameRef>;
  /** Absent: AppSync's defaults. */
  limits?: ApiLimits;
}

/** A pipeline resolver as declared: it holds its functions themselves, not their names. */
export type ResolverDeclaration =
  | Extract<Resolver, { kind: 'UNIT' }>
  | (Omit<Extract<Resolver, { kind: 'PIPELINE' }>, 'functions'> & { functions: PipelineFunction[] });

export interface ApiDeclaration {
  dataSources: DataSource[];
  resolvers: ResolverDeclaration[];
  environment: Record<string, TableNameRef>;
  limits?: ApiLimits;
}

/**
 * The wiring of a declaration: its `functions` are those the pipelines use, each once. Two different
 * functions under one name are both kept, so that checkWiring reports the clash.
 */
export function wireApi(declaration: ApiDeclaration): ApiWiring {
  const functions: PipelineFunction[] = [];
  const same = (a: PipelineFunction, b: PipelineFunction) =>
    a.name === b.name && a.dataSource === b.dataSource && a.code === b.code;
  const resolvers = declaration.resolvers.map((r): Resolver => {
    if (r.kind === 'UNIT') return r;
    for (const f of r.functions) if (!functions.some((known) => same(known, f))) functions.push(f);
    return { ...r, functions: r.functions.map((f) => f.name) };
  });
  return {
    dataSources: declaration.dataSources,
    functions,
    resolvers,
    environment: declaration.environment,
    ...(declaration.limits ? { limits: declaration.limits } : {}),
  };
}

/** AppSync's own limit on the number of functions in one pipeline resolver. */
export const MAX_PIPELINE_FUNCTIONS = 10;

/** Parses an AppSync SDL schema (which does not declare AppSync's scalars and directives). */
export function parseAppSyncSchema(sdl: string): GraphQLSchema {
  return buildSchema(appsyncPrelude + '\n' + sdl);
}

/**
 * Throws one Error listing every inconsistency between the wiring and the schema: unknown types,
 * fields, data sources or functions, duplicates, dangling environment references.
 */
export function checkWiring(schema: GraphQLSchema, wiring: ApiWiring): void {
  const problems: string[] = [];
  const dataSources = new Map(wiring.dataSources.map((d) => [d.name, d]));
  const functions = new Map(wiring.functions.map((f) => [f.name, f]));
  const dynamoNames = new Set(wiring.dataSources.filter((d) => d.kind === 'DYNAMODB').map((d) => d.name));

  const duplicates = (names: string[], what: string) => {
    const seen = new Set<string>();
    for (const n of names) {
      if (seen.has(n)) problems.push(`${what} "${n}" is declared twice`);
      seen.add(n);
    }
  };
  for (const d of wiring.dataSources) {
    if (!Object.hasOwn(dataSourceKinds, d.kind))
      problems.push(
        `data source "${d.name}" has kind "${String(d.kind)}", which is not one of ${Object.keys(dataSourceKinds).join(', ')}`,
      );
  }
  duplicates(
    wiring.dataSources.map((d) => d.name),
    'data source',
  );
  duplicates(
    wiring.functions.map((f) => f.name),
    'function',
  );
  duplicates(
    wiring.resolvers.map((r) => `${r.typeName}.${r.fieldName}`),
    'resolver',
  );

  const checkRefs = (refs: Record<string, TableNameRef>, where: string) => {
    for (const [key, ref] of Object.entries(refs)) {
      if (!dynamoNames.has(ref.tableNameOf)) {
        problems.push(
          `${where} variable ${key} names data source "${ref.tableNameOf}", which is not a DynamoDB data source`,
        );
      }
    }
  };
  checkRefs(wiring.environment, 'environment');
  for (const d of wiring.dataSources)
    if (d.kind === 'LAMBDA') checkRefs(d.environment, `Lambda data source ${d.name}:`);

  for (const d of wiring.dataSources)
    if (d.kind === 'LAMBDA' && d.callsApi) problems.push(...callsApiProblems(schema, d));

  for (const f of wiring.functions) {
    if (!dataSources.has(f.dataSource))
      problems.push(`function "${f.name}" uses data source "${f.dataSource}", which does not exist`);
  }
  for (const r of wiring.resolvers) {
    const where = `resolver ${r.typeName}.${r.fieldName}`;
    const type = schema.getType(r.typeName);
    if (!type || !isObjectType(type)) {
      problems.push(`${where}: type "${r.typeName}" is not an object type in schema.graphql`);
    } else if (!type.getFields()[r.fieldName]) {
      problems.push(`${where}: type "${r.typeName}" has no field "${r.fieldName}" in schema.graphql`);
    }
    if (r.kind === 'UNIT' && !dataSources.has(r.dataSource)) {
      problems.push(`${where} uses data source "${r.dataSource}", which does not exist`);
    }
    if (r.kind === 'PIPELINE') {
      if (r.functions.length === 0) problems.push(`${where} is a pipeline with no functions`);
      if (r.functions.length > MAX_PIPELINE_FUNCTIONS) {
        problems.push(`${where} has ${r.functions.length} functions; AppSync allows ${MAX_PIPELINE_FUNCTIONS}`);
      }
      for (const name of r.functions)
        if (!functions.has(name)) problems.push(`${where} uses function "${name}", which does not exist`);
    }
  }
  for (const setting of wiring.limits ? (['queryDepth', 'resolverCount'] as const) : []) {
    const value = wiring.limits![setting];
    const { min, max } = APPSYNC_LIMIT_RANGE[setting];
    if (!Number.isInteger(value) || value < min || value > max)
      problems.push(`limits.${setting} is ${value}; AppSync accepts a whole number from ${min} to ${max}`);
  }
  if (problems.length > 0) throw new Error(`Invalid resolver wiring:\n  - ${problems.join('\n  - ')}`);
}

function callsApiProblems(schema: GraphQLSchema, source: DataSourceOf<'LAMBDA'>): string[] {
  const { urlVariable, fields } = source.callsApi!;
  const where = `Lambda data source ${source.name}: callsApi`;
  const problems: string[] = [];
  // The type says so too; this catches wiring written in plain JavaScript or cast.
  if (urlVariable !== API_URL_VARIABLE)
    problems.push(`${where}.urlVariable "${urlVariable}" is not ${API_URL_VARIABLE}, the variable callApi reads`);
  else if (Object.hasOwn(source.environment, urlVariable))
    problems.push(`${where}.urlVariable ${urlVariable} is also one of the function's environment variables`);
  if (fields.length === 0) problems.push(`${where}.fields is empty`);
  for (const name of fields) {
    const [typeName, fieldName, ...rest] = name.split('.');
    const type = schema.getType(typeName);
    const field = isObjectType(type) && rest.length === 0 ? type.getFields()[fieldName] : undefined;
    if (!isObjectType(type) || !field)
      problems.push(
        `${where}.fields names "${name}", which is not a field (Type.field) of an object type in the schema`,
      );
    else if (!fieldAuthDirectives(type, field).some((d) => authModeOf(d.name.value) === 'AWS_IAM')) {
      problems.push(
        `${where}.fields names ${name}, which does not allow @aws_iam (on the field, or on its type when the field has no auth directive)`,
      );
    }
  }
  return problems;
}

/** Every APPSYNC_JS source file the wiring names, once each. */
export function wiringSources(wiring: ApiWiring): string[] {
  return [...new Set([...wiring.resolvers.map((r) => r.code), ...wiring.functions.map((f) => f.code)])];
}
