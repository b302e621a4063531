import { describe, expect, it } from 'vitest';
import { compileJavaScript } from '../../server/compile/javascript';

describe('JavaScript solutions', () => {
  it('compile without a type check, in sloppy mode like a CommonJS .js file', () => {
    const r = compileJavaScript('const memo = {};\nmemo.x = 1;\nfor (i = 0; i < 2; i++) console.log(memo.x + i);\n');
    expect(r.ok).toBe(true);
    if (r.ok) {
      expect(r.js).toMatch(/^\(async function \(exports, require, module, __filename, __dirname\) \{/);
      expect(r.js).not.toContain('"use strict"');
    }
  });

  it('are strict modules when they import or export, with top-level await', () => {
    const r = compileJavaScript('import fs from "fs";\nconst text = fs.readFileSync(0, "utf8");\nawait Promise.resolve();\nconsole.log(text.length);\n');
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.js).toContain('"use strict"');
  });

  it('give a syntax error, or TypeScript-only syntax, as a compilation error with its position', () => {
    expect(compileJavaScript('const x = ;\n')).toEqual({ ok: false, diagnostics: '1:11 error TS1109: Expression expected.' });
    const typed = compileJavaScript('\nlet n: number = 1;\n');
    expect(typed.ok).toBe(false);
    expect(typed.diagnostics).toMatch(/^2:8 error TS8010: Type annotations can only be used in TypeScript files\.$/);
  });
});
