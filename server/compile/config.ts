import type TS from 'typescript';
import { typescript } from '../platform/lazy-typescript';

const ts = typescript();

/**
 * The compiler configuration is a contract with users (it is documented in docs/sandbox.md): code that
 * compiles here must compile on every machine that runs this judge.
 *
 * - ES2022 output with the ES2023 library and @types/node, so `fs`, `readline`, `process` and
 *   `Buffer` have their usual types.
 * - `strict: false`: noImplicitAny and strictNullChecks are off, so quick untyped contest code
 *   compiles, as on LeetCode.
 * - Every file is a module (`moduleDetection: force`): a solution's top-level `name` or `process`
 *   does not clash with DOM or Node globals, and top-level `await` is allowed.
 */
export const CHECK_OPTIONS: TS.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  lib: ['lib.es2023.d.ts'],
  types: ['node'],
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  moduleDetection: ts.ModuleDetectionKind.Force,
  strict: false,
  esModuleInterop: true,
  allowSyntheticDefaultImports: true,
  resolveJsonModule: false,
  skipLibCheck: true,
  noEmit: true,
};

/**
 * Emit settings: CommonJS, so `import fs from 'fs'` becomes a `require` the sandbox answers, with
 * an inline source map so runtime errors can point at the user's TypeScript lines.
 */
export const EMIT_OPTIONS: TS.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.CommonJS,
  moduleDetection: ts.ModuleDetectionKind.Force,
  esModuleInterop: true,
  inlineSourceMap: true,
  inlineSources: false,
};

export { MAX_SOURCE_BYTES } from './source-limit';

/** The name the solution has in diagnostics and stack traces. */
export const SOLUTION_FILE = 'solution.ts';
