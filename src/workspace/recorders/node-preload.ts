/**
 * The Node recorder's preload, written into self-heal's own temporary directory and loaded with
 * `NODE_OPTIONS=--require <it>` for a recorded run only (never into the repository). Test runners
 * run a transformed copy of each file through `node:vm` (vitest's module runner, jest's
 * `compileFunction`), so V8's coverage counts offsets in code that is not the file's. The preload
 * notes, for each such script of the repository's own files, its line lengths, its line and column
 * offsets and its `sourceMappingURL`, one JSON line each, so the reader can map the counts back
 * through the source map. In a forked worker (vitest's forks, jest-worker), which its runner ends
 * with SIGTERM and then SIGKILL, it writes V8's coverage at 'exit' and on SIGTERM; in the runner, it
 * holds such a SIGKILL until the worker has exited (bounded). Any error of its own turns it off; it
 * changes no result.
 */

export const NODE_PRELOAD_FILE = 'self-heal-node-preload.cjs';

export const NODE_PRELOAD = String.raw`'use strict';
// self-heal's Node recorder preload (see self-heal's src/workspace/recorders/node-preload.ts).
(function () {
  const out = process.env.SELF_HEAL_SPECTRUM_NODE_MAPS;
  const rootDir = process.env.SELF_HEAL_SPECTRUM_ROOT;
  if (!out || !rootDir) return;
  let fs, path, vm, v8, url, threadId;
  try {
    fs = require('fs');
    path = require('path');
    vm = require('vm');
    v8 = require('v8');
    url = require('url');
    threadId = require('worker_threads').threadId;
  } catch (error) {
    return;
  }
  const MAX_SCRIPTS = 20000;
  const MAX_URL = 16 * 1024 * 1024;
  const MAX_CODE = 32 * 1024 * 1024;
  const MAX_BYTES = 64 * 1024 * 1024;
  let bytes = 0;
  const prefix = rootDir + path.sep;
  const nodeModules = path.sep + 'node_modules' + path.sep;
  let noted = 0;
  let on = true;
  const notes = path.join(out, 'maps-' + process.pid + '-' + threadId + '.jsonl');

  function own(filename) {
    if (typeof filename !== 'string') return undefined;
    let file = filename;
    if (file.startsWith('file://')) file = url.fileURLToPath(file);
    if (!file.startsWith(prefix) || file.includes(nodeModules)) return undefined;
    return file;
  }

  function note(code, options) {
    if (!on) return;
    try {
      if (typeof code !== 'string' || code.length > MAX_CODE || noted >= MAX_SCRIPTS) return;
      const filename = typeof options === 'string' ? options : options && options.filename;
      const file = own(filename);
      if (!file) return;
      const at = code.lastIndexOf('sourceMappingURL=');
      if (at < 0) return;
      let end = code.indexOf('\n', at);
      if (end < 0) end = code.length;
      const mapUrl = code.slice(at + 17, end).trim();
      if (!mapUrl || mapUrl.length > MAX_URL) return;
      const lineLengths = code.split('\n').map((l) => l.length);
      const lineOffset = (options && typeof options === 'object' && Number(options.lineOffset)) || 0;
      const columnOffset = (options && typeof options === 'object' && Number(options.columnOffset)) || 0;
      const line = JSON.stringify({ file, length: code.length, lineLengths, lineOffset, columnOffset, mapUrl }) + '\n';
      if (bytes + line.length > MAX_BYTES) return;
      bytes += line.length;
      // One line per script, written at once: a worker thread ended by terminate() never sees 'exit'.
      fs.appendFileSync(notes, line);
      noted++;
    } catch (error) {
      on = false;
    }
  }

  function wrapFunction(name, codeAt, optionsAt) {
    const original = vm[name];
    if (typeof original !== 'function') return;
    const wrapped = function () {
      note(arguments[codeAt], arguments[optionsAt]);
      return original.apply(this, arguments);
    };
    Object.defineProperty(wrapped, 'name', { value: original.name });
    Object.defineProperty(wrapped, 'length', { value: original.length });
    vm[name] = wrapped;
  }

  try {
    wrapFunction('runInThisContext', 0, 1);
    wrapFunction('runInContext', 0, 2);
    wrapFunction('runInNewContext', 0, 2);
    wrapFunction('compileFunction', 0, 2);
    const OriginalScript = vm.Script;
    if (typeof OriginalScript === 'function') {
      vm.Script = class Script extends OriginalScript {
        constructor(code, options) {
          note(code, options);
          super(code, options);
        }
      };
    }
  } catch (error) {
    on = false;
  }

  // A forked worker that its runner ends with SIGTERM would never reach 'exit', and Node writes V8's
  // coverage only there. Only such children (an IPC channel) get this handler; when it is the only
  // one, the signal's default handling goes on at once.
  if (process.channel && threadId === 0) {
    const onTerm = function () {
      try {
        v8.takeCoverage();
      } catch (error) {
        // Coverage was not on, or could not be written.
      }
      if (process.listenerCount('SIGTERM') === 1) {
        process.removeListener('SIGTERM', onTerm);
        process.kill(process.pid, 'SIGTERM');
      }
    };
    process.on('SIGTERM', onTerm);
    // A worker that exits by itself when told to stop (vitest's forks) writes its coverage after the
    // 'exit' event, in Node's own exit path, where the SIGTERM its runner sends right then kills it.
    // Written here, that signal waits for the handler above; then Node has nothing left to write.
    process.on('exit', function () {
      try {
        v8.takeCoverage();
        v8.stopCoverage();
      } catch (error) {
        // Coverage was not on, or could not be written.
      }
    });
  }

  // The runner's side of it: it sends that SIGTERM, then a SIGKILL after a short grace (vitest's
  // forks pool: 500 ms). On a loaded machine the worker may not even have run the handler above by
  // then, and its coverage is lost. Here the SIGKILL to such a worker (an IPC child that was sent
  // SIGTERM) waits for it to exit, up to KILL_WAIT_MS.
  const KILL_WAIT_MS = 10000;
  try {
    const ChildProcess = require('child_process').ChildProcess;
    const kill = ChildProcess.prototype.kill;
    ChildProcess.prototype.kill = function (signal) {
      const child = this;
      const running = child.exitCode === null && child.signalCode === null && typeof child.send === 'function';
      const name = signal === undefined ? 'SIGTERM' : signal === 9 ? 'SIGKILL' : signal === 15 ? 'SIGTERM' : signal;
      if (running && name === 'SIGTERM') child.selfHealTerminated = true;
      if (!running || name !== 'SIGKILL' || !child.selfHealTerminated) return kill.apply(child, arguments);
      const args = arguments;
      const timer = setTimeout(function () {
        kill.apply(child, args);
      }, KILL_WAIT_MS);
      if (timer.unref) timer.unref();
      child.once('exit', function () {
        clearTimeout(timer);
      });
      return true;
    };
  } catch (error) {
    // The runner's kills go on as they were.
  }
})();
`;

// ---- The read recorder: its own block of the preload, apart from the script notes above. ----

/**
 * Which files of the repository the tests read through `fs` (`readFileSync`, `readFile`,
 * `promises.readFile`, `open`/`openSync`/`promises.open` for reading, `createReadStream`), whatever
 * built the path; CommonJS `require` of a JSON file reads through `readFileSync` too. Regular files
 * under the repository only, outside `node_modules` and `.git`, not code; bounded in paths and path
 * length; one JSON line per file in `reads-<pid>-<thread>.jsonl` (`test-reads.ts` reads them back).
 * Appended after `NODE_PRELOAD` in the same preload file.
 */
export const NODE_READS_PRELOAD = String.raw`
// self-heal's read recorder (see self-heal's src/workspace/recorders/node-preload.ts).
(function () {
  const out = process.env.SELF_HEAL_SPECTRUM_NODE_MAPS;
  const rootDir = process.env.SELF_HEAL_SPECTRUM_ROOT;
  if (!out || !rootDir) return;
  let fs, path, url, threadId, Module;
  try {
    fs = require('fs');
    path = require('path');
    url = require('url');
    threadId = require('worker_threads').threadId;
    Module = require('module');
  } catch (error) {
    return;
  }
  const MAX_READS = 256;
  const MAX_SEEN = 4096;
  const MAX_PATH = 1024;
  const CODE = /\.(?:[cm]?[jt]sx?|node|wasm|map)$/i;
  const SKIP = /(?:^|[\\/])(?:node_modules|\.git|\.cache|\.yarn|\.pnpm-store)(?:[\\/]|$)/;
  const file = path.join(out, 'reads-' + process.pid + '-' + threadId + '.jsonl');
  const seen = new Set();
  let root;
  let on = true;
  let busy = false;
  let count = 0;

  function reading(flags) {
    if (flags === undefined || flags === null) return true;
    if (typeof flags === 'number') return (flags & 3) !== fs.constants.O_WRONLY;
    return typeof flags === 'string' && (flags[0] === 'r' || flags.includes('+'));
  }

  function note(target, flags) {
    if (!on || busy || count >= MAX_READS || !reading(flags)) return;
    busy = true;
    try {
      let p = target;
      if (p instanceof URL) p = url.fileURLToPath(p);
      else if (Buffer.isBuffer(p)) p = p.toString();
      if (typeof p !== 'string' || p.length > MAX_PATH || CODE.test(p)) return;
      if (p.startsWith('file:')) p = url.fileURLToPath(p);
      const absolute = path.resolve(p);
      if (seen.has(absolute) || seen.size >= MAX_SEEN) return;
      seen.add(absolute);
      if (root === undefined) root = fs.realpathSync(rootDir);
      const real = fs.realpathSync(absolute);
      const rel = path.relative(root, real);
      if (!rel || rel.startsWith('..') || path.isAbsolute(rel) || SKIP.test(rel)) return;
      if (!fs.statSync(real).isFile()) return;
      count++;
      fs.appendFileSync(file, JSON.stringify({ file: rel.split(path.sep).join('/') }) + '\n');
    } catch (error) {
      // A path that does not exist is no read; anything else turns the recorder off.
      if (!error || error.code !== 'ENOENT') on = false;
    } finally {
      busy = false;
    }
  }

  function wrap(object, name, flagsOf) {
    const original = object && object[name];
    if (typeof original !== 'function') return;
    const wrapped = function () {
      note(arguments[0], flagsOf(arguments));
      return original.apply(this, arguments);
    };
    Object.defineProperty(wrapped, 'name', { value: original.name });
    Object.defineProperty(wrapped, 'length', { value: original.length });
    object[name] = wrapped;
  }

  const optionFlag = (args) => (args[1] && typeof args[1] === 'object' ? args[1].flag : undefined);
  const openFlag = (args) => (typeof args[1] === 'function' ? undefined : args[1]);
  try {
    wrap(fs, 'readFileSync', optionFlag);
    wrap(fs, 'readFile', optionFlag);
    wrap(fs, 'openSync', openFlag);
    wrap(fs, 'open', openFlag);
    wrap(fs, 'createReadStream', optionFlag);
    wrap(fs.promises, 'readFile', optionFlag);
    wrap(fs.promises, 'open', openFlag);
    // ES modules that import from 'node:fs' see the wrapped functions too.
    Module.syncBuiltinESMExports();
  } catch (error) {
    on = false;
  }
})();
`;
