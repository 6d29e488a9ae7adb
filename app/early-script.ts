/**
 * Inlines app/src/screens/events-early.ts into index.html's head as a classic script, bundled on its
 * own (its imports only: the two documents, the route parser): it runs as the page is parsed, so the
 * events list's queries leave while the app's script downloads rather than after it (a round trip of
 * over half a second on a slow 4G link). The dev server loads it as a module instead.
 */
import path from 'node:path';
import { build, type HtmlTagDescriptor, type Plugin, type Rolldown } from 'vite';

const ENTRY = 'src/screens/events-early.ts';

/** The entry bundled alone, as one immediately invoked script. */
async function bundle(root: string): Promise<string> {
  const output = (await build({
    configFile: false,
    root,
    logLevel: 'warn',
    build: { write: false, lib: { entry: path.join(root, ENTRY), formats: ['iife'], name: 'pickemEarlyScript' } },
  })) as Rolldown.RolldownOutput | Rolldown.RolldownOutput[];
  return (Array.isArray(output) ? output[0] : output).output[0].code.trim();
}

export function earlyScript(): Plugin {
  let root = '';
  let serve = false;
  return {
    name: 'pickem-early-script',
    configResolved(config) {
      root = config.root;
      serve = config.command === 'serve';
    },
    transformIndexHtml: {
      // Before Vite adds the app's stylesheet: a classic script after a stylesheet waits for it to load.
      order: 'pre',
      async handler(): Promise<HtmlTagDescriptor[]> {
        if (serve) return [{ tag: 'script', attrs: { type: 'module', src: `/${ENTRY}` }, injectTo: 'head' }];
        return [{ tag: 'script', children: await bundle(root), injectTo: 'head' }];
      },
    },
  };
}
