// Runs the Go Exercise's Check under Node, as the worker does in the page:
//
//	node web/test/go-check.mjs WASM_EXEC_JS ENGINE_DIR [--level=2] [--allow-directives] loop1.go [loop2.go …]
//
// loads the engine that make build wrote (ENGINE_DIR: web/site/go), then
// checks each file in turn with the same compiled modules, and prints one
// JSON line per file: {file, messages, ms, cpuMs}, messages being
// everything checkGo posted as the page's judge (exercise/go-judge.js)
// turned it into, ms the wall time and cpuMs the CPU time the
// Check took (on a loaded machine the two differ). The Go test web/goexercise/node_test.go runs it.

import { readFileSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";

const [wasmExec, engineDir, ...args] = process.argv.slice(2);
// --level=2 grades the files as level-2 loops, with that level's harness;
// --allow-directives builds them without refusing compiler directives, as
// a runner taken over by a directive the refusal missed.
const level = args.includes("--level=2") ? 2 : 1;
const allowDirectives = args.includes("--allow-directives");
const sources = args.filter((a) => !a.startsWith("--"));
await import(pathToFileURL(wasmExec).href);
const { loadEngine } = await import("../site/exercise/go-engine.js");
const { checkGo } = await import("../site/worker/go-check.js");
const { createGoJudge } = await import("../site/exercise/go-judge.js");

const base = pathToFileURL(engineDir.endsWith("/") ? engineDir : `${engineDir}/`).href;
const readLocal = async (url, onBytes) => {
  const bytes = new Uint8Array(readFileSync(fileURLToPath(url.split("?")[0])));
  onBytes(bytes.length);
  return bytes;
};
const t0 = performance.now();
const cpu0 = process.cpuUsage();
const engine = await loadEngine(base, { fetchBytes: readLocal });
const used0 = process.cpuUsage(cpu0);
const casesText = new TextDecoder().decode(engine.cases[level]);
console.log(JSON.stringify({ engineMs: Math.round(performance.now() - t0), engineCpuMs: Math.round((used0.user + used0.system) / 1000) }));
for (const file of sources) {
  const messages = [];
  const t = performance.now();
  const cpu = process.cpuUsage();
  const { blinded, judge } = createGoJudge(casesText, level, engine.manifest.barrierWaitMs);
  await checkGo(engine, readFileSync(file, "utf8"), (m) => messages.push(...judge(m)), { level, cases: blinded, builderOptions: { allowDirectives } });
  const used = process.cpuUsage(cpu);
  console.log(JSON.stringify({ file, messages, ms: Math.round(performance.now() - t), cpuMs: Math.round((used.user + used.system) / 1000) }));
}
