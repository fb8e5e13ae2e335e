// A Web Worker for Node, to run the web extension's worker script
// (dist/web/server.js) as the browser does: in a thread of its own, where
// one end of a MessageChannel stands in for the worker's global scope
// (self). Both ends speak as a browser's do (postMessage, onmessage,
// addEventListener with MessageEvents), so vscode-jsonrpc's
// BrowserMessageReader and BrowserMessageWriter, and the LanguageClient of
// vscode-languageclient/browser, use a WebWorker as they use a Worker.
import { fileURLToPath } from "node:url";
import { MessageChannel, Worker as NodeWorker } from "node:worker_threads";

export class WebWorker {
  /** url: the script, a file: URL (a string, as Uri.toString() gives). */
  constructor(url) {
    const { port1, port2 } = new MessageChannel();
    this.port = port1;
    /** What the script threw: a broken bundle fails the test that asserts none. */
    this.errors = [];
    this.thread = new NodeWorker(new URL("./web-worker-thread.cjs", import.meta.url), {
      workerData: { self: port2, script: fileURLToPath(url) },
      transferList: [port2],
    });
    this.thread.on("error", (e) => this.errors.push(e));
  }
  postMessage(message, transfer) {
    this.port.postMessage(message, transfer);
  }
  get onmessage() {
    return this.port.onmessage;
  }
  set onmessage(f) {
    this.port.onmessage = f;
  }
  addEventListener(type, f) {
    this.port.addEventListener(type, f);
  }
  removeEventListener(type, f) {
    this.port.removeEventListener(type, f);
  }
  terminate() {
    this.port.close();
    return this.thread.terminate();
  }
}
