// The page's one event stream (server/http/live.ts): each script follows its topics through
// sgLive.follow(topic, {event: handler}), and one EventSource carries them all (GET /live), so a
// tab holds one connection however many parts of the page update by themselves. The stream is
// opened once the page's scripts have run; "end" (every topic said all it will) closes it for good.
(() => {
  'use strict';
  if (typeof EventSource === 'undefined') {
    window.sgLive = { follow() {}, close() {} };
    return;
  }
  const topics = [];
  const handlers = new Map();
  let source = null;
  let scheduled = false;
  const listen = (name) => {
    if (source && !handlers.get(name).bound) {
      handlers.get(name).bound = true;
      source.addEventListener(name, (e) => {
        for (const fn of handlers.get(name).fns) fn(e);
      });
    }
  };
  const open = () => {
    scheduled = false;
    if (source || topics.length === 0) return;
    source = new EventSource(`/live?${topics.map((t) => `topic=${encodeURIComponent(t)}`).join('&')}`);
    source.addEventListener('end', () => source.close());
    for (const name of handlers.keys()) listen(name);
  };
  window.sgLive = {
    follow(topic, on) {
      if (source) return; // topics are fixed once the stream is open
      if (!topics.includes(topic)) topics.push(topic);
      for (const [name, fn] of Object.entries(on)) {
        if (!handlers.has(name)) handlers.set(name, { fns: [], bound: false });
        handlers.get(name).fns.push(fn);
      }
      if (!scheduled) {
        scheduled = true;
        setTimeout(open, 0);
      }
    },
    /** Stops every topic (a page that has all it needs). */
    close() {
      if (source) source.close();
    },
  };
})();
