// The designer's workshop (see wooolf_solver/server/workshop.py): every edit of the deck
// starts a job on the server (the last one cancelled), whose figures the page polls and
// draws until its games are played.
"use strict";
(() => {
  const { t, el } = window.wooolfPage;
  const $ = (id) => document.getElementById(id);
  const API = "/workshop/api";
  const POLL = 250;  // ms between two looks at the running job
  const WAIT = 150;  // ms of quiet after an edit before the job starts
  const STATES = { running: t("running"), done: t("done"), cancelled: t("stopped"), failed: t("failed") };
  let games = [];
  let job = null;  // the latest job's key (the one the next edit replaces)
  let sending = false;  // an edit's job is being started (one at a time)
  let again = false;  // the deck was edited meanwhile: start its job when that answer is in
  let view = null;  // its last view
  let deck = null;  // the deck file being edited, as a document (its tables, lists, values)
  let fromText = false;  // the next job's deck is the deck file's text, typed in
  const copiesTables = new WeakSet();  // the deck's tables of NAME = COPIES
  let timer = null;
  let poller = null;

  function show(message) {
    $("message").textContent = message || "";
    $("message").className = message ? "error" : "";
  }

  async function call(path, options) {
    const response = await fetch(API + path, options);
    const data = await response.json();
    if (!response.ok) throw new Error(data.error || response.statusText);
    return data;
  }

  function game() {
    return games.find((g) => g.name === $("game").value);
  }

  // -- the deck ---------------------------------------------------------------------------

  // The deck is the game's deck file as a document (GET /workshop/api/deck): every table of
  // NAME = COPIES is a list of numbers (a name added below it), every other value a field
  // (named by its key, its whole path as its title); the deck file's text can be edited
  // as it is too.
  async function loadDeck(players, mix) {
    const g = game();
    const query = new URLSearchParams({ game: g.name, mix: mix || g.mix, players: players || g.players });
    try {
      const found = await call(`/deck?${query}`);
      $("players").value = found.players;
      if (!mix) $("bots").value = g.bots;
      $("mix").value = found.mix;
      drawDeck(found.deck);
      $("deck-text").value = found.deck_file ? found.deck_file.text : "";
      show("");
      edited();
    } catch (error) {
      show(error.message);
    }
  }

  const isScalar = (v) => v === null || typeof v !== "object";
  const isCopies = (v) => v && typeof v === "object" && !Array.isArray(v) && Object.keys(v).length > 0
    && Object.values(v).every((n) => Number.isInteger(n));

  function drawDeck(document) {
    deck = document ? structuredClone(document) : null;
    $("roles").replaceChildren(...(deck ? fieldsOf(deck, []) : []));
  }

  function fieldsOf(value, path) {  // the inputs of a table or a list, in order
    const out = [];
    for (const [key, inner] of Object.entries(value)) {
      const at = [...path, key];
      if (isCopies(inner)) out.push(copiesOf(inner, at));
      else if (isScalar(inner) || (Array.isArray(inner) && inner.every(isScalar))) out.push(fieldOf(value, key, at));
      else out.push(...fieldsOf(inner, at));
    }
    return out;
  }

  function copiesOf(table, path) {  // NAME = COPIES: a number each, and a name to add
    copiesTables.add(table);
    const box = el("fieldset", { class: "copies", "data-path": path.join(".") },
      el("legend", { text: path[path.length - 1], title: path.join(".") }));
    const list = el("div", { class: "roles" });
    const add = (name) => {
      const input = el("input", { type: "number", min: 0, max: 99, value: table[name], "data-role": name, "data-path": [...path, name].join(".") });
      input.addEventListener("input", () => { table[name] = Number(input.value) || 0; edited(); });
      list.append(el("label", {}, name, input));
    };
    Object.keys(table).forEach(add);
    const first = !$("roles").querySelector("#new-role") && !document.getElementById("new-role");
    const name = el("input", { type: "text", size: 12, placeholder: t("another name"), ...(first ? { id: "new-role" } : {}) });
    const button = el("button", { type: "button", text: t("Add"), ...(first ? { id: "add" } : {}) });
    button.addEventListener("click", () => {
      const added = name.value.trim();
      if (added && !(added in table)) { table[added] = 1; add(added); }
      name.value = "";
      edited();
    });
    box.append(list, el("div", { class: "row" }, name, button));
    return box;
  }

  function fieldOf(parent, key, path) {  // one value: a switch, a number, a text or a list
    const value = parent[key];
    const numbers = Array.isArray(value) && value.every((v) => typeof v === "number");
    const attrs = { "data-path": path.join(".") };
    let input;
    if (typeof value === "boolean") {
      input = el("input", { type: "checkbox", ...attrs });
      input.checked = value;
      input.addEventListener("change", () => { parent[key] = input.checked; edited(); });
    } else {
      const shown = Array.isArray(value) ? value.join(", ") : String(value);
      input = el("input", { type: typeof value === "number" ? "number" : "text", value: shown, ...attrs });
      input.addEventListener("change", () => {
        const text = input.value.trim();
        if (Array.isArray(value)) parent[key] = text ? text.split(/\s*,\s*/).map((v) => (numbers ? Number(v) : v)) : [];
        else parent[key] = typeof value === "number" ? Number(text) : text;
        edited();
      });
    }
    return el("label", { class: "field", title: path.join(".") }, path[path.length - 1], input);
  }

  function deckSent() {  // the deck as sent: a name with no copies left out
    return JSON.parse(JSON.stringify(deck, (key, value) => (copiesTables.has(value)
      ? Object.fromEntries(Object.entries(value).filter(([, n]) => n !== 0)) : value)));
  }

  function cardsOf(deck) {  // every NAME=COPIES of a deck's copies tables, by name (none at 0)
    const entries = (value) => (isScalar(value) ? [] : isCopies(value)
      ? Object.entries(value).filter(([, n]) => n) : Object.values(value).flatMap(entries));
    return entries(deck).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([k, n]) => `${k}=${n}`);
  }

  function markField(message) {  // a refusal shown by the field it names, when it names one
    for (const old of $("roles").querySelectorAll("[aria-invalid]")) old.removeAttribute("aria-invalid");
    for (const old of $("roles").querySelectorAll(".field-error")) old.remove();
    if (!message) return;
    let best = null;
    for (const input of $("roles").querySelectorAll("input[data-path]")) {
      const path = input.dataset.path.split(".");
      const last = path[path.length - 1];
      const named = message.includes(`${last}:`) || message.includes(`'${last}'`);
      const score = path.filter((part) => message.includes(part)).length;
      if (named && (!best || score > best.score)) best = { input, score };
    }
    if (!best) return;
    best.input.setAttribute("aria-invalid", "true");
    best.input.closest("label").after(el("p", { class: "field-error error", role: "alert", text: message }));
  }

  // -- the job ----------------------------------------------------------------------------

  function edited() {
    clearTimeout(timer);
    timer = setTimeout(start, WAIT);
  }

  // One start at a time, so that each names the job it replaces: an edit made while the
  // last one's job is being started waits for that answer, then replaces that job (with
  // several starts in flight, none would know the others' jobs: they would all run, and
  // past the server's limit on running jobs the newest would be refused).
  async function start() {
    if (sending) {
      again = true;
      return;
    }
    sending = true;
    try {
      await startOne();
    } finally {
      sending = false;
      if (again) {
        again = false;
        start();
      }
    }
  }

  async function startOne() {
    const g = game();
    const body = {
      game: g.name, bots: $("bots").value, seed: $("seed").value,
      games: Number($("games").value) || 1, quick: !$("replays").checked,
    };
    if (job) body.replaces = job;
    if ($("reference").value.trim()) body.reference = $("reference").value.trim();
    const typed = fromText;
    fromText = false;
    if (typed) body.deck = $("deck-text").value.split("\n");  // lines: a body's strings are short
    else if (deck) body.deck = deckSent();
    else body.mix = $("mix").value;
    if (!g.role_lists) body.players = Number($("players").value);
    clearTimeout(poller);
    $("figures").dataset.state = "starting";
    try {
      const started = await call("/jobs", {
        method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
      });
      job = started.job;  // the job the next start replaces
      if (again) return;  // edited meanwhile: this job is stale, the next start stops it
      show("");
      markField("");
      if (typed) drawDeck(started.deck);
      if (started.deck_file && document.activeElement !== $("deck-text")) $("deck-text").value = started.deck_file.text;
      draw(started);
      poller = setTimeout(poll, POLL);
    } catch (error) {
      if (again) return;
      show(error.message);
      markField(error.message);
      $("figures").dataset.state = "refused";
    }
  }

  async function poll() {
    const key = job;
    if (!key) return;
    try {
      const now = await call(`/jobs/${key}`);
      if (key !== job) return;  // a newer edit
      draw(now);
      if (now.state === "running" || now.exact_pending) poller = setTimeout(poll, POLL);
    } catch (error) {
      show(error.message);
    }
  }

  async function cancel() {
    if (!job) return;
    clearTimeout(poller);
    try {
      draw(await call(`/jobs/${job}`, { method: "DELETE" }));
    } catch (error) {
      show(error.message);
    }
  }

  // -- the figures ------------------------------------------------------------------------

  function draw(now) {
    view = now;
    const figures = now.figures || {};
    const verdict = figures.verdict;
    $("verdict").textContent = verdict ? verdict.text : t("no verdict for this game's figures");
    $("verdict").dataset.kind = verdict ? verdict.kind : "none";
    $("progress").max = now.games;
    $("progress").value = now.done;
    $("status").textContent = t("{done} of {games} games, {state}", {
      done: now.done, games: now.games, state: STATES[now.state] || now.state,
    }) + (now.error ? ` (${now.error})` : "");
    $("cancel").disabled = now.state !== "running";
    $("players").value = now.players;
    $("command").textContent = now.command;
    const compared = now.compared;
    const other = new Map((compared ? compared.sides : []).map((side) => [side.name, side.text]));
    $("compared-head").hidden = !compared;
    $("compared-head").textContent = compared ? compared.label : "";
    $("compared-verdict").textContent = compared && compared.figures.verdict
      ? t("Compared with {label}: {verdict}", { label: compared.label, verdict: compared.figures.verdict.text }) : "";
    $("sides").replaceChildren(...now.sides.map((side) =>
      el("tr", { "data-side": side.name }, el("td", { text: side.name }), el("td", { text: side.text }),
        compared ? el("td", { text: other.get(side.name) || "·" }) : null)));
    drawPlot(now.sides);
    drawHistory(now.history, verdict);
    drawExact(now.exact, now.exact_pending);
    drawAll(figures);
    $("figures").dataset.state = now.state;
    $("figures").dataset.done = now.done;
    $("figures").dataset.mix = now.mix;
    $("figures").dataset.cards = now.deck ? cardsOf(now.deck).join(",") : "";
  }

  function drawExact(exact, pending) {
    $("exact-verdict").textContent = exact && exact.verdict ? exact.verdict.text : "";
    if (pending || !exact) {
      const note = pending ? t("computing them…") : t("this game has no exact figures");
      $("exact").replaceChildren(el("tr", {}, el("td", { text: note })));
      $("exact-groups").replaceChildren();
      return;
    }
    const [rows, groups] = tables(exact, ["verdict", "exact"]);
    $("exact").replaceChildren(...rows);
    $("exact-groups").replaceChildren(...groups);
  }

  function drawAll(figures) {
    const [rows, groups] = tables(figures, ["verdict", "teams", "calibration", "settings", "intervals"]);
    $("all").replaceChildren(...rows);
    $("groups").replaceChildren(...groups);
  }

  // Figures as tables: a single one in a row of the first table; a group of them (each
  // identity's, each seat's, ...) in a table of its own; a list of such (one per player
  // count, say) a table each, titled by its single figures.
  function tables(figures, skipped, title) {
    const rows = [];
    const groups = [];
    for (const [name, value] of Object.entries(figures)) {
      if (skipped.includes(name)) continue;
      if (isGroup(value)) groups.push(group(name, value, title));
      else if (Array.isArray(value) && value.length && value.every((v) => v && typeof v === "object"))
        for (const item of value) {
          const head = Object.entries(item).filter(([, v]) => typeof v !== "object").map(([k, v]) => `${k} ${v}`).join(", ");
          groups.push(...tables(item, skipped, head)[1]);
        }
      else rows.push(el("tr", { "data-figure": name }, el("th", { text: name }), el("td", { text: shown(value) })));
    }
    return [rows, groups];
  }

  const isFigure = (value) => value !== null && typeof value === "object" && ("rate" in value || "mean" in value);
  const isCell = (value) => typeof value === "number" || isFigure(value);

  function cells(inner) {  // a group's row: its figures, and those one level down (points.early, ...)
    const out = {};
    for (const [key, value] of Object.entries(inner)) {
      if (isCell(value)) out[key] = value;
      else if (value && typeof value === "object" && key !== "exact")
        for (const [sub, figure] of Object.entries(value)) if (isCell(figure)) out[`${key}.${sub}`] = figure;
    }
    return out;
  }

  function isGroup(value) {  // name -> (name -> figure), e.g. each identity's figures
    if (value === null || typeof value !== "object" || Array.isArray(value) || isFigure(value)) return false;
    const inner = Object.values(value);
    return inner.length > 0 && inner.every((v) => v && typeof v === "object" && !isFigure(v) && !Array.isArray(v)
      && Object.values(v).some(isFigure) || (v && typeof v === "object" && !isFigure(v) && Object.keys(cells(v)).length > 1));
  }

  function group(name, value, caption) {
    const rows = Object.entries(value).map(([row, inner]) => [row, cells(inner)]);
    const columns = [];
    for (const [, inner] of rows) for (const key of Object.keys(inner)) if (!columns.includes(key)) columns.push(key);
    const head = el("tr", {}, el("th", { text: name }), ...columns.map((c) => el("th", { text: c })));
    const body = rows.map(([row, inner]) => el("tr", { "data-row": row },
      el("th", { text: row }), ...columns.map((c) => el("td", { text: c in inner ? shown(inner[c]) : "·" }))));
    return el("div", { class: "group" }, caption ? el("p", { class: "meta", text: caption }) : null,
      el("table", {}, el("thead", {}, head), el("tbody", {}, ...body)));
  }

  function percent(x) {  // in whole percents, never 0 or 100 unless it is (as the labs print)
    const whole = (100 * x).toFixed(0);
    if (whole === "0" && x > 0) return "<1";
    if (whole === "100" && x < 1) return ">99";
    return whole;
  }

  function shown(value) {  // a figure in a word or two: a share or a mean with its 95% interval
    if (value === null || value === undefined) return "—";
    if (typeof value === "number") return Number.isInteger(value) ? String(value) : value.toFixed(4);
    if (typeof value !== "object") return String(value);
    if (Array.isArray(value)) return value.map(shown).join(", ");
    if ("rate" in value) {
      if (value.rate === null) return "—";
      const range = value.low === null || value.low === undefined ? "" : ` (${percent(value.low)}–${percent(value.high)}%)`;
      return `${percent(value.rate)}%${range}`;
    }
    if ("mean" in value) {
      if (value.mean === null) return "—";
      const range = value.low === null ? "" : ` (${value.low.toFixed(2)}–${value.high.toFixed(2)})`;
      return `${value.mean.toFixed(2)}${range}`;
    }
    return Object.entries(value).map(([k, v]) => `${k}: ${shown(v)}`).join("; ");
  }

  function chart(width, height, label) {  // an empty SVG image, and how to draw in it
    const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
    svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", label);
    const add = (tag, attrs, text) => {
      const node = document.createElementNS("http://www.w3.org/2000/svg", tag);
      for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
      if (text) node.textContent = text;
      svg.append(node);
    };
    return { svg, add };
  }

  function drawPlot(sides) {  // the sides' rates as bars, their intervals as whiskers
    const width = 360, row = 26, left = 120, top = 8;
    const scale = (x) => left + x * (width - left - 20);
    const height = top * 2 + row * sides.length + 14;
    const { svg, add } = chart(width, height, t("the sides' win rates with their 95% intervals"));
    add("line", { x1: scale(0.5), x2: scale(0.5), y1: top, y2: height - 14, stroke: "#cfd3d8", "stroke-dasharray": "3 3" });
    sides.forEach((side, k) => {
      const y = top + k * row;
      add("text", { x: left - 6, y: y + 16, "text-anchor": "end", "font-size": 12 }, side.name);
      if (side.rate === null) return;
      add("rect", { x: scale(0), y: y + 4, width: scale(side.rate) - scale(0), height: row - 10, fill: "#2f5bd3", opacity: 0.75 });
      add("line", { x1: scale(side.low), x2: scale(side.high), y1: y + row / 2 - 1, y2: y + row / 2 - 1, stroke: "#1f2328", "stroke-width": 1.5 });
    });
    for (const x of [0, 0.5, 1]) add("text", { x: scale(x), y: height - 2, "text-anchor": "middle", "font-size": 10 }, `${x * 100}%`);
    $("plot").replaceChildren(svg);
  }

  function drawHistory(history, verdict) {  // the verdict's share as the games come in, the fair band shaded
    const points = history.filter((h) => typeof h.rate === "number");
    if (!verdict || !verdict.fair || points.length < 2) {
      $("history").replaceChildren();
      return;
    }
    const width = 360, height = 120, left = 34, right = 8, top = 8, bottom = 18;
    const most = points[points.length - 1].games;
    const x = (games) => left + (games / most) * (width - left - right);
    const y = (share) => top + (1 - share) * (height - top - bottom);
    const { svg, add } = chart(width, height, t("the verdict's share after each batch, with its interval"));
    const [low, high] = verdict.fair;
    add("rect", { x: left, y: y(high), width: width - left - right, height: y(low) - y(high), fill: "#e6f4ea" });
    const band = points.map((p) => `${x(p.games)},${y(p.high)}`).concat(
      points.slice().reverse().map((p) => `${x(p.games)},${y(p.low)}`));
    add("polygon", { points: band.join(" "), fill: "#2f5bd3", opacity: 0.15 });
    add("polyline", { points: points.map((p) => `${x(p.games)},${y(p.rate)}`).join(" "), fill: "none", stroke: "#2f5bd3", "stroke-width": 2 });
    for (const share of [0, 0.5, 1]) add("text", { x: left - 4, y: y(share) + 4, "text-anchor": "end", "font-size": 10 }, `${share * 100}%`);
    add("text", { x: width - right, y: height - 4, "text-anchor": "end", "font-size": 10 }, t("{games} games", { games: most }));
    $("history").replaceChildren(svg);
  }

  function download(name, text, type) {
    const blob = new Blob([text], { type });
    const link = el("a", { href: URL.createObjectURL(blob), download: name });
    document.body.append(link);
    link.click();
    link.remove();
  }

  function save() {  // the deck file (what the command line reads), then the report
    if (!view) return;
    const { figures, exact, command, label } = view;
    const settings = { game: view.game, mix: view.mix, players: view.players, bots: view.bots, seed: view.seed, games: view.games, reference: view.reference };
    const report = {
      version: 1, deck: settings, deck_file: view.deck_file, command, balance_command: view.balance_command,
      exact, done: view.done, figures, compared: view.compared,
    };
    if (view.deck_file) download(view.deck_file.name, view.deck_file.text, "application/toml");
    download(`${label}.workshop.json`, JSON.stringify(report, null, 2) + "\n", "application/json");
  }

  // -- the start --------------------------------------------------------------------------

  async function init() {
    try {
      games = (await call("/games")).games;
    } catch (error) {
      show(error.message);
      return;
    }
    const asked = new URLSearchParams(location.search).get("game");
    $("game").replaceChildren(...games.map((g) => el("option", { value: g.name, text: g.title })));
    if (games.some((g) => g.name === asked)) $("game").value = asked;
    $("game").addEventListener("change", () => loadDeck());
    $("players").addEventListener("change", () => loadDeck($("players").value, $("mix").value));
    $("mix").addEventListener("change", () => loadDeck($("players").value, $("mix").value));
    for (const id of ["bots", "seed", "games", "replays", "reference"]) $(id).addEventListener("change", edited);
    $("deck-text").addEventListener("change", () => { fromText = true; edited(); });
    $("cancel").addEventListener("click", cancel);
    $("save").addEventListener("click", save);
    await loadDeck();
  }

  init();
})();
