/** util.base64Encode/Decode, util.urlEncode/Decode, util.escapeJavaScript (Java semantics). */

export function base64Encode(value: unknown): string {
  return Buffer.from(String(value), 'utf8').toString('base64');
}

export function base64Decode(value: unknown): string {
  return Buffer.from(String(value), 'base64').toString('utf8');
}

/** Java's URLEncoder (application/x-www-form-urlencoded): keeps A-Za-z0-9 . - * _ and turns spaces into '+'. */
export function urlEncode(value: unknown): string {
  return encodeURIComponent(String(value))
    .replace(/[!'()~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+');
}

export function urlDecode(value: unknown): string {
  return decodeURIComponent(String(value).replace(/\+/g, ' '));
}

const ESCAPES: Record<string, string> = {
  "'": "\\'",
  '"': '\\"',
  '\\': '\\\\',
  '/': '\\/',
  '\b': '\\b',
  '\n': '\\n',
  '\t': '\\t',
  '\f': '\\f',
  '\r': '\\r',
};

/** Like Apache Commons' escapeEcmaScript: quotes, backslash, slash, control and non-ASCII characters. */
export function escapeJavaScript(value: unknown): string {
  let out = '';
  for (const ch of String(value)) {
    const escaped = ESCAPES[ch];
    if (escaped) {
      out += escaped;
      continue;
    }
    const code = ch.codePointAt(0)!;
    if (code < 32 || code > 0x7f) {
      const units = code > 0xffff ? [ch.charCodeAt(0), ch.charCodeAt(1)] : [code];
      out += units.map((u) => `\\u${u.toString(16).toUpperCase().padStart(4, '0')}`).join('');
    } else {
      out += ch;
    }
  }
  return out;
}
