// Helpgraph widget. Paste into any page:
//   <script src="https://HELPGRAPH-HOST/widget.js" defer></script>
// It adds a floating help button that opens the chat in an iframe served by
// the Helpgraph host, so the host page's CSS and CSP cannot clash with it.
// The chat speaks the language of data-lang on the script tag, else the
// page's <html lang>, else the browser's.
(function () {
  "use strict";
  var script = document.currentScript;
  if (!script || document.getElementById("helpgraph-widget-button")) return;
  var origin = new URL(script.src, location.href).origin;
  // Labels by language, filled in by the server from its message catalog.
  var labels = /*HELPGRAPH_LABELS*/{"en": {"open": "Help", "close": "Close", "openLabel": "Open the help chat", "closeLabel": "Close the help chat", "title": "Help chat", "unreadOne": "Open the help chat (1 new reply)", "unreadMany": "Open the help chat ({n} new replies)"}}/**/;
  var lang = script.getAttribute("data-lang") || document.documentElement.lang || navigator.language || "en";
  var text = labels[lang.toLowerCase().split(/[-_]/)[0]] || labels.en;

  function style(el, props) { for (var k in props) el.style[k] = props[k]; }

  var button = document.createElement("button");
  button.id = "helpgraph-widget-button";
  button.type = "button";
  button.setAttribute("aria-expanded", "false");
  button.setAttribute("aria-controls", "helpgraph-widget-frame");
  button.setAttribute("aria-label", text.openLabel);
  style(button, {
    position: "fixed", right: "20px", bottom: "20px", zIndex: "2147483647",
    padding: "12px 18px", borderRadius: "24px", border: "0", cursor: "pointer",
    background: "#1f5fbf", color: "#fff", font: "600 15px system-ui, sans-serif",
    boxShadow: "0 4px 14px rgba(0,0,0,.25)"
  });

  // The number of support replies that came while the chat was closed.
  var badge = document.createElement("span");
  badge.id = "helpgraph-widget-badge";
  badge.hidden = true;
  style(badge, {
    position: "absolute", top: "-6px", right: "-6px", minWidth: "20px", height: "20px", padding: "0 6px",
    borderRadius: "10px", background: "#d93025", color: "#fff", font: "700 12px/20px system-ui, sans-serif",
    textAlign: "center", boxSizing: "border-box"
  });
  button.appendChild(badge);
  var label = document.createElement("span");
  label.textContent = text.open;
  button.insertBefore(label, badge);
  var unread = 0;
  function setUnread(n) {
    unread = n;
    badge.textContent = String(n);
    badge.hidden = n === 0;
    if (!frame.hidden) return;
    button.setAttribute("aria-label", n === 0 ? text.openLabel : n === 1 ? text.unreadOne : text.unreadMany.replace("{n}", String(n)));
  }

  var frame = document.createElement("iframe");
  frame.id = "helpgraph-widget-frame";
  frame.title = text.title;
  frame.src = origin + "/embed?lang=" + encodeURIComponent(lang);
  frame.hidden = true;
  style(frame, {
    position: "fixed", right: "20px", bottom: "76px", zIndex: "2147483647",
    width: "min(380px, calc(100vw - 40px))", height: "min(600px, calc(100vh - 110px))",
    border: "1px solid #d5dae3", borderRadius: "12px", background: "#fff",
    boxShadow: "0 8px 28px rgba(0,0,0,.25)"
  });

  function setOpen(open) {
    frame.hidden = !open;
    button.setAttribute("aria-expanded", String(open));
    button.setAttribute("aria-label", open ? text.closeLabel : text.openLabel);
    label.textContent = open ? text.close : text.open;
    if (open) setUnread(0);
    if (frame.contentWindow) frame.contentWindow.postMessage({ helpgraph: "shown", open: open }, origin);
    if (open) focusChat();
  }
  // The chat is another origin: ask it to put focus in its text box.
  function focusChat() {
    frame.focus();
    if (frame.contentWindow) frame.contentWindow.postMessage({ helpgraph: "focus" }, origin);
  }
  button.addEventListener("click", function () { setOpen(frame.hidden); });
  document.addEventListener("keydown", function (e) {
    if (e.key === "Escape" && !frame.hidden) { setOpen(false); button.focus(); }
  });
  // Esc inside the chat: it tells us, since its keys never reach this page.
  window.addEventListener("message", function (e) {
    if (e.origin !== origin || e.source !== frame.contentWindow || !e.data) return;
    if (e.data.helpgraph === "close" && !frame.hidden) { setOpen(false); button.focus(); }
    if (e.data.helpgraph === "ready" && !frame.hidden) {
      frame.contentWindow.postMessage({ helpgraph: "shown", open: true }, origin);
      focusChat();
    }
    if (e.data.helpgraph === "unread" && frame.hidden) setUnread(e.data.count | 0);
  });

  function mount() { document.body.appendChild(frame); document.body.appendChild(button); }
  if (document.body) mount(); else document.addEventListener("DOMContentLoaded", mount);
})();
