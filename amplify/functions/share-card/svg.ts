/**
 * The share card as SVG, 1200 x 630 (Open Graph's large image), rendered to PNG by render.ts. Every
 * text from players or admins is XML-escaped and cut to fit its line.
 */
import { percent, rankLine, type ShareCard } from './card.ts';

export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;

/** XML 1.0 forbids most control characters even as references: they are dropped. */
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

export function xmlEscape(text: string): string {
  return text
    .replace(CONTROL, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** At most `max` characters (whole code points), an ellipsis marking a cut. */
export function fit(text: string, max: number): string {
  const chars = [...text.trim()];
  return chars.length <= max ? chars.join('') : `${chars.slice(0, max - 1).join('')}…`;
}

const INK = '#f8fafc';
const MUTED = '#94a3b8';
const GOLD = '#f5b700';

const text = (x: number, y: number, size: number, fill: string, content: string, extra = '') =>
  `<text x="${x}" y="${y}" font-size="${size}" fill="${fill}"${extra}>${xmlEscape(content)}</text>`;

export function cardSvg(card: ShareCard): string {
  const calls = card.bestCalls.map((call, i) => {
    const y = 300 + i * 92;
    const share = call.share === null ? '' : `${percent(call.share)} picked it`;
    return [
      text(700, y, 30, INK, fit(call.pick, 28), ' font-weight="bold"'),
      text(700, y + 36, 22, MUTED, fit([call.match, share].filter(Boolean).join(' · '), 40)),
    ].join('');
  });
  const belt = card.belt
    ? `<rect x="60" y="520" width="560" height="56" rx="12" fill="${GOLD}"/>${text(84, 558, 26, '#111827', fit(`Champion of ${card.belt.league}`, 36), ' font-weight="bold"')}`
    : '';
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${CARD_HEIGHT}" viewBox="0 0 ${CARD_WIDTH} ${CARD_HEIGHT}" font-family="DejaVu Sans">`,
    `<rect width="${CARD_WIDTH}" height="${CARD_HEIGHT}" fill="#111827"/>`,
    `<rect width="${CARD_WIDTH}" height="12" fill="${GOLD}"/>`,
    text(60, 80, 26, GOLD, "PICK'EM", ' font-weight="bold" letter-spacing="4"'),
    text(60, 150, 52, INK, fit(card.eventName, 32), ' font-weight="bold"'),
    text(60, 195, 26, MUTED, card.eventDate),
    text(60, 290, 40, INK, fit(card.displayName, 24), ' font-weight="bold"'),
    text(60, 400, 88, GOLD, rankLine(card), ' font-weight="bold"'),
    text(60, 470, 34, INK, `${card.points} points · ${card.correct} correct`),
    belt,
    `<line x1="660" y1="240" x2="660" y2="580" stroke="#334155" stroke-width="2"/>`,
    text(700, 250, 24, MUTED, card.bestCalls.length > 0 ? 'BEST CALLS' : 'NO CORRECT CALLS', ' letter-spacing="3"'),
    ...calls,
    '</svg>',
  ].join('');
}
