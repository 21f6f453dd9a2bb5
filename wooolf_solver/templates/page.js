// What every translated page's script shares (the frame inlines it before them):
// t(msgid, values), the page's message in its language (the catalogue embedded as JSON
// in #messages; the English text when it has none), and el(tag, attrs, ...children).
"use strict";
window.wooolfPage = (function () {
  const node = document.getElementById("messages");
  const MESSAGES = node ? JSON.parse(node.textContent || "{}") : {};

  function t(msgid, values) {
    const text = MESSAGES[msgid] || msgid;
    return text.replace(/\{(\w+)\}/g, (whole, name) => (values && name in values ? String(values[name]) : whole));
  }

  function el(tag, attrs, ...children) {
    const made = document.createElement(tag);
    for (const [name, value] of Object.entries(attrs || {})) {
      if (name === "onclick") made.addEventListener("click", value);
      else if (name === "text") made.textContent = value;
      else made.setAttribute(name, value);
    }
    for (const child of children) if (child !== null && child !== undefined) made.append(child);
    return made;
  }

  return { t, el };
})();
