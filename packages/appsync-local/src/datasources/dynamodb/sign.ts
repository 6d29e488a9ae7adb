/**
 * SigV4 for the one request form the wire sends (`POST /` in DynamoDB's JSON protocol: `host`,
 * `content-type` and `x-amz-target`, no query, no session token): the headers and the signature
 * `@smithy/signature-v4` (the SDK's signer) gives that request, with its defaults (`x-amz-date` and
 * `x-amz-content-sha256` added and signed), as a test compares. The signer's generic work (copying the
 * request, sorting and escaping, an HMAC of the secret per call to find its cached key) took about as
 * long as the rest of the runtime's own work on a DynamoDB call; here a call is two hashes and one
 * HMAC, and the signing key is derived once a day.
 */
import { createHash, createHmac } from 'node:crypto';

export interface SigningCredentials {
  accessKeyId: string;
  secretAccessKey: string;
}

export interface WireRequestHeaders {
  host: string;
  'content-type': string;
  'x-amz-target': string;
}

export type SignedWireHeaders = WireRequestHeaders & {
  'x-amz-date': string;
  'x-amz-content-sha256': string;
  authorization: string;
};

const ALGORITHM = 'AWS4-HMAC-SHA256';
const SIGNED_HEADERS = 'content-type;host;x-amz-content-sha256;x-amz-date;x-amz-target';

const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/** The signer of `credentials` for `service` in `region`. */
export function wireSigner(
  credentials: SigningCredentials,
  region: string,
  service: string,
): (headers: WireRequestHeaders, body: string, now?: Date) => SignedWireHeaders {
  let keyDate = '';
  let signingKey = Buffer.alloc(0);
  return (headers, body, now = new Date()) => {
    // 20250101T000000Z, as the SDK's signer formats it.
    const longDate = now
      .toISOString()
      .replace(/\.\d{3}Z$/, 'Z')
      .replace(/[-:]/g, '');
    const shortDate = longDate.slice(0, 8);
    if (shortDate !== keyDate) {
      signingKey = hmac(
        hmac(hmac(hmac(`AWS4${credentials.secretAccessKey}`, shortDate), region), service),
        'aws4_request',
      );
      keyDate = shortDate;
    }
    const scope = `${shortDate}/${region}/${service}/aws4_request`;
    const payloadHash = sha256Hex(body);
    const canonicalRequest =
      `POST\n/\n\n` +
      `content-type:${canonical(headers['content-type'])}\n` +
      `host:${canonical(headers.host)}\n` +
      `x-amz-content-sha256:${payloadHash}\n` +
      `x-amz-date:${longDate}\n` +
      `x-amz-target:${canonical(headers['x-amz-target'])}\n\n` +
      `${SIGNED_HEADERS}\n${payloadHash}`;
    const stringToSign = `${ALGORITHM}\n${longDate}\n${scope}\n${sha256Hex(canonicalRequest)}`;
    const signature = createHmac('sha256', signingKey).update(stringToSign).digest('hex');
    return {
      ...headers,
      'x-amz-date': longDate,
      'x-amz-content-sha256': payloadHash,
      authorization: `${ALGORITHM} Credential=${credentials.accessKeyId}/${scope}, SignedHeaders=${SIGNED_HEADERS}, Signature=${signature}`,
    };
  };
}

/** A header's value as SigV4 signs it. */
function canonical(value: string): string {
  return value.trim().replace(/\s+/g, ' ');
}
