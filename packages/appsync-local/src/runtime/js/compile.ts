/**
 * compileCode: checks resolver/function code against the APPSYNC_JS rules, then loads it into its own
 * `node:vm` realm with only what APPSYNC_JS offers, ready to run its handlers.
 */
import vm from 'node:vm';
import type { CompiledCode, HandlerOutcome, ResolverContext } from '../types.ts';
import { moduleToScript, type ScriptModule } from './module.ts';
import { DENIED_METHODS } from './denied-methods.ts';
import { ALLOWED_GLOBALS, PRELUDE } from './prelude.ts';
import { checkAppSyncRules } from './rules.ts';
import { EarlyReturnSignal, UtilErrorSignal, codeError } from './signals.ts';
import { buildModules, type CallState, type UtilTree } from './util/index.ts';

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

function messageOf(e: unknown): string {
  if (e && typeof e === 'object' && typeof (e as { message?: unknown }).message === 'string') {
    return (e as { message: string }).message;
  }
  return String(e);
}

const DEFINE_PREFIX = '__appsync.define(';

/**
 * V8's own text of a sandbox error's stack. A host formatter (a test runner's source-map support, set as
 * `Error.prepareStackTrace`) would run on the sandbox's call sites, whose realm has no
 * `Function.prototype.call` (prelude.ts deletes it), and throw; Node 22 hands it those call sites.
 */
function stackOf(e: object): string {
  const host = Error as { prepareStackTrace?: unknown };
  const hostFormatter = host.prepareStackTrace;
  host.prepareStackTrace = undefined;
  try {
    return String((e as { stack?: unknown }).stack ?? '');
  } finally {
    host.prepareStackTrace = hostFormatter;
  }
}

/**
 * An uncaught exception as AppSync words it: `code.js:<line>:<column>: <ErrorName>: <message>`
 * (aws/aws-appsync-community#328), the position being the innermost frame in the resolver's code.
 */
function runtimeErrorMessage(e: unknown, fileName: string, toOriginal: ScriptModule['originalPosition']): string {
  const name =
    e && typeof e === 'object' && typeof (e as { name?: unknown }).name === 'string'
      ? (e as { name: string }).name
      : 'Error';
  const stack = e && typeof e === 'object' ? stackOf(e) : '';
  const escaped = fileName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const frame = new RegExp(`${escaped}:(\\d+):(\\d+)`).exec(stack);
  const text = `${name}: ${messageOf(e)}`;
  if (!frame) return `code.js: ${text}`;
  const line = Number(frame[1]);
  const column = Number(frame[2]) - (line === 1 ? DEFINE_PREFIX.length : 0);
  const at = toOriginal(line, column);
  return `code.js:${at.line}:${at.column}: ${text}`;
}

export function compileCode(fileName: string, code: string): CompiledCode {
  checkAppSyncRules(fileName, code);
  const { source, exportNames, originalPosition } = moduleToScript(fileName, code);
  for (const handler of ['request', 'response']) {
    if (!exportNames.includes(handler)) {
      throw new Error(`${fileName}: the code must export a '${handler}' function (AppSync requires both handlers)`);
    }
  }

  const state: CallState = {
    ctx: undefined as unknown as ResolverContext,
    appendedErrors: [],
    logs: [],
    responseHeaders: {},
    extensions: [],
  };
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
  install(bridge, JSON.stringify(shapes), JSON.stringify(ALLOWED_GLOBALS), JSON.stringify(DENIED_METHODS));

  const defineScript = new vm.Script(`${DEFINE_PREFIX}${source})`, { filename: fileName });
  // The realm's own call/stash functions, called directly: strings in, strings out, so no host object
  // reaches resolver code, and no global of the realm is set per call.
  const realm = vm.runInContext('__appsync', context) as {
    call: (handler: string, ctxJson: string) => string;
    stash: () => string | undefined;
  };
  const callHandler = realm.call;
  const stashJson = realm.stash;

  let kinds: Record<string, string>;
  try {
    kinds = JSON.parse(defineScript.runInContext(context) as string);
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
      state.responseHeaders = {};
      state.extensions = [];
      const outcome: HandlerOutcome = {
        kind: 'value',
        value: null,
        error: null,
        appendedErrors: state.appendedErrors,
        stash: ctx.stash ?? {},
        logs: state.logs,
        responseHeaders: state.responseHeaders,
        extensions: state.extensions,
      };
      // One entry into the realm per call. No vm timeout: its watchdog thread costs a millisecond a
      // call here; the loop budget (module.ts) is what stops runaway code.
      try {
        const out = JSON.parse(callHandler(handler, JSON.stringify(ctx))) as {
          value: unknown;
          stash: Record<string, unknown>;
        };
        outcome.value = out.value;
        outcome.stash = out.stash ?? outcome.stash;
      } catch (e) {
        if (e instanceof EarlyReturnSignal) {
          outcome.kind = 'earlyReturn';
          outcome.value = e.value;
          outcome.skipTo = e.skipTo;
        } else if (e instanceof UtilErrorSignal) {
          outcome.kind = 'error';
          outcome.error = e.appSyncError;
        } else {
          outcome.kind = 'error';
          outcome.error = codeError(runtimeErrorMessage(e, fileName, originalPosition));
        }
        const stash = stashJson();
        if (stash !== undefined) outcome.stash = JSON.parse(stash);
      }
      return outcome;
    },
  };
}
