// yaml-language-server on the JSON Schema that `mdscheck schema` exports:
// a scripted session over stdio, as an editor drives it. The rules
// between members are found in the exported schemas themselves, each
// broken in a manifest of its own, and every one must be flagged; hover
// must show the Markdown of the schema; the stream's schema (--all) must
// check each document of a file against its own kind and leave other
// documents alone.

import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, before, test } from "node:test";
import { pathToFileURL } from "node:url";

import { Client } from "../lib/client.js";
import { kinds, writeSchemas } from "../lib/schemas.js";

let dir;
let schemas;

before(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "mdscheck-yamlls-"));
  schemas = writeSchemas(dir);
});

after(() => fs.rmSync(dir, { recursive: true, force: true }));

const docURI = (name) => pathToFileURL(path.join(dir, name)).href;

/**
 * Runs fn with a yaml-language-server session in which each schema file
 * applies to its globs ({ uri: [glob] }), and stops the server after.
 */
async function session(schemaGlobs, fn) {
  const client = await Client.start({ validate: true, hover: true, completion: true, schemaStore: { enable: false }, schemas: schemaGlobs });
  try {
    return await fn(client);
  } finally {
    await client.stop();
  }
}

/**
 * The type of the member schema s: the first of its types (an optional
 * member may also be null).
 */
const typeOf = (s) => (Array.isArray(s.type) ? s.type[0] : s.type);

/** A value of the member schema s that breaks nothing of its own. */
function sample(s) {
  if (s.const !== undefined) return s.const;
  if (s.enum) return s.enum[0];
  if (s.default !== undefined) return s.default;
  switch (typeOf(s)) {
    case "object":
      return {};
    case "array":
      return [];
    case "boolean":
      return false;
    case "integer":
    case "number":
      return s.minimum ?? 1;
  }
  return "a";
}

/**
 * Every object schema below s, with the path of keys to it ("0" steps
 * into the first item of a list).
 */
function* objects(s, at = []) {
  if (typeOf(s) === "object" && s.properties) {
    yield { at, s };
    for (const [name, p] of Object.entries(s.properties)) yield* objects(p, [...at, name]);
  }
  if (typeOf(s) === "array" && s.items) yield* objects(s.items, [...at, "0"]);
}

/**
 * The rules between members of the object schema s, each as the object
 * that breaks it and the diagnostic message that must flag it.
 */
function* brokenRules(s) {
  const prop = (n) => s.properties[n];
  for (const [m, needs] of Object.entries(s.dependentRequired ?? {})) {
    for (const n of needs) {
      yield { rule: "dependentRequired", obj: { [m]: sample(prop(m)) }, message: `Object is missing property ${n} required by property ${m}.` };
    }
  }
  // Each applies to objects only: allOf: [{ if: { type: object }, then: RULE }].
  for (const sub of (s.allOf ?? []).map((a) => a.then ?? a)) {
    if (sub.oneOf) {
      const names = sub.oneOf.flatMap((alt) => alt.required);
      yield { rule: "oneOf (none)", obj: {}, message: new RegExp(`Missing property "(${names.join("|")})"`) };
      yield {
        rule: "oneOf (all)",
        obj: Object.fromEntries(names.map((n) => [n, sample(prop(n))])),
        message: "Matches multiple schemas when only one must validate.",
      };
    }
    if (sub.not) {
      const names = [...new Set([...(sub.not.required ?? []), ...Object.keys(sub.not.properties ?? {})])];
      const value = (n) => sub.not.properties?.[n]?.const ?? sample(prop(n));
      yield { rule: "not", obj: Object.fromEntries(names.map((n) => [n, value(n)])), message: "Matches a schema that is not allowed." };
    }
  }
}

/** The smallest manifest of kind with obj at the path at. */
function manifest(kind, at, obj) {
  const doc = { apiVersion: "example.io/v1alpha1", kind, metadata: { name: "x" }, spec: { plan: "startup-4", project: "p" } };
  let cur = doc;
  at.forEach((key, i) => {
    const last = i === at.length - 1;
    const next = last ? obj : (cur[key] ?? (at[i + 1] === "0" ? [] : {}));
    cur[key] = next;
    cur = next;
  });
  return doc;
}

const matches = (msg, want) => (want instanceof RegExp ? want.test(msg) : msg === want);

test("yaml-language-server flags every rule between members of each kind's schema", async (t) => {
  const globs = Object.fromEntries(kinds.map((k) => [schemas[k].uri, [`*.${k.toLowerCase()}.yaml`]]));
  const seen = {};
  await session(globs, async (client) => {
    let n = 0;
    for (const k of kinds) {
      for (const { at, s } of objects(schemas[k].schema)) {
        for (const r of brokenRules(s)) {
          const uri = docURI(`rule-${n++}.${k.toLowerCase()}.yaml`);
          // JSON is YAML; indented, each member has a line of its own.
          const text = JSON.stringify(manifest(k, at, r.obj), null, 2) + "\n";
          const ds = await client.open(uri, text);
          client.close(uri);
          const hit = ds.find((d) => matches(d.message, r.message));
          assert.ok(hit, `${k} ${at.join(".")}: ${r.rule} is not flagged; got ${JSON.stringify(ds.map((d) => d.message))}\n${text}`);
          seen[r.rule] = (seen[r.rule] ?? 0) + 1;
        }
      }
    }
  });
  t.diagnostic(`rules broken and flagged: ${JSON.stringify(seen)}`);
  for (const rule of ["dependentRequired", "oneOf (none)", "oneOf (all)", "not"]) {
    assert.ok(seen[rule] > 0, `no rule of the form ${rule} was found in the schemas: the test proves nothing`);
  }
});

/** The line of the first line that starts with prefix, from line from. */
function lineOf(text, prefix, from = 0) {
  const lines = text.split("\n");
  for (let i = from; i < lines.length; i++) if (lines[i].startsWith(prefix)) return i;
  throw new Error(`no line starts with ${JSON.stringify(prefix)}`);
}

/** The text a hover shows. */
function hoverText(h) {
  const c = h?.contents;
  if (!c) return "";
  if (typeof c === "string") return c;
  if (Array.isArray(c)) return c.map((x) => (typeof x === "string" ? x : x.value)).join("\n");
  return c.value;
}

test("the stream's schema checks each document of a file against its own kind", async () => {
  await session({ [schemas.all.uri]: ["*.yaml"] }, async (client) => {
    // One document of each kind, each with a mistake that only its own
    // kind's schema knows, and a document of another kind that passes.
    const text = [
      "apiVersion: example.io/v1alpha1",
      "kind: OpenSearch",
      "metadata:",
      "  name: search",
      "spec:",
      "  plan: startup-4",
      "  project: p",
      "  userConfig:",
      "    azure_migration: {}",
      "---",
      "apiVersion: example.io/v1alpha1",
      "kind: Grafana",
      "metadata:",
      "  name: dashboards",
      "spec:",
      "  plan: startup-4",
      "  project: p",
      "  userConfig:",
      "    auth_gitlab:",
      "      api_url: https://gitlab.example.com/api/v4",
      "---",
      "apiVersion: v1",
      "kind: ConfigMap",
      "metadata:",
      "  name: settings",
      "data:",
      "  anything: goes",
      "---",
      "apiVersion: example.io/v1alpha1",
      "kind: Kafka",
      "metadata:",
      "  name: events",
      "spec:",
      "  plan: startup-4",
      "  project: p",
      "  userConfig:",
      "    kafka_connect_secret_providers:",
      "      - name: both",
      "        aws: { auth_method: credentials, region: eu-west-1 }",
      "        vault: { address: https://vault.example.com, auth_method: token }",
      "",
    ].join("\n");
    const uri = docURI("stream.yaml");
    const ds = await client.open(uri, text);
    const at = (line) => ds.filter((d) => d.range.start.line <= line && line <= d.range.end.line).map((d) => d.message);
    const messages = ds.map((d) => `${d.range.start.line}: ${d.message}`);
    assert.ok(at(lineOf(text, "    azure_migration")).some((m) => /Missing property "(key|sas_token)"/.test(m)), `OpenSearch one-of: ${messages}`);
    assert.ok(
      at(lineOf(text, "      api_url")).some((m) => m === "Object is missing property auth_url required by property api_url."),
      `Grafana together: ${messages}`,
    );
    assert.ok(
      at(lineOf(text, "      - name: both")).some((m) => m === "Matches multiple schemas when only one must validate."),
      `Kafka one-of: ${messages}`,
    );
    const cm = [lineOf(text, "kind: ConfigMap") - 1, lineOf(text, "---", lineOf(text, "kind: ConfigMap"))];
    assert.deepEqual(
      ds.filter((d) => d.range.start.line >= cm[0] && d.range.start.line <= cm[1]).map((d) => d.message),
      [],
      "the ConfigMap is not ours and passes",
    );

    // Hover shows the schema's Markdown, in every document of the stream.
    for (const k of kinds) {
      const line = lineOf(text, "  plan:", lineOf(text, `kind: ${k}`));
      const h = hoverText(await client.hover(uri, line, 3));
      assert.match(h, /\*\*plan\*\*: string, required/, `hover on ${k}'s plan: ${h}`);
    }
    const kafkaLine = lineOf(text, "kind: Kafka");
    const h = hoverText(await client.hover(uri, lineOf(text, "    kafka_connect_secret_providers", kafkaLine), 8));
    assert.match(h, /\*\*kafka_connect_secret_providers\*\*/, `hover on a member only Kafka has: ${h}`);
  });
});

test("deprecated members are flagged with the schema's message, and hover says why", async () => {
  await session({ [schemas.all.uri]: ["*.yaml"] }, async (client) => {
    // The first deprecated member of userConfig in each kind's schema.
    let n = 0;
    for (const k of kinds) {
      const uc = schemas[k].schema.properties.spec.properties.userConfig;
      const found = Object.entries(uc.properties).find(([, p]) => p.deprecationMessage);
      if (!found) continue;
      n++;
      const [name, p] = found;
      const text = [
        "apiVersion: example.io/v1alpha1",
        `kind: ${k}`,
        "metadata:",
        "  name: x",
        "spec:",
        "  plan: startup-4",
        "  project: p",
        "  userConfig:",
        `    ${name}: ${JSON.stringify(sample(p))}`,
        "",
      ].join("\n");
      const uri = docURI(`deprecated-${k}.yaml`);
      const ds = await client.open(uri, text);
      const d = ds.find((x) => x.message === p.deprecationMessage);
      assert.ok(d, `${k} ${name}: no diagnostic says ${JSON.stringify(p.deprecationMessage)}; got ${JSON.stringify(ds)}`);
      // Its severity is the server's: yaml-language-server publishes every
      // schema problem as an error.
      const h = hoverText(await client.hover(uri, 8, 6));
      assert.match(h, /Deprecated: /, `hover on ${k} ${name}: ${h}`);
    }
    assert.ok(n > 0, "no kind has a deprecated member: the test proves nothing");
  });
});

test("completion offers a snippet of an object's required members", async () => {
  await session({ [schemas.all.uri]: ["*.yaml"] }, async (client) => {
    const text = ["apiVersion: example.io/v1alpha1", "kind: Kafka", "metadata:", "  name: events", "spec: ", ""].join("\n");
    const uri = docURI("snippet.yaml");
    await client.open(uri, text);
    const res = await client.completion(uri, 4, 6);
    const items = Array.isArray(res) ? res : (res?.items ?? []);
    const spec = schemas.Kafka.schema.properties.spec;
    const snippet = items.find((i) => i.label === spec.defaultSnippets[0].label);
    assert.ok(snippet, `no snippet among ${JSON.stringify(items.map((i) => i.label))}`);
    for (const r of spec.required) assert.match(snippet.insertText, new RegExp(`^\\s*${r}: `, "m"), `the snippet writes ${r}`);
  });
});
