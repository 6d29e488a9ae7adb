/**
 * One-click unsubscribe (RFC 8058), behind a function URL without sign-in: `POST ?token=<token>` turns
 * the token's player's email reminders off and changes nothing else; a token not signed with the key
 * changes nothing. `GET` never changes anything (mail scanners follow links): it answers a page with a
 * button that POSTs. The token (reminders/unsubscribe-token.ts) can do this one thing and does not expire.
 */
import { ConditionalCheckFailedException, DynamoDBClient, UpdateItemCommand } from '@aws-sdk/client-dynamodb';
import escape from 'escape-html';
import { REMINDER } from '@pickem/domain/entities/reminder';
import { IF_STORED } from '@pickem/domain/entities/table';
import { toAttributes } from '../score-event/attributes.ts';
import { unsubscribeKey } from '../reminders/unsubscribe-key.ts';
import { verifyUnsubscribeToken } from '../reminders/unsubscribe-token.ts';

/** What a function URL passes (payload format 2.0), the parts read here. */
export interface FunctionUrlEvent {
  rawQueryString?: string;
  body?: string | null;
  isBase64Encoded?: boolean;
  requestContext?: { http?: { method?: string } };
}

export interface FunctionUrlResult {
  statusCode: number;
  headers: Record<string, string>;
  body: string;
}

let cached: { endpoint: string | undefined; client: DynamoDBClient } | undefined;
function client(): DynamoDBClient {
  const endpoint = process.env.AWS_ENDPOINT_URL_DYNAMODB;
  if (!cached || cached.endpoint !== endpoint) cached = { endpoint, client: new DynamoDBClient({}) };
  return cached.client;
}

const page = (status: number, title: string, body: string): FunctionUrlResult => ({
  statusCode: status,
  headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
  body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${title}</title></head><body style="font:16px system-ui,sans-serif;margin:2em">${body}</body></html>`,
});

export async function handler(event: FunctionUrlEvent): Promise<FunctionUrlResult> {
  const token = new URLSearchParams(event.rawQueryString ?? '').get('token') ?? '';
  const method = event.requestContext?.http?.method ?? 'GET';
  const userId = token ? verifyUnsubscribeToken(await unsubscribeKey(), token) : null;
  if (userId === null) return page(400, 'Link not valid', '<p>This unsubscribe link is not valid.</p>');
  if (method === 'GET') {
    return page(
      200,
      'Stop reminder emails',
      `<form method="post" action="?token=${escape(encodeURIComponent(token))}"><p>Stop Pick'Em's reminder emails?</p><button type="submit">Stop reminders</button></form>`,
    );
  }
  if (method !== 'POST') return page(405, 'Not allowed', '<p>Use the link in the email.</p>');
  try {
    await client().send(
      new UpdateItemCommand({
        TableName: process.env.TABLE_NAME,
        Key: toAttributes(REMINDER.key(userId)),
        UpdateExpression: REMINDER.emailOff.expression,
        ExpressionAttributeNames: REMINDER.emailOff.names,
        ExpressionAttributeValues: toAttributes(REMINDER.emailOff.values),
        // A player without settings gets none: nothing to turn off.
        ConditionExpression: IF_STORED.expression,
      }),
    );
  } catch (err) {
    if (!(err instanceof ConditionalCheckFailedException)) throw err;
  }
  return page(
    200,
    'Reminders stopped',
    "<p>You will get no more reminder emails. Turn them on again on Pick'Em's Me page.</p>",
  );
}
