// The screen tests: jest-expo renders the real screens; scripts/test.mts starts the local stack first.
const { outputsFile, reactDir } = require('./resolve');

module.exports = {
  preset: 'jest-expo',
  rootDir: __dirname,
  testMatch: ['<rootDir>/test/**/*.test.tsx'],
  moduleNameMapper: {
    '^react$': reactDir,
    '^react/(.*)$': `${reactDir}/$1`,
    '/amplify_outputs\\.json$': outputsFile,
  },
  // jest-expo's list, Amplify UI and its React Native helpers (TypeScript or ESM sources), and uuid (ESM
  // by the browser entry the preset picks).
  transformIgnorePatterns: [
    '/node_modules/(?!((jest-)?react-native|@react-native(-community)?|expo(nent)?|@expo(nent)?/.*|@expo-google-fonts/.*|react-navigation|@react-navigation/.*|@aws-amplify/ui-react-native|@aws-amplify/ui-react-core|@aws-amplify/ui|@aws-amplify/react-native|uuid))',
  ],
  testEnvironment: '<rootDir>/test/environment.js',
  setupFiles: ['<rootDir>/test/native-modules.ts'],
  testTimeout: 60_000,
  maxWorkers: 1,
  // Amplify's signUp (the Authenticator's, with auto sign-in) keeps a 3-minute timer for a confirmation
  // that never comes in the test (MAX_AUTOSIGNIN_POLLING_MS in @aws-amplify/auth): end the run anyway.
  forceExit: true,
};
