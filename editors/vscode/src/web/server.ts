// The Web Worker that runs the web extension's language server (lsp.ts)
// over postMessage, the transport of vscode-languageclient/browser.
//
// Its first message, sent by web/extension.ts before any LSP message, is
// {mdscheckWasm: bytes}: the WebAssembly module, read from the extension
// with vscode.workspace.fs. The worker cannot find the file itself: VS Code
// starts an extension's workers from a blob: URL that imports the script, so
// self.location does not say where the extension lives, and the extension
// host reads the extension's files in every place it runs.

import { BrowserMessageReader, BrowserMessageWriter, createConnection } from "vscode-languageserver/browser";
import { load } from "@mdscheck/wasm";
import { serve } from "./lsp";

declare const self: DedicatedWorkerGlobalScope;

/** The first message of the worker. */
export interface Boot {
  mdscheckWasm: Uint8Array;
}

function boot(event: MessageEvent<Partial<Boot> | undefined>): void {
  self.removeEventListener("message", boot);
  const bytes = event.data?.mdscheckWasm;
  // Compiled once: a new instance after a crash needs no second compile.
  // A failure is reported by initialize, the first request to need it.
  const compiled =
    bytes instanceof Uint8Array
      ? WebAssembly.compile(bytes as Uint8Array<ArrayBuffer>) // a copy made by postMessage: never shared
      : Promise.reject(new Error("the worker's first message did not carry the module"));
  compiled.catch(() => undefined);
  // The reader takes over the worker's messages from the next one on: a
  // listener added while a message is dispatched does not receive it.
  const connection = createConnection(new BrowserMessageReader(self), new BrowserMessageWriter(self));
  serve(connection, async () =>
    // The module writes to stderr only a crash report: into the client's log.
    load(await compiled, { log: (line) => connection.console.error(line) }),
  );
  connection.listen();
}

self.addEventListener("message", boot);
