/** The `util`, `runtime` and `extensions` objects and the dynamodb module, as host-side function trees. */
import { EarlyReturnSignal } from '../signals.ts';
import { dynamodbUtils } from './dynamodb.ts';
import { dynamodbModule } from './dynamodb-module.ts';
import { base64Decode, base64Encode, escapeJavaScript, urlDecode, urlEncode } from './encoding.ts';
import { errorUtils } from './errors.ts';
import { autoId, autoKsuid, autoUlid } from './ids.ts';
import { mathUtils, strUtils } from './math-str.ts';
import type { CallState, UtilTree } from './state.ts';
import { timeUtils } from './time.ts';
import { transformUtils } from './transform.ts';
import { extensionUtils } from './extensions.ts';
import { httpUtils } from './http.ts';
import { authType, matches } from './types.ts';
import { xmlUtils } from './xml.ts';

export type { CallState, UtilTree } from './state.ts';

/** The `returnOptions` of `runtime.earlyReturn`; anything but absent, 'END' or 'NEXT' is a Code error. */
function skipToOf(options: unknown): 'END' | 'NEXT' {
  if (options === undefined || options === null) return 'NEXT';
  if (typeof options !== 'object' || Array.isArray(options)) {
    throw new TypeError(
      `runtime.earlyReturn: returnOptions must be an object like { skipTo: 'END' }, got ${JSON.stringify(options)}`,
    );
  }
  const skipTo = (options as { skipTo?: unknown }).skipTo;
  if (skipTo === undefined || skipTo === null) return 'NEXT';
  if (skipTo !== 'END' && skipTo !== 'NEXT') {
    throw new TypeError(`runtime.earlyReturn: skipTo must be 'END' or 'NEXT', got ${JSON.stringify(skipTo)}`);
  }
  return skipTo;
}

export function buildModules(state: CallState): Record<string, UtilTree> {
  const util: UtilTree = {
    ...errorUtils(state),
    matches,
    autoId,
    autoUlid: () => autoUlid(),
    autoKsuid: () => autoKsuid(),
    base64Encode,
    base64Decode,
    urlEncode,
    urlDecode,
    escapeJavaScript,
    authType: () => authType(state.ctx),
    time: timeUtils,
    dynamodb: dynamodbUtils,
    transform: transformUtils,
    math: mathUtils,
    str: strUtils,
    http: httpUtils(state),
    xml: xmlUtils,
  };
  const runtime: UtilTree = {
    earlyReturn(value?: unknown, returnOptions?: unknown): never {
      throw new EarlyReturnSignal(value === undefined ? null : value, skipToOf(returnOptions));
    },
  };
  const extensions = extensionUtils(state);
  return {
    '@aws-appsync/utils': { util, runtime, extensions },
    '@aws-appsync/utils/dynamodb': dynamodbModule as unknown as UtilTree,
  };
}
