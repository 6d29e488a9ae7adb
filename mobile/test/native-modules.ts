/**
 * The native modules the jest-expo preset cannot run, mocked by their packages' own Jest mocks:
 * async-storage (where Amplify keeps the tokens) and netinfo (the offline banner). Random values need
 * no mock: Node's crypto.getRandomValues is there, so react-native-get-random-values leaves it.
 * Networking is Node's (test/environment.js): Expo's fetch is a native module too.
 * Everything else is real: aws-amplify, its HTTP calls and its WebSocket, against the local stack.
 */
import { jest } from '@jest/globals';

// Node's fetch and WebSocket (test/environment.js kept them) instead of Expo's, a stub under Jest.
const { __nodeNetworking } = globalThis as unknown as { __nodeNetworking: Record<string, unknown> };
for (const [name, value] of Object.entries(__nodeNetworking))
  Object.defineProperty(globalThis, name, { value, writable: true, configurable: true });

// Amplify reads the module's `default` (require(...).default), which the CommonJS mock lacks.
jest.mock('@react-native-async-storage/async-storage', () => {
  const mock = jest.requireActual<object>('@react-native-async-storage/async-storage/jest/async-storage-mock');
  return { __esModule: true, default: mock, ...mock };
});
jest.mock('@react-native-community/netinfo', () =>
  jest.requireActual('@react-native-community/netinfo/jest/netinfo-mock.js'),
);
// Safe-area insets come from the device: the package's mock gives a phone's.
jest.mock(
  'react-native-safe-area-context',
  () => jest.requireActual<{ default: object }>('react-native-safe-area-context/jest/mock').default,
);
