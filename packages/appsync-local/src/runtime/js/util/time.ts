/**
 * util.time with Java DateTimeFormatter patterns, formatted as Java does in Locale.US (weeks start on
 * Sunday, week 1 holds January 1st). Letters: G u y Y Q q M L w W d D E e c a h K k H m s S A n N
 * V z O X x Z, 'quoted literals' and '' (a quote); any other letter is an error, as in Java. Time zones:
 * IANA names, "UTC"/"Z", or fixed offsets ("+08:00"). AppSync runs in UTC: a time without a zone is UTC.
 */

interface Fields {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
  weekday: number; // 0 = Sunday
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

function fixedOffsetMinutes(tz: string): number | null {
  if (tz === 'UTC' || tz === 'Z' || tz === 'GMT') return 0;
  const m = /^(?:UTC|GMT)?([+-])(\d{1,2})(?::?(\d{2}))?$/.exec(tz);
  if (!m) return null;
  const minutes = Number(m[2]) * 60 + Number(m[3] ?? 0);
  return m[1] === '-' ? -minutes : minutes;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The zone's offset from UTC at the instant `ms`, in minutes. */
export function offsetMinutes(ms: number, tz = 'UTC'): number {
  const fixed = fixedOffsetMinutes(tz);
  if (fixed !== null) return fixed;
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(tz, f);
  }
  const p = Object.fromEntries(f.formatToParts(new Date(ms)).map((x) => [x.type, x.value]));
  const asUtc = Date.UTC(
    Number(p.year),
    Number(p.month) - 1,
    Number(p.day),
    Number(p.hour),
    Number(p.minute),
    Number(p.second),
  );
  return Math.round((asUtc - (ms - (((ms % 1000) + 1000) % 1000))) / 60000);
}

function fieldsAt(ms: number, offset: number): Fields {
  const d = new Date(ms + offset * 60000);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
    millisecond: d.getUTCMilliseconds(),
    weekday: d.getUTCDay(),
  };
}

type Token = { letter: string; count: number } | { literal: string };

function tokenize(pattern: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < pattern.length) {
    const c = pattern[i];
    if (c === "'") {
      if (pattern[i + 1] === "'") {
        tokens.push({ literal: "'" });
        i += 2;
        continue;
      }
      let j = i + 1;
      let text = '';
      while (j < pattern.length) {
        if (pattern[j] === "'" && pattern[j + 1] === "'") {
          text += "'";
          j += 2;
        } else if (pattern[j] === "'") break;
        else text += pattern[j++];
      }
      tokens.push({ literal: text });
      i = j + 1;
    } else if (/[A-Za-z]/.test(c)) {
      let j = i;
      while (pattern[j] === c) j += 1;
      tokens.push({ letter: c, count: j - i });
      i = j;
    } else {
      tokens.push({ literal: c });
      i += 1;
    }
  }
  return tokens;
}

const pad = (n: number, width: number): string => String(Math.abs(n)).padStart(width, '0');

function formatOffset(offset: number, letter: string, count: number): string {
  if (offset === 0 && letter === 'X') return 'Z';
  const sign = offset < 0 ? '-' : '+';
  const h = pad(Math.floor(Math.abs(offset) / 60), 2);
  const m = pad(Math.abs(offset) % 60, 2);
  if (letter === 'Z') return count === 5 ? (offset === 0 ? 'Z' : `${sign}${h}:${m}`) : `${sign}${h}${m}`;
  if (count === 1) return m === '00' ? `${sign}${h}` : `${sign}${h}${m}`;
  if (count === 2 || count === 4) return `${sign}${h}${m}`;
  return `${sign}${h}:${m}`;
}

function dayOfYear(f: Fields): number {
  return Math.round((Date.UTC(f.year, f.month - 1, f.day) - Date.UTC(f.year, 0, 1)) / 86400000) + 1;
}

const DAY_MS = 86_400_000;

/** Java's WeekFields.of(Locale.US): week-based year and week of it, week of month. */
function usWeeks(f: Fields): { weekYear: number; week: number; weekOfMonth: number } {
  const day = Date.UTC(f.year, f.month - 1, f.day);
  const weekStart = day - f.weekday * DAY_MS;
  const weekYear = new Date(weekStart + 6 * DAY_MS).getUTCFullYear();
  const jan1 = Date.UTC(weekYear, 0, 1);
  const week1Start = jan1 - new Date(jan1).getUTCDay() * DAY_MS;
  const firstOfMonthWeekday = new Date(Date.UTC(f.year, f.month - 1, 1)).getUTCDay();
  return {
    weekYear,
    week: Math.round((weekStart - week1Start) / (7 * DAY_MS)) + 1,
    weekOfMonth: Math.floor((f.day - 1 + firstOfMonthWeekday) / 7) + 1,
  };
}

const zoneNames = new Map<string, Intl.DateTimeFormat>();
/** The zone's name as Java's `z` (short) or `zzzz` (long) prints it; a fixed offset prints as its id. */
function zoneName(ms: number, tz: string, style: 'short' | 'long'): string {
  const fixed = fixedOffsetMinutes(tz);
  if (fixed !== null && tz !== 'UTC' && tz !== 'GMT') return fixed === 0 ? 'Z' : formatOffset(fixed, 'X', 3);
  const key = `${tz}|${style}`;
  let f = zoneNames.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone: tz, timeZoneName: style === 'short' ? 'short' : 'long' });
    zoneNames.set(key, f);
  }
  return f.formatToParts(new Date(ms)).find((p) => p.type === 'timeZoneName')?.value ?? tz;
}

/** `O` → GMT+8, `OOOO` → GMT+08:00 (and plain GMT at zero). */
function localizedOffset(offset: number, count: number): string {
  if (offset === 0) return 'GMT';
  const sign = offset < 0 ? '-' : '+';
  const h = Math.floor(Math.abs(offset) / 60);
  const m = Math.abs(offset) % 60;
  if (count === 4) return `GMT${sign}${pad(h, 2)}:${pad(m, 2)}`;
  return `GMT${sign}${h}${m ? `:${pad(m, 2)}` : ''}`;
}

const QUARTER_NAMES = ['1st quarter', '2nd quarter', '3rd quarter', '4th quarter'];

function text(full: string, count: number): string {
  return count >= 5 ? full[0] : count === 4 ? full : full.slice(0, 3);
}

export function formatEpoch(ms: number, pattern: string, tz = 'UTC'): string {
  const offset = offsetMinutes(ms, tz);
  const f = fieldsAt(ms, offset);
  let out = '';
  for (const t of tokenize(pattern)) {
    if ('literal' in t) {
      out += t.literal;
      continue;
    }
    const { letter, count } = t;
    const quarter = Math.floor((f.month - 1) / 3) + 1;
    const milliOfDay = ((f.hour * 60 + f.minute) * 60 + f.second) * 1000 + f.millisecond;
    switch (letter) {
      case 'G':
        out += count === 4 ? 'Anno Domini' : count >= 5 ? 'A' : 'AD';
        break;
      case 'y':
      case 'u':
        out += count === 2 ? pad(f.year % 100, 2) : pad(f.year, count);
        break;
      case 'Y': {
        const { weekYear } = usWeeks(f);
        out += count === 2 ? pad(weekYear % 100, 2) : pad(weekYear, count);
        break;
      }
      case 'Q':
      case 'q':
        out +=
          count <= 2
            ? pad(quarter, count)
            : count === 3
              ? `Q${quarter}`
              : count === 4
                ? QUARTER_NAMES[quarter - 1]
                : String(quarter);
        break;
      case 'M':
      case 'L':
        out += count >= 3 ? text(MONTHS[f.month - 1], count) : pad(f.month, count);
        break;
      case 'w':
        out += pad(usWeeks(f).week, count);
        break;
      case 'W':
        out += pad(usWeeks(f).weekOfMonth, count);
        break;
      case 'd':
        out += pad(f.day, count);
        break;
      case 'D':
        out += pad(dayOfYear(f), count);
        break;
      case 'H':
        out += pad(f.hour, count);
        break;
      case 'k':
        out += pad(f.hour === 0 ? 24 : f.hour, count);
        break;
      case 'h':
        out += pad(f.hour % 12 === 0 ? 12 : f.hour % 12, count);
        break;
      case 'K':
        out += pad(f.hour % 12, count);
        break;
      case 'm':
        out += pad(f.minute, count);
        break;
      case 's':
        out += pad(f.second, count);
        break;
      case 'S':
        out += pad(f.millisecond, 3).padEnd(count, '0').slice(0, count);
        break;
      case 'A':
        out += pad(milliOfDay, count);
        break;
      case 'n':
        out += pad(f.millisecond * 1_000_000, count);
        break;
      case 'N':
        out += pad(milliOfDay * 1_000_000, count);
        break;
      case 'a':
        out += f.hour < 12 ? 'AM' : 'PM';
        break;
      case 'E':
        out += text(DAYS[f.weekday], count);
        break;
      case 'e':
      case 'c':
        out += count <= 2 ? pad(f.weekday + 1, count) : text(DAYS[f.weekday], count);
        break;
      case 'Z':
        out += count === 4 ? localizedOffset(offset, 4) : formatOffset(offset, letter, count);
        break;
      case 'X':
      case 'x':
        out += formatOffset(offset, letter, count);
        break;
      case 'O':
        out += localizedOffset(offset, count);
        break;
      case 'z':
        out += zoneName(ms, tz, count >= 4 ? 'long' : 'short');
        break;
      case 'V':
        if (count !== 2) throw new Error(`Pattern letter count must be 2: V`);
        out += tz;
        break;
      default:
        throw new Error(`Unknown pattern letter: ${letter}`);
    }
  }
  return out;
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Parses `timestamp` with a DateTimeFormatter pattern; zone from the text, else `tz`, else UTC. */
export function parseFormatted(timestamp: string, pattern: string, tz = 'UTC'): number {
  const tokens = tokenize(pattern);
  const setters: ((v: string, f: Fields & { offset?: number; pm?: boolean }) => void)[] = [];
  let source = '^';
  for (const t of tokens) {
    if ('literal' in t) {
      source += escapeRegExp(t.literal);
      continue;
    }
    const { letter, count } = t;
    const num = (key: keyof Fields) => (v: string, f: Fields) => {
      f[key] = Number(v);
    };
    const digits = count === 1 ? '(\\d{1,9})' : `(\\d{${count}})`;
    switch (letter) {
      case 'y':
      case 'u':
        source += count === 2 ? '(\\d{2})' : count === 4 ? '([+-]?\\d{4,9})' : '([+-]?\\d{1,9})';
        setters.push((v, f) => {
          f.year = count === 2 ? 2000 + Number(v) : Number(v);
        });
        break;
      case 'M':
      case 'L':
        if (count >= 3) {
          source += count === 3 ? '([A-Za-z]{3})' : '([A-Za-z]+)';
          setters.push((v, f) => {
            f.month = MONTHS.findIndex((m) => m.toLowerCase().startsWith(v.toLowerCase())) + 1;
          });
        } else {
          source += digits;
          setters.push(num('month'));
        }
        break;
      case 'd':
        source += digits;
        setters.push(num('day'));
        break;
      case 'H':
        source += digits;
        setters.push(num('hour'));
        break;
      case 'h':
        source += digits;
        setters.push(num('hour'));
        break;
      case 'm':
        source += digits;
        setters.push(num('minute'));
        break;
      case 's':
        source += digits;
        setters.push(num('second'));
        break;
      case 'S':
        source += `(\\d{${count}})`;
        setters.push((v, f) => {
          f.millisecond = Math.floor(Number(`0.${v}`) * 1000 + 1e-6);
        });
        break;
      case 'a':
        source += '(AM|PM|am|pm)';
        setters.push((v, f) => {
          f.pm = v.toUpperCase() === 'PM';
        });
        break;
      case 'E':
        source += '([A-Za-z]+)';
        setters.push(() => undefined);
        break;
      case 'Z':
      case 'X':
      case 'x':
        source += '(Z|[+-]\\d{2}(?::?\\d{2})?)';
        setters.push((v, f) => {
          f.offset = fixedOffsetMinutes(v) ?? 0;
        });
        break;
      default:
        throw new Error(`Unsupported DateTimeFormatter pattern letter '${letter}'`);
    }
  }
  const m = new RegExp(`${source}$`).exec(timestamp);
  if (!m) throw new Error(`Text '${timestamp}' could not be parsed with pattern '${pattern}'`);
  const f: Fields & { offset?: number; pm?: boolean } = {
    year: 1970,
    month: 1,
    day: 1,
    hour: 0,
    minute: 0,
    second: 0,
    millisecond: 0,
    weekday: 0,
  };
  setters.forEach((set, i) => set(m[i + 1], f));
  if (f.pm !== undefined) f.hour = (f.hour % 12) + (f.pm ? 12 : 0);
  const local = Date.UTC(f.year, f.month - 1, f.day, f.hour, f.minute, f.second, f.millisecond);
  if (f.offset !== undefined) return local - f.offset * 60000;
  let guess = local - offsetMinutes(local, tz) * 60000;
  guess = local - offsetMinutes(guess, tz) * 60000;
  return guess;
}

const ISO_8601 =
  /^([+-]?\d{4,9})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?(Z|[+-]\d{2}(?::?\d{2})?)?$/;

/** ISO 8601 date-time only (not Date.parse's wider grammar); no zone means UTC, as on AppSync. */
export function parseISO8601(timestamp: unknown): number {
  const text = String(timestamp);
  const m = ISO_8601.exec(text);
  const bad = (): never => {
    throw new Error(`Text '${text}' could not be parsed as an ISO 8601 date-time`);
  };
  if (!m) return bad();
  const [year, month, day, hour, minute, second] = [m[1], m[2], m[3], m[4], m[5], m[6] ?? '0'].map(Number);
  const millis = m[7] ? Math.floor(Number(`0.${m[7]}`) * 1000 + 1e-6) : 0;
  const local = Date.UTC(year, month - 1, day, hour, minute, second, millis);
  const check = new Date(local);
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day || hour > 23 || minute > 59 || second > 59)
    return bad();
  const offset = m[8] ? fixedOffsetMinutes(m[8]) : 0;
  if (offset === null) return bad();
  return local - offset * 60000;
}

export const timeUtils = {
  nowISO8601: () => new Date().toISOString(),
  nowEpochSeconds: () => Math.floor(Date.now() / 1000),
  nowEpochMilliSeconds: () => Date.now(),
  nowFormatted: (pattern: unknown, tz?: unknown) => formatEpoch(Date.now(), String(pattern), tz ? String(tz) : 'UTC'),
  parseFormattedToEpochMilliSeconds: (timestamp: unknown, pattern: unknown, tz?: unknown) =>
    parseFormatted(String(timestamp), String(pattern), tz ? String(tz) : 'UTC'),
  parseISO8601ToEpochMilliSeconds: parseISO8601,
  epochMilliSecondsToSeconds: (ms: unknown) => Math.floor(Number(ms) / 1000),
  epochMilliSecondsToISO8601: (ms: unknown) => new Date(Number(ms)).toISOString(),
  epochMilliSecondsToFormatted: (ms: unknown, pattern: unknown, tz?: unknown) =>
    formatEpoch(Number(ms), String(pattern), tz ? String(tz) : 'UTC'),
};
