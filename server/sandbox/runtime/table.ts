import type { Env } from './env';
import { invalidArgType } from './errors';
import { ArrayIsArray, ArrayPrototypeJoin, MapPrototypeForEach, MathMax, ObjectCreate, ObjectKeys, ObjectPrototypeHasOwnProperty, SetPrototypeForEach, StringPrototypeCodePointAt, StringPrototypeRepeat } from './primordials';

/**
 * console.table, drawn as Node 22 and 24 draw it (lib/internal/console and cli_table): one row per
 * own key of the data, one column per key of the rows, cells as util.inspect shows them at depth 0
 * (or as [Object] for rows with more than two keys), left-aligned in box-drawing lines. Like
 * Node's, it runs on primordials: a program may have replaced the built-ins it uses.
 */
const INDEX = '(index)';
const ITERATION = '(iteration index)';
const KEY = 'Key';
const VALUES = 'Values';

/** Display width: wide East Asian characters and emoji take two columns, combining marks none. */
function width(text: string): number {
  let n = 0;
  // By code point, without the string's (patchable) iterator.
  for (let i = 0; i < text.length; i++) {
    const c = StringPrototypeCodePointAt(text, i)!;
    if (c > 0xffff) i++;
    if ((c >= 0x300 && c <= 0x36f) || (c >= 0x200b && c <= 0x200f) || (c >= 0xfe00 && c <= 0xfe0f)) continue;
    const wide = (c >= 0x1100 && c <= 0x115f) || (c >= 0x2e80 && c <= 0xa4cf) || (c >= 0xac00 && c <= 0xd7a3) || (c >= 0xf900 && c <= 0xfaff) || (c >= 0xfe30 && c <= 0xfe4f) || (c >= 0xff00 && c <= 0xff60) || (c >= 0xffe0 && c <= 0xffe6) || (c >= 0x1f300 && c <= 0x1f64f) || (c >= 0x1f900 && c <= 0x1f9ff) || (c >= 0x20000 && c <= 0x3fffd);
    n += wide ? 2 : 1;
  }
  return n;
}

/** The cells joined by `sep`, each padded with spaces to its column's width. */
function joinPadded(cells: readonly string[], widths: readonly number[], sep: string): string {
  let text = '';
  for (let i = 0; i < cells.length; i++) {
    const c = cells[i]!;
    text = `${i === 0 ? '' : `${text}${sep}`}${c}${StringPrototypeRepeat(' ', widths[i]! - width(c))}`;
  }
  return text;
}

function draw(head: string[], columns: string[][]): string {
  const widths: number[] = [];
  for (let i = 0; i < head.length; i++) widths[i] = width(head[i]!);
  let longest = 0;
  for (let i = 0; i < columns.length; i++) longest = MathMax(longest, columns[i]!.length);
  const rows: string[][] = [];
  for (let i = 0; i < head.length; i++) {
    const column = columns[i]!;
    for (let j = 0; j < longest; j++) {
      rows[j] ??= [];
      const value = ObjectPrototypeHasOwnProperty(column, j) ? column[j]! : '';
      rows[j]![i] = value;
      widths[i] = MathMax(widths[i] ?? 0, width(value));
    }
  }
  const row = (cells: string[]) => `│ ${joinPadded(cells, widths, ' │ ')} │`;
  const divider: string[] = [];
  for (let i = 0; i < widths.length; i++) divider[i] = StringPrototypeRepeat('─', widths[i]! + 2);
  let text = `┌${ArrayPrototypeJoin(divider, '┬')}┐\n${row(head)}\n├${ArrayPrototypeJoin(divider, '┼')}┤`;
  for (let j = 0; j < rows.length; j++) text = `${text}\n${row(rows[j]!)}`;
  return `${text}\n└${ArrayPrototypeJoin(divider, '┴')}┘`;
}

/** The display of 0 .. n-1, the index column of a Map or Set. */
function indexes(n: number, show: (v: unknown) => string): string[] {
  const out: string[] = [];
  for (let i = 0; i < n; i++) out[i] = show(i);
  return out;
}

export function makeTable(env: Env, log: (text: string) => void) {
  const show = (v: unknown) => {
    const depth = v !== null && typeof v === 'object' && !ArrayIsArray(v) && ObjectKeys(v).length > 2 ? -1 : 0;
    return env.inspect(v, { depth, maxArrayLength: 3, breakLength: Infinity });
  };

  return function table(data: unknown, properties?: unknown): void {
    if (properties !== undefined && !ArrayIsArray(properties)) throw invalidArgType('properties', 'an instance of Array', properties);
    if (data === null || typeof data !== 'object') return log(env.format([data]));
    if (data instanceof Map) {
      const keys: string[] = [];
      const values: string[] = [];
      MapPrototypeForEach(data, (v: unknown, k: unknown) => {
        keys[keys.length] = show(k);
        values[values.length] = show(v);
      });
      return log(draw([ITERATION, KEY, VALUES], [indexes(keys.length, show), keys, values]));
    }
    if (data instanceof Set) {
      const values: string[] = [];
      SetPrototypeForEach(data, (v: unknown) => {
        values[values.length] = show(v);
      });
      return log(draw([ITERATION, VALUES], [indexes(values.length, show), values]));
    }
    const map: Record<string, string[]> = ObjectCreate(null);
    let hasPrimitives = false;
    const primitives: string[] = [];
    const rowKeys = ObjectKeys(data);
    for (let i = 0; i < rowKeys.length; i++) {
      const item = (data as Record<string, unknown>)[rowKeys[i]!];
      const primitive = item === null || (typeof item !== 'function' && typeof item !== 'object');
      if (properties === undefined && primitive) {
        hasPrimitives = true;
        primitives[i] = show(item);
      } else {
        const keys = (properties as string[] | undefined) ?? ObjectKeys(item as object);
        for (let k = 0; k < keys.length; k++) {
          const key = keys[k]!;
          map[key] ??= [];
          map[key]![i] = (primitive && properties) || !ObjectPrototypeHasOwnProperty(item, key) ? '' : show((item as Record<string, unknown>)[key]);
        }
      }
    }
    // The index column, one per key of the rows, then the primitive rows' values.
    const keys = ObjectKeys(map);
    const head: string[] = [INDEX];
    const columns: string[][] = [rowKeys];
    for (let k = 0; k < keys.length; k++) {
      head[k + 1] = keys[k]!;
      columns[k + 1] = map[keys[k]!]!;
    }
    if (hasPrimitives) {
      head[head.length] = VALUES;
      columns[columns.length] = primitives;
    }
    log(draw(head, columns));
  };
}
