// reaction-report: starts Pagefind's search box on search.html where the page is served over
// http(s); opened from disk (file://) Pagefind cannot load its index, and the notice stays.
(function () {
  "use strict";
  var box = document.getElementById("search");
  if (!box || location.protocol === "file:" || typeof PagefindUI !== "function") return;
  var notice = document.getElementById("search-notice");
  if (notice) notice.hidden = true;
  // Results link relative to the folder of this page, wherever the site is published.
  var base = new URL(".", location.href).pathname;
  new PagefindUI({
    element: "#search",
    baseUrl: base,
    bundlePath: base + "pagefind/",
    showImages: false,
    showSubResults: false,
    translations: { placeholder: "Search messages" }
  });
})();
