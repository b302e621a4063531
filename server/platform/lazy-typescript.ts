/**
 * The TypeScript compiler (9 MB), loaded on first use: the modules that only transpile their own
 * code for the sandbox (its runtime, the lab's driver) run in judge threads that most often find
 * that code built already, and must not pay for loading it at start.
 */
import { createRequire } from 'node:module';
import type TypeScript from 'typescript';

let ts: typeof TypeScript | null = null;

export function typescript(): typeof TypeScript {
  ts ??= createRequire(import.meta.url)('typescript') as typeof TypeScript;
  return ts;
}
