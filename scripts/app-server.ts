/**
 * Serves the built web app (app/dist) and the local amplify_outputs.json beside it, for `npm start`
 * and the app's browser tests. Builds the app first when app/dist is missing or older than its sources.
 */
import { execFile } from 'node:child_process';
import { createReadStream, existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import {
  capConnections,
  CONNECTION_DEADLINES,
  guardFirstHeaders,
  httpTimeouts,
  openSockets,
  type ConnectionDeadlines,
} from 'appsync-local';
import { repoRoot } from '../project.ts';

export const appDir = path.join(repoRoot, 'app');
export const appDist = path.join(appDir, 'dist');
/** What the build reads: a change to any of these makes app/dist stale. */
const appSources = [
  path.join(appDir, 'src'),
  path.join(appDir, 'index.html'),
  path.join(appDir, 'vite.config.ts'),
  path.join(appDir, 'design-tokens.ts'),
  path.join(appDir, 'first-load.ts'),
  path.join(appDir, 'early-script.ts'),
  path.join(repoRoot, 'client'),
  path.join(repoRoot, 'domain'),
];

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
};

/** Text files go gzipped to a browser that takes it, as a CDN serves them (a phone's load is measured on these bytes). */
const COMPRESSED = new Set(['.html', '.js', '.css', '.svg']);
const gzipped = new Map<string, { mtimeMs: number; body: Buffer }>();

function gzippedFile(file: string): Buffer {
  const { mtimeMs } = statSync(file);
  const hit = gzipped.get(file);
  if (hit?.mtimeMs === mtimeMs) return hit.body;
  const body = gzipSync(readFileSync(file));
  gzipped.set(file, { mtimeMs, body });
  return body;
}

function newest(file: string): number {
  const stat = statSync(file);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(file).map((name) => newest(path.join(file, name))));
}

/** Builds app/dist with Vite unless it is newer than every source; returns whether it built. */
export async function ensureAppBuilt(log: (line: string) => void = () => {}): Promise<boolean> {
  const index = path.join(appDist, 'index.html');
  if (existsSync(index) && statSync(index).mtimeMs >= Math.max(...appSources.map(newest))) return false;
  log('building the web app (app/dist)...');
  // The app's own Vite, wherever npm placed it for the workspace.
  await promisify(execFile)('npm', ['run', '--silent', 'build', '--workspace', 'app'], { cwd: repoRoot });
  return true;
}

export interface AppServer {
  url: string;
  server: Server;
  close(): Promise<void>;
}

/**
 * The decoded path of a request target; an invite link (/join/<code>) as sent, since the app reads the
 * code from the path itself (client/route.ts). Null when the target is no URL (`//[`) or its
 * percent-escapes are broken (`/%E0%A4%A`): both threw here, and a throw in the listener ends the process.
 */
function requestPath(target: string | undefined): string | null {
  try {
    const raw = new URL(target ?? '/', 'http://app').pathname;
    return INVITE.test(raw) ? raw : decodeURIComponent(raw);
  } catch {
    return null;
  }
}

const INVITE = /^\/join\/[^/]+\/?$/;

/** Serves app/dist on host:port (0: a free port), with `outputs` as /amplify_outputs.json. */
export async function serveApp(options: {
  host: string;
  port: number;
  outputs: object;
  /** The API's deadlines unless a test gives shorter ones. */
  deadlines?: ConnectionDeadlines;
}): Promise<AppServer> {
  const outputs = JSON.stringify(options.outputs, null, 2);
  const deadlines = options.deadlines ?? CONNECTION_DEADLINES;
  const server = createServer(httpTimeouts(deadlines), (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD' }).end();
      return;
    }
    const pathname = requestPath(req.url);
    if (pathname === null) {
      res.writeHead(400, { 'content-type': 'text/plain' }).end('bad request path');
      return;
    }
    if (pathname === '/amplify_outputs.json') {
      res.writeHead(200, { 'content-type': TYPES['.json'], 'cache-control': 'no-store' }).end(outputs);
      return;
    }
    // An invite link (/join/<code>) is the app's page too; the app reads the code from the path.
    const page = pathname === '/' || INVITE.test(pathname);
    const file = path.join(appDist, page ? 'index.html' : pathname);
    if (!file.startsWith(appDist + path.sep) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    // Vite names assets by content hash; only index.html must be fetched again.
    const cache = pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache';
    const compressible = COMPRESSED.has(path.extname(file));
    const headers = {
      'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
      'cache-control': cache,
      ...(compressible ? { vary: 'accept-encoding' } : {}),
    };
    if (compressible && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
      const body = gzippedFile(file);
      res.writeHead(200, { ...headers, 'content-encoding': 'gzip' });
      res.end(req.method === 'HEAD' ? undefined : body);
      return;
    }
    res.writeHead(200, headers);
    if (req.method === 'HEAD') res.end();
    else createReadStream(file).pipe(res);
  });
  // As the API's listeners: a connection that never finishes its headers is dropped, and a flood of
  // them holds at most the app's share of the open files, never the API's.
  const open = openSockets(server);
  guardFirstHeaders(server, deadlines);
  capConnections(server, 'app');
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, resolve);
  });
  const { port } = server.address() as AddressInfo;
  const shownHost = options.host === '0.0.0.0' || options.host === '::' ? '127.0.0.1' : options.host;
  return {
    url: `http://${shownHost.includes(':') ? `[${shownHost}]` : shownHost}:${port}/`,
    server,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        // node:http's closeAllConnections misses a socket it no longer parses (one past its cap, or
        // stalled mid-request when the guard has not fired yet): every accepted socket is ended here.
        server.closeAllConnections();
        open.destroyAll();
      }),
  };
}
