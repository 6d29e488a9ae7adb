/**
 * SVG to PNG with resvg (Rust, prebuilt for Lambda's Linux), with the fonts it is given only: Lambda
 * has none installed. FONT_DIR names their folder (the deployed bundle's copy, resource.ts); without
 * it, the dejavu-fonts-ttf package's.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import { FONT_FILES } from './fonts.ts';

function fontDir(): string {
  if (process.env.FONT_DIR) return process.env.FONT_DIR;
  const require = createRequire(import.meta.url);
  return path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
}

export function renderPng(svg: string): Buffer {
  const dir = fontDir();
  const resvg = new Resvg(svg, {
    font: {
      fontFiles: FONT_FILES.map((f) => path.join(dir, f)),
      loadSystemFonts: false,
      defaultFontFamily: 'DejaVu Sans',
    },
  });
  return resvg.render().asPng();
}
