// Loads the Go Exercise's engine (what make build writes into web/site/go/,
// see web/cmd/goengine): the manifest, compile.wasm and link.wasm compiled
// to WebAssembly.Module, the package archives and the harness's source.
// The sandbox frame loads it once; every Check's fresh worker gets the
// same modules, so only the first Check pays for compiling them.
//
// loadEngine(base, {fetchBytes, onProgress}) resolves to
// {manifest, compile, link, archives, harness}. fetchBytes(url, onBytes)
// resolves to a Uint8Array and calls onBytes(n) as n more bytes arrive
// (default: fetch, read as a stream). onProgress({phase, loaded, total})
// hears "download" (bytes so far, of all files) and then "compile".

export async function loadEngine(base, { fetchBytes = fetchStreaming, onProgress = () => {} } = {}) {
  const url = (name) => new URL(name, base).href;
  const manifest = JSON.parse(new TextDecoder().decode(await fetchBytes(url("manifest.json"), () => {})));
  const parts = [manifest.compile, manifest.link, manifest.archives, manifest.harness];
  const total = parts.reduce((n, f) => n + f.size, 0);
  let loaded = 0;
  onProgress({ phase: "download", loaded, total });
  const onBytes = (n) => {
    loaded += n;
    onProgress({ phase: "download", loaded, total });
  };
  const [compileBytes, linkBytes, archives, harness] = await Promise.all(parts.map((f) => fetchBytes(url(f.url), onBytes)));
  onProgress({ phase: "compile", loaded: total, total });
  const [compile, link] = await Promise.all([WebAssembly.compile(compileBytes), WebAssembly.compile(linkBytes)]);
  return { manifest, compile, link, archives, harness: new TextDecoder().decode(harness) };
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
