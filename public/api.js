// Every JSON call the pages make goes through here, so a header the server asks for (the JSON
// content type, later a session's token) is added in one place; and the interface's words.
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

  window.sgApi = async (method, url, body) => {
    const res = await fetch(url, {
      method,
      headers: body === undefined ? { Accept: 'application/json' } : { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const data = res.status === 204 ? null : await res.json().catch(() => ({ error: `HTTP ${res.status}` }));
    if (!res.ok) throw Object.assign(new Error((data && data.error) || `HTTP ${res.status}`), { status: res.status });
    return data;
  };
})();
