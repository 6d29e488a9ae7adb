/**
 * The share card (domain/entities/share.ts) behind a function URL without sign-in: `GET
 * /<eventId>/<userId>/<token>` answers the page, the same `/card.png` its 1200 x 630 PNG. It reads the
 * event's partition (event, matches, board head) and the prediction, and serves only a SCORED event's
 * scored prediction whose stored token matches; anything else is the same bare 404, so that a guess
 * learns nothing. A card changes only with a correction or a new name: the page is cached for minutes,
 * the image (its address carries the card's version) for a year.
 */
import { timingSafeEqual } from 'node:crypto';
import { DynamoDBClient, GetItemCommand } from '@aws-sdk/client-dynamodb';
import { BOARD, type BoardHead } from '@pickem/domain/entities/board';
import { EVENT, type EventItem } from '@pickem/domain/entities/event';
import { MATCH, type MatchItem } from '@pickem/domain/entities/match';
import { PREDICTION, type PredictionItem } from '@pickem/domain/entities/prediction';
import { CARD_IMAGE, SHARE, type ShareRef } from '@pickem/domain/entities/share';
import type { ItemKey } from '@pickem/domain/entities/table';
import { fromAttributes, toAttributes, type Item } from '../score-event/attributes.ts';
import { queryAll, queryInput } from '../score-event/query.ts';
import { cardVersion, shareCard, type ShareCard } from './card.ts';
import { cardPage } from './page.ts';
import { renderPng } from './render.ts';
import { cardSvg } from './svg.ts';

/** What a function URL passes (payload format 2.0), the parts read here. */
export interface ShareCardEvent {
  rawPath?: string;
  rawQueryString?: string;
  requestContext?: { domainName?: string; http?: { method?: string } };
}

export interface ShareCardResult {
  statusCode: number;
  headers: Record<string, string>;
  body: string;
  isBase64Encoded?: boolean;
}

const PAGE_CACHE = 'public, max-age=300';
const IMAGE_CACHE = 'public, max-age=31536000, immutable';
/** Rendering takes tens of milliseconds: a warm function keeps the last images it made. */
const KEPT_IMAGES = 32;
const images = new Map<string, Buffer>();

let cached: { endpoint: string | undefined; client: DynamoDBClient } | undefined;
function client(): DynamoDBClient {
  const endpoint = process.env.AWS_ENDPOINT_URL_DYNAMODB;
  if (!cached || cached.endpoint !== endpoint) cached = { endpoint, client: new DynamoDBClient({}) };
  return cached.client;
}

const notFound = (): ShareCardResult => ({
  statusCode: 404,
  headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
  body: 'Not found',
});

const sameToken = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** The card of a reference whose token matches a scored prediction of a SCORED event; null otherwise. */
async function readCard(ref: ShareRef): Promise<ShareCard | null> {
  const tableName = process.env.TABLE_NAME;
  const items = (await queryAll(client(), queryInput(tableName!, EVENT.card(ref.eventId)))) as (Item & ItemKey)[];
  const event = items.find((i) => EVENT.is(i)) as (EventItem & ItemKey) | undefined;
  if (!event || event.state !== 'SCORED') return null;
  const got = await client().send(
    new GetItemCommand({ TableName: tableName, Key: toAttributes(PREDICTION.key(ref.userId, event.date, event.id)) }),
  );
  const prediction = got.Item ? (fromAttributes(got.Item) as unknown as PredictionItem) : null;
  if (!prediction?.shareToken || !sameToken(prediction.shareToken, ref.token)) return null;
  const head = (items.find((i) => BOARD.isHead(i)) ?? null) as BoardHead | null;
  const matches = items.filter((i) => (i as { type?: string }).type === MATCH.type) as unknown as MatchItem[];
  return shareCard(event, matches, head, prediction);
}

/** The function's public address: SHARE_URL when set (a custom domain, the local URL), else the function URL's own. */
const baseUrl = (event: ShareCardEvent) => process.env.SHARE_URL || `https://${event.requestContext?.domainName}/`;

export async function handler(event: ShareCardEvent): Promise<ShareCardResult> {
  const method = event.requestContext?.http?.method ?? 'GET';
  if (method !== 'GET' && method !== 'HEAD') return notFound();
  const ref = SHARE.parsePath(event.rawPath ?? '/');
  if (!ref) return notFound();
  const card = await readCard(ref);
  if (!card) return notFound();
  const version = cardVersion(card);
  const page = SHARE.pageUrl(baseUrl(event), ref)!;
  if (!ref.image) {
    const html = cardPage(card, {
      page,
      image: `${page}/${CARD_IMAGE}?v=${version}`,
      app: process.env.APP_URL || null,
    });
    return {
      statusCode: 200,
      headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': PAGE_CACHE },
      body: html,
    };
  }
  const key = `${page}#${version}`;
  let png = images.get(key);
  if (!png) {
    png = renderPng(cardSvg(card));
    if (images.size >= KEPT_IMAGES) images.delete(images.keys().next().value!);
    images.set(key, png);
  }
  // Only the current version's address is immutable: an old one answers the current card, briefly cached.
  const current = new URLSearchParams(event.rawQueryString ?? '').get('v') === version;
  return {
    statusCode: 200,
    headers: { 'content-type': 'image/png', 'cache-control': current ? IMAGE_CACHE : PAGE_CACHE },
    body: png.toString('base64'),
    isBase64Encoded: true,
  };
}
