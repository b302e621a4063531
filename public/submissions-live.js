// Submissions list: rows still being judged update in place ("In queue", "Running on test 7", then
// the verdict with its time and memory), polling one small request for all of them.
(() => {
  'use strict';
  const POLL_MS = 700;
  const rows = () => [...document.querySelectorAll('table.submissions tr[data-live]')];

  async function tick() {
    const live = rows();
    if (live.length === 0) return;
    try {
      const res = await fetch(`/submissions/status?ids=${live.map((r) => r.dataset.id).join(',')}`);
      if (res.ok) {
        for (const s of await res.json()) {
          const row = document.querySelector(`table.submissions tr[data-id="${s.id}"]`);
          if (!row) continue;
          const cell = row.querySelector('.status-cell');
          if (cell.textContent !== s.statusText) cell.textContent = s.statusText;
          cell.className = `${s.statusClass} status-cell`;
          if (s.done) {
            row.removeAttribute('data-live');
            row.querySelector('.time-cell').textContent = s.timeMs === null ? '' : `${s.timeMs} ms`;
            row.querySelector('.memory-cell').textContent = s.memoryKb === null ? '' : `${s.memoryKb.toLocaleString('en-US')} KiB`;
          }
        }
      }
    } catch {
      // The server restarting: try again at the next tick.
    }
    setTimeout(tick, POLL_MS);
  }
  setTimeout(tick, POLL_MS);
})();
