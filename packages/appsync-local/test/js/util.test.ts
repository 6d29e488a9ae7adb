/**
 * util.* against the outputs AWS documents. Page names are those of the AppSync developer guide
 * (docs.aws.amazon.com/appsync/latest/devguide/<page>).
 */
import { describe, expect, it } from 'vitest';
import { evalInSandbox, makeCtx, runRequest } from './helpers.ts';

describe('util.dynamodb (dynamodb-helpers-in-util-dynamodb-js.html)', () => {
  it('converts values the way the examples show', () => {
    const out = evalInSandbox(`{
      s: util.dynamodb.toDynamoDB("foo"),
      n: util.dynamodb.toDynamoDB(12345),
      b: util.dynamodb.toDynamoDB(true),
      l: util.dynamodb.toDynamoDB(["foo", 123, { bar: "baz" }]),
      m: util.dynamodb.toDynamoDB({ foo: "bar", baz: 1234, beep: ["boop"] }),
      mapValues: util.dynamodb.toMapValues({ foo: "bar", baz: 1234, beep: ["boop"] }),
      str: util.dynamodb.toString("foo"),
      ss: util.dynamodb.toStringSet(["foo", "bar", "baz"]),
      num: util.dynamodb.toNumber(12345),
      ns: util.dynamodb.toNumberSet([1, 23, 4.14]),
      bin: util.dynamodb.toBinary("foo"),
      bs: util.dynamodb.toBinarySet(["foo", "bar", "baz"]),
      bool: util.dynamodb.toBoolean(true),
      nul: util.dynamodb.toNull(),
      list: util.dynamodb.toList(["foo", 123, { bar: "baz" }]),
      map: util.dynamodb.toMap({ foo: "bar", baz: 1234, beep: ["boop"] }),
      s3: util.dynamodb.toS3Object("foo", "bar", "baz"),
      s3v: util.dynamodb.toS3Object("foo", "bar", "baz", "beep"),
      fromS3: util.dynamodb.fromS3ObjectJson('{ "s3" : { "key" : "foo", "bucket" : "bar", "region" : "baz" } }'),
    }`);
    const m = { foo: { S: 'bar' }, baz: { N: 1234 }, beep: { L: [{ S: 'boop' }] } };
    expect(out).toEqual({
      s: { S: 'foo' },
      n: { N: 12345 },
      b: { BOOL: true },
      l: { L: [{ S: 'foo' }, { N: 123 }, { M: { bar: { S: 'baz' } } }] },
      m: { M: m },
      mapValues: m,
      str: { S: 'foo' },
      ss: { SS: ['foo', 'bar', 'baz'] },
      num: { N: 12345 },
      ns: { NS: [1, 23, 4.14] },
      bin: { B: 'foo' },
      bs: { BS: ['foo', 'bar', 'baz'] },
      bool: { BOOL: true },
      nul: { NULL: null },
      list: { L: [{ S: 'foo' }, { N: 123 }, { M: { bar: { S: 'baz' } } }] },
      map: { M: m },
      s3: { S: '{"s3":{"key":"foo","bucket":"bar","region":"baz"}}' },
      s3v: { S: '{"s3":{"key":"foo","bucket":"bar","region":"baz","version":"beep"}}' },
      fromS3: { key: 'foo', bucket: 'bar', region: 'baz' },
    });
  });
});

describe('util.transform (transform-helpers-in-util-transform-js.html)', () => {
  it('toDynamoDBFilterExpression returns the documented JSON string', () => {
    // Expected string: AppSync's evaluated output for this input (see the runtime reference notes).
    expect(evalInSandbox(`util.transform.toDynamoDBFilterExpression({ title: { contains: "Hello" } })`)).toBe(
      '{"expression":"(contains(#title,:title_contains))","expressionNames":{"#title":"title"},"expressionValues":{":title_contains":{"S":"Hello"}}}',
    );
  });

  it('combines fields with AND and handles or/between/attributeExists', () => {
    const out = JSON.parse(
      evalInSandbox(`util.transform.toDynamoDBConditionExpression({
        status: { eq: "OPEN" },
        or: [{ score: { between: [1, 5] } }, { deletedAt: { attributeExists: false } }],
      })`) as string,
    );
    expect(out).toEqual({
      expression:
        '(#status = :status_eq) AND ((#score BETWEEN :or_0_score_between_0 AND :or_0_score_between_1) OR (attribute_not_exists(#deletedAt)))',
      expressionNames: { '#status': 'status', '#score': 'score', '#deletedAt': 'deletedAt' },
      expressionValues: {
        ':status_eq': { S: 'OPEN' },
        ':or_0_score_between_0': { N: 1 },
        ':or_0_score_between_1': { N: 5 },
      },
    });
  });

  it('toSubscriptionFilter builds filter groups', () => {
    expect(
      evalInSandbox(`util.transform.toSubscriptionFilter({ severity: { ge: 3 }, type: { eq: "x" } }, ["type"])`),
    ).toEqual({
      filterGroup: [{ filters: [{ fieldName: 'severity', operator: 'ge', value: 3 }] }],
    });
  });
});

describe('util.time (time-helpers-in-util-time-js.html)', () => {
  it('matches the documented examples', () => {
    expect(
      evalInSandbox(`[
        util.time.epochMilliSecondsToSeconds(1517943695750),
        util.time.epochMilliSecondsToISO8601(1517943695758),
        util.time.epochMilliSecondsToFormatted(1517943695750, "yyyy-MM-dd HH:mm:ssZ"),
        util.time.epochMilliSecondsToFormatted(1517943695750, "yyyy-MM-dd HH:mm:ssZ", "Australia/Perth"),
        util.time.parseFormattedToEpochMilliSeconds("2018-02-01 17:21:05.000+0000", "yyyy-MM-dd HH:mm:ss.SSSZ"),
        util.time.parseFormattedToEpochMilliSeconds("2018-02-01 17:21:05", "yyyy-MM-dd HH:mm:ss", "+08:00"),
        util.time.parseISO8601ToEpochMilliSeconds("2018-02-01T17:21:05.000+08:00"),
      ]`),
    ).toEqual([
      1517943695,
      '2018-02-06T19:01:35.758Z',
      '2018-02-06 19:01:35+0000',
      '2018-02-07 03:01:35+0800',
      1517505665000,
      1517476865000,
      1517476865000,
    ]);
  });

  it('formats other DateTimeFormatter letters and quoted literals', () => {
    expect(
      evalInSandbox(`[
        util.time.epochMilliSecondsToFormatted(1517943695758, "EEE, dd MMM yyyy 'at' HH:mm:ss.SSS XXX"),
        util.time.epochMilliSecondsToFormatted(1517943695758, "EEEE h:mm a XXX", "-08:00"),
        util.time.epochMilliSecondsToFormatted(1517943695758, "yyyy-MM-dd'T'HH:mm:ssXXX", "Europe/Paris"),
        util.time.parseFormattedToEpochMilliSeconds("06/02/2018 19:01", "dd/MM/yyyy HH:mm", "Europe/Paris"),
      ]`),
    ).toEqual([
      'Tue, 06 Feb 2018 at 19:01:35.758 Z',
      'Tuesday 11:01 AM -08:00',
      '2018-02-06T20:01:35+01:00',
      Date.UTC(2018, 1, 6, 18, 1),
    ]);
  });

  it("follows Java's DateTimeFormatter (Locale.US) for G Y w W Q e K A z zzzz O VV", () => {
    expect(
      evalInSandbox(`[
        util.time.epochMilliSecondsToFormatted(1517943695758, "G yyyy QQQ QQQQ Y-ww W e K a A", "America/Los_Angeles"),
        util.time.epochMilliSecondsToFormatted(1517943695758, "z zzzz O OOOO VV", "America/Los_Angeles"),
        util.time.epochMilliSecondsToFormatted(1517943695758, "z zzzz O ZZZZ", "UTC"),
        util.time.epochMilliSecondsToFormatted(1514678400000, "YYYY-ww yyyy"),
      ]`),
    ).toEqual([
      'AD 2018 Q1 1st quarter 2018-06 2 3 11 AM 39695758',
      'PST Pacific Standard Time GMT-8 GMT-08:00 America/Los_Angeles',
      'UTC Coordinated Universal Time GMT GMT',
      '2018-01 2017', // Sunday 31 December 2017 is in the first week of 2018
    ]);
  });

  it('refuses an unknown pattern letter, as Java does', () => {
    expect(runRequest('return util.time.nowFormatted("yyyy b");').error?.message).toMatch(/Unknown pattern letter: b/);
  });

  it('parseISO8601ToEpochMilliSeconds takes ISO 8601 only, UTC when no zone is given (AppSync runs in UTC)', () => {
    expect(
      evalInSandbox(
        '[util.time.parseISO8601ToEpochMilliSeconds("2018-02-01T17:21:05Z"), util.time.parseISO8601ToEpochMilliSeconds("2018-02-01T17:21:05")]',
      ),
    ).toEqual([1517505665000, 1517505665000]);
    for (const text of ['Feb 1, 2018', '2018-02-30T00:00:00Z', '1517505665000']) {
      expect(
        runRequest(`return util.time.parseISO8601ToEpochMilliSeconds(${JSON.stringify(text)});`).error?.errorType,
      ).toBe('Code');
    }
  });

  it('now* functions agree with the clock', () => {
    const before = Date.now();
    const [iso, secs, ms, formatted] = evalInSandbox(
      `[util.time.nowISO8601(), util.time.nowEpochSeconds(), util.time.nowEpochMilliSeconds(), util.time.nowFormatted("yyyy-MM-dd HH:mm:ssZ")]`,
    ) as [string, number, number, string];
    expect(iso).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(ms).toBeGreaterThanOrEqual(before);
    expect(secs).toBe(Math.floor(ms / 1000));
    expect(formatted).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\+0000$/);
  });
});

describe('util ids, encoding, types (built-in-util-js.html)', () => {
  it('autoId/autoUlid/autoKsuid have the documented formats', () => {
    const [id, ulid, ksuid] = evalInSandbox(`[util.autoId(), util.autoUlid(), util.autoKsuid()]`) as string[];
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(ulid).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(ksuid).toMatch(/^[0-9A-Za-z]{27}$/);
  });

  it('encodes and escapes like the Java helpers', () => {
    expect(
      evalInSandbox(`[
        util.base64Encode("hello world"), util.base64Decode("aGVsbG8gd29ybGQ="),
        util.urlEncode("a b&c=d/é*"), util.urlDecode("a+b%26c"),
        util.escapeJavaScript("it's \\"x\\"\\n/"),
      ]`),
    ).toEqual(['aGVsbG8gd29ybGQ=', 'hello world', 'a+b%26c%3Dd%2F%C3%A9*', 'a b&c', `it\\'s \\"x\\"\\n\\/`]);
  });

  it('matches; VTL-only helpers (isNull, typeOf, defaultIfNull...) are absent, as from built-in-util-js.html', () => {
    expect(evalInSandbox('[util.matches("a+b", "aaab"), util.matches("a+", "aab")]')).toEqual([true, false]);
    expect(
      evalInSandbox(
        '[typeof util.isNull, typeof util.typeOf, typeof util.defaultIfNull, typeof util.isString, typeof util.isNullOrEmpty]',
      ),
    ).toEqual(['undefined', 'undefined', 'undefined', 'undefined', 'undefined']);
  });

  it('authType follows the identity', () => {
    expect(evalInSandbox('util.authType()')).toBe('API Key Authorization');
    const identity = {
      sub: 's',
      issuer: 'https://cognito-idp.eu-west-1.amazonaws.com/pool',
      username: 'u',
      claims: {},
      sourceIp: [],
      defaultAuthStrategy: 'ALLOW' as const,
      groups: null,
    };
    expect(evalInSandbox('util.authType()', makeCtx({ identity }))).toBe('User Pool Authorization');
  });
});

describe('util.math and util.str (math-helpers-in-util-math-js.html, str-helpers-in-util-str-js.html)', () => {
  it('matches the documented examples', () => {
    expect(
      evalInSandbox(
        `[util.math.roundNum(10.2), util.math.minVal(10.2, 11), util.math.maxVal(10.2, 11), util.str.normalize("e\\u0301", "nfc")]`,
      ),
    ).toEqual([10, 10.2, 11, 'é']);
    const [d, r] = evalInSandbox(`[util.math.randomDouble(), util.math.randomWithinRange(3, 5)]`) as number[];
    expect(d).toBeGreaterThanOrEqual(0);
    expect(d).toBeLessThan(1);
    expect([3, 4, 5]).toContain(r);
  });
});

describe('util.xml (xml-helpers-in-util-xml-js.html)', () => {
  const one =
    '<?xml version="1.0" encoding="UTF-8"?>\n<posts>\n<post>\n  <id>1</id>\n  <title>Getting started with GraphQL</title>\n</post>\n</posts>';
  const two =
    '<?xml version="1.0" encoding="UTF-8"?>\n<posts>\n<post>\n  <id>1</id>\n  <title>Getting started with GraphQL</title>\n</post>\n<post>\n  <id>2</id>\n  <title>Getting started with AppSync</title>\n</post>\n</posts>';

  it('toMap gives the documented outputs', () => {
    expect(evalInSandbox(`util.xml.toMap(${JSON.stringify(one)})`)).toEqual({
      posts: { post: { id: 1, title: 'Getting started with GraphQL' } },
    });
    expect(evalInSandbox(`util.xml.toMap(${JSON.stringify(two)})`)).toEqual({
      posts: {
        post: [
          { id: 1, title: 'Getting started with GraphQL' },
          { id: 2, title: 'Getting started with AppSync' },
        ],
      },
    });
  });

  it('attributes, mixed text, entities and CDATA', () => {
    expect(evalInSandbox(`util.xml.toMap('<a n="2" ok="true">x &amp; y<b/><c><![CDATA[<raw>]]></c></a>')`)).toEqual({
      a: { n: 2, ok: true, b: '', c: '<raw>', content: 'x & y' },
    });
  });

  it('toJsonString, optionally string-encoded', () => {
    const json = JSON.stringify({ posts: { post: { id: 1, title: 'Getting started with GraphQL' } } });
    expect(evalInSandbox(`util.xml.toJsonString(${JSON.stringify(one)})`)).toBe(json);
    expect(evalInSandbox(`util.xml.toJsonString(${JSON.stringify(one)}, true)`)).toBe(JSON.stringify(json));
  });
});
