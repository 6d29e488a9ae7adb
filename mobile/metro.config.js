// Expo's Metro configuration (it finds the npm workspaces by itself), with React (and react-dom, for the
// web target's react-native-web, hoisted to the root beside the web app's newer react-dom) and the
// outputs file pinned as resolve.js explains.
const path = require('node:path');
const { getDefaultConfig } = require('expo/metro-config');
const { outputsFile } = require('./resolve');

const config = getDefaultConfig(__dirname);
const fromHere = path.join(__dirname, 'index.ts');

config.resolver.resolveRequest = (context, name, platform) => {
  if (name.endsWith('/amplify_outputs.json')) return { type: 'sourceFile', filePath: outputsFile };
  if (/^react(-dom)?(\/|$)/.test(name))
    return context.resolveRequest({ ...context, originModulePath: fromHere }, name, platform);
  return context.resolveRequest(context, name, platform);
};

module.exports = config;
