import { createRequire } from 'node:module';
import path from 'node:path';
import type TS from 'typescript';
import { typescript } from '../platform/lazy-typescript';
import { CHECK_OPTIONS, SOLUTION_FILE } from './config';

const ts = typescript();

const require = createRequire(import.meta.url);
const typesNodeDir = path.dirname(require.resolve('@types/node/package.json'));
const projectRoot = path.resolve(typesNodeDir, '..', '..', '..');
const options: TS.CompilerOptions = { ...CHECK_OPTIONS, typeRoots: [path.dirname(typesNodeDir)] };

/**
 * A type checker kept warm between submissions: the library and @types/node declarations are parsed
 * once and shared by every program, and each new program reuses the previous one, so a check costs
 * roughly the user's file plus the checker's set-up rather than parsing ~3 MB of declarations.
 */
export class WarmChecker {
  readonly solutionPath = path.join(projectRoot, SOLUTION_FILE);
  private readonly libFiles = new Map<string, TS.SourceFile | undefined>();
  private readonly exists = new Map<string, boolean>();
  private readonly dirExists = new Map<string, boolean>();
  private oldProgram: TS.Program | undefined;
  private source = '';
  private readonly host: TS.CompilerHost;

  constructor() {
    const base = ts.createCompilerHost(options, true);
    this.host = {
      ...base,
      getSourceFile: (fileName, languageVersion) => {
        if (fileName === this.solutionPath) return ts.createSourceFile(fileName, this.source, languageVersion, false, ts.ScriptKind.TS);
        if (!this.libFiles.has(fileName)) this.libFiles.set(fileName, base.getSourceFile(fileName, languageVersion));
        return this.libFiles.get(fileName);
      },
      fileExists: (f) => {
        if (f === this.solutionPath) return true;
        let e = this.exists.get(f);
        if (e === undefined) this.exists.set(f, (e = base.fileExists(f)));
        return e;
      },
      directoryExists: (d) => {
        let e = this.dirExists.get(d);
        if (e === undefined) this.dirExists.set(d, (e = ts.sys.directoryExists(d)));
        return e;
      },
      readFile: (f) => (f === this.solutionPath ? this.source : base.readFile(f)),
      writeFile: () => {},
      getCurrentDirectory: () => projectRoot,
      // What tsc itself does (TypeScript 5.3 on): in .ts and .d.ts files only the JSDoc comments
      // that can change a type error (@see, @link) are parsed, so the diagnostics are tsc's. The
      // declarations' many doc comments are most of a cold check's parsing.
      jsDocParsingMode: ts.JSDocParsingMode.ParseForTypeErrors,
    };
  }

  /** Type-checks one solution; returns its syntactic and semantic diagnostics. */
  check(source: string): readonly TS.Diagnostic[] {
    this.source = source;
    const program = ts.createProgram({ rootNames: [this.solutionPath], options, host: this.host, oldProgram: this.oldProgram });
    this.oldProgram = program;
    const file = program.getSourceFile(this.solutionPath)!;
    const syntactic = program.getSyntacticDiagnostics(file);
    if (syntactic.length > 0) return syntactic;
    return [...program.getOptionsDiagnostics(), ...program.getGlobalDiagnostics(), ...program.getSemanticDiagnostics(file)];
  }
}
