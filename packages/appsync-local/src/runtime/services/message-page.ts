/**
 * One outbox message as a mail reader shows it: From, To, Date and Subject decoded, and the body (its
 * HTML part, else its text with links made clickable, both by mailparser) in a sandboxed frame: no
 * script runs and links open in a new tab, so a message's own markup (player names, for one) can do
 * nothing to the page. The raw RFC 5322 file stays one click away (`?raw`).
 */
import { simpleParser } from 'mailparser';
import escape from 'escape-html';

/** Larger messages are offered raw only: parsing one is work the page need not do. */
export const RENDERED_MESSAGE_BYTES = 1024 * 1024;

/** The page's own policy: its inline style, the frame's document, nothing else (no script, no fetch). */
export const MESSAGE_PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-src 'self'";

export async function messagePage(raw: Buffer, file: string): Promise<string> {
  const rawLink = `/outbox/${encodeURIComponent(file)}?raw`;
  const mail = await simpleParser(raw, { skipImageLinks: true });
  const addresses = (value: typeof mail.to) =>
    (Array.isArray(value) ? value : value ? [value] : []).map((a) => a.text).join(', ');
  const body = mail.html || mail.textAsHtml || '<p>(no text)</p>';
  const frame = `<!doctype html><meta charset="utf-8"><base target="_blank"><style>body{font:15px system-ui,sans-serif;margin:1em;overflow-wrap:anywhere}</style>${body}`;
  const row = (name: string, value: string) => (value ? `<dt>${name}</dt><dd>${escape(value)}</dd>` : '');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escape(mail.subject ?? '(no subject)')}</title>
<style>body{font:14px system-ui,sans-serif;margin:1em;max-width:48em}dl{display:grid;grid-template-columns:auto 1fr;gap:2px 12px}dt{color:#555}dd{margin:0;overflow-wrap:anywhere}iframe{width:100%;min-height:24em;border:1px solid #ddd;border-radius:6px}</style>
</head><body>
<p><a href="/outbox">← Outbox</a> · <a href="${rawLink}">Raw message</a></p>
<h1>${escape(mail.subject ?? '(no subject)')}</h1>
<dl>${row('From', addresses(mail.from))}${row('To', addresses(mail.to))}${row('Date', mail.date?.toUTCString() ?? '')}</dl>
<iframe title="The message" sandbox="allow-popups allow-popups-to-escape-sandbox" srcdoc="${escape(frame)}"></iframe>
</body></html>`;
}

/** A message too large to show: its raw link. */
export function largeMessagePage(file: string, bytes: number): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Large message</title></head><body>
<p><a href="/outbox">← Outbox</a></p>
<p>This message is ${Math.round(bytes / 1024)} KB, too large to show here: <a href="/outbox/${encodeURIComponent(file)}?raw">open it raw</a>.</p>
</body></html>`;
}
