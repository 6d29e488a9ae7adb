/**
 * The synthesized branch backend, synthesized once (branch/synthesis.ts): what it deploys is what the
 * local runtime runs (branch/backend.ts), the reminders' resources and rights (branch/reminders.ts), and
 * the console-admin policy (branch/console-admin-policy.ts).
 */
import { rmSync } from 'node:fs';
import { afterAll } from 'vitest';
import { branchSynthesis } from './branch/synthesis.ts';
import './branch/backend.ts';
import './branch/reminders.ts';
import './branch/console-admin-policy.ts';

afterAll(async () => rmSync((await branchSynthesis()).outdir, { recursive: true, force: true }));
