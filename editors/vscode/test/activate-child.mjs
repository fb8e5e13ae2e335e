// Activates the extension against the mock vscode in a process of its own
// and prints what the user was shown, as JSON. For failures inside
// vscode-languageclient: it leaves rejected promises behind, which VS
// Code's extension host logs and node --test would count against a test.
//   node --unhandled-rejections=warn test/activate-child.mjs '{"config": {...}, "extensionPath": "..."}'
import { loadExtension } from "./vscode-mock.mjs";

const { config, extensionPath, waitMs = 300 } = JSON.parse(process.argv[2]);
const loaded = loadExtension({ config });
await loaded.extension.activate({ extensionPath, subscriptions: [] });
await new Promise((r) => setTimeout(r, waitMs));
const status = loaded.statusItems.map((s) => ({ text: s.text, detail: s.detail, severity: s.severity }));
process.stdout.write(JSON.stringify({ shown: loaded.shown, status, output: loaded.output() }));
process.exit(0);
