// The moderator's page: the setup, then one question at a time (see moderate_page.py).
// The game's key lives in the address after '#' and goes to the server in a header,
// never in a URL; every tap is stored by the server.
"use strict";
(() => {
  const $ = (id) => document.getElementById(id);
  const API = "/moderate/api";
  const MESSAGES = JSON.parse(document.getElementById("messages").textContent || "{}");
  const LANG = document.documentElement.lang || "en";

  function t(msgid, values) {  // a message in the page's language, its {names} filled
    const text = MESSAGES[msgid] || msgid;
    return text.replace(/\{(\w+)\}/g, (whole, name) =>
      values && name in values ? String(values[name]) : whole);
  }

  const WON = {
    village: t("The village wins."), werewolves: t("The werewolves win."),
    piper: t("The piper wins."), lovers: t("The lovers win."), nobody: t("Nobody wins."),
  };
  let view = null;
  let seen = 0;  // the lines before those the last tap brought

  function show(message) {
    const box = $("message");
    box.textContent = message || "";
    box.className = message ? "error" : "";
  }

  async function call(path, body) {
    const headers = { "Content-Type": "application/json" };
    const key = location.hash.slice(1);
    if (key) headers.Authorization = "Bearer " + key;
    const options = body === undefined ? { headers } :
      { method: "POST", headers, body: JSON.stringify(body) };
    const response = await fetch(API + path + (path.includes("?") ? "&" : "?") + "lang=" + LANG, options);
    const data = await response.json();
    if (!response.ok) throw new Error(data.error || response.statusText);
    return data;
  }

  // -- the setup ------------------------------------------------------------------------

  async function loadSetup() {
    const players = Number($("players").value) || 8;
    try {
      const setup = await call(`/setup?players=${players}`);
      show("");
      $("deck-note").textContent = setup.table ? t("the rules' table for this count")
        : t("no table row for this count: choose the roles");
      const roles = $("roles");
      roles.replaceChildren();
      for (const role of setup.roles) {
        const label = document.createElement("label");
        const input = document.createElement("input");
        input.type = "number"; input.min = 0; input.max = role.repeat ? 18 : 1;
        input.value = setup.deck[role.name] || 0; input.dataset.role = role.name;
        input.addEventListener("input", count);
        label.append(setup.names[role.name] || role.name, input);
        roles.append(label);
      }
      count();
    } catch (error) { show(error.message); }
  }

  function deckChosen() {
    const roles = {};
    for (const input of document.querySelectorAll("#roles input")) {
      const n = Number(input.value);
      if (n > 0) roles[input.dataset.role] = n;
    }
    return roles;
  }

  function count() {
    const total = Object.values(deckChosen()).reduce((a, b) => a + b, 0);
    $("count").textContent = t("{cards} cards for {players} players", { cards: total, players: $("players").value });
  }

  async function start(deal) {
    const names = $("names").value.split("\n").map((s) => s.trim()).filter(Boolean);
    const body = { roles: deckChosen(), names, deal, rules: { reveal: $("reveal").checked } };
    try {
      history.replaceState(null, "", "#");
      const data = await call("/games", body);
      seen = 0;
      history.replaceState(null, "", "#" + data.key);
      render(data);
    } catch (error) { show(error.message); }
  }

  // -- the game -------------------------------------------------------------------------

  function narrate(lines) {
    if (!$("narrate").checked || !("speechSynthesis" in window)) return;
    for (const line of lines) window.speechSynthesis.speak(new SpeechSynthesisUtterance(line));
  }

  function render(data) {
    view = data;
    show("");
    $("setup").hidden = true;
    $("game").hidden = false;
    $("game").dataset.step = data.step;  // (the tests wait for it)
    $("when").textContent = data.night ? t("Night {night}", { night: data.night }) : t("The deal");
    const fresh = data.lines.slice(Math.min(seen, data.lines.length));
    $("say").replaceChildren(...fresh.map((line) => {
      const p = document.createElement("p"); p.textContent = line; return p; }));
    $("say-card").hidden = !fresh.length;
    const script = $("script");
    script.replaceChildren(...data.lines.map((line) => {
      const li = document.createElement("li"); li.textContent = line; return li; }));
    const question = data.question;
    $("prompt").textContent = question ? question.prompt : t("The game is over.");
    const options = $("options");
    options.replaceChildren();
    if (question) {
      const picked = new Set();
      for (const option of question.options) {
        const button = document.createElement("button");
        button.textContent = option.label;
        button.dataset.value = option.value;
        button.className = "option";
        button.addEventListener("click", () => {
          if (!question.many) return answer(option.value);
          picked.has(option.value) ? picked.delete(option.value) : picked.add(option.value);
          button.classList.toggle("on");
        });
        options.append(button);
      }
      if (question.many) {
        const confirm = document.createElement("button");
        confirm.className = "primary"; confirm.id = "confirm"; confirm.textContent = t("Confirm");
        confirm.addEventListener("click", () => picked.size && answer([...picked].join(" ")));
        options.append(confirm);
      }
    }
    const winner = $("winner");
    winner.hidden = !data.over;
    winner.textContent = data.winner ? WON[data.winner] : t("The game stops unfinished.");
    $("undo").disabled = data.step === 0;
    const rows = $("seats");
    rows.replaceChildren(...data.table.map((row) => {
      const tr = document.createElement("tr");
      const marks = [];
      if (row.alive === false) marks.push(t("dead"));
      if (row.sheriff) marks.push(t("sheriff"));
      if (row.lover) marks.push(t("lover"));
      if (row.charmed) marks.push(t("charmed"));
      if (row.potions) {
        const left = row.potions.map((potion) => t(potion === "heal" ? "healing" : "poison"));
        marks.push(t("potions: {potions}", { potions: left.length ? left.join(", ") : t("none") }));
      }
      const cells = [row.name ? `${row.seat} · ${row.name}` : String(row.seat), row.shown, marks.join(", ")];
      for (const text of cells) {
        const td = document.createElement("td"); td.textContent = text; tr.append(td);
      }
      if (row.alive === false) tr.cells[0].className = "dead";
      return tr;
    }));
    narrate([...fresh, ...(question ? [question.prompt] : [])]);
  }

  async function answer(value) {
    const before = view.lines.length;
    try {
      const data = await call("/game/answer", { answer: value, step: view.step });
      if (data.lines.length > before) seen = before;  // else the last new lines stay shown
      render(data);
    } catch (error) { show(error.message); }
  }

  async function undo() {
    try {
      const data = await call("/game/undo", { step: view.step });
      seen = Math.min(seen, data.lines.length);
      render(data);
    } catch (error) { show(error.message); }
  }

  async function open() {
    const key = location.hash.slice(1);
    if (!key) {
      $("game").hidden = true;
      $("setup").hidden = false;
      return loadSetup();
    }
    try {
      const data = await call("/game");
      seen = data.lines.length;
      render(data);
    } catch (error) {
      show(error.message);
      $("setup").hidden = false;
      loadSetup();
    }
  }

  $("players").addEventListener("change", loadSetup);
  $("shuffle").addEventListener("click", () => start("shuffle"));
  $("by-hand").addEventListener("click", () => start("hand"));
  $("undo").addEventListener("click", undo);
  $("record").addEventListener("click", async (event) => {  // a download with the key in a header
    event.preventDefault();
    try {
      const record = await call("/game/record");
      const blob = new Blob([JSON.stringify(record, null, 1) + "\n"], { type: "application/json" });
      const link = document.createElement("a");
      link.href = URL.createObjectURL(blob);
      link.download = "werewolf-game.json";
      link.click();
      URL.revokeObjectURL(link.href);
    } catch (error) { show(error.message); }
  });
  $("new-game").addEventListener("click", () => { history.replaceState(null, "", "#"); open(); });
  if ("speechSynthesis" in window) {
    $("narrate-label").hidden = false;
    $("narrate").checked = localStorage.getItem("narrate") === "1";
    $("narrate").addEventListener("change", () =>
      localStorage.setItem("narrate", $("narrate").checked ? "1" : "0"));
  }
  for (const link of document.querySelectorAll("a.lang-switch")) {  // keep the game's key
    link.addEventListener("click", () => {
      link.href = link.getAttribute("href").split("#")[0] + location.hash;
    });
  }
  open();
})();
