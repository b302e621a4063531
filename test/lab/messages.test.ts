import { describe, expect, it } from 'vitest';
import { compareTokens } from '../../server/judge/checker';
import { labSentence } from '../../server/http/lab-text';
import { statusSaid } from '../../server/http/present';
import { viewHelpers } from '../../server/http/view-helpers';
import { octalGame, PresetError } from '../../server/lab/presets';
import { english, MESSAGES, said, sayIn, type MessageId } from '../../server/text/messages';

const placeholders = (t: string) => [...new Set(t.match(/\{\d\}/g) ?? [])].sort();

describe('messages by id (server/text/messages.ts)', () => {
  it('has every id in both languages, with the same placeholders', () => {
    for (const [id, t] of Object.entries(MESSAGES) as [MessageId, { en: string; zh: string }][]) {
      expect(t.en.trim(), `${id} en`).not.toBe('');
      // A missing Chinese (absent, empty, or the English copied over) fails here.
      expect(t.zh, `${id} zh`).toMatch(/[\u4e00-\u9fff]/);
      expect(placeholders(t.zh), `${id}: the Chinese uses the same arguments`).toEqual(placeholders(t.en));
    }
  });

  it('says a reworded English template in Chinese still: the page goes by the id, not the sentence', () => {
    let error: PresetError | null = null;
    try {
      octalGame('0.8');
    } catch (e) {
      if (e instanceof PresetError) error = e;
    }
    expect(error?.said).toEqual(said('lab.octal-code', '0.8'));
    const table = MESSAGES['lab.octal-code'] as { en: string; zh: string };
    const original = table.en;
    try {
      table.en = 'Not an octal code: "{0}" (write 0. and 1 to 32 octal digits)';
      const reworded = english(error!.said);
      expect(reworded).toBe('Not an octal code: "0.8" (write 0. and 1 to 32 octal digits)');
      expect(labSentence(reworded, error!.said, 'zh')).toBe('“0.8”不是八进制代码：请写成 0. 后接 1 到 32 位八进制数字，例如 0.07 或 0.137');
      expect(sayIn(error!.said, 'en')).toBe(reworded);
    } finally {
      table.en = original;
    }
  });

  it('says a reworded checker template in Chinese on a Chinese page, and a row without an id as stored', () => {
    const zhPage = { data: { root: { uiLang: 'zh' as const } } };
    const enPage = { data: { root: { uiLang: 'en' as const } } };
    const table = MESSAGES['checker.token-differs'] as { en: string; zh: string };
    const original = table.en;
    try {
      table.en = 'mismatch at token {0}: wanted "{1}", got "{2}"';
      const checked = compareTokens('First', 'No');
      expect(checked.message).toBe('mismatch at token 1: wanted "First", got "No"');
      expect(viewHelpers.checkerWords(checked.message, checked.said, zhPage)).toBe('第 1 个单词不同：期望 "First"，读到 "No"');
      expect(viewHelpers.checkerWords(checked.message, checked.said, enPage)).toBe(checked.message);
    } finally {
      table.en = original;
    }
    // A message stored before ids were kept (said = NULL) is shown as it was stored, in English.
    expect(viewHelpers.checkerWords('token 1 differs: expected "First", found "No"', null, zhPage)).toBe('token 1 differs: expected "First", found "No"');
  });

  it('says status lines by id, their English unchanged', () => {
    const zhPage = { data: { root: { uiLang: 'zh' as const } } };
    const running = statusSaid({ status: 'running', verdict: null, failedTest: null, currentTest: 7 });
    const wrong = statusSaid({ status: 'done', verdict: 'WA', failedTest: 3, currentTest: null });
    expect([running, wrong].map(english)).toEqual(['Running on test 7', 'Wrong answer on test 3']);
    expect([running, wrong].map((s) => viewHelpers.statusWords(s, zhPage))).toEqual(['正在运行第 7 个测试点', '第 3 个测试点答案错误']);
    expect(english(statusSaid({ status: 'done', verdict: 'AC', failedTest: null, currentTest: null }))).toBe('Accepted');
  });
});
