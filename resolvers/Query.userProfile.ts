import { util, type Context } from '@aws-appsync/utils';
import { KEY } from './lib/keys';
import { caller, defaultDisplayName } from './lib/caller';
import { raiseDataSourceError } from './lib/errors';
import { toStanding, type StandingItem } from './lib/items';

/** Seasons a profile can list; the range read is the profile item plus one standing a season. */
const MAX_SEASONS = 100;

/**
 * One Query on the player's partition from PROFILE onwards: the profile item and every season
 * standing (STANDING#yyyy sorts after PROFILE; predictions, PREDICTION#..., sort before it).
 */
export function request(ctx: Context<{ userId?: string }>) {
  const userId = ctx.args.userId ?? caller(ctx).sub;
  ctx.stash.userId = userId;
  return {
    operation: 'Query',
    query: {
      expression: '#pk = :pk AND #sk >= :profile',
      expressionNames: { '#pk': 'PK', '#sk': 'SK' },
      expressionValues: util.dynamodb.toMapValues({ ':pk': KEY.userPk(userId), ':profile': KEY.profileSk }),
    },
    scanIndexForward: false,
    limit: MAX_SEASONS + 1,
  };
}

export function response(ctx: Context) {
  raiseDataSourceError(ctx.error);
  const userId = ctx.stash.userId as string;
  const items = (ctx.result as { items: (StandingItem & { SK: string; displayName: string })[] }).items;
  const profile = items.find((item) => item.SK === KEY.profileSk);
  const isCaller = userId === caller(ctx).sub;
  if (!profile && !isCaller) return null;
  return {
    user: { id: userId, displayName: profile ? profile.displayName : defaultDisplayName(ctx) },
    standings: items.filter((item) => item.SK !== KEY.profileSk).map(toStanding),
  };
}
