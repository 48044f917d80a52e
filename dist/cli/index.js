#!/usr/bin/env node
import { createRequire as __WEBPACK_EXTERNAL_createRequire } from "module";
/******/ var __webpack_modules__ = ({

/***/ 486:
/***/ ((module, __webpack_exports__, __nccwpck_require__) => {

__nccwpck_require__.a(module, async (__webpack_handle_async_dependencies__, __webpack_async_result__) => { try {
/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   a: () => (/* binding */ runCli)
/* harmony export */ });
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(3024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__nccwpck_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_url__WEBPACK_IMPORTED_MODULE_1__ = __nccwpck_require__(3136);
/* harmony import */ var node_url__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__nccwpck_require__.n(node_url__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var _usage_error_js__WEBPACK_IMPORTED_MODULE_2__ = __nccwpck_require__(4226);
/* harmony import */ var _inert_output_js__WEBPACK_IMPORTED_MODULE_3__ = __nccwpck_require__(8394);
/* harmony import */ var _text_inert_stderr_js__WEBPACK_IMPORTED_MODULE_4__ = __nccwpck_require__(4616);
/**
 * The CLI entry: dispatch to a command, and the one top-level error boundary.
 * Exit codes: 0 healed / nothing to do, 1 not healed, 2 bad usage or configuration.
 */





const COMMANDS = {
    parse: {
        summary: 'read JUnit reports and logs into failure frames',
        load: async () => (await Promise.all(/* import() */[__nccwpck_require__.e(933), __nccwpck_require__.e(170), __nccwpck_require__.e(606)]).then(__nccwpck_require__.bind(__nccwpck_require__, 1606))).main,
    },
    run: {
        summary: 'reproduce, repair and verify failing tests',
        load: async () => (await Promise.all(/* import() */[__nccwpck_require__.e(933), __nccwpck_require__.e(182), __nccwpck_require__.e(157), __nccwpck_require__.e(170), __nccwpck_require__.e(217), __nccwpck_require__.e(572)]).then(__nccwpck_require__.bind(__nccwpck_require__, 2572))).main,
    },
    demo: {
        summary: 'heal a bundled example project with the built-in engine',
        load: async () => (await Promise.all(/* import() */[__nccwpck_require__.e(933), __nccwpck_require__.e(182), __nccwpck_require__.e(170), __nccwpck_require__.e(217), __nccwpck_require__.e(484)]).then(__nccwpck_require__.bind(__nccwpck_require__, 484))).main,
    },
};
function usage() {
    const lines = ['usage: self-heal <command> [options]', '', 'commands:'];
    for (const [name, c] of Object.entries(COMMANDS))
        lines.push(`  ${name.padEnd(8)}${c.summary}`);
    lines.push('', "Run 'self-heal <command> --help' for a command's options.");
    return lines.join('\n') + '\n';
}
async function runCli(argv, rawIO) {
    // Every byte printed below goes through here: inert for the Actions runner (inert-output.ts).
    const io = (0,_inert_output_js__WEBPACK_IMPORTED_MODULE_3__/* .inertOutput */ .Gv)(rawIO);
    const [name, ...rest] = argv;
    if (!name || name === '--help' || name === '-h' || name === 'help') {
        io.stdout(usage());
        return name ? 0 : 2;
    }
    if (name === '--version' || name === '-v') {
        io.stdout(`${process.env.npm_package_version ?? '0.1.0'}\n`);
        return 0;
    }
    const command = COMMANDS[name];
    if (!command) {
        io.stderr(`self-heal: unknown command '${name}'\n\n${usage()}`);
        return 2;
    }
    // What dependencies print to the process's stderr themselves (the Copilot SDK echoes its runtime).
    const restoreStderr = io.runnerReads?.stderr ? (0,_text_inert_stderr_js__WEBPACK_IMPORTED_MODULE_4__/* .makeStderrInert */ .P)() : () => { };
    try {
        return await (await command.load())(rest, io);
    }
    catch (error) {
        if (error instanceof _usage_error_js__WEBPACK_IMPORTED_MODULE_2__/* .UsageError */ .e) {
            io.stderr(`self-heal ${name}: ${error.message}\n`);
            return 2;
        }
        const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
        io.stderr(`self-heal ${name}: unexpected error: ${message}\n`);
        return 1;
    }
    finally {
        restoreStderr();
    }
}
/**
 * Run only when this file is the program (`node dist/cli/index.js`, the npm bin link, `tsx`), not
 * when a test imports `runCli`. Real paths, since npm's bin entry is a symlink to the bundle.
 */
function invokedDirectly() {
    const entry = process.argv[1];
    if (!entry)
        return false;
    try {
        return (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.realpathSync)(entry) === (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.realpathSync)((0,node_url__WEBPACK_IMPORTED_MODULE_1__.fileURLToPath)(import.meta.url));
    }
    catch {
        return false;
    }
}
if (invokedDirectly()) {
    const io = {
        stdout: (t) => process.stdout.write(t),
        stderr: (t) => process.stderr.write(t),
        cwd: process.cwd(),
        env: process.env,
        runnerReads: (0,_inert_output_js__WEBPACK_IMPORTED_MODULE_3__/* .detectRunnerReads */ .hM)(process.env),
    };
    process.exitCode = await runCli(process.argv.slice(2), io);
}

__webpack_async_result__();
} catch(e) { __webpack_async_result__(e); } }, 1);

/***/ }),

/***/ 8394:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   Gv: () => (/* binding */ inertOutput),
/* harmony export */   Q2: () => (/* binding */ printJson),
/* harmony export */   hM: () => (/* binding */ detectRunnerReads)
/* harmony export */ });
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(3024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__nccwpck_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var _text_workflow_commands_js__WEBPACK_IMPORTED_MODULE_1__ = __nccwpck_require__(7929);
/**
 * Everything the CLI prints is inert when the Actions runner reads it: test names, messages, logs
 * and model text cannot issue workflow commands (`::add-mask::`, `::error file=…`, `##[set-output …]`).
 * Commands print through the `CliIO` that `runCli` wraps here, so this is the one place.
 *
 * - stdout, the command's product, keeps its exact text: a write that may hold a command is wrapped
 *   in `::stop-commands::<token>` … `::<token>::`, as the action does. JSON (`printJson`) is
 *   escaped inside its strings instead, so it stays a valid document with the same strings.
 * - stderr, progress and diagnostics, is made inert line by line (`inertLines`): the runner shares
 *   one stop-commands state between both streams and may interleave their lines, so a resume on
 *   stderr could end a block on stdout early.
 * Each write ends a line there, so two writes cannot join into a line neither was checked as. A
 * stream redirected to a file is not read by the runner and is left alone (a summary file must not
 * collect stop-commands lines).
 */


/** Which of this process's streams the runner reads: in Actions, those not redirected to a file. */
function detectRunnerReads(env) {
    const inActions = env.GITHUB_ACTIONS === 'true';
    const isFile = (fd) => {
        try {
            return (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.fstatSync)(fd).isFile();
        }
        catch {
            return false;
        }
    };
    return { stdout: inActions && !isFile(1), stderr: inActions && !isFile(2) };
}
/** Whole lines: a write that ended mid-line would join the next into a line neither was checked as. */
function wholeLines(text) {
    return /[\r\n]$/.test(text) ? text : `${text}\n`;
}
/** One write as a stop-commands block on lines of its own, or unchanged when it holds no command. */
function neutraliseWrite(text) {
    const lines = wholeLines(text);
    return (0,_text_workflow_commands_js__WEBPACK_IMPORTED_MODULE_1__/* .mayContainCommand */ .l1)(lines) ? `${(0,_text_workflow_commands_js__WEBPACK_IMPORTED_MODULE_1__/* .neutraliseCommands */ .$B)(lines)}\n` : lines;
}
/** `io` with its output made inert where the runner reads it. */
function inertOutput(io) {
    const reads = io.runnerReads ?? {
        stdout: io.env.GITHUB_ACTIONS === 'true',
        stderr: io.env.GITHUB_ACTIONS === 'true',
    };
    return {
        ...io,
        runnerReads: reads,
        stdout: reads.stdout ? (text) => void (text && io.stdout(neutraliseWrite(text))) : io.stdout,
        stderr: reads.stderr ? (text) => void (text && io.stderr((0,_text_workflow_commands_js__WEBPACK_IMPORTED_MODULE_1__/* .inertLines */ .wi)(wholeLines(text)))) : io.stderr,
    };
}
/** A JSON document on stdout, pretty-printed; escaped (and equal after parsing) where the runner reads it. */
function printJson(io, value) {
    const json = JSON.stringify(value, null, 2);
    io.stdout(`${io.runnerReads?.stdout ? (0,_text_workflow_commands_js__WEBPACK_IMPORTED_MODULE_1__/* .escapeCommandsInJson */ .Ln)(json) : json}\n`);
}


/***/ }),

/***/ 4226:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   e: () => (/* binding */ UsageError)
/* harmony export */ });
/** Bad usage or configuration: the CLI prints the message (which names the flag and what it expects) and exits 2. */
class UsageError extends Error {
    constructor(message) {
        super(message);
        this.name = 'UsageError';
    }
}


/***/ }),

/***/ 4616:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   P: () => (/* binding */ makeStderrInert)
/* harmony export */ });
/* harmony import */ var _workflow_commands_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(7929);
/**
 * The action issues workflow commands on stdout only (`@actions/core` writes them there), so
 * nothing on stderr is ever meant as one. Some dependencies print untrusted text to stderr
 * themselves: @github/copilot-sdk 1.0.14 echoes every line the Copilot runtime writes as
 * `[CLI subprocess] …`, and the runner reads a lone `\r` as a line break, so a `\r::add-mask::…` or
 * a `##[set-output …]` inside it would be obeyed. While the action runs (and the CLI, when the
 * runner reads its stderr), every stderr write is made inert line by line (`inertLines`).
 */

/** Wrap `stream.write`; the returned function puts the original back. */
function makeStderrInert(stream = process.stderr) {
    const original = stream.write;
    // Each write is read as starting a line (the safe side); the SDK writes one whole line per call.
    const write = function (chunk, ...rest) {
        const text = typeof chunk === 'string' ? chunk : chunk instanceof Uint8Array ? Buffer.from(chunk).toString('utf8') : chunk;
        const out = typeof text === 'string' ? (0,_workflow_commands_js__WEBPACK_IMPORTED_MODULE_0__/* .inertLines */ .wi)(text) : text;
        return original.call(stream, out, ...rest);
    };
    stream.write = write;
    return () => {
        if (stream.write === write)
            stream.write = original;
    };
}


/***/ }),

/***/ 7929:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   $B: () => (/* binding */ neutraliseCommands),
/* harmony export */   Ln: () => (/* binding */ escapeCommandsInJson),
/* harmony export */   l1: () => (/* binding */ mayContainCommand),
/* harmony export */   wi: () => (/* binding */ inertLines)
/* harmony export */ });
/* unused harmony exports escapeCommandData, escapeCommandProperty, formatCommand, newStopToken */
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(7598);
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__nccwpck_require__.n(node_crypto__WEBPACK_IMPORTED_MODULE_0__);
/**
 * Workflow commands: formatting the ones we issue, and neutralising the ones hidden in text we echo.
 *
 * The runner reads commands from every line a step prints, on stdout and stderr alike
 * (actions/runner `ActionCommand.cs`, `Handlers/OutputManager.cs`, `ProcessInvoker.cs`):
 * - lines are split as .NET `StreamReader.ReadLine` splits them: `\n`, `\r\n` and a lone `\r`;
 * - `::name k=v,k=v::data` when the line starts with `::` after .NET `TrimStart()` whitespace;
 * - the legacy `##[name k=v;]data` ANYWHERE in a line (only its first `##[` is tried);
 * - command names are case-insensitive; while `::stop-commands::<token>` is in force, only a line
 *   `::<token>::` is read, and that state is shared by stdout and stderr.
 * The runner matches `::` and `##[` culture-sensitively, which (with ICU) skips ignorable characters
 * such as U+00AD or U+200B; but it then cuts the name at fixed offsets, so a command it accepts
 * always has the plain `::` at the trimmed line start or the plain `##[` before its name. A
 * zero-width character is therefore no escape, and plain `::` / `##[` is the thing to look for.
 *
 * Three ways out, for three kinds of output:
 * - `neutraliseCommands`: the runner's own switch, `::stop-commands::<token>` … `::<token>::`, which
 *   keeps the text exact. The token is 128 random bits, so text cannot guess it to resume early.
 *   Two streams must not both use it: the runner may interleave their lines, and one stream's
 *   resume would end the other's block.
 * - `inertLines`: each line made inert on its own (no state), for a second stream.
 * - `escapeCommandsInJson`: JSON escapes inside strings, so the document stays valid and parses
 *   back to the exact same strings.
 */

/** Escape a command's data (the part after the second `::`), as the runner unescapes it. */
function escapeCommandData(value) {
    return value.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}
/** Escape a property value: additionally `:` and `,`, which separate properties. */
function escapeCommandProperty(value) {
    return escapeCommandData(value).replace(/:/g, '%3A').replace(/,/g, '%2C');
}
/** `::name k=v,...::data`, properties with empty values left out (as @actions/core does). */
function formatCommand(name, properties, data) {
    const props = Object.entries(properties)
        .filter(([, v]) => v !== undefined && v !== '')
        .map(([k, v]) => `${k}=${escapeCommandProperty(String(v))}`);
    return `::${name}${props.length ? ` ${props.join(',')}` : ''}::${escapeCommandData(data)}`;
}
/**
 * Could the runner read a command anywhere in this text? Deliberately coarse: any `::` or `##[`.
 * (The runner trims .NET whitespace, a wider set than JavaScript's `\s`, and splits lines on a lone
 * `\r` too; matching the exact rule would be fragile, wrapping a harmless line costs nothing.)
 */
function mayContainCommand(text) {
    return text.includes('::') || text.includes('##[');
}
/** A fresh resume token: hex, so it can never contain `::` or `]`. */
function newStopToken() {
    return `self-heal-${(0,node_crypto__WEBPACK_IMPORTED_MODULE_0__.randomBytes)(16).toString('hex')}`;
}
/**
 * Return `text` such that printing it issues no workflow command: unchanged when it cannot contain
 * one, else wrapped in `::stop-commands::<token>` … `::<token>::` on lines of their own.
 * The result always ends without a trailing newline, like the input's last line.
 */
function neutraliseCommands(text, token = newStopToken()) {
    if (!mayContainCommand(text))
        return text;
    // Paranoia: a caller-supplied token that occurs in the text would let the text resume early.
    while (text.includes(token))
        token = newStopToken();
    const body = text.endsWith('\n') ? text.slice(0, -1) : text;
    return `::stop-commands::${token}\n${body}\n::${token}::`;
}
/** What .NET `TrimStart()` removes, widened by what ICU may ignore (the superset is the safe side). */
const LINE_START_COMMAND = /^([\s\p{Cc}\p{Default_Ignorable_Code_Point}]*):(?=:)/u;
/**
 * `text` with every line inert on its own, whatever the runner's state: a `::` at a line start
 * becomes `%3A:` and every `##[` becomes `##%5B` (the runner's own escapes, left undecoded). For
 * human-read output on a stream that cannot use `neutraliseCommands` (see the file comment).
 */
function inertLines(text) {
    if (!mayContainCommand(text))
        return text;
    return text
        .split(/(\r\n|\r|\n)/)
        .map((part, i) => (i % 2 === 1 ? part : part.replace(/##\[/g, '##%5B').replace(LINE_START_COMMAND, '$1%3A')))
        .join('');
}
/**
 * Serialised JSON in which no line can issue a command, still valid and equal after `JSON.parse`:
 * every `::` becomes `:\u003a` and every `##[` becomes `##\u005b`. Both can only occur inside
 * strings (JSON's own syntax never puts two colons together or a `#` outside a string), and neither
 * `:` nor `[` can follow an escaping backslash, so the replacement is always a valid escape.
 * An escape, unlike a zero-width character, gives a consumer the exact original text.
 */
function escapeCommandsInJson(json) {
    return json.replace(/::/g, ':\\u003a').replace(/##\[/g, '##\\u005b');
}


/***/ }),

/***/ 2613:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("assert");

/***/ }),

/***/ 6982:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("crypto");

/***/ }),

/***/ 4434:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("events");

/***/ }),

/***/ 9896:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("fs");

/***/ }),

/***/ 1943:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("fs/promises");

/***/ }),

/***/ 8611:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("http");

/***/ }),

/***/ 5692:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("https");

/***/ }),

/***/ 3339:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("module");

/***/ }),

/***/ 9278:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("net");

/***/ }),

/***/ 4589:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:assert");

/***/ }),

/***/ 6698:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:async_hooks");

/***/ }),

/***/ 4573:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:buffer");

/***/ }),

/***/ 1421:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:child_process");

/***/ }),

/***/ 7540:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:console");

/***/ }),

/***/ 7598:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:crypto");

/***/ }),

/***/ 3053:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:diagnostics_channel");

/***/ }),

/***/ 610:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:dns");

/***/ }),

/***/ 8474:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:events");

/***/ }),

/***/ 3024:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:fs");

/***/ }),

/***/ 1455:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:fs/promises");

/***/ }),

/***/ 7067:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:http");

/***/ }),

/***/ 2467:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:http2");

/***/ }),

/***/ 8995:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:module");

/***/ }),

/***/ 7030:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:net");

/***/ }),

/***/ 8161:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:os");

/***/ }),

/***/ 6760:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:path");

/***/ }),

/***/ 643:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:perf_hooks");

/***/ }),

/***/ 1792:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:querystring");

/***/ }),

/***/ 7075:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:stream");

/***/ }),

/***/ 1692:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:tls");

/***/ }),

/***/ 3136:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:url");

/***/ }),

/***/ 7975:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:util");

/***/ }),

/***/ 3429:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:util/types");

/***/ }),

/***/ 5919:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:worker_threads");

/***/ }),

/***/ 8522:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:zlib");

/***/ }),

/***/ 857:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("os");

/***/ }),

/***/ 6928:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("path");

/***/ }),

/***/ 3193:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("string_decoder");

/***/ }),

/***/ 4756:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("tls");

/***/ }),

/***/ 7016:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("url");

/***/ }),

/***/ 9023:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("util");

/***/ })

/******/ });
/************************************************************************/
/******/ // The module cache
/******/ var __webpack_module_cache__ = {};
/******/ 
/******/ // The require function
/******/ function __nccwpck_require__(moduleId) {
/******/ 	// Check if module is in cache
/******/ 	var cachedModule = __webpack_module_cache__[moduleId];
/******/ 	if (cachedModule !== undefined) {
/******/ 		return cachedModule.exports;
/******/ 	}
/******/ 	// Create a new module (and put it into the cache)
/******/ 	var module = __webpack_module_cache__[moduleId] = {
/******/ 		// no module.id needed
/******/ 		// no module.loaded needed
/******/ 		exports: {}
/******/ 	};
/******/ 
/******/ 	// Execute the module function
/******/ 	var threw = true;
/******/ 	try {
/******/ 		__webpack_modules__[moduleId].call(module.exports, module, module.exports, __nccwpck_require__);
/******/ 		threw = false;
/******/ 	} finally {
/******/ 		if(threw) delete __webpack_module_cache__[moduleId];
/******/ 	}
/******/ 
/******/ 	// Return the exports of the module
/******/ 	return module.exports;
/******/ }
/******/ 
/******/ // expose the modules object (__webpack_modules__)
/******/ __nccwpck_require__.m = __webpack_modules__;
/******/ 
/************************************************************************/
/******/ /* webpack/runtime/asset-relocator-loader */
/******/ if (typeof __nccwpck_require__ !== 'undefined') __nccwpck_require__.ab = decodeURIComponent(new URL('.', import.meta.url).pathname).slice(import.meta.url.match(/^file:\/\/\/\w:/) ? 1 : 0, -1) + "/";
/******/ 
/******/ /* webpack/runtime/async module */
/******/ (() => {
/******/ 	var webpackQueues = typeof Symbol === "function" ? Symbol("webpack queues") : "__webpack_queues__";
/******/ 	var webpackExports = typeof Symbol === "function" ? Symbol("webpack exports") : "__webpack_exports__";
/******/ 	var webpackError = typeof Symbol === "function" ? Symbol("webpack error") : "__webpack_error__";
/******/ 	var resolveQueue = (queue) => {
/******/ 		if(queue && queue.d < 1) {
/******/ 			queue.d = 1;
/******/ 			queue.forEach((fn) => (fn.r--));
/******/ 			queue.forEach((fn) => (fn.r-- ? fn.r++ : fn()));
/******/ 		}
/******/ 	}
/******/ 	var wrapDeps = (deps) => (deps.map((dep) => {
/******/ 		if(dep !== null && typeof dep === "object") {
/******/ 			if(dep[webpackQueues]) return dep;
/******/ 			if(dep.then) {
/******/ 				var queue = [];
/******/ 				queue.d = 0;
/******/ 				dep.then((r) => {
/******/ 					obj[webpackExports] = r;
/******/ 					resolveQueue(queue);
/******/ 				}, (e) => {
/******/ 					obj[webpackError] = e;
/******/ 					resolveQueue(queue);
/******/ 				});
/******/ 				var obj = {};
/******/ 				obj[webpackQueues] = (fn) => (fn(queue));
/******/ 				return obj;
/******/ 			}
/******/ 		}
/******/ 		var ret = {};
/******/ 		ret[webpackQueues] = x => {};
/******/ 		ret[webpackExports] = dep;
/******/ 		return ret;
/******/ 	}));
/******/ 	__nccwpck_require__.a = (module, body, hasAwait) => {
/******/ 		var queue;
/******/ 		hasAwait && ((queue = []).d = -1);
/******/ 		var depQueues = new Set();
/******/ 		var exports = module.exports;
/******/ 		var currentDeps;
/******/ 		var outerResolve;
/******/ 		var reject;
/******/ 		var promise = new Promise((resolve, rej) => {
/******/ 			reject = rej;
/******/ 			outerResolve = resolve;
/******/ 		});
/******/ 		promise[webpackExports] = exports;
/******/ 		promise[webpackQueues] = (fn) => (queue && fn(queue), depQueues.forEach(fn), promise["catch"](x => {}));
/******/ 		module.exports = promise;
/******/ 		body((deps) => {
/******/ 			currentDeps = wrapDeps(deps);
/******/ 			var fn;
/******/ 			var getResult = () => (currentDeps.map((d) => {
/******/ 				if(d[webpackError]) throw d[webpackError];
/******/ 				return d[webpackExports];
/******/ 			}))
/******/ 			var promise = new Promise((resolve) => {
/******/ 				fn = () => (resolve(getResult));
/******/ 				fn.r = 0;
/******/ 				var fnQueue = (q) => (q !== queue && !depQueues.has(q) && (depQueues.add(q), q && !q.d && (fn.r++, q.push(fn))));
/******/ 				currentDeps.map((dep) => (dep[webpackQueues](fnQueue)));
/******/ 			});
/******/ 			return fn.r ? promise : getResult();
/******/ 		}, (err) => ((err ? reject(promise[webpackError] = err) : outerResolve(exports)), resolveQueue(queue)));
/******/ 		queue && queue.d < 0 && (queue.d = 0);
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/compat get default export */
/******/ (() => {
/******/ 	// getDefaultExport function for compatibility with non-harmony modules
/******/ 	__nccwpck_require__.n = (module) => {
/******/ 		var getter = module && module.__esModule ?
/******/ 			() => (module['default']) :
/******/ 			() => (module);
/******/ 		__nccwpck_require__.d(getter, { a: getter });
/******/ 		return getter;
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/create fake namespace object */
/******/ (() => {
/******/ 	var getProto = Object.getPrototypeOf ? (obj) => (Object.getPrototypeOf(obj)) : (obj) => (obj.__proto__);
/******/ 	var leafPrototypes;
/******/ 	// create a fake namespace object
/******/ 	// mode & 1: value is a module id, require it
/******/ 	// mode & 2: merge all properties of value into the ns
/******/ 	// mode & 4: return value when already ns object
/******/ 	// mode & 16: return value when it's Promise-like
/******/ 	// mode & 8|1: behave like require
/******/ 	__nccwpck_require__.t = function(value, mode) {
/******/ 		if(mode & 1) value = this(value);
/******/ 		if(mode & 8) return value;
/******/ 		if(typeof value === 'object' && value) {
/******/ 			if((mode & 4) && value.__esModule) return value;
/******/ 			if((mode & 16) && typeof value.then === 'function') return value;
/******/ 		}
/******/ 		var ns = Object.create(null);
/******/ 		__nccwpck_require__.r(ns);
/******/ 		var def = {};
/******/ 		leafPrototypes = leafPrototypes || [null, getProto({}), getProto([]), getProto(getProto)];
/******/ 		for(var current = mode & 2 && value; typeof current == 'object' && !~leafPrototypes.indexOf(current); current = getProto(current)) {
/******/ 			Object.getOwnPropertyNames(current).forEach((key) => (def[key] = () => (value[key])));
/******/ 		}
/******/ 		def['default'] = () => (value);
/******/ 		__nccwpck_require__.d(ns, def);
/******/ 		return ns;
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/define property getters */
/******/ (() => {
/******/ 	// define getter functions for harmony exports
/******/ 	__nccwpck_require__.d = (exports, definition) => {
/******/ 		for(var key in definition) {
/******/ 			if(__nccwpck_require__.o(definition, key) && !__nccwpck_require__.o(exports, key)) {
/******/ 				Object.defineProperty(exports, key, { enumerable: true, get: definition[key] });
/******/ 			}
/******/ 		}
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/ensure chunk */
/******/ (() => {
/******/ 	__nccwpck_require__.f = {};
/******/ 	// This file contains only the entry chunk.
/******/ 	// The chunk loading function for additional chunks
/******/ 	__nccwpck_require__.e = (chunkId) => {
/******/ 		return Promise.all(Object.keys(__nccwpck_require__.f).reduce((promises, key) => {
/******/ 			__nccwpck_require__.f[key](chunkId, promises);
/******/ 			return promises;
/******/ 		}, []));
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/get javascript chunk filename */
/******/ (() => {
/******/ 	// This function allow to reference async chunks
/******/ 	__nccwpck_require__.u = (chunkId) => {
/******/ 		// return url for filenames based on template
/******/ 		return "" + chunkId + ".index.js";
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/hasOwnProperty shorthand */
/******/ (() => {
/******/ 	__nccwpck_require__.o = (obj, prop) => (Object.prototype.hasOwnProperty.call(obj, prop))
/******/ })();
/******/ 
/******/ /* webpack/runtime/make namespace object */
/******/ (() => {
/******/ 	// define __esModule on exports
/******/ 	__nccwpck_require__.r = (exports) => {
/******/ 		if(typeof Symbol !== 'undefined' && Symbol.toStringTag) {
/******/ 			Object.defineProperty(exports, Symbol.toStringTag, { value: 'Module' });
/******/ 		}
/******/ 		Object.defineProperty(exports, '__esModule', { value: true });
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/import chunk loading */
/******/ (() => {
/******/ 	// no baseURI
/******/ 	
/******/ 	// object to store loaded and loading chunks
/******/ 	// undefined = chunk not loaded, null = chunk preloaded/prefetched
/******/ 	// [resolve, Promise] = chunk loading, 0 = chunk loaded
/******/ 	var installedChunks = {
/******/ 		792: 0
/******/ 	};
/******/ 	
/******/ 	var installChunk = (data) => {
/******/ 		var {ids, modules, runtime} = data;
/******/ 		// add "modules" to the modules object,
/******/ 		// then flag all "ids" as loaded and fire callback
/******/ 		var moduleId, chunkId, i = 0;
/******/ 		for(moduleId in modules) {
/******/ 			if(__nccwpck_require__.o(modules, moduleId)) {
/******/ 				__nccwpck_require__.m[moduleId] = modules[moduleId];
/******/ 			}
/******/ 		}
/******/ 		if(runtime) runtime(__nccwpck_require__);
/******/ 		for(;i < ids.length; i++) {
/******/ 			chunkId = ids[i];
/******/ 			if(__nccwpck_require__.o(installedChunks, chunkId) && installedChunks[chunkId]) {
/******/ 				installedChunks[chunkId][0]();
/******/ 			}
/******/ 			installedChunks[ids[i]] = 0;
/******/ 		}
/******/ 	
/******/ 	}
/******/ 	
/******/ 	__nccwpck_require__.f.j = (chunkId, promises) => {
/******/ 			// import() chunk loading for javascript
/******/ 			var installedChunkData = __nccwpck_require__.o(installedChunks, chunkId) ? installedChunks[chunkId] : undefined;
/******/ 			if(installedChunkData !== 0) { // 0 means "already installed".
/******/ 	
/******/ 				// a Promise means "currently loading".
/******/ 				if(installedChunkData) {
/******/ 					promises.push(installedChunkData[1]);
/******/ 				} else {
/******/ 					if(true) { // all chunks have JS
/******/ 						// setup Promise in chunk cache
/******/ 						var promise = import("./" + __nccwpck_require__.u(chunkId)).then(installChunk, (e) => {
/******/ 							if(installedChunks[chunkId] !== 0) installedChunks[chunkId] = undefined;
/******/ 							throw e;
/******/ 						});
/******/ 						var promise = Promise.race([promise, new Promise((resolve) => (installedChunkData = installedChunks[chunkId] = [resolve]))])
/******/ 						promises.push(installedChunkData[1] = promise);
/******/ 					}
/******/ 				}
/******/ 			}
/******/ 	};
/******/ 	
/******/ 	// no prefetching
/******/ 	
/******/ 	// no preloaded
/******/ 	
/******/ 	// no external install chunk
/******/ 	
/******/ 	// no on chunks loaded
/******/ })();
/******/ 
/************************************************************************/
/******/ 
/******/ // startup
/******/ // Load entry module and return exports
/******/ // This entry module used 'module' so it can't be inlined
/******/ var __webpack_exports__ = __nccwpck_require__(486);
/******/ __webpack_exports__ = await __webpack_exports__;
/******/ var __webpack_exports__runCli = __webpack_exports__.a;
/******/ export { __webpack_exports__runCli as runCli };
/******/ 
