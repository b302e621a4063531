import { describe, expect, it } from 'vitest';
import { show, useJudge } from './harness';

/**
 * Every common competitive-programming I/O idiom must behave exactly as in plain Node: each program
 * here reads the same input and must print exactly the expected bytes.
 */
describe('I/O idioms behave as in plain Node', () => {
  const judge = useJudge();
  const INPUT = '3\n1 2 3\n4 5 6\n7 8 9\n';
  const SUMS = '6\n15\n24\n';

  const sumLines = `
    const [t, ...rows] = text.trim().split('\\n');
    const out: string[] = [];
    for (let i = 0; i < Number(t); i++) out.push(String(rows[i].split(' ').map(Number).reduce((a, b) => a + b, 0)));
    console.log(out.join('\\n'));`;

  const idioms: [string, string][] = [
    ['fs.readFileSync(0, "utf8") with import * as', `import * as fs from 'fs';\nconst text = fs.readFileSync(0, 'utf8');${sumLines}`],
    ['fs.readFileSync("/dev/stdin", "utf8")', `import * as fs from 'fs';\nconst text = fs.readFileSync('/dev/stdin', 'utf8');${sumLines}`],
    ['fs.readFileSync(0) as a Buffer, then toString()', `import * as fs from 'fs';\nconst text = fs.readFileSync(0).toString();${sumLines}`],
    ['fs.readFileSync("/dev/stdin") as a Buffer', `import * as fs from 'fs';\nconst buf = fs.readFileSync('/dev/stdin');\nconst text = buf.toString('utf8');${sumLines}`],
    ['default import of fs', `import fs from 'fs';\nconst text = fs.readFileSync(0, 'utf-8');${sumLines}`],
    ['import of node:fs', `import * as fs from 'node:fs';\nconst text = fs.readFileSync(0, { encoding: 'utf8' });${sumLines}`],
    ['named import from fs', `import { readFileSync } from 'fs';\nconst text = readFileSync(0, 'utf8');${sumLines}`],
    ['require("fs")', `const fs = require('fs');\nconst text: string = fs.readFileSync(0, 'utf8');${sumLines}`],
    ['require("node:fs") inside a function', `function read(): string { return require('node:fs').readFileSync('/dev/stdin', 'utf8'); }\nconst text = read();${sumLines}`],
    ['dynamic import("fs") with top-level await', `const fs = await import('fs');\nconst text = fs.readFileSync(0, 'utf8');${sumLines}`],
    [
      'fs.readSync in chunks (fast-IO idiom)',
      `import * as fs from 'fs';
       const chunks: Buffer[] = [];
       const buf = Buffer.alloc(4);
       let n: number;
       while ((n = fs.readSync(0, buf, 0, buf.length, null)) > 0) chunks.push(Buffer.from(buf.subarray(0, n)));
       const text = Buffer.concat(chunks).toString();${sumLines}`,
    ],
    [
      'fs.fstatSync(0).size then one readSync',
      `import * as fs from 'fs';
       const size = fs.fstatSync(0).size;
       const buf = Buffer.alloc(size);
       fs.readSync(0, buf, 0, size, 0);
       const text = buf.toString();${sumLines}`,
    ],
    [
      'readline with line and close events',
      `import * as readline from 'readline';
       const rl = readline.createInterface({ input: process.stdin, output: process.stdout, terminal: false });
       const lines: string[] = [];
       rl.on('line', (line) => lines.push(line));
       rl.on('close', () => { const text = lines.join('\\n');${sumLines} });`,
    ],
    [
      'readline with for await',
      `import * as readline from 'readline';
       const rl = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
       const lines: string[] = [];
       for await (const line of rl) lines.push(line);
       const text = lines.join('\\n');${sumLines}`,
    ],
    [
      'readline closed early from a line handler',
      `import { createInterface } from 'readline';
       const rl = createInterface({ input: process.stdin });
       let t = -1; const sums: number[] = [];
       rl.on('line', (line) => {
         if (t < 0) { t = Number(line); return; }
         sums.push(line.split(' ').map(Number).reduce((a, b) => a + b, 0));
         if (sums.length === t) { rl.close(); console.log(sums.join('\\n')); }
       });`,
    ],
    [
      'process.stdin data and end with setEncoding',
      `let text = '';
       process.stdin.setEncoding('utf8');
       process.stdin.on('data', (chunk) => (text += chunk));
       process.stdin.on('end', () => {${sumLines} });`,
    ],
    [
      'process.stdin data chunks as Buffers',
      `const chunks: Buffer[] = [];
       process.stdin.on('data', (chunk: Buffer) => chunks.push(chunk));
       process.stdin.on('end', () => { const text = Buffer.concat(chunks).toString('utf8');${sumLines} });`,
    ],
    [
      'process.stdin readable and read()',
      `let text = '';
       process.stdin.on('readable', () => { let chunk; while ((chunk = process.stdin.read()) !== null) text += chunk; });
       process.stdin.on('end', () => {${sumLines} });`,
    ],
    [
      'process.stdin resume() then data',
      `let text = '';
       process.stdin.resume();
       process.stdin.setEncoding('utf8');
       process.stdin.on('data', (d) => (text += d));
       process.stdin.on('end', () => {${sumLines} });`,
    ],
    ['for await over process.stdin', `let text = '';\nfor await (const chunk of process.stdin) text += chunk;${sumLines}`],
    [
      'output via process.stdout.write in a loop',
      `import * as fs from 'fs';
       const [t, ...rows] = fs.readFileSync(0, 'utf8').trim().split('\\n');
       for (let i = 0; i < Number(t); i++) process.stdout.write(rows[i].split(' ').map(Number).reduce((a, b) => a + b, 0) + '\\n');`,
    ],
    [
      'output via fs.writeSync(1) and writeFileSync("/dev/stdout")',
      `import * as fs from 'fs';
       const [t, ...rows] = fs.readFileSync(0, 'utf8').trim().split('\\n');
       const sums = rows.slice(0, Number(t)).map((r) => r.split(' ').map(Number).reduce((a, b) => a + b, 0));
       fs.writeSync(1, sums[0] + '\\n');
       fs.writeFileSync('/dev/stdout', sums.slice(1).join('\\n') + '\\n');`,
    ],
    [
      'answer printed from process.on("exit")',
      `import * as fs from 'fs';
       const text = fs.readFileSync(0, 'utf8');
       process.on('exit', () => {${sumLines} });`,
    ],
    [
      'answer computed in setTimeout / setImmediate / nextTick',
      `import * as fs from 'fs';
       const text = fs.readFileSync(0, 'utf8');
       setTimeout(() => setImmediate(() => process.nextTick(() => {${sumLines} })), 5);`,
    ],
  ];

  for (const [name, source] of idioms) {
    it(name, async () => {
      const r = await judge.run(source, INPUT);
      expect(r.status, show(r)).toBe('ok');
      expect(r.stdout).toBe(SUMS);
    });
  }

  it('readline handles CRLF, a lone CR and a last line without a newline', async () => {
    const r = await judge.run(
      `import * as readline from 'readline';
       const rl = readline.createInterface({ input: process.stdin });
       const lines: string[] = [];
       rl.on('line', (l) => lines.push(JSON.stringify(l)));
       rl.on('close', () => console.log(lines.join(',')));`,
      'a\r\nb\rc\n\nlast',
    );
    expect(r.stdout).toBe('"a","b","c","","last"\n');
  });

  it('input split across 64 KiB chunks keeps multi-byte characters whole with setEncoding', async () => {
    const input = `${'é'.repeat(100_000)}\n`;
    const r = await judge.run(`let t = ''; process.stdin.setEncoding('utf8'); process.stdin.on('data', (c) => (t += c)); process.stdin.on('end', () => console.log(t.length, t === 'é'.repeat(100000) + '\\n'));`, input);
    expect(r.stdout).toBe('100001 true\n');
  });

  it('console.log in a loop of 10^5 lines prints every line', async () => {
    const r = await judge.run(`for (let i = 0; i < 100000; i++) console.log(i);`);
    expect(r.status, show(r)).toBe('ok');
    const expected = Array.from({ length: 100_000 }, (_, i) => `${i}\n`).join('');
    expect(r.stdout === expected).toBe(true);
  });

  it('output without a trailing newline is kept as is', async () => {
    const r = await judge.run(`process.stdout.write('no newline'); process.stdout.write(' at the end');`);
    expect(r.stdout).toBe('no newline at the end');
  });

  it('console.log formats values as Node does', async () => {
    const r = await judge.run(
      `console.log([1, 2, 3]);
       console.log({ a: 1, b: 'x', c: [true, null] });
       console.log('%d + %s = %i', 1.5, 'two', 3.9);
       console.log(-0, 0, 1e21, 0.1 + 0.2, NaN, undefined, null);
       console.log(new Map([[1, { x: 2 }]]), new Set(['a']));
       console.log(12345678901234567890n, [1n]);
       console.log('a', 'b', 3);
       console.log();
       console.log([[1, [2, [3, [4]]]]]);
       console.log(Buffer.from('hi'));
       console.log(typeof process, typeof require, typeof module, typeof exports);`,
    );
    expect(r.stdout).toBe(
      [
        '[ 1, 2, 3 ]',
        "{ a: 1, b: 'x', c: [ true, null ] }",
        '1.5 + two = 3',
        '-0 0 1e+21 0.30000000000000004 NaN undefined null',
        "Map(1) { 1 => { x: 2 } } Set(1) { 'a' }",
        '12345678901234567890n [ 1n ]',
        'a b 3',
        '',
        '[ [ 1, [ 2, [Array] ] ] ]',
        '<Buffer 68 69>',
        'object function object object',
        '',
      ].join('\n'),
    );
  });

  it('rl.question answers a question from the input', async () => {
    const r = await judge.run(
      `import * as readline from 'readline';
       const rl = readline.createInterface({ input: process.stdin, output: process.stdout });
       rl.question('name? ', (name) => { console.log(\`hello \${name}\`); rl.close(); });`,
      'Ada\n',
    );
    expect(r.stdout).toBe('name? hello Ada\n');
  });

  it('readline/promises question, once per line read', async () => {
    const r = await judge.run(
      `import * as readline from 'readline/promises';
       const rl = readline.createInterface({ input: process.stdin });
       const answer = await rl.question('');
       rl.close();
       console.log(answer.split(' ').map(Number).reduce((a, b) => a + b, 0));`,
      '1 2 3\n',
    );
    expect(r.stdout).toBe('6\n');
  });

  it('rl.question in an await loop over piped input loses lines, as in Node (unsettled top-level await: RE, exit code 13)', async () => {
    const r = await judge.run(
      `import * as readline from 'readline';
       const rl = readline.createInterface({ input: process.stdin });
       const ask = () => new Promise<string>((resolve) => rl.question('', resolve));
       const t = Number(await ask());
       for (let i = 0; i < t; i++) console.log(await ask());`,
      INPUT,
    );
    expect(r.status, show(r)).toBe('re');
    expect(r.exitCode).toBe(13);
    expect(r.message).toMatch(/unsettled top-level await/);
  });

  it('top-level await works', async () => {
    const r = await judge.run(`const x = await new Promise<number>((resolve) => setTimeout(() => resolve(42), 10));\nconsole.log(x);`);
    expect(r.stdout).toBe('42\n');
  });

  it('BigInt arithmetic is exact', async () => {
    const r = await judge.run(
      `import * as fs from 'fs';
       const n = BigInt(fs.readFileSync(0, 'utf8').trim());
       let f = 1n; for (let i = 2n; i <= n; i++) f *= i;
       console.log(f.toString(), (f % 1000000007n).toString());`,
      '30\n',
    );
    expect(r.stdout).toBe('265252859812191058636308480000000 109361473\n');
  });

  it('harmless built-ins: assert, util, events, string_decoder, buffer, timers', async () => {
    const r = await judge.run(
      `import assert from 'assert';
       import * as util from 'util';
       import { EventEmitter, once } from 'events';
       import { StringDecoder } from 'string_decoder';
       import { Buffer as B } from 'buffer';
       import { setTimeout as sleep } from 'timers/promises';
       assert.strictEqual(1 + 1, 2);
       assert.deepStrictEqual({ a: [1] }, { a: [1] });
       assert.throws(() => assert.strictEqual(1, 2), assert.AssertionError);
       const e = new EventEmitter();
       setTimeout(() => e.emit('ready', 7), 1);
       const [v] = await once(e, 'ready');
       const d = new StringDecoder('utf8');
       const bytes = B.from('你好');
       const text = d.write(bytes.subarray(0, 2)) + d.write(bytes.subarray(2)) + d.end();
       await sleep(1);
       console.log(util.format('%s|%d|%j', text, v, { k: 1 }), util.inspect('q'), util.isDeepStrictEqual([1], [1]), new util.TextDecoder().decode(new util.TextEncoder().encode('ok')));`,
    );
    expect(r.status, show(r)).toBe('ok');
    expect(r.stdout).toBe(`你好|7|{"k":1} 'q' true ok\n`);
  });

  it('reads a large input exactly (10^6 numbers)', async () => {
    const n = 1_000_000;
    const nums = Array.from({ length: n }, (_, i) => (i * 7919) % 1_000_003);
    const input = `${n}\n${nums.join(' ')}\n`;
    const expected = nums.reduce((a, b) => a + b, 0);
    const r = await judge.run(
      `import * as fs from 'fs';
       const data = fs.readFileSync(0, 'utf8').split(/\\s+/).filter(Boolean).map(Number);
       let s = 0; for (let i = 1; i <= data[0]; i++) s += data[i];
       console.log(s);`,
      input,
    );
    expect(r.status, show(r)).toBe('ok');
    expect(r.stdout).toBe(`${expected}\n`);
  });

  it('the program sees an empty environment and plain argv', async () => {
    const r = await judge.run(`console.log(JSON.stringify(process.env), process.argv.length, process.platform, typeof process.version);`);
    expect(r.stdout).toBe('{} 2 linux string\n');
  });
});
