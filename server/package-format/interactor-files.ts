/**
 * The interactor of an interactive package in SG Judge's module form: a TypeScript or JavaScript
 * module exporting `interact(input, io)` (server/problems/types.ts `Interactor`), the entry file
 * `interactor.ts` (or .mts/.js/.mjs, or the only such file) under output_validators/, with the
 * modules it imports beside it, run in a sandbox of its own
 * (server/problem-store/sandboxed-interactor.ts). The format's own interactor programs in C++ or
 * Python are read as programs instead (package-data.ts, program-interactor.ts); stand-alone ones
 * in other languages (Java, or JavaScript without `interact`) are refused.
 */
import type { ScriptLanguage } from '../languages/types';

export interface InteractorModule {
  /** Path under output_validators/, forward slashes, e.g. "interactor/game.ts". */
  name: string;
  language: ScriptLanguage;
  source: string;
}

export interface PackageInteractor {
  /** The module whose `interact` the judge calls (one of `files`). */
  entry: string;
  files: InteractorModule[];
}

export type InteractorRead = { ok: true; interactor: PackageInteractor } | { ok: false; reason: string };

/** What the judge supports, said in every refusal. */
export const INTERACTOR_FORM =
  'interactors are imported as the format\'s programs in C++ or Python (testlib ones too), or in TypeScript or JavaScript written as SG Judge modules: output_validators/<name>/interactor.ts (or .js) exporting interact(input, io), with the modules it imports beside it';

const CODE = /\.(ts|mts|js|mjs)$/;
/** The export's stand-alone interactor program beside the modules: other judges run it, SG Judge runs the modules. */
export const BUNDLED_INTERACTOR = 'interactor.bundle.js';
/** Files of other languages an interactor could be written in (named in the refusal). */
const OTHER_LANGUAGES: [RegExp, string][] = [
  [/\.(cc|cpp|cxx|c\+\+|hpp|h)$/, 'C++'],
  [/\.c$/, 'C'],
  [/\.py$/, 'Python'],
  [/\.java$/, 'Java'],
  [/\.kt$/, 'Kotlin'],
  [/\.rs$/, 'Rust'],
  [/\.go$/, 'Go'],
  [/\.(cs|fs)$/, 'C#/F#'],
  [/\.(sh|bash)$/, 'shell'],
  [/(^|\/)(build|run|Makefile|CMakeLists\.txt)$/, 'a build or run script'],
];

/** A static look at the entry: does it export a function named interact? */
const EXPORTS_INTERACT = /export\s+(async\s+)?function\s*\*?\s*interact\b|export\s+(const|let|var)\s+interact\b|export\s*\{[^}]*\binteract\b[^}]*\}|(module\.)?exports\.interact\s*=/;

/**
 * Reads the interactor from the package's files under output_validators/ (paths relative to the
 * package, `text` reading one). Every refusal is one sentence naming what is supported.
 */
export function readInteractor(files: string[], text: (rel: string) => string, dir = 'output_validators'): InteractorRead {
  const listed = files.filter((f) => f.startsWith(`${dir}/`)).map((f) => f.slice(dir.length + 1));
  // An SG Judge export's program for other judges (the bundle and its build/run scripts) is not the interactor SG Judge runs.
  const bundled = new Set(listed.filter((f) => f.endsWith(BUNDLED_INTERACTOR)).map((f) => f.slice(0, -BUNDLED_INTERACTOR.length)));
  const all = listed.filter((f) => !f.endsWith(BUNDLED_INTERACTOR) && !(bundled.has(f.replace(/(build|run)$/, '')) && /(^|\/)(build|run)$/.test(f)));
  if (!all.length) return { ok: false, reason: `The package is interactive, but ${dir}/ holds no interactor; ${INTERACTOR_FORM}.` };
  const other = OTHER_LANGUAGES.find(([re]) => all.some((f) => re.test(f)));
  const code = all.filter((f) => CODE.test(f));
  if (other) return { ok: false, reason: `The interactor is written in ${other[1]} (${dir}/${all.find((f) => other[0].test(f))}); ${INTERACTOR_FORM}.` };
  if (!code.length) return { ok: false, reason: `${dir}/ holds no TypeScript or JavaScript file; ${INTERACTOR_FORM}.` };
  const named = code.filter((f) => /(^|\/)interactor\.(ts|mts|js|mjs)$/.test(f));
  const entry = named.length === 1 ? named[0]! : code.length === 1 ? code[0]! : null;
  if (!entry) return { ok: false, reason: `${dir}/ holds ${code.length} TypeScript or JavaScript files and no single interactor.ts to start from; ${INTERACTOR_FORM}.` };
  const folder = entry.includes('/') ? entry.slice(0, entry.lastIndexOf('/') + 1) : '';
  const modules = code.filter((f) => f.startsWith(folder));
  const source = text(`${dir}/${entry}`);
  if (!EXPORTS_INTERACT.test(source)) {
    return { ok: false, reason: `${dir}/${entry} exports no interact(input, io): it looks like a stand-alone interactor program; ${INTERACTOR_FORM}.` };
  }
  return {
    ok: true,
    interactor: {
      entry,
      files: modules.map((name) => ({ name, language: /\.(ts|mts)$/.test(name) ? 'typescript' : 'javascript', source: name === entry ? source : text(`${dir}/${name}`) })),
    },
  };
}

/**
 * The relative imports of a module's source (`./game`, `../x/y.js`), as written: the export copies
 * a built-in interactor's own modules beside it, and the sandboxed interactor resolves them.
 */
export function relativeImports(source: string): string[] {
  const found = new Set<string>();
  for (const m of source.matchAll(/(?:import|export)\s+(?!type\b)[^'";]*?from\s*['"](\.{1,2}\/[^'"]+)['"]|require\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g)) found.add((m[1] ?? m[2])!);
  return [...found];
}

/**
 * A stored interactor written back into a package (the export of a stored problem): its modules at
 * the paths they were imported from under output_validators/, and a README saying how it is called.
 */
export function interactorPackageFiles(interactor: PackageInteractor, dir = 'output_validator'): { path: string; data: string }[] {
  // One program in a folder of its own (output_validator/NAME/, as problemtools reads it): the modules' own folder, or "interactor".
  const folder = interactor.entry.includes('/') ? '' : 'interactor/';
  const files = interactor.files.map((f) => ({ path: `${dir}/${folder}${f.name}`, data: f.source }));
  const readme = `${dir}/${folder || interactor.entry.slice(0, interactor.entry.lastIndexOf('/') + 1)}README.md`;
  if (!files.some((f) => f.path === readme)) files.push({ path: readme, data: STORED_INTERACTOR_NOTE.replace('ENTRY', interactor.entry) });
  return files;
}

const STORED_INTERACTOR_NOTE = `# Interactor

\`ENTRY\` is an SG Judge interactor, not a stand-alone program speaking the format's interactor
protocol: the judge calls

    interact(input: string, io: { send(line: string): void; read(): Promise<string | null> })
      : Promise<{ verdict: 'AC' | 'WA'; message: string }>

with the test's \`.in\` text; \`send\` writes one line to the submission's standard input and \`read\`
returns its next output line (null once it ended). SG Judge runs it in a sandbox of its own.
`;
