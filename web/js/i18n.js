// The page's texts come from notera's locale bundles (keys "web.*", served
// by GET /api/messages?lang=), with English where a language lacks a key.
// A text is an ICU MessageFormat pattern; the page's texts use only named
// arguments ({name}) and '' for an apostrophe, which format() handles.

import {api} from "./api.js";

export const pageLanguages = ["en", "nb", "nn", "sv", "da", "de"];

let texts = {};
let current = "en";

export async function loadTexts(language) {
  const answer = await api("/api/messages?lang=" + encodeURIComponent(language));
  texts = answer.messages;
  current = answer.language;
  document.documentElement.lang = current;
  return current;
}

export function currentLanguage() {
  return current;
}

export function t(key, args = {}) {
  const pattern = texts[key.startsWith("web.") ? key : "web." + key];
  if (pattern === undefined) return key;
  return format(pattern, args);
}

function format(pattern, args) {
  let out = "";
  for (let i = 0; i < pattern.length; ++i) {
    const c = pattern[i];
    if (c === "'" && pattern[i + 1] === "'") {
      out += "'";
      ++i;
    } else if (c === "{") {
      const end = pattern.indexOf("}", i);
      const name = pattern.slice(i + 1, end).trim();
      out += name in args ? String(args[name]) : "{" + name + "}";
      i = end;
    } else {
      out += c;
    }
  }
  return out;
}

// Fills the static texts of the page: data-i18n (text), data-i18n-label
// (aria-label), data-i18n-title (title), data-i18n-placeholder.
export function translatePage(root = document) {
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll("[data-i18n-label]")) el.setAttribute("aria-label", t(el.dataset.i18nLabel));
  for (const el of root.querySelectorAll("[data-i18n-title]")) el.title = t(el.dataset.i18nTitle);
  for (const el of root.querySelectorAll("[data-i18n-placeholder]")) el.placeholder = t(el.dataset.i18nPlaceholder);
}
