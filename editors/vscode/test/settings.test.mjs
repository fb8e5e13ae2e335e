// What of the user's settings goes to the server (src/settings.ts).
import assert from "node:assert/strict";
import { test } from "node:test";
import settings from "../out/settings.js";

const { serverSettings, defaults, restartKeys } = settings;
const from = (values) => (k) => values[k];

test("unset settings give the server's defaults", () => {
  const r = serverSettings(from({}));
  assert.deepEqual(r.settings, { enable: true, unknownFields: "error" });
  assert.deepEqual(r.problems, []);
  assert.deepEqual(defaults, { enable: true, unknownFields: "error" });
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

test("a new server path restarts the server", () => {
  assert.ok(restartKeys.includes("mdscheck.server.path"));
});
