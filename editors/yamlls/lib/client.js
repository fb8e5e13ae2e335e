// A small Language Server Protocol client over stdio: enough to drive
// yaml-language-server as an editor does (initialize, settings, open a
// document, read its diagnostics, ask for hover and completion).

import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";

const require = createRequire(import.meta.url);

/** The path of yaml-language-server's program in node_modules. */
export function serverPath() {
  const pkg = require.resolve("yaml-language-server/package.json");
  return path.join(path.dirname(pkg), "bin", "yaml-language-server");
}

export class Client {
  /**
   * Starts yaml-language-server with the settings (the `yaml` section of
   * an editor's configuration).
   */
  static async start(settings) {
    const c = new Client(settings);
    await c.request("initialize", {
      processId: process.pid,
      rootUri: null,
      capabilities: {
        workspace: { configuration: true, didChangeConfiguration: { dynamicRegistration: true } },
        textDocument: {
          hover: { contentFormat: ["markdown", "plaintext"] },
          completion: { completionItem: { snippetSupport: true, documentationFormat: ["markdown"] } },
          publishDiagnostics: {},
        },
      },
    });
    c.notify("initialized", {});
    c.notify("workspace/didChangeConfiguration", { settings: { yaml: settings } });
    return c;
  }

  constructor(settings) {
    this.settings = settings;
    this.nextId = 1;
    this.pending = new Map();
    this.diagnostics = new Map(); // uri -> { version, items }
    this.waiters = [];
    this.stderr = "";
    this.proc = spawn(process.execPath, [serverPath(), "--stdio"], { stdio: ["pipe", "pipe", "pipe"] });
    this.proc.stderr.on("data", (d) => (this.stderr += d));
    this.proc.on("exit", (code) => {
      for (const { reject } of this.pending.values()) {
        reject(new Error(`yaml-language-server exited (${code}): ${this.stderr}`));
      }
      this.pending.clear();
    });
    let buf = Buffer.alloc(0);
    this.proc.stdout.on("data", (chunk) => {
      buf = Buffer.concat([buf, chunk]);
      for (;;) {
        const end = buf.indexOf("\r\n\r\n");
        if (end < 0) return;
        const m = /Content-Length: (\d+)/i.exec(buf.subarray(0, end).toString());
        if (!m) throw new Error("a message without Content-Length");
        const len = Number(m[1]);
        if (buf.length < end + 4 + len) return;
        const msg = JSON.parse(buf.subarray(end + 4, end + 4 + len).toString());
        buf = buf.subarray(end + 4 + len);
        this.receive(msg);
      }
    });
  }

  send(msg) {
    const body = JSON.stringify({ jsonrpc: "2.0", ...msg });
    this.proc.stdin.write(`Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
  }

  notify(method, params) {
    this.send({ method, params });
  }

  request(method, params) {
    const id = this.nextId++;
    this.send({ id, method, params });
    return new Promise((resolve, reject) => this.pending.set(id, { resolve, reject }));
  }

  receive(msg) {
    if (msg.id !== undefined && msg.method === undefined) {
      const p = this.pending.get(msg.id);
      this.pending.delete(msg.id);
      if (msg.error) p?.reject(new Error(msg.error.message));
      else p?.resolve(msg.result);
      return;
    }
    if (msg.id !== undefined) {
      // A request of the server: the settings it asks for, or nothing.
      let result = null;
      if (msg.method === "workspace/configuration") {
        result = msg.params.items.map((it) => (it.section === "yaml" ? this.settings : null));
      }
      this.send({ id: msg.id, result });
      return;
    }
    if (msg.method === "textDocument/publishDiagnostics") {
      this.diagnostics.set(msg.params.uri, { version: msg.params.version, items: msg.params.diagnostics });
      this.waiters = this.waiters.filter((w) => !w());
    }
  }

  /**
   * Opens a document and returns the diagnostics the server publishes for
   * it (the first set after opening).
   */
  async open(uri, text) {
    this.diagnostics.delete(uri);
    const got = new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no diagnostics for ${uri} within 60 s: ${this.stderr}`)), 60000);
      this.waiters.push(() => {
        const d = this.diagnostics.get(uri);
        if (!d) return false;
        clearTimeout(timer);
        resolve(d.items);
        return true;
      });
    });
    this.notify("textDocument/didOpen", { textDocument: { uri, languageId: "yaml", version: 1, text } });
    return got;
  }

  close(uri) {
    this.notify("textDocument/didClose", { textDocument: { uri } });
  }

  hover(uri, line, character) {
    return this.request("textDocument/hover", { textDocument: { uri }, position: { line, character } });
  }

  completion(uri, line, character) {
    return this.request("textDocument/completion", { textDocument: { uri }, position: { line, character } });
  }

  async stop() {
    await this.request("shutdown", null);
    this.notify("exit", null);
    await new Promise((resolve) => {
      if (this.proc.exitCode !== null) resolve();
      else this.proc.on("exit", resolve);
    });
  }
}
