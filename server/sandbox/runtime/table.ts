import type { Env } from './env';
import { MathMax } from './primordials';

/**
 * console.table, drawn as Node 22 and 24 draw it (lib/internal/console and cli_table): one row per
 * own key of the data, one column per key of the rows, cells as util.inspect shows them at depth 0
 * (or as [Object] for rows with more than two keys), left-aligned in box-drawing lines.
 */
const INDEX = '(index)';
const ITERATION = '(iteration index)';
const KEY = 'Key';
const VALUES = 'Values';

const hasOwn = Object.prototype.hasOwnProperty;

/** Display width: wide East Asian characters and emoji take two columns, combining marks none. */
function width(text: string): number {
  let n = 0;
  for (const ch of text) {
    const c = ch.codePointAt(0)!;
    if ((c >= 0x300 && c <= 0x36f) || (c >= 0x200b && c <= 0x200f) || (c >= 0xfe00 && c <= 0xfe0f)) continue;
    const wide = (c >= 0x1100 && c <= 0x115f) || (c >= 0x2e80 && c <= 0xa4cf) || (c >= 0xac00 && c <= 0xd7a3) || (c >= 0xf900 && c <= 0xfaff) || (c >= 0xfe30 && c <= 0xfe4f) || (c >= 0xff00 && c <= 0xff60) || (c >= 0xffe0 && c <= 0xffe6) || (c >= 0x1f300 && c <= 0x1f64f) || (c >= 0x1f900 && c <= 0x1f9ff) || (c >= 0x20000 && c <= 0x3fffd);
    n += wide ? 2 : 1;
  }
  return n;
}

function draw(head: string[], columns: string[][]): string {
  const widths = head.map(width);
  const longest = MathMax(0, ...columns.map((c) => c.length));
  const rows: string[][] = [];
  for (let i = 0; i < head.length; i++) {
    const column = columns[i]!;
    for (let j = 0; j < longest; j++) {
      rows[j] ??= [];
      const value = hasOwn.call(column, j) ? column[j]! : '';
      rows[j]![i] = value;
      widths[i] = MathMax(widths[i] ?? 0, width(value));
    }
  }
  const row = (cells: string[]) => `│ ${cells.map((c, i) => c + ' '.repeat(widths[i]! - width(c))).join(' │ ')} │`;
  const divider = widths.map((w) => '─'.repeat(w + 2));
  const lines = [`┌${divider.join('┬')}┐`, row(head), `├${divider.join('┼')}┤`, ...rows.map(row), `└${divider.join('┴')}┘`];
  return lines.join('\n');
}

export function makeTable(env: Env, log: (text: string) => void) {
  const show = (v: unknown) => {
    const depth = v !== null && typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length > 2 ? -1 : 0;
    return env.inspect(v, { depth, maxArrayLength: 3, breakLength: Infinity });
  };
  const indexes = (n: number) => Array.from({ length: n }, (_, i) => show(i));

  return function table(data: unknown, properties?: unknown): void {
    if (properties !== undefined && !Array.isArray(properties)) {
      const e = new TypeError(`The "properties" argument must be an instance of Array. Received ${typeof properties}`);
      Object.defineProperty(e, 'code', { value: 'ERR_INVALID_ARG_TYPE', enumerable: true, writable: true, configurable: true });
      throw e;
    }
    if (data === null || typeof data !== 'object') return log(env.format([data]));
    if (data instanceof Map) {
      const keys: string[] = [];
      const values: string[] = [];
      for (const [k, v] of data) {
        keys.push(show(k));
        values.push(show(v));
      }
      return log(draw([ITERATION, KEY, VALUES], [indexes(keys.length), keys, values]));
    }
    if (data instanceof Set) {
      const values: string[] = [];
      for (const v of data) values.push(show(v));
      return log(draw([ITERATION, VALUES], [indexes(values.length), values]));
    }
    const map: Record<string, string[]> = Object.create(null);
    let hasPrimitives = false;
    const primitives: string[] = [];
    const rowKeys = Object.keys(data);
    for (let i = 0; i < rowKeys.length; i++) {
      const item = (data as Record<string, unknown>)[rowKeys[i]!];
      const primitive = item === null || (typeof item !== 'function' && typeof item !== 'object');
      if (properties === undefined && primitive) {
        hasPrimitives = true;
        primitives[i] = show(item);
      } else {
        const keys = (properties as string[] | undefined) ?? Object.keys(item as object);
        for (const key of keys) {
          map[key] ??= [];
          map[key]![i] = (primitive && properties) || !hasOwn.call(item, key) ? '' : show((item as Record<string, unknown>)[key]);
        }
      }
    }
    const head = Object.keys(map);
    const columns = Object.values(map);
    if (hasPrimitives) {
      head.push(VALUES);
      columns.push(primitives);
    }
    head.unshift(INDEX);
    columns.unshift(rowKeys);
    log(draw(head, columns));
  };
}
