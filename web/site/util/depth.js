// How deep a JSON value nests, for the inputs a reader opens (run files,
// providers' conversations): the views and the code writers recurse into
// values, so one nested thousands deep would take them past the stack.
// Pure (no DOM).

// tooDeepAt returns the path, from at, of the first object or array in v
// that is nested limit or more levels below v (v itself is level 0), or
// "" when v nests less deep. It walks without recursion, so that no depth
// can take it past the stack. A long path is cut to its first 120
// characters.
export function tooDeepAt(v, at, limit) {
  const stack = [[v, at, 0]];
  while (stack.length > 0) {
    const [x, path, depth] = stack.pop();
    if (x === null || typeof x !== "object") continue;
    if (depth >= limit) return path.length > 120 ? `${path.slice(0, 120)}…` : path;
    for (const key of Object.keys(x)) stack.push([x[key], Array.isArray(x) ? `${path}[${key}]` : `${path}.${key}`, depth + 1]);
  }
  return "";
}
