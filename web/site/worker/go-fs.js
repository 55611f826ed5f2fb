// An in-memory file system with the shape of Node's callback fs, which Go
// programs built for js/wasm call through globalThis.fs (Go's
// syscall/fs_js.go): enough for cmd/compile and cmd/link to read sources,
// archives and an importcfg and to write their outputs, and for the graded
// program to print. Nothing here touches a real disk or the network.
//
// createFS({ devices }) returns { fs, files }:
//   fs      the object to install as globalThis.fs before a Go program starts
//   files   the same tree for the worker: put(path, bytes), get(path),
//           remove(path)
// devices maps a path to a function that gets every Uint8Array written to
// it, as it is written (the graded program's reports), and fd 1 and 2 go
// to devices["/dev/stdout"] and devices["/dev/stderr"] when given.
//
// Paths are absolute ("/work/loop.go"); a relative path is taken from "/".

// The open flags Go's syscall package reads from fs.constants: Node's
// values on Linux, which Go maps its own O_ flags to.
const O = { O_RDONLY: 0, O_WRONLY: 1, O_RDWR: 2, O_CREAT: 64, O_EXCL: 128, O_TRUNC: 512, O_APPEND: 1024, O_DIRECTORY: 65536 };
const S_IFDIR = 0o040000;
const S_IFREG = 0o100000;
const S_IFCHR = 0o020000;

// fsError is an error Go's syscall package maps to an Errno by its code.
function fsError(code, op, path) {
  const err = new Error(`${code}: ${op} ${path}`);
  err.code = code;
  return err;
}

// normalize returns path absolute, without "." or ".." or repeated slashes.
function normalize(path) {
  const parts = [];
  for (const p of String(path).split("/")) {
    if (p === "" || p === ".") continue;
    if (p === "..") parts.pop();
    else parts.push(p);
  }
  return "/" + parts.join("/");
}

function parentOf(path) {
  const i = path.lastIndexOf("/");
  return i <= 0 ? "/" : path.slice(0, i);
}

export function createFS({ devices = {} } = {}) {
  // nodes: path -> {kind: "dir"} | {kind: "file", data: Uint8Array, size} | {kind: "device", sink}
  const nodes = new Map([["/", { kind: "dir", mtime: Date.now() }]]);
  for (const [path, sink] of Object.entries(devices)) {
    mkdirAll(parentOf(normalize(path)));
    nodes.set(normalize(path), { kind: "device", sink, mtime: Date.now() });
  }
  // fds: fd -> {path, node, pos, append}; 0-2 are the standard streams.
  const fds = new Map();
  let nextFD = 10;
  const std = (name) => nodes.get(`/dev/${name}`) || { kind: "device", sink: () => {} };
  fds.set(0, { path: "/dev/stdin", node: { kind: "device", sink: () => {} }, pos: 0 });
  fds.set(1, { path: "/dev/stdout", node: std("stdout"), pos: 0 });
  fds.set(2, { path: "/dev/stderr", node: std("stderr"), pos: 0 });

  function mkdirAll(path) {
    if (nodes.has(path)) return;
    mkdirAll(parentOf(path));
    nodes.set(path, { kind: "dir", mtime: Date.now() });
  }

  function lookup(path, op) {
    const node = nodes.get(normalize(path));
    if (!node) throw fsError("ENOENT", op, path);
    return node;
  }

  function open(fd) {
    const f = fds.get(fd);
    if (!f) throw fsError("EBADF", "fd", fd);
    return f;
  }

  // grow makes room for size bytes in file node n, doubling so that many
  // small writes (the linker's) stay cheap.
  function grow(n, size) {
    if (size <= n.data.length) return;
    const data = new Uint8Array(Math.max(size, n.data.length * 2, 4096));
    data.set(n.data.subarray(0, n.size));
    n.data = data;
  }

  function stat(node) {
    const mode = node.kind === "dir" ? S_IFDIR | 0o755 : node.kind === "device" ? S_IFCHR | 0o666 : S_IFREG | 0o644;
    const size = node.kind === "file" ? node.size : 0;
    const t = node.mtime || 0;
    return {
      dev: 1, ino: 0, mode, nlink: 1, uid: 0, gid: 0, rdev: 0, size, blksize: 4096, blocks: Math.ceil(size / 512),
      atimeMs: t, mtimeMs: t, ctimeMs: t,
      isDirectory: () => node.kind === "dir",
    };
  }

  function readdir(path) {
    const dir = normalize(path);
    if (lookup(dir, "readdir").kind !== "dir") throw fsError("ENOTDIR", "readdir", path);
    const prefix = dir === "/" ? "/" : dir + "/";
    const names = [];
    for (const p of nodes.keys()) {
      if (p !== dir && p.startsWith(prefix) && !p.slice(prefix.length).includes("/")) names.push(p.slice(prefix.length));
    }
    return names.sort();
  }

  const ops = {
    open(path, flags, mode) {
      const p = normalize(path);
      let node = nodes.get(p);
      if (node && flags & O.O_CREAT && flags & O.O_EXCL) throw fsError("EEXIST", "open", path);
      if (!node) {
        if (!(flags & O.O_CREAT)) throw fsError("ENOENT", "open", path);
        const parent = nodes.get(parentOf(p));
        if (!parent) throw fsError("ENOENT", "open", path);
        if (parent.kind !== "dir") throw fsError("ENOTDIR", "open", path);
        node = { kind: "file", data: new Uint8Array(0), size: 0, mtime: Date.now() };
        nodes.set(p, node);
      }
      if (flags & O.O_DIRECTORY && node.kind !== "dir") throw fsError("ENOTDIR", "open", path);
      if (node.kind === "dir" && flags & (O.O_WRONLY | O.O_RDWR)) throw fsError("EISDIR", "open", path);
      if (node.kind === "file" && flags & O.O_TRUNC) node.size = 0;
      const fd = nextFD++;
      fds.set(fd, { path: p, node, pos: 0, append: (flags & O.O_APPEND) !== 0 });
      return fd;
    },
    close(fd) {
      open(fd);
      fds.delete(fd);
    },
    read(fd, buffer, offset, length, position) {
      const f = open(fd);
      const n = f.node;
      if (n.kind === "dir") throw fsError("EISDIR", "read", f.path);
      if (n.kind === "device") return 0;
      const at = position === null || position === undefined ? f.pos : position;
      const count = Math.max(0, Math.min(length, n.size - at));
      buffer.set(n.data.subarray(at, at + count), offset);
      if (position === null || position === undefined) f.pos += count;
      return count;
    },
    write(fd, buffer, offset, length, position) {
      const f = open(fd);
      const n = f.node;
      const bytes = buffer.subarray(offset, offset + length);
      if (n.kind === "device") {
        n.sink(bytes.slice());
        return length;
      }
      if (n.kind !== "file") throw fsError("EISDIR", "write", f.path);
      const at = position === null || position === undefined ? (f.append ? n.size : f.pos) : position;
      grow(n, at + length);
      n.data.set(bytes, at);
      n.size = Math.max(n.size, at + length);
      n.mtime = Date.now();
      if (position === null || position === undefined) f.pos = at + length;
      return length;
    },
    fstat: (fd) => stat(open(fd).node),
    stat: (path) => stat(lookup(path, "stat")),
    lstat: (path) => stat(lookup(path, "lstat")),
    readdir,
    mkdir(path) {
      const p = normalize(path);
      if (nodes.has(p)) throw fsError("EEXIST", "mkdir", path);
      if (!nodes.has(parentOf(p))) throw fsError("ENOENT", "mkdir", path);
      nodes.set(p, { kind: "dir", mtime: Date.now() });
    },
    rmdir(path) {
      const p = normalize(path);
      if (lookup(p, "rmdir").kind !== "dir") throw fsError("ENOTDIR", "rmdir", path);
      if (readdir(p).length > 0) throw fsError("ENOTEMPTY", "rmdir", path);
      nodes.delete(p);
    },
    unlink(path) {
      const p = normalize(path);
      if (lookup(p, "unlink").kind === "dir") throw fsError("EISDIR", "unlink", path);
      nodes.delete(p);
    },
    rename(from, to) {
      const a = normalize(from);
      const b = normalize(to);
      const node = lookup(a, "rename");
      if (!nodes.has(parentOf(b))) throw fsError("ENOENT", "rename", to);
      if (node.kind === "dir") {
        for (const [p, n] of [...nodes]) {
          if (p.startsWith(a + "/")) {
            nodes.delete(p);
            nodes.set(b + p.slice(a.length), n);
          }
        }
      }
      nodes.delete(a);
      nodes.set(b, node);
    },
    ftruncate(fd, length) {
      const n = open(fd).node;
      if (n.kind !== "file") throw fsError("EINVAL", "ftruncate", fd);
      grow(n, length);
      if (length > n.size) n.data.fill(0, n.size, length);
      n.size = length;
    },
    truncate(path, length) {
      const fd = ops.open(path, O.O_WRONLY);
      try {
        ops.ftruncate(fd, length);
      } finally {
        ops.close(fd);
      }
    },
    fsync: (fd) => void open(fd),
    chmod: (path) => void lookup(path, "chmod"),
    fchmod: (fd) => void open(fd),
    chown: (path) => void lookup(path, "chown"),
    fchown: (fd) => void open(fd),
    lchown: (path) => void lookup(path, "lchown"),
    utimes(path, atime, mtime) {
      lookup(path, "utimes").mtime = mtime * 1000;
    },
    readlink: (path) => {
      lookup(path, "readlink");
      throw fsError("EINVAL", "readlink", path);
    },
    link: (path) => {
      throw fsError("EPERM", "link", path);
    },
    symlink: (path) => {
      throw fsError("EPERM", "symlink", path);
    },
  };

  // Each call takes Node's callback last and answers it at once: the Go
  // side waits for it, and an in-memory answer needs no waiting.
  const fs = { constants: O };
  for (const [name, op] of Object.entries(ops)) {
    fs[name] = (...args) => {
      const callback = args.pop();
      let result;
      try {
        result = op(...args);
      } catch (err) {
        if (!err || typeof err.code !== "string") err = fsError("EIO", name, String(err && err.message));
        callback(err);
        return;
      }
      callback(null, result);
    };
  }
  // What a program writes to fd 1 and 2 without waiting (Go's runtime
  // prints a crash this way).
  fs.writeSync = (fd, buffer) => ops.write(fd, buffer, 0, buffer.length, null);

  const files = {
    put(path, bytes) {
      const p = normalize(path);
      mkdirAll(parentOf(p));
      const data = bytes instanceof Uint8Array ? bytes : new TextEncoder().encode(String(bytes));
      nodes.set(p, { kind: "file", data, size: data.length, mtime: Date.now() });
    },
    get(path) {
      const n = nodes.get(normalize(path));
      return n && n.kind === "file" ? n.data.subarray(0, n.size) : undefined;
    },
    remove(path) {
      nodes.delete(normalize(path));
    },
  };
  return { fs, files };
}

// createProcess returns the little of Node's process that Go's syscall and
// os packages call: the working directory is "/", and there are no users.
export function createProcess() {
  const enosys = (what) => fsError("ENOSYS", what, "");
  return {
    getuid: () => -1,
    getgid: () => -1,
    geteuid: () => -1,
    getegid: () => -1,
    getgroups: () => {
      throw enosys("getgroups");
    },
    pid: -1,
    ppid: -1,
    umask: () => 0o022,
    cwd: () => "/",
    chdir: () => {
      throw enosys("chdir");
    },
  };
}
