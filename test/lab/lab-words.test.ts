import { describe, expect, it } from 'vitest';
import { CATALOG } from '../../problems/catalog';
import { gameAbout, labSentence, labSummary, noGameReason, settingAbout, summaryWith } from '../../server/http/lab-text';
import { said, sayIn, type Said } from '../../server/text/messages';
import { gameSlugs, loadGame, NO_GAME } from '../../server/lab/registry';
import { translatePhrase, translateTag } from '../../server/http/ui-text';
import { compareTokens } from '../../server/judge/checker';
import { checkLocally, describeConjecture, runLab, type LabRequest, type LabResult } from '../../server/lab/lab';
import { PresetError, octalGame, parseSubtractionSet } from '../../server/lab/presets';
import { instantiate } from '../../server/lab/game';

const deps = { tools: () => Promise.reject(new Error('no sandbox in these tests')) };
const lab = (req: LabRequest): Promise<LabResult> => runLab(req, deps);
const english = (template: string, ...args: unknown[]) => translatePhrase(template, 'en', args);

/** Every template a summary is said with, for checking that each has its Chinese. */
function templatesOf(r: Parameters<typeof summaryWith>[0]): string[] {
  const used: string[] = [];
  summaryWith(r, (template, ...args) => {
    used.push(template);
    return english(template, ...args);
  });
  return used;
}

const GAMES: [string, LabRequest][] = [
  ['Kayles, proven', { game: { kind: 'octal', code: '0.77' }, to: 167 }],
  ['Kayles, one value short of the proof', { game: { kind: 'octal', code: '0.77' }, to: 166 }],
  ['a table too short for a period', { game: { kind: 'octal', code: '0.77' }, to: 3 }],
  ['Nim (saltus 1)', { game: { kind: 'nim' } }],
  ['a subtraction set', { game: { kind: 'subtract', set: '2,3,7' }, to: 100 }],
  ['Bash with m = 5', { game: { kind: 'bash', settings: { m: 5 } } }],
  ['kiki (two parameters)', { game: { kind: 'problem', slug: 'kiki' } }],
  ['E&D (two parameters)', { game: { kind: 'problem', slug: 'ed' }, to: 10 }],
  ['the monster game', { game: { kind: 'problem', slug: 'alice-game', settings: { k: 3 } }, to: 100 }],
];

describe('the lab summary on a Chinese page', () => {
  it.each(GAMES)('%s: said with the English templates, it is the engine’s summary word for word', async (_, req) => {
    const r = await lab(req);
    expect(summaryWith(r, english)).toEqual(r.summary);
    expect(labSummary(r, 'en')).toBe(r.summary);
    for (const template of templatesOf(r)) expect(translatePhrase(template, 'zh'), template).not.toBe(template);
    for (const line of labSummary(r, 'zh')) expect(line).not.toMatch(/\b(period|values?|seen|proven|axis|positions?|computed)\b/);
  });

  it('says the conjecture’s verdicts as the engine does, and in Chinese', async () => {
    const r = await lab({ game: { kind: 'problem', slug: 'ed' }, to: 10 });
    const { searchTable } = await import('../../server/lab/search');
    const game = instantiate('ed', (await import('../../problems/ed/game')).default);
    const search = searchTable(game, [1, 1], [10, 10]);
    const verdicts = [
      checkLocally(r, ((x: number, y: number) => (x % 2 && y % 2 ? 0 : 1)) as (...s: number[]) => unknown, search.optionsOf),
      checkLocally(r, ((x: number, y: number) => (x % 2 && y % 2 ? 0 : 1)) as (...s: number[]) => unknown),
      checkLocally(r, ((x: number, y: number) => !(x % 2 && y % 2)) as (...s: number[]) => unknown),
      checkLocally(r, () => 'x'),
      checkLocally(r, ((x: number, y: number) => {
        if (x === 2) throw new RangeError('too far');
        return !(x % 2 && y % 2);
      }) as (...s: number[]) => unknown),
    ];
    for (const c of verdicts) {
      const withIt = { ...r, conjecture: c };
      expect(summaryWith(withIt, english).at(-1)).toBe(describeConjecture(c));
      for (const template of templatesOf(withIt)) expect(translatePhrase(template, 'zh'), template).not.toBe(template);
    }
    const zh = verdicts.map((c) => labSummary({ ...r, conjecture: c }, 'zh').at(-1));
    expect(zh).toEqual([
      '猜想在 (1, 4) 处不成立：表中的值是 2，猜想给出 1；它的后继：(1, 3) → 0; (2, 2) → 1; (3, 1) → 0',
      '猜想在 (1, 4) 处不成立：表中的值是 2，猜想给出 1',
      '猜想在全部 100 个状态上成立',
      '猜想在 (1, 1) 处不成立：猜想返回了 "x"；它必须返回一个数（SG 值）、一个布尔值（先手是否必胜）或 "W" / "L" / "D"',
      '猜想在 (2, 1) 处不成立：猜想在 (2, 1) 处抛出了异常：RangeError: too far',
    ]);
  });

  it('says a game with cycles by its outcomes', () => {
    const r = { loopy: true, values: ['L', 'W', 'D', 'D', 'W'], cycleAt: [2], conjecture: null, analysis: null, grid: null, game: { dims: 1, paramNames: ['n'] } };
    expect(summaryWith(r, english)).toEqual(['the move graph has a cycle (through (2)): outcomes by retrograde analysis from the terminal states, 2 Win, 1 Lose, 2 Draw']);
    expect(summaryWith(r, (t, ...a) => translatePhrase(t, 'zh', a))).toEqual(['状态图中有环（经过 (2)）：从终止状态倒推得出胜负，2 个必胜、1 个必败、2 个平局']);
  });
});

describe('the lab’s sentences', () => {
  it('errors of the presets and of settings, in Chinese by their message id; others stay English', () => {
    const thrown = (f: () => unknown): { text: string; said: Said | null } => {
      try {
        f();
      } catch (e) {
        if (e instanceof PresetError) return { text: e.message, said: e.said };
      }
      throw new Error('no preset error');
    };
    const errors = [thrown(() => octalGame('0.8')), thrown(() => octalGame('0.000')), thrown(() => parseSubtractionSet('a,b'))];
    expect(errors.map((e) => e.said?.id)).toEqual(['lab.octal-code', 'lab.octal-no-move', 'lab.subtraction-set']);
    expect(errors.map((e) => labSentence(e.text, e.said, 'zh'))).toEqual([
      '“0.8”不是八进制代码：请写成 0. 后接 1 到 32 位八进制数字，例如 0.07 或 0.137',
      '八进制代码 0.000 不允许任何操作',
      '“a,b”不是减法集合：请写出用逗号分隔的正整数，例如 2,3,7',
    ]);
    const noGame = said('lab.no-game', 'nim', NO_GAME.nim);
    expect(labSentence('Problem "nim" declares no game: …', noGame, 'zh')).toMatch(/^题目 nim 没有可以打表的游戏：Nim 的局面/);
    expect(labSentence(errors[0]!.text, errors[0]!.said, 'en')).toBe(errors[0]!.text);
    expect(labSentence('something new', null, 'zh')).toBe('something new');
  });
});

describe('every problem in the lab menu', () => {
  it('has its game, its settings and its reason for having no game said in Chinese', async () => {
    const CJK = /[\u4e00-\u9fff]/;
    for (const slug of gameSlugs()) {
      const decl = await loadGame(slug);
      expect(gameAbout(slug, decl.about, 'zh'), slug).toMatch(CJK);
      for (const s of decl.settings ?? []) expect(settingAbout(`problem:${slug}`, s.name, s.about, 'zh'), `${slug} ${s.name}`).toMatch(CJK);
    }
    for (const [slug, why] of Object.entries(NO_GAME)) expect(noGameReason(slug, why, 'zh'), slug).toMatch(CJK);
  });
});

describe('topic tags and checker messages', () => {
  it('every catalog tag has a Chinese name; English pages keep the catalog’s', () => {
    for (const tag of new Set(CATALOG.flatMap((e) => e.tags))) {
      expect(translateTag(tag, 'zh'), tag).toMatch(/[\u4e00-\u9fff]/);
      expect(translateTag(tag, 'en')).toBe(tag);
    }
  });

  it('says the token checker’s messages in Chinese by id, keeping the tokens as they were', () => {
    const checked = [compareTokens('Yes\nNo', 'Yes\nYes'), compareTokens('1', '1 2'), compareTokens('1 2', '1')];
    expect(checked.map((c) => sayIn(c.said!, 'zh'))).toEqual(['第 2 个单词不同：期望 "No"，读到 "Yes"', '输出过多：答案已经结束，但还读到第 2 个单词 "2"', '输出提前结束：第 2 个单词应为 "2"']);
    // The English sentence is the template's: the stored and API text stays as it was.
    expect(checked.map((c) => c.message)).toEqual(['token 2 differs: expected "No", found "Yes"', 'extra output: token 2 "2" where the answer has ended', 'unexpected end of output: token 2 should be "2"']);
    expect(sayIn(said('subtraction.took', 3, 9, 1, 2), 'zh')).toBe('第 3 步：你取了 9 张卡片，每步要取 1 到 2 张');
  });
});
