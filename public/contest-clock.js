// A round's countdown: the server renders the minutes; this keeps the value ticking each second and
// reloads the page when the start or the end passes (the page then shows the problems or the final state).
(() => {
  'use strict';
  const clock = document.querySelector('.contest-clock[data-until]');
  if (!clock) return;
  const until = Number(clock.dataset.until);
  const value = clock.querySelector('.clock-value');
  const pad = (n) => String(n).padStart(2, '0');
  const tick = () => {
    const left = Math.max(0, Math.ceil((until - Date.now()) / 1000));
    const h = Math.floor(left / 3600);
    value.textContent = `${h > 0 ? `${h}:` : ''}${pad(Math.floor((left % 3600) / 60))}:${pad(left % 60)}`;
    if (left === 0) {
      clearInterval(timer);
      setTimeout(() => location.reload(), 1500);
    }
  };
  const timer = setInterval(tick, 1000);
  tick();
})();
