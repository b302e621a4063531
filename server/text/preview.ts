/** How much of a test's input, expected output or program output the submission page shows. */
export const PREVIEW_CHARS = 2000;
export const PREVIEW_LINES = 40;

export interface Preview {
  text: string;
  truncated: boolean;
}

/** The start of a text: at most PREVIEW_LINES lines and PREVIEW_CHARS characters. */
export function preview(text: string, maxChars = PREVIEW_CHARS, maxLines = PREVIEW_LINES): Preview {
  let end = Math.min(text.length, maxChars);
  let lines = 0;
  for (let i = 0; i < end; i++) {
    if (text.charCodeAt(i) === 10 && ++lines === maxLines) {
      end = i + 1;
      break;
    }
  }
  // Never cut a surrogate pair in half.
  if (end < text.length && end > 0 && isHighSurrogate(text.charCodeAt(end - 1))) end--;
  return { text: text.slice(0, end), truncated: end < text.length };
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

/**
 * The first `chars` characters of a text as a string of its own. A plain slice of a long string is
 * a view that keeps the whole original alive (V8's sliced strings), which would defeat cutting a
 * 60 MiB output down to what is kept.
 */
export function keptStart(text: string, chars: number): string {
  if (text.length <= chars) return text;
  const end = chars > 0 && isHighSurrogate(text.charCodeAt(chars - 1)) ? chars - 1 : chars;
  return Buffer.from(text.slice(0, end), 'utf16le').toString('utf16le');
}

/**
 * At most `chars` characters of a long text: its start and its end, with a line between them
 * saying how much was cut (a program's output: the start shows where it went wrong, the end how it
 * finished). Each part is a string of its own, as in keptStart.
 */
export function keptHeadTail(text: string, chars: number): string {
  if (text.length <= chars) return text;
  const mark = `\n… [cut here: ${text.length.toLocaleString('en-US')} characters in all, only the first and last ${Math.floor(chars / 2).toLocaleString('en-US')} or so kept] …\n`;
  const half = Math.max(0, Math.floor((chars - mark.length) / 2));
  let from = text.length - half;
  if (from < text.length && isLowSurrogate(text.charCodeAt(from))) from++;
  const tail = Buffer.from(text.slice(from), 'utf16le').toString('utf16le');
  return keptStart(text, half) + mark + tail;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}
