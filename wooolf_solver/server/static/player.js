// A seat's page: the token comes from the link's fragment (never sent in a URL), goes
// in the Authorization header; the view is pushed by server-sent events (read with
// fetch, which can send the header), and every move is a POST of the contract's API.
"use strict";
(function () {
  const app = document.getElementById("app");
  const table = app.dataset.table;
  const seat = Number(app.dataset.seat);
  const content = document.getElementById("content");
  const status = document.getElementById("status");
  const base = `/api/tables/${encodeURIComponent(table)}/seats/${seat}`;
  const key = `wooolf-token:${table}:${seat}`;
  let token = decodeURIComponent(location.hash.slice(1));
  if (token) {
    try { sessionStorage.setItem(key, token); } catch (e) { /* private mode */ }
  } else {
    try { token = sessionStorage.getItem(key) || ""; } catch (e) { token = ""; }
  }
  let view = null;
  let dayEnds = null;
  let draft = null;  // the claim being written survives re-renders

  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attrs || {})) {
      if (name === "onclick") node.addEventListener("click", value);
      else if (name === "text") node.textContent = value;
      else node.setAttribute(name, value);
    }
    for (const child of children) {
      if (child === null || child === undefined) continue;
      node.append(typeof child === "string" ? document.createTextNode(child) : child);
    }
    return node;
  }

  const headers = () => ({ "Authorization": `Bearer ${token}`, "Content-Type": "application/json" });

  async function act(move) {
    const response = await fetch(`${base}/act`, {
      method: "POST", headers: headers(), body: JSON.stringify(move),
    });
    const body = await response.json();
    if (!response.ok) {
      showError(body.error || `error ${response.status}`);
      return;
    }
    render(body);
  }

  function showError(message) {
    const old = document.getElementById("error");
    if (old) old.remove();
    content.prepend(el("p", { id: "error", class: "error", role: "alert", text: message }));
  }

  function slotName(slot) { return typeof slot === "number" ? `seat ${slot}` : slot; }

  function optionLabel(option, card) {
    if ("saw" in option) return `Look at seat ${option.saw}`;
    if ("centre" in option) return `Look at ${option.centre.join(" and ")}`;
    if ("robbed" in option) return `Rob seat ${option.robbed}`;
    if ("swapped" in option) return `Swap seats ${option.swapped[0]} and ${option.swapped[1]}`;
    if ("took" in option) return `Take ${option.took}`;
    if (["werewolf", "minion", "mason", "insomniac"].includes(card)) return "Open your eyes";
    return "Do nothing";
  }

  function describeNight(entry) {
    if (!entry) return "";
    const parts = [];
    if (entry.wolves) parts.push(entry.wolves.length ? `werewolves: seat ${entry.wolves.join(", ")}` : "no player is a werewolf");
    if (entry.masons) parts.push(`masons: seat ${entry.masons.join(", ")}`);
    for (const k of ["saw", "centre"]) {
      if (entry[k]) for (const [slot, role] of Object.entries(entry[k])) parts.push(`${/^\d+$/.test(slot) ? "seat " + slot : slot} is ${role}`);
    }
    if (entry.robbed) parts.push(`you robbed seat ${entry.robbed} and got the ${entry.got}`);
    if (entry.swapped) parts.push(`you swapped seats ${entry.swapped.join(" and ")}`);
    if (entry.took) parts.push(`you took ${entry.took}`);
    if (entry.now) parts.push(`your card now: ${entry.now}`);
    return parts.length ? parts.join("; ") : "you did nothing";
  }

  function describeClaim(claim) {
    const night = Object.assign({}, claim);
    delete night.seat; delete night.role;
    const said = Object.keys(night).length ? ` — ${describeNight(night).replace(/\byou\b/g, "I").replace(/\byour\b/g, "my")}` : "";
    return `Seat ${claim.seat}: “I was the ${claim.role}${said}”`;
  }

  function claimForm(v) {
    const roles = [...new Set(v.deck)].sort();
    const others = [];
    for (let s = 1; s <= v.players; s++) if (s !== seat) others.push(s);
    const centre = [];
    const centreSize = v.deck.length - v.players;
    for (let c = 1; c <= centreSize; c++) centre.push(`c${c}`);
    draft = draft || { role: v.card };
    const form = el("div", { class: "card", id: "claim" }, el("h3", { text: "Your claim (once)" }));
    const select = (name, values, labeller) => {
      const s = el("select", { name, "aria-label": name });
      s.append(el("option", { value: "", text: "—" }));
      for (const value of values) {
        const o = el("option", { value: String(value), text: labeller ? labeller(value) : String(value) });
        if (String(draft[name] || "") === String(value)) o.selected = true;
        s.append(o);
      }
      s.addEventListener("change", () => { draft[name] = s.value; if (name === "role") render(view); });
      return s;
    };
    form.append(el("label", { text: "I was dealt" }), select("role", roles));
    const role = draft.role;
    const seats = (s) => `seat ${s}`;
    if (role === "seer") {
      form.append(el("label", { text: "I looked at" }),
        select("target", [...others, ...pairs(centre).map((p) => p.join("+"))], (x) => typeof x === "number" ? seats(x) : x),
        el("label", { text: "and saw" }), select("seen", roles), select("seen2", roles));
    } else if (role === "robber") {
      form.append(el("label", { text: "I robbed" }), select("robbed", others, seats),
        el("label", { text: "and got" }), select("got", roles));
    } else if (role === "troublemaker") {
      form.append(el("label", { text: "I swapped" }), select("a", others, seats), select("b", others, seats));
    } else if (role === "drunk") {
      form.append(el("label", { text: "I took" }), select("took", centre));
    } else if (role === "insomniac") {
      form.append(el("label", { text: "At dawn I had" }), select("now", roles));
    }
    form.append(el("p", {}, el("button", { id: "send-claim", onclick: () => sendClaim(role) , text: "Claim" })));
    return form;
  }

  function pairs(items) {
    const out = [];
    for (let i = 0; i < items.length; i++) for (let j = i + 1; j < items.length; j++) out.push([items[i], items[j]]);
    return out;
  }

  function sendClaim(role) {
    if (!role) { showError("claim: choose a role"); return; }
    const claim = { role };
    const d = draft;
    if (role === "seer" && d.target) {
      if (d.target.includes("+")) {
        const [a, b] = d.target.split("+");
        if (d.seen && d.seen2) claim.centre = { [a]: d.seen, [b]: d.seen2 };
      } else if (d.seen) claim.saw = { [d.target]: d.seen };
    }
    if (role === "robber" && d.robbed) { claim.robbed = Number(d.robbed); if (d.got) claim.got = d.got; }
    if (role === "troublemaker" && d.a && d.b) claim.swapped = [Number(d.a), Number(d.b)];
    if (role === "drunk" && d.took) claim.took = d.took;
    if (role === "insomniac" && d.now) claim.now = d.now;
    act({ claim });
  }

  function timerText() {
    if (dayEnds === null) return "";
    const left = Math.max(0, Math.round((dayEnds - Date.now()) / 1000));
    return `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
  }

  setInterval(() => {
    const t = document.getElementById("timer");
    if (t) t.textContent = timerText();
  }, 500);

  function render(v) {
    view = v;
    content.replaceChildren();
    const cardBox = el("div", { class: "card" },
      el("h3", { text: "Your card (as dealt)" }),
      el("div", { class: "bigcard", id: "card", text: v.card }));
    if (v.night) cardBox.append(el("p", { id: "night", text: `Tonight: ${describeNight(v.night)}` }));
    content.append(el("p", { class: "phase", id: "phase", text: v.phase }), cardBox);
    if (v.phase === "night") {
      const box = el("div", { class: "card", id: "turn" });
      if (v.turn) {
        box.append(el("h2", { text: `Wake up, ${v.card}` }));
        for (const option of v.options) {
          box.append(el("button", { class: "option", onclick: () => act(option), text: optionLabel(option, v.card) }));
        }
      } else {
        box.append(el("p", { text: v.waking ? `Night. Eyes closed… (the ${v.waking} is awake)` : "Night. Eyes closed…" }));
      }
      content.append(box);
    }
    if (v.phase === "day") {
      dayEnds = Date.now() + 1000 * (v.seconds_left || 0);
      content.append(el("div", { class: "card" },
        el("h3", { text: "Day: talk" }),
        el("div", { class: "timer", id: "timer", text: timerText() }),
        el("p", { id: "heard", text: `${v.heard_enough} of ${v.people} people have heard enough` }),
        el("button", { id: "heard-enough", class: "quiet", onclick: () => act({ heard_enough: true }), text: v.said_heard_enough ? "You have heard enough" : "I've heard enough" })));
      if (v.said_heard_enough) document.getElementById("heard-enough").disabled = true;
      if (!v.claimed) content.append(claimForm(v));
    } else {
      dayEnds = null;
    }
    if (v.claims.length) {
      const list = el("ul", { class: "claims", id: "claims" });
      for (const claim of v.claims) list.append(el("li", { text: describeClaim(claim) }));
      content.append(el("div", { class: "card" }, el("h3", { text: "Claims" }), list));
    }
    if (v.phase === "vote") {
      const box = el("div", { class: "card", id: "vote" }, el("h3", { text: "Vote" }));
      if (v.turn) {
        box.append(el("p", { text: "Whom do you vote for? (secret)" }));
        for (const option of v.options) {
          const b = option.ballot;
          box.append(el("button", { class: "ballot", onclick: () => act(option), text: b === "nobody" ? "Nobody" : `Seat ${b}` }));
        }
      } else {
        box.append(el("p", { id: "ballot", text: `Your ballot: ${v.ballot === "nobody" ? "nobody" : "seat " + v.ballot}. ${v.ballots_cast} of ${v.players} ballots are in.` }));
      }
      content.append(box);
    }
    if (v.phase === "over") content.append(reveal(v));
  }

  function reveal(v) {
    const r = v.result;
    const box = el("div", { class: "card", id: "reveal" }, el("h2", { text: "The reveal" }));
    const dead = r.dead.length ? `Dead: seat ${r.dead.join(", ")}` : "Nobody dies";
    box.append(el("p", { class: "dead", id: "dead", text: dead }));
    box.append(el("p", { class: "won", id: "winners", text: r.winners.length ? `Winners: seat ${r.winners.join(", ")}` : "Nobody wins" }));
    const head = el("tr", {}, ...["seat", "dealt", "at dawn", "team", "ballot", "score"].map((h) => el("th", { text: h })));
    const body = el("tbody");
    for (const [slot, card] of Object.entries(r.dawn)) {
      const isSeat = /^\d+$/.test(slot);
      body.append(el("tr", {},
        el("td", { text: isSeat ? `${slot}${Number(slot) === seat ? " (you)" : ""}${v.bots.includes(Number(slot)) ? " (bot)" : ""}` : slot }),
        el("td", { text: r.dealt[slot] }), el("td", { text: card }),
        el("td", { text: isSeat ? r.teams[slot] : "" }),
        el("td", { text: isSeat ? String(r.votes[slot]) : "" }),
        el("td", { text: isSeat ? String(r.scores[slot]) : "" })));
    }
    box.append(el("table", {}, el("thead", {}, head), body));
    box.append(el("p", {}, el("a", { id: "record", href: `/api/tables/${encodeURIComponent(table)}/record?download=true`, text: "Download the deal's record" }),
      " (then `wooolf review deal.json` replays it from every seat)"));
    return box;
  }

  async function listen() {
    while (true) {
      try {
        const response = await fetch(`${base}/events`, { headers: headers(), cache: "no-store" });
        if (response.status === 401 || response.status === 403) {
          status.textContent = "This link has no valid key for this seat (or its table is gone): open the private link you were given.";
          return;
        }
        if (!response.ok || !response.body) throw new Error(`status ${response.status}`);
        status.textContent = "Connected";
        const reader = response.body.getReader();
        const decoder = new TextDecoder();
        let buffer = "";
        while (true) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += decoder.decode(value, { stream: true });
          let end;
          while ((end = buffer.indexOf("\n\n")) >= 0) {
            const chunk = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const data = chunk.split("\n").filter((l) => l.startsWith("data: ")).map((l) => l.slice(6)).join("\n");
            if (data) render(JSON.parse(data));
          }
        }
      } catch (error) {
        status.textContent = "Reconnecting…";
      }
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }

  if (!token) {
    status.textContent = "Open the private link you were given: it carries this seat's key.";
  } else {
    listen();
  }
})();
