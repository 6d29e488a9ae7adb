/**
 * A league's belt, kept by the final pass with its table (league-tables.ts): the event's points of the
 * league's members who played it (one result item a league and event, written on the condition that
 * the stored one was scored on no newer card), then the reigns derived from every result of the
 * league (domain/belt.ts, from scratch) written on the condition of the version read with them, then
 * the event told to the league's chat once (a SYSTEM message, in one transaction with the result's
 * `told` and the league's messageCount). Each step checks what is stored first and writes only what
 * differs, so a rerun writes nothing and a killed or concurrent pass converges: a pass whose reigns
 * lose the condition reads the league's results again and derives again.
 */
import { deriveBelt, beltMessage, type BeltEvent } from '@pickem/domain/belt';
import {
  BELT,
  type BeltPoints,
  type BeltResultItem,
  type ReignItem,
  type ReignsItem,
} from '@pickem/domain/entities/belt';
import { MESSAGE, UNREAD, type MessageItem } from '@pickem/domain/entities/chat';
import type { EventItem } from '@pickem/domain/entities/event';
import { LEAGUE } from '@pickem/domain/entities/league';
import { TABLE } from '@pickem/domain/entities/table';
import { toAttributes, type Item } from './attributes.ts';
import { transactionalWriteUnits } from './capacity.ts';
import { Expression, setUpdate } from './expressions.ts';
import type { Settled } from './player.ts';
import { isConditionFailure, type Store } from './store.ts';

const MAX_ATTEMPTS = 6;

/** Who posts the SYSTEM messages. */
export const SYSTEM_AUTHOR = { userId: 'SYSTEM', displayName: "Pick'Em" };

export interface BeltScoring {
  event: EventItem;
  cardRev: number;
}

const asEvent = (r: BeltResultItem): BeltEvent => ({
  eventId: r.eventId,
  eventName: r.eventName,
  bell: r.bell,
  points: r.points,
});

const samePoints = (a: Record<string, BeltPoints>, b: Record<string, BeltPoints>) => {
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((k) => Object.hasOwn(b, k) && a[k].every((v, i) => v === b[k][i]));
};

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Field by field: a map read back from DynamoDB may list its keys in another order. */
const sameReigns = (a: ReignItem[], b: ReignItem[]) =>
  a.length === b.length && a.every((r, i) => REIGN_FIELDS.every((f) => (r[f] ?? null) === (b[i][f] ?? null)));
const REIGN_FIELDS = ['userId', 'displayName', 'wonAt', 'wonAtName', 'defenses', 'endedAt'] as const;

/** The event's points of the league's members who played it. */
export function memberPoints(members: string[], settled: Map<string, Settled>): Record<string, BeltPoints> {
  const points: Record<string, BeltPoints> = {};
  for (const userId of members) {
    const e = settled.get(userId)?.event;
    if (e) points[userId] = [e.points, e.correct, e.displayName];
  }
  return points;
}

/** Brings the league's belt to the event as scored (see above). */
export async function refreshBelt(
  store: Store,
  leagueId: string,
  members: string[],
  scoring: BeltScoring,
  settled: Map<string, Settled>,
): Promise<void> {
  const { event, cardRev } = scoring;
  const mine: BeltResultItem = {
    leagueId,
    eventId: event.id,
    eventName: event.name,
    bell: BELT.bellOf(event),
    cardRev,
    points: memberPoints(members, settled),
  };
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const items = await store.query(BELT.ofLeague(leagueId));
    const stored = items.find((i) => BELT.isReigns(i as never)) as (ReignsItem & Item) | undefined;
    const results = items.filter((i) => !BELT.isReigns(i as never)) as unknown as BeltResultItem[];
    const at = results.findIndex((r) => r.eventId === event.id);
    const held = at >= 0 ? results[at] : undefined;
    if (!held && Object.keys(mine.points).length === 0) return;
    if (!held || (held.cardRev <= cardRev && !samePoints(held.points, mine.points))) {
      if (!(await writeResult(store, mine))) continue;
      if (at >= 0) results[at] = { ...mine, told: held?.told };
      else results.push(mine);
    }
    results.sort((a, b) => (a.bell === b.bell ? cmp(a.eventId, b.eventId) : cmp(a.bell, b.bell)));
    const belt = deriveBelt(results.map(asEvent));
    if (!sameReigns(belt.reigns, stored?.reigns ?? [])) {
      if (!(await writeReigns(store, leagueId, belt.reigns, stored?.version ?? 0))) continue;
    }
    const result = results.find((r) => r.eventId === event.id)!;
    if (!result.told) {
      const text = beltMessage(asEvent(result), belt);
      if (text !== null) await tell(store, result, text);
    }
    return;
  }
  throw new Error(`The belt of league ${leagueId} kept changing during ${MAX_ATTEMPTS} attempts`);
}

/** The result's figures, on the condition that the stored ones were scored on no newer card; false when they were. */
async function writeResult(store: Store, result: BeltResultItem): Promise<boolean> {
  const key = BELT.resultKey(result.leagueId, result.bell, result.eventId);
  const set = { type: BELT.resultType, ...result };
  delete (set as Partial<BeltResultItem>).told;
  try {
    await store.update(
      setUpdate(store.tableName, key, set, (e) => {
        const rev = e.name('cardRev');
        return `attribute_not_exists(${e.name(TABLE.pk)}) OR ${rev} <= ${e.value(result.cardRev)}`;
      }),
    );
    return true;
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
    return false;
  }
}

/** The reigns, on the condition of the version they were derived next to; false when another pass wrote first. */
async function writeReigns(
  store: Store,
  leagueId: string,
  reigns: ReignsItem['reigns'],
  version: number,
): Promise<boolean> {
  const item = { ...BELT.reignsKey(leagueId), type: BELT.reignsType, leagueId, reigns, version: version + 1 };
  try {
    await store.put(
      item,
      version === 0
        ? { expression: 'attribute_not_exists(#pk)', names: { '#pk': TABLE.pk } }
        : { expression: '#version = :version', names: { '#version': 'version' }, values: { ':version': version } },
    );
    return true;
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
    return false;
  }
}

/**
 * The SYSTEM message, once per league and event: the result's `told` set on the condition that it is
 * not, the message and the league's messageCount (on the condition that the league is still there) in
 * one transaction. A failed condition means another pass told it, or the league is gone.
 */
async function tell(store: Store, result: BeltResultItem, text: string): Promise<void> {
  const now = Date.now();
  const message: MessageItem = {
    id: MESSAGE.newId(now, `system-${result.eventId}`),
    leagueId: result.leagueId,
    ...SYSTEM_AUTHOR,
    text,
    createdAt: new Date(now).toISOString(),
    kind: 'SYSTEM',
    removed: false,
  };
  const messageItem = { ...MESSAGE.key(result.leagueId, message.id), ...MESSAGE.attributes(message) };
  const told = setUpdate(
    store.tableName,
    BELT.resultKey(result.leagueId, result.bell, result.eventId),
    { told: message.id },
    (e) => `attribute_exists(${e.name(TABLE.pk)}) AND attribute_not_exists(${e.name('told')})`,
  );
  const e = new Expression();
  const posted = e.name(UNREAD.postedAttribute);
  const count = {
    TableName: store.tableName,
    Key: toAttributes({ ...LEAGUE.key(result.leagueId) }),
    UpdateExpression: `SET ${posted} = if_not_exists(${posted}, ${e.value(0)}) + ${e.value(1)}`,
    ConditionExpression: `attribute_exists(${e.name(TABLE.pk)})`,
    ExpressionAttributeNames: e.names,
    ExpressionAttributeValues: toAttributes(e.values),
  };
  try {
    await store.transact(
      [
        { Update: told },
        {
          Put: {
            TableName: store.tableName,
            Item: toAttributes(messageItem),
            ConditionExpression: `attribute_not_exists(${TABLE.pk})`,
          },
        },
        { Update: count },
      ],
      4 + transactionalWriteUnits(undefined, messageItem),
    );
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
  }
}
