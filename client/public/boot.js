/* global document, window, requestAnimationFrame, setTimeout, MutationObserver, Event */
/*
 * Starts the app on a page the server sent already rendered, and keeps every press made before
 * the app works (decisions 113 and 122). The page can be read and its links, real checkboxes,
 * disclosures (`<details>`) and forms used without any script. The app's modules are fetched at
 * low priority once the page has painted, and run once it has loaded (its photos in), so they
 * do not hold up what is painted; a tap or a key press runs them at once. A press on a control
 * that needs the app (a button, a tab, a menu) before the app works is held here and pressed
 * again, in order, once it does: it never reaches a half-started page, where it would be lost.
 * The tag that loads this file names the modules: `data-entry` the app's entry, `data-preload`
 * the modules it and the page need.
 * A separate file, not an inline script: the site's Content Security Policy allows scripts from
 * its own origin only. It is precached with the app (vite.config.ts).
 */
(function () {
  var tag = document.currentScript;
  var root = document.documentElement;
  var fetched = false;
  var started = false;

  function preload(priority) {
    if (fetched) return;
    fetched = true;
    var preloads = (tag.getAttribute('data-preload') || '').split(' ');
    for (var i = 0; i < preloads.length; i++) {
      if (!preloads[i]) continue;
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = preloads[i];
      if (priority) link.setAttribute('fetchpriority', priority);
      document.head.appendChild(link);
    }
  }

  function start() {
    if (started) return;
    started = true;
    preload();
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = tag.getAttribute('data-entry');
    document.head.appendChild(script);
  }

  // Once the page's first paint has been presented (or, where the browser cannot tell, after
  // the next frame has been drawn).
  function afterPaint(then) {
    var Observer = window.PerformanceObserver;
    var types = Observer && Observer.supportedEntryTypes;
    if (!types || types.indexOf('paint') < 0) {
      requestAnimationFrame(function () {
        setTimeout(then, 0);
      });
      return;
    }
    var observer = new Observer(function (list) {
      if (!list.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      then();
    });
    observer.observe({ type: 'paint', buffered: true });
  }

  // Controls that act through the app. Links, real form fields, <details> and forms act
  // without it and are left to the browser.
  var NEEDS_APP =
    'button, [role="button"], [role="checkbox"], [role="switch"], [role="tab"],' +
    ' [role="menuitem"], [role="radio"], [role="option"], [role="combobox"]';
  var held = [];

  // Where a control sits under the page's root, to find it again should the app have drawn it
  // anew while taking the page over.
  function placeOf(el) {
    var steps = [];
    for (var node = el; node && node !== root; node = node.parentElement) {
      var index = 0;
      for (var sibling = node; (sibling = sibling.previousElementSibling);) index++;
      steps.unshift(index);
    }
    return steps;
  }
  function at(steps) {
    var node = root;
    for (var i = 0; node && i < steps.length; i++) node = node.children[steps[i]];
    return node;
  }
  // What a member pressed, as they saw it: the kind of control and its name. A control found
  // again by its place is pressed only when it is the same one; a different control drawn there
  // is never pressed in its stead (the member sees theirs unpressed and can press it again).
  function nameOf(el) {
    var label = el.getAttribute('aria-label') || el.textContent || '';
    return [el.tagName, el.getAttribute('role') || '', label.replace(/\s+/g, ' ').trim()].join('|');
  }

  document.addEventListener(
    'click',
    function (event) {
      if (root.getAttribute('data-app') === 'ready' || !event.target.closest) return;
      var control = event.target.closest(NEEDS_APP);
      if (!control || control.disabled || control.closest('a[href]')) return;
      // A form the server sent to be posted (or asked) as it is works without the app.
      if (control.form && control.form.hasAttribute('method')) return;
      // Held, not lost: nothing on the half-started page sees it, and it is pressed again once
      // the page works. The control shows it was pressed meanwhile.
      event.preventDefault();
      event.stopImmediatePropagation();
      control.setAttribute('data-pressed-early', '');
      held.push({ control: control, place: placeOf(control), name: nameOf(control) });
      start();
    },
    true,
  );
  // A choice in a list (the language picker) is the browser's at once, but only the app acts on
  // it, and taking the page over puts back the value the page was sent with: it is chosen again
  // once the page works.
  document.addEventListener(
    'change',
    function (event) {
      var select = event.target;
      if (root.getAttribute('data-app') === 'ready' || select.tagName !== 'SELECT') return;
      if (select.form && select.form.hasAttribute('method')) return;
      held.push({
        control: select,
        place: placeOf(select),
        name: nameOf(select),
        value: select.value,
      });
      start();
    },
    true,
  );
  new MutationObserver(function (changes, observer) {
    if (root.getAttribute('data-app') !== 'ready') return;
    observer.disconnect();
    // After the task that marked the page ready: every part of it has been taken over.
    setTimeout(function () {
      var presses = held;
      held = [];
      for (var i = 0; i < presses.length; i++) {
        var control = presses[i].control.isConnected ? presses[i].control : at(presses[i].place);
        presses[i].control.removeAttribute('data-pressed-early');
        if (!control || !control.isConnected || nameOf(control) !== presses[i].name) continue;
        if (presses[i].value === undefined) control.click();
        else {
          control.value = presses[i].value;
          control.dispatchEvent(new Event('change', { bubbles: true }));
        }
      }
    }, 0);
  }).observe(root, { attributes: true, attributeFilter: ['data-app'] });

  // A box that enables a button (`data-enables` names its id: "I agree" and its button) does so
  // at once, as the app will: the button's press is then held like any other.
  document.addEventListener('change', function (event) {
    var id = event.target.getAttribute && event.target.getAttribute('data-enables');
    var button = id && document.getElementById(id);
    if (button && root.getAttribute('data-app') !== 'ready')
      button.disabled = !event.target.checked;
  });

  ['pointerdown', 'keydown', 'touchstart'].forEach(function (type) {
    window.addEventListener(type, start, { once: true, capture: true, passive: true });
  });
  afterPaint(function () {
    preload('low');
  });
  if (document.readyState === 'complete') afterPaint(start);
  else
    window.addEventListener(
      'load',
      function () {
        afterPaint(start);
      },
      { once: true },
    );
  // A photo that never arrives, or a tab in the background (which draws no frames), does not
  // hold the app back for long.
  setTimeout(start, 3000);
})();
