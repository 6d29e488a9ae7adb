/**
 * A league's championship belt: a partition of its own, `BELT#<leagueId>` (not the league's: its
 * Query of the league and members stays bounded). One item an event of the league's season scored
 * while the league existed (`RESULT#<date>#<startsAt>#<eventId>`, so key order is the events' order: by date, then bell): the event
 * points of the league's members who played it, written by the final pass with the card revision
 * they were scored on; and one item of the reigns derived from them (`REIGNS`, domain/belt.ts),
 * which League.champion and League.lineage read with one GetItem.
 */
import { onTable } from './access';
import type { ItemKey } from './table';

/** A member's figures in one event: points, correct picks, the name they played under. */
export type BeltPoints = [points: number, correct: number, displayName: string];

export interface BeltResultItem {
  leagueId: string;
  eventId: string;
  eventName: string;
  /** `<date>#<startsAt>` (belt.bellOf): the events' order, as players' histories list them. */
  bell: string;
  /** The card revision the points were scored on: a pass on an older card never overwrites a newer one. */
  cardRev: number;
  points: Record<string, BeltPoints>;
  /** Set by the result's first write (epoch ms): the time, and so the id, of the SYSTEM message that announces the event. */
  toldAt?: number;
  /** True once that message is written and sent live (when the pass had a publisher: belt.ts). */
  told?: boolean;
}

export interface ReignItem {
  userId: string;
  displayName: string;
  wonAt: string;
  wonAtName: string;
  defenses: number;
  endedAt: string | null;
}

export interface ReignsItem {
  leagueId: string;
  /** Oldest first; the last one without `endedAt` is the champion. */
  reigns: ReignItem[];
  /** Raised by one at every write: a pass writes the reigns on the condition of the version it read. */
  version: number;
}

const beltPk = (leagueId: string) => `BELT#${leagueId}`;
const RESULT_PREFIX = 'RESULT#';
const REIGNS_SK = 'REIGNS';

export const BELT = {
  resultType: 'BeltResult',
  reignsType: 'BeltReigns',
  resultKey: (leagueId: string, bell: string, eventId: string): ItemKey => ({
    PK: beltPk(leagueId),
    SK: `${RESULT_PREFIX}${bell}#${eventId}`,
  }),
  /** An event's place in the order of a league's results: its date, then its bell. */
  bellOf: (event: { date: string; startsAt: string }) => `${event.date}#${event.startsAt}`,
  reignsKey: (leagueId: string): ItemKey => ({ PK: beltPk(leagueId), SK: REIGNS_SK }),
  isReigns: (item: ItemKey) => item.SK === REIGNS_SK,
  /** Access pattern: the league's results in bell order, then its reigns (the final pass; about 1.5 KB an event). */
  ofLeague: (leagueId: string) => onTable(beltPk(leagueId), null, true),
};
