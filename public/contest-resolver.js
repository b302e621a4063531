// The ICPC resolver on the teacher's projector board after a frozen round. The server sends the
// board as the class sees it and the whole reveal sequence (server/contests/board.ts,
// `resolverSteps`): each step is one frozen cell's final state and every row's rank and score after
// it. This page only plays the steps, one at a time or all at once; it ranks nothing. The class's
// board stays frozen until the last step: then this page unfreezes the round (POST
// /api/contests/:id/unfreeze).
(() => {
  'use strict';
  const box = document.querySelector('.resolver[data-frozen]');
  const board = document.querySelector('.contest-board');
  if (!box || !board || !window.sgBoard) return;
  const body = board.querySelector('table.board tbody');
  const firstLabel = board.dataset.firstLabel || 'first solver';
  const next = box.querySelector('.resolver-next');
  const all = box.querySelector('.resolver-all');
  const left = box.querySelector('.resolver-left');
  let rows = null;
  let steps = [];
  let done = 0;

  const show = () => {
    window.sgBoard.draw(body, { rows }, firstLabel);
    const n = steps.length - done;
    left.textContent = box.dataset.leftWords.replace('{0}', String(n));
    next.disabled = n === 0;
    all.disabled = n === 0;
  };
  const finish = async () => {
    if (done < steps.length) return;
    try {
      await window.sgApi('POST', box.dataset.unfreeze);
      left.textContent = box.dataset.doneWords;
    } catch (e) {
      left.textContent = e.message;
    }
  };
  // One step: the revealed cell, then the rows in the server's order with its ranks and scores.
  const apply = (step, mark) => {
    const byName = new Map(rows.map((r) => [r.name, r]));
    for (const r of rows) {
      r.revealed = false;
      r.cells = r.cells.map((c) => ({ ...c, revealed: false }));
    }
    const row = byName.get(step.name);
    row.cells = row.cells.map((c) => (c.problem === step.problem ? { ...step.cell, revealed: mark } : c));
    row.revealed = mark;
    rows = step.rows.map((s) => ({ ...byName.get(s.name), rank: s.rank, solved: s.solved, penalty: s.penalty }));
  };
  const revealNext = () => {
    if (done >= steps.length) return;
    apply(steps[done], true);
    done += 1;
    show();
    void finish();
  };
  const revealAll = () => {
    while (done < steps.length) apply(steps[done++], false);
    show();
    void finish();
  };

  (async () => {
    try {
      const res = await fetch(box.dataset.frozen, { headers: { accept: 'application/json' } });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      const frozen = await res.json();
      rows = frozen.rows.filter((r) => !r.virtual).map((r) => ({ ...r, cells: r.cells.map((c) => ({ ...c })) }));
      steps = frozen.resolver || [];
      show();
      next.addEventListener('click', revealNext);
      all.addEventListener('click', revealAll);
    } catch (e) {
      left.textContent = e.message;
    }
  })();
})();
