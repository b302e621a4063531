import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contrast } from '../helpers/colour';
import { ROOT } from '../helpers/server';

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
