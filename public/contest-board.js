// The scoreboard's rows drawn from GET /api/contests/:id/board (text only, never HTML from the
// server). Every cell's text, every rank and the order come from the server (the rules table in
// server/rules/round-rules.ts); this only draws them. An open board asks again every 5 seconds
// (answered 304 while nothing was judged or changed), so new verdicts and rejudges show without a
// reload; the resolver (contest-resolver.js) draws with the same function.
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
    cell.append(c.text);
    if (c.state === 'solved') {
      const small = document.createElement('small');
      small.textContent = String(c.minutes);
      cell.append(document.createElement('br'), small);
    }
    return cell;
  };
  // A virtual board (the viewer's own virtual round) keeps its virtual row, marked with `virtualWord`.
  const draw = (body, board, firstLabel, virtualWord = 'virtual') => {
    const rows = board.rows.map((r) => {
      const tr = document.createElement('tr');
      tr.className = [r.revealed && 'row-revealed', r.virtual && 'row-virtual', r.self && 'row-self'].filter(Boolean).join(' ');
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
  const frozenMark = box.querySelector('.board-frozen');
  let tag = null;
  const poll = async () => {
    try {
      const res = await fetch(box.dataset.board, { cache: 'no-store', headers: { accept: 'application/json', ...(tag ? { 'if-none-match': tag } : {}) } });
      if (res.status !== 200) return;
      tag = res.headers.get('etag');
      const board = await res.json();
      draw(body, board, firstLabel, box.dataset.virtualWord);
      if (frozenMark) frozenMark.hidden = !board.frozen;
    } catch {
      // A missed refresh is fine; the next one comes in a few seconds.
    }
  };
  setInterval(poll, 5000);
})();
