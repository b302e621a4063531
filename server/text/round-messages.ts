/**
 * What a contestant is told about a round's helpers, failing tests, questions and hidden problems
 * (server/http/round-tools.ts, contest routes and pages), by id in both languages.
 */
export const ROUND_MESSAGES = {
  'round.stress-off': {
    en: 'The stress test, custom inputs, saved tests and mistake maps are turned off during the contest "{0}" and available again after the round.',
    zh: '比赛“{0}”期间，对拍、自定义输入、保存测试和错误地图都已关闭，赛后恢复。',
  },
  'round.lab-off': { en: 'The lab is turned off during the contest "{0}" and available again after the round.', zh: '比赛“{0}”期间，SG 实验室已关闭，赛后恢复。' },
  'round.hints-off': { en: 'Hints and the editorial are turned off during the contest "{0}" and available again after the round.', zh: '比赛“{0}”期间，提示和题解都已关闭，赛后恢复。' },
  'round.failing-hidden': {
    en: 'During the contest "{0}" only the verdict and the test\'s number are shown: the tests are the judge\'s until the round is over.',
    zh: '比赛“{0}”期间只显示结果和测试点编号：比赛结束前，测试数据不公开。',
  },
  'round.no-failing-file': { en: 'During the contest "{0}" the failing test\'s files are not shown; they are after the round.', zh: '比赛“{0}”期间不提供出错测试点的文件，赛后可以下载。' },
  'round.question-problem-before': {
    en: 'Before the start a question is about the round in general; questions about a problem open when the round starts.',
    zh: '比赛开始前只能就整场比赛提问；开赛后才能就某道题提问。',
  },
  'round.question-cap': {
    en: 'You have asked {0} questions in this round, the most one person may; wait for the answers, or ask the teacher in person.',
    zh: '你在本场比赛中已经提了 {0} 个问题，已达上限；请等待回答，或当面问老师。',
  },
} as const satisfies Record<string, { en: string; zh: string }>;
