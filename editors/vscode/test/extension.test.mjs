// The extension loaded in Node against a mock vscode module (VS Code
// itself cannot be downloaded here): what the user sees when no server
// program is found, that every contributed command exists, and the
// command that lists the connection Secret keys.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { editorOn, loadExtension } from "./vscode-mock.mjs";

const manifest = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
const empty = mkdtempSync(join(tmpdir(), "mdscheck-ext-"));
after(() => rmSync(empty, { recursive: true, force: true }));

/** Activates with an extension directory and PATH that hold no program. */
async function activateWithout(config = {}, more = {}) {
  const saved = process.env.PATH;
  process.env.PATH = empty;
  try {
    const loaded = loadExtension({ config, ...more });
    const subscriptions = [];
    await loaded.extension.activate({ extensionPath: empty, subscriptions });
    return { ...loaded, subscriptions };
  } finally {
    process.env.PATH = saved;
  }
}

test("no server program: an error says how to get one and offers the setting and the log", async () => {
  const { shown, statusItems } = await activateWithout();
  const errors = shown.filter((s) => s.level === "error");
  assert.equal(errors.length, 1, JSON.stringify(shown));
  assert.match(errors[0].text, /no language server program found/);
  assert.match(errors[0].text, /go install \.\/cmd\/mdscheck` in a clone of https:\/\/github\.com\/mdscheck\/mdscheck/);
  assert.deepEqual(errors[0].items, ["Open Settings", "Show Log"]);
  assert.equal(statusItems[0].severity, 2, "the YAML status item shows the error");
  assert.match(statusItems[0].text, /not running/);
});

test("a wrong mdscheck.server.path is named in the error", async () => {
  const { shown } = await activateWithout({ "server.path": join(empty, "nowhere", "mdscheck") });
  const errors = shown.filter((s) => s.level === "error");
  assert.equal(errors.length, 1);
  assert.match(errors[0].text, /mdscheck\.server\.path names .*nowhere/);
});

test("every command in package.json is registered, and no other", async () => {
  const { commands } = await activateWithout();
  const contributed = manifest.contributes.commands.map((c) => c.command).sort();
  assert.deepEqual([...commands.keys()].sort(), contributed);
});

const kafka = "apiVersion: example.io/v1alpha1\nkind: Kafka\nmetadata:\n  name: events\nspec:\n  plan: business-8\n";

test("Show Connection Secret Keys asks the server for the Secret at the cursor, lists the keys and copies the one picked", async () => {
  const { commands, shown, executed, clipboard } = await activateWithout(
    {},
    {
      editor: editorOn(kafka, 5),
      commandResults: {
        "mdscheck.connectionSecret": { document: 0, kind: "Kafka", name: "events", namespace: "data", disabled: false, keys: ["KAFKA_HOST", "KAFKA_PASSWORD"] },
      },
      quickPick: (items) => items[1],
    },
  );
  await commands.get("mdscheck.showConnectionSecret")();
  const asked = executed.find((e) => e.name === "mdscheck.connectionSecret");
  assert.deepEqual(asked.args, [{ textDocument: { uri: "file:///m.yaml" }, position: { line: 5, character: 0 } }], "asked at the cursor");
  const pick = shown.find((s) => s.level === "quickPick");
  assert.deepEqual(
    pick.items.map((i) => i.label),
    ["KAFKA_HOST", "KAFKA_PASSWORD"],
  );
  assert.match(pick.options.title, /data\/events/);
  assert.equal(clipboard.text, "KAFKA_PASSWORD");
});

test("Show Connection Secret Keys explains when there is nothing to show", async () => {
  let r = await activateWithout({}, { editor: editorOn("apiVersion: v1\nkind: ConfigMap\n", 0), commandResults: { "mdscheck.connectionSecret": null } });
  await r.commands.get("mdscheck.showConnectionSecret")();
  assert.match(r.shown.at(-1).text, /no connection Secret here.*apiVersion example\.io\/v1alpha1/);

  r = await activateWithout({}, { editor: editorOn("a: 1\n", 0, "json") });
  await r.commands.get("mdscheck.showConnectionSecret")();
  assert.match(r.shown.at(-1).text, /open a YAML manifest/);
  assert.ok(!r.executed.some((e) => e.name === "mdscheck.connectionSecret"), "no question for a file that is not YAML");

  r = await activateWithout(
    {},
    { editor: editorOn(kafka, 0), commandResults: { "mdscheck.connectionSecret": { name: "events", disabled: true, keys: [] } } },
  );
  await r.commands.get("mdscheck.showConnectionSecret")();
  assert.match(r.shown.at(-1).text, /no connection Secret is created/);

  // No server to answer: VS Code does not know the command.
  r = await activateWithout(
    {},
    {
      editor: editorOn(kafka, 0),
      commandResults: {
        "mdscheck.connectionSecret": () => {
          throw new Error("command 'mdscheck.connectionSecret' not found");
        },
      },
    },
  );
  await r.commands.get("mdscheck.showConnectionSecret")();
  assert.equal(r.shown.at(-1).level, "error");
  assert.match(r.shown.at(-1).text, /did not answer.*not found.*See the log/);
});

test("Show Connection Secret Keys does not show a name that is a secret value", async () => {
  const { commands, shown } = await activateWithout(
    {},
    {
      editor: editorOn(kafka, 0),
      commandResults: { "mdscheck.connectionSecret": { name: "", nameHidden: true, disabled: false, keys: ["KAFKA_HOST"] } },
      quickPick: () => undefined,
    },
  );
  await commands.get("mdscheck.showConnectionSecret")();
  assert.match(shown.find((s) => s.level === "quickPick").options.title, /not shown/);
});

test("a server program that exits at once: one error, no restarts, the log names the program", { skip: process.platform === "win32" }, () => {
  const script = join(empty, "broken-mdscheck");
  const runs = join(empty, "runs");
  writeFileSync(script, `#!/bin/sh\necho run >> '${runs}'\necho 'mdscheck: something is wrong' >&2\nexit 2\n`, { mode: 0o755 });
  // In a process of its own: see activate-child.mjs. The wait lets a
  // restart, if there were one, happen.
  const out = execFileSync(
    process.execPath,
    ["--unhandled-rejections=warn", new URL("./activate-child.mjs", import.meta.url).pathname, JSON.stringify({ config: { "server.path": script }, extensionPath: empty, waitMs: 500 })],
    { env: { ...process.env, PATH: empty }, stdio: ["ignore", "pipe", "ignore"] },
  );
  const { shown, status, output } = JSON.parse(out.toString());
  const errors = shown.filter((s) => s.level === "error");
  assert.equal(errors.length, 1, JSON.stringify(shown));
  assert.match(errors[0].text, /couldn't create connection to server/);
  assert.match(status[0].text, /failed/);
  assert.match(output.join("\n"), new RegExp(`${script} did not start`));
  assert.equal(readFileSync(runs, "utf8"), "run\n", "started once, not restarted");
});

test("the settings mirror the server's: every member of lsp.Settings is an mdscheck.* setting with its default", () => {
  const go = readFileSync(new URL("../../../lsp/settings.go", import.meta.url), "utf8");
  const struct = /type Settings struct \{([\s\S]*?)\n\}/.exec(go);
  assert.ok(struct, "lsp/settings.go declares type Settings");
  const tags = [...struct[1].matchAll(/json:"([^",]+)/g)].map((m) => m[1]);
  assert.ok(tags.length >= 2, tags.join(" "));
  const props = manifest.contributes.configuration.properties;
  const defaults = /DefaultSettings = Settings\{([^}]*)\}/.exec(go)[1];
  for (const tag of tags) {
    const setting = props[`mdscheck.${tag}`];
    assert.ok(setting, `package.json contributes mdscheck.${tag}`);
    const field = tag[0].toUpperCase() + tag.slice(1);
    const m = new RegExp(`${field}:\\s*("[^"]*"|true|false|-?\\d+)`).exec(defaults);
    if (m) {
      assert.deepEqual(setting.default, JSON.parse(m[1]), `default of mdscheck.${tag}`);
    }
  }
});
