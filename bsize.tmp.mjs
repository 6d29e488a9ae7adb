import { buildSync } from 'esbuild';
const root = process.argv[2];
for (const f of process.argv.slice(3)) {
  const r = buildSync({
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'esnext',
    sourcemap: 'inline',
    sourcesContent: false,
    external: ['@aws-appsync/utils'],
    logLevel: 'silent',
    absWorkingDir: root,
    entryPoints: [root + '/' + f],
    write: false,
    metafile: true,
  });
  console.log(f, r.outputFiles[0].text.length);
  const outs = Object.values(r.metafile.outputs)[0].inputs;
  console.log(
    Object.entries(outs)
      .map(([k, v]) => `${v.bytesInOutput} ${k}`)
      .sort((a, b) => parseInt(b) - parseInt(a))
      .slice(0, 12)
      .join('\n'),
  );
}
