// Submission page: a wrong answer's expected and program output shown as a difference (see
// public/diff.js) above the blocks they come from, which keep their downloads.
(() => {
  'use strict';
  const mount = () => {
    const failure = document.querySelector('.failure[data-verdict="WA"]');
    if (!failure || failure.querySelector('.diff') || !window.sgDiff) return;
    const text = (kind) => {
      const pre = failure.querySelector(`.io-block[data-kind="${kind}"] pre`);
      const empty = failure.querySelector(`.io-block[data-kind="${kind}"] .empty-text`);
      return pre ? pre.textContent : empty ? '' : null;
    };
    const expected = text('expected');
    const output = text('output');
    if (expected === null || output === null) return;
    const diff = window.sgDiff(expected, output, { got: failure.dataset.outputLabel || undefined });
    // The server names the case holding the first difference when the problem's layout makes it
    // certain (server/problems/case-layout.ts); its input lines are marked in the input block.
    const caption = diff.querySelector('.diff-caption');
    if (caption && failure.dataset.case) {
      const named = document.createElement('span');
      named.className = 'diff-case';
      named.textContent = window.sgText('case {0} of {1}', failure.dataset.case, failure.dataset.cases);
      caption.append(' · ', named);
    }
    const firstBlock = failure.querySelector('.io-block');
    firstBlock.before(diff);
    // The same texts stay below, with their downloads.
  };
  mount();
  // The live page swaps in the final page when judging ends (public/submission.js).
  new MutationObserver(mount).observe(document.querySelector('main') || document.body, { childList: true, subtree: true });
})();
