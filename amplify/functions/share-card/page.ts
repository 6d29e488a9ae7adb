/** The share card's page: what a chat app's link preview reads (Open Graph, Twitter card), and the card for a person. */
import escape from 'escape-html';
import { percent, rankLine, type ShareCard } from './card.ts';
import { CARD_HEIGHT, CARD_WIDTH } from './svg.ts';

export function cardPage(card: ShareCard, urls: { page: string; image: string; app: string | null }): string {
  const title = `${card.displayName}: ${rankLine(card)} at ${card.eventName}`;
  const best = card.bestCalls[0];
  const description = [
    `${card.points} points, ${card.correct} correct picks.`,
    best ? `Best call: ${best.pick}${best.share === null ? '' : ` (${percent(best.share)} picked it)`}.` : '',
    card.belt ? `Champion of ${card.belt.league}.` : '',
  ]
    .filter(Boolean)
    .join(' ');
  const meta = (attr: 'property' | 'name', key: string, value: string | number) =>
    `<meta ${attr}="${key}" content="${escape(String(value))}">`;
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width">',
    `<title>${escape(title)}</title>`,
    meta('name', 'description', description),
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', "Pick'Em"),
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', urls.page),
    meta('property', 'og:image', urls.image),
    meta('property', 'og:image:type', 'image/png'),
    meta('property', 'og:image:width', CARD_WIDTH),
    meta('property', 'og:image:height', CARD_HEIGHT),
    meta('property', 'og:image:alt', `${title}. ${description}`),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', description),
    meta('name', 'twitter:image', urls.image),
    '</head><body style="font:16px system-ui,sans-serif;margin:2em;max-width:1200px">',
    `<h1 style="font-size:1.4em">${escape(title)}</h1>`,
    `<img src="${escape(urls.image)}" width="${CARD_WIDTH}" height="${CARD_HEIGHT}" style="max-width:100%;height:auto" alt="${escape(description)}">`,
    `<p>${escape(description)}</p>`,
    urls.app ? `<p><a href="${escape(urls.app)}">Play Pick'Em</a></p>` : '',
    '</body></html>',
  ].join('');
}
