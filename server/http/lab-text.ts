/**
 * The SG lab's words on its pages, in the interface language. The lab computes and reports in
 * English: its JSON API (`POST /api/lab`) and the `npm run sg` CLI are contracts other tools parse,
 * so nothing here changes a result. A Chinese page says the same things, rebuilt from the result's
 * fields (analysis, grid, conjecture) with the sentence templates of ui-text.ts, its errors by
 * message id (server/text/messages.ts), and keyed by stable ids (problem slugs, the game menu's
 * values, setting names) for what the problem packages declare.
 *
 * The summary is said here only: the lab API adds it in a page's language when asked
 * (`?summary=zh`, `summaryIn`), and public/lab.js shows that; it gets the ids' words and the
 * message templates by id (for errors) from `labWordsJson`.
 */
import type { LabResult } from '../lab/lab';
import type { SequenceAnalysis } from '../lab/period';
import type { AxisPeriod, GridAnalysis } from '../lab/grid';
import type { Lang } from './statements';
import { translatePhrase } from './ui-text';
import { sayIn, templatesIn, type Said } from '../text/messages';

/** What one state of each problem's game is (the `about` of problems/<slug>/game.ts). */
const GAME_ABOUT_ZH: Record<string, string> = {
  'alice-game': '一段连续的 n 只怪物（k 为所选的值）',
  'array-game': '共 N 格的数组上的一个白格 x',
  'bash-game': '一堆 n 颗石子（m 为所选的值）',
  'colouring-game': '一段长为 n 的极长红蓝交替段（#R = #B 时）',
  'cutting-game': '一张 w × h 的纸',
  ed: '一组石子堆 (x, y)',
  'flip-game': '一段 n 个连续的 "+"',
  kiki: 'n × m 的棋盘（硬币在起始的角上）',
  'split-game': '最后一个瓶子之前第 d 个瓶子里的一颗豆子',
  'subtraction-game': '连续 n 张卡片组成的一段（L 和 R 为所选的值）',
  's-nim': '一堆 n 颗珠子（集合 S = {a, b, c}，0 表示不在 S 中）',
  wythoff: '一对石子堆 (a, b)',
  'fibonacci-nim': '剩下 n 颗石子，这一步最多取 m 颗',
  'laskers-nim': '一堆 n 颗石子',
  'three-way-split': '一堆 n 颗石子',
  'mock-turtles': '位置 x（从 0 开始）上的一枚正面朝上的硬币，其余都是反面',
  treblecross: '一段 n 个安全格（离每个 X 都超过 2 格）',
};

/** The settings of each game of the menu (its `<option value>`), by setting name. */
const SETTING_ABOUT_ZH: Record<string, Record<string, string>> = {
  'problem:alice-game': { k: '一次杀死的怪物数' },
  'problem:array-game': { N: '格子数' },
  'problem:bash-game': { m: '一次最多取的石子数' },
  'problem:s-nim': { a: 'S 中的一种取法', b: 'S 中的另一种取法（0：没有）', c: 'S 中的另一种取法（0：没有）' },
  'problem:subtraction-game': { L: '一次最少取走的卡片数', R: '一次最多取走的卡片数' },
  bash: { m: '一次最多取的石子数' },
};

/** Why a problem has no table in the lab (server/lab/registry.ts NO_GAME), by slug. */
const NO_GAME_ZH: Record<string, string> = {
  nim: 'Nim 的局面是由若干堆组成的多重集合，而一堆 n 颗石子的 SG 值就是 n：预设中的 Nim 给出了这张表。',
  'nim-moves': '这还是 Nim；统计必胜的走法需要所有堆的异或和，而不是一张状态表。',
  'anti-nim': '反常规则（最后行动的一方输）：各堆的值不能用异或合并，所以单堆的表说明不了整个局面。',
  'staircase-nim': '状态是所有棋子同时的位置；这个游戏化为在间隔上的 Nim，而不是若干小状态的和。',
  'k-nim': 'Moore 的 Nim_k 不是游戏的和：一步可以同时从多堆中取。',
  'game-on-tree': '状态是一整棵树（它的值是各子树的值加一后的异或和），不是一到三个整数。',
  'chess-link': '局面不能重复，所以游戏取决于历史，而不只是状态 (r, g, b)。',
  shiritori: '状态是单词图中的一个单词，而这个图有环；平局来自这个图，而不是整数参数。',
  northcott: '每人只能移动自己的棋子，而且棋子可以远离再回来：这个游戏是非公平的、可能循环的，没有值表；两子之间的空格相当于 Nim 的堆。',
  'dag-chess': '状态是输入给出的图中的一个位置，不是一到三个整数；值要在那个图上计算。',
  'every-sg': 'Every-SG：每一轮所有游戏都要走一步，答案取决于每个游戏持续多久，而不是它的 SG 值；值表的异或在这里说明不了什么。',
  'christmas-game': '状态是一整幅画：挂着多边形的树（奇多边形相当于一条边，偶多边形相当于没有），不是一到三个整数。',
};

/**
 * A sentence of the lab (an error, why a conjecture cannot be compared) in the interface language:
 * by its message id when the engine gave one (server/text/messages.ts), never by parsing the
 * English; a sentence without an id (a student's own error text) stays as it is.
 */
export function labSentence(text: string, s: Said | null | undefined, lang: Lang): string {
  if (lang === 'en' || !s) return text;
  // A problem's reason for having no game is said by its slug, not passed through.
  if (s.id === 'lab.no-game') {
    const slug = String(s.args[0]);
    return sayIn({ id: s.id, args: [slug, NO_GAME_ZH[slug] ?? s.args[1]!] }, lang);
  }
  return sayIn(s, lang);
}

type Say = (template: string, ...args: unknown[]) => string;

const formatState = (s: readonly number[]) => `(${s.join(', ')})`;

function sequenceLine(a: Pick<SequenceAnalysis, 'preperiod' | 'period' | 'saltus' | 'proven' | 'checkedUpTo' | 'proofNeeds'> | null, count: number, say: Say): string {
  if (!a) return say('no period seen over {0} values', count);
  const head = a.saltus !== 0 ? ['period {0} with saltus {1} from n = {2}', a.period, a.saltus, a.preperiod] : ['period {0} from n = {1}', a.period, a.preperiod];
  const [template, ...args] = head as [string, ...number[]];
  if (a.proven) return say(`${template}: proven (Guy–Smith bound: {${args.length}} values needed, {${args.length + 1}} computed)`, ...args, a.proofNeeds, count);
  const seen = `${template}: seen over {${args.length}} values (up to n = {${args.length + 1}})`;
  if (a.proofNeeds !== null) return say(`${seen}; the Guy–Smith bound needs {${args.length + 2}} values to prove it`, ...args, count, a.checkedUpTo, a.proofNeeds);
  return say(seen, ...args, count, a.checkedUpTo);
}

function gridLines(g: GridAnalysis, names: readonly string[], say: Say): string[] {
  const line = (p: { first: AxisPeriod | null; second: AxisPeriod | null }) => {
    const parts = [p.first && [p.first.period, names[0], p.first.from], p.second && [p.second.period, names[1], p.second.from]].filter((x) => x !== null);
    if (parts.length === 2) return say('period {0} in {1} from {1} = {2}, period {3} in {4} from {4} = {5}', ...parts[0]!, ...parts[1]!);
    if (parts.length === 1) return say('period {0} in {1} from {1} = {2}', ...parts[0]!);
    return say('no period seen along either axis');
  };
  return [say('values: {0}', line(g.values)), say('P-positions (value 0): {0}', line(g.zeros))];
}

type SummarySource = Pick<LabResult, 'loopy' | 'values' | 'conjecture'> & {
  /** States in the whole table (a stored big table keeps its first rows only); values.length when absent. */
  count?: number;
  byPeriodFrom?: number | null;
  game: Pick<LabResult['game'], 'dims' | 'paramNames'>;
  analysis: Parameters<typeof sequenceLine>[0];
  grid: GridAnalysis | null;
  cycleAt: number[] | null;
};

/**
 * The result's summary (LabResult.summary) said with `say`: with English templates it is the
 * engine's summary word for word (test/lab/lab-words.test.ts checks it), with Chinese ones the page's.
 */
export function summaryWith(r: SummarySource, say: Say, sentence: (text: string, s: Said | undefined) => string = (t) => t): string[] {
  const lines: string[] = [];
  if (r.loopy) {
    const count = (o: string) => r.values.filter((v) => v === o).length;
    lines.push(
      say(
        'the move graph has a cycle (through {0}): outcomes by retrograde analysis from the terminal states, {1} Win, {2} Lose, {3} Draw',
        formatState(r.cycleAt ?? []),
        count('W'),
        count('L'),
        count('D'),
      ),
    );
  }
  if (!r.loopy && r.game.dims === 1) {
    const by = r.byPeriodFrom ?? null;
    lines.push(sequenceLine(r.analysis, by ?? r.count ?? r.values.length, say));
    if (by !== null && r.analysis) lines.push(say('values from n = {0} to {1} follow from the proven period (G(n) = G(n − {2})); G(n) was computed up to n = {3}', by, r.analysis.checkedUpTo, r.analysis.period, by - 1));
  }
  if (r.game.dims === 2 && r.grid) lines.push(...gridLines(r.grid, r.game.paramNames, say));
  const c = r.conjecture;
  if (c) {
    const at = c.state ? formatState(c.state) : '?';
    if (c.holds) lines.push(say('conjecture holds on all {0} states', c.checked));
    else if (c.problem) lines.push(say('conjecture fails at {0}: {1}', at, sentence(c.problem, c.problemSaid)));
    else {
      const seen = [at, JSON.stringify(c.expected), JSON.stringify(c.got)];
      if (!c.options) lines.push(say('conjecture fails at {0}: the table says {1}, the conjecture {2}', ...seen));
      else {
        const options = c.options.length ? c.options.map((o) => `${o.components.length ? o.components.map(formatState).join(' + ') : say('nothing left')} → ${o.value}`).join('; ') : say('none');
        lines.push(say('conjecture fails at {0}: the table says {1}, the conjecture {2}; its options: {3}', ...seen, options));
      }
    }
  }
  return lines;
}

/** The summary a page shows: the engine's in English, the same sentences in Chinese. */
export function labSummary(r: LabResult, lang: Lang): string[] {
  if (lang === 'en') return r.summary;
  return summaryWith(r, (template, ...args) => translatePhrase(template, lang, args), (text, s) => labSentence(text, s, lang));
}

/** The lab API's opt-in `summaryIn` (`?summary=en|zh`): the result's summary in that language. */
export interface SummaryIn {
  lang: Lang;
  lines: string[];
}

export function summaryIn(r: LabResult, lang: Lang): SummaryIn {
  return { lang, lines: labSummary(r, lang) };
}

/** A problem's game, as the lab's menu describes it. */
export function gameAbout(slug: string, about: string, lang: Lang): string {
  return lang === 'zh' ? (GAME_ABOUT_ZH[slug] ?? about) : about;
}

/** What a setting of a game of the menu means (`game` is the menu value: "problem:<slug>", "bash"). */
export function settingAbout(game: string, name: string, about: string, lang: Lang): string {
  return lang === 'zh' ? (SETTING_ABOUT_ZH[game]?.[name] ?? about) : about;
}

/** Why a problem has no game in the lab. */
export function noGameReason(slug: string, why: string, lang: Lang): string {
  return lang === 'zh' ? (NO_GAME_ZH[slug] ?? why) : why;
}

/** What public/lab.js needs besides the phrases: the settings' words, the messages by id and the reasons for no game. */
export function labWordsJson(lang: Lang): string | null {
  if (lang === 'en') return null;
  return JSON.stringify({ settings: SETTING_ABOUT_ZH, messages: templatesIn(lang), noGame: NO_GAME_ZH }).replace(/</g, '\\u003c');
}
