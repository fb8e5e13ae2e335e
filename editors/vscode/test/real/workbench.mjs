// What tests in real VS Code need (desktop.test.mjs: the .vsix in
// code-server): the installs, the manifest a user opens, headless Chromium, and a user's
// hands on the workbench. Everything is done as a user does it, with the
// workbench's keyboard commands, and read from what the workbench shows
// (the Problems panel, the hover, the suggest widget, the notifications),
// never from the extension's insides.
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

export const ext = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
export const repo = join(ext, "..", "..");

/** Where the screenshots go, for a person to look at after a run (gitignored). */
export const results = process.env.MDSCHECK_TEST_RESULTS || join(ext, "test-results");

/**
 * installs runs scripts/need-vscode.sh, which installs code-server and
 * Node 24 into a cache outside the tree when they are missing (minutes,
 * once) and otherwise only looks (milliseconds), and returns where they are.
 */
export function installs() {
  const out = execFileSync(join(repo, "scripts", "need-vscode.sh"), { cwd: repo, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] });
  const said = Object.fromEntries(out.split("\n").map((l) => l.split("=")).filter((kv) => kv.length === 2));
  return { node: said.node, codeServer: said.code_server };
}

/** The .vsix that `make vsix` writes (the Makefile builds it before these tests). */
export function vsix() {
  const { version } = JSON.parse(readFileSync(join(ext, "package.json"), "utf8"));
  const path = join(ext, `mdscheck-${version}.vsix`);
  if (!existsSync(path)) throw new Error(`${path} is missing: run \`make vsix\` (make test-vscode does) first`);
  return path;
}

/**
 * The manifest the user opens: a Kafka service with four mistakes, each
 * at a line the tests name (docs/rules.md): an enum value
 * (maintenanceWindowDow), a misspelt member with a quick fix, a member
 * nobody knows (colour: only rule unknown-field reports it, so
 * mdscheck.unknownFields decides), and a value above its maximum.
 */
export const manifest = `apiVersion: example.io/v1alpha1
kind: Kafka
metadata:
  name: events
spec:
  project: streaming
  plan: business-4
  cloudName: google-europe-west1
  maintenanceWindowDow: funday
  terminationProtectoin: true
  colour: blue
  userConfig:
    kafka_version: "3.8"
    kafka:
      min_insync_replicas: 12
`;

/** The findings of manifest as the Problems panel lists them: rule and line. */
export const findings = {
  enum: { rule: "enum", line: 9, text: '"funday" is not allowed' },
  misspelt: { rule: "unknown-field", line: 10, text: 'unknown field "terminationProtectoin"; did you mean "terminationProtection"?' },
  colour: { rule: "unknown-field", line: 11, text: 'unknown field "colour"' },
  maximum: { rule: "maximum", line: 15, text: "12 is above the maximum of 7" },
};

/** A fresh folder under the temp directory, with the workspace folder and manifest in it. */
export function scratch(name) {
  const dir = mkdtempSync(join(tmpdir(), `mdscheck-${name}-`));
  const folder = join(dir, "workspace");
  mkdirSync(folder);
  writeFileSync(join(folder, "kafka.yaml"), manifest);
  return { dir, folder, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * The user settings for a clean run: nothing that reaches for the network
 * (no server is there), no welcome page, no AI chat panel over the editor.
 * mdscheck's settings are left alone: the test is of the defaults.
 */
export const quietSettings = {
  "workbench.startupEditor": "none",
  "workbench.tips.enabled": false,
  "telemetry.telemetryLevel": "off",
  "update.mode": "none",
  "extensions.autoCheckUpdates": false,
  "extensions.autoUpdate": false,
  "extensions.ignoreRecommendations": true,
  "chat.disableAIFeatures": true,
  "workbench.secondarySideBar.defaultVisibility": "hidden",
};

/**
 * start runs a server program in a process group of its own (so that the
 * group, and every child it started, can be ended by its id) and resolves
 * with the first match of ready in its output, which is kept for error
 * messages.
 */
export function start(command, args, { env, cwd, ready, what, timeout = 120_000 }) {
  const child = spawn(command, args, { env, cwd, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  const stop = () => {
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      // already gone
    }
  };
  const started = new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} did not start in ${timeout} ms:\n${output}`)), timeout);
    const read = (chunk) => {
      output += chunk;
      const m = output.match(ready);
      if (m) {
        clearTimeout(timer);
        resolve(m);
      }
    };
    child.stdout.on("data", read);
    child.stderr.on("data", read);
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`${what} exited with ${code} before it was ready:\n${output}`));
    });
  });
  return { started, stop, output: () => output };
}

/**
 * openWorkbench starts code-server on a fresh scratch folder, with the
 * .vsix install installed into its extensions (none when undefined) and
 * user settings quietSettings, and opens the folder in a window of
 * headless Chromium; screenshots are named after name. close ends them
 * and removes the folder.
 */
export async function openWorkbench(name, { install } = {}) {
  const { node, codeServer } = installs();
  const tmp = scratch(name);
  const user = join(tmp.dir, "user");
  mkdirSync(join(user, "User"), { recursive: true });
  writeFileSync(join(user, "User", "settings.json"), JSON.stringify(quietSettings, null, 2));
  // code-server writes its config and state under these; keep them in the
  // scratch folder, not in the home directory.
  const env = {
    ...process.env,
    CODE_SERVER_CONFIG: join(tmp.dir, "config.yaml"),
    XDG_CONFIG_HOME: join(tmp.dir, "xdg-config"),
    XDG_DATA_HOME: join(tmp.dir, "xdg-data"),
    XDG_CACHE_HOME: join(tmp.dir, "xdg-cache"),
  };
  const dirs = ["--user-data-dir", user, "--extensions-dir", join(tmp.dir, "extensions")];
  if (install) {
    execFileSync(node, [codeServer, ...dirs, "--install-extension", install], { env, stdio: ["ignore", "ignore", "inherit"] });
  }
  const server = start(
    node,
    [
      codeServer,
      ...dirs,
      "--auth",
      "none",
      // Port 0: the system picks a free one, which code-server then prints.
      "--bind-addr",
      "127.0.0.1:0",
      "--disable-telemetry",
      "--disable-update-check",
      "--disable-workspace-trust",
      "--disable-getting-started-override",
      tmp.folder,
    ],
    { env, ready: /HTTP server listening on (http:\/\/127\.0\.0\.1:\d+)/, what: "code-server" },
  );
  let chromium;
  const close = async () => {
    await chromium?.close();
    server.stop();
    tmp.remove();
  };
  try {
    const [, url] = await server.started;
    chromium = await browser();
    const page = await chromium.newPage({ viewport: { width: 1280, height: 800 } });
    const wb = new Workbench(page, name);
    await page.goto(`${url}/?folder=${encodeURIComponent(tmp.folder)}`);
    await wb.loaded();
    return { wb, url, close };
  } catch (err) {
    await close();
    throw err;
  }
}

/** Headless Chromium from Debian, as the playground's tests use it. */
export async function browser() {
  const path = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
  if (!existsSync(path)) throw new Error(`${path} is missing: scripts/need.sh installs Debian's chromium`);
  return chromium.launch({ executablePath: path, args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"] });
}

/**
 * Enough time for one step on a loaded machine of two cores: the first
 * file search or language server start can take tens of seconds there.
 */
const stepTimeout = 90_000;

/**
 * Workbench is a user at VS Code's workbench in page: every step is a
 * keyboard command, every check waits for what the workbench shows.
 */
export class Workbench {
  constructor(page, name) {
    this.page = page;
    this.name = name;
  }

  /** until polls read until ok accepts its value; the error shows the last one. */
  async until(what, read, ok, timeout = stepTimeout) {
    const deadline = Date.now() + timeout;
    let last;
    for (;;) {
      last = await read();
      if (ok(last)) return last;
      if (Date.now() > deadline) {
        throw new Error(`timed out after ${timeout} ms waiting for ${what}; last seen: ${JSON.stringify(last, null, 2)}`);
      }
      await this.page.waitForTimeout(250);
    }
  }

  /** The texts of the elements that match selector, as a screen reader reads them. */
  texts(selector) {
    return this.page
      .locator(selector)
      .evaluateAll((els) =>
        els.map((e) =>
          [e.getAttribute("aria-label") ?? "", e.innerText]
            .filter(Boolean)
            .join(" | ")
            // The editor draws spaces as no-break spaces; lines of a row become " | ".
            .replace(/\u00a0/g, " ")
            .replace(/\s*\n\s*/g, " | "),
        ),
      );
  }

  async loaded() {
    await this.page.waitForSelector(".monaco-workbench .part.editor", { timeout: stepTimeout });
  }

  /** quickInput presses keys that open the quick input, then types text into it. */
  async quickInput(keys, text) {
    await this.page.keyboard.press(keys);
    await this.page.waitForSelector(".quick-input-widget input", { state: "visible", timeout: stepTimeout });
    await this.page.keyboard.type(text);
  }

  /** open opens a file of the workspace with Go to File (Ctrl+P). */
  async open(file) {
    await this.quickInput("Control+P", file);
    await this.page.waitForSelector(`.quick-input-list .monaco-list-row[aria-label*="${file}"]`, { timeout: stepTimeout });
    await this.page.keyboard.press("Enter");
    await this.page.waitForSelector(`.tab.active[aria-label*="${file}"]`, { timeout: stepTimeout });
  }

  /**
   * again runs attempt, which opens a menu and waits up to timeout ms for
   * what it lists, until it succeeds or the step's time is up; the menu
   * is closed (Escape) between tries. It returns what attempt returned.
   */
  async again(attempt) {
    const deadline = Date.now() + stepTimeout;
    for (;;) {
      try {
        return await attempt(Math.max(Math.min(10000, deadline - Date.now()), 1));
      } catch (err) {
        if (Date.now() > deadline) throw err;
        await this.page.keyboard.press("Escape");
      }
    }
  }

  /** command runs a command of the palette (F1) by its title. */
  async command(title) {
    // The palette lists the commands registered when it opens: right
    // after the window loads some are not yet, so ask again.
    await this.again(async (timeout) => {
      await this.quickInput("F1", title);
      await this.page.waitForSelector(`.quick-input-list .monaco-list-row[aria-label^="${title}"]`, { timeout });
    });
    await this.page.keyboard.press("Enter");
  }

  /** goTo puts the cursor at line:column (Ctrl+G). */
  async goTo(line, column) {
    await this.quickInput("Control+G", `${line}:${column}`);
    await this.page.keyboard.press("Enter");
    await this.until(
      `the cursor at ${line}:${column}`,
      () => this.texts(".statusbar-item[id$='status.editor.selection']"),
      (t) => t.some((s) => s.includes(`Ln ${line}, Col ${column}`)),
    );
  }

  /**
   * lines is the text the active editor shows, line by line: the manifest
   * is short enough for the editor to render every line of it.
   */
  lines() {
    return this.page.locator(".editor-group-container.active .monaco-editor .view-lines .view-line").evaluateAll((els) =>
      els
        .sort((a, b) => a.getBoundingClientRect().top - b.getBoundingClientRect().top)
        .map((l) => l.innerText.replace(/\u00a0/g, " ")),
    );
  }

  /**
   * problems opens the Problems panel (Ctrl+Shift+M) once and waits until
   * its rows satisfy ok; a row reads as VS Code reads it to a screen
   * reader: 'Error: MESSAGE at line 9 and character 25. generated by mdscheck | ...'.
   */
  async problems(what, ok) {
    if (!(await this.page.locator(".markers-panel").isVisible())) {
      await this.page.keyboard.press("Control+Shift+M");
    }
    return this.until(what, () => this.texts(".markers-panel .monaco-list-row[aria-label*='generated by']:visible"), ok);
  }

  /** hover shows the hover at line:column (Ctrl+K Ctrl+I) and returns its text. */
  async hover(line, column, ok) {
    await this.goTo(line, column);
    await this.page.keyboard.press("Control+K");
    await this.page.keyboard.press("Control+I");
    const text = await this.until(`a hover at ${line}:${column}`, () => this.texts(".monaco-hover:visible"), (t) => t.some(ok));
    return text.join("\n");
  }

  /**
   * quickFix opens the quick fixes at line:column (Ctrl+.) and applies the
   * one titled title.
   */
  async quickFix(line, column, title) {
    // Under load the menu may open before the server's actions are in,
    // or the keys reach no editor, and it stays empty: ask again.
    const rows = await this.again(async (timeout) => {
      await this.goTo(line, column);
      await this.page.keyboard.press("Control+.");
      return this.until(
        `the quick fix "${title}" at ${line}:${column}`,
        () => this.texts(".action-widget .monaco-list-row"),
        (t) => t.some((r) => r.startsWith(title)),
        timeout,
      );
    });
    // The first action is focused; move down to the one asked for.
    const actions = rows.filter((r) => !r.startsWith("Quick Fix"));
    for (let i = 0; i < actions.findIndex((r) => r.startsWith(title)); i++) {
      await this.page.keyboard.press("ArrowDown");
    }
    await this.page.keyboard.press("Enter");
  }

  /** complete triggers suggestions (Ctrl+Space) at the cursor and returns their labels. */
  async complete(ok) {
    await this.page.keyboard.press("Control+Space");
    return this.until("suggestions", () => this.texts(".suggest-widget.visible .monaco-list-row"), ok);
  }

  /**
   * notifications opens the notification center (Ctrl+K Ctrl+Shift+N),
   * where VS Code keeps every notification of the session, also the
   * toasts that went away, and returns their texts.
   */
  async notifications() {
    await this.command("Notifications: Show Notifications");
    await this.page.waitForSelector(".notifications-center.visible", { timeout: stepTimeout });
    const texts = await this.texts(".notifications-center .notification-list-item");
    await this.page.keyboard.press("Escape");
    return texts;
  }

  async screenshot(name) {
    mkdirSync(results, { recursive: true });
    await this.page.screenshot({ path: join(results, `${this.name}-${name}.png`) });
  }
}
