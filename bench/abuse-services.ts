/**
 * The services-port part of `npm run abuse` (`--only services`): what a web page could do to the local
 * services port ($PORT+3: SES, the scheduler, the outbox) and the local user pool before the fourth
 * hardening pass, replayed from 127.0.0.1:
 *   a. a cross-origin `text/plain` POST creating a schedule that invokes the reminder function, and a
 *      `Sec-Fetch-Site: cross-site` SES SendEmail (both must be refused, nothing scheduled or sent);
 *   b. DNS rebinding: `Host: rebind.evil.example:<port>` on GET /outbox and on the pool's ForgotPassword;
 *   c. nine unauthenticated 14 MB schedules (the 9th killed `npm start`), refused by their length;
 *   d. the outbox page, timed.
 * Every answer must be a refusal, and every listener answers after. Loopback only; bounded.
 */
import { send } from './abuse-client.ts';
import { stackAnswers } from './abuse-hardening.ts';

type Api = Parameters<typeof stackAnswers>[0] & { servicesUrl: string };

const EVIL = 'http://evil.example';
const REMINDERS = 'arn:aws:lambda:us-east-1:000000000000:function:reminders';

const schedule = (input: string) =>
  JSON.stringify({
    ScheduleExpression: 'at(2099-01-01T00:00:00)',
    FlexibleTimeWindow: { Mode: 'OFF' },
    Target: { Arn: REMINDERS, RoleArn: 'arn:aws:iam::000000000000:role/scheduler', Input: input },
  });

export async function servicesPort(api: Api) {
  const rebound = (url: string) => `rebind.evil.example:${new URL(url).port}`;
  const crossOrigin = await send(`${api.servicesUrl}/schedules/abuse-nudge`, {
    headers: { 'content-type': 'text/plain', origin: EVIL },
    body: schedule('{"nudge":"any league"}'),
  });
  const crossSite = await send(`${api.servicesUrl}/v2/email/outbound-emails`, {
    headers: { 'content-type': 'text/plain', 'sec-fetch-site': 'cross-site' },
    body: JSON.stringify({
      FromEmailAddress: 'evil@example.com',
      Destination: { ToAddresses: ['victim@example.com'] },
      Content: { Simple: { Subject: { Data: 'abuse' }, Body: { Text: { Data: 'x' } } } },
    }),
  });
  const reboundOutbox = await send(`${api.servicesUrl}/outbox`, { headers: { host: rebound(api.servicesUrl) } });
  const reboundPool = await send(`${api.userPoolUrl}/`, {
    headers: {
      host: rebound(api.userPoolUrl),
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': 'AWSCognitoIdentityProviderService.ForgotPassword',
    },
    body: JSON.stringify({ ClientId: 'any', Username: 'admin@example.com' }),
  });
  const huge = schedule('x'.repeat(14 * 1024 * 1024));
  const hugeStatuses: number[] = [];
  for (let i = 0; i < 9; i += 1) {
    hugeStatuses.push((await send(`${api.servicesUrl}/schedules/abuse-huge-${i}`, { body: huge })).status);
  }
  const listed = await send(`${api.servicesUrl}/schedules`);
  const started = performance.now();
  const outbox = await send(`${api.servicesUrl}/outbox`);
  return {
    refusals: [crossOrigin, crossSite, reboundOutbox, reboundPool].map((a) => a.status),
    hugeStatuses,
    nothingScheduled: !/abuse-(nudge|huge)/.test(listed.body),
    outboxStatus: outbox.status,
    outboxMs: performance.now() - started,
    alive: await stackAnswers(api),
  };
}
