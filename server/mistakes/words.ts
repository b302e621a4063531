/** The mistake map pages' words in English and Chinese (kept here, not in the shared ui-text.ts). */
const EN = {
  title: 'Mistake map',
  seeWhere: 'See where your program disagrees',
  seeWhereHelp: 'Runs the program on every small state of the game and draws its win/lose table beside the true one.',
  waiting: 'The map is being drawn…',
  failed: 'No map:',
  grid: 'What one cell is:',
  legendTrue: 'Dark cell: a true losing position (L); light: a winning one (W). The letter is your program’s answer.',
  legendWrong: 'Outlined in red with ✗: your program disagrees there. “?”: no answer (crash, time-out, bad output, or not run: a row stops at its first time-out, a map at 10 s of CPU).',
  runFirst: 'Run exactly this case',
  firstIs: 'The first state where it differs:',
  bySubmission: 'of submission',
  table: 'Win/lose table',
  yours: 'Your program’s table',
  truth: 'The true table (from the SG lab)',
  difference: 'The difference: the true table, your answers in it',
  classTitle: 'The class’s mistakes',
  classHelp: 'Wrong submissions grouped by identical win/lose tables, the most common first. A map is drawn when someone asks for it.',
  makeAll: 'Draw the maps of the {0} wrong submissions that have none',
  programs: 'programs',
  example: 'example',
  pattern: 'the mistake',
  differs: 'states differ',
  noGroups: 'No wrong submission has a map yet.',
  cellLabel: '{0}: true {1}, your program {2}',
  cellWrong: 'differs',
  back: 'Class',
} as const;

export type MapWords = { [K in keyof typeof EN]: string };

const ZH: MapWords = {
  title: '错误地图',
  seeWhere: '看看你的程序错在哪里',
  seeWhereHelp: '在游戏的每个小状态上运行程序，把它的胜负表和真实的胜负表并排画出来。',
  waiting: '正在绘制地图……',
  failed: '无法绘制：',
  grid: '每一格是：',
  legendTrue: '深色格：真正的必败态（L）；浅色格：必胜态（W）。格中的字母是你的程序的回答。',
  legendWrong: '红框并带 ✗：你的程序在这里答错了。“?”：没有回答（崩溃、超时、输出无法识别，或没有运行：一行在第一次超时后停止，整张地图最多用 10 秒 CPU 时间）。',
  runFirst: '只运行这一组数据',
  firstIs: '第一个出错的状态：',
  bySubmission: '提交',
  table: '胜负表',
  yours: '你的程序的胜负表',
  truth: '真实的胜负表（来自 SG 实验室）',
  difference: '差异：真实的胜负表，格中是你的回答',
  classTitle: '全班的错误',
  classHelp: '把错误的提交按相同的胜负表分组，最常见的在前。地图在有人请求时绘制。',
  makeAll: '为还没有地图的 {0} 份错误提交绘制地图',
  programs: '份程序',
  example: '示例',
  pattern: '错误的规律',
  differs: '个状态不同',
  noGroups: '还没有错误提交的地图。',
  cellLabel: '{0}：真实 {1}，你的程序 {2}',
  cellWrong: '不同',
  back: '班级',
};

export function mapWords(lang: string | undefined): MapWords {
  return lang === 'zh' ? ZH : EN;
}
