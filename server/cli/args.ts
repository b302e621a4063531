import { parseArgs, type ParseArgsConfig } from 'node:util';
import { SIZES, type Size } from '../problems/types';

/** Exit code for a command line that cannot be understood (as the contract of every CLI here). */
export const USAGE_EXIT = 2;

export function usageError(usage: string, message: string): never {
  process.stderr.write(`error: ${message}\nusage: ${usage}\n`);
  process.exit(USAGE_EXIT);
}

export function parseCli<O extends NonNullable<ParseArgsConfig['options']>>(usage: string, options: O) {
  try {
    return parseArgs({ args: process.argv.slice(2), options, allowPositionals: true, strict: true });
  } catch (e) {
    usageError(usage, e instanceof Error ? e.message : String(e));
  }
}

export function intOption(usage: string, name: string, raw: string | undefined, fallback: number, min: number, max: number): number {
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) usageError(usage, `--${name} must be an integer in [${min}, ${max}], got "${raw}"`);
  return Number(raw);
}

export function sizeOption(usage: string, raw: string | undefined, fallback: Size): Size {
  if (raw === undefined) return fallback;
  if (!(SIZES as readonly string[]).includes(raw)) usageError(usage, `--size must be one of ${SIZES.join(', ')}, got "${raw}"`);
  return raw as Size;
}
