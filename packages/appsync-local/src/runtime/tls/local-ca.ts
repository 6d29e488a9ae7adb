/**
 * A local certificate authority for the real-time endpoint. Amplify's client turns any http(s) GraphQL
 * URL into a `wss://` real-time URL, so the local server must speak TLS that the client trusts. The CA
 * is made once (`<dir>/local-ca.pem`, its key `<dir>/local-ca-key.pem`, mode 0600) and trusted by
 * Node through `NODE_EXTRA_CA_CERTS=<dir>/local-ca.pem` (or imported into a browser); each start signs
 * a fresh server certificate for localhost, 127.0.0.1, ::1, 10.0.2.2 (an Android emulator's name for the host)
 * and any other names given, kept in memory.
 */
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { networkInterfaces } from 'node:os';
import path from 'node:path';
import { createPrivateKey, X509Certificate } from 'node:crypto';
import { generate } from 'selfsigned';

export interface LocalCa {
  /** The CA certificate's file: what NODE_EXTRA_CA_CERTS and browsers are given. */
  certPath: string;
  cert: string;
  key: string;
}

export interface ServerCertificate {
  cert: string;
  key: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const CA_NAME = 'AppSync local runtime CA';

function writePrivate(file: string, text: string): void {
  writeFileSync(file, text, { mode: 0o600 });
  chmodSync(file, 0o600);
}

/** The CA in `dir`, made on first use (ten years); a CA that has expired is made again. */
export async function loadOrCreateLocalCa(dir: string): Promise<LocalCa> {
  mkdirSync(dir, { recursive: true });
  const certPath = path.join(dir, 'local-ca.pem');
  const keyPath = path.join(dir, 'local-ca-key.pem');
  if (existsSync(certPath) && existsSync(keyPath)) {
    const cert = readFileSync(certPath, 'utf8');
    if (new Date(new X509Certificate(cert).validTo).getTime() > Date.now() + DAY_MS) {
      return { certPath, cert, key: readFileSync(keyPath, 'utf8') };
    }
  }
  const now = Date.now();
  const made = await generate([{ name: 'commonName', value: CA_NAME }], {
    keyType: 'ec',
    curve: 'P-256',
    algorithm: 'sha256',
    notBeforeDate: new Date(now - DAY_MS),
    notAfterDate: new Date(now + 3650 * DAY_MS),
    extensions: [
      { name: 'basicConstraints', cA: true, pathLenConstraint: 0, critical: true },
      { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
    ],
  });
  writePrivate(keyPath, made.private);
  writeFileSync(certPath, made.cert);
  return { certPath, cert: made.cert, key: made.private };
}

/** The machine's own addresses: a server bound to every interface is reached by any of them. */
export function machineAddresses(): string[] {
  return Object.values(networkInterfaces())
    .flat()
    .flatMap((i) => (i ? [i.address] : []));
}

/**
 * The host's loopback as an Android emulator reaches it (its fixed alias for the host's 127.0.0.1), so an
 * app in the emulator can use `wss://10.0.2.2:<port>` against a server that listens on loopback only.
 */
const ANDROID_EMULATOR_HOST = '10.0.2.2';

/** A server certificate signed by the CA for localhost, 127.0.0.1, ::1, 10.0.2.2 and `extraHosts` (names or IPs). */
export async function serverCertificate(ca: LocalCa, extraHosts: string[] = []): Promise<ServerCertificate> {
  const ips = new Set(['127.0.0.1', '::1', ANDROID_EMULATOR_HOST]);
  const names = new Set(['localhost']);
  for (const host of extraHosts) (/^[\d.]+$|:/.test(host) ? ips : names).add(host);
  const now = Date.now();
  // selfsigned signs with a key of the same type as the certificate's own.
  const rsa = createPrivateKey(ca.key).asymmetricKeyType === 'rsa';
  const made = await generate([{ name: 'commonName', value: 'localhost' }], {
    ...(rsa ? { keyType: 'rsa', keySize: 2048 } : { keyType: 'ec', curve: 'P-256' }),
    algorithm: 'sha256',
    notBeforeDate: new Date(now - DAY_MS),
    // Browsers refuse server certificates valid for more than 398 days.
    notAfterDate: new Date(now + 397 * DAY_MS),
    ca: { key: ca.key, cert: ca.cert },
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: [
          ...[...names].map((value) => ({ type: 2 as const, value })),
          ...[...ips].map((ip) => ({ type: 7 as const, ip })),
        ],
      },
    ],
  });
  return { cert: made.cert, key: made.private };
}
