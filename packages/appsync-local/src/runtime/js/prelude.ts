/**
 * Code that runs inside each sandbox realm before the resolver: it builds `util`, `runtime`,
 * `extensions`, `console` and the module table from host bridges, strips the globals and intrinsics
 * APPSYNC_JS lacks, and exposes `__appsync.define/call/stash` to the host. Everything crossing the realm
 * boundary is a JSON string, so resolver code only ever sees objects of its own realm.
 */
export const ALLOWED_GLOBALS = [
  'Object',
  'Array',
  'String',
  'Number',
  'Boolean',
  'Math',
  'JSON',
  'parseInt',
  'parseFloat',
  'isNaN',
  'isFinite',
  'encodeURI',
  'encodeURIComponent',
  'decodeURI',
  'decodeURIComponent',
  'NaN',
  'Infinity',
  'undefined',
  'Error',
  'TypeError',
  'RangeError',
  'ReferenceError',
  'SyntaxError',
  'EvalError',
  'URIError',
];

/** Loop iterations one handler call may run before it is stopped with a Code error. */
export const MAX_LOOP_ITERATIONS = 1_000_000;

export const PRELUDE = `(function (bridge, specJson, allowedJson, deniedJson) {
  "use strict";
  const G = globalThis;
  const parse = JSON.parse, stringify = JSON.stringify, freeze = Object.freeze, keys = Object.keys;
  const defineProperty = Object.defineProperty, ownNames = Object.getOwnPropertyNames;
  const apply = Reflect.apply, deleteProperty = Reflect.deleteProperty, isArray = Array.isArray;
  const fromHost = (s) => (s === undefined ? undefined : parse(s));

  function mirror(tree, path) {
    const out = {};
    for (const k of keys(tree)) {
      const p = path + "|" + k;
      out[k] = tree[k] === "fn" ? (...args) => fromHost(bridge(p, stringify(args))) : mirror(tree[k], p);
    }
    return freeze(out);
  }
  const spec = parse(specJson);
  const modules = {};
  for (const name of keys(spec)) modules[name] = mirror(spec[name], name);
  const importModule = (name) => {
    if (!modules[name]) throw new Error("Module " + name + " is not available");
    return modules[name];
  };

  const show = (x) => (typeof x === "string" ? x : x === undefined ? "undefined" : stringify(x));
  const logTo = (level) => (...a) => { bridge("console|" + level, stringify([a.map(show).join(" ")])); };
  const console = freeze({ log: logTo("log"), info: logTo("info"), warn: logTo("warn"), error: logTo("error"), debug: logTo("debug") });

  // Strip the globals and intrinsics APPSYNC_JS does not have.
  // What esbuild's bundling helpers need (module.ts points them here).
  const hasOwn = Object.hasOwn;
  const hasOwnProperty = function (key) { return hasOwn(this, key); };
  hasOwnProperty.call = (self, key) => hasOwn(self, key);
  const esbuildObject = freeze({
    defineProperty, getOwnPropertyNames: ownNames, getOwnPropertyDescriptor: Object.getOwnPropertyDescriptor,
    getPrototypeOf: Object.getPrototypeOf, create: Object.create, freeze,
    prototype: freeze({ hasOwnProperty, propertyIsEnumerable: Object.prototype.propertyIsEnumerable }),
  });
  const denied = parse(deniedJson);
  const sortOriginal = Array.prototype.sort, toSortedOriginal = Array.prototype.toSorted;
  for (const owner of keys(denied)) {
    const target = owner.split(".").reduce((o, k) => o[k], G);
    for (const m of denied[owner]) deleteProperty(target, m);
  }
  const allowed = parse(allowedJson);
  for (const name of ownNames(G)) if (!allowed.includes(name)) deleteProperty(G, name);
  const noComparator = (original, name) => function (comparator) {
    if (comparator !== undefined) throw new TypeError("Array.prototype." + name + " with a comparator function is not supported");
    return apply(original, this, []);
  };
  defineProperty(Array.prototype, "sort", { value: noComparator(sortOriginal, "sort"), writable: true, configurable: true });
  defineProperty(Array.prototype, "toSorted", { value: noComparator(toSortedOriginal, "toSorted"), writable: true, configurable: true });

  const utils = modules["@aws-appsync/utils"];
  for (const [name, value] of [["util", utils.util], ["runtime", utils.runtime], ["extensions", utils.extensions], ["console", console]]) {
    defineProperty(G, name, { value, writable: true, configurable: true });
  }

  let factory = null;
  let current = null;
  let iterations = 0;
  const loop = () => {
    iterations += 1;
    if (iterations > ${MAX_LOOP_ITERATIONS}) {
      throw new Error("Execution stopped: more than ${MAX_LOOP_ITERATIONS} loop iterations in one handler call");
    }
  };
  const define = (moduleFactory) => {
    factory = moduleFactory;
    iterations = 0;
    const handlers = factory(importModule, esbuildObject, loop);
    const kinds = {};
    for (const k of keys(handlers)) kinds[k] = typeof handlers[k];
    return stringify(kinds);
  };
  // A fresh module instance per call, so top-level state never leaks between requests.
  const call = (handler, ctxJson) => {
    current = null;
    iterations = 0;
    const handlers = factory(importModule, esbuildObject, loop);
    const ctx = parse(ctxJson);
    if (ctx.arguments !== undefined) ctx.args = ctx.arguments;
    else ctx.arguments = ctx.args;
    current = ctx;
    freeze(ctx);
    const value = handlers[handler](ctx);
    return stringify({ defined: value !== undefined, value: value === undefined ? null : value, stash: ctx.stash });
  };
  const stash = () => (current ? stringify(current.stash) : undefined);
  defineProperty(G, "__appsync", { value: freeze({ define, call, stash }) });
})`;
