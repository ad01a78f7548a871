// What the tests of `notera serve` share: starting the real binary on a
// free port with a workspace of their own, stopping it, and Debian's
// Chromium driven by playwright-core (installed by npm at build time from
// web/package-lock.json; `npx playwright install` is not used).
//
//   node tests/web/<name>.test.mjs NOTERA_BINARY
// Environment: NOTERA_NODE_MODULES (the build's web-npm/node_modules),
// NOTERA_SAMPLES (samples/), NOTERA_ARTIFACTS (where screenshots go).
// A test that cannot run here (no playwright-core, no Chromium) exits 77,
// which ctest reports as skipped, unless NOTERA_REQUIRE_BROWSER=1 (CI).

import {spawn} from "node:child_process";
import {existsSync, mkdirSync, mkdtempSync, rmSync} from "node:fs";
import {createRequire} from "node:module";
import {tmpdir} from "node:os";
import path from "node:path";

export const binary = process.argv[2] || process.env.NOTERA_BINARY;
export const samples = process.env.NOTERA_SAMPLES || path.resolve(path.dirname(new URL(import.meta.url).pathname), "../../samples");
export const artifacts = process.env.NOTERA_ARTIFACTS || path.join(tmpdir(), "notera-web-test");
export const chromiumPath = process.env.NOTERA_CHROMIUM || "/usr/bin/chromium";

export function skip(reason) {
  if (process.env.NOTERA_REQUIRE_BROWSER === "1") {
    console.error("cannot run: " + reason);
    process.exit(1);
  }
  console.log("skipped: " + reason);
  process.exit(77);
}

if (!binary || !existsSync(binary)) skip("no notera binary given");

export function tempWorkspace(prefix = "notera-serve-") {
  return mkdtempSync(path.join(tmpdir(), prefix));
}

export function removeWorkspace(dir) {
  rmSync(dir, {recursive: true, force: true});
}

// Starts `notera serve` and resolves when it prints its address.
export function startServer({workspace, args = [], env = {}} = {}) {
  return new Promise((resolve, reject) => {
    const port = args.includes("--port") ? [] : ["--port", "0"];
    // A time limit no run reaches, even under the sanitizers (two copies
    // take 24 s there): the page must give the game `notera reconstruct`
    // gives, which only its work budget stops.
    const limit = args.includes("--time-limit") ? [] : ["--time-limit", "600000"];
    const child = spawn(binary, ["serve", ...port, ...limit, "--workspace", workspace, ...args], {
      env: {...process.env, LANG: "C", ...env},
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "", err = "";
    const timer = setTimeout(() => reject(new Error("notera serve did not start: " + out + err)), 15000);
    child.stdout.on("data", (d) => {
      out += d;
      const m = out.match(/(http:\/\/\S+)/);
      if (m && !child.url) {
        clearTimeout(timer);
        child.url = m[1];
        const u = new URL(child.url);
        child.base = u.origin;
        child.token = u.searchParams.get("token") || "";
        resolve(child);
      }
    });
    child.stderr.on("data", (d) => (err += d));
    child.on("exit", (code) => {
      child.exitCode_ = code;
      if (!child.url) {
        clearTimeout(timer);
        reject(new Error(`notera serve exited (${code}): ${out}${err}`));
      }
    });
    child.output = () => out;
    child.errors = () => err;
  });
}

// SIGTERM, and the exit code once it has stopped.
export function stopServer(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve(child.exitCode);
    child.once("exit", (code, signal) => resolve(code ?? signal));
    child.kill("SIGTERM");
  });
}

export function loadPlaywright() {
  const modules = process.env.NOTERA_NODE_MODULES;
  if (!modules || !existsSync(path.join(modules, "playwright-core"))) skip("playwright-core is not installed (npm ci at build time)");
  if (!existsSync(chromiumPath)) skip(chromiumPath + " is not installed (Debian package chromium)");
  const require = createRequire(path.join(modules, "noop.js"));
  return require("playwright-core");
}

// Debian's Chromium, headless, with nothing that reaches out to the network.
export async function launchChromium(playwright) {
  const profile = mkdtempSync(path.join(tmpdir(), "notera-chromium-"));
  const context = await playwright.chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    headless: true,
    acceptDownloads: true,
    viewport: {width: 1600, height: 1000},
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
           "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  context.profile = profile;
  return context;
}

export function screenshotsDir() {
  const dir = path.join(artifacts, "screenshots");
  mkdirSync(dir, {recursive: true});
  return dir;
}

// A raw HTTP request (for what fetch will not send: a foreign Host header,
// a broken request line).
export async function rawRequest(base, text) {
  const {connect} = await import("node:net");
  const u = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(u.port), u.hostname, () => socket.write(text));
    let data = "";
    socket.setTimeout(10000, () => {
      socket.destroy();
      reject(new Error("no answer to a raw request"));
    });
    socket.on("data", (d) => (data += d));
    socket.on("end", () => resolve(data));
    socket.on("close", () => resolve(data));
    socket.on("error", reject);
  });
}

export function percentile(values, p) {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

// An English piece letter in a move (Re1, Nbd2, Qxh5+): a move in PGN SAN
// inside a sentence that should name it in the sheet's letters. `unquoted`
// leaves out what the writer wrote, in its quotes («Tc1», ”Lb5”, „Lh5“).
export const englishMove = /(?<![\p{L}\d])[NBRQ][a-h]?[1-8]?x?[a-h][1-8]/u;
export const unquoted = (text) => text.replace(/«[^»]*»|”[^”]*”|„[^“]*“|'[^']*'/g, "");
