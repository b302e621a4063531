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
    ...Object.fromEntries(Object.entries(VERDICT_ZH)),
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
