// The web app's stylesheet draws with the design tokens only: every colour and length is one of the
// custom properties app/design-tokens.ts writes from @pickem/client/design/tokens, and the media
// queries (where CSS reads no variable) are the tokens' breakpoints.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { breakpoint, palettes } from '@pickem/client/design/tokens';
import { tokensCss } from '../../app/design-tokens.ts';
import { repoRoot } from '../../project.ts';

const stylesheet = readFileSync(path.join(repoRoot, 'app/src/styles.css'), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
const declarations = [...stylesheet.matchAll(/([a-z-]+)\s*:\s*([^;{}]+);/g)].map(([, property, value]) => ({
  property,
  value: value.trim(),
}));
const defined = (css: string) => new Set([...css.matchAll(/(--[a-z0-9-]+)\s*:/g)].map(([, name]) => name));

const COLOR =
  /#[0-9a-f]{3,8}\b|\b(rgba?|hsla?|hwb|lab|lch|oklab|oklch|color)\(|\b(white|black|red|green|blue|gr[ae]y)\b/i;
const LENGTH = /\d(px|rem|em|ex|ch|vh|vw|vmin|vmax|pt|pc|cm|mm|in)\b/i;

describe('app/src/styles.css', () => {
  it('spells no colour: each is a token', () => {
    expect(declarations.length).toBeGreaterThan(100);
    expect(declarations.filter(({ value }) => COLOR.test(value))).toEqual([]);
  });

  it('spells no length: each is a token', () => {
    expect(declarations.filter(({ value }) => LENGTH.test(value))).toEqual([]);
  });

  it('reads only the custom properties the tokens define, and defines none itself', () => {
    const tokens = defined(tokensCss());
    const used = new Set([...stylesheet.matchAll(/var\((--[a-z0-9-]+)/g)].map(([, name]) => name));
    expect(used.size).toBeGreaterThan(30);
    expect([...used].filter((name) => !tokens.has(name))).toEqual([]);
    expect([...defined(stylesheet)]).toEqual([]);
  });

  it('changes its layout at the tokens’ breakpoints, in rem', () => {
    const widths = [...stylesheet.matchAll(/@media[^{]*?width:\s*([\d.]+)rem/g)].map(([, rem]) => Number(rem) * 16);
    expect(widths.length).toBeGreaterThan(0);
    expect(new Set(widths)).toEqual(new Set(Object.values(breakpoint)));
    expect(stylesheet.match(/@media[^{]*/g)!.filter((query) => !/width:\s*[\d.]+rem\)\s*$/.test(query))).toEqual([]);
  });
});

describe('tokensCss', () => {
  const css = tokensCss();
  const [light, dark] = css.split('@media (prefers-color-scheme: dark)');

  it('gives the dark theme every colour of the light one, and nothing else', () => {
    const colors = [...defined(light)].filter((name) => name.startsWith('--color-'));
    expect(colors).toHaveLength(Object.keys(palettes.light).length);
    expect([...defined(dark)].sort()).toEqual(colors.sort());
  });

  it('writes each token once, lengths in rem but line widths in px', () => {
    expect(light).toContain('--color-on-brand: #ffffff;');
    expect(dark).toContain(`--color-background: ${palettes.dark.background};`);
    expect(light).toContain('--space-xl: 1rem;');
    expect(light).toContain('--text-sm: 0.875rem;');
    expect(light).toContain('--line-thin: 1px;');
    expect(light).toContain('color-scheme: light dark;');
  });
});
