// "Make a problem of this game" on the lab page (teachers): the game last computed here, or the one
// the address names (/lab?game=octal&octal=0.07), posted as {"lab": …} to POST /api/problem-drafts;
// then the draft's checks on /problems/new?draft=ID.
(() => {
  'use strict';
  const button = document.getElementById('lab-make-problem');
  if (!button) return;
  const status = document.getElementById('lab-draft-status');
  const fromAddress = () => {
    const q = new URLSearchParams(location.search);
    const game = q.get('game') || '';
    const body = {};
    if (game === 'octal') body.octal = q.get('octal') || '0.07';
    else if (game === 'subtract') body.subtract = q.get('subtract') || '1,3,4';
    else if (game === 'nim' || game === 'bash') body.preset = game;
    else return null;
    if (game === 'bash' && q.get('p.m')) body.params = { m: Number(q.get('p.m')) };
    if (q.get('to')) body.to = Number(q.get('to'));
    return body;
  };
  button.addEventListener('click', async () => {
    const lab = window.sgLabBody || fromAddress();
    if (!lab) {
      status.textContent = button.dataset.none || 'Compute a game first.';
      return;
    }
    const r = await fetch('/api/problem-drafts', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ lab }) });
    const answer = await r.json().catch(() => ({ error: `HTTP ${r.status}` }));
    if (!r.ok) {
      status.textContent = answer.error;
      return;
    }
    location.href = `/problems/new?draft=${answer.id}`;
  });
})();
