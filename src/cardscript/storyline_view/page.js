// The storyline view. Everything shown comes from the run's JSON and is set as text, never
// as markup. Step 0 is the board before the first action; step k is after the k-th entry.
"use strict";
(function () {
  const run = JSON.parse(document.getElementById("run").textContent);
  const trace = run.trace || [];
  const boards = run.boards || null;
  const view = (boards && boards.view) || {};
  const texts = (boards && boards.texts) || {};
  const players = run.state ? Object.keys(run.state.players) :
    (boards ? Object.keys(boards.start.counters) : []);
  const byId = new Map(trace.map((e, i) => [e.id, i]));
  const last = trace.length;
  let step = 0;

  function el(tag, cls, text) {
    const n = document.createElement(tag);
    if (cls) n.className = cls;
    if (text !== undefined && text !== null) n.textContent = String(text);
    return n;
  }
  function clear(n) { while (n.firstChild) n.removeChild(n.firstChild); return n; }

  // --- boards: start, then each entry's changes applied in order --------------------
  const frames = [];
  if (boards) {
    let b = boards.start;
    frames.push({ board: b, changed: {} });
    for (const s of boards.steps) {
      const next = Object.assign({}, b);
      for (const [key, diff] of Object.entries(s.changed)) {
        if (diff !== null && typeof diff === "object" && !Array.isArray(diff)) {
          const merged = Object.assign({}, b[key] || {});
          for (const [k, v] of Object.entries(diff)) {
            if (v === null) delete merged[k]; else merged[k] = v;
          }
          next[key] = merged;
        } else next[key] = diff;
      }
      frames.push({ board: next, changed: s.changed, action: s.action });
      b = next;
    }
  }

  // --- cards: a name with its text on hover ------------------------------------------
  const tip = document.getElementById("cardtip");
  function cardName(name, cls) {
    const n = el("span", "card" + (cls ? " " + cls : ""), name);
    n.dataset.card = name;
    return n;
  }
  document.addEventListener("mouseover", (ev) => {
    const t = ev.target.closest ? ev.target.closest("[data-card]") : null;
    if (!t) { tip.hidden = true; return; }
    const text = texts[t.dataset.card];
    tip.textContent = text || t.dataset.card + " (no card text: a rule of the game)";
    const r = t.getBoundingClientRect();
    tip.style.left = Math.min(r.left, window.innerWidth - 360) + "px";
    tip.style.top = (r.bottom + 4) + "px";
    tip.hidden = false;
  });

  function playerClass(p) {
    const i = players.indexOf(p);
    return i >= 0 ? "p" + (i % 4) : "";
  }
  function describeAction(a) {
    if (!a) return "";
    const parts = [];
    for (const [k, v] of Object.entries(a)) {
      if (k !== "player") parts.push(k + " " + (Array.isArray(v) ? v.join(", ") : v));
    }
    return a.player + ": " + parts.join(", ");
  }
  function statusBadges(e) {
    const f = document.createDocumentFragment();
    f.appendChild(el("span", "status " + e.status, e.status.toUpperCase()));
    if (e.split) { f.appendChild(document.createTextNode(" ")); f.appendChild(el("span", "status split", "SPLIT")); }
    return f;
  }
  function entryLine(e) {
    const f = document.createDocumentFragment();
    f.appendChild(statusBadges(e));
    f.appendChild(document.createTextNode(" "));
    f.appendChild(e.source === "game" ? el("span", "muted", "game") : cardName(e.source, playerClass(e.controller)));
    let kind = " (" + e.kind;
    if (e.parent !== null && e.parent !== undefined) kind += ", part " + e.part + " of #" + e.parent;
    f.appendChild(document.createTextNode(kind + ") #" + e.id));
    return f;
  }
  function jump(id) {
    const n = el("span", "jump", "#" + id);
    n.addEventListener("click", () => go(byId.get(id) + 1));
    return n;
  }

  // --- the storyline list --------------------------------------------------------------
  const list = document.getElementById("entries");
  const items = [];
  const start = el("li", "start", "start: the board before the first action");
  start.addEventListener("click", () => go(0));
  list.appendChild(start);
  items.push(start);
  trace.forEach((e, i) => {
    const li = el("li", e.parent !== null && e.parent !== undefined ? "part" : "");
    li.appendChild(entryLine(e));
    li.dataset.step = String(i + 1);
    li.addEventListener("click", () => go(i + 1));
    list.appendChild(li);
    items.push(li);
  });

  // --- the entry of a step: what it did, why it stood there, its cause and parts -------
  function causeChain(e, k) {
    const box = el("div", "cause");
    box.appendChild(el("h3", null, "Cause"));
    let cur = e, guard = 0;
    const ul = el("ul");
    while (cur && cur.cause !== null && cur.cause !== undefined && guard++ < 50) {
      const i = byId.get(cur.cause);
      const li = el("li");
      li.appendChild(document.createTextNode("caused by "));
      if (i === undefined) { li.appendChild(document.createTextNode("#" + cur.cause)); ul.appendChild(li); break; }
      const c = trace[i];
      li.appendChild(jump(c.id));
      li.appendChild(document.createTextNode(" "));
      li.appendChild(c.source === "game" ? el("span", "muted", "game") : cardName(c.source, playerClass(c.controller)));
      li.appendChild(document.createTextNode(" (" + c.kind + ")"));
      ul.appendChild(li);
      cur = c.parent !== null && c.parent !== undefined && byId.has(c.parent) ? trace[byId.get(c.parent)] : c;
    }
    const act = frames[k] && frames[k].action;
    if (act !== undefined && act !== null && boards) {
      ul.appendChild(el("li", null, "action " + (act + 1) + ": " + describeAction(boards.actions[act])));
    } else if (!ul.firstChild) {
      ul.appendChild(el("li", "muted", "a rule of the game"));
    }
    box.appendChild(ul);
    return box;
  }
  function tree(rootId, hereId, depth) {
    const ul = el("ul", "tree");
    const kids = trace.filter((t) => t.id !== rootId && (t.parent === rootId || (t.cause === rootId)));
    for (const t of kids) {
      const li = el("li", t.id === hereId ? "here" : "");
      const node = el("span", "node");
      node.appendChild(document.createTextNode(t.parent === rootId ? "part " + t.part + ": " : "caused: "));
      node.appendChild(jump(t.id));
      node.appendChild(document.createTextNode(" "));
      node.appendChild(statusBadges(t));
      node.appendChild(document.createTextNode(" " + t.source + " (" + t.kind + ")"));
      li.appendChild(node);
      if (depth < 4 && t.parent !== rootId) li.appendChild(tree(t.id, hereId, depth + 1));
      ul.appendChild(li);
    }
    return ul;
  }
  function showEntry(k) {
    const box = clear(document.getElementById("entry"));
    const title = document.getElementById("step-title");
    const waiting = clear(document.getElementById("waiting"));
    if (k === 0) {
      title.textContent = "Step 0: before the first action";
      box.appendChild(el("p", "muted", trace.length ? "Step forward to resolve the storyline." : "Nothing resolved."));
      return;
    }
    const e = trace[k - 1];
    title.textContent = "Step " + k + " of " + last;
    const head = el("p", "head");
    head.appendChild(entryLine(e));
    box.appendChild(head);
    box.appendChild(el("p", "text", e.text));
    const did = el("ul", "did");
    for (const d of e.did || []) did.appendChild(el("li", null, d));
    if (e.paid) did.appendChild(el("li", "muted", "paid: " + e.paid));
    if (e.split) did.appendChild(el("li", "muted", "split here: " + e.split));
    box.appendChild(did);
    box.appendChild(el("h3", null, "Why it stood here"));
    const rules = el("div", "rules");
    for (const r of e.rules || []) {
      const p = el("p", "rule", r.text + " ");
      p.appendChild(el("code", null, r.setting + ": " + r.value));
      rules.appendChild(p);
    }
    if (!(e.rules || []).length) rules.appendChild(el("p", "muted", "no rule recorded"));
    box.appendChild(rules);
    box.appendChild(causeChain(e, k));
    const rootId = e.parent !== null && e.parent !== undefined ? e.parent : e.id;
    box.appendChild(el("h3", null, "Event #" + rootId + ": its parts and what it caused"));
    const rootLine = el("p");
    if (byId.has(rootId)) rootLine.appendChild(entryLine(trace[byId.get(rootId)]));
    box.appendChild(rootLine);
    box.appendChild(tree(rootId, e.id, 0));
    for (const w of e.storyline || []) waiting.appendChild(el("li", null, w));
    if (!(e.storyline || []).length) waiting.appendChild(el("li", "muted", "(empty)"));
  }

  // --- the board, drawn from the ruleset's view data ----------------------------------
  function cardChip(cards, id, changed) {
    const c = cards[id];
    if (!c) return el("span", "muted", id);
    let cls = playerClass(c.controller);
    if (c.tapped) cls += " tapped";
    if (changed && id in changed) cls += " changed";
    const n = cardName(c.name, cls);
    n.dataset.id = id;
    const tags = [];
    if (c.damage) tags.push("dmg " + c.damage);
    if (c.tapped) tags.push("tapped");
    for (const [k, v] of Object.entries(c.counters || {})) tags.push(k + " " + v);
    for (const f of c.flags || []) tags.push(f);
    const regions = (view.grid && view.grid.regions) || [];
    if (c.region && regions.length && c.region !== regions[0]) tags.push(c.region);
    if (tags.length) n.appendChild(el("span", "tag", tags.join(", ")));
    return n;
  }
  function showBoard(k) {
    const out = clear(document.getElementById("board-view"));
    if (!frames.length) { out.appendChild(el("p", "muted", "no boards in this run's JSON (run --boards)")); return; }
    const fr = frames[k], b = fr.board, changed = fr.changed.cards || {};
    const grid = view.grid;
    if (grid) {
      const table = el("table", "grid");
      for (let r = 0; r < grid.rows; r++) {
        const tr = el("tr");
        for (let c = 0; c < grid.columns; c++) {
          const sq = r * grid.columns + c + 1;
          const td = el("td");
          td.dataset.square = String(sq);
          td.appendChild(el("div", "sq", sq));
          for (const p of Object.keys(b.zones)) {
            for (const id of b.zones[p][grid.zone] || []) {
              const card = b.cards[id];
              if (!card || card.at === null || card.at === undefined) continue;
              // A card on several squares (an oversized unit) is drawn on each of them.
              const squares = (card.squares || [card.at]).map(String);
              if (!squares.includes(String(sq))) continue;
              const chip = cardChip(b.cards, id, changed);
              if (squares.length > 1) {
                chip.classList.add("spans");
                chip.dataset.part = (squares.indexOf(String(sq)) + 1) + "/" + squares.length;
              }
              td.appendChild(chip);
            }
          }
          tr.appendChild(td);
        }
        table.appendChild(tr);
      }
      out.appendChild(table);
    }
    const piles = view.piles || [];
    const who = Object.keys(b.zones).map((p) => [p, b.zones[p], b.counters[p] || {}]);
    if (Object.keys(b.shared_zones || {}).length || Object.keys(b.shared_counters || {}).length) {
      who.push(["shared", b.shared_zones || {}, b.shared_counters || {}]);
    }
    for (const [p, zones, counters] of who) {
      const box = el("div", "player" + (p === b.active ? " active" : ""));
      box.dataset.player = p;
      box.appendChild(el("span", "who", p));
      const cs = Object.entries(counters).map(([n, v]) => n + " " + v).join(", ");
      if (cs) box.appendChild(el("span", "counters", ": " + cs));
      for (let [z, ids] of Object.entries(zones)) {
        if (grid && z === grid.zone) {
          const off = ids.filter((id) => b.cards[id] && (b.cards[id].at === null || b.cards[id].at === undefined));
          if (!off.length) continue;
          ids = off;
        }
        if (!ids.length) continue;
        const line = el("div", "zone");
        line.dataset.zone = z;
        line.appendChild(el("span", "zname", z + ": "));
        if (piles.includes(z)) {
          line.appendChild(el("span", null, ids.length + (ids.length === 1 ? " card" : " cards")));
        } else {
          for (const id of ids) line.appendChild(cardChip(b.cards, id, changed));
        }
        box.appendChild(line);
      }
      out.appendChild(box);
    }
    if (b.over) out.appendChild(el("p", "over", "The game is over."));
  }

  // --- stepping ---------------------------------------------------------------------
  function go(k, fromHash) {
    step = Math.max(0, Math.min(last, k | 0));
    items.forEach((li, i) => {
      li.classList.toggle("current", i === step);
      li.classList.toggle("future", i > step);
    });
    document.getElementById("position").textContent = "step " + step + " / " + last;
    showEntry(step);
    showBoard(step);
    if (!fromHash) {
      const h = "#step=" + step;
      try { history.replaceState(null, "", h); } catch (err) { location.hash = h; }
    }
  }
  function fromHash() {
    const m = /step=(\d+)/.exec(location.hash);
    return m ? parseInt(m[1], 10) : 0;
  }
  document.getElementById("prev").addEventListener("click", () => go(step - 1));
  document.getElementById("next").addEventListener("click", () => go(step + 1));
  document.addEventListener("keydown", (ev) => {
    if (ev.altKey || ev.ctrlKey || ev.metaKey) return;
    const k = ev.key;
    if (k === "ArrowRight" || k === "j" || k === "n") go(step + 1);
    else if (k === "ArrowLeft" || k === "k" || k === "p") go(step - 1);
    else if (k === "Home") go(0);
    else if (k === "End") go(last);
    else return;
    ev.preventDefault();
  });
  window.addEventListener("hashchange", () => go(fromHash(), true));

  document.getElementById("title").textContent = run.scenario || "(no scenario)";
  document.getElementById("meta").textContent = "ruleset: " + (run.ruleset || "?") + " · " +
    trace.length + " storyline entries · " + (run.ok ? "played to the end" : "stopped by an error");
  if (run.error) {
    const pre = document.getElementById("error");
    pre.textContent = run.error.text || run.error.message || "error";
    pre.hidden = false;
  }
  go(fromHash(), true);
})();
