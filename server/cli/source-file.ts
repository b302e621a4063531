import { readFileSync, statSync } from 'node:fs';
import { MAX_SOURCE_BYTES } from '../compile/config';
import { usageError } from './args';

/** Reads a solution file for a CLI, refusing what the web judge would refuse. */
export function readSourceFile(usage: string, file: string): string {
  let size: number;
  try {
    size = statSync(file).size;
  } catch {
    usageError(usage, `cannot read "${file}"`);
  }
  if (size > MAX_SOURCE_BYTES) usageError(usage, `"${file}" is ${size} bytes; a solution may be at most ${MAX_SOURCE_BYTES} bytes`);
  const buf = readFileSync(file);
  if (buf.includes(0)) usageError(usage, `"${file}" is binary (it contains NUL bytes), not TypeScript source`);
  return buf.toString('utf8');
}
