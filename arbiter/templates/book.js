// The search box: offline, over the laws on this page, ranked as `arbiter search` ranks them
// (rulebook.Rulebook.search): each law's keywords (the words players use, 1888 and today),
// its short title, its printed words, and the glossary's names for what it governs.
(function () {
  "use strict";
  var box = document.getElementById("search");
  var list = document.getElementById("results");
  if (!box || !list) { return; }
  var STOP = { the: 1, a: 1, an: 1, of: 1, to: 1, "in": 1, on: 1, and: 1, or: 1, is: 1, it: 1, his: 1, he: 1, "with": 1, when: 1 };
  function norm(text) { return text.toLowerCase().replace(/-/g, " ").replace(/[^a-z0-9' -]+/g, " ").split(/\s+/).filter(Boolean).join(" "); }
  function words(text) { return text.toLowerCase().match(/[a-z0-9']+/g) || []; }
  // The same crude stem as the command line's: 'reneged' meets 'renege'.
  var SUFFIXES = ["ing", "ed", "es", "s", "e"];
  function stem(w) {
    for (var i = 0; i < SUFFIXES.length; i += 1) {
      var s = SUFFIXES[i];
      if (w.length - s.length >= 3 && w.slice(-s.length) === s) { return w.slice(0, -s.length); }
    }
    return w;
  }
  function bag(text) { var out = {}; words(text).forEach(function (w) { out[stem(w)] = 1; }); return out; }
  function listed(el, name) { var v = el.getAttribute(name) || ""; return v ? v.split(" | ").map(norm) : []; }
  var laws = Array.prototype.map.call(document.querySelectorAll("article.law"), function (el) {
    var title = el.querySelector(".title"), keywords = listed(el, "data-keywords");
    var printed = Array.prototype.map.call(el.querySelectorAll(".printed > p:not(.refs)"),
                                           function (p) { return p.textContent; }).join(" ");
    return { id: el.id, number: Number(el.getAttribute("data-law")), title: title ? title.textContent : "",
             keywords: keywords, terms: listed(el, "data-terms"), text: norm(printed),
             bags: [[4, bag(keywords.join(" "))], [3, bag(title ? title.textContent : "")], [1, bag(norm(printed))]] };
  });
  function score(law, phrase, stems) {
    var total = 0, found = 0;
    law.keywords.forEach(function (kw) {
      if (phrase === kw) { total += 12; } else if (kw.indexOf(phrase) >= 0 || (kw.length > 3 && phrase.indexOf(kw) >= 0)) { total += 6; }
    });
    if (norm(law.title).indexOf(phrase) >= 0) { total += 8; }
    if (stems.length > 1 && law.text.indexOf(phrase) >= 0) { total += 6; }
    var spoken = phrase.split(" ");
    law.terms.forEach(function (name) {
      if (phrase === name || spoken.indexOf(name) >= 0 || name.indexOf(phrase) >= 0) { total += 3; }
    });
    stems.forEach(function (s) {
      var here = 0;
      law.bags.forEach(function (b) { if (b[1][s]) { here += b[0]; } });
      if (here) { found += 1; total += here; }
    });
    if (found && found === stems.length && stems.length > 1) { total += 2; }
    return total;
  }
  function search(query) {
    var phrase = norm(query);
    var stems = words(phrase).filter(function (w) { return !STOP[w]; }).map(stem);
    if (!stems.length) { return []; }
    return laws.map(function (law) { return { law: law, score: score(law, phrase, stems) }; })
      .filter(function (h) { return h.score > 0; })
      .sort(function (x, y) { return y.score - x.score || x.law.number - y.law.number; }).slice(0, 10);
  }
  function show() {
    while (list.firstChild) { list.removeChild(list.firstChild); }
    if (!box.value.trim()) { return; }
    var hits = search(box.value);
    if (!hits.length) {
      var none = document.createElement("li");
      none.className = "none";
      none.textContent = "No law found for these words.";
      list.appendChild(none);
      return;
    }
    hits.forEach(function (h) {
      var li = document.createElement("li"), a = document.createElement("a");
      a.href = "#" + h.law.id;
      a.className = "hit";
      a.setAttribute("data-law", h.law.number);
      a.textContent = "Law " + h.law.number + " \u00b7 " + h.law.title;
      li.appendChild(a);
      list.appendChild(li);
    });
  }
  box.addEventListener("input", show);
}());
