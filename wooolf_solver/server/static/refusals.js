// A refusal of the table's API as a person reads it, in the page's language. The API's
// line ({"error": "field: what is wrong"}) is for programs; its code, the status and the
// field before the colon ("409 paused"), is stable: the page shows the catalogue's
// message for that code, and keeps the line as a detail (server/refusals.py says why).
"use strict";
window.wooolfRefusal = (function () {
  const { t } = window.wooolfPage;

  // The messages of the seats' and the host's pages, by code; then by status alone.
  const BY_CODE = () => ({
    "409 paused": t("The host has paused the table: try again when it goes on."),
    "409 night": t("Too late: this step of the night is over."),
    "409 claim": t("Too late for a claim: the day is over, or you have claimed already."),
    "409 heard_enough": t("The day is over already, or you said so already."),
    "409 ballot": t("The vote is not open, or your ballot is in already."),
    "409 ready": t("The night has already begun."),
    "409 solve": t("The solver's view opens once the night is over."),
    "422 join.name": t("A name is 1 to 30 letters, digits or signs, on one line."),
    "422 copied": t("Copy the card of one of the seats your screen offers (another player's)."),
    "409 start": t("The night has already begun."),
    "409 pause": t("Nothing to pause now: the clock runs only at night, by day and at the vote."),
    "409 resume": t("The table is not paused."),
    "409 seat": t("That seat is a bot already."),
    "409 end": t("This deal is over already."),
    "409 deal": t("This deal is not over: end it first."),
    "503 database": t("The server could not store this, so nothing changed: try again."),
  });
  const BY_STATUS = () => ({
    401: t("This link's key is not valid for this table (or the table is gone)."),
    403: t("This link's key is not valid for this table (or the table is gone)."),
    404: t("This table is gone (a finished table is kept for a day)."),
    409: t("Not now: the table has moved on."),
    503: t("The server is busy: try again in a moment."),
  });

  // The message for a refusal (`status`, the API's `line`); `special` may say better.
  function code(status, line) {
    const text = String(line || "");
    const colon = text.indexOf(":");
    const field = colon > 0 && !text.slice(0, colon).includes(" ") ? text.slice(0, colon) : "";
    return field ? `${status} ${field}` : String(status);
  }

  function message(status, line, special) {
    const known = code(status, line);
    return (special && special(known, String(line || ""))) || BY_CODE()[known] || BY_STATUS()[status]
      || t("The table refused this: reload the page and try again.");
  }

  // A refusal as an element: the message, and the API's line as a detail to open.
  function shown(status, line, special) {
    const { el } = window.wooolfPage;
    return el("div", { class: "error", role: "alert", "data-code": code(status, line) },
      el("p", { text: message(status, line, special) }),
      line ? el("details", {}, el("summary", { text: t("Details (the server's words)") }), el("code", { text: String(line) })) : null);
  }

  const offline = () => t("No answer from the server: check the connection and try again.");

  return { code, message, shown, offline };
})();
