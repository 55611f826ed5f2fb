// Builds the Go Exercise's program from a learner's loop.go: compiles it
// with the real gc (compile.wasm), compiles the harness beside it and links
// them (link.wasm). Nothing here runs the learner's code: the built program
// runs elsewhere (go-check.js's runProgram, in a worker of its own).
//
// createBuilder(engine) returns build(source, post), which resolves to
//   {program, timing}  the linked program's bytes
//   {timing}           loop.go did not compile, or imports what is not
//                      offered: a compile_error has been posted
// and posts {type: "phase", phase: "compile" | "link"} and compile_error
// (see go-check.js). engine is what loadEngine returns (go-engine.js). A
// builder keeps one file system with the archives in it for all its
// builds, so a long-lived worker pays for laying it out once.

import { createFS } from "./go-fs.js";
import { refusedImports } from "./go-imports.js";
import { runGo } from "./go-run.js";
import { compileErrors, offeredOnly, signatureError } from "./go-errors.js";

// The toolchain's environment. The compiler and linker allocate much and
// free little before they exit; on js/wasm their collector runs on the one
// thread they have, so it is left off until the heap reaches GOMEMLIMIT.
export const TOOL_ENV = { GOOS: "js", GOARCH: "wasm", GOROOT: "/goroot", HOME: "/work", TMPDIR: "/tmp", GOGC: "off", GOMEMLIMIT: "768MiB" };
// Where the learner's import of unsafe is sent: nowhere.
const UNSAFE_MAPPED = "agentloop.dev/not-offered/unsafe";

export function createBuilder(engine) {
  const { manifest } = engine;
  const lang = `-lang=${manifest.goVersion.match(/^go\d+\.\d+/)[0]}`;
  let stderr = [];
  const { fs, files } = createFS({ devices: { "/dev/stdout": (b) => stderr.push(b), "/dev/stderr": (b) => stderr.push(b) } });
  files.put("/work/harness/main.go", engine.harness);
  files.put("/tmp/.keep", "");
  const archives = putArchives(files, engine);
  const cfg = (pkgs) => pkgs.map(([path, file]) => `packagefile ${path}=${file}\n`).join("");
  // The learner's package sees only what it may import. unsafe is the
  // compiler's own, found whatever the importcfg holds, but an importmap
  // is applied first: mapped to a package that does not exist, it cannot
  // be imported (nor, without it, can //go:linkname be used).
  const offered = archives.filter(([path]) => manifest.allowedImports.includes(path));
  files.put("/work/importcfg.loop", `importmap unsafe=${UNSAFE_MAPPED}\n${cfg(offered)}`);
  const all = [...archives, [manifest.learnerPackage, "/work/loop.a"]];
  files.put("/work/importcfg", cfg(all));
  files.put("/work/importcfg.link", cfg([...all, ["main", "/work/main.a"]]));
  const stderrText = () => new TextDecoder().decode(concat(stderr.splice(0)));
  const loopArgs = ["-o", "/work/loop.a", "-p", manifest.learnerPackage, "-importcfg", "/work/importcfg.loop", "-pack", "-complete", lang, "-trimpath=/work/loop", "/work/loop/loop.go"];
  const harnessArgs = ["-o", "/work/main.a", "-p", "main", "-importcfg", "/work/importcfg", "-pack", "-complete", lang, "-trimpath=/work/harness", "/work/harness/main.go"];
  const linkArgs = ["-o", "/work/main.wasm", "-importcfg", "/work/importcfg.link", "-buildmode=exe", "-s", "-w", "/work/main.a"];

  return async function build(source, post) {
    const timing = {};
    const refused = refusedImports(source, manifest.allowedImports);
    if (refused.length > 0) {
      post({ type: "compile_error", errors: refused });
      return { timing };
    }
    stderr = [];
    for (const out of ["/work/loop.a", "/work/main.a", "/work/main.wasm"]) files.remove(out);
    files.put("/work/loop/loop.go", source);
    const run = async (key, module, args) => {
      const t0 = performance.now();
      const code = await runGo(module, { name: key, args, env: TOOL_ENV, fs });
      timing[key] = (timing[key] || 0) + Math.round(performance.now() - t0);
      return code;
    };

    post({ type: "phase", phase: "compile" });
    if ((await run("compileMs", engine.compile, loopArgs)) !== 0) {
      post({ type: "compile_error", errors: offeredOnly(compileErrors(stderrText(), "loop.go"), manifest.allowedImports) });
      return { timing };
    }
    if ((await run("compileMs", engine.compile, harnessArgs)) !== 0) {
      post({ type: "compile_error", errors: [signatureError(source, stderrText())] });
      return { timing };
    }
    post({ type: "phase", phase: "link" });
    if ((await run("linkMs", engine.link, linkArgs)) !== 0) {
      throw new Error(`the linker failed: ${stderrText()}`);
    }
    // A copy of its own length, to transfer to the worker that runs it.
    return { program: files.get("/work/main.wasm").slice(), timing };
  };
}

// putArchives puts each package's archive at /goroot/pkg/PATH.a, as views
// of the pack (no copies), and returns [[importPath, file]].
function putArchives(files, { manifest, archives }) {
  return manifest.archives.packages.map(({ importPath, offset, size }) => {
    const file = `/goroot/pkg/${importPath}.a`;
    files.put(file, archives.subarray(offset, offset + size));
    return [importPath, file];
  });
}

export function concat(chunks) {
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}
