/**
 * The local outbox: every email the local services accept (SES v2 SendEmail, the local user pool's
 * codes) is written as one RFC 5322 message, headers included, to `<dir>/<time>-<id>.eml`, where
 * `<time>` is the UTC time it was accepted (sortable, no colons) and `<id>` its SES-like message id.
 * Messages are composed by nodemailer's MailComposer, so their MIME structure and header encoding are
 * a maintained library's, not hand-written.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import path from 'node:path';
import MailComposer from 'nodemailer/lib/mail-composer';

export interface OutboxMessage {
  from: string;
  to: string[];
  cc?: string[];
  replyTo?: string[];
  subject: string;
  text?: string;
  html?: string;
  /** Extra headers, in order (List-Unsubscribe...). */
  headers?: { name: string; value: string }[];
}

export interface OutboxEntry {
  /** The file's name, `<time>-<id>.eml`. */
  file: string;
  id: string;
  /** When it was accepted (ISO 8601). */
  time: string;
}

export interface Outbox {
  dir: string;
  /** Composes and writes a message; answers its id and file. */
  write(message: OutboxMessage, now?: Date): Promise<OutboxEntry>;
  /** Writes a message already in RFC 5322 form (SES's Raw content) as it is. */
  writeRaw(raw: Buffer, now?: Date): OutboxEntry;
  /** Every message written, oldest first. */
  list(): OutboxEntry[];
  /** The text of one message, or null when `file` is not one of the outbox's. */
  read(file: string): string | null;
  /** The first `maxBytes` of one message (its headers, for a list), or null as `read`. */
  head(file: string, maxBytes: number): Promise<string | null>;
  /** The path of one message, for streaming it, or null when `file` is not one of the outbox's. */
  pathOf(file: string): string | null;
}

const FILE = /^(\d{8}T\d{9}Z)-([0-9a-f-]{36})\.eml$/;

/** `2026-11-26T20:10:03.123Z` as `20261126T201003123Z`: sortable and valid in every file system. */
const stamp = (date: Date) => date.toISOString().replace(/[-:.]/g, '');

export function createOutbox(dir: string): Outbox {
  mkdirSync(dir, { recursive: true });
  const entryOf = (file: string): OutboxEntry | null => {
    const m = FILE.exec(file);
    if (!m) return null;
    const t = m[1];
    const time = `${t.slice(0, 4)}-${t.slice(4, 6)}-${t.slice(6, 8)}T${t.slice(9, 11)}:${t.slice(11, 13)}:${t.slice(13, 15)}.${t.slice(15, 18)}Z`;
    return { file, id: m[2], time };
  };
  const save = (raw: Buffer, id: string, now: Date): OutboxEntry => {
    const file = `${stamp(now)}-${id}.eml`;
    // 'wx': a file is never overwritten (the id is new each time).
    writeFileSync(path.join(dir, file), raw, { flag: 'wx' });
    return entryOf(file)!;
  };
  return {
    dir,
    async write(message, now = new Date()) {
      const id = randomUUID();
      const headers = (message.headers ?? []).map(({ name, value }) => ({ key: name, value }));
      const raw = await new MailComposer({
        from: message.from,
        to: message.to,
        cc: message.cc,
        replyTo: message.replyTo,
        subject: message.subject,
        text: message.text,
        html: message.html,
        date: now,
        messageId: `<${id}@outbox.local>`,
        headers,
        newline: '\r\n',
      })
        .compile()
        .build();
      return save(raw, id, now);
    },
    writeRaw(raw, now = new Date()) {
      return save(raw, randomUUID(), now);
    },
    list() {
      return readdirSync(dir)
        .map(entryOf)
        .filter((e): e is OutboxEntry => e !== null)
        .sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
    },
    read(file) {
      if (!entryOf(file)) return null;
      try {
        return readFileSync(path.join(dir, file), 'utf8');
      } catch {
        return null;
      }
    },
    async head(file, maxBytes) {
      if (!entryOf(file)) return null;
      try {
        const handle = await open(path.join(dir, file), 'r');
        try {
          const buffer = Buffer.alloc(maxBytes);
          const { bytesRead } = await handle.read(buffer, 0, maxBytes, 0);
          return buffer.subarray(0, bytesRead).toString('utf8');
        } finally {
          await handle.close();
        }
      } catch {
        return null;
      }
    },
    pathOf: (file) => (entryOf(file) ? path.join(dir, file) : null),
  };
}
