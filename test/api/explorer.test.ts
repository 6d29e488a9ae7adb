/**
 * The explorer page (GraphiQL) in headless Chromium against a local API: it opens signed out on the
 * Pick'Em example with no introspection error, act as a user, run a query,
 * run the chosen operation of a document with two, groups that stay with their user, a coherent state
 * after a reload, the schema's docs, a subscription over AppSync's real-time protocol (updates shown
 * as the scoring function publishes them, then stopped; one run right after pasting goes over the
 * WebSocket, never HTTP; refusals shown). Skipped only where Chromium
 * is missing outside CI.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, ADMIN_GROUPS, createCard, OP, setState } from './mutations-fixtures.ts';
import { startTestApi, type TestApi } from '../support/local-api.ts';
import { consoleAdmin } from '../../amplify/data/console-admin.ts';
import { launchChromium, skipBrowserTests, type Browser } from '../../scripts/app-browser.ts';

let api: TestApi;
let browser: Browser;
let page: Page;
/** Every address the page requested that is not on the local server. */
const elsewhere: string[] = [];
/** Every request the page POSTed to /graphql: its body. */
const posted: string[] = [];
/** The example document `npm start` gives the explorer. */
const EXAMPLE = readFileSync(path.join(import.meta.dirname, '../../scripts/explorer-example.graphql'), 'utf8');

/** GraphiQL's editors are CodeMirror 5 instances, kept on their element; the query editor also keeps its parsed operations. */
interface CodeMirrorElement {
  CodeMirror: {
    getValue(): string;
    setValue(v: string): void;
    setCursor(p: object): void;
    posFromIndex(i: number): object;
    focus(): void;
    operations?: { name?: { value: string } }[] | null;
    on(event: 'change', listener: () => void): void;
  };
}
const editor = (pane: string) => page.locator(`${pane} .CodeMirror`);
const editorText = (pane: string) =>
  editor(pane).evaluate((el) => (el as unknown as CodeMirrorElement).CodeMirror.getValue());

/** Puts `text` in the query editor, the cursor at `cursorAt` (default: the end), once GraphiQL has parsed it. */
async function setQuery(text: string, cursorAt?: string): Promise<void> {
  await editor('.graphiql-query-editor').evaluate(
    (el, [t, at]) => {
      const cm = (el as unknown as CodeMirrorElement).CodeMirror;
      cm.setValue(t);
      cm.focus();
      cm.setCursor(cm.posFromIndex(at === null ? t.length : t.indexOf(at)));
    },
    [text, cursorAt ?? null] as const,
  );
  // GraphiQL parses the document 100 ms after an edit.
  const names = [...text.matchAll(/(?:query|mutation|subscription)\s+(\w+)/g)].map((m) => m[1]);
  const parsed = () =>
    editor('.graphiql-query-editor').evaluate((el) =>
      ((el as unknown as CodeMirrorElement).CodeMirror.operations ?? []).map((o) => o.name?.value),
    );
  await expect.poll(parsed).toEqual(names);
}

/**
 * Runs the query editor's operation with the run button, or with Ctrl-Enter (the operation the cursor is
 * in); returns the request's body and the response once the result pane shows it.
 */
async function run(how: 'button' | 'keys' = 'button'): Promise<{ response: any; sent: any }> {
  const responded = page.waitForResponse(
    (r) =>
      r.url().endsWith('/graphql') &&
      r.request().method() === 'POST' &&
      !r.request().postData()?.includes('IntrospectionQuery'),
  );
  if (how === 'button') await page.click('.graphiql-execute-button');
  else await page.keyboard.press('Control+Enter');
  const res = await responded;
  const response = await res.json();
  const shown = async () => {
    try {
      return JSON.parse(await editorText('.graphiql-response'));
    } catch {
      return null;
    }
  };
  await expect.poll(shown).toEqual(response);
  return { response, sent: res.request().postDataJSON() };
}

async function actAs(username: string, groups?: string): Promise<void> {
  await page.fill('input[name=username]', username);
  if (groups !== undefined) await page.fill('input[name=groups]', groups);
  await page.click('button:has-text("Sign in")');
  await expect.poll(() => page.textContent('[data-testid=who]')).toMatch(new RegExp(`^Acting as ${username},`));
}

/** A WebSocket the page opened, with every frame (parsed) either way. */
interface Socket {
  url: string;
  sent: any[];
  received: any[];
  closed: boolean;
}

/** Records the page's WebSockets from now on. */
function watchSockets(): Socket[] {
  const sockets: Socket[] = [];
  page.on('websocket', (ws) => {
    const socket: Socket = { url: ws.url(), sent: [], received: [], closed: false };
    sockets.push(socket);
    ws.on('framesent', (f) => socket.sent.push(JSON.parse(String(f.payload))));
    ws.on('framereceived', (f) => socket.received.push(JSON.parse(String(f.payload))));
    ws.on('close', () => (socket.closed = true));
  });
  return sockets;
}

/** From now on, every non-empty text the result pane shows, parsed. */
async function watchResults(): Promise<() => Promise<unknown[]>> {
  await editor('.graphiql-response').evaluate((el) => {
    const cm = (el as unknown as CodeMirrorElement).CodeMirror;
    const shown: string[] = [];
    (globalThis as unknown as { shownResults: string[] }).shownResults = shown;
    cm.on('change', () => cm.getValue() !== '' && shown.push(cm.getValue()));
  });
  return async () =>
    (await page.evaluate(() => (globalThis as unknown as { shownResults: string[] }).shownResults)).map((t) =>
      JSON.parse(t),
    );
}

const runButtonLabel = () => page.getAttribute('.graphiql-execute-button', 'aria-label');

function jwtClaims(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'));
}

describe.skipIf(skipBrowserTests)('the explorer page in Chromium', () => {
  beforeAll(async () => {
    api = await startTestApi({ iamGrants: [consoleAdmin], explorerExample: EXAMPLE });
    browser = await launchChromium();
    page = browser.context.pages()[0] ?? (await browser.context.newPage());
    page.on('request', (r) => {
      if (!r.url().startsWith(new URL(api.app.explorerUrl).origin)) elsewhere.push(r.url());
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/graphql') posted.push(r.postData() ?? '');
    });
    await page.goto(api.app.explorerUrl, { waitUntil: 'networkidle' });
    await page.waitForSelector('.graphiql-query-editor .CodeMirror');
  });
  afterAll(async () => {
    await browser?.close();
    await api?.close();
  });

  it("opens signed out on the Pick'Em example, with no introspection sent and no error shown", async () => {
    expect(await page.textContent('[data-testid=who]')).toMatch(/^Not signed in/);
    expect(await editorText('.graphiql-query-editor')).toBe(EXAMPLE);
    await page.waitForLoadState('networkidle');
    expect(posted).toEqual([]);
    expect(await editorText('.graphiql-response')).toBe('');
    expect(await page.locator('body').innerText()).not.toMatch(/Unauthorized|introspection|error/i);
  });

  it('starts signed out, and runs a query as the user it acts as', async () => {
    expect(await page.textContent('[data-testid=who]')).toMatch(/^Not signed in/);
    await actAs('player01');
    await setQuery('query Me { userProfile { user { displayName } } }');
    const { response, sent } = await run();
    expect(sent.operationName).toBe('Me');
    expect(response).toEqual({ data: { userProfile: { user: { displayName: 'player01' } } } });
  });

  it('runs the operation the cursor is in, of a document with two', async () => {
    const doc =
      'query First { userProfile { user { displayName } } }\n\nquery Second { events(limit: 3) { items { id } } }';
    await setQuery(doc, 'events');
    const second = await run('keys');
    expect(second.sent.operationName).toBe('Second');
    expect(second.response).toEqual({ data: { events: { items: [] } } });
    await setQuery(doc, 'userProfile');
    const first = await run('keys');
    expect(first.sent.operationName).toBe('First');
    expect(first.response.data).toEqual({ userProfile: { user: { displayName: 'player01' } } });
  });

  it('keeps groups with their user: the next user is not given them', async () => {
    const create =
      'mutation Create { createEvent(input: { name: "Explorer Night", date: "2031-01-02", startsAt: "2031-01-02T20:00:00Z" }) { id state } }';
    await actAs('boss', 'admin');
    expect(await page.textContent('[data-testid=who]')).toBe('Acting as boss, groups: admin.');
    await setQuery(create);
    expect((await run()).response).toEqual({
      data: { createEvent: { id: '2031-01-02-explorer-night', state: 'UPCOMING' } },
    });

    await page.fill('input[name=username]', 'player02');
    expect(await page.inputValue('input[name=groups]')).toBe('');
    await actAs('player02');
    expect(await page.textContent('[data-testid=who]')).toBe('Acting as player02, no groups.');
    const denied = (await run()).response;
    expect(denied.errors[0].errorType).toBe('Unauthorized');

    await page.fill('input[name=username]', 'boss');
    expect(await page.inputValue('input[name=groups]')).toBe('admin');
  });

  it('after a reload acts as the same user with a fresh token, and shows the schema docs', async () => {
    await page.fill('input[name=username]', 'player02');
    await page.reload();
    await page.waitForSelector('.graphiql-query-editor .CodeMirror');
    expect(await page.textContent('[data-testid=who]')).toBe('Acting as player02, no groups.');
    expect(await page.inputValue('input[name=username]')).toBe('player02');
    await setQuery('query Me { userProfile { user { displayName } } }');
    expect((await run()).response.data).toEqual({ userProfile: { user: { displayName: 'player02' } } });

    await page.getByRole('button', { name: 'Show Documentation Explorer' }).click();
    await page.getByText('Query', { exact: true }).first().click();
    await page.waitForSelector('.graphiql-doc-explorer-field-name:text-is("eventCard")');

    await page.getByRole('button', { name: 'Show History' }).click();
    await page.waitForSelector('.graphiql-history-item:has-text("Create")');
  });

  it('completes field names from the schema', async () => {
    await setQuery('{ ');
    await page.keyboard.type('eventC');
    await page.waitForSelector('.CodeMirror-hint:text-is("eventCard")');
    await page.keyboard.press('Escape');
  });

  it('runs a subscription over the real-time protocol on its own origin, shows each update, and stops it', async () => {
    const card = await createCard(api, 1);
    await setState(api, card.id, 'BROADCAST');
    // Its STATE update goes out before anyone subscribes.
    await api.app.settled();
    await actAs('player01');
    const sockets = watchSockets();
    const shownResults = await watchResults();
    const query = `subscription Live { onEventUpdate(eventId: "${card.id}") { eventId kind matchId match { id result outcome } leaderboard { userId } } }`;
    await setQuery(query);
    await page.click('.graphiql-execute-button');
    await expect.poll(() => sockets[0]?.received.some((m) => m.type === 'start_ack')).toBe(true);
    const [socket] = sockets;

    // Plain ws:// on the page's own origin, although the port also serves TLS (wss://) for Amplify.
    const origin = new URL(api.app.explorerUrl);
    expect(socket.url).toBe(`ws://${origin.host}/graphql/realtime`);
    expect(api.app.realtimeUrl).toBe(`wss://${origin.host}/graphql/realtime`);
    expect(socket.sent.map((m) => m.type)).toEqual(['connection_init', 'start']);
    expect(socket.received.map((m) => m.type)).toEqual(['connection_ack', 'ka', 'start_ack']);
    const start = socket.sent[1];
    expect(JSON.parse(start.payload.data)).toEqual({ query, variables: {}, operationName: 'Live' });
    const { authorization, host } = start.payload.extensions.authorization;
    expect(host).toBe(origin.host);
    expect(jwtClaims(authorization).username).toBe('player01');
    expect(await runButtonLabel()).toMatch(/^Stop/);

    await api.data(ADMIN, OP.setMatchResult, { e: card.id, m: card.matches[0], w: 1 }, ADMIN_GROUPS);
    await api.app.settled();
    const updates = () => socket.received.filter((m) => m.type === 'data').map((m) => m.payload);
    await expect.poll(() => updates().map((u) => u.data.onEventUpdate.kind)).toEqual(['RESULT', 'LEADERBOARD']);
    expect(updates()[0]).toEqual({
      data: {
        onEventUpdate: {
          eventId: card.id,
          kind: 'RESULT',
          matchId: card.matches[0],
          match: { id: card.matches[0], result: 1, outcome: 'WIN' },
          leaderboard: null,
        },
      },
    });
    // The result pane showed each update as it came.
    await expect.poll(shownResults).toEqual(updates());

    await page.click('.graphiql-execute-button');
    await expect.poll(() => socket.closed).toBe(true);
    expect(socket.sent.at(-1)).toEqual({ type: 'stop', id: start.id });
    expect(socket.received.at(-1)).toEqual({ type: 'complete', id: start.id });
    expect(api.app.api.realtime.registry.size).toBe(0);
    expect(await runButtonLabel()).toMatch(/^Execute/);
  });

  // Run before GraphiQL has parsed the paste, the request carries the previous document's operation
  // name ("Me"), which is not in the new document.
  it('runs a subscription pasted and run at once over the WebSocket, never over HTTP', async () => {
    const card = await createCard(api, 1);
    await setState(api, card.id, 'BROADCAST');
    await api.app.settled();
    await actAs('player01');
    await setQuery('query Me { userProfile { user { displayName } } }');
    const sockets = watchSockets();
    const postedBefore = posted.length;
    const query = `subscription Pasted { onEventUpdate(eventId: "${card.id}") { kind matchId } }`;
    await editor('.graphiql-query-editor').click();
    await page.keyboard.press('Control+A');
    await page.keyboard.insertText(query); // one input event with the whole text, as a paste is
    await page.click('.graphiql-execute-button');
    expect(await editorText('.graphiql-query-editor')).toBe(query);
    const overHttp = () => posted.slice(postedBefore).filter((body) => body.includes('onEventUpdate'));
    // It ran one way or the other; never over HTTP.
    await expect.poll(() => sockets.length + overHttp().length).toBeGreaterThan(0);
    expect(overHttp()).toEqual([]);

    await expect.poll(() => sockets[0]?.received.some((m) => m.type === 'start_ack')).toBe(true);
    const start = sockets[0].sent.find((m) => m.type === 'start');
    expect(JSON.parse(start.payload.data).query).toBe(query);

    await api.data(ADMIN, OP.setMatchResult, { e: card.id, m: card.matches[0], w: 0 }, ADMIN_GROUPS);
    await api.app.settled();
    await expect
      .poll(() => sockets[0].received.filter((m) => m.type === 'data').map((m) => m.payload.data.onEventUpdate.kind))
      .toContain('RESULT');
    await page.click('.graphiql-execute-button');
    await expect.poll(() => sockets[0].closed).toBe(true);
    expect(overHttp()).toEqual([]);
  });

  it("shows a refused subscription's errors and ends it", async () => {
    await actAs('player01');
    const sockets = watchSockets();
    const shownResults = await watchResults();
    await setQuery('subscription Bad { onEventUpdate { eventId } }');
    await page.click('.graphiql-execute-button');
    await expect.poll(shownResults).toHaveLength(1);
    const [shown] = (await shownResults()) as { errors: { message: string }[] }[];
    expect(shown.errors).toHaveLength(1);
    expect(shown.errors[0].message).toMatch(/^Validation error of type MissingFieldArgument: .*"eventId"/);
    expect(sockets[0].received.map((m) => m.type)).toEqual(['connection_ack', 'ka', 'error']);
    await expect.poll(() => sockets[0]?.closed).toBe(true);
    expect(await runButtonLabel()).toMatch(/^Execute/);
  });

  it('runs an admin mutation as AWS_IAM (console admin), signed in the page, and keeps acting so after a reload', async () => {
    await page.selectOption('select[name=mode]', { label: 'AWS_IAM (console admin)' });
    await page.click('button:has-text("Sign in")');
    await expect.poll(() => page.textContent('[data-testid=who]')).toMatch(/^Acting as AWS_IAM \(console admin\)/);
    await page.reload();
    await page.waitForSelector('.graphiql-query-editor .CodeMirror');
    await expect.poll(() => page.textContent('[data-testid=who]')).toMatch(/^Acting as AWS_IAM \(console admin\)/);

    const name = `Explorer Console Show ${Date.now()}`;
    await setQuery(
      `mutation Create { createEvent(input: { name: "${name}", date: "2033-04-04", startsAt: "2033-04-04T20:00:00Z" }) { name state } }`,
    );
    const request = page.waitForRequest((r) => r.url().endsWith('/graphql') && (r.postData() ?? '').includes(name));
    const { response } = await run();
    expect(response).toEqual({ data: { createEvent: { name, state: 'UPCOMING' } } });
    const headers = (await request).headers();
    expect(headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=ASIA[0-9A-F]+\/\d{8}\/us-east-1\/appsync\/aws4_request, SignedHeaders=.*host/,
    );
    expect(headers['x-amz-security-token']).toBe(api.app.groupPrincipals[0].principal.sessionToken);

    // A player mutation is refused to the console admin.
    await setQuery('mutation Name { updateMyProfile(displayName: "Console") { id } }');
    expect((await run()).response.errors).toEqual([
      { errorType: 'UnauthorizedException', message: 'Permission denied' },
    ]);
  });

  it('signs out to no Authorization header, for queries and subscriptions', async () => {
    await page.click('button:has-text("Sign out")');
    expect(await page.textContent('[data-testid=who]')).toMatch(/^Not signed in/);
    await setQuery('query Me { userProfile { user { displayName } } }');
    const { response } = await run();
    expect(response.errors[0].errorType).toBe('UnauthorizedException');

    const shownResults = await watchResults();
    await setQuery('subscription Live { onEventUpdate(eventId: "any") { eventId } }');
    await page.click('.graphiql-execute-button');
    await expect.poll(shownResults).toHaveLength(1);
    const [shown] = (await shownResults()) as { errors: { errorType: string; errorCode: number }[] }[];
    expect(shown.errors).toEqual([expect.objectContaining({ errorType: 'UnauthorizedException', errorCode: 401 })]);
    expect(await runButtonLabel()).toMatch(/^Execute/);
  });

  it('loaded nothing from anywhere but the local server', () => {
    expect(elsewhere).toEqual([]);
  });
});
