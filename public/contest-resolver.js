// The ICPC resolver on the teacher's projector board after a frozen round: it starts from the board
// as the contestants see it and reveals the frozen cells one at a time, each time the lowest-ranked
// row's first pending cell (its final state from the teacher's live board), then ranks the rows
// again; or all at once. The students' board stays frozen until the last cell is revealed: then
// this page unfreezes the round (POST /api/contests/:id/unfreeze).
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
  const icpc = box.dataset.rules === 'icpc';
  let rows = null;
  let finalRows = null;

  const get = async (url) => {
    const res = await fetch(url, { headers: { accept: 'application/json' } });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    return res.json();
  };

  // The board's order (server/contests/board.ts): solved, then penalty (ICPC) or the last solve's
  // minute (practice), then the name; equal keys share a rank.
  const keyOf = (r) => {
    const solved = r.cells.filter((c) => c.state === 'solved');
    const second = icpc ? solved.reduce((sum, c) => sum + c.minutes + 20 * (c.tries - 1), 0) : Math.max(0, ...solved.map((c) => c.minutes));
    return [solved.length, second];
  };
  const rank = () => {
    for (const r of rows) {
      const [solved, second] = keyOf(r);
      r.solved = solved;
      r.penalty = icpc ? second : 0;
      r.key = [solved, second];
    }
    rows.sort((x, y) => y.key[0] - x.key[0] || x.key[1] - y.key[1] || x.name.localeCompare(y.name));
    rows.forEach((r, i) => {
      const prev = rows[i - 1];
      r.rank = prev && prev.key[0] === r.key[0] && prev.key[1] === r.key[1] ? prev.rank : i + 1;
    });
  };
  const pendingCount = () => rows.reduce((n, r) => n + r.cells.filter((c) => c.state === 'pending').length, 0);
  const show = () => {
    window.sgBoard.draw(body, { rows }, firstLabel);
    const n = pendingCount();
    left.textContent = box.dataset.leftWords.replace('{0}', String(n));
    next.disabled = n === 0;
    all.disabled = n === 0;
  };
  const finish = async () => {
    if (pendingCount() > 0) return;
    try {
      await window.sgApi('POST', box.dataset.unfreeze);
      left.textContent = box.dataset.doneWords;
    } catch (e) {
      left.textContent = e.message;
    }
  };
  const finalCell = (r, problem) => finalRows.get(r.name).cells.find((c) => c.problem === problem);

  const revealNext = () => {
    for (const r of rows) {
      r.revealed = false;
      for (const c of r.cells) c.revealed = false;
    }
    // The lowest-ranked row with a frozen cell; its first one, left to right.
    for (let i = rows.length - 1; i >= 0; i--) {
      const r = rows[i];
      const at = r.cells.findIndex((c) => c.state === 'pending');
      if (at < 0) continue;
      r.cells[at] = { ...finalCell(r, r.cells[at].problem), revealed: true };
      r.revealed = true;
      break;
    }
    rank();
    show();
    void finish();
  };
  const revealAll = () => {
    rows = rows.map((r) => ({ ...r, revealed: false, cells: finalRows.get(r.name).cells.map((c) => ({ ...c })) }));
    rank();
    show();
    void finish();
  };

  (async () => {
    try {
      const [frozen, final] = await Promise.all([get(box.dataset.frozen), get(box.dataset.final)]);
      rows = frozen.rows.filter((r) => !r.virtual).map((r) => ({ ...r, cells: r.cells.map((c) => ({ ...c })) }));
      finalRows = new Map(final.rows.filter((r) => !r.virtual).map((r) => [r.name, r]));
      rank();
      show();
      next.addEventListener('click', revealNext);
      all.addEventListener('click', revealAll);
    } catch (e) {
      left.textContent = e.message;
    }
  })();
})();
