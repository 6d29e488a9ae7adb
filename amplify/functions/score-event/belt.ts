/**
 * A league's belt, kept by the final pass with its table (league-tables.ts): the event's points of the
 * league's members who played it (one result item a league and event, written on the condition that
 * the stored one was scored on no newer card), then the reigns derived from every result of the
 * league (domain/belt.ts, from scratch) written on the condition of the version read with them, then
 * the event told to the league's chat once: a SYSTEM message whose id comes from the result's `toldAt`
 * (set by its first write, so every pass names the same message), put on the condition that it is
 * new, sent live to the chat's subscribers (`publish`, when given), then the result marked `told`. Each step checks what is stored first and writes only what
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
import { MESSAGE, type MessageItem } from '@pickem/domain/entities/chat';
import type { EventItem } from '@pickem/domain/entities/event';
import { TABLE } from '@pickem/domain/entities/table';
import { toAttributes, type Item } from './attributes.ts';
import { Expression, setUpdate } from './expressions.ts';
import type { Settled } from './player.ts';
import { isConditionFailure, type Store } from './store.ts';

const MAX_ATTEMPTS = 6;

/** Who posts the SYSTEM messages. */
export const SYSTEM_AUTHOR = { userId: 'SYSTEM', displayName: "Pick'Em" };

/** Sends a written SYSTEM message to the chat's open subscriptions; false when it could not (the caller reports why). */
export type PublishMessage = (message: MessageItem) => Promise<boolean>;

export interface BeltScoring {
  event: EventItem;
  cardRev: number;
  /** The handler's publisher (announce.ts); none in the scoring tests, which have no API. */
  publish?: PublishMessage;
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
      const written = await writeResult(store, mine);
      if (!written) continue;
      if (at >= 0) results[at] = written;
      else results.push(written);
    }
    results.sort((a, b) => (a.bell === b.bell ? cmp(a.eventId, b.eventId) : cmp(a.bell, b.bell)));
    const belt = deriveBelt(results.map(asEvent));
    if (!sameReigns(belt.reigns, stored?.reigns ?? [])) {
      if (!(await writeReigns(store, leagueId, belt.reigns, stored?.version ?? 0))) continue;
    }
    const result = results.find((r) => r.eventId === event.id)!;
    if (result.told !== true) {
      const text = beltMessage(asEvent(result), belt);
      if (text !== null) await tell(store, result, text, scoring.publish);
    }
    return;
  }
  throw new Error(`The belt of league ${leagueId} kept changing during ${MAX_ATTEMPTS} attempts`);
}

/**
 * The result's figures, on the condition that the stored ones were scored on no newer card; `toldAt`
 * set by the first write only. The result as stored, or null when a newer one was.
 */
async function writeResult(store: Store, result: BeltResultItem): Promise<BeltResultItem | null> {
  const e = new Expression();
  const set = { type: BELT.resultType, ...result };
  const assignments = Object.entries(set).map(([k, v]) => `${e.name(k)} = ${e.value(v)}`);
  const toldAt = e.name('toldAt');
  assignments.push(`${toldAt} = if_not_exists(${toldAt}, ${e.value(Date.now())})`);
  const condition = `attribute_not_exists(${e.name(TABLE.pk)}) OR ${e.name('cardRev')} <= ${e.value(result.cardRev)}`;
  try {
    const stored = await store.update({
      Key: toAttributes({ ...BELT.resultKey(result.leagueId, result.bell, result.eventId) }),
      UpdateExpression: `SET ${assignments.join(', ')}`,
      ConditionExpression: condition,
      ExpressionAttributeNames: e.names,
      ExpressionAttributeValues: toAttributes(e.values),
      ReturnValues: 'ALL_NEW',
    });
    return stored as unknown as BeltResultItem;
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
    return null;
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
 * The SYSTEM message, once per league and event: put on the condition that it is new (its id is the
 * result's, so a pass killed after the put finds it there), sent live, then the result marked told.
 * Sent before the mark, so a pass killed in between, one whose publish failed and a concurrent pass
 * send it again: subscribers merge messages by id, so a repeat changes nothing on screen. It does not
 * raise the league's unread count: that would be a transaction with the league item, 6 WCU a league and
 * event more than the benchmark's budget allows ([data model](../../../docs/data-model.md)).
 */
async function tell(store: Store, result: BeltResultItem, text: string, publish?: PublishMessage): Promise<void> {
  const at = result.toldAt ?? Date.now();
  const message: MessageItem = {
    id: MESSAGE.newId(at, `system-${result.eventId}`),
    leagueId: result.leagueId,
    ...SYSTEM_AUTHOR,
    text,
    createdAt: new Date(at).toISOString(),
    kind: 'SYSTEM',
    removed: false,
  };
  try {
    await store.put(
      { ...MESSAGE.key(result.leagueId, message.id), ...MESSAGE.attributes(message) },
      { expression: 'attribute_not_exists(#pk)', names: { '#pk': TABLE.pk } },
    );
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
  }
  if (publish && !(await publish(message))) return;
  try {
    await store.update(
      setUpdate(
        store.tableName,
        BELT.resultKey(result.leagueId, result.bell, result.eventId),
        { told: true },
        (e) => `attribute_exists(${e.name(TABLE.pk)})`,
      ),
    );
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
  }
}
