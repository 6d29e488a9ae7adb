/**
 * A reminder's email: subject, text and HTML bodies, and the one-click unsubscribe headers (RFC 8058),
 * composed by nodemailer's MailComposer and sent as SES v2 Raw content, so the message SES delivers is
 * byte for byte the one composed here (the local SES writes Raw content as sent).
 */
import type { SendEmailCommandInput } from '@aws-sdk/client-sesv2';
import MailComposer from 'nodemailer/lib/mail-composer';
import { encodeWord } from 'nodemailer/lib/mime-funcs';
import escape from 'escape-html';

export interface ReminderEmail {
  to: string;
  from: string;
  eventName: string;
  startsAt: string;
  minutesBefore: number;
  unpicked: number;
  matchCount: number;
  /** Opens the event in the web app. */
  eventUrl: string;
  /** The one-click unsubscribe URL, token included. */
  unsubscribeUrl: string;
  /** A commissioner's nudge: the league's name. */
  nudgedBy?: string;
}

/** The lead in words: "10 minutes", "an hour", "24 hours". */
export function leadInWords(minutesBefore: number): string {
  if (minutesBefore === 60) return 'an hour';
  if (minutesBefore === 1) return '1 minute';
  if (minutesBefore < 120) return `${minutesBefore} minutes`;
  if (minutesBefore < 2880) return `${Math.round(minutesBefore / 60)} hours`;
  return `${Math.round(minutesBefore / 1440)} days`;
}

/** The bell as a player reads it: "Friday 28 November, 20:00 UTC". */
export function bellInWords(startsAt: string): string {
  const date = new Date(startsAt);
  const day = date.toLocaleDateString('en-GB', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' });
  const time = date.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: 'UTC' });
  return `${day}, ${time} UTC`;
}

const matches = (n: number) => (n === 1 ? '1 match' : `${n} matches`);

/**
 * The Subject header, encoded. Names are player text: one holding what looks like an RFC 2047 encoded
 * word (`=?UTF-8?B?DQpCY2M6...?=`) would be decoded by every mail reader into whatever it encodes (CR/LF,
 * U+202E), and MailComposer passes a well-formed encoded word through as it is. Encoding the whole text
 * makes the reader decode it once, to the literal name. Other text is left to MailComposer.
 */
function subjectHeader(subject: string) {
  return subject.includes('=?')
    ? { key: 'Subject', value: { prepared: true, value: encodeWord(subject, 'B', 52).replace(/ /g, '\r\n ') } }
    : { key: 'Subject', value: subject };
}

/** Where the player's card stands: "None of the card's 3 matches is picked yet.", "You have picked 2 of 3; 1 match still unpicked." */
export function pickStatus(picked: number, matchCount: number): string {
  if (picked > 0) return `You have picked ${picked} of ${matchCount}; ${matches(matchCount - picked)} still unpicked.`;
  return matchCount === 1
    ? "The card's 1 match is not picked yet."
    : `None of the card's ${matchCount} matches is picked yet.`;
}

export async function reminderEmail(m: ReminderEmail): Promise<SendEmailCommandInput> {
  const subject = m.nudgedBy
    ? `${m.nudgedBy}: ${m.eventName} locks in ${leadInWords(m.minutesBefore)}, ${matches(m.unpicked)} unpicked`
    : `${m.eventName} locks in ${leadInWords(m.minutesBefore)}: ${matches(m.unpicked)} unpicked`;
  const nudged = m.nudgedBy ? `The commissioner of your league ${m.nudgedBy} reminds you to pick. ` : '';
  const status = pickStatus(m.matchCount - m.unpicked, m.matchCount);
  const text = [
    `${nudged}${m.eventName} starts ${bellInWords(m.startsAt)}, in ${leadInWords(m.minutesBefore)}. Picks lock at the bell.`,
    status,
    '',
    `Make your picks: ${m.eventUrl}`,
    '',
    `You get this because you turned on email reminders in Pick'Em. Stop them: ${m.unsubscribeUrl}`,
  ].join('\n');
  const html = `<p>${escape(nudged)}${escape(m.eventName)} starts ${escape(bellInWords(m.startsAt))}, in ${escape(leadInWords(m.minutesBefore))}. Picks lock at the bell.</p>
<p>${escape(status)}</p>
<p><a href="${escape(m.eventUrl)}">Make your picks</a></p>
<p style="font-size:small">You get this because you turned on email reminders in Pick'Em. <a href="${escape(m.unsubscribeUrl)}">Stop these emails</a>.</p>`;
  const raw = await new MailComposer({
    from: m.from,
    to: m.to,
    text,
    html,
    headers: [
      subjectHeader(subject),
      { key: 'List-Unsubscribe', value: `<${m.unsubscribeUrl}>` },
      { key: 'List-Unsubscribe-Post', value: 'List-Unsubscribe=One-Click' },
    ],
    newline: '\r\n',
  })
    .compile()
    .build();
  return {
    FromEmailAddress: m.from,
    Destination: { ToAddresses: [m.to] },
    Content: { Raw: { Data: raw } },
  };
}
