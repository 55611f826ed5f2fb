// Loads the Go Exercise's engine (what make build writes into web/site/go/,
// see web/cmd/goengine): the manifest, compile.wasm and link.wasm compiled
// to WebAssembly.Module, the package archives and each level's cases.
// The page downloads it (the sandbox frame has no network), the frame
// compiles the two modules once, and every Check's fresh worker gets the
// same modules, so only the first Check pays for compiling them.
//
// downloadEngine(base, {fetchBytes, onProgress}) resolves to
// {manifest, compile, link, archives, cases} with compile and link as
// bytes and cases {level: bytes}, the cases each level's harness grades; fetchBytes(url, onBytes) resolves to a Uint8Array and calls
// onBytes(n) as n more bytes arrive (default: fetch, read as a stream);
// onProgress({phase: "download", loaded, total}) hears the bytes so far,
// of all files. compileEngine(downloaded) resolves to the same with
// compile and link as WebAssembly.Module; loadEngine does both.

export async function loadEngine(base, options = {}) {
  const onProgress = options.onProgress || (() => {});
  const downloaded = await downloadEngine(base, options);
  onProgress({ phase: "compile" });
  return compileEngine(downloaded);
}

export async function compileEngine({ compile, link, ...rest }) {
  const [compileModule, linkModule] = await Promise.all([WebAssembly.compile(compile), WebAssembly.compile(link)]);
  return { ...rest, compile: compileModule, link: linkModule };
}

export async function downloadEngine(base, { fetchBytes = fetchStreaming, onProgress = () => {} } = {}) {
  const url = (name) => new URL(name, base).href;
  const manifest = JSON.parse(new TextDecoder().decode(await fetchBytes(url("manifest.json"), () => {})));
  const parts = [manifest.compile, manifest.link, manifest.archives, ...manifest.harnesses.map((h) => h.cases)];
  const total = parts.reduce((n, f) => n + f.size, 0);
  let loaded = 0;
  onProgress({ phase: "download", loaded, total });
  const onBytes = (n) => {
    loaded += n;
    onProgress({ phase: "download", loaded, total });
  };
  const [compile, link, archives, ...levels] = await Promise.all(parts.map((f) => fetchBytes(url(f.url), onBytes)));
  const cases = Object.fromEntries(manifest.harnesses.map((h, i) => [h.level, levels[i]]));
  return { manifest, compile, link, archives, cases };
}

// fetchStreaming fetches url and counts its bytes as they arrive.
async function fetchStreaming(url, onBytes) {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`fetching ${url}: ${res.status} ${res.statusText}`);
  const chunks = [];
  let size = 0;
  const reader = res.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.length;
    onBytes(value.length);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}
