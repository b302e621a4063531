/**
 * Sources above this size, or containing NUL bytes, are refused before the compiler sees them. In a
 * module of its own so the web tier can check it without loading the TypeScript compiler.
 */
export const MAX_SOURCE_BYTES = 64 * 1024;

/** Why a source is refused before any compiler sees it (a NUL byte, the size), as a "1:1 error" line, or null. */
export function refuseSource(source: string): string | null {
  if (source.includes('\0')) return '1:1 error: the source contains a NUL byte; submit a text file';
  const bytes = Buffer.byteLength(source, 'utf8');
  if (bytes > MAX_SOURCE_BYTES) return `1:1 error: the source is ${bytes} bytes; the limit is ${MAX_SOURCE_BYTES} bytes (64 KiB)`;
  return null;
}
