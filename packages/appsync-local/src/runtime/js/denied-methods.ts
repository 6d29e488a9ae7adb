/**
 * The one list of built-in methods APPSYNC_JS refuses. `rules.ts` reports calls to them when code is
 * loaded; `prelude.ts` deletes them from the sandbox realm so a call the static check cannot see still
 * fails at run time. Sources: `@aws-appsync/eslint-plugin`'s no-disallowed-methods list, and the
 * methods AWS's supported-features page leaves out (`Object.fromEntries`, `Object.groupBy`). The page
 * lists `String.raw` as supported, so it is not here although the plugin's list names it.
 */
export const DENIED_METHODS: Record<string, string[]> = {
  Array: ['from', 'of'],
  'Array.prototype': ['copyWithin', 'entries', 'keys', 'values', 'group', 'groupToMap', 'toLocaleString'],
  Object: [
    'create',
    'defineProperties',
    'defineProperty',
    'freeze',
    'fromEntries',
    'getOwnPropertyDescriptor',
    'getOwnPropertyDescriptors',
    'getOwnPropertyNames',
    'getOwnPropertySymbols',
    'getPrototypeOf',
    'groupBy',
    'isExtensible',
    'isFrozen',
    'isSealed',
    'preventExtensions',
    'seal',
    'setPrototypeOf',
    'is',
  ],
  String: ['fromCharCode', 'fromCodePoint'],
  'String.prototype': [
    'charCodeAt',
    'localeCompare',
    'matchAll',
    'padEnd',
    'padStart',
    'repeat',
    'search',
    'toLocaleLowerCase',
    'toLocaleUpperCase',
  ],
  'Function.prototype': ['apply', 'bind', 'call'],
};

/** Constructors whose static methods are listed above (`Object.create`). */
export const STATIC_OWNERS = Object.keys(DENIED_METHODS).filter((owner) => !owner.includes('.'));

/** Instance methods, by name (`'x'.padStart()`, `fn.call()`, `[].keys()`). */
export const DENIED_INSTANCE_METHODS = new Map<string, string>(
  Object.entries(DENIED_METHODS)
    .filter(([owner]) => owner.endsWith('.prototype'))
    .flatMap(([owner, methods]) => methods.map((m): [string, string] => [m, owner])),
);
