// The extension as users install it, the .vsix of `make vsix`, in real
// VS Code: code-server 4.139.1 (VS Code 1.139.1 in a browser, its
// extension host in Node, so the desktop build of the extension runs and
// starts the mdscheck program it ships), driven by headless Chromium,
// through the steps of a user (steps.mjs). Screenshots go to
// test-results/desktop-*.png.
import { after, before } from "node:test";
import { userSteps } from "./steps.mjs";
import { openWorkbench, vsix } from "./workbench.mjs";

let session;

before(async () => {
  session = await openWorkbench("desktop", { install: vsix() });
});

after(() => session?.close());

// The extension's first line in its log names the program it found.
userSteps(() => session?.wb, { started: "bundled: using" });
