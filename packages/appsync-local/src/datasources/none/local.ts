import { createNoneDataSource } from './data-source.ts';
import type { DataSourceOf } from 'appsync-cloud';
import type { LocalKind } from '../local-kind.ts';

export const noneLocal: LocalKind<DataSourceOf<'NONE'>> = {
  invoker: () => createNoneDataSource(),
};
