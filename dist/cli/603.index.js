export const id = 603;
export const ids = [603];
export const modules = {

/***/ 8603:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  FfiRuntimeHost: () => (/* binding */ FfiRuntimeHost)
});

// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(3024);
// EXTERNAL MODULE: external "node:util"
var external_node_util_ = __webpack_require__(7975);
// EXTERNAL MODULE: external "node:module"
var external_node_module_ = __webpack_require__(8995);
;// CONCATENATED MODULE: ./node_modules/koffi/src/koffi/src/static.js
// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2026 Niels Martignène <niels.martignene@protonmail.com>


const static_require = (0,external_node_module_.createRequire)(import.meta.url);

function loadStatic(pkg) {
    let native = null;

    if (pkg == 'linux-arm') {
        try {
            native = static_require('@koromix/koffi-linux-arm');
        } catch (err) {
            // Go on
        }
    }

    if (pkg == 'linux-arm64') {
        try {
            native = static_require('@koromix/koffi-linux-arm64');
        } catch (err) {
            // Go on
        }
    }

    if (pkg == 'linux-ia32') {
        try {
            native = static_require('@koromix/koffi-linux-ia32');
        } catch (err) {
            // Go on
        }
    }

    if (pkg == 'linux-x64') {
        try {
            native = static_require('@koromix/koffi-linux-x64');
        } catch (err) {
            // Go on
        }
    }

    if (pkg == 'linux-riscv64') {
        try {
            native = static_require('@koromix/koffi-linux-riscv64');
        } catch (err) {
            // Go on
        }
    }

    if (pkg == 'freebsd-ia32') {
        try {
            native = static_require('@koromix/koffi-freebsd-ia32');
        } catch (err) {
            // Go on
        }
    }

    if (pkg == 'freebsd-x64') {
        try {
            native = static_require('@koromix/koffi-freebsd-x64');
        } catch (err) {
            // Go on
        }
    }

    if (pkg == 'freebsd-arm64') {
        try {
            native = static_require('@koromix/koffi-freebsd-arm64');
        } catch (err) {
            // Go on
        }
    }

    if (pkg == 'openbsd-ia32') {
        try {
            native = static_require('@koromix/koffi-openbsd-ia32');
        } catch (err) {
            // Go on
        }
    }

    if (pkg == 'openbsd-x64') {
        try {
            native = static_require('@koromix/koffi-openbsd-x64');
        } catch (err) {
            // Go on
        }
    }

    if (pkg == 'win32-ia32') {
        try {
            native = static_require('@koromix/koffi-win32-ia32');
        } catch (err) {
            // Go on
        }
    }

    if (pkg == 'win32-x64') {
        try {
            native = static_require('@koromix/koffi-win32-x64');
        } catch (err) {
            // Go on
        }
    }

    if (pkg == 'win32-arm64') {
        try {
            native = static_require('@koromix/koffi-win32-arm64');
        } catch (err) {
            // Go on
        }
    }

    if (pkg == 'darwin-x64') {
        try {
            native = static_require('@koromix/koffi-darwin-x64');
        } catch (err) {
            // Go on
        }
    }

    if (pkg == 'darwin-arm64') {
        try {
            native = static_require('@koromix/koffi-darwin-arm64');
        } catch (err) {
            // Go on
        }
    }

    if (pkg == 'linux-loong64') {
        try {
            native = static_require('@koromix/koffi-linux-loong64');
        } catch (err) {
            // Go on
        }
    }

    if (pkg == 'android-arm64') {
        try {
            native = static_require('@koromix/koffi-android-arm64');
        } catch (err) {
            // Go on
        }
    }

    if (pkg == 'android-x64') {
        try {
            native = static_require('@koromix/koffi-android-x64');
        } catch (err) {
            // Go on
        }
    }

    if (pkg == 'linux-ppc64') {
        try {
            native = static_require('@koromix/koffi-linux-ppc64');
        } catch (err) {
            // Go on
        }
    }

    if (pkg == 'openbsd-arm64') {
        try {
            native = static_require('@koromix/koffi-openbsd-arm64');
        } catch (err) {
            // Go on
        }
    }

    return native;
}



;// CONCATENATED MODULE: ./node_modules/koffi/src/koffi/index.js
// src/init.js




// ../cnoke/src/abi.js

function determineAbi() {
  let abi = process.arch.toString();
  if (abi == "riscv32" || abi == "riscv64") {
    let file = openFile(process.execPath, "r");
    try {
      let header = readElfHeader(file);
      let float_abi = header.e_flags & 6;
      switch (float_abi) {
        case 0:
          {
          }
          break;
        case 2:
          {
            abi += "f";
          }
          break;
        case 4:
          {
            abi += "d";
          }
          break;
        case 6:
          {
            abi += "q";
          }
          break;
      }
    } finally {
      file.close();
    }
  } else if (abi == "arm") {
    let file = openFile(process.execPath, "r");
    try {
      let header = readElfHeader(file);
      if (header.e_flags & 1024) {
        abi += "hf";
      } else if (header.e_flags & 512) {
        abi += "sf";
      } else {
        throw new Error("Unknown ARM floating-point ABI");
      }
    } finally {
      file.close();
    }
  } else if (abi == "ppc64") {
    let file = openFile(process.execPath, "r");
    try {
      let header = readElfHeader(file);
      switch (header.ei_data) {
        case 1:
          {
            abi += "le";
          }
          break;
        case 2:
          {
            abi += "be";
          }
          break;
        default:
          throw new Error("Invalid ELF endianness value");
      }
    } finally {
      file.close();
    }
  }
  return abi;
}
function readElfHeader(file, offset = 0) {
  let buf = file.read(offset, 512);
  if (buf.length < 16)
    throw new Error("Truncated header");
  if (buf[0] != 127 || buf[1] != 69 || buf[2] != 76 || buf[3] != 70)
    throw new Error("Invalid magic number");
  if (buf[6] != 1)
    throw new Error("Invalid ELF version");
  if (buf[5] != 1)
    throw new Error("Big-endian architectures are not supported");
  switch (buf[4]) {
    case 1:
      {
        if (buf.length < 68)
          throw new Error("Truncated ELF header");
        return {
          ei_class: 32,
          ei_data: buf[5],
          e_machine: buf.readUInt16LE(18),
          e_flags: buf.readUInt32LE(36),
          e_phoff: buf.readUInt32LE(28),
          e_phentsize: buf.readUInt16LE(42),
          e_phnum: buf.readUInt16LE(44)
        };
      }
      break;
    case 2:
      {
        if (buf.length < 120)
          throw new Error("Truncated ELF header");
        return {
          ei_class: 64,
          ei_data: buf[5],
          e_machine: buf.readUInt16LE(18),
          e_flags: buf.readUInt32LE(48),
          e_phoff: buf.readBigUInt64LE(32),
          e_phentsize: buf.readUInt16LE(54),
          e_phnum: buf.readUInt16LE(56)
        };
      }
      break;
    default:
      throw new Error("Invalid ELF class");
  }
}
function openFile(filename, flags) {
  let fd = external_node_fs_.openSync(filename, flags);
  return new FileHandle(fd);
}
var FileHandle = class {
  constructor(fd) {
    this.fd = fd;
  }
  close() {
    external_node_fs_.closeSync(this.fd);
  }
  [Symbol.dispose]() {
    external_node_fs_.closeSync(this.fd);
  }
  read(offset, len) {
    let buf = Buffer.allocUnsafe(len);
    let read = external_node_fs_.readSync(this.fd, buf, 0, len, offset);
    return buf.subarray(0, read);
  }
};

// package.json
var package_default = { name: "koffi", version: "3.3.4", cnoke: { api: "../../vendor/node-api-headers", output: "../../bin/Koffi/{{ toolchain }}", node: 16, napi: 8 } };

// src/init.js
var require2 = (0,external_node_module_.createRequire)(import.meta.url);
function detectPlatform() {
  if (process.versions.napi == null || process.versions.napi < package_default.cnoke.napi) {
    let major = parseInt(process.versions.node, 10);
    throw new Error(`This engine is based on Node ${process.versions.node}, but ${package_default.name} does not support the Node ${major}.x branch (Node-API < ${package_default.cnoke.napi})`);
  }
  let abi = determineAbi();
  let pkg2 = `${process.platform}-${process.arch}`;
  let triplets2 = [`${process.platform}_${abi}`];
  if (process.platform == "linux")
    triplets2.push(`musl_${abi}`);
  return [package_default.version, pkg2, triplets2];
}
function loadDynamic(dirname, pkg2, triplets2) {
  let suffix = "/../../build/koffi";
  let root = dirname + suffix;
  let roots = [root];
  let native2 = null;
  let err = null;
  if (process["resourcesPath"] != null) {
    let suffixes = [
      "/koffi",
      "/koffi/build",
      "/node_modules/koffi/build"
    ];
    for (let suffix2 of suffixes)
      roots.push(process["resourcesPath"] + suffix2);
  }
  let names = [
    `${import.meta.dirname}/../../../@koromix/koffi-${pkg2}`,
    ...triplets2.flatMap((triplet) => roots.map((dir) => `${dir}/${triplet}/koffi.node`))
  ];
  for (let name of names) {
    if (!external_node_fs_.existsSync(name))
      continue;
    try {
      native2 = require2(name);
      break;
    } catch (e) {
      err ??= e;
    }
  }
  if (native2 == null && err != null)
    throw err;
  return native2;
}
function wrapNative(native2, version2) {
  if (native2 == null)
    throw new Error("Cannot find the native Koffi module; did you bundle it correctly?");
  if (native2.version != version2)
    throw new Error("Mismatched native Koffi modules");
  let load = native2.load;
  let register = native2.register;
  native2.register = (...args) => {
    if (args.length >= 3 && typeof args[1] == "function") {
      process.emitWarning("Using koffi.register() with a custom this value was deprecated in Koffi 2.17, use function.bind() instead", "DeprecationWarning", "KOFFI009");
      args[1] = args[1].bind(args[0]);
      args = args.slice(1);
    }
    return register(...args);
  };
  native2.load = (...args) => {
    let lib = load(...args);
    lib.cdecl = external_node_util_.deprecate((...args2) => lib.func("__cdecl", ...args2), "The koffi.cdecl() function was deprecated in Koffi 2.7, use koffi.func(...) instead", "KOFFI003");
    lib.stdcall = external_node_util_.deprecate((...args2) => lib.func("__stdcall", ...args2), 'The koffi.stdcall() function was deprecated in Koffi 2.7, use koffi.func("__stdcall", ...) instead', "KOFFI004");
    lib.fastcall = external_node_util_.deprecate((...args2) => lib.func("__fastcall", ...args2), 'The koffi.fastcall() function was deprecated in Koffi 2.7, use koffi.func("__fastcall", ...) instead', "KOFFI005");
    lib.thiscall = external_node_util_.deprecate((...args2) => lib.func("__thiscall", ...args2), 'The koffi.thiscall() function was deprecated in Koffi 2.7, use koffi.func("__thiscall", ...) instead', "KOFFI006");
    return lib;
  };
  native2.resolve = external_node_util_.deprecate(native2.type, "The koffi.resolve() function was deprecated in Koffi 3.0, use koffi.type() instead", "KOFFI007");
  native2.introspect = external_node_util_.deprecate(native2.type, "The koffi.introspect() function was deprecated in Koffi 3.0, use koffi.type() instead", "KOFFI008");
}

// index.js

var [version, pkg, triplets] = detectPlatform();
var koffi_native = loadStatic(pkg) ?? loadDynamic(import.meta.dirname, pkg, triplets);
wrapNative(koffi_native, version);
var mod_LibraryHandle = koffi_native.LibraryHandle;
var mod_TypeObject = koffi_native.TypeObject;
var mod_Union = koffi_native.Union;
var mod_address = koffi_native.address;
var mod_alias = koffi_native.alias;
var mod_alignof = koffi_native.alignof;
var mod_alloc = koffi_native.alloc;
var mod_array = koffi_native.array;
var mod_as = koffi_native.as;
var mod_call = koffi_native.call;
var mod_config = koffi_native.config;
var mod_decode = koffi_native.decode;
var mod_disposable = koffi_native.disposable;
var mod_encode = koffi_native.encode;
var mod_enumeration = koffi_native.enumeration;
var mod_errno = koffi_native.errno;
var mod_extension = koffi_native.extension;
var mod_free = koffi_native.free;
var mod_in = koffi_native.in;
var mod_inout = koffi_native.inout;
var mod_introspect = koffi_native.introspect;
var mod_load = koffi_native.load;
var mod_node = koffi_native.node;
var mod_offsetof = koffi_native.offsetof;
var mod_opaque = koffi_native.opaque;
var mod_os = koffi_native.os;
var mod_out = koffi_native.out;
var mod_pack = koffi_native.pack;
var mod_pointer = koffi_native.pointer;
var mod_proto = koffi_native.proto;
var mod_register = koffi_native.register;
var mod_reset = koffi_native.reset;
var mod_resolve = koffi_native.resolve;
var mod_sizeof = koffi_native.sizeof;
var mod_stats = koffi_native.stats;
var mod_struct = koffi_native.struct;
var mod_type = koffi_native.type;
var mod_types = koffi_native.types;
var mod_union = koffi_native.union;
var mod_unregister = koffi_native.unregister;
var mod_version = koffi_native.version;
var mod_view = koffi_native.view;
var index_default = koffi_native;


;// CONCATENATED MODULE: ./node_modules/koffi/index.js


// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
// EXTERNAL MODULE: external "node:stream"
var external_node_stream_ = __webpack_require__(7075);
;// CONCATENATED MODULE: ./node_modules/@github/copilot-sdk/dist/ffiRuntimeHost.js




const SYMBOL_PREFIX = "copilot_runtime_";
const KEEP_ALIVE_INTERVAL_MS = 1 << 30;
const CLEANUP_RETRY_INTERVAL_MS = 100;
let loadedLibraryPath;
let loadedLibrary;
function loadLibrary(libraryPath) {
  if (loadedLibrary) {
    if (loadedLibraryPath !== libraryPath) {
      throw new Error(
        `An in-process FFI runtime library is already loaded from '${loadedLibraryPath}'; loading a different library from '${libraryPath}' in the same process is not supported.`
      );
    }
    return loadedLibrary;
  }
  const lib = index_default.load(libraryPath);
  const outboundCallbackType = index_default.pointer(
    index_default.proto(
      `void ${SYMBOL_PREFIX}outbound(void *userData, uint8 *bytesPtr, size_t bytesLen)`
    )
  );
  loadedLibrary = {
    hostStart: lib.func(`${SYMBOL_PREFIX}host_start`, "uint32", [
      "uint8*",
      "size_t",
      "uint8*",
      "size_t"
    ]),
    hostShutdown: lib.func(`${SYMBOL_PREFIX}host_shutdown`, "bool", ["uint32"]),
    connectionOpen: lib.func(`${SYMBOL_PREFIX}connection_open`, "uint32", [
      "uint32",
      outboundCallbackType,
      "void*",
      "uint8*",
      "size_t",
      "uint8*",
      "size_t",
      "uint8*",
      "size_t"
    ]),
    connectionWrite: lib.func(`${SYMBOL_PREFIX}connection_write`, "bool", [
      "uint32",
      "uint8*",
      "size_t"
    ]),
    connectionClose: lib.func(`${SYMBOL_PREFIX}connection_close`, "bool", ["uint32"]),
    outboundCallbackType
  };
  loadedLibraryPath = libraryPath;
  return loadedLibrary;
}
function buildArgvJson(cliEntrypoint, args) {
  const argv = cliEntrypoint ? cliEntrypoint.toLowerCase().endsWith(".js") ? ["node", cliEntrypoint, "--embedded-host", "--no-auto-update"] : [cliEntrypoint, "--embedded-host", "--no-auto-update"] : [];
  argv.push(...args);
  return Buffer.from(JSON.stringify(argv), "utf8");
}
function buildEnvJson(environment) {
  if (!environment) {
    return null;
  }
  const obj = {};
  for (const [key, value] of Object.entries(environment)) {
    if (value !== void 0) {
      obj[key] = value;
    }
  }
  if (Object.keys(obj).length === 0) {
    return null;
  }
  return Buffer.from(JSON.stringify(obj), "utf8");
}
class FfiRuntimeHost {
  constructor(libraryPath, cliEntrypoint, environment, args) {
    this.libraryPath = libraryPath;
    this.cliEntrypoint = cliEntrypoint;
    this.environment = environment;
    this.args = args;
    this.lib = loadLibrary(libraryPath);
    this.receiveStream = new external_node_stream_.PassThrough();
    this.sendStream = new external_node_stream_.Writable({
      // connection_write enqueues the frame into the runtime's inbound channel and
      // returns immediately, so a synchronous FFI call is sufficient here.
      write: (chunk, _encoding, callback) => {
        try {
          this.writeFrame(chunk);
          callback();
        } catch (error) {
          callback(error);
        }
      }
    });
  }
  libraryPath;
  cliEntrypoint;
  environment;
  args;
  static quarantinedHosts = /* @__PURE__ */ new Set();
  lib;
  serverId = 0;
  connectionId = 0;
  disposed = false;
  starting = false;
  outboundCallback;
  keepAliveTimer;
  cleanupRetryTimer;
  cleanupInProgress = false;
  /** The stream JSON-RPC reads server→client frames from. */
  receiveStream;
  /** The stream JSON-RPC writes client→server frames to. */
  sendStream;
  /**
   * Loads the runtime cdylib at the given path and prepares the FFI host.
   */
  static create(libraryPath, cliEntrypoint, environment, args) {
    const fullLibraryPath = (0,external_node_path_.resolve)(libraryPath);
    if (!(0,external_node_fs_.existsSync)(fullLibraryPath)) {
      throw new Error(`FFI runtime library not found at '${fullLibraryPath}'.`);
    }
    return new FfiRuntimeHost(
      fullLibraryPath,
      cliEntrypoint ? (0,external_node_path_.resolve)(cliEntrypoint) : void 0,
      environment,
      args
    );
  }
  /** Starts the in-process Rust runtime and opens the FFI JSON-RPC connection. */
  async start() {
    if (this.disposed) {
      throw new Error("The in-process runtime host is disposed.");
    }
    this.starting = true;
    const argvJson = buildArgvJson(this.cliEntrypoint, this.args);
    const envJson = buildEnvJson(this.environment);
    try {
      this.serverId = await new Promise((resolvePromise, rejectPromise) => {
        this.lib.hostStart.async(
          argvJson,
          argvJson.length,
          envJson,
          envJson ? envJson.length : 0,
          (error, result) => {
            if (error) {
              rejectPromise(error);
            } else {
              resolvePromise(result);
            }
          }
        );
      });
      if (!this.serverId) {
        throw new Error(
          `copilot_runtime_host_start failed (library '${this.libraryPath}').`
        );
      }
      if (this.disposed) {
        throw new Error("The in-process runtime host was disposed during startup.");
      }
      this.outboundCallback = index_default.register(
        (_userData, bytesPtr, bytesLen) => this.feedInbound(bytesPtr, bytesLen),
        this.lib.outboundCallbackType
      );
      this.connectionId = this.lib.connectionOpen(
        this.serverId,
        this.outboundCallback,
        null,
        null,
        0,
        null,
        0,
        null,
        0
      );
      if (!this.connectionId) {
        this.unregisterCallback();
        this.lib.hostShutdown(this.serverId);
        this.serverId = 0;
        throw new Error("copilot_runtime_connection_open failed.");
      }
      this.keepAliveTimer = setInterval(() => {
      }, KEEP_ALIVE_INTERVAL_MS);
    } finally {
      this.starting = false;
      if (this.disposed) {
        void this.tryFinalizeCleanup();
      }
    }
  }
  writeFrame(frame) {
    if (this.disposed || !this.connectionId) {
      throw new Error("The in-process runtime connection is closed.");
    }
    const ok = this.lib.connectionWrite(this.connectionId, frame, frame.length);
    if (!ok) {
      throw new Error("Failed to write a frame to the in-process runtime connection.");
    }
  }
  /**
   * Native outbound (server→client) callback. koffi delivers it on the JS event loop
   * via a threadsafe function, so the frame is decoded and written straight to
   * {@link receiveStream}. The native pointer is only valid for this call, so the
   * bytes are copied out before returning.
   */
  feedInbound(bytesPtr, bytesLen) {
    try {
      if (this.disposed || this.receiveStream.writableEnded) {
        return;
      }
      const length = Number(bytesLen);
      if (!bytesPtr || length <= 0) {
        return;
      }
      const bytes = index_default.decode(
        bytesPtr,
        index_default.array("uint8", length, "Typed")
      );
      this.receiveStream.write(Buffer.from(bytes));
    } catch (error) {
      console.error(
        `In-process FFI inbound callback failed: ${error instanceof Error ? error.stack ?? error.message : String(error)}`
      );
    }
  }
  unregisterCallback() {
    if (this.outboundCallback === void 0) {
      return true;
    }
    const callback = this.outboundCallback;
    try {
      index_default.unregister(callback);
      this.outboundCallback = void 0;
      return true;
    } catch (error) {
      console.error(
        `Failed to unregister in-process FFI callback: ${error instanceof Error ? error.stack ?? error.message : String(error)}`
      );
      FfiRuntimeHost.quarantinedHosts.add(this);
      return false;
    }
  }
  scheduleCleanupRetry() {
    if (this.cleanupRetryTimer !== void 0) {
      return;
    }
    this.cleanupRetryTimer = setTimeout(() => {
      this.cleanupRetryTimer = void 0;
      void this.tryFinalizeCleanup();
    }, CLEANUP_RETRY_INTERVAL_MS);
  }
  async tryFinalizeCleanup() {
    if (this.cleanupInProgress) {
      this.scheduleCleanupRetry();
      return;
    }
    this.cleanupInProgress = true;
    try {
      if (this.connectionId) {
        let closed = false;
        try {
          closed = await new Promise((resolvePromise, rejectPromise) => {
            this.lib.connectionClose.async(
              this.connectionId,
              (error, result) => {
                if (error) {
                  rejectPromise(error);
                } else {
                  resolvePromise(result);
                }
              }
            );
          });
        } catch (error) {
          console.error(
            `Failed to close in-process FFI connection: ${error instanceof Error ? error.stack ?? error.message : String(error)}`
          );
          FfiRuntimeHost.quarantinedHosts.add(this);
          if (this.keepAliveTimer !== void 0) {
            clearInterval(this.keepAliveTimer);
            this.keepAliveTimer = void 0;
          }
          return;
        }
        if (!closed) {
          this.scheduleCleanupRetry();
          return;
        }
        this.connectionId = 0;
      }
      const callbackUnregistered = this.unregisterCallback();
      if (this.keepAliveTimer !== void 0) {
        clearInterval(this.keepAliveTimer);
        this.keepAliveTimer = void 0;
      }
      if (this.serverId) {
        try {
          if (!this.lib.hostShutdown(this.serverId)) {
            console.error(
              `In-process FFI host shutdown did not recognize server ${this.serverId}.`
            );
          }
        } catch (error) {
          console.error(
            `Failed to shut down in-process FFI host: ${error instanceof Error ? error.stack ?? error.message : String(error)}`
          );
        }
        this.serverId = 0;
      }
      if (callbackUnregistered) {
        FfiRuntimeHost.quarantinedHosts.delete(this);
      }
    } finally {
      this.cleanupInProgress = false;
    }
  }
  /** Awaits the initial cleanup attempt; a non-quiescent close is retried in the background. */
  async dispose() {
    if (this.disposed) {
      return;
    }
    this.disposed = true;
    this.receiveStream.end();
    if (!this.starting) {
      await this.tryFinalizeCleanup();
    }
  }
}



/***/ })

};
