// The inside of test/web-worker.mjs's WebWorker: the port it was given is
// the worker's `self`, then the script runs as a classic worker script.
const { workerData } = require("node:worker_threads");

globalThis.self = workerData.self;
require(workerData.script);
