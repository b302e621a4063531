// A page shown while problems are still being built at start-up: asks /api/health every second
// and reloads once every problem is ready (the server then serves the real page).
(function () {
  'use strict';
  function poll() {
    fetch('/api/health', { headers: { Accept: 'application/json' } })
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (h) {
        if (h && h.problems && h.problems.ready >= h.problems.total) location.reload();
        else setTimeout(poll, 1000);
      })
      .catch(function () { setTimeout(poll, 1000); });
  }
  setTimeout(poll, 1000);
})();
