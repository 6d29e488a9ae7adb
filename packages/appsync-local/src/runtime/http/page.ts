/**
 * The explorer page at `/`: an HTML shell that loads the GraphiQL bundle from this same server under
 * /explorer/ (no CDN, so it works offline). `tokens`: the server has the /dev/token shortcut, so the
 * page shows its act-as bar; `signers`: local IAM principals it may also act as (AWS_IAM); `example`: the
 * document GraphiQL opens on when it has none saved. The page opens subscriptions on the real-time path given here.
 */
import escape from 'escape-html';
import { REALTIME_PATHS } from '../realtime/wire.ts';
import { explorerAssets, EXPLORER_FILES } from './explorer-bundle.ts';
import { signerInfo, type ExplorerSigner } from './dev-credentials.ts';

export const EXPLORER_PATH = '/explorer/';

export function explorerPage(opts: { tokens: boolean; signers?: readonly ExplorerSigner[]; example?: string }): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Local AppSync</title>
<link rel="stylesheet" href="${EXPLORER_PATH}explorer.css">
<script type="module" src="${EXPLORER_PATH}explorer.js"></script>
</head>
<body>
<div id="root" data-tokens="${opts.tokens}" data-realtime-path="${REALTIME_PATHS[0]}"${signersAttribute(opts.signers ?? [])}${opts.example ? ` data-example="${escape(opts.example)}"` : ''}></div>
</body>
</html>
`;
}

/** ` data-signers="<JSON>"` (names, labels, regions: no secrets), or nothing when there is none. */
function signersAttribute(signers: readonly ExplorerSigner[]): string {
  if (signers.length === 0) return '';
  return ` data-signers="${escape(JSON.stringify(signerInfo(signers)))}"`;
}

/** A file of the page's bundle kept in `dir` by name (built on first use if missing or stale), or null. */
export async function explorerAsset(dir: string, name: string): Promise<{ type: string; body: Buffer } | null> {
  if (!Object.hasOwn(EXPLORER_FILES, name)) return null;
  const body = (await explorerAssets(dir)).get(name)!;
  return { type: EXPLORER_FILES[name], body };
}
