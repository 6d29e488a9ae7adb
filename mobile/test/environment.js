/**
 * jest-expo's test environment, keeping Node's own networking for the tests: jest-expo installs Expo's
 * fetch, whose native module is a stub in Jest (it answers nothing), so the real aws-amplify client
 * could not reach the local stack. Node's fetch and WebSocket stand in for the phone's native ones;
 * test/native-modules.ts puts them back after the preset's setup.
 */
const ReactNativeEnv = require(require('jest-expo/jest-preset').testEnvironment);

module.exports = class PickemEnv extends ReactNativeEnv {
  constructor(config, context) {
    super(config, context);
    this.global.__nodeNetworking = { fetch, Headers, Request, Response, WebSocket };
  }
};
