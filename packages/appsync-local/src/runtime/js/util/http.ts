/**
 * util.http (http-helpers-in-utils-http-js.html): copyHeaders drops the restricted hop-by-hop headers;
 * addResponseHeader(s) records headers for the HTTP response. A header with an empty or restricted
 * name, or a null value, is ignored and gives a `ResponseHeaderError` in the operation's errors.
 */
import type { CallState, UtilTree } from './state.ts';

const RESTRICTED = [
  'transfer-encoding',
  'connection',
  'host',
  'expect',
  'keep-alive',
  'upgrade',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'content-length',
];
const RESTRICTED_RESPONSE = [
  ...RESTRICTED,
  'access-control-allow-credentials',
  'access-control-allow-origin',
  'access-control-expose-headers',
  'access-control-max-age',
  'access-control-allow-methods',
  'access-control-allow-headers',
  'vary',
  'content-type',
];
const RESTRICTED_PREFIXES = ['x-amzn-', 'x-amz-'];
/** Custom response headers, names and values together, may not exceed 4 KB. */
const MAX_HEADER_BYTES = 4096;

const headerText = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));

export function httpUtils(state: CallState): UtilTree {
  const refuse = (name: unknown, why: string): void => {
    state.appendedErrors.push({
      message: `Response header ${JSON.stringify(name)} was ignored: ${why}`,
      errorType: 'ResponseHeaderError',
      data: null,
      errorInfo: null,
    });
  };

  const add = (name: unknown, value: unknown): void => {
    const lower = typeof name === 'string' ? name.toLowerCase() : '';
    if (!lower) return refuse(name, 'the name is empty');
    if (RESTRICTED_RESPONSE.includes(lower) || RESTRICTED_PREFIXES.some((p) => lower.startsWith(p)))
      return refuse(name, 'the name is restricted');
    if (value === null || value === undefined) return refuse(name, 'the value is null');
    const next = { ...state.responseHeaders, [name as string]: value };
    const bytes = Object.entries(next).reduce(
      (n, [k, v]) => n + Buffer.byteLength(k) + Buffer.byteLength(headerText(v)),
      0,
    );
    if (bytes > MAX_HEADER_BYTES) return refuse(name, `custom response headers exceed ${MAX_HEADER_BYTES} bytes`);
    state.responseHeaders[name as string] = value;
  };

  return {
    copyHeaders(headers: unknown): Record<string, unknown> {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries((headers ?? {}) as Record<string, unknown>)) {
        if (!RESTRICTED.includes(k.toLowerCase())) out[k] = v;
      }
      return out;
    },
    addResponseHeader: add,
    addResponseHeaders(headers: unknown): void {
      for (const [k, v] of Object.entries((headers ?? {}) as Record<string, unknown>)) add(k, v);
    },
  };
}
