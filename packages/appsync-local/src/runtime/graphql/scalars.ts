/**
 * AppSync's scalars, with the validation AppSync documents (scalars.html). Input is checked for
 * literals and variables alike; output is checked too, as AppSync refuses to serialize a bad value.
 *
 * AWSJSON: the docs say valid JSON input is "automatically parsed and loaded into the resolver code as
 * maps, lists, or scalar values rather than as the literal input strings", so `ctx.args` holds the
 * parsed value; on output, a non-string value is serialized to a JSON string.
 */
import { isIP } from 'node:net';
import { GraphQLError, GraphQLScalarType, Kind, type GraphQLSchema, type ValueNode } from 'graphql';

const OFFSET = '(Z|[+-]\\d{2}:\\d{2}(:\\d{2})?)';
const DATE = '(\\d{4})-(\\d{2})-(\\d{2})';
const TIME = '(\\d{2}):(\\d{2})(:(\\d{2})(\\.\\d{1,9})?)?';

const dateRe = new RegExp(`^${DATE}${OFFSET}?$`);
const timeRe = new RegExp(`^${TIME}${OFFSET}?$`);
const dateTimeRe = new RegExp(`^${DATE}T${TIME}${OFFSET}$`);

function validDate(y: string, m: string, d: string): boolean {
  const year = Number(y);
  const month = Number(m);
  const day = Number(d);
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  return day <= days;
}

function validTime(h: string, m: string, s: string | undefined): boolean {
  return Number(h) <= 23 && Number(m) <= 59 && (s === undefined || Number(s) <= 59);
}

function validOffset(offset: string | undefined): boolean {
  if (!offset || offset === 'Z') return true;
  const [h, m, s] = offset.slice(1).split(':').map(Number);
  return h <= 23 && m <= 59 && (s === undefined || s <= 59);
}

type Check = (value: unknown) => string | null;

const isString = (v: unknown): v is string => typeof v === 'string';

const checks: Record<string, { check: Check; expected: string }> = {
  AWSDate: {
    expected: 'an extended ISO 8601 date YYYY-MM-DD, optionally with a time zone offset',
    check: (v) => {
      if (!isString(v)) return 'not a string';
      const m = dateRe.exec(v);
      return m && validDate(m[1], m[2], m[3]) && validOffset(m[4]) ? null : 'bad format';
    },
  },
  AWSTime: {
    expected: 'an extended ISO 8601 time hh:mm:ss.sss, optionally with a time zone offset',
    check: (v) => {
      if (!isString(v)) return 'not a string';
      const m = timeRe.exec(v);
      return m && validTime(m[1], m[2], m[4]) && validOffset(m[6]) ? null : 'bad format';
    },
  },
  AWSDateTime: {
    expected: 'an extended ISO 8601 date-time YYYY-MM-DDThh:mm:ss.sssZ with a time zone offset (Z or ±hh:mm)',
    check: (v) => {
      if (!isString(v)) return 'not a string';
      const m = dateTimeRe.exec(v);
      return m && validDate(m[1], m[2], m[3]) && validTime(m[4], m[5], m[7]) && validOffset(m[9]) ? null : 'bad format';
    },
  },
  AWSTimestamp: {
    expected: 'an integer number of seconds since 1970-01-01T00:00Z',
    check: (v) => (typeof v === 'number' && Number.isSafeInteger(v) ? null : 'not an integer'),
  },
  AWSEmail: {
    expected: 'an email address local-part@domain-part',
    check: (v) => (isString(v) && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v) ? null : 'bad format'),
  },
  AWSURL: {
    expected: 'a URL with a scheme (such as http: or mailto:)',
    check: (v) => {
      if (!isString(v) || !/^[A-Za-z][A-Za-z0-9+.-]*:/.test(v)) return 'bad format';
      try {
        const url = new URL(v);
        // AppSync refuses two forward slashes inside the path part.
        return url.pathname.includes('//') ? 'double slash in path' : null;
      } catch {
        return 'bad format';
      }
    },
  },
  AWSPhone: {
    expected: 'a phone number (digits, optionally a leading +, spaces or hyphens between groups)',
    check: (v) => {
      if (!isString(v) || !/^\+?[0-9][0-9 -]*[0-9]$/.test(v)) return 'bad format';
      const digits = v.replace(/\D/g, '').length;
      return digits >= 7 && digits <= 15 ? null : 'wrong number of digits';
    },
  },
  AWSIPAddress: {
    expected: 'an IPv4 or IPv6 address, optionally with a /prefix',
    check: (v) => {
      if (!isString(v)) return 'not a string';
      const [address, prefix, extra] = v.split('/');
      const version = isIP(address);
      if (version === 0 || extra !== undefined) return 'bad format';
      if (prefix === undefined) return null;
      const bits = Number(prefix);
      return /^\d+$/.test(prefix) && bits <= (version === 4 ? 32 : 128) ? null : 'bad prefix';
    },
  },
};

function invalid(scalar: string, value: unknown): GraphQLError {
  const shown = typeof value === 'string' ? `"${value}"` : JSON.stringify(value);
  return new GraphQLError(`Invalid ${scalar} value ${shown}: expected ${checks[scalar].expected}.`);
}

function literalValue(node: ValueNode): unknown {
  switch (node.kind) {
    case Kind.STRING:
    case Kind.ENUM:
      return node.value;
    case Kind.INT:
      return Number(node.value);
    case Kind.FLOAT:
      return Number(node.value);
    case Kind.BOOLEAN:
      return node.value;
    default:
      return undefined;
  }
}

function checked(scalar: string): (value: unknown) => unknown {
  return (value) => {
    if (checks[scalar].check(value) !== null) throw invalid(scalar, value);
    return value;
  };
}

function parseJsonString(value: unknown): unknown {
  if (typeof value !== 'string') throw new GraphQLError('Invalid AWSJSON value: expected a string holding JSON.');
  try {
    return JSON.parse(value);
  } catch {
    throw new GraphQLError(`Invalid AWSJSON value ${JSON.stringify(value)}: not valid JSON.`);
  }
}

const awsJson = {
  serialize: (value: unknown) => {
    if (typeof value === 'string') return value;
    const text = JSON.stringify(value);
    if (text === undefined) throw new GraphQLError('Unable to serialize value as AWSJSON.');
    return text;
  },
  // Variables may carry the JSON text (what clients send) or, leniently, the value itself.
  parseValue: (value: unknown) => (typeof value === 'string' ? parseJsonString(value) : value),
  parseLiteral: (node: ValueNode) => {
    if (node.kind !== Kind.STRING) throw new GraphQLError('Invalid AWSJSON value: expected a string holding JSON.');
    return parseJsonString(node.value);
  },
};

function implementation(scalar: string) {
  if (scalar === 'AWSJSON') return awsJson;
  const check = checked(scalar);
  return {
    serialize: (value: unknown) => {
      if (checks[scalar].check(value) !== null) {
        throw new GraphQLError(`Unable to serialize ${JSON.stringify(value)} as a valid ${scalar}.`);
      }
      return value;
    },
    parseValue: check,
    parseLiteral: (node: ValueNode) => {
      const value = literalValue(node);
      if (scalar === 'AWSTimestamp' && node.kind !== Kind.INT) throw invalid(scalar, value ?? node.kind);
      if (scalar !== 'AWSTimestamp' && node.kind !== Kind.STRING) throw invalid(scalar, value ?? node.kind);
      return check(value);
    },
  };
}

export const appsyncScalarNames = Object.keys(checks).concat('AWSJSON');

/** Gives the schema's AppSync scalars (declared by the prelude) their AppSync behaviour, in place. */
export function installAppSyncScalars(schema: GraphQLSchema): GraphQLSchema {
  for (const name of appsyncScalarNames) {
    const type = schema.getType(name);
    if (type instanceof GraphQLScalarType) Object.assign(type, implementation(name));
  }
  return schema;
}

/** For tests and tools: whether a value is valid input for an AppSync scalar (AWSJSON: JSON text). */
export function isValidScalarValue(scalar: string, value: unknown): boolean {
  if (scalar === 'AWSJSON') {
    try {
      parseJsonString(value);
      return true;
    } catch {
      return false;
    }
  }
  return checks[scalar] !== undefined && checks[scalar].check(value) === null;
}
