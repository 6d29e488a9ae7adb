import { util } from '@aws-appsync/utils';
import { ERROR } from './errors';
import type { EventItem } from '@pickem/domain/entities/event';
import {
  MATCH_LIMIT,
  MAX_MATCH_POINTS,
  MAX_MATCHES_PER_CARD,
  type MatchFields,
  type MatchItem,
  type TeamItem,
} from '@pickem/domain/entities/match';
import type { PickItem } from '@pickem/domain/entities/prediction';
import { MAX_ID_LENGTH } from '@pickem/domain/limits';
import {
  FINISH_METHODS,
  mergedRules,
  RULES_LIMIT,
  rulesOf,
  scoresMethod,
  tieBreakProblem,
  type RulesItem,
} from '@pickem/domain/rules';
import type {
  EventState,
  FinishMethod,
  MatchInput,
  PickInput,
  ScoringRulesInput,
  TeamInput,
} from '@pickem/domain/schema-types';

/**
 * Input checks of the write path. APPSYNC_JS: no regex, no throw; util.error stops the resolver,
 * so a failed check never reaches a data source and nothing is written.
 */

/** Ranges of UTF-16 code units no stored text may hold. */
const FORBIDDEN: { from: string; to: string; what: string }[] = [
  { from: '\u0000', to: '\u001f', what: 'control characters' },
  { from: '\u007f', to: '\u009f', what: 'control characters' },
  { from: '\u2028', to: '\u2029', what: 'control characters' },
  { from: '\u061c', to: '\u061c', what: 'bidirectional control characters' },
  { from: '\u200e', to: '\u200f', what: 'bidirectional control characters' },
  { from: '\u202a', to: '\u202e', what: 'bidirectional control characters' },
  { from: '\u2066', to: '\u2069', what: 'bidirectional control characters' },
];

/**
 * Characters that draw nothing: a text made only of these and white space (Zs, Zl, Zp, which `trim`
 * removes) is blank. The BMP part of Unicode's Cf (format) and Co (private use) categories, plus
 * characters of other categories that render as blanks: U+034F, U+115F/U+1160, U+17B4/U+17B5,
 * U+180B-U+180F, U+2800 (braille blank), U+3164, U+FE00-U+FE0F (variation selectors), U+FFA0, U+FFFC.
 * Explicit ranges: APPSYNC_JS has no regex literals, so no \p{...} classes.
 */
const INVISIBLE: { from: string; to: string }[] = [
  { from: '\u00ad', to: '\u00ad' },
  { from: '\u034f', to: '\u034f' },
  { from: '\u0600', to: '\u0605' },
  { from: '\u06dd', to: '\u06dd' },
  { from: '\u070f', to: '\u070f' },
  { from: '\u0890', to: '\u0891' },
  { from: '\u08e2', to: '\u08e2' },
  { from: '\u115f', to: '\u1160' },
  { from: '\u17b4', to: '\u17b5' },
  { from: '\u180b', to: '\u180f' },
  { from: '\u200b', to: '\u200d' },
  { from: '\u2060', to: '\u2064' },
  { from: '\u206a', to: '\u206f' },
  { from: '\u2800', to: '\u2800' },
  { from: '\u3164', to: '\u3164' },
  { from: '\ue000', to: '\uf8ff' },
  { from: '\ufe00', to: '\ufe0f' },
  { from: '\ufeff', to: '\ufeff' },
  { from: '\uffa0', to: '\uffa0' },
  { from: '\ufff9', to: '\ufffc' },
];

/**
 * The same outside the BMP, as surrogate pairs (a high-surrogate range, a low-surrogate range): Cf
 * (U+110BD, U+110CD, U+13430-U+1343F, U+1BCA0-U+1BCA3, U+1D173-U+1D17A, the tag characters
 * U+E0000-U+E007F), the variation selectors U+E0100-U+E01EF, and Co (planes 15 and 16).
 */
const INVISIBLE_PAIRS: { high: [string, string]; low: [string, string] }[] = [
  { high: ['\ud804', '\ud804'], low: ['\udcbd', '\udcbd'] },
  { high: ['\ud804', '\ud804'], low: ['\udccd', '\udccd'] },
  { high: ['\ud80d', '\ud80d'], low: ['\udc30', '\udc3f'] },
  { high: ['\ud82f', '\ud82f'], low: ['\udca0', '\udca3'] },
  { high: ['\ud834', '\ud834'], low: ['\udd73', '\udd7a'] },
  { high: ['\udb40', '\udb40'], low: ['\udc00', '\udc7f'] },
  { high: ['\udb40', '\udb40'], low: ['\udd00', '\uddef'] },
  { high: ['\udb80', '\udbff'], low: ['\udc00', '\udfff'] },
];

const inRanges = (unit: string, ranges: { from: string; to: string }[]) =>
  ranges.some((r) => unit >= r.from && unit <= r.to);

/**
 * True when `units` (no lone surrogates) hold a character that draws something: one that is neither
 * white space nor invisible (above). Unassigned code points (Cn) count as visible: telling them apart
 * needs Unicode's tables, and they would refuse characters newer than the tables.
 */
function hasVisibleCharacter(units: string[]): boolean {
  let high = '';
  for (const unit of units) {
    if (high !== '') {
      const h = high;
      if (!INVISIBLE_PAIRS.some((r) => h >= r.high[0] && h <= r.high[1] && unit >= r.low[0] && unit <= r.low[1]))
        return true;
      high = '';
    } else if (unit >= '\ud800' && unit <= '\udbff') {
      high = unit;
    } else if (unit.trim() !== '' && !inRanges(unit, INVISIBLE)) {
      return true;
    }
  }
  return false;
}

/** True when a UTF-16 surrogate stands without its pair (text no Unicode form can hold). */
function hasLoneSurrogate(units: string[]): boolean {
  let pendingHigh = false;
  for (const unit of units) {
    const low = unit >= '\udc00' && unit <= '\udfff';
    if (low !== pendingHigh) return true;
    pendingHigh = unit >= '\ud800' && unit <= '\udbff';
  }
  return pendingHigh;
}

/**
 * The one rule for text that is stored and shown to other players: no lone surrogates, NFC
 * (util.str.normalize, which APPSYNC_JS documents), trimmed, no control or bidirectional control
 * characters, at most `max` characters after all that. `text` is '' when nothing visible is left;
 * `problem` says what breaks the rule (null: nothing).
 */
function checkedText(value: string, max: number): { text: string; problem: string | null } {
  if (hasLoneSurrogate(value.split(''))) return { text: '', problem: 'is not valid Unicode text (a lone surrogate)' };
  const text = util.str.normalize(value, 'nfc').trim();
  const units = text.split('');
  const forbidden = FORBIDDEN.find((r) => units.some((u) => u >= r.from && u <= r.to));
  if (forbidden) return { text: '', problem: `must not contain ${forbidden.what}` };
  if (!hasVisibleCharacter(units)) return { text: '', problem: null };
  if (text.length > max) return { text: '', problem: `must be at most ${max} characters; got ${text.length}` };
  return { text, problem: null };
}

/** checkedText's text, else a ValidationError naming `field`. */
function cleanText(value: string, field: string, max: number): string {
  const checked = checkedText(value, max);
  if (checked.problem !== null) util.error(`${field} ${checked.problem}`, ERROR.validation);
  return checked.text;
}

/**
 * Text from a source no player typed into this API (a token's claim): as the rule above leaves it,
 * or null when it breaks the rule or is blank (the caller then falls back to a neutral default).
 */
export function acceptableText(value: unknown, max: number): string | null {
  if (typeof value !== 'string') return null;
  const checked = checkedText(value, max);
  return checked.problem === null && checked.text.length > 0 ? checked.text : null;
}

/** `value` as cleanText leaves it, 1 to `max` characters, else a ValidationError naming `field`. */
export function requiredText(value: string, field: string, max: number): string {
  const text = cleanText(value, field, max);
  if (text.length === 0) util.error(`${field} must not be empty`, ERROR.validation);
  return text;
}

/** `value` as cleanText leaves it, at most `max` characters; null when absent or blank. */
export function optionalText(value: string | null | undefined, field: string, max: number): string | null {
  if (value === null || value === undefined) return null;
  const text = cleanText(value, field, max);
  return text.length === 0 ? null : text;
}

/** An id argument: not empty, not absurdly long (it becomes part of a key). */
export function requiredId(value: string, field: string): string {
  if (value.length === 0) util.error(`${field} must not be empty`, ERROR.validation);
  if (value.length > MAX_ID_LENGTH)
    util.error(`${field} must be at most ${MAX_ID_LENGTH} characters`, ERROR.validation);
  return value;
}

/** Each id of a list argument, as `requiredId` checks one (`field[i]`). */
export function requiredIds(values: string[], field: string): string[] {
  return values.map((value, i) => requiredId(value, `${field}[${i}]`));
}

/** An AWSDateTime at most `allowanceMs` after the server's clock (for an instant that cannot lie ahead). */
export function notAhead(value: string, field: string, allowanceMs: number): string {
  const ms = util.time.parseISO8601ToEpochMilliSeconds(value);
  if (ms > util.time.nowEpochMilliSeconds() + allowanceMs) {
    util.error(
      `${field} must not be more than ${allowanceMs / 60000} minutes ahead of the server's clock`,
      ERROR.validation,
    );
  }
  return value;
}

const SLUG_CHARS = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** Lowercase a-z0-9; every other run of characters becomes one '-', none at either end. */
export function slug(name: string): string {
  let out = '';
  let pendingDash = false;
  for (const ch of name.toLowerCase().split('')) {
    if (SLUG_CHARS.indexOf(ch) >= 0) {
      if (pendingDash && out.length > 0) out = out + '-';
      pendingDash = false;
      out = out + ch;
    } else {
      pendingDash = true;
    }
  }
  return out;
}

/**
 * The first year an event may have: a season is a four-digit year in the standings' keys, and a
 * season before 1000 could never be read.
 */
export const FIRST_EVENT_YEAR = 1000;
/**
 * How far an event's start may lie from its calendar date: ten years either way, which catches a
 * mistyped decade or century. A start within a day of the date is what a real card has, but the
 * fixtures of the read and mutation tests create events dated years away from a start an hour from
 * now (so that players can still predict them); tightening this needs them dated consistently first.
 */
export const MAX_START_FROM_DATE_DAYS = 3653;
const DAY_MS = 24 * 60 * 60 * 1000;

/** An event's calendar date (an AWSDate may carry a zone offset, 2024-03-03Z; keys use the date alone). */
export function validEventDate(value: string): string {
  const date = value.slice(0, 10);
  if (Number(date.slice(0, 4)) < FIRST_EVENT_YEAR)
    util.error(`date must be in the year ${FIRST_EVENT_YEAR} or later; got ${date}`, ERROR.validation);
  return date;
}

/** An event's start, normalised, at most MAX_START_FROM_DATE_DAYS from its calendar date. */
export function validStart(date: string, startsAt: string): { iso: string; ms: number } {
  const start = normalisedInstant(startsAt);
  const dayMs = util.time.parseISO8601ToEpochMilliSeconds(`${date}T00:00:00Z`);
  const bound = MAX_START_FROM_DATE_DAYS * DAY_MS;
  if (start.ms < dayMs - bound || start.ms > dayMs + DAY_MS + bound) {
    util.error(
      `startsAt must be within ${MAX_START_FROM_DATE_DAYS} days of the event's date ${date}; got ${start.iso}`,
      ERROR.validation,
    );
  }
  return start;
}

/** An AWSDateTime normalised to UTC ISO-8601 with milliseconds, and its epoch milliseconds. */
export function normalisedInstant(value: string): { iso: string; ms: number } {
  const ms = util.time.parseISO8601ToEpochMilliSeconds(value);
  return { iso: util.time.epochMilliSecondsToISO8601(ms), ms };
}

function validTeam(team: TeamInput, index: number): TeamItem {
  const where = `teams[${index}]`;
  if (team.members.length === 0) util.error(`${where} must have at least one member`, ERROR.validation);
  if (team.members.length > MATCH_LIMIT.membersPerTeam) {
    util.error(
      `${where} has ${team.members.length} members; at most ${MATCH_LIMIT.membersPerTeam} allowed`,
      ERROR.validation,
    );
  }
  return {
    name: optionalText(team.name, `${where}.name`, MATCH_LIMIT.teamName),
    members: team.members.map((m, i) => requiredText(m, `${where}.members[${i}]`, MATCH_LIMIT.member)),
    champion: team.champion === true,
  };
}

/** A match as stored, from a MatchInput: names trimmed, defaults applied, every limit checked. */
export function validMatch(input: MatchInput): MatchFields {
  if (!Number.isInteger(input.points) || input.points < 1 || input.points > MAX_MATCH_POINTS) {
    util.error(`points must be a whole number from 1 to ${MAX_MATCH_POINTS}; got ${input.points}`, ERROR.validation);
  }
  if (input.teams.length < 2) util.error(`a match needs at least 2 teams; got ${input.teams.length}`, ERROR.validation);
  if (input.teams.length > MATCH_LIMIT.teamsPerMatch) {
    util.error(`a match has at most ${MATCH_LIMIT.teamsPerMatch} teams; got ${input.teams.length}`, ERROR.validation);
  }
  const championships = input.championships ?? [];
  if (championships.length > MATCH_LIMIT.championshipsPerMatch) {
    util.error(
      `a match has at most ${MATCH_LIMIT.championshipsPerMatch} championships; got ${championships.length}`,
      ERROR.validation,
    );
  }
  return {
    name: optionalText(input.name, 'name', MATCH_LIMIT.name),
    points: input.points,
    preshow: input.preshow === true,
    championships: championships.map((c, i) => requiredText(c, `championships[${i}]`, MATCH_LIMIT.championship)),
    teams: input.teams.map((t, i) => validTeam(t, i)),
  };
}

/** The match `matchId` of the card, or a NotFound error. */
export function cardMatch(event: EventItem, matches: MatchItem[], matchId: string): MatchItem {
  const match = event.matchOrder.indexOf(matchId) >= 0 ? matches.find((m) => m.id === matchId) : undefined;
  if (!match) util.error(`Match ${matchId} is not on the card of event ${event.id}`, ERROR.notFound);
  return match;
}

/** A team index of `match`: a whole number from 0 to teams - 1. */
export function validTeamIndex(match: MatchItem, team: number, field: string): number {
  if (!Number.isInteger(team) || team < 0 || team >= match.teams.length) {
    util.error(
      `${field} must be a team index from 0 to ${match.teams.length - 1} for match ${match.id}; got ${team}`,
      ERROR.validation,
    );
  }
  return team;
}

/** A finish method of the schema's enum (AppSync checks enums; the local runtime too: kept for clarity). */
export function validMethod(method: FinishMethod, field: string): FinishMethod {
  if (FINISH_METHODS.indexOf(method) < 0) util.error(`${field} is not a finish: ${method}`, ERROR.validation);
  return method;
}

/**
 * Picks against the card and the event's rules: each match on it, at most once, with a team index in
 * range; a finish only when the rules score finishes, a joker only when they have one, and at most one.
 */
export function validPicks(event: EventItem, matches: MatchItem[], picks: PickInput[]): PickItem[] {
  const seen: Record<string, boolean> = {};
  const rules = rulesOf(event);
  const jokers = picks.filter((pick) => pick.joker === true).length;
  if (jokers > 0 && !rules.joker) util.error('This event has no joker: its rules do not score one', ERROR.validation);
  if (jokers > 1) util.error(`Only one joker a card; got ${jokers}`, ERROR.validation);
  return picks.map((pick, i) => {
    if (Object.hasOwn(seen, pick.matchId))
      util.error(`Match ${pick.matchId} is picked more than once`, ERROR.validation);
    seen[pick.matchId] = true;
    const match = cardMatch(event, matches, pick.matchId);
    const stored: PickItem = { matchId: pick.matchId, team: validTeamIndex(match, pick.team, `picks[${i}].team`) };
    const method = pick.method ?? null;
    if (method !== null && !scoresMethod(rules))
      util.error("This event's rules do not score the finish: pick a winner only", ERROR.validation);
    if (method !== null) stored.method = validMethod(method, `picks[${i}].method`);
    if (pick.joker === true) stored.joker = true;
    return stored;
  });
}

/** A tie-break guess or answer: a whole number in range, else a ValidationError naming `field`. */
export function validTieBreak(value: number, field: string): number {
  const problem = Number.isInteger(value) ? tieBreakProblem(value, field) : `${field} must be a whole number`;
  if (problem !== null) util.error(problem, ERROR.validation);
  return value;
}

/** `current` rules with `input` applied (domain/rules.ts), every value checked; the question's text cleaned. */
export function validRules(current: RulesItem, input: ScoringRulesInput | null | undefined): RulesItem {
  if (input === null || input === undefined) return current;
  const question =
    input.tieBreakQuestion === undefined
      ? undefined
      : optionalText(input.tieBreakQuestion, 'rules.tieBreakQuestion', RULES_LIMIT.tieBreakQuestion);
  const merged = mergedRules(current, input, question);
  if (merged.problem !== null) util.error(`rules.${merged.problem}`, ERROR.validation);
  return merged.rules;
}

/** A new card order: exactly the ids of `current`, each once. */
export function validOrder(current: string[], proposed: string[]): string[] {
  if (proposed.length > MAX_MATCHES_PER_CARD) {
    util.error(`A card has at most ${MAX_MATCHES_PER_CARD} matches; got ${proposed.length} ids`, ERROR.validation);
  }
  const seen: Record<string, boolean> = {};
  for (const id of proposed) {
    if (Object.hasOwn(seen, id)) util.error(`Match ${id} appears more than once in the new order`, ERROR.validation);
    seen[id] = true;
    if (current.indexOf(id) < 0) util.error(`Match ${id} is not on the card`, ERROR.validation);
  }
  if (proposed.length !== current.length) {
    util.error(
      `The new order must list all ${current.length} matches of the card; got ${proposed.length}`,
      ERROR.validation,
    );
  }
  return proposed;
}

const LIFECYCLE: EventState[] = ['UPCOMING', 'BROADCAST', 'SCORED'];

/**
 * The state updateEvent may move an event to: UPCOMING → BROADCAST, never back; the same state is a
 * no-op; SCORED only through scoreEvent (so no step can be skipped).
 */
export function nextState(current: EventState, requested: EventState): EventState {
  if (requested === current) return current;
  if (requested === 'SCORED') {
    util.error(`An event becomes SCORED only through scoreEvent; it is ${current}`, ERROR.invalidState);
  }
  const from = LIFECYCLE.indexOf(current);
  const to = LIFECYCLE.indexOf(requested);
  if (to < from) util.error(`An event cannot move back from ${current} to ${requested}`, ERROR.invalidState);
  return requested;
}
