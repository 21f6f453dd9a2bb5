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
  let edits = 0;  // edits sent: an answer to an older one is stale
  let view = null;  // its last view
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

  async function loadDeck(players) {
    const g = game();
    const query = new URLSearchParams({ game: g.name, mix: g.mix, players: players || g.players });
    try {
      const deck = await call(`/deck?${query}`);
      $("players").value = deck.players;
      $("bots").value = g.bots;
      $("mix").value = deck.mix;
      drawRoles(deck.roles || {});
      $("mix-row").hidden = g.role_lists;
      $("roles").hidden = $("add-row").hidden = !g.role_lists;
      show("");
      edited();
    } catch (error) {
      show(error.message);
    }
  }

  function drawRoles(roles) {
    $("roles").replaceChildren();
    for (const [name, copies] of Object.entries(roles)) addRole(name, copies);
  }

  function addRole(name, copies) {
    const input = el("input", { type: "number", min: 0, max: 99, value: copies, "data-role": name });
    input.addEventListener("input", edited);
    $("roles").append(el("label", {}, name, input));
  }

  function roles() {
    const out = {};
    for (const input of $("roles").querySelectorAll("input")) {
      const copies = Number(input.value);
      if (copies > 0) out[input.dataset.role] = copies;
    }
    return out;
  }

  // -- the job ----------------------------------------------------------------------------

  function edited() {
    clearTimeout(timer);
    timer = setTimeout(start, WAIT);
  }

  async function start() {
    const g = game();
    const body = {
      game: g.name, bots: $("bots").value, seed: $("seed").value,
      games: Number($("games").value) || 1, quick: !$("replays").checked,
    };
    if (job) body.replaces = job;
    if ($("reference").value.trim()) body.reference = $("reference").value.trim();
    if (g.role_lists) body.roles = roles();
    else Object.assign(body, { mix: $("mix").value, players: Number($("players").value) });
    const mine = ++edits;
    clearTimeout(poller);
    $("figures").dataset.state = "starting";
    try {
      const started = await call("/jobs", {
        method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
      });
      if (mine !== edits) {  // a newer edit was sent meanwhile: this job is stale
        fetch(`${API}/jobs/${started.job}`, { method: "DELETE" });
        return;
      }
      show("");
      job = started.job;
      draw(started);
      poller = setTimeout(poll, POLL);
    } catch (error) {
      if (mine !== edits) return;
      show(error.message);
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

  function save() {  // the deck and its figures, as one file
    if (!view) return;
    const { figures, exact, command, label } = view;
    const deck = { game: view.game, mix: view.mix, players: view.players, bots: view.bots, seed: view.seed, games: view.games, reference: view.reference };
    const report = { version: 1, deck, command, exact, done: view.done, figures, compared: view.compared };
    const blob = new Blob([JSON.stringify(report, null, 2) + "\n"], { type: "application/json" });
    const link = el("a", { href: URL.createObjectURL(blob), download: `${label}.workshop.json` });
    document.body.append(link);
    link.click();
    link.remove();
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
    $("players").addEventListener("change", () => (game().role_lists ? loadDeck($("players").value) : edited()));
    for (const id of ["mix", "bots", "seed", "games", "replays", "reference"]) $(id).addEventListener("change", edited);
    $("add").addEventListener("click", () => {
      const name = $("new-role").value.trim();
      if (name && !$("roles").querySelector(`input[data-role="${CSS.escape(name)}"]`)) addRole(name, 1);
      $("new-role").value = "";
      edited();
    });
    $("cancel").addEventListener("click", cancel);
    $("save").addEventListener("click", save);
    await loadDeck();
  }

  init();
})();
