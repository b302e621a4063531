// Standings tables (/class, /sets/:id): the server draws them; this only shows. When the server
// says a verdict changed a cell (the page's event stream, public/live.js, from the judge's done hook), the table is
// fetched again as the server draws it and swapped in, keeping the scroll position. On a phone,
// a student's name opens the list of what they tried.
(() => {
  'use strict';
  document.addEventListener('click', (e) => {
    const button = e.target.closest && e.target.closest('.row-toggle');
    if (!button) return;
    const open = button.getAttribute('aria-expanded') !== 'true';
    button.setAttribute('aria-expanded', String(open));
    const list = button.parentElement.querySelector('.row-detail');
    if (list) list.hidden = !open;
  });

  const box = document.querySelector('.standings-box[data-live]');
  if (!box || !window.sgLive) return;
  const base = box.dataset.live;
  const sort = box.dataset.sort === 'name' ? 'name' : 'solved';
  let busy = false;
  let again = false;
  const redraw = async () => {
    if (busy) return void (again = true);
    busy = true;
    try {
      const res = await fetch(`${base}/table?sort=${sort}`, { headers: { accept: 'text/html' } });
      if (res.ok) {
        const html = await res.text();
        const holder = document.createElement('div');
        holder.innerHTML = html;
        const table = holder.querySelector('table');
        const old = box.querySelector('table');
        if (table && old) old.replaceWith(table);
      }
    } catch {
      // The next change tries again.
    } finally {
      busy = false;
      if (again) {
        again = false;
        void redraw();
      }
    }
  };
  // The page's one stream (public/live.js): topic "class" or "set:ID".
  window.sgLive.follow(base === '/class' ? 'class' : `set:${base.split('/').pop()}`, { changed: () => void redraw() });
})();
