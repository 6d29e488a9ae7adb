// The part of eslint the APPSYNC_JS check needs (its Linter class, the one eslint itself exports), which
// scripts/evaluate.mjs bundles into build/evaluate-eslint.cjs: one file loads faster than eslint's ~190.
module.exports = { Linter: require('eslint/universal').Linter };
