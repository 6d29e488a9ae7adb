/**
 * Acting as a local IAM principal (AWS_IAM) in the explorer: its credentials come from this page's own
 * server (/dev/credentials), and every request is SigV4-signed here, in the page, by the signer AWS's
 * SDKs use; the server checks the signature as it checks any other. Only the principal's name is
 * remembered (never its credentials, which change at each server start).
 */
import { Sha256 } from '@aws-crypto/sha256-js';
import { SignatureV4 } from '@smithy/signature-v4';
import type { KeyValueStore } from './identity.ts';

/** A principal the server offers (the page's data-signers). */
export interface SignerInfo {
  name: string;
  label: string;
  region: string;
}

export interface SigningCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
}

const SIGNER_KEY = 'local-appsync-explorer:iam-signer';

export async function fetchCredentials(signer: SignerInfo): Promise<SigningCredentials> {
  const res = await fetch(`/dev/credentials?name=${encodeURIComponent(signer.name)}`, { credentials: 'same-origin' });
  const body = (await res.json().catch(() => ({}))) as Partial<SigningCredentials> & { error?: string };
  if (!res.ok || typeof body.accessKeyId !== 'string' || typeof body.secretAccessKey !== 'string') {
    throw new Error(body.error ?? `credentials request failed (HTTP ${res.status})`);
  }
  return { accessKeyId: body.accessKeyId, secretAccessKey: body.secretAccessKey, sessionToken: body.sessionToken };
}

/** The headers of a POST of `body` to `path` on this page's origin, signed for AppSync. */
export async function signedHeaders(
  signer: SignerInfo,
  credentials: SigningCredentials,
  path: string,
  body: string,
): Promise<Record<string, string>> {
  const sigv4 = new SignatureV4({ service: 'appsync', region: signer.region, credentials, sha256: Sha256 });
  const signed = await sigv4.sign({
    method: 'POST',
    protocol: location.protocol,
    hostname: location.hostname,
    port: location.port === '' ? undefined : Number(location.port),
    path,
    headers: { 'content-type': 'application/json', host: location.host },
    body,
  });
  // The browser sends Host itself (the same value): a page may not set it.
  const { host: _host, ...headers } = signed.headers;
  return headers;
}

/** The principal signed as last, if the server still offers it. */
export function rememberedSigner(storage: KeyValueStore, signers: SignerInfo[]): SignerInfo | null {
  const name = storage.getItem(SIGNER_KEY);
  return signers.find((s) => s.name === name) ?? null;
}

export function rememberSigner(storage: KeyValueStore, signer: SignerInfo | null): void {
  if (signer) storage.setItem(SIGNER_KEY, signer.name);
  else storage.removeItem(SIGNER_KEY);
}
