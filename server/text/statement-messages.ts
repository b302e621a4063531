/**
 * What the judge says about a statement it will not render (server/render/statement-bounds.ts):
 * at import and publish (refused), on the page of a problem stored before the bound (shown as
 * broken), and at start-up (skipped with a log line). `{0}` is the statement's language code.
 */
export const STATEMENT_MESSAGES = {
  'statement.too-large': {
    en: 'The statement ({0}) is {1} bytes; a statement may have at most {2} bytes.',
    zh: '题面（{0}）有 {1} 字节；题面最多 {2} 字节。',
  },
  'statement.too-deep': {
    en: 'The statement ({0}) nests {1} levels deep (braces, brackets, quotes, lists or emphasis marks); at most {2} levels are rendered.',
    zh: '题面（{0}）嵌套了 {1} 层（花括号、方括号、引用、列表或强调标记）；最多渲染 {2} 层。',
  },
  'statement.too-slow': {
    en: 'The statement ({0}) did not render within {1} s; shorten it or nest it less.',
    zh: '题面（{0}）在 {1} 秒内没有渲染完成；请缩短它或减少嵌套。',
  },
  'statement.failed': {
    en: 'The statement ({0}) could not be rendered: {1}.',
    zh: '题面（{0}）无法渲染：{1}。',
  },
  'statement.broken': {
    en: 'This statement cannot be shown. {0} A teacher may replace the problem with a new version or remove it.',
    zh: '这道题的题面无法显示。{0} 教师可以导入新版本替换它，或者删除它。',
  },
} as const;
