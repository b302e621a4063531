// Every JSON call the pages make goes through here, so a header the server asks for (the JSON
// content type, later a session's token) is added in one place.
(() => {
  'use strict';
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
