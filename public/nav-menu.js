// The header's "Menu" (a <details>, views/layouts/main.hbs): it works without this. On a wide screen
// a browser without ::details-content gets it opened (the links in a line, as the CSS shows them
// elsewhere); on a phone Escape closes it and gives the focus back to "Menu", and so does a click
// outside it.
(() => {
  'use strict';
  const menu = document.querySelector('header.top .nav-menu');
  if (!menu) return;
  const wide = window.matchMedia('(min-width: 701px)');
  const supported = window.CSS && CSS.supports && CSS.supports('selector(::details-content)');
  const fit = () => {
    if (!supported) menu.open = wide.matches;
  };
  fit();
  wide.addEventListener('change', fit);
  document.addEventListener('keydown', (e) => {
    if (e.key !== 'Escape' || wide.matches || !menu.open) return;
    menu.open = false;
    menu.querySelector('summary').focus();
  });
  document.addEventListener('click', (e) => {
    if (!wide.matches && menu.open && !menu.contains(e.target)) menu.open = false;
  });
})();
