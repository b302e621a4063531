// The mistake map's table as a WAI-ARIA grid, like the lab's: one Tab stop (a roving tab index),
// arrow keys, Home / End, Ctrl+Home / End, Page Up / Down; the focused cell is described below it.
(() => {
  'use strict';
  const table = document.querySelector('.mm-table');
  if (!table) return;
  const rows = [...table.querySelectorAll('tbody tr')].map((tr) => [...tr.querySelectorAll('td')]);
  const line = document.querySelector('.mm-focus');
  let r = 0;
  let c = 0;
  const usable = (cell) => cell && !cell.classList.contains('none');
  const start = table.querySelector('td.wrong') || table.querySelector('td[tabindex]');
  if (!start) return;
  rows.forEach((cells, i) => cells.forEach((cell, j) => { if (cell === start) { r = i; c = j; } }));
  start.tabIndex = 0;
  const go = (nr, nc) => {
    nr = Math.max(0, Math.min(rows.length - 1, nr));
    nc = Math.max(0, Math.min(rows[nr].length - 1, nc));
    if (!usable(rows[nr][nc])) return;
    rows[r][c].tabIndex = -1;
    r = nr;
    c = nc;
    const cell = rows[r][c];
    cell.tabIndex = 0;
    cell.focus();
    if (line) line.textContent = cell.getAttribute('aria-label');
  };
  table.addEventListener('keydown', (e) => {
    const last = rows.length - 1;
    const moves = {
      ArrowRight: [r, c + 1], ArrowLeft: [r, c - 1], ArrowDown: [r + 1, c], ArrowUp: [r - 1, c],
      Home: e.ctrlKey ? [0, 0] : [r, 0], End: e.ctrlKey ? [last, rows[last].length - 1] : [r, rows[r].length - 1],
      PageDown: [r + 10, c], PageUp: [r - 10, c],
    };
    const to = moves[e.key];
    if (!to) return;
    e.preventDefault();
    go(to[0], to[1]);
  });
  table.addEventListener('click', (e) => {
    const cell = e.target.closest('td');
    rows.forEach((cells, i) => { const j = cells.indexOf(cell); if (j >= 0 && usable(cell)) go(i, j); });
  });
})();
