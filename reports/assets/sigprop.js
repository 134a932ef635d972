// sigprop report pages: typeset math offline with the vendored KaTeX.
// The markdown renderer emits <span class="math inline">, <span class="math
// display"> and <div class="math display"> holding HTML-escaped TeX; each is
// replaced by KaTeX's output. A formula KaTeX cannot parse is shown as a red
// .katex-error with the message in its title, never silently dropped.
(function () {
  "use strict";
  // Bounds on the work a page's math may cost the reader (an author's
  // 200 nested \frac hung a tab for minutes): a formula longer than
  // MAX_TEX characters or nested deeper than MAX_DEPTH braces is shown as
  // source with a .katex-error saying why; KaTeX expands at most
  // MAX_EXPAND macros and sizes at most MAX_SIZE em; once TIME_BUDGET_MS
  // of typesetting is spent, the remaining formulas stay as source.
  var MAX_TEX = 5000, MAX_DEPTH = 40, MAX_EXPAND = 1000, MAX_SIZE = 20, TIME_BUDGET_MS = 10000;
  function depth(tex) {
    var d = 0, max = 0;
    for (var i = 0; i < tex.length; i++) {
      var c = tex.charAt(i);
      if (c === "\\") { i++; continue; }
      if (c === "{") { d++; if (d > max) max = d; } else if (c === "}") { d--; }
    }
    return max;
  }
  function refuse(el, why) {
    el.classList.add("katex-error");
    el.setAttribute("title", why);
    console.warn("sigprop: " + why);
  }
  function typeset() {
    if (typeof katex === "undefined") {
      console.error("sigprop: KaTeX did not load; math is shown as TeX source");
      return;
    }
    var els = document.querySelectorAll(".math");
    var start = Date.now();
    for (var i = 0; i < els.length; i++) {
      var el = els[i];
      var tex = el.textContent;
      if (Date.now() - start > TIME_BUDGET_MS) {
        refuse(el, "math not typeset: the page's time budget for math (" + TIME_BUDGET_MS + " ms) is spent");
        continue;
      }
      if (tex.length > MAX_TEX) {
        refuse(el, "math not typeset: " + tex.length + " characters, more than " + MAX_TEX);
        continue;
      }
      if (depth(tex) > MAX_DEPTH) {
        refuse(el, "math not typeset: braces nested " + depth(tex) + " deep, more than " + MAX_DEPTH);
        continue;
      }
      try {
        katex.render(tex, el, {
          displayMode: el.classList.contains("display"),
          throwOnError: false,
          trust: false,
          strict: "ignore",
          maxExpand: MAX_EXPAND,
          maxSize: MAX_SIZE
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
