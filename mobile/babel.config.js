// Expo's preset, for Metro (the bundles) and jest-expo (the screen tests) alike.
module.exports = (api) => {
  api.cache(true);
  return { presets: ['babel-preset-expo'] };
};
