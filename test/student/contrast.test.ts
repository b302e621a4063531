import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/server';

/** WCAG 2 relative luminance of a #rgb / #rrggbb colour. */
function luminance(hex: string): number {
  const h = hex.length === 4 ? hex.slice(1).split('').map((c) => c + c).join('') : hex.slice(1);
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = parseInt(h.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

export function contrast(a: string, b: string): number {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
  return (x! + 0.05) / (y! + 0.05);
}

/** The custom properties of the first `:root { ... }` block after `marker` in style.css. */
function themeVars(css: string, marker: string): Record<string, string> {
  const start = css.indexOf(marker);
  const block = css.slice(css.indexOf(':root {', start), css.indexOf('}', css.indexOf(':root {', start)));
  return Object.fromEntries([...block.matchAll(/--([a-z-]+):\s*(#[0-9a-fA-F]{3,6})/g)].map((m) => [m[1]!, m[2]!]));
}

const css = readFileSync(join(ROOT, 'public/style.css'), 'utf8');
const themes = { light: themeVars(css, '/* SG Judge'), dark: themeVars(css, '@media (prefers-color-scheme: dark)') };

describe.each(Object.entries(themes))('the %s theme', (_name, vars) => {
  it.each(['accepted', 'rejected', 'failed', 'waiting', 'muted', 'text', 'link'])('--%s meets WCAG AA (4.5:1) on the page and on panels', (name) => {
    expect(vars[name], `--${name} is defined`).toMatch(/^#/);
    for (const bg of ['bg', 'panel', 'code-bg']) {
      expect(contrast(vars[name]!, vars[bg]!), `--${name} ${vars[name]} on --${bg} ${vars[bg]}`).toBeGreaterThanOrEqual(4.5);
    }
  });
});

describe('the contrast formula', () => {
  it('gives the known ratios', () => {
    expect(contrast('#000', '#fff')).toBeCloseTo(21, 5);
    expect(contrast('#fff', '#fff')).toBeCloseTo(1, 5);
    // The old "Accepted" green on white: the issue measured 3.1:1.
    expect(contrast('#00aa00', '#ffffff')).toBeCloseTo(3.1, 1);
  });
});
