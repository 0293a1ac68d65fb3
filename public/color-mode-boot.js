// Applies the stored colour mode before the first paint (no light flash on dark systems).
// An external file because the Content-Security-Policy forbids inline scripts. Mirrors src/ui/color-mode.ts.
(function () {
  try {
    var stored = localStorage.getItem('color-mode');
    var dark = stored === 'dark' || (stored !== 'light' && window.matchMedia('(prefers-color-scheme: dark)').matches);
    var root = document.documentElement;
    root.classList.toggle('dark', dark);
    root.classList.toggle('light', !dark);
    root.dataset.theme = dark ? 'dark' : 'light';
  } catch (e) {
    // storage or matchMedia unavailable: the page keeps its default (light) theme
  }
})();
