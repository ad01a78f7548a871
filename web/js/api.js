// The page's side of the JSON API of `notera serve` (docs/serve.md).
//
// Every call carries the page's language (Accept-Language, so that verdicts
// and explanations come back in it) and, when the server was started on an
// address other than loopback, the token it printed (the page's address
// carries it as ?token=; it is kept for the tab and taken out of the address
// bar).

const tokenKey = "notera.token";

function startToken() {
  const params = new URLSearchParams(location.search);
  const token = params.get("token");
  if (token) {
    sessionStorage.setItem(tokenKey, token);
    params.delete("token");
    const rest = params.toString();
    history.replaceState(null, "", location.pathname + (rest ? "?" + rest : "") + location.hash);
  }
  return sessionStorage.getItem(tokenKey) || "";
}

const token = startToken();
let language = "en";

export function setApiLanguage(code) {
  language = code;
}

// An answer of the API that is an error: its status and message.
export class ApiFailure extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

// Calls the API: `body` is sent as JSON (or as text when `text` is set);
// the answer is parsed as JSON unless `raw` is set (then the Response).
// `headers`: more request headers (If-None-Match on a PUT of a new sheet).
// `keepalive`: the request outlives the page (a save as the page closes).
export async function api(path, {method = "GET", body, text, raw = false, signal, headers: more = {}, keepalive = false} = {}) {
  const headers = {"Accept-Language": language, ...more};
  if (token) headers["X-Notera-Token"] = token;
  let payload;
  if (text !== undefined) {
    headers["Content-Type"] = "text/plain; charset=utf-8";
    payload = text;
  } else if (body !== undefined) {
    headers["Content-Type"] = "application/json";
    payload = JSON.stringify(body);
  }
  const response = await fetch(path, {method, headers, body: payload, signal, keepalive});
  if (!response.ok) {
    let message = response.statusText;
    try {
      message = (await response.json()).error || message;
    } catch {
      // not JSON: keep the status text
    }
    throw new ApiFailure(response.status, message);
  }
  if (raw) return response;
  return response.json();
}

export function sheetPath(name) {
  return "/api/sheets/" + encodeURIComponent(name);
}
