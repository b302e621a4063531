// The scoreboard's rows drawn from GET /api/contests/:id/board (text only, never HTML from the
// server): a live board refreshes itself every 5 seconds; the resolver (contest-resolver.js) draws
// with the same function.
(() => {
  'use strict';
  const td = (text, cls) => {
    const cell = document.createElement('td');
    if (cls) cell.className = cls;
    cell.textContent = text;
    return cell;
  };
  const cellOf = (c, firstLabel) => {
    const cell = td('', `board-cell cell-${c.state}${c.first ? ' cell-first' : ''}${c.revealed ? ' cell-revealed' : ''}`);
    if (c.first) {
      const star = document.createElement('span');
      star.setAttribute('aria-label', firstLabel);
      star.textContent = '★';
      cell.append(star);
    }
    if (c.state === 'solved') {
      cell.append(`+${c.tries > 1 ? c.tries - 1 : ''}`, document.createElement('br'));
      const small = document.createElement('small');
      small.textContent = String(c.minutes ?? 0);
      cell.append(small);
    } else if (c.state === 'rejected') cell.append(`−${c.tries}`);
    else if (c.state === 'pending') cell.append(`?${c.tries}`);
    return cell;
  };
  // A virtual board (the viewer's own virtual round) keeps its virtual row, marked with `virtualWord`.
  const draw = (body, board, firstLabel, virtualWord = 'virtual') => {
    const rows = board.rows.map((r) => {
      const tr = document.createElement('tr');
      if (r.revealed) tr.className = 'row-revealed';
      if (r.virtual) tr.className = 'row-virtual';
      const name = document.createElement('th');
      name.scope = 'row';
      name.textContent = r.virtual ? `${r.displayName} (${virtualWord})` : r.displayName;
      tr.append(td(String(r.rank)), name, td(String(r.solved)), td(String(r.penalty)), ...r.cells.map((c) => cellOf(c, firstLabel)));
      return tr;
    });
    body.replaceChildren(...rows);
  };
  window.sgBoard = { draw };

  const box = document.querySelector('.contest-board[data-board]');
  if (!box || box.dataset.live !== '1') return;
  const body = box.querySelector('table.board tbody');
  const firstLabel = box.dataset.firstLabel || 'first solver';
  const poll = async () => {
    try {
      const res = await fetch(box.dataset.board, { headers: { accept: 'application/json' } });
      if (res.ok) draw(body, await res.json(), firstLabel, box.dataset.virtualWord);
    } catch {
      // A missed refresh is fine; the next one comes in a few seconds.
    }
  };
  setInterval(poll, 5000);
})();
