// Every JSON call the pages make goes through here, so a header the server asks for (the JSON
// content type, in accounts mode the session's CSRF token) is added in one place; and the interface's
// words. (public/csrf.js still adds the token to the lab's own fetches, which do not come through here.)
(() => {
  'use strict';
  // The interface's words in the page's language (server/http/ui-text.ts), with {0}, {1}… filled in.
  const words = (() => {
    try {
      return JSON.parse(document.getElementById('ui-text').textContent);
    } catch {
      return {};
    }
  })();
  window.sgText = (s, ...args) => {
    const text = words[s] || s;
    return args.length ? text.replace(/\{(\d)\}/g, (_, i) => String(args[Number(i)] ?? '')) : text;
  };

  // Accounts mode: the page's <meta name="csrf-token"> (absent in local mode).
  const csrf = document.querySelector('meta[name="csrf-token"]');
  window.sgApi = async (method, url, body) => {
    const headers = { Accept: 'application/json' };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (csrf && method !== 'GET' && method !== 'HEAD') headers['X-CSRF-Token'] = csrf.content;
    const res = await fetch(url, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const data = res.status === 204 ? null : await res.json().catch(() => ({ error: `HTTP ${res.status}` }));
    // An error said by id (server/text/messages.ts) keeps it, so a page can say it in its language.
    const said = data && typeof data.id === 'string' && Array.isArray(data.args) ? { id: data.id, args: data.args } : null;
    if (!res.ok) throw Object.assign(new Error((data && data.error) || `HTTP ${res.status}`), { status: res.status, said });
    return data;
  };
})();
