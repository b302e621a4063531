import type { ScriptLanguage as ScriptLanguageOfCompiler } from '../compile/types';

/**
 * What a language is, as data (one module per language beside this file, registered in
 * registry.ts). The judge reads everything it does with a language from here: how to find its
 * compiler or interpreter, the commands, the self-test that decides whether it is offered, the
 * starter code, the editor mode. See docs/languages.md.
 */

/** The language ids: a contract (HTTP API, CLI, stored rows). Adding one needs a migration (docs/languages.md). */
export const LANGUAGE_IDS = ['typescript', 'javascript', 'cpp17', 'cpp20', 'c11', 'python3', 'pypy3'] as const;
export type LanguageId = (typeof LANGUAGE_IDS)[number];

/** The languages the judge's own TypeScript compiler turns into JavaScript for the JS sandbox (server/compile/). */
export type { ScriptLanguage } from '../compile/types';
// The compiler's languages are ids of the registry: this fails to compile when one is not.
export const SCRIPT_LANGUAGES_ARE_IDS: ScriptLanguageOfCompiler extends LanguageId ? true : never = true;

/** The kinds of problem a starter program is written for: batch (read all, print) or interactive (a dialogue). */
export type ProblemKind = 'batch' | 'interactive';

/** A program the judge checks a language with before offering it: compiled and run in the sandbox. */
export interface SelfTest {
  source: string;
  input: string;
  /** The exact standard output expected (trailing white space ignored). */
  output: string;
}

/** Where a native compile or run finds its files inside the box. */
export interface BoxPaths {
  /** The source file (read-write work directory during a compile). */
  source: string;
  /** The compiled artifact to write (compile) or the program directory's entry (run). */
  output: string;
  /** The directory with the precompiled headers, when the language has them. */
  pchDir?: string;
}

/** How a language that does not run in the JS sandbox is compiled and run (a native program). */
export interface NativeToolchain {
  /** Program names looked up on the PATH, in order; each match is resolved to its real path and self-tested. */
  binaries: readonly string[];
  /** Arguments that print the version (its first line is shown). */
  versionArgs: readonly string[];
  /** The source's file name in the box and in messages (`main.cpp`): compiler positions point into it. */
  sourceFile: string;
  /** The artifact's file name in the program directory. */
  artifact: string;
  /**
   * argv of the compile inside the box, or null when the "compile" is a copy of the source plus
   * the syntax check `check` (interpreted languages).
   */
  compile: ((binary: string, box: BoxPaths) => string[]) | null;
  /** Interpreted languages: argv of the syntax check (a syntax error is CE), run on the copied source. */
  check?: (binary: string, box: BoxPaths) => string[];
  /** argv of a run; `program` is the artifact's path inside the box. */
  run: (binary: string, program: string) => string[];
  /** A precompiled header for this toolchain (C++: bits/stdc++.h), built once per machine and compiler. */
  pch?: { header: string; args: (binary: string, box: { header: string; output: string }) => string[] };
}

export interface LanguageSpec {
  id: LanguageId;
  /** Shown in menus and on submission pages ("GNU C++17"). */
  name: string;
  /** The family named in "C++ is not available on this judge: install g++". */
  family: string;
  /** What to install when it is missing (Debian package names). */
  install: string;
  /** The file extension a source is saved and downloaded with (no dot). */
  extension: string;
  /** The extensions a file of this language is recognised by (CLI, upload), no dot. */
  extensions: readonly string[];
  /** Ace editor mode. */
  aceMode: 'ace/mode/typescript' | 'ace/mode/javascript' | 'ace/mode/c_cpp' | 'ace/mode/python';
  /** highlight.js language the source page uses. */
  highlight: 'typescript' | 'javascript' | 'cpp' | 'c' | 'python';
  /**
   * Memory, MiB, added to a problem's limit for this language's runtime. 0 for every language
   * today: Python counts its interpreter (the Kattis rule), see docs/languages.md.
   */
  memoryGraceMb: number;
  /** A starter program per problem kind, reading input the fast way. */
  starter: Readonly<Record<ProblemKind, string>>;
  selfTest: SelfTest;
  /** null: the judge's own TypeScript compiler and the JS sandbox; else a native toolchain. */
  native: NativeToolchain | null;
}
