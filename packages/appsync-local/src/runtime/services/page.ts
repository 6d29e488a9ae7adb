/**
 * The outbox page of the local services: the messages newest first, `OUTBOX_PAGE_SIZE` a page (the next
 * page's link names the last file shown), each opening as its raw text.
 */
import escape from 'escape-html';
import type { OutboxEntry } from './outbox.ts';

/** A header's value as the message holds it, unfolded (the page shows To and Subject). */
export function headerOf(message: string, name: string): string {
  const head = message.split(/\r?\n\r?\n/, 1)[0].replace(/\r?\n[ \t]+/g, ' ');
  const line = head.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line ? line.slice(name.length + 1).trim() : '';
}

/** RFC 2047 encoded words (`=?UTF-8?Q?...?=`, `=?UTF-8?B?...?=`) as text, for showing a subject. */
export function decodeWords(value: string): string {
  return value.replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=\s*/g, (_m, _charset, enc: string, data: string) => {
    if (enc.toUpperCase() === 'B') return Buffer.from(data, 'base64').toString('utf8');
    const bytes = data
      .replace(/_/g, ' ')
      .replace(/=([0-9A-Fa-f]{2})/g, (_x, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  });
}

export const OUTBOX_PAGE_SIZE = 50;

/** How much of a message the list reads for its To and Subject: a header block longer than this shows cut. */
export const OUTBOX_HEAD_BYTES = 16 * 1024;

export function outboxPage(
  entries: { entry: OutboxEntry; to: string; subject: string }[],
  page: { total: number; next?: string },
): string {
  const rows = entries
    .map(
      ({ entry, to, subject }) =>
        `<tr><td>${escape(entry.time)}</td><td>${escape(to)}</td><td><a href="/outbox/${encodeURIComponent(entry.file)}">${escape(subject || '(no subject)')}</a></td></tr>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Local outbox</title>
<style>body{font:14px system-ui,sans-serif;margin:2em}table{border-collapse:collapse}td,th{padding:4px 12px;text-align:left;border-bottom:1px solid #ddd}</style>
</head><body>
<h1>Local outbox</h1>
<p>${page.total} message(s) sent by the local services (SES and the local user pool), newest first, ${OUTBOX_PAGE_SIZE} a page. Each is an RFC 5322 file.</p>
<table><thead><tr><th>Accepted (UTC)</th><th>To</th><th>Subject</th></tr></thead>
<tbody>
${rows}
</tbody></table>
${page.next === undefined ? '' : `<p><a rel="next" href="/outbox?before=${encodeURIComponent(page.next)}">Older messages</a></p>`}
</body></html>`;
}
