import { VERDICT_TABLE, type Verdict } from '../rules/verdicts';
import { SANDBOX_MESSAGES } from './sandbox-messages';
import { ROUND_MESSAGES } from './round-messages';
import { STATEMENT_MESSAGES } from './statement-messages';

/**
 * Messages the engine says with values in them, as an id and arguments, translated by key (as
 * Hydro's error templates with their locale files): a page says `sayIn(said, lang)` from the id and
 * never parses an English sentence back, so rewording the English cannot leave a Chinese page
 * English. The English text of a message stays the HTTP JSON's `error` sentence (a contract); the
 * id and arguments go beside it. test/lab/messages.test.ts fails on an id without both languages.
 *
 * `{0}`, `{1}`… stand for the arguments, in both languages.
 */
export const FIXED_MESSAGES = {
  // Why a conjecture cannot be compared with the table (server/lab/conjecture.ts).
  'lab.conjecture-threw': { en: 'the conjecture threw at {0}: {1}', zh: '猜想在 {0} 处抛出了异常：{1}' },
  'lab.conjecture-returned': {
    en: 'the conjecture returned {0}; it must return a number (the SG value), a boolean (the mover wins) or "W" / "L" / "D"',
    zh: '猜想返回了 {0}；它必须返回一个数（SG 值）、一个布尔值（先手是否必胜）或 "W" / "L" / "D"',
  },
  'lab.conjecture-loopy': {
    en: 'the game has cycles, so states have outcomes (W / L / D), not SG values: return a boolean or "W" / "L" / "D"',
    zh: '这个游戏有环，状态只有胜、负、平（W / L / D），没有 SG 值：请返回布尔值或 "W" / "L" / "D"',
  },
  'lab.conjecture-export': {
    en: 'the conjecture must be the default export: export default function (n) { return … }',
    zh: '猜想必须是默认导出：export default function (n) { return … }',
  },
  'lab.game-export': {
    en: 'the game file must export a function options(...state) returning the options of a state',
    zh: '游戏代码必须导出函数 options(...state)，返回一个状态的所有后继',
  },
  // The lab's routes (server/http/lab-routes.ts): {1} of no-game is the problem's reason, by slug.
  'lab.no-game': { en: 'Problem "{0}" declares no game: {1}', zh: '题目 {0} 没有可以打表的游戏：{1}' },
  'lab.no-such-game-problem': { en: 'There is no problem "{0}" with a game; the games: {1}.', zh: '没有带游戏的题目“{0}”；带游戏的题目有：{1}。' },
  'lab.unknown-game': { en: 'Unknown game "{0}".', zh: '未知的游戏“{0}”。' },
  'lab.range-bound': { en: 'The range bound must be an integer in [0, {0}].', zh: '范围上界必须是 [0, {0}] 中的整数。' },
  'lab.range-bound-got': { en: 'the range bound must be an integer in [0, {0}], got {1}', zh: '范围上界必须是 [0, {0}] 中的整数，而不是 {1}' },
  'lab.parameter-integer': { en: 'The parameter {0} must be an integer.', zh: '参数 {0} 必须是整数。' },
  'lab.field-to': { en: 'The field "to" must be an integer in [0, {0}].', zh: '范围上界必须是 [0, {0}] 中的整数。' },
  // Presets and settings (server/lab/presets.ts, game.ts).
  'lab.octal-code': {
    en: '"{0}" is not an octal code: write it as 0. followed by 1 to 32 octal digits, e.g. 0.07 or 0.137',
    zh: '“{0}”不是八进制代码：请写成 0. 后接 1 到 32 位八进制数字，例如 0.07 或 0.137',
  },
  'lab.octal-no-move': { en: 'the octal code {0} allows no move at all', zh: '八进制代码 {0} 不允许任何操作' },
  'lab.subtraction-set': {
    en: '"{0}" is not a subtraction set: write positive integers separated by commas, e.g. 2,3,7',
    zh: '“{0}”不是减法集合：请写出用逗号分隔的正整数，例如 2,3,7',
  },
  'lab.no-parameter': { en: '{0} has no parameter "{1}" (its parameters: {2})', zh: '{0} 没有参数“{1}”（它的参数：{2}）' },
  'lab.setting-range': { en: '{0} must be an integer in [{1}, {2}], got {3}', zh: '{0} 必须是 [{1}, {2}] 中的整数，而不是 {3}' },
  // The search's caps (server/lab/search.ts).
  'lab.state-cap': { en: 'the table would have {0} states, over the cap of {1}; choose a smaller range', zh: '表格会有 {0} 个状态，超过了上限 {1}；请选择更小的范围' },
  'lab.search-cap': { en: 'the search reached more than {0} states (the cap) at {1}; choose a smaller range', zh: '搜索在 {1} 处到达了超过 {0} 个状态（上限）；请选择更小的范围' },
  'lab.work-cap': {
    en: 'the search examined more than {0} option components (at {1}); choose a smaller range',
    zh: '搜索检查了超过 {0} 个后继分量（在 {1} 处）；请选择更小的范围',
  },
  // Running the student's code (server/lab/run-source.ts).
  'lab.time-limit': {
    en: "The computation ran over the lab's time limit ({0} s of CPU); choose a smaller range or make options() faster.",
    zh: '计算超过了实验室的时间限制（{0} 秒 CPU 时间）；请选择更小的范围，或让 options() 更快。',
  },
  'lab.memory-limit': { en: "The computation ran over the lab's memory limit ({0} MiB); choose a smaller range.", zh: '计算超过了实验室的内存限制（{0} MiB）；请选择更小的范围。' },
  'lab.output-limit': { en: 'The code printed more than the output limit.', zh: '代码的输出超过了限制。' },
  'lab.game-compile': { en: 'The game does not compile:\n{0}', zh: '游戏代码编译失败：\n{0}' },
  'lab.conjecture-compile': { en: 'The conjecture does not compile:\n{0}', zh: '猜想代码编译失败：\n{0}' },
  'lab.crashed': { en: 'The code crashed: {0}', zh: '代码运行出错：{0}' },
  // A submission's status line while it is judged (server/http/present.ts); a finished one says
  // its verdict (the verdict ids below).
  'status.queued': { en: 'In queue', zh: '排队中' },
  'status.compiling': { en: 'Compiling', zh: '编译中' },
  'status.running': { en: 'Running', zh: '运行中' },
  'status.running-on-test': { en: 'Running on test {0}', zh: '正在运行第 {0} 个测试点' },
  // Registration's limits (server/http/auth/routes.ts, throttle.ts): {0} is a wait (wait.*).
  'wait.seconds': { en: '{0} second(s)', zh: '{0} 秒' },
  'wait.minutes': { en: '{0} minute(s)', zh: '{0} 分钟' },
  'registration.address-wait': {
    en: 'Too many registrations or wrong class codes from this address; try again in {0}, or ask your teacher to unlock your name.',
    zh: '这个地址的注册或错误的班级邀请码太多了；请 {0} 后再试，或请老师为你解除限制。',
  },
  'registration.paused': {
    en: 'Registration is paused for everyone for {0}: the class has had too many wrong class codes in 15 minutes, from many addresses (not necessarily yours). Your teacher is told on the class page; once they have seen it, the right class code works again.',
    zh: '注册对所有人暂停 {0}：15 分钟内全班收到了太多错误的班级邀请码，来自许多地址（不一定是你的）。老师会在班级页面看到提示；老师看到之后，正确的邀请码就又能用了。',
  },
  'registration.paused-wrong': {
    en: 'Registration is paused for wrong class codes for {0}: the class has had too many of them in 15 minutes, from many addresses. Ask your teacher for the code; the right one works.',
    zh: '错误的班级邀请码暂停 {0}：15 分钟内全班收到了太多错误的邀请码，来自许多地址。请向老师要邀请码；正确的邀请码可以用。',
  },
  'registration.flood-notice': {
    en: 'Registration was flooded: {0} wrong class codes from {1} address(es) in the last 15 minutes, so registration paused for everyone (for {2} more). Now that you have seen this, students with the right code can register again; wrong codes still wait. If the code may have leaked or is being guessed, close registration or start the judge with a new CLASS_CODE; "Open registration" lifts every registration limit.',
    zh: '注册遭到大量尝试：过去 15 分钟内来自 {1} 个地址的 {0} 个错误班级邀请码，因此注册对所有人暂停（还剩 {2}）。你看到这条提示之后，持有正确邀请码的学生又可以注册了；错误的邀请码仍需等待。如果邀请码可能已经泄露或正在被猜测，请关闭注册，或用新的 CLASS_CODE 重启评测机；“开放注册”会解除所有注册限制。',
  },
  // Event streams (server/http/live.ts).
  'live.too-many': {
    en: 'You already have {0} live connections open (pages that update by themselves); close some tabs, or reload this page later.',
    zh: '你已经打开了 {0} 个实时连接（会自动更新的页面）；请关闭一些标签页，或稍后重新加载本页。',
  },
  'live.judge-full': {
    en: 'The judge holds as many live connections as it can just now; reload the page in a minute to see updates.',
    zh: '评测机现在的实时连接已满；请过一分钟重新加载本页以查看更新。',
  },
  // Pages' "not found" sentences (server/http/policy.ts, app.ts and the page routes); {0} is the
  // id or address as typed.
  'error.no-page': { en: 'There is no page at {0}.', zh: '没有页面 {0}。' },
  'error.no-submission': { en: 'There is no submission {0}.', zh: '没有提交 {0}。' },
  // A failing test that is one of an imported package's data/secret tests (server/http/failing-test-sight.ts).
  'secret.failing-hidden': {
    en: 'Test {0} is one of the problem package\'s secret tests: only its verdict and number are shown, as the package format keeps them the judge\'s.',
    zh: '测试点 {0} 是题目包的保密测试：只显示结果和编号，题目包格式规定它们只归评测机所有。',
  },
  'secret.no-failing-file': { en: 'Test {0} is one of the problem package\'s secret tests: its files are not shown.', zh: '测试点 {0} 是题目包的保密测试：不提供它的文件。' },
  'error.no-stress-run': { en: 'There is no stress run {0}.', zh: '没有对拍 {0}。' },
  'error.no-invocation': { en: 'There is no invocation {0}.', zh: '没有自定义测试 {0}。' },
  'error.no-sample-run': { en: 'There is no sample run {0}.', zh: '没有样例运行 {0}。' },
  'error.no-problem': { en: 'There is no problem "{0}".', zh: '没有题目 {0}。' },
  'error.no-problem-file': { en: 'Problem "{0}" has no file "{1}".', zh: '题目 {0} 没有文件 {1}。' },
  'error.no-lab-job': { en: 'There is no lab job {0} (jobs are kept for an hour).', zh: '没有实验室任务 {0}（任务只保留一小时）。' },
  'error.no-mistake-map': { en: 'There is no mistake map {0}.', zh: '没有错误地图 {0}。' },
  'error.no-stored-problem': { en: 'There is no stored problem {0}.', zh: '没有导入的题目 {0}。' },
  'error.no-rejudge': { en: 'There is no rejudge {0}.', zh: '没有重测 {0}。' },
  'error.no-saved-test': { en: 'There is no saved test {0}.', zh: '没有保存的测试 {0}。' },
  'error.no-contest': { en: 'There is no contest {0}.', zh: '没有比赛 {0}。' },
  // What a stored problem lacks for stress tests, custom inputs and saved tests (server/http/stored-guard.ts).
  'error.stored-no-reference': {
    en: '{0} has no accepted solution to compute expected outputs with: custom inputs, saved tests and stress tests are off for it.',
    zh: '{0} 没有可用来算出标准答案的正确解答：自定义输入、保存的测试和对拍都不可用。',
  },
  // Languages (server/languages/detect.ts, server/http/language-field.ts): {0} the family (C++, Python).
  'language.unavailable': { en: '{0} is not available on this judge: install {1}', zh: '本评测机不支持 {0}：请安装 {1}' },
  'language.unavailable-because': { en: '{0} is not available on this judge: {1}', zh: '本评测机不支持 {0}：{1}' },
  'language.checking': { en: '{0} is still being checked on this judge; try again in a few seconds', zh: '本评测机仍在检测 {0}，请几秒后再试' },
  'language.unknown': { en: 'The field "language" must be one of {0}.', zh: '字段 "language" 必须是 {0} 之一。' },
  'language.no-worker': {
    en: 'No judge worker runs {0} at the moment: this waits until one that does is connected.',
    zh: '目前没有运行 {0} 的评测节点：将等到有这样的节点连接后再评测。',
  },
  'error.stored-reference-language': {
    en: '{0} has an accepted solution ({1}) only in a language the judge does not run as a reference (it runs TypeScript, JavaScript, and C++, C or Python judged AC at import): custom inputs, saved tests and stress tests are off for it.',
    zh: '{0} 的正确解答（{1}）所用的语言评测机不能作为参考解运行（可运行 TypeScript、JavaScript，以及导入时评测通过的 C++、C 或 Python）：自定义输入、保存的测试和对拍都不可用。',
  },
  'error.stored-reference-off': {
    en: '{0} takes its answers from {1}, which this judge cannot run now ({2}): custom inputs, saved tests and stress tests are off for it.',
    zh: '{0} 的答案来自 {1}，本评测机现在无法运行它（{2}）：自定义输入、保存的测试和对拍都不可用。',
  },
  'error.stored-interactive': {
    en: '{0} is an interactive stored problem: a custom input plays against its interactor, but saved tests and stress tests are not run for it.',
    zh: '{0} 是导入的交互题：自定义输入会与其交互程序对弈，但不支持保存的测试和对拍。',
  },
  'error.stored-no-generator': {
    en: '{0} has no generator (TypeScript exporting generate(rng, size)): stress tests are off for it; custom inputs and saved tests work.',
    zh: '{0} 没有数据生成器（导出 generate(rng, size) 的 TypeScript）：对拍不可用；自定义输入和保存的测试可以使用。',
  },
  'error.not-a-submission': { en: '"{0}" is not a submission id (a positive integer).', zh: '“{0}”不是提交编号（应为正整数）。' },
  'error.not-a-stress-run': { en: '"{0}" is not a stress run (a positive integer).', zh: '“{0}”不是对拍编号（应为正整数）。' },
  // "a invocation" is the API's sentence as it has always been (a contract the tests compare).
  'error.not-an-invocation': { en: '"{0}" is not a invocation (a positive integer).', zh: '“{0}”不是自定义测试编号（应为正整数）。' },
  'error.not-a-sample-run': { en: '"{0}" is not a sample run (a positive integer).', zh: '“{0}”不是样例运行编号（应为正整数）。' },
  'error.still-building': { en: 'This problem is still being built; try again in a few seconds.', zh: '这道题目还在构建中，请几秒钟后再试。' },
  // The token checker (server/judge/checker.ts).
  'checker.ok': { en: 'ok {0} token(s)', zh: '正确，共 {0} 个单词' },
  'checker.token-differs': { en: 'token {0} differs: expected "{1}", found "{2}"', zh: '第 {0} 个单词不同：期望 "{1}"，读到 "{2}"' },
  'checker.line-differs': { en: 'line {0} differs: expected "{1}", found "{2}"', zh: '第 {0} 行不同：期望 "{1}"，读到 "{2}"' },
  'checker.extra-output': { en: 'extra output: token {0} "{1}" where the answer has ended', zh: '输出过多：答案已经结束，但还读到第 {0} 个单词 "{1}"' },
  'checker.output-ended': { en: 'unexpected end of output: token {0} should be "{1}"', zh: '输出提前结束：第 {0} 个单词应为 "{1}"' },
  // The sandbox's limits: server/text/sandbox-messages.ts, spread in below.
  // The judge's player of subtraction-game (reference/subtraction-game/interactor.ts); {0} of a
  // move's message is the move's number.
  'subtraction.side-ended': { en: 'expected First or Second, got end of output', zh: '应输出 First 或 Second，但输出已经结束' },
  'subtraction.side-got': { en: 'expected First or Second, got "{0}"', zh: '应输出 First 或 Second，读到 "{0}"' },
  'subtraction.you-won': { en: 'you won: the judge had no move left after {0} moves', zh: '你赢了：评测机在 {0} 步之后无路可走' },
  'subtraction.lost': { en: 'move {0}: you have no legal move left, so the judge won', zh: '第 {0} 步：你已经没有合法的走法，评测机获胜' },
  'subtraction.lost-first-wins': {
    en: 'move {0}: you have no legal move left, so the judge won (you printed {1}, but from {2} {3} {4} the first player wins)',
    zh: '第 {0} 步：你已经没有合法的走法，评测机获胜（你输出了 {1}，但从 {2} {3} {4} 开始是先手必胜）',
  },
  'subtraction.lost-second-wins': {
    en: 'move {0}: you have no legal move left, so the judge won (you printed {1}, but from {2} {3} {4} the second player wins)',
    zh: '第 {0} 步：你已经没有合法的走法，评测机获胜（你输出了 {1}，但从 {2} {3} {4} 开始是后手必胜）',
  },
  'subtraction.move-ended': { en: 'move {0}: expected your move, got end of output', zh: '第 {0} 步：应输出你的走法，但输出已经结束' },
  'subtraction.move-or-pass-ended': { en: 'move {0}: expected your move (or 0 0), got end of output', zh: '第 {0} 步：应输出你的走法（或 0 0），但输出已经结束' },
  'subtraction.two-integers': { en: 'move {0}: expected two integers "x y", got "{1}"', zh: '第 {0} 步：应输出两个整数 "x y"，读到 "{1}"' },
  'subtraction.passed-with-move': {
    en: 'move {0}: you printed 0 0, but you still had a legal move (for example {1} {2})',
    zh: '第 {0} 步：你输出了 0 0，但你仍有合法的走法（例如 {1} {2}）',
  },
  'subtraction.took': { en: 'move {0}: you took {1} cards; a move takes between {2} and {3}', zh: '第 {0} 步：你取了 {1} 张卡片，每步要取 {2} 到 {3} 张' },
  'subtraction.took-late': {
    en: 'move {0}: you took {1} cards; a move takes between {2} and {3} (and you had no legal move: the judge had won)',
    zh: '第 {0} 步：你取了 {1} 张卡片，每步要取 {2} 到 {3} 张（而且你已经没有合法的走法：评测机已经获胜）',
  },
  'subtraction.outside': { en: 'move {0}: cards {1}..{2} are not all between 1 and {3}', zh: '第 {0} 步：卡片 {1}..{2} 不全在 1 到 {3} 之间' },
  'subtraction.outside-late': {
    en: 'move {0}: cards {1}..{2} are not all between 1 and {3} (and you had no legal move: the judge had won)',
    zh: '第 {0} 步：卡片 {1}..{2} 不全在 1 到 {3} 之间（而且你已经没有合法的走法：评测机已经获胜）',
  },
  'subtraction.taken': { en: 'move {0}: cards {1}..{2} are not all on the table (card {3} was taken)', zh: '第 {0} 步：卡片 {1}..{2} 不全在桌上（卡片 {3} 已被取走）' },
  'subtraction.taken-late': {
    en: 'move {0}: cards {1}..{2} are not all on the table (card {3} was taken) (and you had no legal move: the judge had won)',
    zh: '第 {0} 步：卡片 {1}..{2} 不全在桌上（卡片 {3} 已被取走）（而且你已经没有合法的走法：评测机已经获胜）',
  },
} as const satisfies Record<string, { en: string; zh: string }>;

/**
 * A verdict as a status line, from the verdict table's words (server/rules/verdicts.ts):
 * `verdict.WA` "Wrong answer", `verdict.WA.on-test` "Wrong answer on test {0}".
 */
const VERDICT_MESSAGES = Object.fromEntries(
  VERDICT_TABLE.flatMap((r) => [
    [`verdict.${r.code}`, { en: r.name, zh: r.zh }],
    [`verdict.${r.code}.on-test`, { en: `${r.name} on test {0}`, zh: `第 {0} 个测试点${r.zh}` }],
  ]),
) as Record<`verdict.${Verdict}` | `verdict.${Verdict}.on-test`, { en: string; zh: string }>;

export const MESSAGES = { ...FIXED_MESSAGES, ...SANDBOX_MESSAGES, ...STATEMENT_MESSAGES, ...ROUND_MESSAGES, ...VERDICT_MESSAGES };

export type MessageId = keyof typeof MESSAGES;

/** A message as data: what the engine said, in no language yet. An argument may be a message too (a note inside a sentence). */
export interface Said {
  id: MessageId;
  args: (string | Said)[];
}

const isSaidShaped = (a: unknown): a is Said => typeof a === 'object' && a !== null && 'id' in a && 'args' in a;

export function said(id: MessageId, ...args: unknown[]): Said {
  return { id, args: args.map((a) => (isSaidShaped(a) ? a : String(a))) };
}

export function isMessageId(id: unknown): id is MessageId {
  return typeof id === 'string' && Object.hasOwn(MESSAGES, id);
}

/** A Said from untrusted JSON (a stored row, a sandbox's answer), or null when it is not one. */
export function saidOf(x: unknown): Said | null {
  if (typeof x !== 'object' || x === null) return null;
  const { id, args } = x as { id?: unknown; args?: unknown };
  if (!isMessageId(id) || !Array.isArray(args) || !args.every((a) => typeof a === 'string' || saidOf(a) !== null)) return null;
  return { id, args: args as (string | Said)[] };
}

export function fillTemplate(template: string, args: readonly unknown[]): string {
  return template.replace(/\{(\d)\}/g, (_, i: string) => String(args[Number(i)] ?? ''));
}

/** The message in a language: its template by id, its arguments filled in. */
export function sayIn(s: Said, lang: 'en' | 'zh'): string {
  return fillTemplate(MESSAGES[s.id][lang], s.args.map((a) => (typeof a === 'string' ? a : sayIn(a, lang))));
}

export function english(s: Said): string {
  return sayIn(s, 'en');
}

/** The templates of one language by id, for the browser (public/lab.js). */
export function templatesIn(lang: 'en' | 'zh'): Record<MessageId, string> {
  return Object.fromEntries(Object.entries(MESSAGES).map(([id, t]) => [id, t[lang]])) as Record<MessageId, string>;
}

/** An error whose sentence is a message: `message` is its English, `said` the id and arguments. */
export class SaidError extends Error {
  readonly said: Said;
  constructor(s: Said) {
    super(english(s));
    this.said = s;
  }
}
