/**
 * What Metro (metro.config.js) and Jest (jest.config.js) resolve the same way:
 * - `react`: this app's own copy. Expo SDK 56 pins React 19.2.3 (React Native's renderer accepts its
 *   exact version only) while the web app uses 19.3, so npm keeps 19.2.3 in mobile/node_modules and the
 *   packages hoisted to the root (react-native, Amplify UI) would otherwise find the root's 19.3.
 * - `amplify_outputs.json`: the file named by PICKEM_OUTPUTS when set (the tests' local stack, the
 *   bundle export's sample), else mobile/amplify_outputs.json.
 */
const path = require('node:path');

const reactDir = path.dirname(require.resolve('react/package.json', { paths: [__dirname] }));
const outputsFile = process.env.PICKEM_OUTPUTS
  ? path.resolve(process.env.PICKEM_OUTPUTS)
  : path.join(__dirname, 'amplify_outputs.json');

module.exports = { reactDir, outputsFile };
