import type { Env } from './env';

/** Node's assert module (the checks contest code uses), with AssertionError messages like Node's. */
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
    for (const name of ['AssertionError', 'Error']) {
      if (typeof stack === 'string' && stack.startsWith(`${name}${rest}`)) {
        error.stack = `AssertionError [ERR_ASSERTION]${stack.slice(name.length)}`;
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
      const [a, b] = [show(actual), show(expected)];
      if (!a.includes('\n') && !b.includes('\n')) own = `${String(message)}\n\n${a} !== ${b}\n`;
    }
    const error = new AssertionError({ message: message === undefined ? text() : own, actual, expected, operator });
    error.generatedMessage = message === undefined;
    throw withCode(error);
  };
  const deep = (a: unknown, b: unknown, strict: boolean) => env.host.deepEqual(a, b, strict) === 1;

  const ok = (...args: unknown[]) => {
    const [value, message] = args;
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
      if (!Object.is(a, b)) fail(a, b, m, 'strictEqual', () => `Expected values to be strictly equal:\n\n${show(a)} !== ${show(b)}\n`);
    },
    notStrictEqual: (a: unknown, b: unknown, m?: unknown) => {
      if (Object.is(a, b)) fail(a, b, m, 'notStrictEqual', () => `Expected "actual" to be strictly unequal to: ${show(b)}`);
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
        if (expected instanceof RegExp && !expected.test(String(e))) fail(e, expected, m, 'throws', () => `The input did not match the regular expression ${String(expected)}. Input:\n\n${show(String(e))}\n`);
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
      if (!re.test(s)) fail(s, re, m, 'match', () => `The input did not match the regular expression ${String(re)}. Input:\n\n${show(s)}\n`);
    },
    doesNotMatch: (s: string, re: RegExp, m?: unknown) => {
      if (re.test(s)) fail(s, re, m, 'doesNotMatch', () => `The input was expected to not match the regular expression ${String(re)}. Input:\n\n${show(s)}\n`);
    },
    ifError: (value: unknown) => {
      if (value !== null && value !== undefined) throw value instanceof Error ? value : new AssertionError({ message: `ifError got unwanted exception: ${show(value)}`, actual: value, operator: 'ifError' });
    },
    AssertionError,
  };

  const assert = Object.assign((...args: unknown[]) => ok(...args), checks);
  const strict = Object.assign((...args: unknown[]) => ok(...args), checks, {
    equal: checks.strictEqual,
    notEqual: checks.notStrictEqual,
    deepEqual: checks.deepStrictEqual,
    notDeepEqual: checks.notDeepStrictEqual,
  });
  Object.assign(assert, { strict });
  Object.assign(strict, { strict });
  return assert as typeof assert & { strict: typeof strict };
}
