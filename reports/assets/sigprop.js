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
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", typeset);
  } else {
    typeset();
  }
})();
