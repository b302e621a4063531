// Submissions list: rows still being judged update in place ("In queue", "Running on test 7", then
// the verdict with its time and memory), polling one small request for all of them; on the first
// page, new submissions (from the editor, the API or the CLI) appear at the top without a reload.
(() => {
  'use strict';
  const POLL_MS = 700;
  const NEW_ROWS_MS = 3000;
  const table = document.querySelector('table.submissions');
  const rows = () => [...document.querySelectorAll('table.submissions tr[data-live]')];

  async function tick() {
    const live = rows();
    if (live.length > 0) {
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
    }
    setTimeout(tick, POLL_MS);
  }
  setTimeout(tick, POLL_MS);

  // New rows: the same page again (same filter), rows newer than the newest shown are added on top.
  async function newRows() {
    if (document.visibilityState === 'visible') {
      try {
        const res = await fetch(location.href, { headers: { Accept: 'text/html' } });
        const doc = new DOMParser().parseFromString(await res.text(), 'text/html');
        const fresh = doc.querySelector('table.submissions tbody');
        const body = document.querySelector('table.submissions tbody');
        if (fresh && body) {
          const newest = Math.max(0, ...[...body.rows].map((r) => Number(r.dataset.id)));
          const added = [...fresh.rows].filter((r) => Number(r.dataset.id) > newest);
          body.prepend(...added.map((r) => document.importNode(r, true)));
        } else if (fresh && !body) location.reload();
      } catch {
        // Next time.
      }
    }
    setTimeout(newRows, NEW_ROWS_MS);
  }
  // Only the first page grows at the top; later pages would shift under the reader.
  if (!table || table.dataset.page === '1') setTimeout(newRows, NEW_ROWS_MS);
})();
