import path from 'node:path';
import { defineFunction } from '@aws-amplify/backend';
import { Duration } from 'aws-cdk-lib';
import { Architecture, Runtime } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { repoRoot } from '../../../project.ts';
import { shareCardFunction } from '../../data/wiring.ts';
import { FONT_FILES } from './fonts.ts';

/** The renderer's native module stays out of the bundle: it is copied beside it with its Linux x64 binary. */
const RENDERER = ['@resvg/resvg-js', '@resvg/resvg-js-linux-x64-gnu'];
const FONT_PACKAGE = path.join(repoRoot, 'node_modules/dejavu-fonts-ttf/ttf');

/**
 * The share card behind its function URL (amplify/backend.ts). A function of its own making rather
 * than defineFunction's props: those bundle everything, and resvg is a native module (with its fonts)
 * that has to ship as files. Runtime and logs as defineFunction gives the others; Amplify tags it with its id.
 */
export const shareCard = defineFunction(
  (scope) => {
    const fn = new NodejsFunction(scope, 'share-card', {
      entry: path.join(repoRoot, shareCardFunction.handler),
      runtime: Runtime.NODEJS_24_X,
      architecture: Architecture.X86_64,
      timeout: Duration.seconds(10),
      memorySize: 512,
      logGroup: new LogGroup(scope, 'share-card-logs', { retention: RetentionDays.ONE_MONTH }),
      environment: { FONT_DIR: '/var/task/fonts' },
      bundling: {
        format: OutputFormat.ESM,
        minify: true,
        banner:
          "import { createRequire as __shareCardRequire } from 'node:module'; const require = __shareCardRequire(import.meta.url);",
        externalModules: RENDERER,
        commandHooks: {
          beforeBundling: () => [],
          beforeInstall: () => [],
          afterBundling: (_input: string, output: string) => [
            `mkdir -p "${output}/node_modules/@resvg" "${output}/fonts"`,
            ...RENDERER.map(
              (m) => `cp -R "${path.join(repoRoot, 'node_modules', m)}" "${output}/node_modules/@resvg/"`,
            ),
            ...FONT_FILES.map((f) => `cp "${path.join(FONT_PACKAGE, f)}" "${output}/fonts/"`),
          ],
        },
      },
    });
    return fn;
  },
  // It reads the API's table: in another stack that would be a dependency cycle.
  { resourceGroupName: 'data' },
);
