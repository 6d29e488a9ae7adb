#!/usr/bin/env node
// `appsync-local-token --state-dir <dir> <username> [--group <name>]... [--id]`: bin/token.ts.
import { runTs } from './run-ts.mjs';

await runTs('./token.ts');
