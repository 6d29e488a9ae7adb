/** Runs amplify/backend.ts the way `ampx` does (a CDK app), offline and without AWS credentials. */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { repoRoot } from '../../project.ts';

export type DeploymentType = 'sandbox' | 'branch';

// Template is typed loosely: CloudFormation JSON.
export type CfnTemplate = { Resources: Record<string, any>; Outputs?: Record<string, any> };

export interface Synthesized {
  outdir: string;
  root: CfnTemplate;
  nested: CfnTemplate[];
}

/** Environment for the child: nothing that could reach AWS or download a package. */
function offlineEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (!key.startsWith('AWS_') && !key.startsWith('PICKEM_') && !key.startsWith('CDK_')) env[key] = value;
  }
  return {
    ...env,
    AWS_EC2_METADATA_DISABLED: 'true',
    AWS_CONFIG_FILE: '/dev/null',
    AWS_SHARED_CREDENTIALS_FILE: '/dev/null',
    npm_config_offline: 'true',
    HTTP_PROXY: 'http://127.0.0.1:9',
    HTTPS_PROXY: 'http://127.0.0.1:9',
    ...extra,
  };
}

export async function synthesize(type: DeploymentType, env: Record<string, string> = {}): Promise<Synthesized> {
  const outdir = mkdtempSync(path.join(tmpdir(), `pickem-synth-${type}-`));
  const context = {
    'amplify-backend-namespace': 'pickem',
    'amplify-backend-name': 'test',
    'amplify-backend-type': type,
  };
  await promisify(execFile)(path.join(repoRoot, 'node_modules/.bin/tsx'), ['amplify/backend.ts'], {
    cwd: repoRoot,
    env: offlineEnv({ ...env, CDK_CONTEXT_JSON: JSON.stringify(context), CDK_OUTDIR: outdir }),
    timeout: 280_000,
    maxBuffer: 16 * 1024 * 1024,
  }).catch((error: Error) => {
    const findings = ruleFindings(outdir);
    throw findings.length > 0
      ? new Error(`the ${type} backend fails AWS's rule packs:\n${findings.join('\n')}`)
      : error;
  });
  const files = readdirSync(outdir).filter((f) => f.endsWith('.template.json'));
  const load = (f: string) => JSON.parse(readFileSync(path.join(outdir, f), 'utf8')) as CfnTemplate;
  const rootFiles = files.filter((f) => !f.endsWith('.nested.template.json'));
  if (rootFiles.length !== 1) throw new Error(`expected one root template in ${outdir}, found ${rootFiles.join(', ')}`);
  return {
    outdir,
    root: load(rootFiles[0]),
    nested: files.filter((f) => f.endsWith('.nested.template.json')).map(load),
  };
}

/** The one template holding a resource of the given CloudFormation type. */
export function templateWith(synth: Synthesized, resourceType: string): CfnTemplate {
  const found = [synth.root, ...synth.nested].filter((t) =>
    Object.values(t.Resources).some((r) => r.Type === resourceType),
  );
  if (found.length !== 1) throw new Error(`expected one template with ${resourceType}, found ${found.length}`);
  return found[0];
}

/** The rule packs' report of a synthesis (amplify/security/rule-packs.ts); absent if no pack ran. */
export const validationReportFile = (outdir: string) => path.join(outdir, 'validation-report.json');

interface ValidationReport {
  pluginReports: {
    pluginName: string;
    violations: { ruleName: string; description: string; violatingConstructs: { constructPath: string }[] }[];
  }[];
}

export function readValidationReport(outdir: string): ValidationReport | undefined {
  const file = validationReportFile(outdir);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as ValidationReport) : undefined;
}

/** One line per finding that is neither fixed nor acknowledged: rule, constructs, what the rule wants. */
export function ruleFindings(outdir: string): string[] {
  return (readValidationReport(outdir)?.pluginReports ?? []).flatMap((p) =>
    p.violations.map(
      (v) => `${v.ruleName} at ${v.violatingConstructs.map((c) => c.constructPath).join(', ')}: ${v.description}`,
    ),
  );
}
