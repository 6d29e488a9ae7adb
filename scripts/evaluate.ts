/**
 * Local stand-in for AppSync's EvaluateCode:
 *   npm run --silent evaluate -- --code <file.js> --context <context.json> --function request|response
 * Prints one JSON object { evaluationResult, error, logs, stash }. Exits 0 even when the handler
 * fails (that is a result); exits 2 on bad usage or unreadable input.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { evaluateCode } from '../appsync/local/js/evaluate.ts';

const USAGE = 'usage: npm run --silent evaluate -- --code <file.js> --context <context.json> --function request|response';

function fail(message: string): never {
  process.stderr.write(`${message}\n${USAGE}\n`);
  process.exit(2);
}

function parseArgs(argv: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i < argv.length; i += 1) {
    const flag = argv[i];
    if (!['--code', '--context', '--function'].includes(flag)) fail(`unknown argument: ${flag}`);
    const value = argv[i + 1];
    if (value === undefined || value.startsWith('--')) fail(`${flag} needs a value`);
    out[flag.slice(2)] = value;
    i += 1;
  }
  return out;
}

const args = parseArgs(process.argv.slice(2));
if (!args.code || !args.context || !args.function) fail('--code, --context and --function are required');
if (args.function !== 'request' && args.function !== 'response') fail(`--function must be request or response, not ${args.function}`);

let code: string;
let context: Record<string, unknown>;
try {
  code = readFileSync(args.code, 'utf8');
} catch (e) {
  fail(`cannot read --code ${args.code}: ${(e as Error).message}`);
}
try {
  context = JSON.parse(readFileSync(args.context, 'utf8')) as Record<string, unknown>;
} catch (e) {
  fail(`cannot read --context ${args.context} as JSON: ${(e as Error).message}`);
}

const result = evaluateCode({ code, context, function: args.function, fileName: path.basename(args.code) });
process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
