// The lookup of the server program (src/server.ts): which program runs,
// and what the user is told when there is none.
import assert from "node:assert/strict";
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import server from "../out/server.js";

const { findServer, ensureExecutable, isExecutableFile, describe } = server;

/** A lookup input where exactly the files in present can run. */
function input(over, present = []) {
  const set = new Set(present);
  return {
    extensionPath: "/ext",
    platform: "linux",
    arch: "x64",
    env: { PATH: "/usr/local/bin:/usr/bin", HOME: "/home/ann" },
    isExecutable: (f) => set.has(f),
    ...over,
  };
}

const bundled = "/ext/bin/linux-x64/mdscheck";

test("the bundled program runs when no path is set", () => {
  const r = findServer(input({}, [bundled, "/usr/bin/mdscheck"]));
  assert.equal(r.found, true);
  assert.equal(r.command, bundled);
  assert.equal(r.source, "bundled");
});

test("mdscheck.server.path wins over the bundled program and PATH", () => {
  const r = findServer(input({ configuredPath: "/opt/dev/mdscheck" }, [bundled, "/usr/bin/mdscheck", "/opt/dev/mdscheck"]));
  assert.equal(r.found, true);
  assert.equal(r.command, "/opt/dev/mdscheck");
  assert.equal(r.source, "setting");
});

test("a configured path that is missing is an error naming it, not a silent fallback", () => {
  const r = findServer(input({ configuredPath: "/opt/old/mdscheck" }, [bundled]));
  assert.equal(r.found, false);
  assert.match(r.message, /mdscheck\.server\.path/);
  assert.match(r.message, /\/opt\/old\/mdscheck/);
});

test("~ and relative configured paths are resolved", () => {
  let r = findServer(input({ configuredPath: "~/go/bin/mdscheck" }, ["/home/ann/go/bin/mdscheck"]));
  assert.equal(r.command, "/home/ann/go/bin/mdscheck");
  r = findServer(input({ configuredPath: "bin/mdscheck", workspaceFolder: "/src/infra" }, ["/src/infra/bin/mdscheck"]));
  assert.equal(r.command, "/src/infra/bin/mdscheck");
  r = findServer(input({ configuredPath: "  " }, [bundled]));
  assert.equal(r.source, "bundled", "a blank setting counts as unset");
});

test("PATH is searched in order when the extension ships no program for the platform", () => {
  const r = findServer(input({ arch: "riscv64" }, ["/usr/local/bin/mdscheck", "/usr/bin/mdscheck"]));
  assert.equal(r.found, true);
  assert.equal(r.command, "/usr/local/bin/mdscheck");
  assert.equal(r.source, "PATH");
});

test("Windows: mdscheck.exe, Path spelt as Windows does, ; between directories", () => {
  const r = findServer(
    input({ platform: "win32", env: { Path: "C:\\Go\\bin;C:\\Users\\ann\\go\\bin" } }, [join("C:\\Users\\ann\\go\\bin", "mdscheck.exe")]),
  );
  assert.equal(r.found, true);
  assert.equal(r.command, join("C:\\Users\\ann\\go\\bin", "mdscheck.exe"));
  const b = findServer(input({ platform: "win32", arch: "arm64", env: {} }, [join("/ext", "bin", "win32-arm64", "mdscheck.exe")]));
  assert.equal(b.source, "bundled");
});

test("nothing found: the message says what to do and the attempts say where it looked", () => {
  const r = findServer(input({ env: { PATH: "/usr/bin" } }, []));
  assert.equal(r.found, false);
  assert.match(r.message, /go install \.\/cmd\/mdscheck` in a clone of https:\/\/github\.com\/mdscheck\/mdscheck/);
  assert.match(r.message, /mdscheck\.server\.path/);
  assert.deepEqual(
    r.tried.map((a) => a.source),
    ["setting", "bundled", "PATH"],
  );
  const text = describe(r.tried);
  assert.match(text, /\/ext\/bin\/linux-x64\/mdscheck/);
  assert.match(text, /\/usr\/bin/);
});

const dir = mkdtempSync(join(tmpdir(), "mdscheck-lookup-"));
after(() => rmSync(dir, { recursive: true, force: true }));

test("on the real file system a file without execute bits is not a program, and ensureExecutable fixes it", { skip: process.platform === "win32" }, () => {
  const ext = join(dir, "ext");
  mkdirSync(join(ext, "bin", `${process.platform}-${process.arch}`), { recursive: true });
  const file = join(ext, "bin", `${process.platform}-${process.arch}`, "mdscheck");
  writeFileSync(file, "#!/bin/sh\n");
  chmodSync(file, 0o644);
  assert.equal(isExecutableFile(file), false);
  let r = findServer({ extensionPath: ext, platform: process.platform, arch: process.arch, env: { PATH: "" } });
  assert.equal(r.found, false);
  assert.equal(ensureExecutable(file), true);
  r = findServer({ extensionPath: ext, platform: process.platform, arch: process.arch, env: { PATH: "" } });
  assert.equal(r.found, true);
  assert.equal(r.command, file);
  assert.equal(isExecutableFile(join(ext, "bin")), false, "a directory is not a program");
  assert.equal(ensureExecutable(join(dir, "absent")), false);
});
