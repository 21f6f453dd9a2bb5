// The live Wooolf!! assistant: the round is kept here, as a round record (a plain
// object), and in the browser's storage (a reload finds it again); after every change
// the server analyses it (POST /wooolf/api/analyse). Every text goes through t(): the
// page's catalogue (games/wooolf/locale/*.po) is embedded in it; card names stay.
"use strict";
(function () {
  const $ = (id) => document.getElementById(id);
  const IDENTITIES = ["wolf", "shepherd", "hunter", "hound", "sheep"];
  const { t, el } = window.wooolfPage;
  const KEPT = "wooolf-assistant-round";
  let info = null;        // the setup's seats, cards, questions
  let round = null;       // the round record
  let draft = {};         // the event being tapped in

  function keep() {
    try { localStorage.setItem(KEPT, JSON.stringify(round)); } catch (e) { /* private mode: not kept */ }
  }

  function kept() {
    try { return JSON.parse(localStorage.getItem(KEPT) || "null"); } catch (e) { return null; }
  }

  const seatName = (s) => t("seat {seat}", { seat: s });
  const questionText = (id) => {
    const q = info && info.questions.find((item) => item.id === id);
    return q ? t(q.text) : id;
  };
  // A spoken answer or announcement in the page's language (the cards keep their names).
  const said = (word) => ({ yes: t("yes"), no: t("no"), "?": t("“?” (would not say)") }[word] || word);

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

  // The server's refusal (its line is English, for programs): a message in the page's
  // language, the line kept as a detail to open.
  function refused(line) {
    $("message").replaceChildren(el("div", { class: "error", role: "alert" },
      el("p", { text: t("The assistant could not read this round: check the setup and the events, or start a new round.") }),
      el("details", {}, el("summary", { text: t("Details (the server's words)") }), el("code", { text: String(line || "") }))));
  }

  async function loadSetup(edition, players) {
    edition = edition || $("edition").value || "basic";
    players = String(players || $("players").value || "6");
    const response = await fetch(`/wooolf/api/setup?edition=${encodeURIComponent(edition)}&players=${encodeURIComponent(players)}`);
    const body = await response.json();
    if (!response.ok) { refused(body.error); return; }
    info = body;
    fill($("edition"), info.editions, edition);
    fill($("players"), [4, 5, 6, 7, 8], players);
    const seats = [];
    for (let s = 1; s <= info.seats; s++) if (!info.neutral.includes(s)) seats.push(s);
    fill($("viewpoint"), seats, $("viewpoint").value || 1);
    const names = info.cards.map((c) => c.name);
    fill($("card1"), names, $("card1").value || names[0]);
    fill($("card2"), names, $("card2").value || names[names.length - 1]);
    $("edition").value = edition;
    $("players").value = players;
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

  // A round kept from before the reload: its setup shown, its events analysed again.
  async function resume(old) {
    await loadSetup(old.edition, old.players);
    $("viewpoint").value = String(old.viewpoint);
    const hand = (old.hands || {})[String(old.viewpoint)] || [];
    if (hand.length === 2) { $("card1").value = hand[0]; $("card2").value = hand[1]; }
    round = old;
    $("events-card").hidden = false;
    changed();
  }

  function describe(event) {
    if ("peek" in event) {
      const whom = info.neutral.includes(event.peek) ? t("the neutral hand") : seatName(event.peek);
      return "sees" in event ? t("Seat {seat} (you) peeked at {whom} and saw {card}", { seat: event.seat, whom, card: event.sees })
        : t("Seat {seat} peeked at {whom} and said “{says}”", { seat: event.seat, whom, says: said(event.says) });
    }
    if ("ask" in event) {
      return t("Seat {seat} asked seat {other}: “{question}” The answer: {answer}", { seat: event.seat, other: event.ask, question: questionText(event.question), answer: said(event.answer) });
    }
    return t("Seat {seat} declared early", { seat: event.seat });
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
    if (Object.keys(draft).length) box.append(el("button", { "data-step": "cancel", onclick: () => { draft = {}; renderBuilder(); }, text: t("Cancel") }));
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
    const seatLabel = (s) => (info.neutral.includes(s) ? t("neutral") : seatName(s));
    let step;
    if (d.seat === undefined) step = choices(t("Who acts?"), "seat", seatList(null, false), seatLabel);
    else if (d.kind === undefined) step = choices(t("Seat {seat}…", { seat: d.seat }), "kind", ["peek", "ask", "declare"],
      (k) => ({ peek: t("peeked"), ask: t("asked"), declare: t("declared early") })[k]);
    else if (d.target === undefined) step = choices(d.kind === "peek" ? t("at whom?") : t("whom?"), "target",
      seatList(d.seat, d.kind === "peek"), seatLabel);
    else if (d.kind === "peek") step = d.seat === round.viewpoint
      ? choices(t("and saw"), "seen", info.cards.map((c) => c.name))
      : choices(t("and said"), "seen", info.says, said);
    else if (d.question === undefined) step = choices(t("which question?"), "question", info.questions.map((q) => q.id), questionText);
    else step = choices(t("the answer:"), "answer", ["yes", "no"], said);
    b.replaceChildren(step);
  }

  function percent(p) { return `${(100 * p).toFixed(1)}%`; }

  function renderResults(body) {
    $("results").hidden = false;
    const solve = body.solve;
    if (!solve.consistent) {
      message(t("These events contradict each other: events {events} cannot all hold.", { events: solve.conflict.join(", ") }));
      for (const id of ["posterior", "declarations", "hint", "why"]) $(id).replaceChildren();
      return;
    }
    message("");
    const head = el("tr", {}, el("th", { text: t("seat") }), ...IDENTITIES.map((i) => el("th", { text: i })));
    const rows = el("tbody");
    for (const [seat, dist] of Object.entries(solve.roles)) {
      const isNeutral = info.neutral.includes(Number(seat));
      const row = el("tr", { "data-seat": seat }, el("th", { text: isNeutral ? t("{seat} (neutral)", { seat }) : Number(seat) === round.viewpoint ? t("{seat} (you)", { seat }) : seat }));
      for (const identity of IDENTITIES) {
        const p = dist[identity] || 0;
        row.append(el("td", { class: `p${p === 1 ? " certain" : ""}`, "data-identity": identity, text: p ? percent(p) : "" }));
      }
      rows.append(row);
    }
    $("posterior").replaceChildren(el("table", {}, el("thead", {}, head), rows),
      el("p", { class: "muted", text: t("{deals} deals fit.", { deals: solve.deals }) }));
    const list = el("ol", { id: "declaration-list" });
    for (const decl of (solve.declarations || []).slice(0, 5)) {
      const parts = decl.targets.map((target, i) => `${target === 0 ? t("nobody") : seatName(target)} (${body.targets[i]})`);
      list.append(el("li", { text: `${parts.join(", ")} ${percent(decl.probability)}` }));
    }
    $("declarations").replaceChildren(body.identity ? el("p", { text: t("You are the {identity}.", { identity: body.identity }) }) : "", list);
    const hint = el("ol", { id: "hint-list" });
    if (body.hint) {
      for (const action of body.hint.actions.slice(0, 5)) {
        const what = action.action === "peek" ? t("peek at seat {seat}", { seat: action.target })
          : t("ask seat {seat}: “{question}”", { seat: action.target, question: questionText(action.question) });
        hint.append(el("li", { text: t("{what}: {bits} bits, then {chance} to declare right", { what, bits: action.gain_bits.toFixed(3), chance: percent(action.best_after) }) }));
      }
    }
    $("hint").replaceChildren(body.hint ? el("p", { class: "muted", text: t("{bits} bits left to learn.", { bits: body.hint.entropy_bits.toFixed(3) }) }) : el("p", { class: "muted", title: body.hint_error || "", text: body.hint_error ? t("No hint for this round.") : "" }), hint);
    const why = el("ul", { id: "why-list" });
    for (const fact of body.why) {
      why.append(el("li", {}, el("strong", { text: fact.fact }), el("span", { text: ` ${t("(events {events})", { events: fact.events.join(", ") || t("none") })}: ${fact.sentences.join(" ")}` })));
    }
    $("why").replaceChildren(why);
  }

  let asked = 0;  // the latest analysis asked for: an older answer arriving later is dropped

  async function changed() {
    keep();
    $("events").replaceChildren(...round.events.map((e) => el("li", { text: describe(e) })));
    renderBuilder();
    const mine = ++asked;
    const lang = encodeURIComponent(document.documentElement.lang);  // the why in the page's language
    const { ok, response } = await post(`/wooolf/api/analyse?lang=${lang}`, round);
    const body = await response.json();
    if (mine !== asked) return;
    if (!ok) {
      refused(body.error);
      return;
    }
    renderResults(body);
  }

  async function download() {
    const { ok, response } = await post("/wooolf/api/record", round);
    if (!ok) { refused((await response.json()).error); return; }
    const blob = new Blob([await response.text()], { type: "application/yaml" });
    const link = el("a", { href: URL.createObjectURL(blob), download: "round.yaml" });
    document.body.append(link);
    link.click();
    link.remove();
  }

  $("edition").addEventListener("change", () => loadSetup());
  $("players").addEventListener("change", () => loadSetup());
  $("start").addEventListener("click", start);
  $("undo").addEventListener("click", () => { round.events.pop(); draft = {}; changed(); });
  $("download").addEventListener("click", download);
  const old = kept();
  if (old && old.game === "wooolf" && Array.isArray(old.events)) resume(old).catch(() => loadSetup());
  else loadSetup();
})();
