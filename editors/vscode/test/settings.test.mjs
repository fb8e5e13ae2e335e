// What of the user's settings goes to the server (src/settings.ts).
import assert from "node:assert/strict";
import { test } from "node:test";
import settings from "../out/settings.js";

const { serverSettings, defaults, restartKeys } = settings;
const from = (values) => (k) => values[k];

test("unset settings give the server's defaults, and leave unknownFields to the repository's configuration", () => {
  const r = serverSettings(from({}));
  assert.deepEqual(r.settings, { enable: true });
  assert.deepEqual(r.problems, []);
  assert.deepEqual(defaults, { enable: true });
});

test('"" and null are unset, as VS Code hands over settings nobody set, and give the defaults without a word', () => {
  // What WorkspaceConfiguration.get returns in VS Code 1.139 on defaults:
  // unknownFields has no default in package.json, so VS Code gives "".
  const vscodeDefaults = serverSettings(from({ enable: true, unknownFields: "", previous: "HEAD" }));
  assert.deepEqual(vscodeDefaults.settings, { enable: true, previous: "HEAD" });
  assert.deepEqual(vscodeDefaults.problems, []);
  for (const value of ["", null]) {
    const r = serverSettings(from({ enable: value, unknownFields: value, previous: value }));
    assert.deepEqual(r.settings, defaults, `for ${JSON.stringify(value)}`);
    assert.deepEqual(r.problems, [], `for ${JSON.stringify(value)}`);
  }
  // Only emptiness is unset: a blank is a mistake to name.
  assert.equal(serverSettings(from({ unknownFields: " " })).problems.length, 1);
});

test("valid values are passed on", () => {
  const r = serverSettings(from({ enable: false, unknownFields: "warning" }));
  assert.deepEqual(r.settings, { enable: false, unknownFields: "warning" });
  assert.deepEqual(serverSettings(from({ unknownFields: "off" })).settings.unknownFields, "off");
});

test("values of the wrong type fall back to the default and are named", () => {
  const r = serverSettings(from({ enable: "no", unknownFields: "Warning" }));
  assert.deepEqual(r.settings, defaults);
  assert.equal(r.problems.length, 2);
  assert.match(r.problems[0], /mdscheck\.enable/);
  assert.match(r.problems[1], /mdscheck\.unknownFields.*"error", "warning" or "off"/);
});

test("mdscheck.previous is passed on as a revision or off, and a wrong one is named", () => {
  assert.equal(serverSettings(from({ previous: "origin/main" })).settings.previous, "origin/main");
  assert.equal(serverSettings(from({ previous: "off" })).settings.previous, "off");
  const r = serverSettings(from({ previous: 3 }));
  assert.equal(r.settings.previous, undefined);
  assert.match(r.problems[0], /mdscheck\.previous/);
});

test("a new server path restarts the server", () => {
  assert.ok(restartKeys.includes("mdscheck.server.path"));
});
