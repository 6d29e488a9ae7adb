/**
 * jest-expo's test environment, keeping Node's own networking for the tests: jest-expo installs Expo's
 * fetch, whose native module is a stub in Jest (it answers nothing), so the real aws-amplify client
 * could not reach the local stack. Node's fetch and WebSocket stand in for the phone's native ones;
 * test/native-modules.ts puts them back after the preset's setup.
 */
const ReactNativeEnv = require(require('jest-expo/jest-preset').testEnvironment);

/**
 * Node's fetch, sent once more when a kept-alive connection turns out closed ("other side closed"):
 * the local server closes an idle connection after Node's keep-alive timeout (5 s), and when a render
 * keeps this process busy past it, undici reuses the socket before it sees the close. The server never
 * read that request, so sending it again is safe; a phone's own HTTP stack retries these itself.
 */
async function nodeFetch(input, init) {
  try {
    return await fetch(input, init);
  } catch (err) {
    if (err?.cause?.code !== 'UND_ERR_SOCKET' || err.cause.message !== 'other side closed') throw err;
    return fetch(input, init);
  }
}

module.exports = class PickemEnv extends ReactNativeEnv {
  constructor(config, context) {
    super(config, context);
    this.global.__nodeNetworking = { fetch: nodeFetch, Headers, Request, Response, WebSocket };
  }
};
