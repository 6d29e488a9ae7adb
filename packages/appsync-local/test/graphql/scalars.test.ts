import { describe, expect, it } from 'vitest';
import { isValidScalarValue } from '../../src/runtime/graphql/scalars.ts';
import type { CompiledCode } from '../../src/runtime/types.ts';
import { echoDataSource, fakeCode, query, testApi, unitWiring } from './fakes.ts';

const cases: Record<string, { valid: unknown[]; invalid: unknown[] }> = {
  AWSDate: {
    valid: ['1970-01-01', '2024-02-29', '1970-01-01Z', '1970-01-01-07:00', '1970-01-01+05:30', '1970-01-01+05:30:15'],
    invalid: ['1970-1-1', '2023-02-29', '1970-13-01', '1970-01-01T00:00:00Z', '1970-01-01+0530', 'today', 19700101],
  },
  AWSTime: {
    valid: ['12:30', '12:30:45', '12:30:45.123', '12:30:45.123456789', '12:30:45Z', '12:30:45-08:00'],
    invalid: ['24:00:00', '12:60', '1230', '12:30:45+0800', '', 1230],
  },
  AWSDateTime: {
    valid: [
      '1970-01-01T12:00:00Z',
      '2024-06-30T23:59:59.999Z',
      '2024-06-30T23:59:59.123+02:00',
      '2024-06-30T10:00Z',
      '2024-06-30T10:00:00-05:00:30',
    ],
    invalid: [
      '2024-06-30T23:59:59',
      '2024-06-30 23:59:59Z',
      '2024-06-30T23:59:59+0200',
      '2024-02-30T00:00:00Z',
      '2024-06-30',
      0,
    ],
  },
  AWSTimestamp: {
    valid: [0, 1700000000, -86400],
    invalid: [1.5, '1700000000', null],
  },
  AWSEmail: {
    valid: ['a@example.com', 'first.last+tag@sub.example.org'],
    invalid: ['a@b', 'no-at.example.com', 'two@@example.com', 'sp ace@example.com'],
  },
  AWSJSON: {
    valid: ['{"a":1}', '[1,2]', '"text"', '42', 'null'],
    invalid: ['{a:1}', 'plain words', '', 42],
  },
  AWSURL: {
    valid: ['https://example.com/a/b?q=1', 'http://localhost:3000', 'mailto:someone@example.com'],
    invalid: ['example.com', '/relative/path', 'https://example.com//double', 'not a url'],
  },
  AWSPhone: {
    valid: ['+1 555 123 4567', '555-123-4567', '+33612345678'],
    invalid: ['call me', '12', '+1 555 abc 4567', '1234567890123456', '555.123.4567'],
  },
  AWSIPAddress: {
    valid: ['127.0.0.1', '10.0.0.0/8', '::1', '2001:db8::/32'],
    invalid: ['256.0.0.1', '10.0.0.0/33', '::1/129', 'localhost', '1.2.3'],
  },
};

describe('AppSync scalars', () => {
  for (const [scalar, { valid, invalid }] of Object.entries(cases)) {
    it(`${scalar} accepts valid values and refuses invalid ones`, () => {
      for (const v of valid) expect(isValidScalarValue(scalar, v), `${scalar} ${JSON.stringify(v)}`).toBe(true);
      for (const v of invalid) expect(isValidScalarValue(scalar, v), `${scalar} ${JSON.stringify(v)}`).toBe(false);
    });
  }
});

/** One field of each scalar: `echo` takes them as arguments and returns them as these fields. */
const ECHOED = [
  'date: AWSDate',
  'time: AWSTime',
  'dt: AWSDateTime',
  'ts: AWSTimestamp',
  'email: AWSEmail',
  'url: AWSURL',
  'phone: AWSPhone',
  'ip: AWSIPAddress',
  'json: AWSJSON',
].join(' ');
const schema = /* GraphQL */ `
  type Query {
    echo(${ECHOED}): Echo
    bad: Echo
  }
  type Echo {
    ${ECHOED}
  }
`;

function scalarApi() {
  const code: CompiledCode = fakeCode('echo', {
    request: () => ({}),
    response: (ctx) => (ctx.info.fieldName === 'bad' ? { dt: '2024-01-01 10:00', ts: 1.5 } : ctx.args),
  });
  return testApi({
    schema,
    wiring: unitWiring({ echo: 'echo.ts', bad: 'echo.ts' }),
    codes: { 'echo.ts': code },
    dataSources: { DS: echoDataSource() },
  });
}

describe('AppSync scalars in requests', () => {
  const api = scalarApi();
  const all = 'date time dt ts email url phone ip json';

  it('round-trips valid literals and variables', async () => {
    const values = {
      date: '2024-06-30',
      time: '10:15:00.000',
      dt: '2024-06-30T10:15:00.000Z',
      ts: 1719742500,
      email: 'a@example.com',
      url: 'https://example.com/x',
      phone: '+1 555 123 4567',
      ip: '192.168.0.1',
      json: '{"k":[1,true]}',
    };
    const literal = await query(
      api,
      `{ echo(date: "2024-06-30", time: "10:15:00.000", dt: "2024-06-30T10:15:00.000Z", ts: 1719742500, email: "a@example.com", url: "https://example.com/x", phone: "+1 555 123 4567", ip: "192.168.0.1", json: "{\\"k\\":[1,true]}") { ${all} } }`,
    );
    expect(literal.body).toEqual({ data: { echo: values } });
    const variables = await query(
      api,
      `query($date: AWSDate, $time: AWSTime, $dt: AWSDateTime, $ts: AWSTimestamp, $email: AWSEmail, $url: AWSURL, $phone: AWSPhone, $ip: AWSIPAddress, $json: AWSJSON) {
        echo(date: $date, time: $time, dt: $dt, ts: $ts, email: $email, url: $url, phone: $phone, ip: $ip, json: $json) { ${all} } }`,
      values,
    );
    expect(variables.body).toEqual({ data: { echo: values } });
  });

  it('refuses an invalid literal with a validation error naming the scalar', async () => {
    const res = await query(api, '{ echo(dt: "2024-06-30T10:15:00") { dt } }');
    expect(res.status).toBe(200);
    expect(res.body.data).toBeNull();
    expect(res.body.errors[0].message).toMatch(/^Validation error of type WrongType: .*AWSDateTime/);
  });

  it('refuses an invalid variable with an error naming the scalar', async () => {
    const res = await query(api, 'query($e: AWSEmail) { echo(email: $e) { email } }', { e: 'nope' });
    expect(res.body.data).toBeNull();
    expect(res.body.errors[0].message).toMatch(/AWSEmail/);
    const json = await query(api, 'query($j: AWSJSON) { echo(json: $j) { json } }', { j: '{bad json' });
    expect(json.body.data).toBeNull();
    expect(json.body.errors[0].message).toMatch(/AWSJSON/);
  });

  it('refuses to serialize an invalid value a resolver returned', async () => {
    const res = await query(api, '{ bad { dt ts } }');
    expect(res.body.data).toEqual({ bad: { dt: null, ts: null } });
    expect(res.body.errors.map((e: { path: unknown }) => e.path)).toEqual([
      ['bad', 'dt'],
      ['bad', 'ts'],
    ]);
    expect(res.body.errors[0].message).toMatch(/^Can't serialize value \(\/bad\/dt\) : .*AWSDateTime/);
  });
});
