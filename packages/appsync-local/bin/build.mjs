#!/usr/bin/env node
// `appsync-local-build --root <dir> --build-dir <dir> --wiring <module>[#export]`: bin/build.ts.
import { runTs } from './run-ts.mjs';

await runTs('./build.ts');
