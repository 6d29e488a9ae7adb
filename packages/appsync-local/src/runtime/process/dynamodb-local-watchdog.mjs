/**
 * Runs DynamoDB Local's JVM and stops it when this process's stdin closes. The parent holds the other
 * end of that pipe and never writes to it, so the pipe closes however the parent ends, even by
 * SIGKILL: the JVM never outlives the server. (Node cannot set PR_SET_PDEATHSIG, and Java does not
 * exit when its stdin closes.) Plain JavaScript so that it starts without a TypeScript loader.
 *
 * Usage: node dynamodb-local-watchdog.mjs <pid file, or -> <command> [args...]
 * It prints "watchdog: java pid <pid>" first; the pid file gets {"java": <pid>, "watchdog": <pid>} while the JVM runs.
 */
import { spawn } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';

const STOP_GRACE_MS = 5_000;
const [pidFile, command, ...args] = process.argv.slice(2);
const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'inherit'] });

const removePidFile = () => {
  if (pidFile !== '-') rmSync(pidFile, { force: true });
};
child.once('spawn', () => {
  // The parent reads this line to check that the process answering on the port is this JVM.
  process.stderr.write(`watchdog: java pid ${child.pid}\n`);
  if (pidFile !== '-') writeFileSync(pidFile, `${JSON.stringify({ java: child.pid, watchdog: process.pid })}\n`);
});
child.once('error', (err) => {
  process.stderr.write(`watchdog: cannot run ${command}: ${err.code ?? err.message}\n`);
  process.exit(err.code === 'ENOENT' ? 127 : 126);
});
child.once('exit', (code) => {
  removePidFile();
  process.exit(code ?? 0);
});

let stopping = false;
function stop() {
  if (stopping) return;
  stopping = true;
  child.kill('SIGTERM');
  setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS).unref();
}
process.stdin.on('end', stop);
process.stdin.on('error', stop);
process.stdin.resume();
for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP']) process.on(signal, stop);
