/**
 * Sources above this size, or containing NUL bytes, are refused before the compiler sees them. In a
 * module of its own so the web tier can check it without loading the TypeScript compiler.
 */
export const MAX_SOURCE_BYTES = 64 * 1024;
