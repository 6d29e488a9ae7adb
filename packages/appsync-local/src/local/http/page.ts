/**
 * The explorer page at `/`: an HTML shell that loads the GraphiQL bundle from this same server under
 * /explorer/ (no CDN, so it works offline). `tokens`: the server has the /dev/token shortcut, so the
 * page shows its act-as bar. The page opens subscriptions on the real-time path given here.
 */
import { REALTIME_PATHS } from '../realtime/wire.ts';
import { explorerAssets, EXPLORER_FILES } from './explorer-bundle.ts';

export const EXPLORER_PATH = '/explorer/';

export function explorerPage(opts: { tokens: boolean }): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Local AppSync</title>
<link rel="stylesheet" href="${EXPLORER_PATH}explorer.css">
<script type="module" src="${EXPLORER_PATH}explorer.js"></script>
</head>
<body>
<div id="root" data-tokens="${opts.tokens}" data-realtime-path="${REALTIME_PATHS[0]}"></div>
</body>
</html>
`;
}

/** A file of the page's bundle by name (built on first use if missing or stale), or null. */
export async function explorerAsset(name: string): Promise<{ type: string; body: Buffer } | null> {
  if (!Object.hasOwn(EXPLORER_FILES, name)) return null;
  const body = (await explorerAssets()).get(name)!;
  return { type: EXPLORER_FILES[name], body };
}
