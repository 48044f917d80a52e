export const id = 606;
export const ids = [606];
export const modules = {

/***/ 1606:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   main: () => (/* binding */ main)
/* harmony export */ });
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var _args_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(7593);
/* harmony import */ var _inert_output_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(8394);
/* harmony import */ var _usage_error_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(4226);
/* harmony import */ var _frames_collect_evidence_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(215);
/* harmony import */ var _frames_build_frames_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(7236);
/* harmony import */ var _contracts_failure_frame_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(6333);
/* harmony import */ var _frames_frames_markdown_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(9909);
/* harmony import */ var _frames_frames_text_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(7172);
/**
 * `self-heal parse`: read JUnit reports (and a log) into failure frames and print them.
 * Exit 0 when the inputs could be read (whatever the tests did), 1 when nothing could be read,
 * 2 for bad usage.
 */









/** Upper bound of --max-failures: every frame is kept in memory and printed. */
const MAX_FAILURES_LIMIT = 100_000;
const FLAGS = {
    junit: { type: 'string', multiple: true, expects: '<glob>' },
    log: { type: 'string', expects: '<file>' },
    root: { type: 'string', expects: '<dir>' },
    format: { type: 'string', expects: 'json|markdown|text' },
    'max-failures': { type: 'string', expects: `<1-${MAX_FAILURES_LIMIT}>` },
    help: { type: 'boolean', short: 'h' },
};
const FORMATS = ['json', 'markdown', 'text'];
const HELP = `usage: self-heal parse [--junit <glob>]... [<glob>...] [--log <file>] [--root <dir>] [--format json|markdown|text] [--max-failures <n>]

Reads JUnit XML reports (and a test log) and prints one failure frame per failing test: where it
failed in your code, the exception, the expression and the lines around it.

${(0,_args_js__WEBPACK_IMPORTED_MODULE_1__/* .describeFlags */ .Jv)(FLAGS, {
    junit: 'glob of JUnit XML reports, relative to --root; repeatable (globs may also be given as arguments)',
    log: 'the console log of the test run (pytest, jest, vitest, go test, cargo test, maven…), relative to --root',
    root: 'the repository root (default: the current directory)',
    format: 'output: json (the FramesReport schema, default), markdown or text',
    'max-failures': `frames built at most (default ${_frames_build_frames_js__WEBPACK_IMPORTED_MODULE_5__/* .DEFAULT_MAX_FAILURES */ .BB}); further failing tests are counted as not framed`,
    help: 'show this help',
})}

Exit status: 0 when the reports were read (even with failing tests), 1 when nothing could be read,
2 for bad usage.
`;
async function main(argv, io) {
    const { flags, positionals } = (0,_args_js__WEBPACK_IMPORTED_MODULE_1__/* .parseFlags */ .bQ)(argv, FLAGS, { positionals: true });
    if (flags.help) {
        io.stdout(HELP);
        return 0;
    }
    const format = (0,_args_js__WEBPACK_IMPORTED_MODULE_1__/* .oneOf */ .yL)('format', flags.format, FORMATS, 'json');
    const junit = [...(flags.junit ?? []), ...positionals];
    for (const glob of junit)
        if (!glob.trim())
            throw new _usage_error_js__WEBPACK_IMPORTED_MODULE_3__/* .UsageError */ .e('--junit expects a non-empty <glob>');
    if (flags.log !== undefined && !flags.log.trim())
        throw new _usage_error_js__WEBPACK_IMPORTED_MODULE_3__/* .UsageError */ .e('--log expects a <file>');
    if (flags.root !== undefined && !flags.root.trim())
        throw new _usage_error_js__WEBPACK_IMPORTED_MODULE_3__/* .UsageError */ .e('--root expects a <dir>');
    if (junit.length === 0 && flags.log === undefined) {
        throw new _usage_error_js__WEBPACK_IMPORTED_MODULE_3__/* .UsageError */ .e('nothing to read: give --junit <glob> (or globs as arguments) and/or --log <file>');
    }
    const root = node_path__WEBPACK_IMPORTED_MODULE_0___default().resolve(io.cwd, flags.root ?? '.');
    const maxFailures = positiveInteger('max-failures', flags['max-failures'], MAX_FAILURES_LIMIT);
    // Only failures are shown: passing cases are counted, not kept, so a report of any size is read
    // in bounded memory (the summary and frames are the same as with every case kept).
    const collected = await (0,_frames_collect_evidence_js__WEBPACK_IMPORTED_MODULE_4__/* .collectEvidence */ .mE)({
        root,
        junit,
        log: flags.log,
        keepCases: 'non-passing',
        ...(maxFailures !== undefined ? { frames: { maxFailures } } : {}),
    });
    const report = _contracts_failure_frame_js__WEBPACK_IMPORTED_MODULE_6__/* .FramesReport */ .f1.parse({
        summary: collected.summary,
        failures: collected.frames,
        ...(collected.notFramed > 0 ? { notFramed: collected.notFramed } : {}),
        ...(collected.diagnostics.length > 0 ? { diagnostics: collected.diagnostics } : {}),
        errors: collected.errors.map((e) => ({
            file: e.file,
            ...(e.line ? { line: e.line } : {}),
            ...(e.column ? { column: e.column } : {}),
            message: e.message,
        })),
    });
    if (format === 'json')
        (0,_inert_output_js__WEBPACK_IMPORTED_MODULE_2__/* .printJson */ .Q2)(io, report);
    else if (format === 'markdown')
        io.stdout((0,_frames_frames_markdown_js__WEBPACK_IMPORTED_MODULE_7__/* .renderFramesMarkdown */ .Mm)(report));
    else
        io.stdout((0,_frames_frames_text_js__WEBPACK_IMPORTED_MODULE_8__/* .renderFramesText */ .KY)(report));
    // Errors go to stderr as well, so a JSON consumer on stdout still sees them in a terminal.
    if (format === 'json') {
        for (const e of report.errors) {
            const { where, what } = (0,_frames_frames_markdown_js__WEBPACK_IMPORTED_MODULE_7__/* .describeReadError */ .U)(e);
            io.stderr(`self-heal parse: ${(0,_frames_frames_text_js__WEBPACK_IMPORTED_MODULE_8__/* .terminalSafe */ .kJ)(where)}: ${(0,_frames_frames_text_js__WEBPACK_IMPORTED_MODULE_8__/* .terminalSafe */ .kJ)(what)}\n`);
        }
    }
    return collected.readAnything ? 0 : 1;
}
/** An integer flag from 1 to `max`, or a `UsageError` that echoes the value. */
function positiveInteger(flag, raw, max) {
    if (raw === undefined)
        return undefined;
    const value = Number(raw.trim());
    if (!/^\s*\d+\s*$/.test(raw) || !Number.isSafeInteger(value) || value < 1 || value > max) {
        throw new _usage_error_js__WEBPACK_IMPORTED_MODULE_3__/* .UsageError */ .e(`--${flag} expects an integer from 1 to ${max}, got ${JSON.stringify(raw)}`);
    }
    return value;
}


/***/ })

};
