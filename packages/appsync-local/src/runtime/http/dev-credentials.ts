/**
 * `GET /dev/credentials?name=<principal>`: the credentials of a local IAM principal the explorer may
 * sign as (a console admin), for the page to sign its requests with SigV4 itself. Guarded like
 * /dev/token (loopback callers, this server's own pages): the server then checks each signature as
 * any other; nothing is trusted for coming from the page.
 */
import type { SigningCredentials } from '../auth/group-principals.ts';

export interface ExplorerSigner {
  name: string;
  /** Shown as "AWS_IAM (<label>)". */
  label: string;
  region: string;
  credentials: SigningCredentials;
}

/** What the page is told of the signers (no secrets): name, label and region. */
export type ExplorerSignerInfo = Omit<ExplorerSigner, 'credentials'>;

export function signerInfo(signers: readonly ExplorerSigner[]): ExplorerSignerInfo[] {
  return signers.map(({ name, label, region }) => ({ name, label, region }));
}

export function credentialsOf(
  signers: readonly ExplorerSigner[],
  name: string | null,
): { status: number; body: unknown } {
  const signer = signers.find((s) => s.name === name);
  if (!signer) return { status: 400, body: { error: `Give ?name= one of ${signers.map((s) => s.name).join(', ')}.` } };
  return { status: 200, body: { ...signer.credentials, region: signer.region } };
}
