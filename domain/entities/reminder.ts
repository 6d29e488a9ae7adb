/**
 * Reminder items, all in the player's partition `USER#<userId>`:
 * - the settings `REMINDERS`: whether to email, how long before the bell, and the address to write to.
 *   Only while email is on does it carry the GSI key `REMINDERS#<minutesBefore>#<shard>` / `<userId>`, so
 *   the reminder function reads exactly the opted-in players of one lead (sparse index partitions). The
 *   shard is the player's entry shard (entry.ts): a send split over concurrent runs gives each run whole
 *   shards, of the players and of the event's entries alike, and no index key holds a whole lead.
 * - a sent mark `REMINDED#<eventId>#<minutesBefore>` per reminder, and `NUDGED#<leagueId>#<eventId>` per
 *   nudge: written with a condition that it is new before the email goes, so a retried or concurrent
 *   send sends once. Spread over the players' partitions, so a 100,000-player send meets no partition limit.
 */
import { onIndex } from './access';
import { ENTRY, shardOf } from './entry';
import { userPk } from './profile';
import type { ItemKey } from './table';

/** The leads a player may choose, in minutes before the bell: 10 minutes, an hour, a day. */
export const REMINDER_LEADS = [10, 60, 1440];
/** The lead of a player who never chose one. */
export const DEFAULT_REMINDER_LEAD = 60;

export interface ReminderSettingsItem {
  userId: string;
  email: boolean;
  minutesBefore: number;
  /** The address reminders go to: the `email` claim of the token that last saved the settings. */
  address: string | null;
}

const TYPE = 'ReminderSettings';
const SK = 'REMINDERS';
const SENT_TYPE = 'ReminderSent';
const gsiPk = (minutesBefore: number, shard: number) => `REMINDERS#${minutesBefore}#${shard}`;

const key = (userId: string): ItemKey => ({ PK: userPk(userId), SK });

/** The stored attributes of the settings, without the key; the index key only while email is on. */
function attributes(settings: ReminderSettingsItem) {
  const base = {
    type: TYPE,
    userId: settings.userId,
    email: settings.email,
    minutesBefore: settings.minutesBefore,
    address: settings.address,
  };
  return settings.email
    ? { ...base, GSI_PK: gsiPk(settings.minutesBefore, shardOf(settings.userId)), GSI_SK: settings.userId }
    : base;
}

export const REMINDER = {
  type: TYPE,
  key,
  attributes,
  /** The whole stored item (tests, benchmarks). */
  item: (settings: ReminderSettingsItem) => ({ ...key(settings.userId), ...attributes(settings) }),
  /** Access pattern: one shard of the players who asked for an email `minutesBefore` the bell (index, eventually consistent). */
  optedIn: (minutesBefore: number, shard: number) => onIndex(gsiPk(minutesBefore, shard), null, true),
  /** The shards of the opted-in players: the entry shards. */
  shards: ENTRY.shards,
  /** Whether a lead is one a player may choose. */
  isLead: (minutesBefore: number) => REMINDER_LEADS.indexOf(minutesBefore) >= 0,
  /** The settings of a player who never saved any: no email. */
  defaults: (userId: string): ReminderSettingsItem => ({
    userId,
    email: false,
    minutesBefore: DEFAULT_REMINDER_LEAD,
    address: null,
  }),
  /** Turns email off and takes the item out of the index (the one-click unsubscribe). */
  emailOff: {
    expression: 'SET #email = :off REMOVE #gsiPk, #gsiSk',
    names: { '#email': 'email', '#gsiPk': 'GSI_PK', '#gsiSk': 'GSI_SK' },
    values: { ':off': false },
  },
  /** The mark of one reminder sent: one per player, event and lead. */
  sentKey: (userId: string, eventId: string, minutesBefore: number): ItemKey => ({
    PK: userPk(userId),
    SK: `REMINDED#${eventId}#${minutesBefore}`,
  }),
  /** The mark of one nudge sent: one per player, league and event. */
  nudgedKey: (userId: string, leagueId: string, eventId: string): ItemKey => ({
    PK: userPk(userId),
    SK: `NUDGED#${leagueId}#${eventId}`,
  }),
  sentAttributes: (sentAt: string) => ({ type: SENT_TYPE, sentAt }),
};

/** A settings item to the GraphQL ReminderSettings. */
export function toReminderSettings(item: ReminderSettingsItem) {
  return { email: item.email, minutesBefore: item.minutesBefore };
}
