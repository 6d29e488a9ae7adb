import type { DataSourceOf } from '../../wiring.ts';
import type { CloudKind } from '../cloud-kind.ts';

export const noneCloud: CloudKind<DataSourceOf<'NONE'>> = {
  add: (source, ctx) => ctx.api.addNoneDataSource(source.name, { name: source.name }),
};
