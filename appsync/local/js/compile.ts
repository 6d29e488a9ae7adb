/**
 * compileCode: checks resolver/function code against the APPSYNC_JS rules, then loads it into its own
 * `node:vm` realm with only what APPSYNC_JS offers, ready to run its handlers.
 */
import vm from 'node:vm';
import type { AppSyncError, CompiledCode, HandlerOutcome, ResolverContext } from '../types.ts';
import { moduleToScript } from './module.ts';
import { ALLOWED_GLOBALS, DENIED_INTRINSICS, PRELUDE } from './prelude.ts';
import { checkAppSyncRules } from './rules.ts';
import { EarlyReturnSignal, UtilErrorSignal } from './signals.ts';
import { buildModules, type CallState, type UtilTree } from './util/index.ts';

/** Per-call CPU limit, so an endless loop cannot hang the server. */
export const HANDLER_TIMEOUT_MS = 1000;

type Shape = { [name: string]: 'fn' | Shape };

function shapeOf(tree: UtilTree): Shape {
  const out: Shape = {};
  for (const [k, v] of Object.entries(tree)) out[k] = typeof v === 'function' ? 'fn' : shapeOf(v);
  return out;
}

function lookup(tree: Record<string, UtilTree>, path: string): (...args: unknown[]) => unknown {
  const [moduleName, ...rest] = path.split('|');
  let node: UtilTree | UtilTree[string] = tree[moduleName];
  for (const k of rest) node = (node as UtilTree)[k];
  return node as (...args: unknown[]) => unknown;
}

function codeError(message: string): AppSyncError {
  return { message, errorType: 'Code', data: null, errorInfo: null };
}

function messageOf(e: unknown): string {
  if (e && typeof e === 'object' && typeof (e as { message?: unknown }).message === 'string') {
    return (e as { message: string }).message;
  }
  return String(e);
}

export function compileCode(fileName: string, code: string): CompiledCode {
  checkAppSyncRules(fileName, code);
  const { source, exportNames } = moduleToScript(fileName, code);
  for (const handler of ['request', 'response']) {
    if (!exportNames.includes(handler)) {
      throw new Error(`${fileName}: the code must export a '${handler}' function (AppSync requires both handlers)`);
    }
  }

  const state: CallState = { ctx: undefined as unknown as ResolverContext, appendedErrors: [], logs: [] };
  const modules = buildModules(state);
  const bridge = (path: string, argsJson: string): string | undefined => {
    const args = JSON.parse(argsJson) as unknown[];
    if (path.startsWith('console|')) {
      state.logs.push(String(args[0]));
      return undefined;
    }
    const result = lookup(modules, path)(...args);
    return result === undefined ? undefined : JSON.stringify(result);
  };

  const context = vm.createContext({}, { name: fileName, codeGeneration: { strings: false, wasm: false } });
  const install = vm.runInContext(PRELUDE, context) as (...args: unknown[]) => void;
  const shapes = Object.fromEntries(Object.entries(modules).map(([name, tree]) => [name, shapeOf(tree)]));
  install(bridge, JSON.stringify(shapes), JSON.stringify(ALLOWED_GLOBALS), JSON.stringify(DENIED_INTRINSICS));

  const loadScript = new vm.Script(`__appsync.load(${source})`, { filename: fileName });
  const runScript = new vm.Script('__appsync.run(__appsync_handler, __appsync_ctx)', { filename: `${fileName}#run` });
  const stashScript = new vm.Script('__appsync.stash()', { filename: `${fileName}#stash` });
  const options = { timeout: HANDLER_TIMEOUT_MS };

  let kinds: Record<string, string>;
  try {
    kinds = JSON.parse(loadScript.runInContext(context, options) as string);
  } catch (e) {
    throw new Error(`${fileName}: loading the code failed: ${messageOf(e)}`);
  }
  for (const handler of ['request', 'response']) {
    if (kinds[handler] !== 'function') throw new Error(`${fileName}: the exported '${handler}' is not a function`);
  }

  return {
    fileName,
    hasRequest: true,
    hasResponse: true,
    run(handler: 'request' | 'response', ctx: ResolverContext): HandlerOutcome {
      state.ctx = ctx;
      state.appendedErrors = [];
      state.logs = [];
      const outcome: HandlerOutcome = {
        kind: 'value', value: null, error: null, appendedErrors: state.appendedErrors, stash: ctx.stash ?? {}, logs: state.logs,
      };
      try {
        // A fresh module instance per call: top-level state does not leak between requests.
        loadScript.runInContext(context, options);
        context.__appsync_handler = handler;
        context.__appsync_ctx = JSON.stringify(ctx);
        const out = JSON.parse(runScript.runInContext(context, options) as string) as { value: unknown };
        outcome.value = out.value;
      } catch (e) {
        if (e instanceof EarlyReturnSignal) {
          outcome.kind = 'earlyReturn';
          outcome.value = e.value;
        } else if (e instanceof UtilErrorSignal) {
          outcome.kind = 'error';
          outcome.error = e.appSyncError;
        } else {
          outcome.kind = 'error';
          outcome.error = codeError(messageOf(e));
        }
      } finally {
        delete context.__appsync_handler;
        delete context.__appsync_ctx;
      }
      const stash = stashScript.runInContext(context, options) as string | undefined;
      if (stash !== undefined) outcome.stash = JSON.parse(stash);
      return outcome;
    },
  };
}
