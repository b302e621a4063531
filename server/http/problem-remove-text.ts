/** The remove button's words in Chinese, keyed by their English text (see PHRASES_ZH in ui-text.ts). */
export const REMOVE_PHRASES_ZH: Record<string, string> = {
  'Remove this problem': '删除这道题',
  'Remove {0}?': '删除 {0}？',
  'Removed {0}': '已删除 {0}',
  'Remove it': '删除',
  'Keep it': '保留',
  'Its package, tests and saved tests are deleted, and it leaves the problem list, homework pages and the judge at once. Its {0} submission(s) are kept, with their verdicts and sources, and still shown on the submissions pages under its short name. This cannot be undone; import the package again to bring it back.':
    '它的题目包、测试数据和保存的测试都会被删除，它会立刻从题目列表、作业页面和评测中消失。它的 {0} 份提交会保留（连同结果和代码），仍以它的短名称显示在提交页面上。此操作无法撤销；重新导入题目包可以恢复它。',
  '{0} was removed. Its {1} submission(s) are kept.': '{0} 已删除。它的 {1} 份提交已保留。',
  'Back to the problems': '返回题目列表',
};
