/** The local outbox as the tests read a code from it: the page `npm start` prints, then the newest message to an address. */

/** The outbox's base URL in what `npm start` printed ("Outbox: http://127.0.0.1:<port>/outbox ..."). */
export function outboxUrlOf(startOutput: string): string {
  const found = /Outbox: +(http:\/\/127\.0\.0\.1:\d+)\/outbox /.exec(startOutput);
  if (!found) throw new Error(`npm start printed no outbox:\n${startOutput}`);
  return found[1];
}

/** The six-digit code in the newest outbox message to `address`: the outbox page's row, then the message's raw file. */
export async function emailedCode(outboxUrl: string, address: string): Promise<string> {
  const list = await (await fetch(`${outboxUrl}/outbox`)).text();
  const row = list.split('<tr>').find((r) => r.includes(address));
  if (!row) throw new Error(`no message to ${address} in the outbox`);
  const message = await (await fetch(`${outboxUrl}${/href="([^"]+)"/.exec(row)![1]}?raw`)).text();
  const code = /\b(\d{6})\b/.exec(
    message
      .split(/\r?\n\r?\n/)
      .slice(1)
      .join('\n'),
  );
  if (!code) throw new Error(`the message to ${address} holds no code`);
  return code[1];
}
