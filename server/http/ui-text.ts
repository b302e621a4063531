import type { RequestHandler } from 'express';
import { readCookieLang } from './lang';
import type { Lang } from './statements';

/**
 * The interface's words in English and Chinese (the statement has its own). Pages read them as
 * `@root.t.<key>`; the browser scripts get the `client` part as JSON in the page.
 */
const EN = {
  htmlLang: 'en',
  problems: 'Problems',
  submissions: 'Submissions',
  lab: 'SG lab',
  footer: 'SG Judge · impartial games, judged locally',
  submitTitle: 'Submit a solution',
  language: 'Language',
  source: 'Source (reads standard input, writes standard output)',
  upload: 'or upload a file:',
  submit: 'Submit',
  solved: 'Solved',
  tried: 'Tried',
  triedNotSolved: 'Tried, not solved yet',
  stressTitle: 'Stress test',
  stressHelp: 'Runs the code in the editor on random inputs, compares it with the reference solvers and returns the smallest input on which it fails.',
  cases: 'Cases',
  size: 'Size',
  seed: 'Seed',
  runStress: 'Run stress test',
  cancel: 'Cancel',
  recentRuns: 'Runs of the last hour',
  invocationTitle: 'Custom invocation',
  invocationHelp: "Input (checked against the problem's constraints first)",
  run: 'Run',
  userTestsTitle: 'Your added tests',
  lastSubmissions: 'Last submissions',
  allSubmissions: 'All submissions on this problem',
  hints: 'Hints',
  editorial: 'Editorial',
  nextProblem: 'Next problem',
  difficulty: 'difficulty',
  colProblem: 'Problem',
  colDifficulty: 'Difficulty',
  colTopics: 'Topics',
  colSource: 'Source',
  colLimits: 'Limits',
  colStatus: 'Status',
  colWhen: 'When',
  colVerdict: 'Verdict',
  colTime: 'Time',
  colMemory: 'Memory',
  filter: 'Filter',
  any: 'any',
};

type UiText = typeof EN;

const ZH: UiText = {
  htmlLang: 'zh',
  problems: '题目',
  submissions: '提交记录',
  lab: 'SG 实验室',
  footer: 'SG Judge · 公平组合游戏，本地评测',
  submitTitle: '提交代码',
  language: '语言',
  source: '源代码（从标准输入读入，向标准输出输出）',
  upload: '或上传文件：',
  submit: '提交',
  solved: '已通过',
  tried: '尝试过',
  triedNotSolved: '尝试过，尚未通过',
  stressTitle: '对拍',
  stressHelp: '用随机数据运行编辑器中的代码，与标准程序比较，并给出能让它出错的最小输入。',
  cases: '组数',
  size: '规模',
  seed: '种子',
  runStress: '开始对拍',
  cancel: '取消',
  recentRuns: '最近一小时的对拍',
  invocationTitle: '自定义测试',
  invocationHelp: '输入（先按题目的格式和数据范围检查）',
  run: '运行',
  userTestsTitle: '你添加的测试点',
  lastSubmissions: '最近提交',
  allSubmissions: '本题的全部提交',
  hints: '提示',
  editorial: '题解',
  nextProblem: '下一题',
  difficulty: '难度',
  colProblem: '题目',
  colDifficulty: '难度',
  colTopics: '知识点',
  colSource: '来源',
  colLimits: '限制',
  colStatus: '状态',
  colWhen: '时间',
  colVerdict: '结果',
  colTime: '用时',
  colMemory: '内存',
  filter: '筛选',
  any: '全部',
};

export const UI: Record<Lang, UiText> = { en: EN, zh: ZH };

const VERDICT_ZH: Record<string, string> = {
  Accepted: '答案正确',
  'Wrong answer': '答案错误',
  'Time limit exceeded': '超出时间限制',
  'Memory limit exceeded': '超出内存限制',
  'Runtime error': '运行错误',
  'Compilation error': '编译错误',
  'Output limit exceeded': '输出超限',
  'Judgement failed': '评测失败',
};

/**
 * Fixed sentences of the pages, keyed by their English text (`{{tr "..." arg}}` in a view; `{0}`,
 * `{1}` stand for the arguments). A phrase missing here stays English.
 */
const PHRASES_ZH: Record<string, string> = {
  // Submission page
  'Submission #{0}': '提交 #{0}',
  Tests: '测试点',
  Test: '测试点',
  'Test {0}: {1}': '第 {0} 个测试点：{1}',
  'Checker:': '评测器：',
  'Details:': '详情：',
  'Exit code: {0}': '退出码：{0}',
  Input: '输入',
  'Expected output': '期望输出',
  'Program output': '程序输出',
  'Standard error': '标准错误输出',
  'Dialogue (> the program, < the judge)': '交互过程（> 你的程序，< 评测机）',
  '(showing the start of {0} characters)': '（只显示 {0} 个字符中的开头部分）',
  '(showing the start of {0} characters; the kept copy is cut too)': '（只显示 {0} 个字符中的开头部分；保存的副本也被截断了）',
  download: '下载',
  '(empty)': '（空）',
  Source: '源代码',
  '{0} bytes': '{0} 字节',
  'Judge messages': '评测机信息',
  'Compiler messages': '编译信息',
  'Read the editorial': '阅读题解',
  'No judge is connected right now: this submission waits in the queue and is judged as soon as a judge worker starts.': '当前没有连接评测机：这份提交在队列中等待，评测机启动后立即评测。',
  // Submissions list
  Problem: '题目',
  Verdict: '结果',
  any: '全部',
  Clear: '清除',
  '← Newer': '← 较新',
  'Older →': '较旧 →',
  'Page {0} of {1} · {2} submission(s)': '第 {0} / {1} 页 · 共 {2} 份提交',
  'No submissions yet.': '还没有提交。',
  'No submissions match this filter yet.': '没有符合筛选条件的提交。',
  // Stress-test and invocation pages
  'Stress test #{0} on': '对拍 #{0}：',
  'Custom invocation #{0} on': '自定义测试 #{0}：',
  '{0} random case(s) of size {1}, seed {2}': '{0} 组随机数据，规模 {1}，种子 {2}',
  '{0} / {1} cases': '{0} / {1} 组',
  '{0} cases/s': '每秒 {0} 组',
  'shrinking a failing case (step {0})': '正在缩小出错的数据（第 {0} 步）',
  'In queue… this page refreshes itself.': '排队中……本页会自动刷新。',
  'Running… this page refreshes itself.': '运行中……本页会自动刷新。',
  'Cancel this run': '取消这次对拍',
  'Passed {0} random cases': '通过了 {0} 组随机数据',
  'Stopped early: {0} (the judge CPU one stress run may use).': '提前停止：{0}（一次对拍可用的评测 CPU 时间）。',
  'Cancelled after {0} of {1} case(s); none of them failed.': '已在 {1} 组中的第 {0} 组后取消；这些数据全部通过。',
  'Stress test could not complete': '对拍未能完成',
  'On input': '出错的输入',
  '{0} on random case {1}': '随机数据第 {1} 组：{0}',
  'Shrunk in {0} step(s) to this input:': '经过 {0} 步缩小为下面的输入：',
  'Expected output (reference)': '期望输出（标准程序）',
  'Your output': '你的输出',
  'Reference output': '标准程序输出',
  'Save as a test': '保存为测试点',
  '{0} ms, {1} KiB': '{0} 毫秒，{1} KiB',
  'exit code {0}': '退出码 {0}',
  'Same answer as the reference': '与标准程序输出相同',
  'Differs from the reference': '与标准程序输出不同',
  // A stress run's one-line state, and the panel's live words (public/stress.js)
  'in queue ({0} {1} case(s), seed {2})': '排队中（{0} 组，规模 {1}，种子 {2}）',
  'running: {0} / {1} cases (size {2}, seed {3})': '运行中：{0} / {1} 组（规模 {2}，种子 {3}）',
  'passed {0} case(s) (size {1}, seed {2})': '通过 {0} 组（规模 {1}，种子 {2}）',
  '{0} on random case {1} (size {2}, seed {3})': '随机数据第 {1} 组：{0}（规模 {2}，种子 {3}）',
  'cancelled after {0} of {1} case(s) (size {2}, seed {3})': '已在 {1} 组中的第 {0} 组后取消（规模 {2}，种子 {3}）',
  'could not complete ({0} {1} case(s), seed {2})': '未能完成（{0} 组，规模 {1}，种子 {2}）',
  'could not complete (size {0}, seed {1})': '未能完成（规模 {0}，种子 {1}）',
  failed: '失败',
  'Found a failing case; shrinking it (step {0})': '找到出错的数据，正在缩小（第 {0} 步）',
  'stopped at case {0} of {1}': '停在第 {0} 组（共 {1} 组）',
  'cancelled after {0} of {1} cases': '已在 {1} 组中的第 {0} 组后取消',
  'size {0}, seed {1}': '规模 {0}，种子 {1}',
  '{0}; {1} cases/s': '{0}；每秒 {1} 组',
  'Cancelled after {0} of {1} cases; none of them failed': '已在 {1} 组中的第 {0} 组后取消；这些数据全部通过',
  'Saved as test {0}: every later submission runs it.': '已保存为测试点 {0}：之后的每次提交都会运行它。',
  '{0}; shrunk in {1} step(s) to this input:': '{0}；经过 {1} 步缩小为下面的输入：',
  // Problem page
  'Judged by Node.js {0}. TypeScript {1} type-checks TypeScript first:': '评测使用 Node.js {0}。TypeScript 代码先由 TypeScript {1} 做类型检查：',
  'a type error is a compilation error': '类型错误算作编译错误',
  '. JavaScript is only parsed (a syntax error is a compilation error) and runs the same way.': '。JavaScript 只做语法分析（语法错误算作编译错误），运行方式相同。',
  'Judged against {0} tests; limit 64 KiB of source. Ctrl+Enter (⌘+Enter) in the editor submits; Esc then Tab leaves the editor.': '共 {0} 个测试点；源代码不超过 64 KiB。在编辑器中按 Ctrl+Enter（⌘+Enter）提交；先按 Esc 再按 Tab 离开编辑器。',
  'Show hint {0} of {1}': '显示第 {0} 条提示（共 {1} 条）',
  'That was the last hint.': '这是最后一条提示。',
  'Shown because you solved this problem.': '你已通过本题，因此显示题解。',
  'Shown because you asked for it.': '应你的要求显示题解。',
  'The editorial gives the whole solution away. Try the hints first: a problem solved with a hint teaches more than one read.': '题解会给出完整的解法。先试试提示吧：借助提示做出来的题，比直接读题解收获更多。',
  'Yes, show the editorial': '是的，显示题解',
  'No, back to the hints': '不了，回到提示',
  'The editorial (the idea, why it is right, its complexity) opens once you get Accepted on this problem.': '通过本题后即可查看题解（思路、正确性、复杂度）。',
  'Show it anyway…': '仍然显示…',
  tiny: '极小',
  small: '小',
  medium: '中',
  max: '最大',
  'SG table': 'SG 表',
  'This problem declares its game: see the SG values of its states, the pattern in them, and check a conjecture on every state.': '本题给出了它的游戏：查看各状态的 SG 值和其中的规律，并在每个状态上检验你的猜想。',
  'Open the SG table of this game': '打开这个游戏的 SG 表',
  'stress test': '对拍',
  'test {0}': '测试点 {0}',
  Remove: '删除',
  'None yet: save a stress-test counterexample to add one.': '还没有：保存一个对拍找到的反例即可添加。',
  // Problem list
  'difficulty {0} of 5': '难度 {0} / 5',
  'No problems are imported yet: check the start-up log for warnings about problem packages.': '还没有导入题目：请查看启动日志中关于题目包的警告。',
  // Error pages
  'Bad request': '请求有误',
  'Not found': '未找到',
  'Too large': '内容过大',
  Conflict: '冲突',
  Unsupported: '不支持',
  'Internal error': '内部错误',
  Error: '错误',
  // Lab
  'Compute the SG values of a game by memoised search, see the table, let the lab find the period, then check a closed form on every state (打表). Games with a cycle get Win / Lose / Draw instead.':
    '用记忆化搜索计算游戏的 SG 值，查看表格，让实验室找出周期，再在每个状态上检验通项公式（打表）。有环的游戏改为给出 胜 / 负 / 平。',
  'A problem’s game or a preset': '题目中的游戏或预设游戏',
  Game: '游戏',
  Problems: '题目',
  Presets: '预设',
  Submissions: '提交记录',
  'octal code': '八进制代码',
  'subtraction set': '减法集合',
  'every parameter up to': '每个参数最大到',
  default: '默认',
  Compute: '计算',
  'Your own game (runs in the sandbox)': '你自己的游戏（在沙箱中运行）',
  'options(state) in TypeScript': 'options(state)，用 TypeScript 编写',
  'Compute my game': '计算我的游戏',
  Conjecture: '猜想',
  'A closed form of the state: the SG value (a number) or whether the mover wins (a boolean). Checked on every state of the next table you compute.':
    '关于状态的通项公式：SG 值（一个数）或先手是否必胜（一个布尔值）。会在你下一次计算的表格的每个状态上检验。',
  Table: '表格',
  'Stress-test a solution of this problem': '对拍本题的一份代码',
  'As text': '文本形式',
  'Problems without a game here': '这里没有游戏的题目',
  'SG lab: job {0}': 'SG 实验室：任务 {0}',
  'Waiting for the lab…': '等待实验室…',
  'Compiling…': '编译中…',
  'Computing…': '计算中…',
  'Back to the lab': '返回实验室',
};

/** A fixed sentence of a page in the interface language, its `{n}` filled with `args`. */
export function translatePhrase(text: string, lang: Lang, args: readonly unknown[] = []): string {
  const template = lang === 'zh' ? (PHRASES_ZH[text] ?? VERDICT_ZH[text] ?? text) : text;
  return template.replace(/\{(\d)\}/g, (_, i: string) => String(args[Number(i)] ?? ''));
}

/** Error-page sentences built from a pattern, for the common ones; others stay English. */
const ERROR_ZH: readonly [RegExp, (m: RegExpExecArray) => string][] = [
  [/^There is no page at (.+)\.$/, (m) => `没有页面 ${m[1]}。`],
  [/^There is no submission (.+)\.$/, (m) => `没有提交 ${m[1]}。`],
  [/^There is no stress run (.+)\.$/, (m) => `没有对拍 ${m[1]}。`],
  [/^There is no invocation (.+)\.$/, (m) => `没有自定义测试 ${m[1]}。`],
  [/^There is no problem "?([^"]+)"?\.$/, (m) => `没有题目 ${m[1]}。`],
  [/^"(.*)" is not a (stress run|invocation) \(a positive integer\)\.$/, (m) => `“${m[1]}”不是${m[2] === 'stress run' ? '对拍' : '自定义测试'}编号（应为正整数）。`],
];

export function translateErrorMessage(text: string, lang: Lang): string {
  if (lang === 'en') return text;
  for (const [re, to] of ERROR_ZH) {
    const m = re.exec(text);
    if (m) return to(m);
  }
  return text;
}

/** A status line ("In queue", "Running on test 7", "Wrong answer on test 3", ...) in the interface language. */
export function translateStatus(text: string, lang: Lang): string {
  if (lang === 'en') return text;
  if (text === 'In queue') return '排队中';
  if (text === 'Compiling') return '编译中';
  if (text === 'Running') return '运行中';
  let m = /^Running on test (\d+)$/.exec(text);
  if (m) return `正在运行第 ${m[1]} 个测试点`;
  m = /^(.+) on (random case|test) (\d+)$/.exec(text);
  if (m && VERDICT_ZH[m[1]!]) return `${m[2] === 'test' ? '第' : '随机数据第'} ${m[3]} 个${m[2] === 'test' ? '测试点' : ''}${VERDICT_ZH[m[1]!]}`;
  return VERDICT_ZH[text] ?? text;
}

/** A live-update event with its `text` / `verdictText` in the interface language. */
export function localizeEvent(data: unknown, lang: Lang): unknown {
  if (lang === 'en' || typeof data !== 'object' || data === null) return data;
  const d = { ...(data as Record<string, unknown>) };
  for (const key of ['text', 'verdictText']) if (typeof d[key] === 'string') d[key] = translateStatus(d[key] as string, lang);
  return d;
}

/** Strings the browser scripts show, in the interface language. */
export function clientText(lang: Lang): Record<string, string> {
  if (lang === 'en') return {};
  return {
    'In queue': '排队中',
    'Sending…': '发送中…',
    'Cancelling…': '正在取消…',
    'Running…': '运行中…',
    'Save as a test': '保存为测试点',
    'Stress test could not complete': '对拍未能完成',
    'Same answer as the reference': '与标准程序输出相同',
    'Differs from the reference': '与标准程序输出不同',
    'Your output': '你的输出',
    'Reference output': '标准程序输出',
    'Expected output (reference)': '期望输出（标准程序）',
    Input: '输入',
    'Standard error': '标准错误输出',
    'That was the last hint.': '这是最后一条提示。',
    'On input': '出错的输入',
    Remove: '删除',
    ...PHRASES_ZH,
    ...VERDICT_ZH,
  };
}

/**
 * The interface language of every page: the `lang` cookie (set by the language links), else the
 * browser's preference, else English. Pages get `t` (the words), `uiLang` and `uiJson`.
 */
export const uiLanguage: RequestHandler = (req, res, next) => {
  const cookie = readCookieLang(req.headers.cookie);
  const lang: Lang = cookie ?? (req.acceptsLanguages('en', 'zh') === 'zh' ? 'zh' : 'en');
  res.locals.uiLang = lang;
  res.locals.t = UI[lang];
  res.locals.uiJson = JSON.stringify(clientText(lang)).replace(/</g, '\\u003c');
  next();
};
