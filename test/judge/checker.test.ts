import { describe, expect, it } from 'vitest';
import { compareTokens } from '../../server/judge/checker';

/**
 * The checker's cases in the manner of Kattis problemtools' output-validator tests: a table of
 * (judge answer, contestant output) pairs, each with the verdict it must get and why. Accepted
 * rows also pin the token count the checker reports; rejected rows pin the reason a user reads.
 */
interface Case {
  why: string;
  expected: string;
  got: string;
  /** A regular expression the checker's message must match; `ok` rows accept, others reject. */
  verdict: 'ok' | 'reject';
  message: RegExp;
}

const cases: Case[] = [
  { why: 'identical output', expected: 'Yes\n', got: 'Yes\n', verdict: 'ok', message: /^ok 1 token\(s\)$/ },
  { why: 'no final newline', expected: '1 2 3\n', got: '1 2 3', verdict: 'ok', message: /^ok 3 token/ },
  { why: 'other line breaks between the same tokens', expected: '1 2\n3\n', got: '1\n2 3\n', verdict: 'ok', message: /^ok 3 token/ },
  { why: 'runs of spaces and blank lines', expected: 'a b\n', got: '\n\n  a     b  \n\n\n', verdict: 'ok', message: /^ok 2 token/ },
  { why: 'Windows line endings', expected: 'First\nSecond\n', got: 'First\r\nSecond\r\n', verdict: 'ok', message: /^ok 2 token/ },
  { why: 'tabs, vertical tabs and form feeds are blanks', expected: 'x y z w\n', got: 'x\ty\u000bz\u000cw', verdict: 'ok', message: /^ok 4 token/ },
  { why: 'both empty', expected: '', got: '', verdict: 'ok', message: /^ok 0 token/ },
  { why: 'an empty answer and blank output', expected: '\n', got: ' \n\n', verdict: 'ok', message: /^ok 0 token/ },
  { why: 'tokens are case-sensitive', expected: 'Yes\n', got: 'yes\n', verdict: 'reject', message: /^token 1 differs: expected "Yes", found "yes"$/ },
  { why: 'a wrong second token', expected: '1 2 3\n', got: '1 5 3\n', verdict: 'reject', message: /^token 2 differs: expected "2", found "5"$/ },
  { why: 'an extra token after the answer', expected: '1\n', got: '1\n2\n', verdict: 'reject', message: /^extra output: token 2 "2" where the answer has ended$/ },
  { why: 'output that stops early', expected: '1 2\n', got: '1\n', verdict: 'reject', message: /^unexpected end of output: token 2 should be "2"$/ },
  { why: 'nothing printed', expected: 'No\n', got: '', verdict: 'reject', message: /^unexpected end of output: token 1 should be "No"$/ },
  { why: 'something printed where nothing is expected', expected: '', got: 'debug\n', verdict: 'reject', message: /^extra output: token 1 "debug"/ },
  { why: 'a token split in two', expected: '12\n', got: '1 2\n', verdict: 'reject', message: /^token 1 differs: expected "12", found "1"$/ },
  { why: 'numbers are compared as text, not as values', expected: '1\n', got: '1.0\n', verdict: 'reject', message: /^token 1 differs/ },
  { why: 'minus zero is not zero', expected: '0\n', got: '-0\n', verdict: 'reject', message: /^token 1 differs: expected "0", found "-0"$/ },
  { why: 'a leading plus sign', expected: '7\n', got: '+7\n', verdict: 'reject', message: /^token 1 differs/ },
  { why: 'a phrase is reported as its line', expected: 'Yes\nWhat a pity!\n', got: 'Yes\nWonderful!\n', verdict: 'reject', message: /^line 2 differs: expected "What a pity!", found "Wonderful!"$/ },
  { why: 'a phrase with one word changed', expected: 'What a pity!\n', got: 'What a shame!\n', verdict: 'reject', message: /^line 1 differs: expected "What a pity!", found "What a shame!"$/ },
  { why: 'a no-break space is not a blank', expected: 'a b\n', got: 'a\u00a0b\n', verdict: 'reject', message: /^token 1 differs: expected "a", found "a\u00a0b"$/ },
  { why: 'non-ASCII tokens compare exactly', expected: 'Алиса\n', got: 'Алиса\n', verdict: 'ok', message: /^ok 1 token/ },
  { why: 'a long token is cut in the message', expected: `${'a'.repeat(100)}\n`, got: `${'a'.repeat(99)}b\n`, verdict: 'reject', message: /^token 1 differs: expected "a{40}…", found "a{40}…"$/ },
];

describe('the token checker', () => {
  it.each(cases)('$verdict: $why', ({ expected, got, verdict, message }) => {
    const r = compareTokens(expected, got);
    expect(r.ok ? 'ok' : 'reject', r.message).toBe(verdict);
    expect(r.message).toMatch(message);
  });

  it('is not fooled by the order of its arguments: a wrong answer is wrong both ways round', () => {
    for (const c of cases.filter((x) => x.verdict === 'reject')) expect(compareTokens(c.got, c.expected).ok, c.why).toBe(false);
  });

  it('compares a million tokens, and finds the one that differs at the end', () => {
    const answer = Array.from({ length: 1_000_000 }, (_, i) => i % 97).join('\n');
    expect(compareTokens(answer, answer.replace(/\n/g, ' ')).ok).toBe(true);
    const r = compareTokens(answer, `${answer.slice(0, -1)}x`);
    expect(r.ok).toBe(false);
    expect(r.message).toMatch(/^token 1000000 differs/);
  });
});
