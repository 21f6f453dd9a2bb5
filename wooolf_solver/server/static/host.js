// The host's tools on the links page: the table's state (who is here, the phase, the
// clock) read from GET /api/tables/ID/host every two seconds, and the host's actions
// (start, pause, resume, end, deal again, a seat to a bot) as POSTs of the API; the
// host's token comes from the page (which only the host's cookie opens).
"use strict";
(function () {
  const host = document.getElementById("host");
  const tools = document.getElementById("tools");
  if (!host || !tools) return;
  const table = host.dataset.table;
  const token = host.dataset.token;
  const { t, el } = window.wooolfPage;
  const refusal = window.wooolfRefusal;
  const api = `/api/tables/${encodeURIComponent(table)}`;
  const headers = { "Authorization": `Bearer ${token}`, "Content-Type": "application/json" };
  let failure = null;  // the last refusal, shown for a few seconds or until the table changes
  let failedAt = 0;
  let failedOn = null;  // the table's state the refusal was about (the first view after it)

  async function call(method, path) {
    let response, body;
    try {
      response = await fetch(`${api}${path}`, { method, headers, cache: "no-store" });
      body = await response.json();
    } catch (e) {
      response = { ok: false, status: 0 };
      body = {};
    }
    if (!response.ok) {
      failure = response.status ? refusal.shown(response.status, body.error, waiting)
        : el("p", { class: "error", role: "alert", text: refusal.offline() });
      failedAt = Date.now();
      failedOn = null;
      if (method !== "GET" && response.status) await refresh();
      else if (view) render(view);
      return;
    }
    if (method !== "GET") failure = null;
    render(body);
  }

  const refresh = () => call("GET", "/host");

  // What a refusal may be about: who is here, the phase, the clock's pause, the bots.
  const state = (v) => JSON.stringify([v.phase, v.deal, v.lobby, v.paused, v.bots]);

  // The refusal a host meets in play, with the seats it names (server/refusals.py).
  function waiting(code, line) {
    const seats = /^start: waiting for seat\(s\) ([\d, ]+) to join/.exec(line);
    return seats ? t("Waiting for seats {seats} to join (or hand them to bots).", { seats: seats[1] }) : null;
  }

  function phaseName(phase) {
    return { lobby: t("Lobby"), night: t("Night"), day: t("Day"), vote: t("Vote"), over: t("The reveal") }[phase] || phase;
  }

  function seatState(v, s) {
    const name = v.names[String(s)];
    if (v.bots.includes(s)) return name ? t("{name}, now a bot", { name }) : t("a bot");
    if (v.phase === "lobby") {
      if (v.lobby.ready.includes(s)) return t("{name}, ready", { name });
      if (name !== undefined) return t("{name}, here", { name });
      return t("not here yet");
    }
    return name !== undefined ? name : t("not here yet");
  }

  let view = null;  // the last view, shown again with a refusal when the server is unreachable

  function render(v) {
    view = v;
    tools.replaceChildren();
    const title = v.deal > 1 ? t("{phase} (deal {deal})", { phase: phaseName(v.phase), deal: v.deal }) : phaseName(v.phase);
    tools.append(el("h2", { id: "host-phase", "data-phase": v.phase, text: title }));
    if (failure && failedOn === null) failedOn = state(v);
    if (failure && (Date.now() - failedAt > 8000 || state(v) !== failedOn)) failure = null;
    if (failure) { failure.id = "host-error"; tools.append(failure); }
    if (v.paused) tools.append(el("p", { class: "preview", id: "host-paused", text: t("Paused: the clock stands still.") }));
    else if (typeof v.seconds_left === "number") tools.append(el("p", { id: "host-clock", text: t("{seconds} s until the clock moves on.", { seconds: v.seconds_left }) }));
    const list = el("ul", { id: "host-seats" });
    for (let s = 1; s <= v.players; s++) {
      const item = el("li", { "data-seat": String(s) }, `${t("Seat {seat}", { seat: s })}: ${seatState(v, s)}`);
      if (!v.bots.includes(s) && v.phase !== "over") {
        item.append(" ", el("button", { class: "quiet to-bot", "data-seat": String(s), onclick: () => call("POST", `/seats/${s}/bot`), text: t("Hand to a bot") }));
      }
      list.append(item);
    }
    tools.append(list);
    const buttons = el("p", {});
    if (v.phase === "lobby") buttons.append(el("button", { id: "host-start", onclick: () => call("POST", "/start"), text: t("Start the night") }));
    if (["night", "day", "vote"].includes(v.phase)) {
      buttons.append(v.paused ? el("button", { id: "host-resume", onclick: () => call("POST", "/resume"), text: t("Resume") })
        : el("button", { id: "host-pause", onclick: () => call("POST", "/pause"), text: t("Pause") }));
    }
    if (v.phase !== "over") buttons.append(el("button", { id: "host-end", class: "quiet", onclick: () => { if (confirm(t("End this deal now? Every missing move is taken as if its time had run out."))) call("POST", "/end"); }, text: t("End the deal") }));
    if (v.phase === "over") buttons.append(el("button", { id: "host-deal", onclick: () => call("POST", "/deal"), text: t("Deal again (same seats and links)") }));
    tools.append(buttons);
    if (v.phase === "over" || v.deal > 1) {
      const scores = Object.entries(v.scores).map(([s, points]) => `${t("Seat {seat}", { seat: s })}: ${points}`).join(" · ");
      tools.append(el("p", { id: "host-scores", text: t("Scores over the session: {scores}", { scores }) }));
    }
  }

  refresh();
  setInterval(() => { if (!document.hidden) refresh(); }, 2000);
})();
