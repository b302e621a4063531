import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompiler } from '../../server/compile';
import type { Compiler, CompileResult } from '../../server/compile/types';

function errors(r: CompileResult): string {
  return r.ok ? '' : r.diagnostics;
}

describe('compiler', () => {
  let compiler: Compiler;
  beforeAll(async () => {
    compiler = createCompiler();
    await compiler.compile('export {};'); // warm: the first compilation parses the declarations
  });
  afterAll(() => compiler.close());

  it('a type error is a compilation error with line:column of the user file', async () => {
    const r = await compiler.compile('const a = 1;\n\nfunction f(x: number) {\n  return x;\n}\nf("two");\nlet s: string = 5;\n');
    expect(r.ok).toBe(false);
    expect(errors(r).split('\n')).toEqual([
      `6:3 error TS2345: Argument of type 'string' is not assignable to parameter of type 'number'.`,
      `7:5 error TS2322: Type 'number' is not assignable to type 'string'.`,
    ]);
  });

  it('a syntax error is a compilation error', async () => {
    const r = await compiler.compile('const = 5;\n');
    expect(r.ok).toBe(false);
    expect(errors(r)).toMatch(/^1:7 error TS1134: Variable declaration expected\./);
  });

  it('untyped quick contest code compiles (noImplicitAny and strictNullChecks off)', async () => {
    const r = await compiler.compile(`
      function solve(a, b) { return a.length + b; }
      let memo = {};
      let best = null;
      best = solve([1, 2], 3);
      const lines = require('fs').readFileSync(0, 'utf8').split('\\n');
      const m = new Map();
      m.get(1).push(2);
      console.log(best, memo, lines.length);
    `);
    expect(errors(r)).toBe('');
    expect(r.ok).toBe(true);
  });

  it('top-level await compiles, and the output runs it in an async function', async () => {
    const r = await compiler.compile('const x = await Promise.resolve(3);\nconsole.log(x);\n');
    expect(errors(r)).toBe('');
    expect(r.ok && r.js.startsWith('(async function (exports, require, module, __filename, __dirname) {')).toBe(true);
  });

  it('every import form of Node modules compiles', async () => {
    const r = await compiler.compile(`
      import * as fs from 'fs';
      import fsDefault from 'node:fs';
      import { readFileSync } from 'fs';
      import readline from 'readline';
      import { createInterface } from 'node:readline';
      import * as util from 'util';
      import assert from 'assert';
      import { EventEmitter } from 'events';
      import { StringDecoder } from 'string_decoder';
      import { Buffer } from 'buffer';
      const cp = require('child_process');
      const lazy = await import('fs');
      console.log(fs, fsDefault, readFileSync, readline, createInterface, util, assert, EventEmitter, StringDecoder, Buffer, cp, lazy);
    `);
    expect(errors(r)).toBe('');
  });

  it('Node globals have their types, and every file is a module (no clash with global names)', async () => {
    const r = await compiler.compile(`
      const name = 'x';
      const length = 3;
      let status = 0;
      const buf: Buffer = Buffer.from('a');
      process.stdout.write(String(name.length + length + status + buf.length));
      const big: bigint = 10n ** 20n;
      console.log([3, 1, 2].toSorted(), [1, 2].findLast((v) => v > 0), Object.hasOwn({}, 'a'), big);
    `);
    expect(errors(r)).toBe('');
  });

  it('an unknown module is a compilation error', async () => {
    const r = await compiler.compile(`import _ from 'lodash';\nconsole.log(_);\n`);
    expect(errors(r)).toMatch(/^1:15 error TS2307: Cannot find module 'lodash'/);
  });

  it('refuses sources with NUL bytes or over 64 KiB', async () => {
    const nul = await compiler.compile('console.log(1);\0');
    expect(errors(nul)).toMatch(/NUL byte/);
    const big = await compiler.compile(`// ${'x'.repeat(70 * 1024)}\nconsole.log(1);`);
    expect(errors(big)).toMatch(/limit is 65536 bytes/);
    const atLimit = await compiler.compile(`console.log(1);\n//${'x'.repeat(64 * 1024 - 20)}`);
    expect(atLimit.ok).toBe(true);
  });

  it('one compilation does not leak into the next', async () => {
    expect((await compiler.compile('const shared: number = 1;\nexport {};\n')).ok).toBe(true);
    const r = await compiler.compile('console.log(shared);\n');
    expect(errors(r)).toMatch(/TS2304: Cannot find name 'shared'/);
  });

  // Its speed (well under 300 ms warm) is a goal of `npm run bench` (bench/sandbox.bench.ts), not a
  // unit test's assertion, which would flip on a busy machine.
  it('compiles and type-checks a 100-line solution again and again once warm', async () => {
    const body = Array.from({ length: 90 }, (_, i) => `const v${i}: number = (data[${i}] ?? 0) * ${i + 1} + solve(${i}, [${i}, ${i + 1}]);`).join('\n');
    const source = `import * as fs from 'fs';\nconst data = fs.readFileSync(0, 'utf8').split(/\\s+/).map(Number);\nfunction solve(n: number, xs: number[]): number {\n  let g = 0;\n  for (const x of xs) g ^= x % (n + 1);\n  return g;\n}\n${body}\nconsole.log(v0 + v89);\n`;
    for (let i = 0; i < 5; i++) {
      const r = await compiler.compile(`${source}// run ${i}\n`);
      expect(r.ok, r.diagnostics).toBe(true);
    }
  });
});
