// The live Wooolf!! assistant: the round is kept here, as a round record (a plain
// object); after every change the server analyses it (POST /wooolf/api/analyse).
"use strict";
(function () {
  const $ = (id) => document.getElementById(id);
  const IDENTITIES = ["wolf", "shepherd", "hunter", "hound", "sheep"];
  let info = null;        // the setup's seats, cards, questions
  let round = null;       // the round record
  let draft = {};         // the event being tapped in

  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attrs || {})) {
      if (name === "onclick") node.addEventListener("click", value);
      else if (name === "text") node.textContent = value;
      else node.setAttribute(name, value);
    }
    for (const child of children) if (child !== null && child !== undefined) node.append(child);
    return node;
  }

  function fill(select, values, selected) {
    select.replaceChildren(...values.map((v) => {
      const option = el("option", { value: String(v), text: String(v) });
      if (String(v) === String(selected)) option.selected = true;
      return option;
    }));
  }

  async function post(path, body) {
    const response = await fetch(path, {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
    });
    return { ok: response.ok, response };
  }

  function message(text) {
    $("message").replaceChildren(text ? el("p", { class: "error", role: "alert", text }) : "");
  }

  async function loadSetup() {
    const edition = $("edition").value || "basic";
    const players = $("players").value || "6";
    const response = await fetch(`/wooolf/api/setup?edition=${encodeURIComponent(edition)}&players=${encodeURIComponent(players)}`);
    const body = await response.json();
    if (!response.ok) { message(body.error); return; }
    info = body;
    fill($("edition"), info.editions, edition);
    fill($("players"), [4, 5, 6, 7, 8], players);
    const seats = [];
    for (let s = 1; s <= info.seats; s++) if (!info.neutral.includes(s)) seats.push(s);
    fill($("viewpoint"), seats, $("viewpoint").value || 1);
    const names = info.cards.map((c) => c.name);
    fill($("card1"), names, $("card1").value || names[0]);
    fill($("card2"), names, $("card2").value || names[names.length - 1]);
  }

  function start() {
    round = {
      game: "wooolf", edition: $("edition").value, players: Number($("players").value),
      viewpoint: Number($("viewpoint").value),
      hands: { [$("viewpoint").value]: [$("card1").value, $("card2").value] },
      events: [],
    };
    draft = {};
    $("events-card").hidden = false;
    changed();
  }

  function describe(event) {
    if ("peek" in event) {
      const whom = info.neutral.includes(event.peek) ? "the neutral hand" : `seat ${event.peek}`;
      return "sees" in event ? `Seat ${event.seat} (you) peeked at ${whom} and saw ${event.sees}`
        : `Seat ${event.seat} peeked at ${whom} and said “${event.says}”`;
    }
    if ("ask" in event) return `Seat ${event.seat} asked seat ${event.ask} ${event.question}: ${event.answer}`;
    return `Seat ${event.seat} declared early`;
  }

  function choices(title, step, values, label) {
    const box = el("div", { class: "row" }, el("span", { class: "muted", text: `${title} ` }));
    for (const value of values) {
      box.append(el("button", {
        "data-step": step, "data-value": String(value),
        onclick: () => { draft[step] = value; advance(); },
        text: label ? label(value) : String(value),
      }));
    }
    if (Object.keys(draft).length) box.append(el("button", { "data-step": "cancel", onclick: () => { draft = {}; renderBuilder(); }, text: "Cancel" }));
    return box;
  }

  function seatList(except, withNeutral) {
    const seats = [];
    for (let s = 1; s <= info.seats; s++) {
      if (s === except) continue;
      if (info.neutral.includes(s) && !withNeutral) continue;
      seats.push(s);
    }
    return seats;
  }

  function advance() {
    const d = draft;
    let event = null;
    if (d.kind === "declare") event = { seat: d.seat, declare: "early" };
    if (d.kind === "peek" && d.target !== undefined && d.seen !== undefined) {
      event = d.seat === round.viewpoint ? { seat: d.seat, peek: d.target, sees: d.seen }
        : { seat: d.seat, peek: d.target, says: d.seen };
    }
    if (d.kind === "ask" && d.answer !== undefined) {
      event = { seat: d.seat, ask: d.target, question: d.question, answer: d.answer };
    }
    if (event) {
      round.events.push(event);
      draft = {};
      changed();
    } else {
      renderBuilder();
    }
  }

  function renderBuilder() {
    const b = $("builder");
    const d = draft;
    const seatLabel = (s) => (info.neutral.includes(s) ? "neutral" : `seat ${s}`);
    let step;
    if (d.seat === undefined) step = choices("Who acts?", "seat", seatList(null, false), seatLabel);
    else if (d.kind === undefined) step = choices(`Seat ${d.seat}…`, "kind", ["peek", "ask", "declare"],
      (k) => ({ peek: "peeked", ask: "asked", declare: "declared early" })[k]);
    else if (d.target === undefined) step = choices(d.kind === "peek" ? "at whom?" : "whom?", "target",
      seatList(d.seat, d.kind === "peek"), seatLabel);
    else if (d.kind === "peek") step = d.seat === round.viewpoint
      ? choices("and saw", "seen", info.cards.map((c) => c.name))
      : choices("and said", "seen", info.says);
    else if (d.question === undefined) step = choices("which question?", "question", info.questions.map((q) => q.id));
    else step = choices("the answer:", "answer", ["yes", "no"]);
    b.replaceChildren(step);
  }

  function percent(p) { return `${(100 * p).toFixed(1)}%`; }

  function renderResults(body) {
    $("results").hidden = false;
    const solve = body.solve;
    if (!solve.consistent) {
      message(`These events contradict each other: events ${solve.conflict.join(", ")} cannot all hold.`);
      for (const id of ["posterior", "declarations", "hint", "why"]) $(id).replaceChildren();
      return;
    }
    message("");
    const head = el("tr", {}, el("th", { text: "seat" }), ...IDENTITIES.map((i) => el("th", { text: i })));
    const rows = el("tbody");
    for (const [seat, dist] of Object.entries(solve.roles)) {
      const isNeutral = info.neutral.includes(Number(seat));
      const row = el("tr", { "data-seat": seat }, el("th", { text: isNeutral ? `${seat} (neutral)` : Number(seat) === round.viewpoint ? `${seat} (you)` : seat }));
      for (const identity of IDENTITIES) {
        const p = dist[identity] || 0;
        row.append(el("td", { class: `p${p === 1 ? " certain" : ""}`, "data-identity": identity, text: p ? percent(p) : "" }));
      }
      rows.append(row);
    }
    $("posterior").replaceChildren(el("table", {}, el("thead", {}, head), rows),
      el("p", { class: "muted", text: `${solve.deals} deals fit.` }));
    const list = el("ol", { id: "declaration-list" });
    for (const decl of (solve.declarations || []).slice(0, 5)) {
      const parts = decl.targets.map((t, i) => `${t === 0 ? "nobody" : "seat " + t} (${body.targets[i]})`);
      list.append(el("li", { text: `${parts.join(", ")} ${percent(decl.probability)}` }));
    }
    $("declarations").replaceChildren(body.identity ? el("p", { text: `You are the ${body.identity}.` }) : "", list);
    const hint = el("ol", { id: "hint-list" });
    if (body.hint) {
      for (const action of body.hint.actions.slice(0, 5)) {
        const what = action.action === "peek" ? `peek at seat ${action.target}` : `ask seat ${action.target} ${action.question}`;
        hint.append(el("li", { text: `${what}: ${action.gain_bits.toFixed(3)} bits, then ${percent(action.best_after)} to declare right` }));
      }
    }
    $("hint").replaceChildren(body.hint ? el("p", { class: "muted", text: `${body.hint.entropy_bits.toFixed(3)} bits left to learn.` }) : el("p", { class: "muted", text: body.hint_error || "" }), hint);
    const why = el("ul", { id: "why-list" });
    for (const fact of body.why) {
      why.append(el("li", {}, el("strong", { text: fact.fact }), el("span", { text: ` (events ${fact.events.join(", ") || "none"}): ${fact.sentences.join(" ")}` })));
    }
    $("why").replaceChildren(why);
  }

  let asked = 0;  // the latest analysis asked for: an older answer arriving later is dropped

  async function changed() {
    $("events").replaceChildren(...round.events.map((e) => el("li", { text: describe(e) })));
    renderBuilder();
    const mine = ++asked;
    const { ok, response } = await post("/wooolf/api/analyse", round);
    const body = await response.json();
    if (mine !== asked) return;
    if (!ok) {
      message(body.error);
      return;
    }
    renderResults(body);
  }

  async function download() {
    const { ok, response } = await post("/wooolf/api/record", round);
    if (!ok) { message((await response.json()).error); return; }
    const blob = new Blob([await response.text()], { type: "application/yaml" });
    const link = el("a", { href: URL.createObjectURL(blob), download: "round.yaml" });
    document.body.append(link);
    link.click();
    link.remove();
  }

  $("edition").addEventListener("change", loadSetup);
  $("players").addEventListener("change", loadSetup);
  $("start").addEventListener("click", start);
  $("undo").addEventListener("click", () => { round.events.pop(); draft = {}; changed(); });
  $("download").addEventListener("click", download);
  loadSetup();
})();
