import type { Validation } from './types';

/** A constraint or format violation found while reading an input, with its 1-based line. */
export class InputError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(message);
  }
}

const INTEGER = /^(0|-?[1-9][0-9]*)$/;

/**
 * A strict reader for validators, in the spirit of testlib's `inf.readInt(lo, hi, "name")`:
 * tokens are separated by exactly one space, lines end with exactly one "\n", no leading or
 * trailing blanks, integers have no leading zeros or plus sign, and the file ends after the last
 * newline. Every failure names the line and what was expected.
 */
export class InputReader {
  private pos = 0;
  private lineNo = 1;

  constructor(private readonly text: string) {}

  get line(): number {
    return this.lineNo;
  }

  fail(message: string): never {
    throw new InputError(this.lineNo, message);
  }

  /** Reads one token (a run of non-blank characters). */
  token(name: string): string {
    const start = this.pos;
    while (this.pos < this.text.length && !isBlank(this.text.charCodeAt(this.pos))) this.pos++;
    if (this.pos === start) {
      if (start >= this.text.length) this.fail(`expected ${name}, found end of input`);
      this.fail(`expected ${name}, found ${describeChar(this.text[start]!)}`);
    }
    return this.text.slice(start, this.pos);
  }

  /** Reads an integer in [min, max] (safe-integer range). */
  int(min: number, max: number, name: string): number {
    const tok = this.token(name);
    if (!INTEGER.test(tok)) this.fail(`${name} must be an integer, got "${clip(tok)}"`);
    const value = Number(tok);
    if (!Number.isSafeInteger(value) || value < min || value > max) {
      this.fail(`${name} must be in [${min}, ${max}], got ${clip(tok)}`);
    }
    return value;
  }

  /** Reads a token that must match `pattern` (anchored by the caller). */
  word(pattern: RegExp, name: string, what: string): string {
    const tok = this.token(name);
    if (!pattern.test(tok)) this.fail(`${name} must be ${what}, got "${clip(tok)}"`);
    return tok;
  }

  space(): void {
    if (this.text[this.pos] !== ' ') this.fail(`expected a single space, found ${this.describeHere()}`);
    this.pos++;
  }

  eoln(): void {
    if (this.text[this.pos] !== '\n') this.fail(`expected end of line, found ${this.describeHere()}`);
    this.pos++;
    this.lineNo++;
  }

  /** Reads `count` integers in [min, max] separated by single spaces, then the end of the line. */
  intsLine(count: number, min: number, max: number, name: string): number[] {
    const values: number[] = [];
    for (let i = 0; i < count; i++) {
      if (i > 0) this.space();
      values.push(this.int(min, max, `${name}[${i + 1}]`));
    }
    this.eoln();
    return values;
  }

  atEof(): boolean {
    return this.pos >= this.text.length;
  }

  eof(): void {
    if (!this.atEof()) this.fail(`expected end of input, found ${this.describeHere()}`);
  }

  private describeHere(): string {
    return this.pos >= this.text.length ? 'end of input' : describeChar(this.text[this.pos]!);
  }
}

function isBlank(code: number): boolean {
  return code === 32 || code === 10 || code === 13 || code === 9;
}

function describeChar(ch: string): string {
  if (ch === '\n') return 'a line break';
  if (ch === '\r') return 'a carriage return (\\r)';
  if (ch === ' ') return 'an extra space';
  if (ch === '\t') return 'a tab';
  return `"${ch}"`;
}

function clip(s: string): string {
  return s.length > 24 ? `${s.slice(0, 24)}…` : s;
}

/** Turns a reading function into a validator: any InputError becomes `{ ok: false, line, message }`. */
export function validator(read: (r: InputReader) => void): (text: string) => Validation {
  return (text) => {
    try {
      const r = new InputReader(text);
      read(r);
      r.eof();
      return { ok: true };
    } catch (e) {
      if (e instanceof InputError) return { ok: false, line: e.line, message: e.message };
      throw e;
    }
  };
}
