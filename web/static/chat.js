// Helpgraph chat: progressive enhancement of the plain form chat. Replies
// stream from POST /api/chat/stream as server-sent events (meta, delta,
// done). Text is put in the page with DOM APIs only, never innerHTML.
(function () {
  "use strict";
  var chat = document.getElementById("chat");
  if (!chat || !window.fetch || !window.TextDecoder) return;
  var log = document.getElementById("log");
  var form = document.getElementById("chat-form");
  var input = document.getElementById("message");
  var send = document.getElementById("send");
  var status = document.getElementById("status");
  var notice = document.getElementById("notice");
  var slot = document.getElementById("options-slot");
  var base = chat.getAttribute("data-base") || "/";
  var restartForm = document.getElementById("restart-form");
  var banner = document.getElementById("handoff-banner");
  var busy = false;
  // The page's words in its language (web/language.go), English where missing.
  var texts = {};
  try { texts = JSON.parse(chat.getAttribute("data-texts") || "{}"); } catch (e) { texts = {}; }
  var english = {
    YouSaid: "You said", Assistant: "Assistant", SupportTeam: "Support team", WhichFits: "Which of these fits?", MoreOnThis: "More on this:",
    Source: "Source:", WithSupport: "With our support team · reference", Helpful: "Was this helpful?",
    HelpfulYes: "Yes", HelpfulNo: "No", HelpfulYesLabel: "Yes, this helped", HelpfulNoLabel: "No, this did not help",
    FeedbackThanks: "Thanks for telling us.", Thinking: "The assistant is answering…",
    RatingFailed: "Your rating could not be saved.", SendFailed: "Something went wrong.",
    ErrorTooMany: "Too many requests in a short time. Please wait a minute and try again.",
    ErrorUnavailable: "The help chat is not available right now. Please try again in a few minutes.",
    ConversationNotFound: "That conversation was not found in this browser. You can start a new one."
  };
  function t(id) { return texts[id] || english[id]; }
  // failure is a failed request's error for the customer, in the page's
  // language: the server's error text is for developers, and English.
  function failure(status) {
    var e = new Error(status === 429 ? t("ErrorTooMany") : status === 404 ? t("ConversationNotFound") :
      status >= 500 ? t("ErrorUnavailable") : t("SendFailed"));
    e.forCustomer = true;
    return e;
  }
  var lang = chat.getAttribute("data-lang") || "";
  // shownLang is the language the page's words are in: the conversation's
  // once a reply tells it (the customer may write another language than
  // the browser's), as the page rendered again would show them.
  var shownLang = lang;
  function relabel(l, words) {
    if (!l || !words || l === shownLang) return;
    shownLang = l;
    texts = words;
    document.documentElement.lang = l;
    if (words.Dir) document.documentElement.dir = words.Dir;
    var title = document.getElementById("chat-title");
    if (title && words.Title) {
      if (document.title === title.textContent) document.title = words.Title;
      title.textContent = words.Title;
    }
    var restart = document.getElementById("restart");
    if (restart) restart.textContent = t("StartOverButton");
    var label = document.querySelector("label[for=message]");
    if (label) label.textContent = t("YourQuestion");
    send.textContent = t("Send");
    input.placeholder = t("ChatPlaceholder");
    log.setAttribute("aria-label", t("ConversationLabel"));
  }
  // Turns the page holds; the support team's replies are polled from here.
  var seen = parseInt(chat.getAttribute("data-turns"), 10) || 0;
  var pollMs = parseInt(chat.getAttribute("data-poll"), 10) || 3000;
  var polling = null;
  // In the widget the chat is loaded while closed: replies count as read
  // (and are not e-mailed) only once the customer opens it.
  var framed = document.body.classList.contains("embed") && window.parent !== window;
  var open = !framed;
  var unread = 0;
  function shown() { return open && document.visibilityState !== "hidden"; }
  // markRead tells the server the customer has seen the replies so far.
  function markRead() {
    var id = sessionID();
    if (!id) return;
    fetch("/api/chat/updates?session_id=" + encodeURIComponent(id) + "&after=0&shown=1", { headers: { "Accept": "application/json" } })
      .catch(function () { /* the next poll tells it */ });
  }

  function sessionID() { return form.elements.session_id.value; }
  function setSessionID(id) {
    form.elements.session_id.value = id;
    if (window.history && history.replaceState) history.replaceState(null, "", base + "?s=" + encodeURIComponent(id));
  }

  // Replies arrive rendered by the server (web/richtext.go: Markdown,
  // sanitised); the text streamed before it is shown as plain text.
  function showHTML(container, html) {
    container.innerHTML = html;
  }
  function safeURL(href) {
    try { var u = new URL(href); return (u.protocol === "http:" || u.protocol === "https:") && u.host !== ""; }
    catch (e) { return false; }
  }

  // follow keeps the end of the log, the latest reply's, in view.
  function follow() { log.scrollTop = log.scrollHeight; }

  function addMessage(user, text) {
    var li = document.createElement("li");
    li.className = user ? "msg user" : "msg agent pending";
    var who = document.createElement("span");
    who.className = "visually-hidden";
    who.textContent = (user ? t("YouSaid") : t("Assistant")) + ":";
    li.appendChild(who);
    if (restartForm) restartForm.hidden = false;
    // The greeting is for an empty chat, as the server renders one.
    var greeting = log.querySelector("li.greeting");
    if (greeting) greeting.remove();
    var body = document.createElement(user ? "p" : "div");
    if (user) body.textContent = text; else body.className = "text";
    body.dir = "auto"; // each text in its own direction (Arabic, Hebrew)
    li.appendChild(body);
    var old = document.getElementById("latest");
    if (old) old.removeAttribute("id");
    li.id = "latest";
    log.appendChild(li);
    follow();
    return { li: li, body: body };
  }

  // showOptions offers options: a question's answers, or after an answer
  // what the user may ask next.
  function showOptions(options, action) {
    slot.textContent = "";
    if (!options || options.length === 0) return null;
    var f = document.createElement("form");
    f.method = "post"; f.action = base; f.className = "options"; f.id = "options";
    var hidden = document.createElement("input");
    hidden.type = "hidden"; hidden.name = "session_id"; hidden.value = sessionID();
    f.appendChild(hidden);
    var fs = document.createElement("fieldset");
    // A lone "Talk to a person" (no node behind it) asks nothing to choose.
    var onlyPerson = options.every(function (o) { return !o.node_id; });
    if (!onlyPerson) {
      var legend = document.createElement("legend");
      legend.textContent = t(action === "resolution" ? "MoreOnThis" : "WhichFits");
      fs.appendChild(legend);
    }
    options.forEach(function (o) {
      var b = document.createElement("button");
      b.type = "submit"; b.name = "message"; b.value = o.value; b.textContent = o.label; b.dir = "auto";
      fs.appendChild(b);
    });
    f.appendChild(fs);
    slot.appendChild(f);
    return fs.querySelector("button");
  }

  function showSources(li, links) {
    if (!links || links.length === 0) return;
    var p = document.createElement("p");
    p.className = "sources";
    p.appendChild(document.createTextNode(t("Source") + " "));
    links.forEach(function (l, i) {
      if (i > 0) p.appendChild(document.createTextNode(", "));
      if (safeURL(l.url)) {
        var a = document.createElement("a");
        a.href = l.url; a.rel = "noopener noreferrer"; a.target = "_blank"; a.textContent = l.title;
        p.appendChild(a);
      } else {
        var span = document.createElement("span");
        span.textContent = l.title;
        p.appendChild(span);
      }
    });
    li.appendChild(p);
  }

  // A reply from the support team, rendered like the bot's text.
  function addSupport(html) {
    var li = document.createElement("li");
    li.className = "msg support";
    var who = document.createElement("span");
    who.className = "who";
    who.textContent = t("SupportTeam");
    li.appendChild(who);
    var body = document.createElement("div");
    body.className = "text";
    body.dir = "auto";
    showHTML(body, html);
    li.appendChild(body);
    log.appendChild(li);
    follow();
  }

  function showHandoff(h) {
    if (!h) return;
    chat.setAttribute("data-handoff", h.status);
    if (h.status === "closed") { banner.hidden = true; return; }
    banner.textContent = t("WithSupport") + " ";
    var strong = document.createElement("strong");
    strong.textContent = h.ref;
    banner.appendChild(strong);
    banner.hidden = false;
    startPolling();
  }

  var inflight = false;
  function poll() {
    var id = sessionID();
    if (!id || inflight) return;
    inflight = true;
    var visible = shown();
    fetch("/api/chat/updates?session_id=" + encodeURIComponent(id) + "&after=" + seen + "&shown=" + (visible ? "1" : "0"), { headers: { "Accept": "application/json" } })
      .then(function (resp) { return resp.ok ? resp.json() : null; })
      .then(function (u) {
        if (!u) return;
        u.turns.forEach(function (t) { addSupport(t.html); });
        if (!visible && u.turns.length > 0) {
          unread += u.turns.length;
          if (framed) window.parent.postMessage({ helpgraph: "unread", count: unread }, "*");
        }
        seen = u.next;
        if (u.handoff) showHandoff(u.handoff);
      })
      .catch(function () { /* offline for a moment: the next poll catches up */ })
      .then(function () { inflight = false; });
  }
  function startPolling() {
    if (!polling) polling = setInterval(poll, pollMs);
  }

  // thumb is the page's drawn thumb icon (the #hg-thumb symbol), upside
  // down for "no".
  function thumb(down) {
    var ns = "http://www.w3.org/2000/svg";
    var svg = document.createElementNS(ns, "svg");
    svg.setAttribute("class", down ? "thumb down" : "thumb");
    svg.setAttribute("width", "14"); svg.setAttribute("height", "14");
    svg.setAttribute("aria-hidden", "true"); svg.setAttribute("focusable", "false");
    var use = document.createElementNS(ns, "use");
    use.setAttribute("href", "#hg-thumb");
    svg.appendChild(use);
    return svg;
  }
  // Helpful yes/no under an answer; turn is its position in the conversation.
  function addFeedback(li, turn) {
    var f = document.createElement("form");
    f.method = "post"; f.action = "/feedback"; f.className = "feedback";
    f.setAttribute("data-turn", String(turn));
    var q = document.createElement("span");
    q.className = "q"; q.textContent = t("Helpful");
    f.appendChild(q);
    [["yes", t("HelpfulYes"), t("HelpfulYesLabel")], ["no", t("HelpfulNo"), t("HelpfulNoLabel")]].forEach(function (b) {
      var btn = document.createElement("button");
      btn.type = "submit"; btn.name = "helpful"; btn.value = b[0];
      btn.appendChild(thumb(b[0] === "no"));
      btn.appendChild(document.createTextNode(" " + b[1]));
      btn.setAttribute("aria-label", b[2]); btn.setAttribute("aria-pressed", "false");
      f.appendChild(btn);
    });
    li.appendChild(f);
  }
  function rate(f, helpful) {
    fetch("/api/feedback", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ session_id: sessionID(), turn: parseInt(f.getAttribute("data-turn"), 10), helpful: helpful })
    }).then(function (resp) {
      if (!resp.ok) throw new Error("rating: " + resp.status);
      Array.prototype.forEach.call(f.querySelectorAll("button"), function (b) {
        b.setAttribute("aria-pressed", String((b.value === "yes") === helpful));
      });
      var thanks = f.querySelector(".thanks");
      if (!thanks) { thanks = document.createElement("span"); thanks.className = "thanks"; f.appendChild(thanks); }
      thanks.textContent = t("FeedbackThanks");
    }).catch(function () { showError(t("RatingFailed")); });
  }
  log.addEventListener("submit", function (e) {
    var f = e.target;
    if (!f.classList || !f.classList.contains("feedback")) return;
    e.preventDefault();
    var b = e.submitter || document.activeElement;
    rate(f, b && b.value === "yes");
  });

  function setBusy(b) {
    busy = b;
    send.disabled = b;
    Array.prototype.forEach.call(slot.querySelectorAll("button"), function (x) { x.disabled = b; });
    status.textContent = b ? t("Thinking") : "";
  }

  function showError(msg) {
    notice.textContent = msg;
    notice.hidden = false;
  }

  // parseEvents splits complete SSE events off buf and calls fn(event, data).
  function parseEvents(buf, fn) {
    var idx;
    while ((idx = buf.indexOf("\n\n")) >= 0) {
      var block = buf.slice(0, idx);
      buf = buf.slice(idx + 2);
      var event = "message", data = "";
      block.split("\n").forEach(function (line) {
        if (line.indexOf("event: ") === 0) event = line.slice(7);
        else if (line.indexOf("data: ") === 0) data += line.slice(6);
      });
      fn(event, data ? JSON.parse(data) : null);
    }
    return buf;
  }

  // ask sends message; shown is what the log shows the customer said, when
  // that differs (an option's label, in their language, whose value the
  // agent reads: "担当者と話す" sends "talk to a person").
  function ask(message, shown) {
    if (busy) return;
    message = message.trim();
    if (message === "") { input.focus(); return; }
    notice.hidden = true;
    addMessage(true, shown || message);
    setBusy(true);
    var reply = null, text = "", meta = null;
    fetch("/api/chat/stream", {
      method: "POST",
      headers: { "Content-Type": "application/json", "Accept": "text/event-stream" },
      body: JSON.stringify({ session_id: sessionID(), message: message, lang: lang })
    }).then(function (resp) {
      if (!resp.ok) throw failure(resp.status);
      var reader = resp.body.getReader(), decoder = new TextDecoder(), buf = "";
      function pump() {
        return reader.read().then(function (r) {
          if (r.done) return;
          buf = parseEvents(buf + decoder.decode(r.value, { stream: true }), function (event, data) {
            if (event === "meta") {
              meta = data;
              // The log is a live region: while the reply streams in, it is
              // busy, so a screen reader reads the finished reply once, not
              // each fragment.
              log.setAttribute("aria-busy", "true");
              setSessionID(data.session_id);
              relabel(data.lang, data.texts);
              reply = addMessage(false, "");
              reply.li.className = "msg agent pending " + data.action;
            } else if (event === "delta" && reply) {
              text += data.text;
              reply.body.textContent = text;
              follow();
            } else if (event === "done" && reply) {
              reply.li.className = "msg agent " + meta.action;
              showHTML(reply.body, data.html);
              showSources(reply.li, meta.source_links);
              if (meta.action === "resolution") addFeedback(reply.li, meta.turn);
              showHandoff(meta.handoff);
              log.removeAttribute("aria-busy");
              follow();
            }
          });
          return pump();
        });
      }
      return pump();
    }).then(function () {
      log.removeAttribute("aria-busy");
      setBusy(false);
      var first = showOptions(meta && meta.options, meta && meta.action);
      // The options take room from the log: keep the reply's end in view.
      follow();
      // A question's options take the focus, to pick one at once; after an
      // answer the customer types (or rates it), and "More on this:" are
      // suggestions Enter must not send unasked.
      if (first && !(meta && meta.action === "resolution")) first.focus({ preventScroll: true }); else input.focus({ preventScroll: true });
    }).catch(function (err) {
      log.removeAttribute("aria-busy");
      setBusy(false);
      // Not ours (the network is down, a broken stream): no words for it.
      showError(err.forCustomer ? err.message : t("SendFailed"));
      input.focus();
    });
  }

  form.addEventListener("submit", function (e) {
    e.preventDefault();
    var m = input.value;
    input.value = "";
    ask(m);
  });
  // Option buttons live in their own form; the clicked button carries the value.
  slot.addEventListener("submit", function (e) {
    e.preventDefault();
    var b = e.submitter || document.activeElement;
    if (b && b.value) ask(b.value, b.textContent);
  });
  // "Start over" is a plain form: the server forgets the open conversation
  // and sends back an empty chat.
  follow(); // a reloaded conversation opens at its end
  var state = chat.getAttribute("data-handoff");
  if (state === "open" || state === "answered") startPolling();

  // In the widget: the host page asks for focus when it opens the chat, and
  // Esc anywhere in the chat asks the host page to close it.
  if (document.body.classList.contains("embed") && window.parent !== window) {
    window.addEventListener("message", function (e) {
      if (e.source !== window.parent || !e.data) return;
      if (e.data.helpgraph === "focus") input.focus();
      if (e.data.helpgraph === "shown") {
        open = !!e.data.open;
        // Replies shown now, polled while closed or on the page since it loaded.
        if (open && (unread > 0 || log.querySelector("li.msg.support"))) { unread = 0; markRead(); }
      }
    });
    document.addEventListener("keydown", function (e) {
      if (e.key === "Escape") window.parent.postMessage({ helpgraph: "close" }, "*");
    });
    window.parent.postMessage({ helpgraph: "ready" }, "*");
  }

  // Enter sends, Shift+Enter makes a new line. An Enter that ends an input
  // method's composition (Chinese, Japanese, Korean) picks the word: Safari
  // reports it with isComposing false but keyCode 229.
  input.addEventListener("keydown", function (e) {
    if (e.key === "Enter" && !e.shiftKey && !e.isComposing && e.keyCode !== 229) {
      e.preventDefault();
      form.requestSubmit ? form.requestSubmit() : form.dispatchEvent(new Event("submit", { cancelable: true }));
    }
  });
})();
