/** The local CA: made once with a private key only its owner reads, kept, and signing server certificates. */
import { X509Certificate } from 'node:crypto';
import { mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { generate } from 'selfsigned';
import { describe, expect, it } from 'vitest';
import { loadOrCreateLocalCa, serverCertificate } from '../../src/runtime/tls/local-ca.ts';

describe('local CA', () => {
  it('is made once (key mode 0600) and kept across starts', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'local-ca-'));
    const first = await loadOrCreateLocalCa(dir);
    expect(statSync(path.join(dir, 'local-ca-key.pem')).mode & 0o777).toBe(0o600);
    expect(first.certPath).toBe(path.join(dir, 'local-ca.pem'));
    const ca = new X509Certificate(first.cert);
    expect(ca.ca).toBe(true);
    expect((await loadOrCreateLocalCa(dir)).cert).toBe(first.cert);
  });

  it('signs a server certificate for localhost, 127.0.0.1, ::1 and the names given', async () => {
    const ca = await loadOrCreateLocalCa(mkdtempSync(path.join(tmpdir(), 'local-ca-')));
    const server = new X509Certificate((await serverCertificate(ca, ['10.1.2.3', 'devbox.lan'])).cert);
    const authority = new X509Certificate(ca.cert);
    expect(server.checkIssued(authority)).toBe(true);
    expect(server.verify(authority.publicKey)).toBe(true);
    expect(server.ca).toBe(false);
    for (const name of [
      'DNS:localhost',
      'DNS:devbox.lan',
      'IP Address:127.0.0.1',
      'IP Address:0:0:0:0:0:0:0:1',
      'IP Address:10.0.2.2',
      'IP Address:10.1.2.3',
    ]) {
      expect(server.subjectAltName).toContain(name);
    }
    expect(server.checkHost('localhost')).toBe('localhost');
    expect(server.checkIP('127.0.0.1')).toBe('127.0.0.1');
  });

  it('keeps working with an RSA CA made by an earlier version', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'local-ca-'));
    const made = await generate([{ name: 'commonName', value: 'old CA' }], {
      keySize: 2048,
      algorithm: 'sha256',
      notAfterDate: new Date(Date.now() + 30 * 86_400_000),
      extensions: [
        { name: 'basicConstraints', cA: true, critical: true },
        { name: 'keyUsage', keyCertSign: true, critical: true },
      ],
    });
    writeFileSync(path.join(dir, 'local-ca.pem'), made.cert);
    writeFileSync(path.join(dir, 'local-ca-key.pem'), made.private, { mode: 0o600 });
    const ca = await loadOrCreateLocalCa(dir);
    expect(ca.cert).toBe(made.cert);
    expect(new X509Certificate((await serverCertificate(ca)).cert).checkIssued(new X509Certificate(ca.cert))).toBe(
      true,
    );
  });
});
