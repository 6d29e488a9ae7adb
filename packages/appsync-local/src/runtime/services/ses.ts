/**
 * SES v2 `SendEmail` (`POST /v2/email/outbound-emails`) into the local outbox: Simple content (subject,
 * text and HTML bodies, `Headers`) is composed into a message; Raw content is written as sent. Template
 * content is refused. The answer is SES's, `{ MessageId }`. Addresses are not verified and nothing is
 * delivered: the outbox is the mailbox of every recipient.
 */
import type { Outbox, OutboxMessage } from './outbox.ts';

export class SesError extends Error {
  constructor(
    readonly type: 'BadRequestException' | 'MessageRejected' | 'ThrottlingException',
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const bad = (message: string) => new SesError('BadRequestException', 400, message);

/** SES's limit on a message, 10 MB, its headers and (base64) attachments included ("Service quotas in Amazon SES"). */
export const MAX_MESSAGE_BYTES = 10 * 1024 * 1024;

/** SES's refusal of a larger message *(guess: the type, MessageRejected, and its wording)*. */
const tooLarge = () =>
  new SesError('MessageRejected', 400, `Message length is more than ${MAX_MESSAGE_BYTES} bytes long.`);

/**
 * An account's maximum sending rate, emails a second: a send past it is refused with SES's throttling
 * error ("Errors related to the sending quotas": the API answers ThrottlingException, "Maximum sending
 * rate exceeded"; the 429 status is a guess, and the SDKs retry it as throttling). One second's worth
 * may go at once *(guess: SES does not document its burst)*.
 */
export function sendingRate(perSecond: number): () => void {
  let tokens = perSecond;
  let at = Date.now();
  return () => {
    const now = Date.now();
    tokens = Math.min(perSecond, tokens + ((now - at) / 1000) * perSecond);
    at = now;
    if (tokens < 1) throw new SesError('ThrottlingException', 429, 'Maximum sending rate exceeded.');
    tokens -= 1;
  };
}

interface Content {
  Data?: unknown;
}

interface SendEmailInput {
  FromEmailAddress?: unknown;
  Destination?: { ToAddresses?: unknown; CcAddresses?: unknown; BccAddresses?: unknown };
  ReplyToAddresses?: unknown;
  Content?: {
    Simple?: {
      Subject?: Content;
      Body?: { Text?: Content; Html?: Content };
      Headers?: { Name?: unknown; Value?: unknown }[];
    };
    Raw?: { Data?: unknown };
    Template?: unknown;
  };
}

const addresses = (value: unknown, what: string): string[] => {
  if (value === undefined) return [];
  if (!Array.isArray(value) || value.some((a) => typeof a !== 'string' || !a.includes('@')))
    throw bad(`${what} must be a list of email addresses`);
  return value as string[];
};

const text = (content: Content | undefined): string | undefined =>
  content === undefined ? undefined : typeof content.Data === 'string' ? content.Data : undefined;

/** Writes the message of one SendEmail request to the outbox and answers its MessageId. */
export async function sendEmail(outbox: Outbox, input: SendEmailInput): Promise<{ MessageId: string }> {
  const content = input.Content;
  if (!content) throw bad('Content is required');
  if (content.Template !== undefined) throw bad('The local outbox takes Simple or Raw content, not Template');
  if (content.Raw) {
    if (typeof content.Raw.Data !== 'string') throw bad('Content.Raw.Data must be base64');
    const raw = Buffer.from(content.Raw.Data, 'base64');
    if (raw.length > MAX_MESSAGE_BYTES) throw tooLarge();
    return { MessageId: outbox.writeRaw(raw).id };
  }
  const simple = content.Simple;
  if (!simple) throw bad('Content must hold Simple or Raw');
  if (typeof input.FromEmailAddress !== 'string' || !input.FromEmailAddress.includes('@'))
    throw bad('FromEmailAddress is required');
  const to = addresses(input.Destination?.ToAddresses, 'Destination.ToAddresses');
  const cc = addresses(input.Destination?.CcAddresses, 'Destination.CcAddresses');
  const bcc = addresses(input.Destination?.BccAddresses, 'Destination.BccAddresses');
  if (to.length + cc.length + bcc.length === 0) throw bad('Destination must name at least one address');
  const subject = text(simple.Subject);
  if (subject === undefined) throw bad('Content.Simple.Subject.Data is required');
  const body = { text: text(simple.Body?.Text), html: text(simple.Body?.Html) };
  if (body.text === undefined && body.html === undefined) throw bad('Content.Simple.Body needs Text or Html');
  if ([subject, body.text ?? '', body.html ?? ''].reduce((n, t) => n + Buffer.byteLength(t), 0) > MAX_MESSAGE_BYTES)
    throw tooLarge();
  const headers = (simple.Headers ?? []).map((h) => {
    if (typeof h.Name !== 'string' || typeof h.Value !== 'string' || /[\r\n]/.test(h.Name + h.Value))
      throw bad('Each header needs a Name and a Value on one line');
    return { name: h.Name, value: h.Value };
  });
  const message: OutboxMessage = {
    from: input.FromEmailAddress,
    to,
    cc,
    replyTo: addresses(input.ReplyToAddresses, 'ReplyToAddresses'),
    subject,
    ...body,
    headers,
  };
  return { MessageId: (await outbox.write(message)).id };
}
