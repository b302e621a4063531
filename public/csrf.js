// Accounts mode: every state-changing fetch from our pages carries the session's CSRF token (from
// the page's <meta name="csrf-token">), so page scripts need not know about it.
(() => {
  'use strict';
  const meta = document.querySelector('meta[name="csrf-token"]');
  if (!meta) return;
  const token = meta.content;
  const plain = window.fetch.bind(window);
  window.fetch = (input, init = {}) => {
    const method = (init.method || (input instanceof Request ? input.method : 'GET')).toUpperCase();
    const url = new URL(input instanceof Request ? input.url : String(input), location.href);
    if (method === 'GET' || method === 'HEAD' || url.origin !== location.origin) return plain(input, init);
    const headers = new Headers(init.headers || (input instanceof Request ? input.headers : undefined));
    headers.set('x-csrf-token', token);
    return plain(input, { ...init, headers });
  };
})();
