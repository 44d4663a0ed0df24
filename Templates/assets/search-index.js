// reaction-report: the search page of the builtin search index (search.html, the index in search/,
// written by the build: docs/architecture.md says its format). Served over http(s) it enables the
// form, and a search fetches only the word shards, filter files and document chunks it needs
// (each once). Opened from disk (file://) it does nothing, and the page's notice stays.
// Texts from the index are put on the page as text nodes only.
(function () {
  "use strict";

  // The token rule, step for step as SearchText.swift: NFKD, marks dropped, lowercase, final
  // sigma as sigma; tokens are runs of letters and numbers, each Han, Hiragana or Katakana
  // letter or number a token of its own, cut to 64 code points.
  var MAXIMUM_LENGTH = 64;
  var IDEOGRAPHIC = [
    [0x2E80, 0x2FDF], [0x3005, 0x3007], [0x3021, 0x3029], [0x3031, 0x3035], [0x3038, 0x303C], [0x3041, 0x30FF], [0x31F0, 0x31FF],
    [0x3400, 0x4DBF], [0x4E00, 0x9FFF], [0xF900, 0xFAFF], [0xFF66, 0xFF9F], [0x1AFF0, 0x1B16F], [0x20000, 0x323AF]
  ];
  var MARK = /\p{M}/u;
  var WORD = /^[\p{L}\p{N}]$/u;

  function fold(text) {
    var kept = "";
    for (var scalar of text.normalize("NFKD")) if (!MARK.test(scalar)) kept += scalar;
    return kept.toLowerCase().replace(/\u03C2/g, "\u03C3");
  }

  function isIdeographic(scalar) {
    var value = scalar.codePointAt(0);
    if (value < 0x2E80) return false;
    for (var i = 0; i < IDEOGRAPHIC.length; i++) if (value >= IDEOGRAPHIC[i][0] && value <= IDEOGRAPHIC[i][1]) return true;
    return false;
  }

  function tokens(text) {
    var out = [], run = "", length = 0;
    function end() {
      if (length > 0) out.push(run);
      run = "";
      length = 0;
    }
    for (var scalar of fold(text)) {
      if (!WORD.test(scalar)) { end(); continue; }
      if (isIdeographic(scalar)) { end(); out.push(scalar); continue; }
      if (length < MAXIMUM_LENGTH) run += scalar;
      length++;
    }
    end();
    return out;
  }

  // Code point order (the index's word order; JavaScript's own `<` compares UTF-16 units).
  function compare(a, b) {
    var i = 0, j = 0;
    while (i < a.length && j < b.length) {
      var x = a.codePointAt(i), y = b.codePointAt(j);
      if (x !== y) return x < y ? -1 : 1;
      i += x > 0xFFFF ? 2 : 1;
      j += y > 0xFFFF ? 2 : 1;
    }
    return i < a.length ? 1 : j < b.length ? -1 : 0;
  }

  if (typeof module === "object" && module.exports) module.exports = { fold: fold, tokens: tokens, compare: compare };
  if (typeof document === "undefined") return;

  var root = document.getElementById("search");
  var fields = document.getElementById("search-fields");
  if (!root || !fields || location.protocol === "file:") return;

  var PAGE = 20;
  var KINDS = ["conversation", "author", "emoji", "week"];
  var box = document.getElementById("search-words");
  var status = document.getElementById("search-status");
  var list = document.getElementById("search-results");
  var more = document.getElementById("search-more");
  var selects = KINDS.map(function (kind) { return document.getElementById("search-" + kind); });
  var cache = new Map();
  var index = null, filters = null, generation = 0, found = null, shown = 0, marked = null;

  function load(path, kind) {
    if (!cache.has(path)) {
      cache.set(path, fetch("search/" + path, { credentials: "same-origin" }).then(function (response) {
        if (!response.ok) throw new Error("search/" + path + ": " + response.status);
        return kind === "json" ? response.json() : response.arrayBuffer();
      }).catch(function (error) { cache.delete(path); throw error; }));
    }
    return cache.get(path);
  }

  // A reader of the index's varints (LEB128) and posting lists.
  function Reader(buffer, offset) {
    this.bytes = new Uint8Array(buffer);
    this.at = offset || 0;
  }
  Reader.prototype.varint = function () {
    var value = 0, scale = 1, byte;
    do {
      byte = this.bytes[this.at++];
      value += (byte & 0x7F) * scale;
      scale *= 128;
    } while (byte & 0x80);
    return value;
  };
  Reader.prototype.postings = function () {
    var count = this.varint(), out = new Uint32Array(count), last = 0;
    for (var i = 0; i < count; i++) { last += this.varint(); out[i] = last; }
    return out;
  };

  var decoder = new TextDecoder();
  var shards = new Map();
  function shard(number) {
    if (!shards.has(number)) {
      shards.set(number, load("words/" + number + ".bin", "bytes").then(function (buffer) {
        var reader = new Reader(buffer), words = new Map();
        while (reader.at < reader.bytes.length) {
          var length = reader.varint();
          var word = decoder.decode(reader.bytes.subarray(reader.at, reader.at + length));
          reader.at += length;
          words.set(word, reader.postings());
        }
        return words;
      }).catch(function (error) { shards.delete(number); throw error; }));
    }
    return shards.get(number);
  }

  // The last shard whose first word is not after `word`, or -1.
  function shardOf(word) {
    var low = 0, high = index.words.length - 1, found = -1;
    while (low <= high) {
      var middle = (low + high) >> 1;
      if (compare(index.words[middle], word) <= 0) { found = middle; low = middle + 1; } else high = middle - 1;
    }
    return found;
  }

  function exact(word) {
    var number = shardOf(word);
    if (number < 0) return Promise.resolve(new Uint32Array(0));
    return shard(number).then(function (words) { return words.get(word) || new Uint32Array(0); });
  }

  // The documents of every word that starts with `prefix`: the shards from the one `prefix`
  // would be in to the last whose first word starts with it.
  function prefixed(prefix) {
    var first = Math.max(0, shardOf(prefix)), last = first;
    while (last + 1 < index.words.length && index.words[last + 1].startsWith(prefix)) last++;
    var wanted = [];
    for (var number = first; number <= last && index.words.length > 0; number++) wanted.push(shard(number));
    return Promise.all(wanted).then(function (all) {
      var lists = [];
      all.forEach(function (words) { words.forEach(function (documents, word) { if (word.startsWith(prefix)) lists.push(documents); }); });
      return union(lists);
    });
  }

  function union(lists) {
    if (lists.length === 1) return lists[0];
    var total = 0;
    lists.forEach(function (list) { total += list.length; });
    var all = new Uint32Array(total), at = 0;
    lists.forEach(function (list) { all.set(list, at); at += list.length; });
    all.sort();
    var out = new Uint32Array(total), count = 0;
    for (var i = 0; i < total; i++) if (i === 0 || all[i] !== all[i - 1]) out[count++] = all[i];
    return out.subarray(0, count);
  }

  function intersect(a, b) {
    var out = new Uint32Array(Math.min(a.length, b.length)), i = 0, j = 0, count = 0;
    while (i < a.length && j < b.length) {
      if (a[i] < b[j]) i++;
      else if (a[i] > b[j]) j++;
      else { out[count++] = a[i]; i++; j++; }
    }
    return out.subarray(0, count);
  }

  function filterList(kind, value) {
    var entry = filters[kind][value];
    return load("filters/" + entry[2] + ".bin", "bytes").then(function (buffer) { return new Reader(buffer, entry[3]).postings(); });
  }

  function chosen(select) {
    return Array.from(select.selectedOptions).map(function (option) { return Number(option.value); });
  }

  function say(text) { status.textContent = text; }

  function counted(count) {
    return count.toLocaleString("en") + (count === 1 ? " message matches" : " messages match");
  }

  function search() {
    var turn = ++generation;
    var words = tokens(box.value);
    var kinds = KINDS.map(function (kind, position) { return { kind: kind, values: chosen(selects[position]) }; })
      .filter(function (kind) { return kind.values.length > 0; });
    list.textContent = "";
    more.hidden = true;
    found = null;
    if (words.length === 0 && kinds.length === 0) { say("Type a word or choose a filter to see messages."); return; }
    say("Searching…");
    var lists = words.map(function (word, position) { return position === words.length - 1 ? prefixed(word) : exact(word); });
    kinds.forEach(function (kind) {
      lists.push(Promise.all(kind.values.map(function (value) { return filterList(kind.kind, value); })).then(union));
    });
    Promise.all(lists).then(function (all) {
      if (turn !== generation) return;
      all.sort(function (a, b) { return a.length - b.length; });
      var result = all.reduce(intersect);
      marked = { words: new Set(words.slice(0, -1)), prefix: words.length > 0 ? words[words.length - 1] : null };
      found = result;
      shown = 0;
      if (result.length === 0) { say("No message matches. Try fewer words, or fewer filters."); return; }
      say(counted(result.length) + ", newest first.");
      return showMore();
    }).catch(failed(turn));
  }

  function failed(turn) {
    return function (error) {
      if (turn !== generation) return;
      say("The search index could not be loaded (" + error.message + "). Reload the page to try again.");
    };
  }

  // Shows the next page of results, newest (highest document number) first.
  function showMore() {
    var turn = generation, numbers = [];
    for (var i = found.length - 1 - shown; i >= 0 && numbers.length < PAGE; i--) numbers.push(found[i]);
    var chunks = Array.from(new Set(numbers.map(function (number) { return Math.floor(number / index.docsPerChunk); })));
    return Promise.all(chunks.map(function (chunk) { return load("docs/" + chunk + ".json", "json"); })).then(function (loaded) {
      if (turn !== generation) return;
      var first = null;
      numbers.forEach(function (number) {
        var documents = loaded[chunks.indexOf(Math.floor(number / index.docsPerChunk))];
        var item = result(documents[number % index.docsPerChunk]);
        list.appendChild(item);
        first = first || item;
      });
      shown += numbers.length;
      more.hidden = shown >= found.length;
      return first;
    }).catch(failed(turn));
  }

  // A result: the title linking to the message's anchor, and its excerpt with the words found
  // marked.
  function result(documentEntry) {
    var item = document.createElement("li");
    var link = document.createElement("a");
    var target = String(documentEntry[0]);
    // Links are the site's own paths; anything with a scheme is shown as text.
    if (!/^[A-Za-z][A-Za-z0-9+.-]*:/.test(target) && !target.startsWith("//")) link.setAttribute("href", target);
    link.setAttribute("dir", "auto");
    link.textContent = String(documentEntry[1]);
    item.appendChild(link);
    var excerpt = document.createElement("p");
    excerpt.setAttribute("dir", "auto");
    highlight(String(documentEntry[2]), excerpt);
    item.appendChild(excerpt);
    return item;
  }

  // Appends `text` to `into` as text nodes, the words the search matched in <mark>: each code
  // point is folded on its own, and runs of letters and numbers (marks going with them) are
  // the words compared.
  function highlight(text, into) {
    var pieces = [], plain = "", run = null;
    function flush() {
      if (run === null) return;
      var word = Array.from(run.folded).slice(0, MAXIMUM_LENGTH).join("");
      var hit = marked.words.has(word) || (marked.prefix !== null && word.startsWith(marked.prefix));
      if (hit) { if (plain) pieces.push([plain, false]); plain = ""; pieces.push([run.text, true]); } else plain += run.text;
      run = null;
    }
    for (var scalar of text) {
      var folded = fold(scalar);
      var letters = folded.length > 0 && Array.from(folded).every(function (part) { return WORD.test(part); });
      if (letters && isIdeographic(Array.from(folded)[0])) { flush(); run = { text: scalar, folded: folded }; flush(); }
      else if (letters && run) { run.text += scalar; run.folded += folded; }
      else if (letters) run = { text: scalar, folded: folded };
      else if (folded.length === 0 && run) run.text += scalar;
      else { flush(); plain += scalar; }
    }
    flush();
    if (plain) pieces.push([plain, false]);
    pieces.forEach(function (piece) {
      if (!piece[1]) { into.appendChild(document.createTextNode(piece[0])); return; }
      var mark = document.createElement("mark");
      mark.textContent = piece[0];
      into.appendChild(mark);
    });
  }

  function option(select, entry, value) {
    var element = document.createElement("option");
    element.value = String(value);
    element.textContent = String(entry[0]) + " (" + Number(entry[1]).toLocaleString("en") + ")";
    select.appendChild(element);
  }

  var pending = 0;
  function soon() {
    clearTimeout(pending);
    pending = setTimeout(search, 150);
  }

  say("Loading the search index…");
  Promise.all([load("index.json", "json"), load("filters.json", "json")]).then(function (loaded) {
    index = loaded[0];
    filters = loaded[1];
    KINDS.forEach(function (kind, position) {
      (filters[kind] || []).forEach(function (entry, value) { option(selects[position], entry, value); });
    });
    var notice = document.getElementById("search-notice");
    if (notice) notice.hidden = true;
    fields.disabled = false;
    say("Type a word or choose a filter to see messages.");
    box.addEventListener("input", soon);
    selects.forEach(function (select) { select.addEventListener("change", search); });
    document.getElementById("search-form").addEventListener("submit", function (event) { event.preventDefault(); search(); });
    document.getElementById("search-clear").addEventListener("click", function () {
      selects.forEach(function (select) { Array.from(select.options).forEach(function (entry) { entry.selected = false; }); });
      search();
    });
    more.addEventListener("click", function () {
      showMore().then(function (first) { if (first) first.querySelector("a").focus(); });
    });
    box.focus();
  }).catch(function (error) {
    say("The search index could not be loaded (" + error.message + "). Reload the page to try again.");
  });
})();
