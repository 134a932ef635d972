// sigprop report pages: typeset math offline with the vendored KaTeX.
// The markdown renderer emits <span class="math inline">, <span class="math
// display"> and <div class="math display"> holding HTML-escaped TeX; each is
// replaced by KaTeX's output. A formula KaTeX cannot parse is shown as a red
// .katex-error with the message in its title, never silently dropped.
(function () {
  "use strict";
  function typeset() {
    if (typeof katex === "undefined") {
      console.error("sigprop: KaTeX did not load; math is shown as TeX source");
      return;
    }
    var els = document.querySelectorAll(".math");
    for (var i = 0; i < els.length; i++) {
      var el = els[i];
      var tex = el.textContent;
      try {
        katex.render(tex, el, {
          displayMode: el.classList.contains("display"),
          throwOnError: false,
          trust: false,
          strict: "ignore"
        });
      } catch (e) {
        console.error("sigprop: KaTeX failed on " + JSON.stringify(tex) + ": " + e);
      }
    }
    document.documentElement.setAttribute("data-math", "done");
    // Report fonts that failed to load (a missing KaTeX woff2 file would
    // otherwise fall back silently) and how many KaTeX fonts did load.
    if (document.fonts && document.fonts.ready) {
      document.fonts.ready.then(function () {
        var loaded = 0;
        document.fonts.forEach(function (f) {
          if (f.status === "error") {
            console.error("sigprop: font failed to load: " + f.family + " " + f.style + " " + f.weight);
          } else if (f.status === "loaded" && f.family.indexOf("KaTeX") >= 0) {
            loaded++;
          }
        });
        document.documentElement.setAttribute("data-katex-fonts", String(loaded));
      });
    }
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", typeset);
  } else {
    typeset();
  }
})();
