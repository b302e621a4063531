/**
 * The words of the stored-problem parts of the pages (the upload on /class, the notice on a stored
 * problem's page), in English and Chinese. Kept beside ui-text.ts rather than in it, so that
 * file stays one table of the common words.
 */
export const IMPORT_TEXT = {
  en: {
    storedNoStress:
      'This problem was imported as a package without a generator: stress tests, custom inputs and saved tests are off for it. Submissions and sample runs are judged as usual.',
    importTitle: 'Bringing a problem in',
    importHelp:
      'Upload a problem package (ICPC / Kattis format) as a zip holding one folder named by the short name. It waits in the judge queue; then its input validators and solutions are run before it is stored, and it is refused with every reason if a test input is invalid or an accepted solution fails.',
    importFile: 'Package zip',
    importAs: 'Store under another short name (optional)',
    importButton: 'Import',
    importDone: 'Imported',
    importRefused: 'Refused',
    importTable: 'Solution table',
    importNotes: 'Notes',
    importQueued: 'Uploaded; waiting in the judge queue',
    importRunning: 'Checking the package and running its solutions',
  },
  zh: {
    storedNoStress: '此题作为题目包导入，没有数据生成器：对拍、自定义输入和保存的测试都不可用。提交和运行样例照常评测。',
    importTitle: '导入题目',
    importHelp: '上传一个题目包（ICPC / Kattis 格式）的 zip，其中是一个以题目短名命名的文件夹。它先在评测队列中等待；存储前会运行其中的输入校验器和解答；若有测试输入不合法或标为正确的解答未通过，则拒绝导入并列出全部原因。',
    importFile: '题目包 zip',
    importAs: '以另一个短名存储（可选）',
    importButton: '导入',
    importDone: '已导入',
    importRefused: '已拒绝',
    importTable: '解答表',
    importNotes: '说明',
    importQueued: '已上传，正在评测队列中等待',
    importRunning: '正在检查题目包并运行其中的解答',
  },
} as const;

export type ImportText = (typeof IMPORT_TEXT)['en'];
