/**
 * A commissioner's nudge (nudgeLeague), once per league and event:
 * - the league's mark `NUDGES#<leagueId>` / `EVENT#<eventId>` (not in the league's partition: getLeague's
 *   Query of the league and its members stays as it is), written on the condition that it is new, in the
 *   same transaction as the notices: a second nudge writes nothing.
 * - one notice per member without a complete prediction, in the member's partition `USER#<userId>` /
 *   `NUDGE#<eventDate>#<eventId>#<leagueId>`: the events screen's upcomingEvents reads the caller's
 *   notices from yesterday on in one Query (the range its events have) and shows those of events still
 *   open that the caller has not finished picking. Dismissing deletes it; TTL removes it a day after the bell.
 */
import { between, onTable } from './access';
import { userPk } from './profile';
import type { ItemKey } from './table';

export interface NudgeItem {
  /** `<eventDate>#<eventId>#<leagueId>`: the notice's sort key after `NUDGE#`, what dismissNudge names. */
  id: string;
  userId: string;
  leagueId: string;
  leagueName: string;
  eventId: string;
  /** Who nudged, as the league shows them: the commissioner, or an admin by name. */
  byName: string;
  nudgedAt: string;
}

const TYPE = 'Nudge';
const PREFIX = 'NUDGE#';
const DAY_SECONDS = 24 * 60 * 60;

const idOf = (eventDate: string, eventId: string, leagueId: string) => `${eventDate}#${eventId}#${leagueId}`;

export const NUDGE = {
  type: TYPE,
  idOf,
  /** A notice id as dismissNudge accepts it: a date, then two ids. */
  isId: (id: string) => {
    const parts = id.split('#');
    return id.length <= 200 && parts.length === 3 && parts[0].length === 10 && parts[1] !== '' && parts[2] !== '';
  },
  key: (userId: string, id: string): ItemKey => ({ PK: userPk(userId), SK: `${PREFIX}${id}` }),
  /** The stored attributes; `expiresAt` a day after the bell (`startsAtMs`). */
  attributes: (nudge: NudgeItem, startsAtMs: number) => ({
    type: TYPE,
    ...nudge,
    expiresAt: Math.floor(startsAtMs / 1000) + DAY_SECONDS,
  }),
  /** Access pattern: a player's notices of events dated from `fromDate` on, soonest first. */
  ofPlayerFrom: (userId: string, fromDate: string) =>
    onTable(userPk(userId), between(`${PREFIX}${fromDate}`, `${PREFIX}~`), true),
  /** How many notices the events screen reads at most (its events are at most EVENT_LIMIT.upcoming). */
  readLimit: 100,
};

/** The league's mark of a nudge sent for an event: the once-per-league-and-event guard. */
export const LEAGUE_NUDGE = {
  type: 'LeagueNudge',
  key: (leagueId: string, eventId: string): ItemKey => ({ PK: `NUDGES#${leagueId}`, SK: `EVENT#${eventId}` }),
  attributes: (nudgedAt: string, notified: number, startsAtMs: number) => ({
    type: 'LeagueNudge',
    nudgedAt,
    notified,
    expiresAt: Math.floor(startsAtMs / 1000) + DAY_SECONDS,
  }),
};
