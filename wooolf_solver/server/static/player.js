// A seat's page: the token comes from the link's fragment (never sent in a URL), goes
// in the Authorization header; the view is pushed by server-sent events (read with
// fetch, which can send the header), and every move is a POST of the contract's API.
// Every text goes through t(): the page's catalogue (server/locale/*.po) is embedded
// in it as JSON; role names stay as on the cards.
"use strict";
(function () {
  const app = document.getElementById("app");
  const table = app.dataset.table;
  const seat = Number(app.dataset.seat);
  const content = document.getElementById("content");
  const status = document.getElementById("status");
  const { t, el } = window.wooolfPage;
  const refusal = window.wooolfRefusal;
  const base = `/api/tables/${encodeURIComponent(table)}/seats/${seat}`;
  const key = `wooolf-token:${table}:${seat}`;
  let token = decodeURIComponent(location.hash.slice(1));
  if (token) {
    try { sessionStorage.setItem(key, token); } catch (e) { /* private mode */ }
  } else {
    try { token = sessionStorage.getItem(key) || ""; } catch (e) { token = ""; }
  }
  // The language switch keeps the seat's key (the fragment never reaches the server).
  for (const link of document.querySelectorAll("a.lang-switch")) link.href += location.hash;

  // The rules' facts the page explains with come from the server, in every view: each
  // role in play, when it wakes (lower first; null: never) and its team.
  const rule = (role) => (view && view.roles && view.roles[role]) || { wakes: null, team: null };
  const teamOf = (role) => rule(role).team;
  const wakes = (role) => rule(role).wakes;

  // Role names as on the cards (English), unless this person asks for the page's language.
  let localNames = false;
  try { localNames = localStorage.getItem("wooolf-role-names") === "local"; } catch (e) { /* private mode */ }
  function translatedRole(role) {
    return {
      werewolf: t("werewolf"), minion: t("minion"), mason: t("mason"), seer: t("seer"),
      robber: t("robber"), troublemaker: t("troublemaker"), drunk: t("drunk"),
      insomniac: t("insomniac"), villager: t("villager"), tanner: t("tanner"), hunter: t("hunter"),
      doppelganger: t("doppelganger"),
    }[role] || role;
  }
  const R = (role) => (localNames ? translatedRole(role) : role);

  let view = null;
  let deadline = null;
  let draft = null;    // the claim being written survives re-renders
  let confirming = null;  // a move waiting for its confirmation: {kind, move, sentence}
  let chosenBallot = null;
  const solverKey = `wooolf-solver:${table}:${seat}`;
  let solverOn = false;  // the solver's view of one's own seat: off unless the person asks
  try { solverOn = sessionStorage.getItem(solverKey) === "on"; } catch (e) { /* private mode */ }
  let solved = { key: null, body: null };

  const headers = () => ({ "Authorization": `Bearer ${token}`, "Content-Type": "application/json" });

  async function act(move) {
    let response, body;
    try {
      response = await fetch(`${base}/act`, {
        method: "POST", headers: headers(), body: JSON.stringify(move),
      });
      body = await response.json();
    } catch (e) {
      showError(el("p", { class: "error", role: "alert", text: refusal.offline() }));
      return;
    }
    if (!response.ok) {
      showError(refusal.shown(response.status, body.error));
      return;
    }
    confirming = null;
    render(body);
  }

  // A refusal (or a line of the page's own) above the page, replacing the last one.
  function showError(node) {
    const old = document.getElementById("error");
    if (old) old.remove();
    node.id = "error";
    content.prepend(node);
  }

  // -- words ---------------------------------------------------------------------------

  const nameOf = (s) => (view && view.names && view.names[String(s)]) || null;
  const slotName = (slot) => {
    if (!/^\d+$/.test(String(slot))) return String(slot);
    const name = nameOf(slot);
    return name ? t("seat {seat} ({name})", { seat: slot, name }) : t("seat {seat}", { seat: slot });
  };
  const seatTitle = (s) => (nameOf(s) ? t("Seat {seat} ({name})", { seat: s, name: nameOf(s) }) : t("Seat {seat}", { seat: s }));
  const seatList = (seats) => seats.map((s) => slotName(s)).join(", ");

  function phaseName(phase) {
    return { lobby: t("Lobby"), night: t("Night"), day: t("Day"), vote: t("Vote"), over: t("The reveal") }[phase] || phase;
  }

  function teamName(team) {
    return { village: t("the village"), werewolf: t("the werewolves"), tanner: t("the tanner (alone)") }[team] || team;
  }

  function roleHelp(role) {
    return {
      werewolf: t("At night you see the other werewolves (alone, you may look at one centre card). Your team wins if no werewolf dies."),
      minion: t("At night you see who the werewolves are; they do not see you. You win with them, even if you die."),
      mason: t("At night you see the other mason. You are on the village's side."),
      seer: t("At night you may look at another player's card or at two centre cards."),
      robber: t("At night you may swap your card with another player's and look at your new card."),
      troublemaker: t("At night you may swap two other players' cards without looking at them."),
      drunk: t("At night you must swap your card with a centre card, without looking at it."),
      insomniac: t("At the end of the night you look at your own card again."),
      villager: t("No night action. Find a werewolf and vote for them."),
      tanner: t("No night action. You win only if you die."),
      hunter: t("No night action. If you die, the player you voted for dies too."),
      doppelganger: t("You wake first, look at another player's card and become that role: a seer, robber, troublemaker or drunk acts at once; a werewolf, minion, mason or insomniac wakes again with them."),
    }[role] || "";
  }

  // The role a seat plays at night: the one its doppelganger copied, else its card.
  function playing(v) {
    const copied = v.night && v.night.copied;
    return copied ? Object.values(copied)[0] : v.card;
  }

  function optionLabel(option, card, options) {
    if ("copied" in option) return t("Copy seat {seat}: look at its card and become that role", { seat: option.copied });
    if ("saw" in option) return t("Look at seat {seat}'s card", { seat: option.saw });
    if ("centre" in option) {
      return option.centre.length > 1
        ? t("Look at the centre cards {a} and {b}", { a: option.centre[0], b: option.centre[1] })
        : t("Look at the centre card {slot}", { slot: option.centre[0] });
    }
    if ("robbed" in option) return t("Rob seat {seat}", { seat: option.robbed });
    if ("swapped" in option) return t("Swap the cards of seats {a} and {b}", { a: option.swapped[0], b: option.swapped[1] });
    if ("took" in option) return t("Take the centre card {slot}", { slot: option.took });
    if (options.length === 1) {
      return card === "werewolf" ? t("Open your eyes: see the other werewolves") : t("Open your eyes");
    }
    return {
      werewolf: t("Look at no centre card"), seer: t("Look at nothing"), robber: t("Rob nobody"),
      troublemaker: t("Swap nobody's cards"),
    }[card] || t("Do nothing");
  }

  // What a night entry says, as short phrases (the same for "you", "I" and "seat 3").
  function nightPhrases(entry) {
    const parts = [];
    if (!entry) return parts;
    if (entry.copied) {
      for (const [slot, role] of Object.entries(entry.copied)) parts.push(t("copied {slot}: became the {card}", { slot: slotName(slot), card: R(role) }));
    }
    if (entry.wolves) {
      parts.push(entry.wolves.length ? t("saw the werewolves: {seats}", { seats: seatList(entry.wolves) })
        : t("saw that no player is a werewolf"));
    }
    if (entry.masons) {
      parts.push(entry.masons.length ? t("saw the masons: {seats}", { seats: seatList(entry.masons) })
        : t("saw no other mason"));
    }
    for (const k of ["saw", "centre"]) {
      if (entry[k]) {
        for (const [slot, role] of Object.entries(entry[k])) parts.push(t("looked at {slot}: {card}", { slot: slotName(slot), card: R(role) }));
      }
    }
    if (entry.robbed !== undefined) {
      parts.push(entry.got ? t("robbed seat {seat} and got the {card}", { seat: entry.robbed, card: R(entry.got) })
        : t("robbed seat {seat}", { seat: entry.robbed }));
    }
    if (entry.swapped) parts.push(t("swapped the cards of seats {a} and {b}", { a: entry.swapped[0], b: entry.swapped[1] }));
    if (entry.took) parts.push(t("took the centre card {slot} without looking", { slot: entry.took }));
    if (entry.now) parts.push(t("looked at their own card again at dawn: {card}", { card: R(entry.now) }));
    return parts;
  }

  function describeNight(entry) {
    const parts = nightPhrases(entry);
    return parts.length ? parts.join("; ") : t("did nothing");
  }

  function claimSentence(claim) {
    const night = Object.assign({}, claim);
    delete night.seat; delete night.role;
    const parts = nightPhrases(night);
    return parts.length ? t("“I was the {role}: {what}.”", { role: R(claim.role), what: parts.join("; ") })
      : t("“I was the {role}.”", { role: R(claim.role) });
  }

  // -- what you know -------------------------------------------------------------------

  function heldNow(v) {
    const n = v.night || {};
    if (n.now) return n.now;
    if (n.took) return null;  // a centre card the drunk did not see
    if (n.got) return n.got;
    return playing(v);
  }

  function deckText(deck) {
    const counts = {};
    for (const card of deck) counts[card] = (counts[card] || 0) + 1;
    return Object.entries(counts).map(([card, n]) => (n > 1 ? `${n} × ${R(card)}` : R(card))).join(", ");
  }

  function knowledge(v) {
    const box = el("div", { class: "card", id: "knowledge" },
      el("h3", { text: t("Your card (as dealt)") }),
      el("div", { class: "bigcard", id: "card", "data-card": v.card, text: R(v.card) }),
      el("p", { class: "muted", id: "role-help", text: roleHelp(v.card) }));
    const facts = el("dl", { class: "facts" });
    const fact = (id, label, value) => facts.append(el("dt", { text: label }), el("dd", { id, text: value }));
    if (v.night) fact("night", t("Tonight you"), describeNight(v.night));
    if (v.phase !== "lobby") {
      const now = heldNow(v);
      fact("now", t("You hold now, as far as you know"), now === null ? t("a centre card you have not seen") : R(now));
      fact("team", t("Your team, as far as you know"), now === null ? t("unknown (it depends on the card you took)") : teamName(teamOf(now)));
    }
    fact("deck", t("Cards in play"), t("{cards} ({centre} in the centre)", { cards: deckText(v.deck), centre: v.deck.length - v.players }));
    fact("bots", t("Bots"), v.bots.length ? seatList(v.bots) : t("none"));
    box.append(facts);
    if (document.documentElement.lang !== "en") box.append(namesToggle());
    if (["day", "vote", "over"].includes(v.phase)) box.append(solverBox(v));
    return box;
  }

  function namesToggle() {
    const toggle = el("input", { type: "checkbox", id: "local-names" });
    toggle.checked = localNames;
    toggle.addEventListener("change", () => {
      localNames = toggle.checked;
      try { localStorage.setItem("wooolf-role-names", localNames ? "local" : "cards"); } catch (e) { /* private mode */ }
      render(view);
    });
    return el("div", { class: "option-line" }, el("label", { for: "local-names", class: "muted" }, toggle, " ", t("Role names in my language (the cards say them in English)")));
  }

  // The solver's view of this seat (what it knows: its card, its night, the claims), on
  // request only; asked again when a claim comes in or the phase changes.
  function solverBox(v) {
    const box = el("div", { id: "solver" });
    const toggle = el("input", { type: "checkbox", id: "solver-on" });
    toggle.checked = solverOn;
    toggle.addEventListener("change", () => {
      solverOn = toggle.checked;
      try { sessionStorage.setItem(solverKey, solverOn ? "on" : "off"); } catch (e) { /* private mode */ }
      render(view);
    });
    box.append(el("label", { for: "solver-on", class: "muted" }, toggle, " ", t("Show the solver's view of my seat (from what I know)")));
    if (!solverOn) return box;
    const key = `${v.deal}:${v.phase}:${v.claims.length}`;
    if (solved.key !== key) {
      solved = { key, body: null };
      fetch(`${base}/solve`, { headers: headers(), cache: "no-store" })
        .then((response) => response.json().then((body) => ({ status: response.status, body })))
        .then(({ status, body }) => { if (solved.key === key) { solved.body = status === 200 ? body : { refused: refusal.message(status, body.error) }; render(view); } })
        .catch(() => { if (solved.key === key) { solved.body = { refused: refusal.offline() }; render(view); } });
      box.append(el("p", { class: "muted", text: t("The solver is thinking…") }));
      return box;
    }
    const body = solved.body;
    if (!body) { box.append(el("p", { class: "muted", text: t("The solver is thinking…") })); return box; }
    if (body.refused || !body.consistent) { box.append(el("p", { class: "warn", id: "solver-refused", text: body.refused || conflictText(body.conflict) })); return box; }
    const list = el("ul", { id: "solver-view" });
    for (let s = 1; s <= v.players; s++) {
      const dawn = body.dawn[String(s)] || {};
      const best = Object.entries(dawn).sort((a, b) => b[1] - a[1])[0];
      const wolf = Math.round(100 * (dawn.werewolf || 0));
      list.append(el("li", { "data-seat": String(s), text: t("{seat}: werewolf at dawn {wolf}%; most likely {card} ({chance}%)", { seat: seatTitle(s), wolf, card: best ? R(best[0]) : "?", chance: best ? Math.round(100 * best[1]) : 0 }) }));
    }
    box.append(list);
    return box;
  }

  // Why no deal fits what this seat knows: the events that cannot all hold.
  function conflictText(conflict) {
    const named = (conflict || []).map((c) => (c.event === "night" ? t("your own night")
      : t("the claim of {seat}", { seat: slotName(c.seat) })));
    if (!named.length) return t("No deal fits what you know.");
    return named.length === 1 ? t("No deal fits what you know: {events} cannot be true.", { events: named[0] })
      : t("No deal fits what you know: {events} cannot all be true.", { events: named.join(", ") });
  }

  // -- claims and ballots: a form, a preview, a confirmation ---------------------------

  function claimForm(v) {
    const roles = [...new Set(v.deck)].sort();
    const others = [];
    for (let s = 1; s <= v.players; s++) if (s !== seat) others.push(s);
    const centre = [];
    for (let c = 1; c <= v.deck.length - v.players; c++) centre.push(`c${c}`);
    draft = draft || {};
    const form = el("div", { class: "card", id: "claim" }, el("h3", { text: t("Your claim (once; you may also say nothing)") }));
    const select = (name, values, labeller) => {
      const s = el("select", { name, "aria-label": name });
      s.append(el("option", { value: "", text: "—" }));
      for (const value of values) {
        const o = el("option", { value: String(value), text: labeller ? labeller(value) : String(value) });
        if (String(draft[name] || "") === String(value)) o.selected = true;
        s.append(o);
      }
      s.addEventListener("change", () => { draft[name] = s.value; render(view); });
      return s;
    };
    const seats = (s) => slotName(s);
    form.append(el("label", { text: t("I say I was dealt") }), select("role", roles, R));
    const role = draft.role;
    if (role === "seer") {
      form.append(el("label", { text: t("I looked at") }),
        select("target", [...others, ...pairs(centre).map((p) => p.join("+"))], (x) => (typeof x === "number" ? seats(x) : x.replace("+", " + "))),
        el("label", { text: t("and saw") }), select("seen", roles, R));
      if (String(draft.target || "").includes("+")) form.append(select("seen2", roles, R));
    } else if (role === "robber") {
      form.append(el("label", { text: t("I robbed") }), select("robbed", others, seats),
        el("label", { text: t("and got") }), select("got", roles, R));
    } else if (role === "troublemaker") {
      form.append(el("label", { text: t("I swapped") }), select("a", others, seats), select("b", others, seats));
    } else if (role === "drunk") {
      form.append(el("label", { text: t("I took") }), select("took", centre));
    } else if (role === "insomniac") {
      form.append(el("label", { text: t("At dawn I had") }), select("now", roles, R));
    } else if (role === "doppelganger") {
      form.append(el("label", { text: t("I copied") }), select("copied", others, seats),
        el("label", { text: t("and saw") }), select("became", roles.filter((r) => r !== "doppelganger"), R));
    }
    const built = buildClaim();
    if (built.claim) {
      form.append(el("p", { class: "preview", id: "claim-preview" },
        t("Everyone will read: {sentence}", { sentence: claimSentence(Object.assign({ seat }, built.claim)) })));
    }
    if (built.problem) form.append(el("p", { class: "warn", id: "claim-problem", text: built.problem }));
    const send = el("button", { id: "send-claim", onclick: () => { confirming = { kind: "claim", move: { claim: built.claim }, sentence: claimSentence(Object.assign({ seat }, built.claim)) }; render(view); }, text: t("Claim…") });
    if (!built.claim || built.problem) send.disabled = true;
    form.append(el("p", {}, send));
    return form;
  }

  function pairs(items) {
    const out = [];
    for (let i = 0; i < items.length; i++) for (let j = i + 1; j < items.length; j++) out.push([items[i], items[j]]);
    return out;
  }

  // The claim the form holds, or the reason it cannot go out (half filled in).
  function buildClaim() {
    const d = draft || {};
    if (!d.role) return { claim: null, problem: null };
    const claim = { role: d.role };
    const half = t("Fill in the rest, or clear it: a half-filled claim would go out as “I was the {role}” alone.", { role: R(d.role) });
    const filled = (...names) => names.filter((n) => d[n]).length;
    if (d.role === "seer") {
      const two = String(d.target || "").includes("+");
      const names = two ? ["target", "seen", "seen2"] : ["target", "seen"];
      const n = filled(...names);
      if (n && n < names.length) return { claim, problem: half };
      if (n && two) {
        const [a, b] = d.target.split("+");
        claim.centre = { [a]: d.seen, [b]: d.seen2 };
      } else if (n) claim.saw = { [d.target]: d.seen };
    } else if (d.role === "robber") {
      if (filled("got") && !filled("robbed")) return { claim, problem: half };
      if (d.robbed) { claim.robbed = Number(d.robbed); if (d.got) claim.got = d.got; }
    } else if (d.role === "troublemaker") {
      const n = filled("a", "b");
      if (n === 1) return { claim, problem: half };
      if (n === 2 && d.a === d.b) return { claim, problem: t("Choose two different seats.") };
      if (n === 2) claim.swapped = [Number(d.a), Number(d.b)];
    } else if (d.role === "drunk" && d.took) claim.took = d.took;
    else if (d.role === "insomniac" && d.now) claim.now = d.now;
    else if (d.role === "doppelganger") {
      const n = filled("copied", "became");
      if (n === 1) return { claim, problem: half };
      if (n === 2) claim.copied = { [d.copied]: d.became };
    }
    return { claim, problem: null };
  }

  function confirmBox() {
    const c = confirming;
    const question = c.kind === "claim" ? t("Publish this claim? It cannot be taken back.") : t("Cast this ballot? It cannot be changed.");
    return el("div", { class: "card", id: "confirm" },
      el("p", { class: "preview", id: "confirm-sentence", text: c.sentence }),
      el("p", { text: question }),
      el("button", { id: "confirm-yes", onclick: () => act(c.move), text: c.kind === "claim" ? t("Yes, publish it") : t("Yes, cast it") }),
      el("button", { id: "confirm-no", class: "quiet", onclick: () => { confirming = null; render(view); }, text: t("No, change it") }));
  }

  function ballotName(b) { return b === "nobody" ? t("nobody") : slotName(b); }

  function voteBox(v) {
    const box = el("div", { class: "card", id: "vote" }, el("h3", { text: t("Vote") }));
    if (deadline !== null) box.append(el("div", { class: "timer", id: "timer", text: timerText() }));
    if (v.turn) {
      box.append(el("p", { text: t("Whom do you vote for? (secret until the reveal)") }));
      for (const option of v.options) {
        const b = option.ballot;
        const attrs = { class: `ballot quiet${chosenBallot === b ? " chosen" : ""}`, "data-ballot": String(b), onclick: () => { chosenBallot = b; render(view); }, text: b === "nobody" ? t("Nobody") : seatTitle(b) };
        if (chosenBallot === b) attrs["aria-pressed"] = "true";
        box.append(el("button", attrs));
      }
      if (chosenBallot !== null && v.options.some((o) => o.ballot === chosenBallot)) {
        const sentence = t("Your ballot: {whom}.", { whom: ballotName(chosenBallot) });
        box.append(el("p", { class: "preview", id: "ballot-preview", text: sentence }),
          el("button", { id: "send-ballot", onclick: () => { confirming = { kind: "ballot", move: { ballot: chosenBallot }, sentence }; render(view); }, text: t("Vote…") }));
      }
    } else {
      box.append(el("p", { id: "ballot", text: t("Your ballot: {whom}. {cast} of {all} ballots are in.", { whom: ballotName(v.ballot), cast: v.ballots_cast, all: v.players }) }));
    }
    return box;
  }

  // -- the page ------------------------------------------------------------------------

  function timerText() {
    if (deadline === null) return "";
    const left = Math.max(0, Math.round((deadline - Date.now()) / 1000));
    return `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
  }

  setInterval(() => {
    const node = document.getElementById("timer");
    if (node) node.textContent = timerText();
  }, 500);

  function render(v) {
    view = v;
    if (v.phase !== "vote") chosenBallot = null;
    if (confirming && !((confirming.kind === "claim" && v.phase === "day" && !v.claimed) || (confirming.kind === "ballot" && v.phase === "vote" && v.turn))) confirming = null;
    content.replaceChildren();
    const title = v.deal > 1 ? t("{phase} (deal {deal})", { phase: phaseName(v.phase), deal: v.deal }) : phaseName(v.phase);
    content.append(el("p", { class: "phase", id: "phase", "data-phase": v.phase, text: title }));
    deadline = typeof v.seconds_left === "number" ? Date.now() + 1000 * v.seconds_left : null;
    if (v.paused) content.append(el("p", { class: "preview", id: "paused", text: t("The host has paused the table.") }));
    for (const what of v.timed_out || []) {
      content.append(el("p", { class: "warn timed-out", text: what === "night" ? t("Time ran out at night: you did nothing (or the card chose for you).") : t("Time ran out for the vote: your ballot was cast for you.") }));
    }
    if (confirming) content.append(confirmBox());
    if (v.phase === "over") content.append(reveal(v));
    if (v.phase === "lobby") content.append(lobby(v));
    if (v.phase === "night") {
      const box = el("div", { class: "card", id: "turn" });
      if (deadline !== null) box.append(el("div", { class: "timer", id: "timer", text: timerText() }));
      if (v.turn) {
        box.append(el("h2", { text: t("Wake up, {role}", { role: R(playing(v)) }) }));
        const options = [...v.options].sort((a, b) => (Object.keys(a).length ? 0 : 1) - (Object.keys(b).length ? 0 : 1));
        for (const option of options) {
          const quiet = Object.keys(option).length === 0 && options.length > 1;
          box.append(el("button", { class: `option${quiet ? " quiet" : ""}`, "data-move": JSON.stringify(option), onclick: () => act(option), text: optionLabel(option, playing(v), options) }));
        }
      } else {
        box.append(el("p", { text: v.waking ? t("Night. Eyes closed… (the {role} is awake)", { role: R(v.waking) }) : t("Night. Eyes closed…") }));
      }
      content.append(box);
    }
    if (v.phase === "day") {
      content.append(el("div", { class: "card" },
        el("h3", { text: t("Day: talk") }),
        el("div", { class: "timer", id: "timer", text: timerText() }),
        el("p", { id: "heard", text: t("{count} of {people} people have heard enough", { count: v.heard_enough, people: v.people }) }),
        el("button", { id: "heard-enough", class: "quiet", onclick: () => act({ heard_enough: true }), text: v.said_heard_enough ? t("You have heard enough") : t("I've heard enough") })));
      if (v.said_heard_enough) document.getElementById("heard-enough").disabled = true;
      if (!v.claimed && !confirming) content.append(claimForm(v));
    }
    if (v.phase === "vote" && !confirming) content.append(voteBox(v));
    if (v.claims.length) {
      const list = el("ul", { class: "claims", id: "claims" });
      for (const claim of v.claims) list.append(el("li", { text: `${seatTitle(claim.seat)}: ${claimSentence(claim)}` }));
      content.append(el("div", { class: "card" }, el("h3", { text: t("Claims") }), list));
    }
    content.append(knowledge(v));
  }

  function lobby(v) {
    const box = el("div", { class: "card", id: "lobby" }, el("h3", { text: t("Waiting for the others") }));
    const lobbyState = v.lobby || { joined: [], ready: [], waiting: [] };
    const mine = v.names ? v.names[String(seat)] : undefined;
    if (mine === undefined) {
      const input = el("input", { id: "name", type: "text", maxlength: "30", autocomplete: "nickname", "aria-label": t("Your name") });
      const join = () => { const name = input.value.trim(); if (name) act({ join: { name } }); else showError(el("p", { class: "error", role: "alert", text: t("Write your name first.") })); };
      input.addEventListener("keydown", (e) => { if (e.key === "Enter") join(); });
      box.append(el("label", { for: "name", text: t("Your name") }), input, " ", el("button", { id: "join", onclick: join, text: t("Join") }));
    } else {
      box.append(el("p", { id: "joined-as", text: t("You joined as {name}.", { name: mine }) }));
      const ready = lobbyState.ready.includes(seat);
      const button = el("button", { id: "ready", onclick: () => act({ ready: true }), text: ready ? t("Ready: waiting for the others") : t("I'm ready") });
      if (ready) button.disabled = true;
      box.append(button);
    }
    const list = el("ul", { id: "here" });
    for (let s = 1; s <= v.players; s++) {
      const name = v.names && v.names[String(s)];
      let state;
      if (v.bots.includes(s)) state = t("a bot");
      else if (lobbyState.ready.includes(s)) state = t("{name}, ready", { name });
      else if (name !== undefined) state = t("{name}, here", { name });
      else state = t("not here yet");
      list.append(el("li", { "data-seat": String(s), text: `${t("Seat {seat}", { seat: s })}: ${state}` }));
    }
    box.append(list, el("p", { class: "muted", text: t("The night starts when the host starts it, or when everyone is ready.") }));
    return box;
  }

  // -- the reveal ----------------------------------------------------------------------

  // The night replayed: every seat's action in the rules' order, and each card's moves.
  function replay(r) {
    const acting = Object.entries(r.night)
      .filter(([s]) => wakes(r.dealt[s]) !== null)
      .sort(([a], [b]) => wakes(r.dealt[a]) - wakes(r.dealt[b]) || Number(a) - Number(b));
    const cards = Object.assign({}, r.dealt);
    const why = {};
    for (const slot of Object.keys(r.dealt)) why[slot] = [];
    const swap = (a, b, reasonA, reasonB) => {
      [cards[a], cards[b]] = [cards[b], cards[a]];
      why[a].push(reasonA.replace("{card}", R(cards[a])));
      why[b].push(reasonB.replace("{card}", R(cards[b])));
    };
    const steps = [];
    for (const [s, entry] of acting) {
      const role = r.dealt[s];
      steps.push(t("Seat {seat} ({role}) {what}.", { seat: s, role: R(role), what: describeNight(entry) }));
      if (entry.robbed !== undefined) {
        swap(s, String(entry.robbed), t("robbed seat {seat}: got the {card}", { seat: entry.robbed, card: "{card}" }),
          t("robbed by seat {seat}: got the {card}", { seat: s, card: "{card}" }));
      }
      if (entry.swapped) {
        const [a, b] = entry.swapped.map(String);
        swap(a, b, t("swapped with seat {seat} by the troublemaker (seat {by}): got the {card}", { seat: b, by: s, card: "{card}" }),
          t("swapped with seat {seat} by the troublemaker (seat {by}): got the {card}", { seat: a, by: s, card: "{card}" }));
      }
      if (entry.took) {
        swap(s, entry.took, t("took {slot} (drunk): got the {card}", { slot: entry.took, card: "{card}" }),
          t("taken by the drunk (seat {seat}): got the {card}", { seat: s, card: "{card}" }));
      }
    }
    // At dawn the doppelganger card counts as the role it copied (wherever it went).
    const copy = acting.map(([, entry]) => entry.copied).find((copied) => copied);
    const became = (card) => (copy && card === "doppelganger" ? Object.values(copy)[0] : card);
    const agrees = Object.keys(cards).every((slot) => became(cards[slot]) === r.dawn[slot]);
    return { steps, why: agrees ? why : null, became };
  }

  function teamVerdicts(r) {
    const seats = Object.keys(r.teams);
    const wolves = seats.filter((s) => r.dawn[s] === "werewolf").map(Number);
    const deadWolves = r.dead.filter((s) => wolves.includes(s));
    const tanners = r.dead.filter((s) => r.dawn[String(s)] === "tanner");
    const lines = [];
    if (!r.dead.length) lines.push(t("Nobody died."));
    else lines.push(t("Died: {seats}.", { seats: r.dead.map((s) => `${slotName(s)} (${R(r.dawn[String(s)])})`).join(", ") }));
    for (const s of r.dead.filter((s) => r.dawn[String(s)] === "hunter" && r.votes && r.votes[s] !== undefined && r.votes[s] !== "nobody")) {
      lines.push(t("The hunter ({seat}) died and took {target} along.", { seat: slotName(s), target: slotName(Number(r.votes[s])) }));
    }
    if (wolves.length) {
      lines.push(deadWolves.length ? t("A werewolf died: the village wins.")
        : t("Werewolves at dawn: {seats}; none of them died.", { seats: seatList(wolves) }));
    } else {
      lines.push(t("No player held a werewolf at dawn: the village wins only if nobody dies."));
    }
    if (tanners.length) lines.push(t("The tanner died: the tanner wins, and the werewolf team cannot."));
    const teams = [...new Set(seats.map((s) => r.teams[s]))];
    for (const team of teams) {
      const won = seats.some((s) => r.teams[s] === team && r.winners.includes(Number(s)));
      const line = won ? t("{team}: won.", { team: teamName(team) }) : t("{team}: lost.", { team: teamName(team) });
      lines.push(line.charAt(0).toUpperCase() + line.slice(1));
    }
    return lines;
  }

  function reveal(v) {
    const r = v.result;
    const box = el("div", { class: "card", id: "reveal" }, el("h2", { text: t("The reveal") }));
    const won = r.winners.includes(seat);
    box.append(el("p", { class: won ? "won" : "lost", id: "verdict", text: won ? t("You won.") : t("You lost.") }));
    box.append(el("p", { class: "dead", id: "dead", text: r.dead.length ? t("Dead: {seats}", { seats: seatList(r.dead) }) : t("Nobody dies") }));
    box.append(el("p", { class: "won", id: "winners", text: r.winners.length ? t("Winners: {seats}", { seats: seatList(r.winners) }) : t("Nobody wins") }));
    box.append(el("ul", { id: "why-won" }, ...teamVerdicts(r).map((line) => el("li", { text: line }))));
    const played = replay(r);
    box.append(el("h3", { text: t("The night, in order") }),
      el("ol", { class: "night-replay", id: "night-replay" }, ...(played.steps.length ? played.steps : [t("Nobody acted.")]).map((line) => el("li", { text: line }))));
    const journeys = el("ol", { class: "journeys", id: "journeys" });
    for (const slot of Object.keys(r.dawn)) {
      const isSeat = /^\d+$/.test(slot);
      const who = isSeat ? [seatTitle(slot), Number(slot) === seat ? t(" (you)") : "", v.bots.includes(Number(slot)) ? t(" (bot)") : ""].join("") : slot;
      const moved = played.why && played.why[slot].length ? played.why[slot].join("; ") : (played.became(r.dealt[slot]) === r.dawn[slot] ? t("not moved") : "");
      journeys.append(el("li", { "data-slot": slot },
        el("strong", { text: `${who}: ` }), `${R(r.dealt[slot])} → ${R(r.dawn[slot])}`,
        moved ? el("div", { class: "why", text: moved }) : null));
    }
    box.append(el("h3", { text: t("Every card, dealt → dawn") }), journeys);
    const head = el("tr", {}, ...[t("seat"), t("team"), t("ballot"), t("points"), t("session")].map((h) => el("th", { text: h })));
    const body = el("tbody");
    const session = v.scores || null;
    for (const s of Object.keys(r.teams)) {
      body.append(el("tr", { "data-seat": s },
        el("td", { text: s }), el("td", { text: teamName(r.teams[s]) }),
        el("td", { text: r.votes[s] === "nobody" ? t("nobody") : String(r.votes[s]) }),
        el("td", { text: String(r.scores[s]) }),
        el("td", { text: session && s in session ? String(session[s]) : String(r.scores[s]) })));
    }
    box.append(el("h3", { text: t("Ballots and points") }), el("table", { id: "scores" }, el("thead", {}, head), body));
    const recordUrl = `/api/tables/${encodeURIComponent(table)}/record`;
    box.append(el("p", {}, el("a", { id: "review", href: `/tables/${encodeURIComponent(table)}/review?lang=${encodeURIComponent(document.documentElement.lang)}`, target: "_blank", rel: "noreferrer", text: t("Open the deal's review") }),
      " ", t("(every seat's view, moment by moment)")),
    el("p", {}, el("a", { id: "record", href: `${recordUrl}?download=true`, text: t("Download the deal's record") }),
      " ", t("(then `wooolf review deal.json` replays it from every seat)")));
    return box;
  }

  async function listen() {
    while (true) {
      try {
        const response = await fetch(`${base}/events`, { headers: headers(), cache: "no-store" });
        if (response.status === 401 || response.status === 403) {
          status.textContent = t("This link has no valid key for this seat (or its table is gone): open the private link you were given.");
          return;
        }
        if (!response.ok || !response.body) throw new Error(`status ${response.status}`);
        status.textContent = t("Connected");
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
        status.textContent = t("Reconnecting…");
      }
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }

  if (!token) {
    status.textContent = t("Open the private link you were given: it carries this seat's key.");
  } else {
    listen();
  }
})();
