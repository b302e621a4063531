import { parse, YAMLParseError } from 'yaml';

/**
 * problem.yaml and testdata.yaml. Written with JSON-quoted strings (JSON is a subset of YAML 1.2,
 * so every reader takes them); read with the `yaml` package (YAML 1.2 core schema), since real
 * packages use lists (`keywords`, `type: [scoring, interactive]`), flow maps, quoted and block
 * scalars that a hand-written subset refuses. Reading is bounded: a file over 64 KiB is refused
 * before it is parsed, and aliases are capped, so a "billion laughs" file costs nothing.
 */
export type YamlValue = string | number | boolean | null | YamlValue[] | YamlMap;
export interface YamlMap {
  [key: string]: YamlValue;
}

export function toYaml(map: Record<string, unknown>, indent = ''): string {
  let out = '';
  for (const [key, value] of Object.entries(map)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) out += `${indent}${key}: ${JSON.stringify(value)}\n`;
    else if (value !== null && typeof value === 'object') out += `${indent}${key}:\n${toYaml(value as Record<string, unknown>, `${indent}  `)}`;
    else out += `${indent}${key}: ${typeof value === 'string' ? JSON.stringify(value) : String(value)}\n`;
  }
  return out;
}

export class YamlError extends Error {}

export const MAX_YAML_BYTES = 64 * 1024;

/** The top-level map of a YAML file (an empty file is an empty map), or YamlError with the line. */
export function parseYaml(text: string): YamlMap {
  if (Buffer.byteLength(text) > MAX_YAML_BYTES) throw new YamlError(`the file is over ${MAX_YAML_BYTES} bytes`);
  let value: unknown;
  try {
    value = parse(text, { schema: 'core', maxAliasCount: 32, uniqueKeys: true, prettyErrors: true, strict: true });
  } catch (e) {
    if (e instanceof YAMLParseError) {
      const line = e.linePos?.[0]?.line;
      const what = /unique|duplicate/i.test(e.message) ? 'a key is given twice' : e.message.split('\n')[0]!.slice(0, 120);
      throw new YamlError(`${line ? `line ${line}: ` : ''}${what}`);
    }
    throw new YamlError(e instanceof Error ? e.message.slice(0, 120) : String(e));
  }
  if (value === null || value === undefined) return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw new YamlError('the file is not a map of keys to values');
  return plain(value) as YamlMap;
}

/** Dates and other objects the parser may make become strings: the format only needs scalars, lists and maps. */
function plain(v: unknown): YamlValue {
  if (v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return v;
  if (Array.isArray(v)) return v.map(plain);
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'object') return Object.fromEntries(Object.entries(v as object).map(([k, x]) => [k, plain(x)]));
  return String(v);
}
