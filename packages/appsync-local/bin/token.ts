/**
 * Prints a bearer token for a local dev user, signed with the local runtime's key (kept in the state
 * folder, made on first use): an access token, or with --id an ID token (the kind that carries
 * `cognito:username`):
 *   appsync-local-token --state-dir <dir> <username> [--group <name>]... [--id]
 */
import { LOCAL_NAME, loadOrCreateSigningKey, signToken } from '../src/runtime/auth/jwt.ts';
import { takeFolder, usageFailure } from './flags.ts';

const USAGE = 'usage: appsync-local-token --state-dir <dir> <username> [--group <name>]... [--id]';
const fail: (message: string) => never = usageFailure(USAGE);

const args = process.argv.slice(2);
const stateDir = takeFolder(args, 'state-dir', fail);
const groups: string[] = [];
let username: string | undefined;
let use: 'access' | 'id' = 'access';
for (let i = 0; i < args.length; i += 1) {
  const arg = args[i];
  if (arg === '--group') {
    const group = args[i + 1];
    if (!group || group.startsWith('--')) fail('--group needs a group name');
    groups.push(group);
    i += 1;
  } else if (arg.startsWith('--group=')) {
    const group = arg.slice('--group='.length);
    if (!group) fail('--group needs a group name');
    groups.push(group);
  } else if (arg === '--id') {
    use = 'id';
  } else if (arg.startsWith('-')) {
    fail(`unknown option ${arg}`);
  } else if (username === undefined) {
    username = arg;
  } else {
    fail(`unexpected argument ${arg}`);
  }
}
if (!username) fail('a username is required');
if (!LOCAL_NAME.test(username)) fail(`invalid username "${username}"`);

const key = loadOrCreateSigningKey(stateDir);
process.stdout.write(`${signToken(key, { username, groups, use })}\n`);
