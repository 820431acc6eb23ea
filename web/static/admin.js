// Helpgraph support pages: the queue and a handoff's page update themselves
// when a handoff changes (GET /admin/live, server-sent events). The parts
// marked data-live are replaced by the same parts of the page fetched
// again; a reply being typed is left alone.
(function () {
  "use strict";
  if (!window.EventSource || !window.fetch || !document.querySelector("[data-live]")) return;
  var handoff = location.pathname.match(/^\/admin\/handoffs\/(\d+)$/);
  var refreshing = false, again = false;

  function refresh() {
    if (refreshing) { again = true; return; }
    refreshing = true;
    fetch(location.href, { credentials: "same-origin", headers: { "Accept": "text/html" } })
      .then(function (resp) { return resp.ok ? resp.text() : null; })
      .then(function (html) {
        if (!html) return;
        var doc = new DOMParser().parseFromString(html, "text/html");
        Array.prototype.forEach.call(document.querySelectorAll("[data-live]"), function (el) {
          var fresh = doc.querySelector('[data-live="' + el.getAttribute("data-live") + '"]');
          if (fresh) el.replaceWith(document.importNode(fresh, true));
        });
      })
      .catch(function () { /* the next event or refresh catches up */ })
      .then(function () {
        refreshing = false;
        if (again) { again = false; refresh(); }
      });
  }

  var events = new EventSource("/admin/live");
  // The page says whether it is live (for the eye, and for tests).
  events.addEventListener("open", function () { document.body.setAttribute("data-live-state", "open"); });
  events.addEventListener("error", function () { document.body.setAttribute("data-live-state", "reconnecting"); });
  events.addEventListener("handoff", function (e) {
    var d = JSON.parse(e.data);
    if (!handoff || String(d.id) === handoff[1]) refresh();
  });
  // Changes made through another replica: caught up once a minute.
  setInterval(refresh, 60000);
})();
