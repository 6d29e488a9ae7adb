/** util.autoId (UUID v4), util.autoUlid (ULID), util.autoKsuid (KSUID). */
import { randomBytes, randomUUID } from 'node:crypto';

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** KSUID timestamps count seconds from this epoch (2014-05-13T16:53:20Z). */
const KSUID_EPOCH = 1_400_000_000;

export function autoId(): string {
  return randomUUID();
}

/** 48-bit millisecond timestamp then 80 random bits, in Crockford base32 (26 characters). */
export function autoUlid(now = Date.now()): string {
  let time = '';
  let t = now;
  for (let i = 0; i < 10; i += 1) {
    time = CROCKFORD[t % 32] + time;
    t = Math.floor(t / 32);
  }
  const bytes = randomBytes(10);
  let bits = 0n;
  for (const b of bytes) bits = (bits << 8n) | BigInt(b);
  let random = '';
  for (let i = 0; i < 16; i += 1) {
    random = CROCKFORD[Number(bits & 31n)] + random;
    bits >>= 5n;
  }
  return time + random;
}

/** 32-bit timestamp then 128 random bits, base62 encoded to 27 characters. */
export function autoKsuid(nowSeconds = Math.floor(Date.now() / 1000)): string {
  const bytes = Buffer.concat([Buffer.alloc(4), randomBytes(16)]);
  bytes.writeUInt32BE(nowSeconds - KSUID_EPOCH, 0);
  let n = BigInt(`0x${bytes.toString('hex')}`);
  let out = '';
  while (n > 0n) {
    out = BASE62[Number(n % 62n)] + out;
    n /= 62n;
  }
  while (out.length < 27) out = `0${out}`;
  return out;
}
