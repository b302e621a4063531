import { describe, expect, it } from 'vitest';
import { labSentence } from '../../server/http/lab-text';
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
});
