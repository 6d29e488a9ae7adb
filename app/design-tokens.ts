/**
 * The design tokens (@pickem/client/design/tokens) as CSS custom properties, written into index.html's
 * head by Vite at build time (and by its dev server): app/src/styles.css reads only these variables, the
 * dark theme's colours replace the light ones under `prefers-color-scheme: dark`, and nothing is generated
 * into the repository or computed in the browser.
 */
import type { Plugin } from 'vite';
import {
  fontFamily,
  fontSize,
  letterSpacing,
  lineWidth,
  palettes,
  radius,
  size,
  space,
  type Palette,
} from '@pickem/client/design/tokens';

const rem = (px: number) => `${px / 16}rem`;
const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

function properties(prefix: string, values: Record<string, string | number>, unit: (v: number) => string = String) {
  return Object.entries(values).map(
    ([name, value]) => `--${prefix}-${kebab(name)}: ${typeof value === 'number' ? unit(value) : value};`,
  );
}

const colors = (palette: Palette) => properties('color', { ...palette });

/** The stylesheet of the tokens: every custom property on :root, the dark colours in their media query. */
export function tokensCss(): string {
  const root = [
    // Form controls and scrollbars follow the theme too.
    'color-scheme: light dark;',
    ...colors(palettes.light),
    ...properties('font', fontFamily),
    ...properties('text', fontSize, rem),
    ...properties('tracking', letterSpacing, (px) => `${px}px`),
    ...properties('space', space, rem),
    ...properties('radius', radius, rem),
    ...properties('size', size, rem),
    ...properties('line', lineWidth, (px) => `${px}px`),
  ];
  return [
    ':root {',
    ...root.map((line) => `  ${line}`),
    '}',
    '@media (prefers-color-scheme: dark) {',
    '  :root {',
    ...colors(palettes.dark).map((line) => `    ${line}`),
    '  }',
    '}',
  ].join('\n');
}

/** Adds the tokens' stylesheet and the browser bar's colour, per theme, to the head. */
export function designTokens(): Plugin {
  return {
    name: 'pickem-design-tokens',
    transformIndexHtml: () => [
      { tag: 'style', children: tokensCss(), injectTo: 'head' },
      ...(['light', 'dark'] as const).map((scheme) => ({
        tag: 'meta',
        attrs: { name: 'theme-color', content: palettes[scheme].brand, media: `(prefers-color-scheme: ${scheme})` },
        injectTo: 'head' as const,
      })),
    ],
  };
}
