/**
 * The little YAML that problem.yaml needs: nested maps of scalars. Written with JSON-quoted strings
 * (JSON is a subset of YAML 1.2, so every reader takes them), and read back by the same subset, so
 * the structural check needs no YAML dependency. Not a general YAML parser: lists, anchors, flow
 * maps and block scalars are refused with the line that holds them.
 */
export type YamlValue = string | number | boolean | YamlMap;
export interface YamlMap {
  [key: string]: YamlValue;
}

export function toYaml(map: YamlMap, indent = ''): string {
  let out = '';
  for (const [key, value] of Object.entries(map)) {
    if (typeof value === 'object') out += `${indent}${key}:\n${toYaml(value, `${indent}  `)}`;
    else out += `${indent}${key}: ${typeof value === 'string' ? JSON.stringify(value) : String(value)}\n`;
  }
  return out;
}

export class YamlError extends Error {}

/** Reads the subset `toYaml` writes, plus unquoted plain scalars and `#` comment lines. */
export function parseYaml(text: string): YamlMap {
  const root: YamlMap = {};
  const stack: { indent: number; map: YamlMap }[] = [{ indent: 0, map: root }];
  let pendingKey: { key: string; indent: number; parent: YamlMap } | null = null;
  for (const [i, raw] of text.split('\n').entries()) {
    const line = raw.replace(/\r$/, '');
    if (!line.trim() || line.trimStart().startsWith('#')) continue;
    const indent = line.length - line.trimStart().length;
    if (line.slice(0, indent).includes('\t')) throw new YamlError(`line ${i + 1}: tabs may not indent YAML`);
    const m = /^([A-Za-z_][A-Za-z0-9_-]*):(?:\s+(.*))?$/.exec(line.trim());
    if (!m) throw new YamlError(`line ${i + 1}: expected "key: value", got "${line.trim().slice(0, 40)}"`);
    const key = m[1]!;
    const rest = withoutComment(m[2] ?? '');
    if (pendingKey) {
      if (indent <= pendingKey.indent) pendingKey.parent[pendingKey.key] = '';
      else {
        const child: YamlMap = {};
        pendingKey.parent[pendingKey.key] = child;
        stack.push({ indent, map: child });
      }
      pendingKey = null;
    }
    while (stack.length > 1 && indent < stack[stack.length - 1]!.indent) stack.pop();
    const top = stack[stack.length - 1]!;
    if (indent !== top.indent) throw new YamlError(`line ${i + 1}: indentation does not match the lines above`);
    if (Object.hasOwn(top.map, key)) throw new YamlError(`line ${i + 1}: "${key}" is given twice`);
    if (rest === '') pendingKey = { key, indent, parent: top.map };
    else top.map[key] = scalar(rest, i + 1);
  }
  if (pendingKey) pendingKey.parent[pendingKey.key] = '';
  return root;
}

/** Drops a trailing `# comment`, but never a `#` inside a quoted string. */
function withoutComment(text: string): string {
  const quoted = /^"(?:[^"\\]|\\.)*"|^'(?:[^']|'')*'/.exec(text);
  if (quoted && /^\s*(?:#.*)?$/.test(text.slice(quoted[0].length))) return quoted[0];
  return text.replace(/\s+#.*$/, '');
}

function scalar(text: string, line: number): string | number | boolean {
  if (text.startsWith('"')) {
    try {
      return JSON.parse(text) as string;
    } catch {
      throw new YamlError(`line ${line}: a quoted string that does not close`);
    }
  }
  if (text.startsWith("'")) {
    if (!/^'(?:[^']|'')*'$/.test(text)) throw new YamlError(`line ${line}: a quoted string that does not close`);
    return text.slice(1, -1).replace(/''/g, "'");
  }
  if (/^[[{|>&*!]/.test(text)) throw new YamlError(`line ${line}: this reader takes only plain scalars, not "${text.slice(0, 20)}"`);
  if (text === 'true' || text === 'false') return text === 'true';
  if (/^-?\d+(?:\.\d+)?$/.test(text)) return Number(text);
  return text;
}
