// Reading the connection Secret from the server's command, and, for the
// web extension's server, finding the manifest's kind and reading the
// Secret from the module's hover (src/secret.ts).
import assert from "node:assert/strict";
import { test } from "node:test";
import secret from "../out/secret.js";

const { kindPosition, readSecret, describeSecret } = secret;

test("readSecret reads the answer of mdscheck.connectionSecret", () => {
  const answer = { document: 1, kind: "Kafka", name: "events", namespace: "data", disabled: false, keys: ["KAFKA_HOST", "KAFKA_PORT"] };
  assert.deepEqual(readSecret(answer), { disabled: false, name: "events", namespace: "data", keys: ["KAFKA_HOST", "KAFKA_PORT"] });
  assert.deepEqual(readSecret({ name: "", nameHidden: true, disabled: false, keys: [] }), { disabled: false, name: "", nameHidden: true, keys: [] });
});

test("readSecret: null and answers of another shape are no Secret", () => {
  for (const answer of [null, undefined, "events", 1, [], { name: "a", keys: [] }, { name: "a", disabled: false, keys: [1] }, { name: 2, disabled: false, keys: [] }]) {
    assert.equal(readSecret(answer), undefined, JSON.stringify(answer));
  }
});

test("describeSecret: the namespace and name, never a hidden name", () => {
  assert.equal(describeSecret({ disabled: false, name: "events", keys: [] }), "events");
  assert.equal(describeSecret({ disabled: false, name: "events", namespace: "data", keys: [] }), "data/events");
  assert.match(describeSecret({ disabled: false, name: "", nameHidden: true, keys: [] }), /not shown/);
});

const stream = [
  "apiVersion: v1", //            0
  "kind: ConfigMap", //           1
  "---", //                       2
  "apiVersion: example.io/v1alpha1", // 3
  "kind: Kafka", //               4
  "metadata:", //                 5
  "  name: events", //            6
  "  kind: not-this-one", //      7
  "--- # comment", //             8
  "metadata:", //                 9
  "  name: x", //                 10
  "spec:", //                     11
  "  plan: a", //                 12
  "kind: Grafana", //             13
  "...", //                       14
].join("\n");

test("kindPosition finds the top-level kind of the document under the cursor", () => {
  assert.deepEqual(kindPosition(stream, 0), { line: 1, character: 0 });
  assert.deepEqual(kindPosition(stream, 6), { line: 4, character: 0 });
  assert.deepEqual(kindPosition(stream, 7), { line: 4, character: 0 }, "a nested kind is not the manifest's");
  assert.deepEqual(kindPosition(stream, 2), { line: 4, character: 0 }, "--- belongs to the document it starts");
  assert.deepEqual(kindPosition(stream, 10), { line: 13, character: 0 }, "kind may come last");
  assert.deepEqual(kindPosition(stream, 99), { line: 13, character: 0 }, "past the end: the last document");
});

test("kindPosition: no kind, CRLF, quoted key", () => {
  assert.equal(kindPosition("metadata:\n  name: a\n", 0), undefined);
  assert.equal(kindPosition("", 0), undefined);
  assert.deepEqual(kindPosition("a: 1\r\nkind: Kafka\r\n", 0), { line: 1, character: 0 });
  assert.deepEqual(kindPosition('"kind": Kafka\n', 0), { line: 0, character: 0 });
});

