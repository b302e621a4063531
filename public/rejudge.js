// A running rejudge's page follows it: every 2 seconds it reads GET /api/rejudge/:id and reloads
// the page (server-rendered progress and list) when more submissions are done or it has finished.
(() => {
  'use strict';
  const box = document.querySelector('.rejudge-progress[data-rejudge]');
  if (!box || box.dataset.status !== 'running') return;
  const seen = Number(box.dataset.done);
  const timer = setInterval(async () => {
    try {
      const res = await fetch(box.dataset.rejudge, { headers: { accept: 'application/json' } });
      if (!res.ok) return;
      const r = await res.json();
      if (r.done !== seen || r.status !== 'running') {
        clearInterval(timer);
        location.reload();
      }
    } catch {
      // A missed look is fine; the next one comes in two seconds.
    }
  }, 2000);
})();
