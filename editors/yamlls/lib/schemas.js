// The schemas under test, made by this checkout's mdscheck: it is built
// from the Go sources (make test-js need not have run make build), then
// asked for each kind's schema and the stream's.

import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..", "..");

/** The kinds mdscheck checks. */
export const kinds = ["OpenSearch", "Grafana", "Kafka"];

/**
 * Writes the schema of each kind (KIND.json) and of the stream
 * (all.json) into dir, and returns them with their file URIs:
 * { Kafka: { uri, schema }, ..., all: { uri, schema } }.
 */
export function writeSchemas(dir) {
  const bin = path.join(dir, "mdscheck");
  execFileSync("go", ["build", "-o", bin, "./cmd/mdscheck"], { cwd: root, stdio: ["ignore", "ignore", "inherit"] });
  const out = {};
  for (const [name, args] of [...kinds.map((k) => [k, [k]]), ["all", ["--all"]]]) {
    const text = execFileSync(bin, ["schema", ...args], { encoding: "utf8" });
    const file = path.join(dir, name + ".json");
    fs.writeFileSync(file, text);
    out[name] = { uri: pathToFileURL(file).href, schema: JSON.parse(text) };
  }
  return out;
}
