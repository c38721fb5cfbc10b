/* global document, window, requestAnimationFrame, setTimeout, MutationObserver */
/*
 * Starts the app on a page the server sent already rendered (decision 113). The page can be read
 * and its links followed without any script, so the app's scripts are requested only once it has
 * painted and its photos have loaded, and do not compete with them for the network or the main
 * thread; a tap or a key press before then starts them at once, and a button pressed is pressed
 * again once the app works. The tag that loads this file names them: `data-entry` the app's
 * entry, `data-preload` the modules it and the page need.
 * A separate file, not an inline script: the site's Content Security Policy allows scripts from
 * its own origin only. It is precached with the app (vite.config.ts).
 */
(function () {
  var tag = document.currentScript;
  var started = false;

  function start() {
    if (started) return;
    started = true;
    var preloads = (tag.getAttribute('data-preload') || '').split(' ');
    for (var i = 0; i < preloads.length; i++) {
      if (!preloads[i]) continue;
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = preloads[i];
      document.head.appendChild(link);
    }
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = tag.getAttribute('data-entry');
    document.head.appendChild(script);
  }

  // Once the page's first paint has been presented (or, where the browser cannot tell, after
  // the next frame has been drawn).
  function afterPaint() {
    var Observer = window.PerformanceObserver;
    var types = Observer && Observer.supportedEntryTypes;
    if (!types || types.indexOf('paint') < 0) {
      requestAnimationFrame(function () {
        setTimeout(start, 0);
      });
      return;
    }
    var observer = new Observer(function (list) {
      if (!list.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      start();
    });
    observer.observe({ type: 'paint', buffered: true });
  }

  // A button pressed before the app has begun taking the page over (main.tsx marks the page
  // `data-app` as it begins; React replays what comes after) is pressed again once the page
  // works. Links, forms and disclosures work without the app; only the last press counts.
  var root = document.documentElement;
  var pressed = null;
  document.addEventListener(
    'click',
    function (event) {
      if (root.hasAttribute('data-app') || !event.target.closest) return;
      pressed = event.target.closest('button, [role="button"]');
    },
    true,
  );
  new MutationObserver(function (changes, observer) {
    if (root.getAttribute('data-app') !== 'ready') return;
    observer.disconnect();
    if (pressed && pressed.isConnected) pressed.click();
    pressed = null;
  }).observe(root, { attributes: true, attributeFilter: ['data-app'] });

  ['pointerdown', 'keydown', 'touchstart'].forEach(function (type) {
    window.addEventListener(type, start, { once: true, capture: true, passive: true });
  });
  if (document.readyState === 'complete') afterPaint();
  else window.addEventListener('load', afterPaint, { once: true });
  // A photo that never arrives, or a tab in the background (which draws no frames), does not
  // hold the app back for long.
  setTimeout(start, 3000);
})();
