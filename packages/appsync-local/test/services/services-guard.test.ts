/**
 * The services port's guard and bounds, in process: the shared `Host` and `Origin` check (the pool's
 * rule for IP literals too), the budget of bodies read at once, Scheduler's 256 KB input and the local
 * scheduler's kept bytes, and the outbox reading only a message's head.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { request, type ClientRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foreignHost, foreignOrigin } from '../../src/runtime/io/own-origin.ts';
import { createOutbox } from '../../src/runtime/services/outbox.ts';
import {
  createLocalScheduler,
  MAX_INPUT_BYTES,
  MAX_KEPT_BYTES,
  type ScheduleInput,
} from '../../src/runtime/services/scheduler.ts';
import { startServicesServer, type ServicesServer } from '../../src/runtime/services/server.ts';

const input = (payload: string): ScheduleInput => ({
  ScheduleExpression: 'at(2099-01-01T00:00:00)',
  FlexibleTimeWindow: { Mode: 'OFF' },
  Target: { Arn: 'arn:aws:lambda:us-east-1:000000000000:function:f', RoleArn: 'r', Input: payload },
});

describe('the shared check of Host and Origin', () => {
  it("takes loopback's names with the port, and IP literals only when asked", () => {
    expect(foreignHost({ host: 'localhost:4003' }, 4003)).toBeNull();
    expect(foreignHost({ host: '[::1]:4003' }, 4003)).toBeNull();
    expect(foreignHost({ host: 'rebind.evil.example:4003' }, 4003)).toMatch(/^Host must be one of/);
    expect(foreignHost({ host: '127.0.0.1:4004' }, 4003)).not.toBeNull();
    expect(foreignHost({ host: '192.168.1.20:4001' }, 4001)).not.toBeNull();
    expect(foreignHost({ host: '192.168.1.20:4001' }, 4001, { ipLiterals: true })).toBeNull();
    expect(foreignHost({ host: '[fe80::1]:4001' }, 4001, { ipLiterals: true })).toBeNull();
    expect(foreignHost({ host: '192.168.1.20.evil.example:4001' }, 4001, { ipLiterals: true })).not.toBeNull();
  });

  it('refuses another origin and same-site or cross-site requests', () => {
    const own = { host: '127.0.0.1:4003' };
    expect(
      foreignOrigin({ ...own, origin: 'http://localhost:4003', 'sec-fetch-site': 'same-origin' }, 4003),
    ).toBeNull();
    expect(foreignOrigin({ ...own, 'sec-fetch-site': 'none' }, 4003)).toBeNull();
    expect(foreignOrigin({ ...own, origin: 'http://127.0.0.1:4002' }, 4003)).toMatch(/is not this server/);
    expect(foreignOrigin({ ...own, 'sec-fetch-site': 'same-site' }, 4003)).toMatch(/same-site/);
  });
});

describe('the services server', () => {
  let server: ServicesServer;
  const open: ClientRequest[] = [];
  beforeAll(async () => {
    const outbox = createOutbox(mkdtempSync(path.join(tmpdir(), 'guard-outbox-')));
    const scheduler = createLocalScheduler({ invoke: () => true });
    server = await startServicesServer({ outbox, scheduler, functionUrls: {}, port: 0 });
  });
  afterAll(async () => {
    for (const req of open) req.destroy();
    await server?.close();
  });

  /** Sends only the headers of a SendEmail declaring `length` bytes; resolves with the status, if any comes within 500 ms. */
  const declare = (length: number) =>
    new Promise<number | null>((resolve) => {
      const req = request(`${server.url}/v2/email/outbound-emails`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': String(length) },
      });
      open.push(req);
      req.on('response', (res) => resolve(res.statusCode!));
      req.on('error', () => resolve(-1));
      req.flushHeaders();
      setTimeout(() => resolve(null), 500);
    });

  it('reads two of the largest bodies at once and answers a third 429 before reading it', async () => {
    const large = 13 * 1024 * 1024;
    expect(await declare(large)).toBeNull();
    expect(await declare(large)).toBeNull();
    expect(await declare(large)).toBe(429);
    expect(await declare(15 * 1024 * 1024)).toBe(413);
  });
});

describe('the scheduler', () => {
  it("refuses an input over Scheduler's 256 KB, and past the kept bytes ServiceQuotaExceededException", () => {
    const scheduler = createLocalScheduler({ invoke: () => true });
    expect(() => scheduler.create('too-large', 'default', input('x'.repeat(MAX_INPUT_BYTES + 1)))).toThrow(
      /larger than 262144 bytes/,
    );
    const full = 'x'.repeat(MAX_INPUT_BYTES);
    const fits = MAX_KEPT_BYTES / MAX_INPUT_BYTES;
    for (let i = 0; i < fits; i++) scheduler.create(`s${i}`, 'default', input(full));
    expect(() => scheduler.create('one-more', 'default', input(full))).toThrow(
      expect.objectContaining({ type: 'ServiceQuotaExceededException', status: 402 }),
    );
    scheduler.close();
  });
});

describe('the outbox', () => {
  it("reads a message's head only", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'head-outbox-'));
    const outbox = createOutbox(dir);
    const { file } = outbox.writeRaw(Buffer.concat([Buffer.from('To: a@example.com\r\n\r\n'), Buffer.alloc(1 << 20)]));
    expect((await outbox.head(file, 64))!.length).toBeLessThanOrEqual(64);
    expect(await outbox.head('../../etc/passwd', 64)).toBeNull();
    writeFileSync(path.join(dir, 'not-a-message.txt'), 'x');
    expect(outbox.pathOf('not-a-message.txt')).toBeNull();
  });
});
