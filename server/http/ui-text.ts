import type { RequestHandler } from 'express';
import type { Tag } from '../../problems/catalog';
import { readCookieLang } from './lang';
import { COURSE_PHRASES_ZH } from './course-text';
import { CONTEST_PHRASES_ZH } from './contest-text';
import { DRAFT_PHRASES_ZH } from './problem-draft-text';
import { REMOVE_PHRASES_ZH } from './problem-remove-text';
import { VERDICT_TABLE } from '../judge/verdicts';
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
  packageDownload: 'Download as a problem package (ICPC / Kattis format, with every test)',
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
  mainNav: 'Main',
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
  packageDownload: '下载题目包（ICPC / Kattis 格式，含全部测试数据）',
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
  mainNav: '主导航',
  any: '全部',
};

export const UI: Record<Lang, UiText> = { en: EN, zh: ZH };

/** The verdicts' Chinese words: the verdict table's `zh` column, by its English `name`. */
const VERDICT_ZH: Record<string, string> = Object.fromEntries(VERDICT_TABLE.map((r) => [r.name, r.zh]));

/**
 * Fixed sentences of the pages, keyed by their English text (`{{tr "..." arg}}` in a view; `{0}`,
 * `{1}` stand for the arguments). A phrase missing here stays English.
 */
const PHRASES_ZH: Record<string, string> = {
  ...COURSE_PHRASES_ZH,
  ...CONTEST_PHRASES_ZH,
  ...DRAFT_PHRASES_ZH,
  ...REMOVE_PHRASES_ZH,
  // Accounts, the class and homework (accounts mode)
  'API tokens': 'API 令牌',
  'For scripts and the command line: send the header Authorization: Bearer TOKEN.': '供脚本和命令行使用：发送请求头 Authorization: Bearer TOKEN。',
  'Your new token (shown only now):': '你的新令牌（只显示这一次）：',
  Label: '标签',
  Made: '创建于',
  Revoke: '作废',
  'Make a token': '生成令牌',
  Class: '班级',
  'Each cell: the first Accepted (when, after how many rejected tries), tries without a solve, or nothing yet. Updates by itself.':
    '每格：第一次通过（时间，之前被拒绝几次）、尝试了但未通过，或尚未尝试。表格会自动更新。',
  'Download as CSV': '下载 CSV',
  'Homework sets': '作业',
  'problem(s)': '道题',
  opens: '开始于',
  closes: '截止于',
  Name: '用户名',
  'Problems (slugs in order, separated by commas)': '题目（按顺序写题目标识，用逗号分隔）',
  Opens: '开始时间',
  Closes: '截止时间',
  'Make the set': '布置作业',
  Author: '作者',
  'My progress': '我的进度',
  teacher: '教师',
  'Log out': '退出登录',
  Menu: '菜单',
  'Log in': '登录',
  'You are logged out.': '你已退出登录。',
  Password: '密码',
  'New here?': '第一次来？',
  'Register with the class code': '用班级邀请码注册',
  'Solved {0} of {1}': '已通过 {0} / {1} 题',
  Homework: '作业',
  ', {0} of {1} solved': '，已通过 {0} / {1} 题',
  ', closes {0}': '，截止于 {0}',
  closed: '已截止',
  'No homework yet.': '还没有作业。',
  'Recent submissions': '最近的提交',
  Solved: '已通过',
  shared: '共享',
  'Share with everyone': '共享给所有人',
  Register: '注册',
  '1 to 32 letters, digits, _ . or -': '1 到 32 个字母、数字、_、. 或 -',
  'Class code': '班级邀请码',
  'Registration is closed: the teacher has closed it.': '注册已关闭：老师关闭了注册。',
  Registration: '注册',
  'Open: students register at /register with the class code': '开放中：学生在 /register 用班级邀请码注册，邀请码是',
  'Closed: nobody can register.': '已关闭：现在无法注册。',
  'Close registration': '关闭注册',
  'Open registration': '开放注册',
  'no closing time': '没有截止时间',
  'Remove this set (submissions stay)': '删除这份作业（提交记录会保留）',
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
  'shrinking a failing case (size {0}, seed {1})': '正在缩小出错的数据（规模 {0}，种子 {1}）',
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
  'The lab calls your game state by state, so it is a TypeScript function here; C++ and Python are for submissions, stress tests and custom runs on the problem pages.':
    '实验室逐个状态调用你的游戏函数，所以这里只能用 TypeScript 函数；C++ 和 Python 用于题目页面上的提交、对拍和自定义运行。',
  "C++ is compiled by g++ -std=gnu++17 (or gnu++20) -O2 with ONLINE_JUDGE defined; Python runs on CPython or PyPy. The time and memory limits are the same for every language, and Python's memory counts its interpreter.":
    'C++ 用 g++ -std=gnu++17（或 gnu++20）-O2 编译，并定义了 ONLINE_JUDGE；Python 在 CPython 或 PyPy 上运行。每种语言的时间和内存限制都相同，Python 的内存包括解释器本身。',
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
  // Sample runs and the difference view
  'Run the samples': '运行样例',
  "Runs every sample without submitting (Ctrl+' or ⌘+'); nothing is stored.": "不提交，运行全部样例（Ctrl+' 或 ⌘+'）；不会保存任何记录。",
  'Running the samples…': '正在运行样例…',
  'Cancel the computation': '取消计算',
  'Cancelled.': '已取消。',
  'Log in to run the samples: your code stays in the editor.': '登录后才能运行样例：你的代码会留在编辑器里。',
  '{0} of {1} samples passed': '通过 {0} / {1} 个样例',
  'Sample {0}': '样例 {0}',
  'First difference on line {0}': '第一处不同在第 {0} 行',
  'case {0} of {1}': '第 {0} 组（共 {1} 组）',
  'Compiled as {0}': '按 {0} 编译',
  'judged on Node.js {0}': '评测环境 Node.js {0}',
  'What next': '接下来',
  'Jump to the editor': '跳到编辑器',
  Pages: '分页',
  'Edit and resubmit': '修改后重新提交',
  'You won the game against the judge': '你赢了评测程序',
  'You lost the game (see why below)': '你输了这局（原因见下）',
  'Interactor:': '交互器：',
  "For the teacher (the package's judgemessage.txt; students do not see it):": '给教师看的（题包的 judgemessage.txt；学生看不到）：',
  'the smallest inputs, quick to read by hand': '最小的输入，便于手工阅读',
  'small inputs, where most wrong ideas already fail': '小输入，大多数错误思路在这里就会失败',
  'bigger inputs, for mistakes that need more room': '更大的输入，用于需要更大规模才暴露的错误',
  "inputs at the problem's limits, to find slow or overflowing code": '达到题目上限的输入，用于发现过慢或溢出的代码',
  "How much the program's resident memory grew during the run; the warm runtime is not counted, so a small program can show 0 KiB.": '内存为程序运行期间常驻内存的增长量，不计预热好的运行环境本身，因此很小的程序可能显示 0 KiB。',
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
  '{0} problems are still being built; they appear here in a few seconds.': '还有 {0} 道题目正在构建，几秒钟后会出现在这里。',
  'This problem is being built — ready in a few seconds.': '这道题目正在构建——几秒钟后就绪。',
  'This page reloads itself when the problem is ready.': '题目就绪后本页会自动刷新。',
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
  'In the editor Tab indents; Esc then Tab leaves it.': '在编辑器中 Tab 用于缩进；先按 Esc 再按 Tab 即可离开编辑器。',
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
  'This table is too big to compute while the page loads; it can run as a lab job.': '这张表太大，无法在页面加载时计算；可以作为实验室任务运行。',
  'Compute as a job': '作为任务计算',
  'Download the whole table (CSV)': '下载整张表（CSV）',
  '{0} s': '{0} 秒',
  'SG lab': 'SG 实验室',
  Nim: 'Nim 游戏',
  'Bash (take 1..m)': '巴什博弈（每次取 1..m 个）',
  // Lab: what public/lab.js says while it computes, and around a table
  'The lab could not be reached: {0}': '无法连接实验室：{0}',
  'Waiting for the lab ({0} ahead)…': '等待实验室（前面还有 {0} 个任务）…',
  'Compiling… {0} s (limit 10 s of CPU)': '编译中… {0} 秒（CPU 时间上限 10 秒）',
  'Computing in the sandbox… {0} s (limit 10 s of CPU)': '正在沙箱中计算… {0} 秒（CPU 时间上限 10 秒）',
  'Computing… {0} s': '计算中… {0} 秒',
  'G(n) against n for n = {0}..{1}': 'G(n) 随 n 变化的散点图，n = {0}..{1}',
  'blue line: the period starts (n = {0})': '蓝线：周期开始处（n = {0}）',
  'dashed: values from n = {0} follow from the proven period': '虚线：从 n = {0} 起的值由已证明的周期得出',
  '{0} states computed in {1} ms ({2} visited).': '已算出 {0} 个状态，用时 {1} 毫秒（搜索访问了 {2} 个）。',
  'Copy as text': '复制文本',
  'Copy as CSV': '复制 CSV',
  'Download CSV': '下载 CSV',
  'Download SVG': '下载 SVG',
  'First {0} of {1} states shown.': '只显示了 {1} 个状态中的前 {0} 个。',
  'Text copied.': '文本已复制。',
  'CSV copied.': 'CSV 已复制。',
  'Copying needs clipboard permission; use the download instead.': '复制需要剪贴板权限，请改用下载。',
  'The conjecture holds on all {0} states.': '猜想在全部 {0} 个状态上成立。',
  'The conjecture fails at {0}.': '猜想在 {0} 处不成立。',
  'The table says {0}; the conjecture says {1}.': '表中的值是 {0}，猜想给出 {1}。',
  'Its options:': '它的后继：',
  'no options: a terminal state': '没有后继：这是终止状态',
  'nothing left': '空',
  none: '无',
  '; options: {0}': '；后继：{0}',
  ' (exception to the period)': '（周期的例外）',
  'P-position (the player to move loses)': 'P 态（轮到行动的一方必败）',
  'value 0 (P-position)': '值为 0（P 态）',
  'pre-period': '预周期',
  exception: '例外',
  'First {0} rows shown; the CSV has all {1} values.': '只显示前 {0} 行；CSV 中有全部 {1} 个值。',
  'Heatmap of {0} × {1} states: the arrow keys move, Enter or Space shows a state’s moves, Esc closes them': '{0} × {1} 个状态的热力图：方向键移动，Enter 或空格显示该状态的后继，Esc 关闭',
  'G(n), one row per period of {0}: the arrow keys move, Enter or Space shows a state’s moves, Esc closes them': 'G(n)，每行一个周期（{0}）：方向键移动，Enter 或空格显示该状态的后继，Esc 关闭',
  'Moves from {0} (value {1}):': '{0}（值为 {1}）的后继：',
  'Moves are not kept for a table this big.': '这么大的表不保存各状态的后继。',
  Close: '关闭',
  'A row’s label plus a column’s +k is n; the column +k holds every n ≡ k (mod {0}).': '行首的数加上列的 +k 就是 n；+k 这一列是所有 n ≡ k (mod {0}) 的值。',
  'Hover or focus a cell to read its value and options.': '把鼠标移到格子上（或用键盘选中）即可查看它的值和后继。',
  '0 (P-position)': '0（P 态）',
  Win: '胜',
  'Lose (P-position)': '负（P 态）',
  Draw: '平',
  'colours repeat every {0} values (up to {1})': '颜色每 {0} 个值循环一次（最大值为 {1}）',
  Slice: '切片',
  // Lab: the analysis of a table (the engine's summary sentences, rebuilt from the result's fields
  // by server/http/lab-text.ts and public/lab.js)
  'no period seen over {0} values': '在 {0} 个值中没有发现周期',
  'period {0} from n = {1}: proven (Guy–Smith bound: {2} values needed, {3} computed)': '从 n = {1} 起周期为 {0}：已证明（Guy–Smith 界：需要 {2} 个值，已算出 {3} 个）',
  'period {0} from n = {1}: seen over {2} values (up to n = {3})': '从 n = {1} 起周期为 {0}：在已算出的 {2} 个值中成立（算到 n = {3}）',
  'period {0} from n = {1}: seen over {2} values (up to n = {3}); the Guy–Smith bound needs {4} values to prove it':
    '从 n = {1} 起周期为 {0}：在已算出的 {2} 个值中成立（算到 n = {3}）；按 Guy–Smith 界需要 {4} 个值才能证明',
  'period {0} with saltus {1} from n = {2}: proven (Guy–Smith bound: {3} values needed, {4} computed)':
    '从 n = {2} 起为算术周期：周期 {0}，每个周期增加 {1}；已证明（Guy–Smith 界：需要 {3} 个值，已算出 {4} 个）',
  'period {0} with saltus {1} from n = {2}: seen over {3} values (up to n = {4})': '从 n = {2} 起为算术周期：周期 {0}，每个周期增加 {1}；在已算出的 {3} 个值中成立（算到 n = {4}）',
  'period {0} with saltus {1} from n = {2}: seen over {3} values (up to n = {4}); the Guy–Smith bound needs {5} values to prove it':
    '从 n = {2} 起为算术周期：周期 {0}，每个周期增加 {1}；在已算出的 {3} 个值中成立（算到 n = {4}）；按 Guy–Smith 界需要 {5} 个值才能证明',
  'values from n = {0} to {1} follow from the proven period (G(n) = G(n − {2})); G(n) was computed up to n = {3}':
    '从 n = {0} 到 {1} 的值由已证明的周期得出（G(n) = G(n − {2})）；G(n) 实际算到 n = {3}',
  'values: {0}': 'SG 值：{0}',
  'P-positions (value 0): {0}': 'P 态（值为 0）：{0}',
  'period {0} in {1} from {1} = {2}': '沿 {1} 方向从 {1} = {2} 起周期为 {0}',
  'period {0} in {1} from {1} = {2}, period {3} in {4} from {4} = {5}': '沿 {1} 方向从 {1} = {2} 起周期为 {0}，沿 {4} 方向从 {4} = {5} 起周期为 {3}',
  'no period seen along either axis': '两个方向上都没有发现周期',
  'the move graph has a cycle (through {0}): outcomes by retrograde analysis from the terminal states, {1} Win, {2} Lose, {3} Draw':
    '状态图中有环（经过 {0}）：从终止状态倒推得出胜负，{1} 个必胜、{2} 个必败、{3} 个平局',
  'conjecture holds on all {0} states': '猜想在全部 {0} 个状态上成立',
  'conjecture fails at {0}: {1}': '猜想在 {0} 处不成立：{1}',
  'conjecture fails at {0}: the table says {1}, the conjecture {2}': '猜想在 {0} 处不成立：表中的值是 {1}，猜想给出 {2}',
  'conjecture fails at {0}: the table says {1}, the conjecture {2}; its options: {3}': '猜想在 {0} 处不成立：表中的值是 {1}，猜想给出 {2}；它的后继：{3}',
};

/** A fixed sentence of a page in the interface language, its `{n}` filled with `args`. */
export function translatePhrase(text: string, lang: Lang, args: readonly unknown[] = []): string {
  const template = lang === 'zh' ? (PHRASES_ZH[text] ?? VERDICT_ZH[text] ?? text) : text;
  return template.replace(/\{(\d)\}/g, (_, i: string) => String(args[Number(i)] ?? ''));
}

/** The catalog's topic tags (problems/catalog.ts) in Chinese, as Chinese OJs name them. */
const TAG_ZH: Record<Tag, string> = {
  'P/N positions': 'P/N 态',
  Nim: 'Nim 游戏',
  'SG function': 'SG 函数',
  'SG sum': '游戏的和',
  periodicity: '周期性',
  symmetry: '对称策略',
  misère: '反常游戏',
  staircase: '阶梯 Nim',
  trees: '树',
  strings: '字符串',
  matching: '匹配',
  draws: '平局',
  interactive: '交互题',
  Wythoff: '威佐夫博弈',
  Fibonacci: '斐波那契博弈',
  graphs: '图上的游戏',
  'Every-SG': 'Every-SG 游戏',
  splitting: '拆分游戏',
  'coin turning': '翻硬币游戏',
  Hackenbush: '删边游戏',
};

/** A topic tag in the interface language (the API keeps the catalog's English names). */
export function translateTag(tag: string, lang: Lang): string {
  return lang === 'zh' ? (TAG_ZH[tag as Tag] ?? tag) : tag;
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
 * The header's "English 中文" on every page: this address with ?lang= (lang.ts's languageChoice
 * remembers it and reloads the page, so the whole interface changes at once, logged in or not).
 */
function languageLinks(originalUrl: string, current: Lang): { lang: Lang; label: string; href: string; current: boolean }[] {
  const url = new URL(originalUrl, 'http://x');
  return (['en', 'zh'] as const).map((lang) => {
    url.searchParams.set('lang', lang);
    return { lang, label: lang === 'en' ? 'English' : '中文', href: url.pathname + url.search, current: lang === current };
  });
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
  res.locals.langLinks = languageLinks(req.originalUrl, lang);
  next();
};
