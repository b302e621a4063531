import type { HostBridge } from './bridge';
import type { Env } from './env';
import { invalidArgType } from './errors';
import { ObjectAssign, ObjectIs, RegExpPrototypeExec, ReflectApply, StringPrototypeIncludes, StringPrototypeSlice, StringPrototypeStartsWith, withOriginals } from './primordials';

const STACK_NAMES = ['AssertionError', 'Error'];

/**
 * Whether a and b are deep-equal, by the host's Node (util.isDeepStrictEqual, or the loose
 * comparison). That comparison calls some methods of the values compared (a Map's iterator and
 * get): where one the program replaced throws (-1), Node would throw the program's error, which
 * the host cannot hand over; the comparison is made again on the original built-ins instead, to
 * give what the unpatched program would have had.
 */
export function deepEqual(host: HostBridge, a: unknown, b: unknown, strict: boolean): boolean {
  const result = host.deepEqual(a, b, strict);
  return (result === -1 ? withOriginals(() => host.deepEqual(a, b, strict)) : result) === 1;
}

/** Whether `re` matches `s`, by the built-in exec (as Node's assert.match does). */
function matches(re: unknown, s: string): boolean {
  if (!(re instanceof RegExp)) throw invalidArgType('regexp', 'an instance of RegExp', re);
  return RegExpPrototypeExec(re, s) !== null;
}

/**
 * Node's assert module (the checks contest code uses), with AssertionError messages like Node's.
 * Its checks run on primordials, as Node's do: a program may have replaced the built-ins it uses.
 */
export function makeAssert(env: Env) {
  class AssertionError extends Error {
    readonly code = 'ERR_ASSERTION';
    actual: unknown;
    expected: unknown;
    operator: string;
    generatedMessage: boolean;
    constructor(options: { message?: unknown; actual?: unknown; expected?: unknown; operator?: string }) {
      const generated = options.message === undefined;
      super(generated ? '' : String(options.message));
      this.name = 'AssertionError';
      this.actual = options.actual;
      this.expected = options.expected;
      this.operator = options.operator ?? 'fail';
      this.generatedMessage = generated;
    }
  }
  // Node's stack (and so an uncaught report) names the code: "AssertionError [ERR_ASSERTION]: ...".
  const withCode = (error: AssertionError) => {
    const stack = error.stack;
    const rest = error.message === '' ? '' : `: ${error.message}`;
    for (let i = 0; i < STACK_NAMES.length; i++) {
      const name = STACK_NAMES[i]!;
      if (typeof stack === 'string' && StringPrototypeStartsWith(stack, `${name}${rest}`)) {
        error.stack = `AssertionError [ERR_ASSERTION]${StringPrototypeSlice(stack, name.length)}`;
        break;
      }
    }
    return error;
  };

  const show = (v: unknown) => env.inspect(v);
  const fail = (actual: unknown, expected: unknown, message: unknown, operator: string, text: () => string): never => {
    if (message instanceof Error) throw message;
    // As Node 22 and 24 do, a custom message of strictEqual is followed by the two values.
    let own = message;
    if (message !== undefined && operator === 'strictEqual') {
      const a = show(actual);
      const b = show(expected);
      if (!StringPrototypeIncludes(a, '\n') && !StringPrototypeIncludes(b, '\n')) own = `${String(message)}\n\n${a} !== ${b}\n`;
    }
    const error = new AssertionError({ message: message === undefined ? text() : own, actual, expected, operator });
    error.generatedMessage = message === undefined;
    throw withCode(error);
  };
  const deep = (a: unknown, b: unknown, strict: boolean) => deepEqual(env.host, a, b, strict);

  const ok = (...args: unknown[]) => {
    const value = args[0];
    const message = args[1];
    if (!value) fail(value, true, message, '==', () => (args.length === 0 ? 'No value argument passed to `assert.ok()`' : 'The expression evaluated to a falsy value:\n\n  ' + `assert(${show(value)})\n`));
  };

  const checks = {
    ok,
    fail: (message?: unknown) => fail(undefined, undefined, message ?? 'Failed', 'fail', () => 'Failed'),
    equal: (a: unknown, b: unknown, m?: unknown) => {
      // eslint-disable-next-line eqeqeq
      if (!(a == b || (a !== a && b !== b))) fail(a, b, m, '==', () => `${show(a)} == ${show(b)}`);
    },
    notEqual: (a: unknown, b: unknown, m?: unknown) => {
      // eslint-disable-next-line eqeqeq
      if (a == b || (a !== a && b !== b)) fail(a, b, m, '!=', () => `${show(a)} != ${show(b)}`);
    },
    strictEqual: (a: unknown, b: unknown, m?: unknown) => {
      if (!ObjectIs(a, b)) fail(a, b, m, 'strictEqual', () => `Expected values to be strictly equal:\n\n${show(a)} !== ${show(b)}\n`);
    },
    notStrictEqual: (a: unknown, b: unknown, m?: unknown) => {
      if (ObjectIs(a, b)) fail(a, b, m, 'notStrictEqual', () => `Expected "actual" to be strictly unequal to: ${show(b)}`);
    },
    deepEqual: (a: unknown, b: unknown, m?: unknown) => {
      if (!deep(a, b, false)) fail(a, b, m, 'deepEqual', () => `Expected values to be loosely deep-equal:\n\n${show(a)}\n\nshould loosely deep-equal\n\n${show(b)}`);
    },
    notDeepEqual: (a: unknown, b: unknown, m?: unknown) => {
      if (deep(a, b, false)) fail(a, b, m, 'notDeepEqual', () => `"actual" deepEqual "expected"`);
    },
    deepStrictEqual: (a: unknown, b: unknown, m?: unknown) => {
      if (!deep(a, b, true)) fail(a, b, m, 'deepStrictEqual', () => `Expected values to be strictly deep-equal:\n${show(a)}\n\nshould equal\n\n${show(b)}`);
    },
    notDeepStrictEqual: (a: unknown, b: unknown, m?: unknown) => {
      if (deep(a, b, true)) fail(a, b, m, 'notDeepStrictEqual', () => `Expected "actual" not to be strictly deep-equal to: ${show(b)}`);
    },
    throws: (fn: () => unknown, expected?: unknown, m?: unknown) => {
      try {
        fn();
      } catch (e) {
        if (typeof expected === 'function' && expected.prototype !== undefined && !(e instanceof (expected as new () => unknown))) throw e;
        if (expected instanceof RegExp && RegExpPrototypeExec(expected, String(e)) === null) fail(e, expected, m, 'throws', () => `The input did not match the regular expression ${String(expected)}. Input:\n\n${show(String(e))}\n`);
        return;
      }
      fail(undefined, expected, typeof expected === 'string' ? expected : m, 'throws', () => 'Missing expected exception.');
    },
    doesNotThrow: (fn: () => unknown, m?: unknown) => {
      try {
        fn();
      } catch (e) {
        fail(e, undefined, typeof m === 'string' ? m : undefined, 'doesNotThrow', () => `Got unwanted exception.\nActual message: "${(e as Error)?.message}"`);
      }
    },
    rejects: async (p: unknown, m?: unknown) => {
      try {
        await (typeof p === 'function' ? (p as () => unknown)() : p);
      } catch {
        return;
      }
      fail(undefined, undefined, m, 'rejects', () => 'Missing expected rejection.');
    },
    doesNotReject: async (p: unknown, m?: unknown) => {
      try {
        await (typeof p === 'function' ? (p as () => unknown)() : p);
      } catch (e) {
        fail(e, undefined, m, 'doesNotReject', () => `Got unwanted rejection.\nActual message: "${(e as Error)?.message}"`);
      }
    },
    match: (s: string, re: RegExp, m?: unknown) => {
      if (!matches(re, s)) fail(s, re, m, 'match', () => `The input did not match the regular expression ${String(re)}. Input:\n\n${show(s)}\n`);
    },
    doesNotMatch: (s: string, re: RegExp, m?: unknown) => {
      if (matches(re, s)) fail(s, re, m, 'doesNotMatch', () => `The input was expected to not match the regular expression ${String(re)}. Input:\n\n${show(s)}\n`);
    },
    ifError: (value: unknown) => {
      if (value !== null && value !== undefined) throw value instanceof Error ? value : new AssertionError({ message: `ifError got unwanted exception: ${show(value)}`, actual: value, operator: 'ifError' });
    },
    AssertionError,
  };

  // ReflectApply, not a spread call: spreading calls the (patchable) array iterator.
  const assert = ObjectAssign((...args: unknown[]) => ReflectApply(ok, undefined, args), checks);
  const strict = ObjectAssign((...args: unknown[]) => ReflectApply(ok, undefined, args), checks, {
    equal: checks.strictEqual,
    notEqual: checks.notStrictEqual,
    deepEqual: checks.deepStrictEqual,
    notDeepEqual: checks.notDeepStrictEqual,
  });
  ObjectAssign(assert, { strict });
  ObjectAssign(strict, { strict });
  return assert as typeof assert & { strict: typeof strict };
}
