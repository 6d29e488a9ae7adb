import type { DataSourceOf } from '../wiring.ts';
import type { CloudKind } from './data-source-kind.ts';

export const noneCloud: CloudKind<DataSourceOf<'NONE'>> = {
  add: (source, ctx) => ctx.api.addNoneDataSource(source.name, { name: source.name }),
};
