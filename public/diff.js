// Expected output beside the program's, as the checker compares them: token by token, whitespace
// aside. The first differing token is marked on its line in both columns, and its line named.
// Used by the sample runs on the problem page and by a wrong answer on the submission page.
(() => {
  'use strict';
  const uiText = window.sgText;

  /** Tokens with where they are: line (0-based) and the character range on it. */
  function tokens(text) {
    const out = [];
    text.split('\n').forEach((line, l) => {
      for (const m of line.matchAll(/\S+/g)) out.push({ line: l, start: m.index, end: m.index + m[0].length, text: m[0] });
    });
    return out;
  }

  /** The first token where the two differ (index into both lists), or -1 when they agree. */
  function firstDifference(a, b) {
    const n = Math.min(a.length, b.length);
    for (let i = 0; i < n; i++) if (a[i].text !== b[i].text) return i;
    return a.length === b.length ? -1 : n;
  }

  /** One column: numbered lines, the marked token (if any) in a <mark>. */
  function column(title, text, mark) {
    const box = document.createElement('div');
    box.className = 'diff-side';
    const head = document.createElement('div');
    head.className = 'io-title';
    head.textContent = title;
    const pre = document.createElement('pre');
    pre.className = 'diff-lines';
    // A scroll box takes focus so a keyboard can scroll it.
    pre.tabIndex = 0;
    const lines = text.replace(/\n$/, '').split('\n');
    lines.forEach((line, l) => {
      const row = document.createElement('span');
      row.className = 'diff-line';
      const num = document.createElement('span');
      num.className = 'line-number';
      num.setAttribute('aria-hidden', 'true');
      num.textContent = String(l + 1);
      row.append(num);
      if (mark && mark.line === l) {
        row.classList.add('diff-differs');
        const m = document.createElement('mark');
        m.textContent = line.slice(mark.start, mark.end) || ' ';
        row.append(line.slice(0, mark.start), m, line.slice(mark.end));
      } else row.append(line);
      row.append('\n');
      pre.append(row);
    });
    box.append(head, pre);
    return box;
  }

  /**
   * The difference view of expected and got: a caption naming the first differing line (of the
   * program's output) and two columns, side by side (stacked on a narrow screen, by style.css).
   */
  window.sgDiff = (expected, got, labels = {}) => {
    const a = tokens(expected);
    const b = tokens(got);
    const at = firstDifference(a, b);
    const wrap = document.createElement('div');
    wrap.className = 'diff';
    if (at >= 0) {
      // Past the end of the shorter side, the mark sits after its last line.
      const markA = a[at] || { line: a.length ? a[a.length - 1].line + 1 : 0, start: 0, end: 0 };
      const markB = b[at] || { line: b.length ? b[b.length - 1].line + 1 : 0, start: 0, end: 0 };
      const caption = document.createElement('p');
      caption.className = 'diff-caption';
      caption.textContent = uiText('First difference on line {0}', markB.line + 1);
      wrap.append(caption);
      const sides = document.createElement('div');
      sides.className = 'diff-sides';
      sides.append(column(labels.expected || uiText('Expected output'), expected, markA), column(labels.got || uiText('Your output'), got, markB));
      wrap.append(sides);
      wrap.dataset.line = String(markB.line + 1);
    } else {
      const sides = document.createElement('div');
      sides.className = 'diff-sides';
      sides.append(column(labels.expected || uiText('Expected output'), expected, null), column(labels.got || uiText('Your output'), got, null));
      wrap.append(sides);
    }
    return wrap;
  };
})();
