/* global document, navigator */
/*
 * The offline page (offline.html) in the visitor's language. The service worker shows that page
 * without the server, so it cannot be rendered in a language: this script picks one the way the
 * site does without an account at hand (the language chosen in this browser, remembered in the
 * `lang` cookie, else the browser's own languages) and puts the page's texts in it. English is
 * already in the HTML, so without this script the page still says everything. A separate file,
 * not an inline script: the site's Content Security Policy allows scripts from its own origin
 * only. It is precached with the page (vite.config.ts).
 */
(function () {
  var texts = {
    es: {
      title: 'Estás sin conexión — CultureShare',
      heading: 'Estás sin conexión',
      body: 'Esta página aún no se ha guardado en este dispositivo. Las páginas y los cultivos que ya has abierto siguen funcionando, y los mensajes que escribas se enviarán cuando vuelvas a tener conexión.',
      retry: 'Volver a intentarlo',
      browse: 'Explorar cultivos',
    },
    de: {
      title: 'Du bist offline — CultureShare',
      heading: 'Du bist offline',
      body: 'Diese Seite ist auf diesem Gerät noch nicht gespeichert. Seiten und Kulturen, die du schon geöffnet hast, funktionieren weiter, und Nachrichten, die du schreibst, werden gesendet, sobald du wieder online bist.',
      retry: 'Erneut versuchen',
      browse: 'Kulturen finden',
    },
    fr: {
      title: 'Vous êtes hors ligne — CultureShare',
      heading: 'Vous êtes hors ligne',
      body: 'Cette page n’a pas encore été enregistrée sur cet appareil. Les pages et les ferments que vous avez déjà ouverts fonctionnent toujours, et les messages que vous écrivez partiront dès que vous serez de nouveau en ligne.',
      retry: 'Réessayer',
      browse: 'Parcourir les ferments',
    },
  };

  /** 'es-MX' → 'es'; 'en' and anything the site does not speak → undefined. */
  function known(tag) {
    var base = String(tag || '')
      .trim()
      .toLowerCase()
      .split(/[-_]/)[0];
    return base === 'en' || texts[base] ? base : undefined;
  }

  function chosen() {
    var cookie = document.cookie.match(/(?:^|;\s*)lang=([^;]*)/);
    var remembered = cookie && known(decodeURIComponent(cookie[1]));
    if (remembered) return remembered;
    var wanted =
      navigator.languages && navigator.languages.length
        ? navigator.languages
        : [navigator.language];
    for (var i = 0; i < wanted.length; i++) {
      var language = known(wanted[i]);
      if (language) return language;
    }
    return 'en';
  }

  function translate() {
    var language = chosen();
    var page = texts[language];
    if (!page) return;
    document.documentElement.lang = language;
    document.title = page.title;
    var parts = document.querySelectorAll('[data-text]');
    for (var i = 0; i < parts.length; i++) {
      var text = page[parts[i].getAttribute('data-text')];
      if (text) parts[i].textContent = text;
    }
  }

  translate();
})();
