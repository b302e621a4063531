import type { Compiler } from '../compile/types';
import type { Size } from '../problems/types';
import { failedRun, sandboxedProgram, type SandboxedProgram } from './sandboxed-program';

/**
 * What one call of the teacher's generate(rng, size) may use. The output may be as large as a
 * package's largest test file (16 MiB, server/package-format/unzip.ts): an exported k-nim's random
 * inputs at size max run to 8.6 MB.
 */
export const GENERATOR_LIMITS = { timeMs: 2000, memoryMb: 256, outputBytes: 16 * 1024 * 1024 };

/**
 * Appended to the teacher's module: reads "SEED SIZE" on stdin, seeds mulberry32 (the same
 * generator as a lab draft's random tests, server/problem-drafts/generator.ts), and prints what
 * generate(rng, size) returns. The same seed gives the same input every time. Given "validate" and
 * an input on the lines after it instead, prints "ok" when the module's validate(input) returns true
 * and "invalid: " with what it returned otherwise.
 */
const DRIVER = `
;{
  const __stdin = require('fs').readFileSync(0, 'utf8');
  const __nl = __stdin.indexOf('\\n');
  const __ask = (__nl < 0 ? __stdin : __stdin.slice(0, __nl)).trim().split(/\\s+/);
  if (__ask[0] === 'validate') {
    const __val = (exports as { validate?: unknown }).validate;
    if (typeof __val !== 'function') throw new Error('the generator does not export a function validate(input)');
    const __said: unknown = __val(__nl < 0 ? '' : __stdin.slice(__nl + 1));
    process.stdout.write(__said === true ? 'ok' : 'invalid: ' + String(__said));
  } else {
    let __a = Number(__ask[0]) >>> 0;
    const __rng = () => {
      __a = (__a + 0x6d2b79f5) >>> 0;
      let t = __a;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    const __gen = (exports as { generate?: unknown }).generate;
    if (typeof __gen !== 'function') throw new Error('the generator does not export a function generate(rng, size)');
    const __text: unknown = __gen(__rng, __ask[1]);
    if (typeof __text !== 'string') throw new Error('generate(rng, size) returned ' + typeof __text + ', not the input text');
    process.stdout.write(__text);
  }
}
`;

/** A module that also exports validate(input) (an exported built-in's generator does): its inputs can be checked. */
const EXPORTS_VALIDATE = /\bexport\s+(async\s+)?function\s+validate\s*\(|\bexport\s+const\s+validate\s*=/;

/** A generated input, or the sentence saying how the generator failed (a bug in the problem package). */
export type Generated = { ok: true; input: string } | { ok: false; error: string };

export interface SandboxedGenerator {
  generate(seed: number, size: Size): Promise<Generated>;
  /**
   * When the module exports validate(input): true for an input it accepts, else the sentence why
   * (a failed run is a refusal too). Stored stress keeps text shrinking to inputs it accepts.
   */
  validate: ((input: string) => Promise<true | string>) | null;
  close(): Promise<void>;
}

export function sandboxedGenerator(source: string, compiler: Compiler): SandboxedGenerator {
  const program: SandboxedProgram = sandboxedProgram(`${source}\n${DRIVER}`, 'typescript', GENERATOR_LIMITS, compiler, 'the generator');
  return {
    generate: async (seed, size) => {
      let run;
      try {
        run = await program.run(`${seed >>> 0} ${size}\n`);
      } catch (e) {
        return { ok: false, error: e instanceof Error ? e.message : String(e) };
      }
      if (run.status !== 'ok') return { ok: false, error: failedRun('the generator', run, GENERATOR_LIMITS.timeMs) };
      // Inputs end with a newline, as typed ones are made to (server/http/stress-api.ts).
      const text = run.stdout.replace(/\r\n?/g, '\n');
      return { ok: true, input: text.length && !text.endsWith('\n') ? `${text}\n` : text };
    },
    validate: EXPORTS_VALIDATE.test(source)
      ? async (input) => {
          let run;
          try {
            run = await program.run(`validate\n${input}`);
          } catch (e) {
            return e instanceof Error ? e.message : String(e);
          }
          if (run.status !== 'ok') return failedRun('the generator\'s validate', run, GENERATOR_LIMITS.timeMs);
          return run.stdout === 'ok' ? true : run.stdout.replace(/^invalid: /, '').slice(0, 300);
        }
      : null,
    close: () => program.close(),
  };
}
