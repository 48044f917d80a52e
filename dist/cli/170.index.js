export const id = 170;
export const ids = [170];
export const modules = {

/***/ 7593:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Jv: () => (/* binding */ describeFlags),
/* harmony export */   bQ: () => (/* binding */ parseFlags),
/* harmony export */   yL: () => (/* binding */ oneOf)
/* harmony export */ });
/* harmony import */ var node_util__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7975);
/* harmony import */ var node_util__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_util__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var _usage_error_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(4226);
/**
 * Command-line flags for every command: `node:util` `parseArgs` (strict), with its errors turned
 * into a `UsageError` that names the flag and says what it expects (exit 2).
 */


function flagName(specs, text) {
    const m = /'(-{1,2}[^' ]+)/.exec(text);
    const raw = m?.[1] ?? '';
    const short = /^-([^-])/.exec(raw)?.[1];
    const long = short
        ? Object.entries(specs).find(([, s]) => s.short === short)?.[0]
        : raw.replace(/^--/, '').split('=')[0];
    return long ?? raw;
}
/** Parse `argv` against `specs`; bad usage becomes a `UsageError` naming the flag. */
function parseFlags(argv, specs, options = {}) {
    try {
        const { values, positionals } = (0,node_util__WEBPACK_IMPORTED_MODULE_0__.parseArgs)({
            args: argv,
            options: Object.fromEntries(Object.entries(specs).map(([name, s]) => [
                name,
                { type: s.type, ...(s.short ? { short: s.short } : {}), ...(s.multiple ? { multiple: true } : {}) },
            ])),
            allowPositionals: options.positionals ?? false,
            strict: true,
        });
        return { flags: values, positionals };
    }
    catch (error) {
        const code = error.code;
        const message = error instanceof Error ? error.message : String(error);
        if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
            const name = flagName(specs, message);
            const known = Object.keys(specs)
                .map((k) => `--${k}`)
                .join(', ');
            throw new _usage_error_js__WEBPACK_IMPORTED_MODULE_1__/* .UsageError */ .e(`unknown option '${name.startsWith('-') ? name : `--${name}`}' (options: ${known})`);
        }
        if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
            const name = flagName(specs, message);
            const spec = specs[name];
            if (spec?.type === 'boolean')
                throw new _usage_error_js__WEBPACK_IMPORTED_MODULE_1__/* .UsageError */ .e(`--${name} takes no value`);
            throw new _usage_error_js__WEBPACK_IMPORTED_MODULE_1__/* .UsageError */ .e(`--${name} expects ${spec?.expects ?? 'a value'}`);
        }
        if (code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL') {
            const arg = /'([^']*)'/.exec(message)?.[1] ?? '';
            throw new _usage_error_js__WEBPACK_IMPORTED_MODULE_1__/* .UsageError */ .e(`unexpected argument '${arg}': this command takes options only`);
        }
        throw new _usage_error_js__WEBPACK_IMPORTED_MODULE_1__/* .UsageError */ .e(message);
    }
}
/** One `--name` value from a closed set, or a `UsageError` that lists the set. */
function oneOf(name, value, allowed, fallback) {
    if (value === undefined)
        return fallback;
    if (allowed.includes(value))
        return value;
    throw new _usage_error_js__WEBPACK_IMPORTED_MODULE_1__/* .UsageError */ .e(`--${name} expects one of ${allowed.join('|')}, got '${value}'`);
}
/** Help text lines for the flags: `  --name <expects>  description`. */
function describeFlags(specs, descriptions) {
    const rows = Object.entries(specs).map(([name, s]) => {
        const left = `${s.short ? `-${s.short}, ` : '    '}--${name}${s.type === 'string' ? ` ${s.expects ?? '<value>'}` : ''}`;
        return [left, descriptions[name] ?? ''];
    });
    const width = Math.max(...rows.map(([l]) => l.length)) + 2;
    return rows.map(([l, d]) => `  ${l.padEnd(width)}${d}`.trimEnd()).join('\n');
}


/***/ }),

/***/ 6333:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   XA: () => (/* binding */ DiagnosticFrame),
/* harmony export */   eB: () => (/* binding */ FailureFrame),
/* harmony export */   f1: () => (/* binding */ FramesReport),
/* harmony export */   kZ: () => (/* binding */ ParseSummary)
/* harmony export */ });
/* unused harmony exports SourceLocation, LocalVariable */
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(8816);

/** A source location in the user's own code, repo-relative with forward slashes. */
const SourceLocation = zod__WEBPACK_IMPORTED_MODULE_0__/* .object */ .Ikc({
    file: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP(),
    line: zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig().int().positive(),
    column: zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig().int().positive().optional(),
    function: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().optional(),
    /** The expression at that line, taken from the syntax tree (not a regex). */
    expression: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().optional(),
    /** A bounded window of source lines around `line`. */
    snippet: zod__WEBPACK_IMPORTED_MODULE_0__/* .object */ .Ikc({
        startLine: zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig().int().positive(),
        lines: zod__WEBPACK_IMPORTED_MODULE_0__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP()),
    })
        .optional(),
});
const LocalVariable = zod__WEBPACK_IMPORTED_MODULE_0__/* .object */ .Ikc({ name: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP(), value: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP() });
const FailureFrame = zod__WEBPACK_IMPORTED_MODULE_0__/* .object */ .Ikc({
    /** Stable test id (`testId()`), the key that ties JUnit cases, log sections and reruns together. */
    id: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP(),
    suite: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP(),
    name: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP(),
    classname: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().optional(),
    kind: zod__WEBPACK_IMPORTED_MODULE_0__/* ["enum"] */ .k5n(['failure', 'error']),
    exceptionType: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullable(),
    /** Pruned: bounded length, ANSI codes stripped. */
    message: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP(),
    /** The deepest frame in a git-tracked, non-vendored file of the repo; the user's call site when the raise is in a library. */
    triggering: SourceLocation.nullable(),
    /** Where the test itself is defined or failed (its own line). */
    test: SourceLocation.nullable(),
    /** In-repo stack, outermost first, deepest last. */
    stack: zod__WEBPACK_IMPORTED_MODULE_0__/* .array */ .YOg(SourceLocation),
    /** How many frames were pruned as framework, library or runtime code. */
    droppedFrames: zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig().int().nonnegative(),
    /** Local variables of the failing frame, when the runner printed them (pytest -l/--showlocals). */
    locals: zod__WEBPACK_IMPORTED_MODULE_0__/* .array */ .YOg(LocalVariable).nullable(),
    /** The language of the traceback that was parsed, when one was. */
    language: zod__WEBPACK_IMPORTED_MODULE_0__/* ["enum"] */ .k5n(['python', 'javascript', 'java', 'go', 'rust', 'unknown']).default('unknown'),
    /** Where the evidence came from. */
    evidence: zod__WEBPACK_IMPORTED_MODULE_0__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_0__/* ["enum"] */ .k5n(['junit', 'log'])),
});
/** A window of source lines (1-based start). */
const Window = zod__WEBPACK_IMPORTED_MODULE_0__/* .object */ .Ikc({ startLine: zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig().int().positive(), lines: zod__WEBPACK_IMPORTED_MODULE_0__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP()) });
/**
 * What a compiler, type checker, linter or formatter reported at the user's own code
 * (`frames/diagnostic-frames.ts`): a build that failed before or beside its tests.
 */
const DiagnosticFrame = zod__WEBPACK_IMPORTED_MODULE_0__/* .object */ .Ikc({
    /** `tool:code:file:line`: names the diagnostic in this run (a rerun matches by tool, code and file). */
    id: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP(),
    tool: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP(),
    category: zod__WEBPACK_IMPORTED_MODULE_0__/* ["enum"] */ .k5n(['compile', 'type', 'lint', 'format', 'import', 'syntax']),
    code: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().optional(),
    severity: zod__WEBPACK_IMPORTED_MODULE_0__/* ["enum"] */ .k5n(['error', 'warning', 'info']),
    /** Whether the tool failed because of it (an error, or a warning it was told to fail on). */
    fails: zod__WEBPACK_IMPORTED_MODULE_0__/* .boolean */ .zMY(),
    /** Pruned: bounded length, ANSI codes stripped. */
    message: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP(),
    /** Repo-relative, forward slashes. */
    file: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP(),
    /** Absent when the tool names a file only (a formatter's "would reformat"). */
    line: zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig().int().positive().optional(),
    column: zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig().int().positive().optional(),
    snippet: Window.optional(),
    /** Other places the tool names, in the user's code ("'quantity' is declared here."). */
    related: zod__WEBPACK_IMPORTED_MODULE_0__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_0__/* .object */ .Ikc({
        file: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP(),
        line: zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig().int().positive().optional(),
        message: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP(),
        snippet: Window.optional(),
    })),
    /** The definitions of the symbols the message names (the `Item` interface for TS2339), bounded. */
    definitions: zod__WEBPACK_IMPORTED_MODULE_0__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_0__/* .object */ .Ikc({ name: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP(), file: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP(), snippet: Window })),
    /** The tool can fix it itself (a formatter, an autofixable lint rule). */
    fixable: zod__WEBPACK_IMPORTED_MODULE_0__/* .boolean */ .zMY().optional(),
});
const ParseSummary = zod__WEBPACK_IMPORTED_MODULE_0__/* .object */ .Ikc({
    total: zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig().int().nonnegative(),
    passed: zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig().int().nonnegative(),
    failed: zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig().int().nonnegative(),
    errored: zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig().int().nonnegative(),
    skipped: zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig().int().nonnegative(),
});
/** What `self-heal parse` prints (as JSON) and what the loop reads. */
const FramesReport = zod__WEBPACK_IMPORTED_MODULE_0__/* .object */ .Ikc({
    summary: ParseSummary,
    failures: zod__WEBPACK_IMPORTED_MODULE_0__/* .array */ .YOg(FailureFrame),
    /**
     * Failed or errored tests the summary counts that have no frame because a limit was reached
     * (frames are built for at most so many failures; past a bound, failing cases are only counted).
     * Absent when every failure had its chance of a frame.
     */
    notFramed: zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig().int().nonnegative().optional(),
    /** What compilers, type checkers, linters and formatters reported; absent when they said nothing. */
    diagnostics: zod__WEBPACK_IMPORTED_MODULE_0__/* .array */ .YOg(DiagnosticFrame).optional(),
    /** Reports or logs that could not be read completely; the rest was still used. */
    errors: zod__WEBPACK_IMPORTED_MODULE_0__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_0__/* .object */ .Ikc({
        file: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP(),
        line: zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig().int().optional(),
        column: zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig().int().optional(),
        message: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP(),
    })),
});


/***/ }),

/***/ 7236:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  BB: () => (/* binding */ DEFAULT_MAX_FAILURES),
  N6: () => (/* binding */ buildFrames),
  Xf: () => (/* binding */ countFailingTests)
});

// EXTERNAL MODULE: ./src/contracts/failure-frame.ts
var failure_frame = __webpack_require__(6333);
// EXTERNAL MODULE: ./src/frames/expression.ts
var expression = __webpack_require__(3306);
;// CONCATENATED MODULE: ./src/frames/locate-test.ts
const FILE_NAME = /\.(py|[cm]?[jt]sx?|java|kt|go|rs)$/i;
const PATH_LIKE = /[/\\]|\.(py|[cm]?[jt]sx?|java|kt|go|rs)$/i;
function userPath(resolver, raw, dirs) {
    const verdict = resolver.resolve(raw, { dirs });
    return verdict.kind === 'user' ? verdict.path : undefined;
}
/** Files a dotted classname could live in: a Python module (or a class in it), a Java/Kotlin class. */
function dottedCandidates(classname) {
    const outer = classname.replace(/\$.*$/, ''); // Java inner classes: `CalcTest$Nested`
    const parts = outer.split('.').filter(Boolean);
    const out = [];
    for (let n = parts.length; n >= 1 && n >= parts.length - 2; n--) {
        const base = parts.slice(0, n).join('/');
        out.push(`${base}.py`, `${base}.java`, `${base}.kt`);
    }
    return out;
}
function locateTestFile(c, resolver) {
    const scopes = [c.classname, c.suite].filter((s) => !!s);
    // pytest names a module that failed to import as a case without classname: `broken.test_x`.
    if (!c.classname && /^[\w]+(\.[\w]+)+$/.test(c.name))
        scopes.push(c.name);
    // A scope that is no file may be a package path (`example.com/shop/cart`) or name (`cart`).
    const dirs = [...new Set(scopes.flatMap((s) => (FILE_NAME.test(s) ? [] : resolver.directoriesFor(s))))];
    if (c.file) {
        const file = userPath(resolver, c.file, dirs);
        if (file)
            return { file, dirs };
    }
    for (const scope of scopes) {
        if (PATH_LIKE.test(scope)) {
            const file = userPath(resolver, scope, dirs);
            if (file)
                return { file, dirs };
        }
        else if (/^[\w$]+(\.[\w$]+)*$/.test(scope)) {
            for (const candidate of dottedCandidates(scope)) {
                const file = userPath(resolver, candidate, dirs);
                if (file)
                    return { file, dirs };
            }
        }
    }
    return { dirs };
}

// EXTERNAL MODULE: ./src/frames/match-tests.ts
var match_tests = __webpack_require__(4047);
;// CONCATENATED MODULE: ./src/frames/message-line.ts

/** Methods of `testing.T`/`B`/`F`/`TB` whose output is no failure. */
const NOT_FAILING = new Set(['Log', 'Logf', 'Skip', 'Skipf', 'SkipNow']);
/**
 * What printed a message at 1-based `line` of a Go file: a log call, a failure, or `undefined` when
 * the line holds no code (a comment, a blank line, out of range) or the file is not Go.
 */
function classifyMessageLine(source, line) {
    if (source.language !== 'go')
        return undefined;
    const first = (0,expression/* firstCodeOnLine */.T_)(source, line);
    if (!first)
        return undefined;
    // The statement the line belongs to (a multi-line `t.Logf(` reports one of its lines).
    let node = first.node;
    while (node && node.type !== 'expression_statement' && node.type !== 'block' && node.type !== 'source_file')
        node = node.parent;
    if (node?.type === 'expression_statement' && isNotFailingCall(node.namedChildren[0] ?? null))
        return 'log';
    return 'failure';
}
function isNotFailingCall(node) {
    if (node?.type !== 'call_expression')
        return false;
    const callee = node.childForFieldName('function');
    if (callee?.type !== 'selector_expression')
        return false;
    const method = callee.childForFieldName('field')?.text;
    return method !== undefined && NOT_FAILING.has(method);
}

// EXTERNAL MODULE: ./src/frames/prune-message.ts
var prune_message = __webpack_require__(8956);
// EXTERNAL MODULE: ./src/frames/source-snippet.ts
var source_snippet = __webpack_require__(8461);
// EXTERNAL MODULE: ./src/workspace/repo-paths.ts
var repo_paths = __webpack_require__(4640);
// EXTERNAL MODULE: ./src/frames/test-definition.ts
var test_definition = __webpack_require__(5400);
;// CONCATENATED MODULE: ./src/frames/triggering-frame.ts
function selectTriggeringFrame(stack, test, context) {
    const deepest = stack[stack.length - 1];
    if (!deepest)
        return test;
    if (!context.isTestFile(deepest.file) || context.assertion)
        return deepest;
    for (let i = stack.length - 2; i >= 0; i--) {
        if (!context.isTestFile(stack[i].file))
            return stack[i];
    }
    return deepest;
}
/**
 * Whether a failure is an assertion: an assertion error type (pytest, unittest, chai, JUnit,
 * opentest4j, AssertJ), a message in the form runners give assertions (`assert …`, Rust's
 * `assertion failed`, `expected … to …`), or no exception at all (Go's `t.Errorf`).
 */
function isAssertionFailure(exceptionType, message) {
    if (!exceptionType)
        return true;
    if (/assert|expectation|comparisonfailure|multiplefailures/i.test(exceptionType))
        return true;
    return /^(assert(ion)?\b|expected\b)/i.test(message.trim());
}

;// CONCATENATED MODULE: ./src/frames/build-frames.ts










const DEFAULT_MAX_STACK = 40;
/**
 * Frames built by default; failures past it are counted (`notFramed`, which every output says),
 * not framed. A product limit, not a technical one: what a frame is for is read by a person or a
 * model, and none of them reads more than this — GitHub shows 10 error annotations per step (50
 * per job), the job summary's table keeps at most 500 rows and drops to 100 and 20 under its byte
 * budget, a repair prompt details 5 failures — while each frame costs a syntax tree of every file
 * its stack names and a parse of its trace (report to frames with 2,000 frames costs about twice
 * the time of 200 on the JUnit bench). When hundreds of tests fail the first 200 show the pattern;
 * `self-heal parse --max-failures <n>` asks for more. The repair loop's fail-to-pass set comes
 * from the test run's cases, never from frames, so the limit never hides a failing test from it.
 */
const DEFAULT_MAX_FAILURES = 200;
const MAX_LOCALS = 40;
const DEFAULT_MAX_LOCAL_LENGTH = 300;
/** Captured output is read for a trace only up to this much (tail: the failure is at the end). */
const MAX_CAPTURED_TRACE = 256 * 1024;
const LANGUAGE_BY_EXTENSION = [
    [/\.pyi?$/, 'python'],
    [/\.[cm]?[jt]sx?$/, 'javascript'],
    [/\.(java|kt)$/, 'java'],
    [/\.go$/, 'go'],
    [/\.rs$/, 'rust'],
];
function languageOfFile(file) {
    if (!file)
        return 'unknown';
    return LANGUAGE_BY_EXTENSION.find(([re]) => re.test(file))?.[1] ?? 'unknown';
}
/** A JUnit `type` worth reporting: a class-like name, not a runner's generic label ("test failure", "failure"). */
function meaningfulType(type) {
    const t = type?.trim();
    // A lower-case name without a package, or an upper-case word, is a label, not an exception
    // class: libtest writes `assert` for every panic, node:test `testCodeFailure`, Catch2 the macro
    // (`CHECK`, `REQUIRE`), Playwright `FAILURE`.
    if (!t || t.length > 200 || /^[a-z][\w ]*$/.test(t) || /^[A-Z_]+$/.test(t))
        return undefined;
    // Class names, qualified with `.` (Java, Python), `::` (Rust, C++) or `\` (PHP namespaces).
    return /^[A-Za-z_$][\w$]*((\.|::|\\)[A-Za-z_$][\w$]*)*$/.test(t) ? t : undefined;
}
/**
 * The exception class a message starts with, when a report has no trace: pytest writes
 * `ZeroDivisionError: division by zero` (or just `AssertionError`) into the message attribute.
 */
function typeFromMessage(message) {
    const m = /^\s*([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*(?:Error|Exception|Failure|Warning|Exit|Interrupt|Panic))(?::\s|\s*$)/.exec(message ?? '');
    return m?.[1];
}
/** A message that says nothing beyond the status ("Failed" from Go reporters, pytest's "collection failure"). */
function trivialMessage(message) {
    return /^(failed|failure|error|test failed|collection failure)?\.?$/i.test(message.trim());
}
/**
 * The report's message attribute unless it says nothing ("Failed"); a trace's message instead
 * when it says the same and more (libtest's JUnit has the first line of an `assert_eq!`, the log
 * has `left:`/`right:` too).
 */
function chooseMessage(failure, lead, traces, name) {
    const fromTraces = [lead?.message, ...traces.map((t) => t.message)]
        .filter((m) => !!m)
        .map((m) => (0,prune_message/* pruneMessage */.Q)(m));
    const candidates = [
        (0,prune_message/* pruneMessage */.Q)(failure?.message),
        ...fromTraces,
        failure?.body ? (0,prune_message/* firstLine */.T)((0,prune_message/* pruneMessage */.Q)(failure.body)) : '',
    ];
    const chosen = candidates.find((m) => m && !trivialMessage(m) && !namesOnlyTheTest(m, name)) ?? candidates.find((m) => m) ?? '';
    // A trace that says the same with more, or with the line breaks a report's attribute dropped
    // (node:test's JUnit writer on Node 20 joins `msg:\n\n2 !== 3` into `msg:2 !== 3`).
    const fuller = fromTraces.find((m) => chosen &&
        m !== chosen &&
        m.length >= chosen.length &&
        (m.includes(chosen) || withoutSpace(m).includes(withoutSpace(chosen))));
    return fuller ?? chosen;
}
function withoutSpace(text) {
    return text.replace(/\s+/g, '');
}
/**
 * A message that only says which test failed: Playwright's `cart.spec.ts:12:7 shows the total`,
 * PHPUnit's `Tests\Unit\CartTest::testTotalsWrong` first line.
 */
function namesOnlyTheTest(message, name) {
    const rest = message
        .trim()
        .replace(/^\S+:\d+(:\d+)?\s+/, '')
        .trim();
    const title = name
        .split(/\s+(?:›|>)\s+/)
        .pop()
        .trim();
    return rest === name.trim() || rest === title || (rest.endsWith(`::${title}`) && !/\s/.test(rest));
}
class FrameBuilder {
    repo;
    options;
    expressions;
    maxStack;
    lines = new Map();
    /** Locations whose expression is filled in once every frame is built, file by file (see `fillExpressions`). */
    awaitingExpression = new Map();
    constructor(repo, options) {
        this.repo = repo;
        this.options = options;
        this.expressions = (0,expression/* createExpressionFinder */.Fj)((file) => repo.readText(file), {
            maxLength: options.maxExpressionLength,
        });
        this.maxStack = Math.max(1, options.maxStack ?? DEFAULT_MAX_STACK);
    }
    dispose() {
        this.expressions.dispose();
        this.lines.clear();
        this.awaitingExpression.clear();
    }
    /**
     * The expressions of every location `withSource` handed out, looked up file by file: each file's
     * syntax tree is built once and freed before the next one's, so a run that names hundreds of
     * files holds one tree at a time, not all of them until the end (trees live in WebAssembly
     * memory, which never shrinks).
     */
    async fillExpressions() {
        for (const [file, locations] of this.awaitingExpression) {
            const expressions = await this.expressions.expressionsIn(file, locations);
            locations.forEach((location, i) => {
                const expression = expressions[i];
                if (!expression)
                    return;
                // In the schema's order, before the snippet: the JSON output reads the same as before.
                const { snippet } = location;
                if (snippet)
                    delete location.snippet;
                location.expression = expression;
                if (snippet)
                    location.snippet = snippet;
            });
        }
        this.awaitingExpression.clear();
    }
    /** A file's lines, split once per run (many failures show windows of the same file). */
    linesOf(file) {
        if (!this.lines.has(file)) {
            const text = this.repo.readText(file);
            this.lines.set(file, text === undefined ? undefined : (0,source_snippet/* countedLines */.Su)(text));
        }
        return this.lines.get(file);
    }
    /** In-repo frames of a trace, with how many were library, runtime or size-pruned. */
    resolveStack(frames, hints) {
        const stack = [];
        const raw = new Map();
        const anchors = [...(hints.files ?? [])];
        // Two passes: frames that resolve on their own become hints for short, ambiguous ones (a Go
        // `cart_test.go` next to `/abs/path/cart/cart.go`).
        const first = frames.map((f) => this.repo.resolve(f.file, hints));
        for (const verdict of first)
            if (verdict.kind === 'user')
                anchors.push(verdict.path);
        frames.forEach((frame, i) => {
            let verdict = first[i];
            if (verdict.kind === 'outside' && verdict.reason.startsWith('ambiguous')) {
                verdict = this.repo.resolve(frame.file, { files: anchors, dirs: hints.dirs });
            }
            if (verdict.kind !== 'user' || !Number.isInteger(frame.line) || frame.line < 1)
                return;
            const location = { file: verdict.path, line: frame.line };
            if (frame.column && Number.isInteger(frame.column) && frame.column > 0)
                location.column = frame.column;
            if (frame.function)
                location.function = frame.function.slice(0, 200);
            stack.push(location);
            raw.set(location, frame);
        });
        let dropped = frames.length - stack.length;
        if (stack.length > this.maxStack) {
            dropped += stack.length - this.maxStack;
            stack.splice(0, stack.length - this.maxStack);
        }
        return { stack, raw, dropped };
    }
    /**
     * A trace whose test printed several messages (Go): its frame is the first message whose line,
     * read in the source, is not a log call (see `message-line.ts`); the parser's guess otherwise.
     */
    async chooseMessageLocation(failure, hints) {
        const printed = failure.messageLocations;
        if (!printed || printed.length < 2)
            return failure;
        for (const raw of printed) {
            const location = this.resolveStack([raw], hints).stack[0];
            if (!location)
                continue;
            const parsed = await this.expressions.parsed(location.file);
            if (parsed && classifyMessageLine(parsed, location.line) === 'failure')
                return { ...failure, frames: [raw] };
        }
        return failure;
    }
    /** A copy of `location` with its snippet; its expression is filled in by `fillExpressions`. */
    withSource(location, snippet) {
        const out = { ...location };
        let waiting = this.awaitingExpression.get(out.file);
        if (!waiting)
            this.awaitingExpression.set(out.file, (waiting = []));
        waiting.push(out);
        if (snippet) {
            const lines = this.linesOf(location.file);
            const window = lines === undefined ? undefined : (0,source_snippet/* extractSnippet */.ZB)(lines, location.line, this.options.snippet);
            if (window)
                out.snippet = window;
        }
        return out;
    }
    /**
     * The test's own location and file: its reported line; else its frame in the trace (the
     * outermost frame inside the test's definition, or in its file); else its definition, found in
     * the syntax tree of its file, or of the files of the trace when no report names the file
     * (a Rust unit test lives in `mod tests` of the source file it tests).
     */
    async locateTest(c, testFile, stack, name) {
        if (testFile && c?.line && c.line > 0)
            return { location: { file: testFile, line: c.line }, file: testFile };
        const candidates = testFile ? [testFile] : [...new Set(stack.map((s) => s.file))];
        for (const file of candidates) {
            const parsed = await this.expressions.parsed(file);
            const definition = parsed ? (0,test_definition/* findTestDefinition */.t)(parsed, name) : undefined;
            if (!definition)
                continue;
            const within = stack.filter((s) => s.file === file && s.line >= definition.startLine && s.line <= definition.endLine);
            // A frame on the definition's own line is a harness wrapper (Rust's `{{closure}}` for
            // `#[test] fn`): the test's line is the next one in, when there is one.
            const inside = within.find((s) => s.line !== definition.line) ?? within[0];
            // No frame inside the definition (a trace that shows only where the panic happened): the
            // definition itself, not another function's frame that happens to share the file.
            return { location: inside ? { ...inside } : { file, line: definition.line }, file };
        }
        if (testFile) {
            // The outermost frame in the test file is the test function's line that led to the failure.
            const frame = stack.find((s) => s.file === testFile);
            return { location: frame ? { ...frame } : null, file: testFile };
        }
        const own = name
            .replace(/\[.*\]$|\(.*\)$/s, '')
            .split(/[/.:\s]+/)
            .filter(Boolean);
        const fn = own[own.length - 1];
        const byName = fn ? stack.find((s) => s.function && s.function.split(/[.:\s]+/).pop() === fn) : undefined;
        if (byName)
            return { location: { ...byName }, file: byName.file };
        const inTestFile = stack.find((s) => (0,repo_paths/* looksLikeTestFile */.ah)(s.file));
        return { location: inTestFile ? { ...inTestFile } : null, file: inTestFile?.file };
    }
    async build(input) {
        const c = input.testCase;
        const hints = { files: input.testFile ? [input.testFile] : [], dirs: input.dirs };
        const evidences = [];
        for (const e of input.evidence)
            evidences.push({ ...e, failure: await this.chooseMessageLocation(e.failure, hints) });
        const { primary, all } = this.leadingTrace(evidences, hints);
        const traces = evidences.map((e) => e.failure);
        const lead = primary?.evidence.failure;
        const stack = primary?.resolved.stack ?? [];
        const exceptionType = meaningfulType(c?.failure?.type) ??
            lead?.exceptionType ??
            traces.find((t) => t.exceptionType)?.exceptionType ??
            typeFromMessage(c?.failure?.message) ??
            null;
        const message = chooseMessage(c?.failure, lead, traces, input.name);
        const located = await this.locateTest(c, input.testFile, stack, input.name);
        const test = located.location;
        const testFile = located.file;
        const isTestFile = (file) => file === testFile || (0,repo_paths/* looksLikeTestFile */.ah)(file);
        const triggering = selectTriggeringFrame(stack, test, {
            isTestFile,
            assertion: input.kind === 'failure' && isAssertionFailure(exceptionType, message),
        });
        const frameLocals = triggering ? localsPrintedAt(triggering, all) : undefined;
        const locals = this.locals(frameLocals, lead ? [lead, ...traces.filter((t) => t !== lead)] : traces);
        const language = lead?.language ?? traces[0]?.language ?? languageOfFile(testFile ?? triggering?.file);
        const evidenceKinds = new Set(evidences.map((e) => e.source));
        if (c)
            evidenceKinds.add('junit');
        const frame = {
            id: input.id,
            suite: input.suite,
            name: input.name,
            ...(input.classname ? { classname: input.classname } : {}),
            kind: input.kind,
            exceptionType: exceptionType ? exceptionType.slice(0, 200) : null,
            message,
            triggering: triggering ? this.withSource(triggering, true) : null,
            test: test
                ? this.withSource(test, !triggering || test.file !== triggering.file || test.line !== triggering.line)
                : null,
            stack: stack.map((s) => this.withSource(s, false)),
            droppedFrames: primary?.resolved.dropped ?? 0,
            locals,
            language,
            evidence: ['junit', 'log'].filter((k) => evidenceKinds.has(k)),
        };
        return frame;
    }
    /**
     * The richest trace leads: the one reaching deepest into the user's code; the JUnit body first
     * among equals (it is tied to the case by construction, a log section by matching).
     */
    leadingTrace(evidences, hints) {
        let primary;
        const all = [];
        for (const evidence of evidences) {
            const resolved = this.resolveStack(evidence.failure.frames, hints);
            all.push(resolved);
            if (!primary || resolved.stack.length > primary.resolved.stack.length)
                primary = { evidence, resolved };
        }
        return primary ? { primary, all } : { all };
    }
    locals(frameLocals, traces) {
        const max = this.options.maxLocalLength ?? DEFAULT_MAX_LOCAL_LENGTH;
        const found = frameLocals?.length ? frameLocals : traces.find((t) => t.locals && t.locals.length > 0)?.locals;
        if (!found)
            return null;
        return found.slice(0, MAX_LOCALS).map((l) => ({
            name: (0,prune_message/* pruneMessage */.Q)(l.name, { maxLines: 1, maxChars: 100 }),
            value: (0,prune_message/* pruneMessage */.Q)(l.value, { maxLines: 8, maxChars: max }),
        }));
    }
}
/**
 * Locals of the failing frame when the runner printed them per frame (pytest), from whichever
 * source printed the most (a `--showlocals` log beats the JUnit body of a plain run); undefined
 * leaves it to what a trace printed for the failure as a whole.
 */
function localsPrintedAt(triggering, all) {
    let frameLocals;
    for (const resolved of all) {
        for (const [location, raw] of resolved.raw) {
            if (location.file !== triggering.file || location.line !== triggering.line)
                continue;
            if ((raw.locals?.length ?? 0) > (frameLocals?.length ?? 0))
                frameLocals = raw.locals;
        }
    }
    return frameLocals;
}
/**
 * The trace(s) a JUnit case carries: its failure body, else the tail of its captured output. Both
 * are the case's own output, so the parsers are told its name (a go-junit-report body is only the
 * test's message lines, recognisable as `go test` output by the name alone).
 */
function traceOfCase(c, parseTrace) {
    if (!parseTrace)
        return undefined;
    const texts = [c.failure?.body, [c.systemErr, c.systemOut].filter(Boolean).join('\n')];
    let fallback;
    for (const text of texts) {
        if (!text)
            continue;
        let found;
        try {
            found = parseTrace(text.length > MAX_CAPTURED_TRACE ? text.slice(-MAX_CAPTURED_TRACE) : text, {
                testName: c.name,
            });
        }
        catch {
            continue;
        }
        // Several failures in one body are chained exceptions or repeated reports of the same failure:
        // the one with the most frames tells the most, the last among equals is the final raise.
        let best;
        for (const f of found)
            if (!best || f.frames.length >= best.frames.length)
                best = f;
        if (best && best.frames.length > 0)
            return best;
        // A trace without any frame may be a poorer reading than the next text's: keep looking.
        fallback ??= best;
    }
    return fallback;
}
/**
 * Go (and other runners with subtests named `Parent/sub`) report a parent as failed when one of
 * its subtests fails. Such a parent gets no frame of its own unless it failed by itself: the
 * subtest's frame is the failure, and a second frame would send a repair after it twice.
 */
function parentsOfFailingSubtests(cases) {
    const failing = cases.filter((c) => c.status === 'failed' || c.status === 'errored');
    const byScope = new Map();
    for (const c of failing) {
        const scope = c.classname ?? c.suite;
        for (let i = c.name.indexOf('/'); i > 0; i = c.name.indexOf('/', i + 1)) {
            let set = byScope.get(scope);
            if (!set)
                byScope.set(scope, (set = new Set()));
            set.add(c.name.slice(0, i));
        }
    }
    return new Set(failing.filter((c) => byScope.get(c.classname ?? c.suite)?.has(c.name)));
}
/**
 * The failing tests among `cases`, counted as the frames show them: a parent that fails only
 * because its subtests do (no frame of its own in `frames`) is not one more failing test.
 */
function countFailingTests(cases, frames) {
    const framed = new Set(frames.map((f) => f.id));
    const parents = parentsOfFailingSubtests(cases);
    return cases.filter((c) => (c.status === 'failed' || c.status === 'errored') && !(parents.has(c) && !framed.has(c.id))).length;
}
/** Whether a case's own evidence shows a failure of its own: an in-repo frame or a message that says something. */
function hasOwnFailure(c, evidence) {
    if (evidence.some((e) => e.failure.frames.length > 0 || !trivialMessage((0,prune_message/* pruneMessage */.Q)(e.failure.message))))
        return true;
    return !trivialMessage((0,prune_message/* pruneMessage */.Q)(c.failure?.message));
}
/** A stable id for a failure seen only in a log. */
function logOnlyId(f, resolveFile) {
    const t = f.test;
    // A file the log printed from another machine (`/tmp/ci-1234/test/a.spec.mjs`) is named by its
    // repository path, so the id stays the same from one run to the next.
    const file = t?.file ? (resolveFile(t.file) ?? t.file) : undefined;
    if (t?.id) {
        const [head, ...rest] = t.id.split('::');
        const mapped = rest.length && head ? resolveFile(head) : undefined;
        return mapped ? [mapped, ...rest].join('::') : t.id;
    }
    if (t?.name)
        return file || t.classname ? `${file ?? t.classname}::${t.name}` : t.name;
    if (file)
        return file;
    return `log:${f.logLines?.start ?? 0}`;
}
function compareIds(a, b) {
    return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}
/**
 * One FailureFrame per failed or errored case of `run`, plus one per log failure that fits no
 * case; sorted by id. Async because syntax trees are parsed on demand (WebAssembly grammars).
 */
async function buildFrames(run, logFailures, repo, options = {}) {
    const builder = new FrameBuilder(repo, options);
    const resolveFile = (raw) => {
        const v = repo.resolve(raw);
        return v.kind === 'user' ? v.path : undefined;
    };
    try {
        const whereabouts = new Map();
        const locate = (c) => {
            let found = whereabouts.get(c);
            if (!found)
                whereabouts.set(c, (found = locateTestFile(c, repo)));
            return found;
        };
        const match = (0,match_tests/* matchLogFailures */.Lu)(run.cases, logFailures, { resolveFile, caseFile: (c) => locate(c).file });
        const frames = new Map();
        const max = options.maxFailures ?? DEFAULT_MAX_FAILURES;
        await frameCases(builder, run.cases, { match, locate, parseTrace: options.parseTrace, frames, max });
        await frameLogOnlyFailures(builder, match.unmatched, { repo, resolveFile, frames, max });
        await builder.fillExpressions();
        return [...frames.values()].sort(compareIds);
    }
    finally {
        builder.dispose();
    }
}
/** A frame for each failed or errored case, with the log failures matched to it, into `frames` (by id). */
async function frameCases(builder, cases, ctx) {
    const { frames } = ctx;
    const failingSubtestParents = parentsOfFailingSubtests(cases);
    for (const [index, c] of cases.entries()) {
        if (c.status !== 'failed' && c.status !== 'errored')
            continue;
        if (frames.size >= ctx.max)
            break;
        const evidence = [];
        const body = traceOfCase(c, ctx.parseTrace);
        if (body)
            evidence.push({ failure: body, source: 'junit' });
        for (const f of ctx.match.byCase.get(index) ?? [])
            evidence.push({ failure: f, source: 'log' });
        if (failingSubtestParents.has(c) && !hasOwnFailure(c, evidence))
            continue;
        const place = ctx.locate(c);
        const previous = frames.get(c.id);
        // The same case in two reports (a rerun, a merged report): one frame, the stronger status.
        if (previous && (previous.kind === 'error' || c.status === 'failed'))
            continue;
        frames.set(c.id, await builder.build({
            id: c.id,
            suite: c.suite,
            name: c.name,
            classname: c.classname,
            kind: c.status === 'errored' ? 'error' : 'failure',
            testCase: c,
            evidence,
            testFile: place.file,
            dirs: place.dirs,
        }));
    }
}
/** Log failures without a case, grouped by what they name: the same failure printed twice is one frame. */
async function frameLogOnlyFailures(builder, unmatched, ctx) {
    const { frames, resolveFile } = ctx;
    const groups = new Map();
    for (const f of unmatched) {
        const id = logOnlyId(f, resolveFile);
        const group = groups.get(id);
        if (group)
            group.push(f);
        else
            groups.set(id, [f]);
    }
    for (const [id, group] of groups) {
        if (frames.size >= ctx.max)
            break;
        if (frames.has(id))
            continue;
        const t = group.find((f) => f.test)?.test;
        const testFile = t?.file ? resolveFile(t.file) : undefined;
        frames.set(id, await builder.build({
            id,
            suite: t?.classname ?? t?.file ?? '',
            name: t?.name ?? t?.id ?? t?.file ?? id,
            classname: t?.classname,
            kind: group.some((f) => f.kind === 'error') ? 'error' : 'failure',
            evidence: group.map((failure) => ({ failure, source: 'log' })),
            testFile,
            dirs: t?.classname ? ctx.repo.directoriesFor(t.classname) : [],
        }));
    }
}


/***/ }),

/***/ 8847:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  ZI: () => (/* binding */ createCalleeResolver)
});

// UNUSED EXPORTS: DEFAULT_CALLEE_LIMITS, isOwnSourceFile

// EXTERNAL MODULE: ./src/frames/expression.ts
var expression = __webpack_require__(3306);
// EXTERNAL MODULE: ./src/frames/syntax-walk.ts
var syntax_walk = __webpack_require__(1633);
;// CONCATENATED MODULE: ./src/frames/called-names.ts


/** Calls that are language machinery, never a definition of the user's. */
const MACHINERY = new Set(['require', 'import', 'super', 'self', 'this']);
const FUNCTION_TYPES = {
    python: new Set(['function_definition', 'lambda']),
    js: new Set([
        'function_declaration',
        'generator_function_declaration',
        'function_expression',
        'function',
        'arrow_function',
        'method_definition',
    ]),
    go: new Set(['function_declaration', 'method_declaration', 'func_literal']),
    java: new Set(['method_declaration', 'constructor_declaration', 'lambda_expression']),
    rust: new Set(['function_item', 'closure_expression']),
};
const IF_TYPES = new Set(['if_statement', 'elif_clause', 'if_expression']);
/** Assignments per family: node type → [field of the assigned names, field of the value]. */
const ASSIGNMENTS = {
    python: { assignment: ['left', 'right'] },
    js: { variable_declarator: ['name', 'value'], assignment_expression: ['left', 'right'] },
    go: {
        short_var_declaration: ['left', 'right'],
        assignment_statement: ['left', 'right'],
        var_spec: ['name', 'value'],
    },
    java: { variable_declarator: ['name', 'value'], assignment_expression: ['left', 'right'] },
    rust: { let_declaration: ['pattern', 'value'], assignment_expression: ['left', 'right'] },
};
function call(name, receiver) {
    if (!name || !(0,syntax_walk/* isIdentifier */._5)(name) || MACHINERY.has(name))
        return undefined;
    const r = receiver?.text.replace(/\s+/g, '');
    return r && r.length <= 200 ? { name, receiver: r } : { name };
}
/** The call a node is, if it is one. */
function callOf(n, family) {
    switch (family) {
        case 'python': {
            if (n.type !== 'call')
                return undefined;
            const fn = n.childForFieldName('function');
            if (fn?.type === 'identifier')
                return call(fn.text);
            if (fn?.type === 'attribute')
                return call(fn.childForFieldName('attribute')?.text, fn.childForFieldName('object'));
            return undefined;
        }
        case 'js': {
            if (n.type !== 'call_expression' && n.type !== 'new_expression')
                return undefined;
            const fn = n.childForFieldName(n.type === 'new_expression' ? 'constructor' : 'function');
            if (fn?.type === 'identifier')
                return call(fn.text);
            if (fn?.type === 'member_expression')
                return call(fn.childForFieldName('property')?.text, fn.childForFieldName('object'));
            return undefined;
        }
        case 'go': {
            if (n.type !== 'call_expression')
                return undefined;
            const fn = n.childForFieldName('function');
            if (fn?.type === 'identifier')
                return call(fn.text);
            if (fn?.type === 'selector_expression')
                return call(fn.childForFieldName('field')?.text, fn.childForFieldName('operand'));
            return undefined;
        }
        case 'java': {
            if (n.type === 'method_invocation')
                return call(n.childForFieldName('name')?.text, n.childForFieldName('object'));
            if (n.type === 'object_creation_expression')
                return call(n.childForFieldName('type')?.text.replace(/<.*$/s, ''));
            return undefined;
        }
        case 'rust': {
            if (n.type === 'call_expression') {
                const fn = n.childForFieldName('function');
                if (fn?.type === 'identifier')
                    return call(fn.text);
                if (fn?.type === 'scoped_identifier')
                    return call(fn.childForFieldName('name')?.text, fn.childForFieldName('path'));
                if (fn?.type === 'field_expression')
                    return call(fn.childForFieldName('field')?.text, fn.childForFieldName('value'));
            }
            // Inside a macro's token tree (`assert_eq!(total(&v), 7)`) a call is a name before `(…)`.
            if (n.type === 'identifier' &&
                n.parent?.type === 'token_tree' &&
                n.nextSibling?.type === 'token_tree' &&
                n.nextSibling.text.startsWith('(')) {
                return call(n.text);
            }
            return undefined;
        }
    }
}
/** A property read that may be a getter (`cart.total` in Python, `cart.total` in JavaScript). */
function propertyOf(n, family) {
    if (family === 'python' &&
        n.type === 'attribute' &&
        !(n.parent?.type === 'call' && n.parent.childForFieldName('function')?.id === n.id)) {
        return call(n.childForFieldName('attribute')?.text, n.childForFieldName('object'));
    }
    if (family === 'js' && n.type === 'member_expression') {
        const p = n.parent;
        const isCallee = (p?.type === 'call_expression' && p.childForFieldName('function')?.id === n.id) ||
            (p?.type === 'new_expression' && p.childForFieldName('constructor')?.id === n.id);
        if (!isCallee)
            return call(n.childForFieldName('property')?.text, n.childForFieldName('object'));
    }
    return undefined;
}
/** Calls, property reads and identifiers in `[start, end)` of `node`'s subtree. */
function readSpot(node, start, end, family, into) {
    (0,syntax_walk/* walkSyntax */.l5)(node, (n) => {
        if (n.endIndex <= start || n.startIndex >= end)
            return false;
        if (n.startIndex >= start) {
            const c = callOf(n, family);
            if (c)
                into.calls.push(c);
            const p = propertyOf(n, family);
            if (p)
                into.properties.push(p);
            if (n.type === 'identifier' && n.text.length <= syntax_walk/* MAX_IDENTIFIER */.ZW)
                into.identifiers.add(n.text);
        }
        return true;
    });
}
function enclosingFunction(node, family) {
    let current = node.parent;
    let last = node;
    while (current) {
        if (FUNCTION_TYPES[family].has(current.type))
            return current;
        last = current;
        current = current.parent;
    }
    return last;
}
function identifiersIn(node) {
    if (!node)
        return [];
    if (node.type === 'identifier')
        return [node.text];
    const out = [];
    (0,syntax_walk/* walkSyntax */.l5)(node, (n) => {
        if (n.type === 'identifier' || n.type === 'shorthand_property_identifier_pattern')
            out.push(n.text);
        return true;
    });
    return out;
}
/** What the statement at `line` calls, in the order of the rules in the header. */
function calledAt(source, line) {
    const family = syntax_walk/* FAMILY */.Ju[source.language];
    const at = (0,expression/* statementAtLine */.xE)(source, line);
    if (!at)
        return [];
    const statement = at.node;
    const own = { calls: [], properties: [], identifiers: new Set() };
    readSpot(statement, statement.startIndex, at.endIndex, family, own);
    const fn = enclosingFunction(statement, family);
    // 2. Conditions of the `if`s the statement is inside, nearest first.
    const guards = { calls: [], properties: [], identifiers: new Set() };
    for (let p = statement.parent; p && p.id !== fn.id; p = p.parent) {
        if (!IF_TYPES.has(p.type))
            continue;
        for (const field of ['initializer', 'condition']) {
            const part = p.childForFieldName(field);
            if (part)
                readSpot(part, part.startIndex, part.endIndex, family, guards);
        }
    }
    // 3. The last assignment before the statement to each variable it (or its guards) uses.
    const used = new Set([...own.identifiers, ...guards.identifiers]);
    const lastAssigned = new Map();
    const kinds = ASSIGNMENTS[family];
    (0,syntax_walk/* walkSyntax */.l5)(fn, (n) => {
        if (n.startIndex >= statement.startIndex)
            return false;
        const fields = kinds[n.type];
        if (fields && n.endIndex <= statement.startIndex) {
            const value = n.childForFieldName(fields[1]);
            if (value)
                for (const name of identifiersIn(n.childForFieldName(fields[0])))
                    if (used.has(name))
                        lastAssigned.set(name, value);
        }
        return true;
    });
    const flows = { calls: [], properties: [], identifiers: new Set() };
    for (const value of lastAssigned.values())
        readSpot(value, value.startIndex, value.endIndex, family, flows);
    const seen = new Set();
    const out = [];
    for (const c of [...own.calls, ...guards.calls, ...flows.calls, ...own.properties]) {
        const key = `${c.receiver ?? ''}\0${c.name}`;
        if (seen.has(key))
            continue;
        seen.add(key);
        out.push(c);
    }
    return out;
}
/** The calls made within lines `startLine`..`endLine` (a helper's body), in order. */
function calledWithin(source, startLine, endLine) {
    const family = syntax_walk/* FAMILY */.Ju[source.language];
    const start = source.lineStarts[startLine - 1];
    const end = endLine < source.lineStarts.length ? source.lineStarts[endLine] : source.text.length;
    if (start === undefined)
        return [];
    const spot = { calls: [], properties: [], identifiers: new Set() };
    readSpot(source.tree.rootNode, start, end, family, spot);
    return spot.calls;
}

;// CONCATENATED MODULE: ./src/frames/definition-index.ts

const JS_FUNCTION_VALUES = new Set([
    'arrow_function',
    'function_expression',
    'function',
    'generator_function',
    'class',
]);
function rangeOf(node) {
    return { startLine: node.startPosition.row + 1, endLine: node.endPosition.row + 1 };
}
/** The node a definition's window should span: its decorators, its `export`, its `const`. */
function outerNode(node) {
    let n = node;
    if (n.type === 'variable_declarator' &&
        n.parent &&
        (n.parent.type === 'lexical_declaration' || n.parent.type === 'variable_declaration') &&
        n.parent.namedChildren.length === 1)
        n = n.parent;
    if (n.type === 'assignment_expression' && n.parent?.type === 'expression_statement')
        n = n.parent;
    if (n.parent?.type === 'export_statement' || n.parent?.type === 'decorated_definition')
        n = n.parent;
    return n;
}
function definitionName(n, family) {
    const name = (field = 'name') => n.childForFieldName(field)?.text;
    switch (family) {
        case 'python':
            return n.type === 'function_definition' || n.type === 'class_definition' ? name() : undefined;
        case 'js':
            // TypeScript's interfaces, type aliases and enums are what a type error names (`on type 'Item'`).
            switch (n.type) {
                case 'function_declaration':
                case 'generator_function_declaration':
                case 'class_declaration':
                case 'abstract_class_declaration':
                case 'method_definition':
                case 'interface_declaration':
                case 'type_alias_declaration':
                case 'enum_declaration':
                    return name();
                case 'variable_declarator':
                case 'public_field_definition':
                case 'field_definition': {
                    const value = n.childForFieldName('value');
                    return value && JS_FUNCTION_VALUES.has(value.type)
                        ? (name() ?? n.childForFieldName('property')?.text)
                        : undefined;
                }
                case 'assignment_expression': {
                    // `exports.total = function …`, `Cart.prototype.total = (…) => …`
                    const left = n.childForFieldName('left');
                    const right = n.childForFieldName('right');
                    return left?.type === 'member_expression' && right && JS_FUNCTION_VALUES.has(right.type)
                        ? left.childForFieldName('property')?.text
                        : undefined;
                }
            }
            return undefined;
        case 'go':
            return n.type === 'function_declaration' || n.type === 'method_declaration' || n.type === 'type_spec'
                ? name()
                : undefined;
        case 'java':
            return /^(method|constructor|class|interface|enum|record)_declaration$/.test(n.type) ? name() : undefined;
        case 'rust':
            return /^(function|struct|enum|trait)_item$/.test(n.type) ? name() : undefined;
    }
}
const CLASS_TYPES = new Set(['class_definition', 'class_declaration', 'abstract_class_declaration', 'class']);
const CONSTRUCTOR_NAMES = new Set(['__init__', 'constructor']);
/**
 * A class is called through its constructor (`Cart('usd')`, `new Cart('usd')`): that is the part
 * of it to show, when it has one; the class itself otherwise.
 */
function constructorOf(cls) {
    const body = cls.childForFieldName('body');
    for (const child of body?.namedChildren ?? []) {
        if (!child)
            continue;
        const fn = child.type === 'decorated_definition' ? child.childForFieldName('definition') : child;
        if (fn?.type === 'constructor_declaration')
            return child;
        if ((fn?.type === 'function_definition' || fn?.type === 'method_definition') &&
            CONSTRUCTOR_NAMES.has(fn.childForFieldName('name')?.text ?? ''))
            return child;
    }
    return undefined;
}
function indexFile(source) {
    const family = syntax_walk/* FAMILY */.Ju[source.language];
    const index = { definitions: new Map() };
    const add = (name, node) => {
        if (!(0,syntax_walk/* isIdentifier */._5)(name))
            return;
        const shown = CLASS_TYPES.has(node.type) ? (constructorOf(node) ?? node) : node;
        const whole = shown.type === 'type_spec' && shown.parent?.type === 'type_declaration' && shown.parent.namedChildren.length === 1
            ? shown.parent
            : outerNode(shown);
        const list = index.definitions.get(name) ?? [];
        list.push({ name, ...rangeOf(whole) });
        index.definitions.set(name, list);
    };
    (0,syntax_walk/* walkSyntax */.l5)(source.tree.rootNode, (n) => {
        const name = definitionName(n, family);
        if (name)
            add(name, n);
        if (family === 'js' && n.type === 'export_statement' && /^export\s+default\b/.test(n.text)) {
            const declaration = n.childForFieldName('declaration');
            const value = n.childForFieldName('value');
            if (declaration)
                add('default', declaration);
            else if (value?.type === 'identifier')
                index.defaultName = value.text;
            else if (value && JS_FUNCTION_VALUES.has(value.type))
                add('default', value);
        }
        return true;
    });
    return index;
}
function escapeRegex(s) {
    return s.replace(/[$]/g, '\\$');
}
/**
 * A text pattern a file defining one of `names` matches (the syntax tree confirms it). The gaps
 * inside it (a type annotation, a receiver, type parameters) are bounded, so a hostile line that
 * repeats a name costs a bounded scan per occurrence, not one to the end of the line.
 */
function definitionPattern(family, names) {
    const n = names.map(escapeRegex).join('|');
    switch (family) {
        case 'python':
            return new RegExp(`^[ \\t]*(?:async[ \\t]+)?(?:def|class)[ \\t]+(?:${n})\\b`, 'm');
        case 'js':
            return new RegExp(`(?:function[ \\t]*\\*?[ \\t]*|(?:class|interface|type|enum)[ \\t]+)(?:${n})(?![\\w$])|(?<![\\w$])(?:${n})[ \\t]*(?::[^=\\n]{0,80})?=[ \\t]*(?:async[ \\t]*)?(?:function|\\(|[\\w$]+[ \\t]*=>|class)|^[ \\t]*(?:(?:static|async|get|set|public|private|protected|readonly|override)[ \\t]+)*\\*?(?:${n})[ \\t]*(?:<[^>\\n]{0,300}>)?[ \\t]*\\(`, 'm');
        case 'go':
            return new RegExp(`\\bfunc[ \\t]+(?:\\([^)\\n]{0,300}\\)[ \\t]*)?(?:${n})[ \\t]*[(\\[]|\\btype[ \\t]+(?:${n})\\b`);
        case 'java':
            return new RegExp(`\\b(?:class|interface|enum|record)[ \\t]+(?:${n})\\b|[\\w>\\]][ \\t]+(?:${n})[ \\t]*\\(`);
        case 'rust':
            return new RegExp(`\\b(?:fn|struct|enum|trait)[ \\t]+(?:${n})\\b`);
    }
}

// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
var external_node_path_default = /*#__PURE__*/__webpack_require__.n(external_node_path_);
;// CONCATENATED MODULE: ./src/frames/source-imports.ts
/**
 * What a source file's imports bind, resolved against the repository's tracked files: Python
 * `from x import y` / `import x.y as m` (relative imports, `src/` layouts, submodules of a
 * package), JavaScript `import {y} from './x'`, default and namespace imports, `require('./x')`,
 * and re-exports (`export { a as b } from`, `export * from`) to follow. A name imported from a
 * package, or from a file that is not the user's own source (a test helper), is `external`.
 */


const JS_EXTENSIONS = [
    '',
    '.ts',
    '.tsx',
    '.js',
    '.jsx',
    '.mjs',
    '.cjs',
    '.mts',
    '.cts',
    '/index.ts',
    '/index.tsx',
    '/index.js',
    '/index.mjs',
];
function stringValue(node) {
    if (node?.type !== 'string')
        return undefined;
    return node.text.slice(1, -1);
}
class ImportReader {
    files;
    isOwn;
    byBasename = new Map();
    /** `files`: the repository's tracked files; `isOwn`: whether one is the user's own source. */
    constructor(files, isOwn) {
        this.files = files;
        this.isOwn = isOwn;
        for (const f of files) {
            const base = f.slice(f.lastIndexOf('/') + 1);
            const list = this.byBasename.get(base);
            if (list)
                list.push(f);
            else
                this.byBasename.set(base, [f]);
        }
    }
    /** Tracked files whose path is `rel` or ends with `/rel` (a `src/` layout, a package root). */
    endingWith(rel) {
        if (this.files.has(rel))
            return [rel];
        const base = rel.slice(rel.lastIndexOf('/') + 1);
        return (this.byBasename.get(base) ?? []).filter((f) => f.endsWith(`/${rel}`)).slice(0, 4);
    }
    pythonModule(dotted, from, dots) {
        const rel = dotted.split('.').filter(Boolean).join('/');
        if (dots > 0) {
            let base = external_node_path_default().posix.dirname(from);
            for (let i = 1; i < dots; i++)
                base = external_node_path_default().posix.dirname(base);
            const joined = base === '.' ? rel : rel ? `${base}/${rel}` : base;
            return [`${joined}.py`, `${joined}/__init__.py`].filter((f) => this.files.has(f));
        }
        if (!rel)
            return [];
        return [...this.endingWith(`${rel}.py`), ...this.endingWith(`${rel}/__init__.py`)];
    }
    jsModule(spec, from) {
        if (!spec.startsWith('.')) {
            // Path aliases (`@/cart`, `~/cart`, `#cart`) may be the user's: searched by name instead.
            return /^(@\/|~\/|#|src\/)/.test(spec) ? 'unknown' : 'package';
        }
        const base = external_node_path_default().posix.normalize(external_node_path_default().posix.join(external_node_path_default().posix.dirname(from), spec));
        const stems = [...new Set([base, base.replace(/\.[cm]?[jt]sx?$/, '')])];
        const found = [];
        for (const stem of stems)
            for (const ext of JS_EXTENSIONS)
                if (this.files.has(`${stem}${ext}`) && !found.includes(`${stem}${ext}`))
                    found.push(`${stem}${ext}`);
        return found.slice(0, 2);
    }
    read(source, file) {
        const imports = new FileImports(this, file);
        const family = syntax_walk/* FAMILY */.Ju[source.language];
        (0,syntax_walk/* walkSyntax */.l5)(source.tree.rootNode, (n) => {
            if (family === 'python')
                return imports.python(n);
            if (family !== 'js')
                return false;
            return imports.javascript(n);
        });
        return imports.out;
    }
}
/**
 * The imports of one file, collected while its syntax tree is walked. Each `python`/`javascript`
 * call reads one node and says whether the walk should go into its children.
 */
class FileImports {
    reader;
    file;
    out = { bindings: new Map(), star: [], reexports: new Map(), reexportAll: [], files: [] };
    constructor(reader, file) {
        this.reader = reader;
        this.file = file;
    }
    python(n) {
        if (n.type === 'import_from_statement')
            this.pythonFrom(n);
        else if (n.type === 'import_statement')
            this.pythonImport(n);
        else
            return true;
        return false;
    }
    javascript(n) {
        if (n.type === 'import_statement')
            return this.jsImport(n);
        if (n.type === 'export_statement')
            return this.jsReexport(n);
        if (n.type === 'variable_declarator')
            return this.jsRequire(n);
        return true;
    }
    own(files) {
        return files.filter((f) => this.reader.isOwn(f));
    }
    noteFiles(files) {
        for (const f of this.own(files))
            if (!this.out.files.includes(f))
                this.out.files.push(f);
    }
    bind(local, files, make) {
        if (files === 'unknown')
            return;
        // Not a file of the repository (a package), or not the user's source (a test helper).
        if (files === 'package' || files.length === 0 || this.own(files).length === 0) {
            this.out.bindings.set(local, { kind: 'external' });
            return;
        }
        this.out.bindings.set(local, make(this.own(files)));
        this.noteFiles(files);
    }
    /** `from x import y as z`, `from . import m`, `from x import *`. */
    pythonFrom(n) {
        const module = n.childForFieldName('module_name');
        if (!module)
            return;
        const dots = module.type === 'relative_import' ? (/^\.+/.exec(module.text)?.[0].length ?? 0) : 0;
        const dotted = module.text.slice(dots);
        const files = this.reader.pythonModule(dotted, this.file, dots);
        if (n.namedChildren.some((c) => c?.type === 'wildcard_import')) {
            for (const f of this.own(files)) {
                this.out.star.push(f);
                if (!this.out.files.includes(f))
                    this.out.files.push(f);
            }
            return;
        }
        for (const imported of n.childrenForFieldName('name')) {
            if (!imported)
                continue;
            const nameNode = imported.type === 'aliased_import' ? imported.childForFieldName('name') : imported;
            const alias = imported.type === 'aliased_import' ? imported.childForFieldName('alias')?.text : undefined;
            const name = nameNode?.text;
            if (!name)
                continue;
            // `from shop import cart`: a module of the package, or a name its __init__ defines.
            const submodule = this.reader.pythonModule(dotted ? `${dotted}.${name}` : name, this.file, dots);
            if (submodule.length > 0)
                this.bind(alias ?? name, submodule, (f) => ({ kind: 'module', files: f }));
            else
                this.bind(alias ?? name, files, (f) => ({ kind: 'symbol', files: f, name }));
        }
    }
    /** `import x.y`, `import x.y as m`. */
    pythonImport(n) {
        for (const imported of n.childrenForFieldName('name')) {
            if (!imported)
                continue;
            const dotted = imported.type === 'aliased_import' ? imported.childForFieldName('name')?.text : imported.text;
            const alias = imported.type === 'aliased_import' ? imported.childForFieldName('alias')?.text : undefined;
            if (dotted)
                this.bind(alias ?? dotted, this.reader.pythonModule(dotted, this.file, 0), (f) => ({
                    kind: 'module',
                    files: f,
                }));
        }
    }
    /** `import d, { a, b as c } from './x'`, `import * as m from './x'`. */
    jsImport(n) {
        const spec = stringValue(n.childForFieldName('source'));
        if (spec === undefined)
            return false;
        const files = this.reader.jsModule(spec, this.file);
        const clause = n.namedChildren.find((c) => c?.type === 'import_clause');
        for (const part of clause?.namedChildren ?? []) {
            if (!part)
                continue;
            if (part.type === 'identifier')
                this.bind(part.text, files, (f) => ({ kind: 'symbol', files: f, name: 'default' }));
            else if (part.type === 'namespace_import') {
                const local = part.namedChildren.find((c) => c?.type === 'identifier')?.text;
                if (local)
                    this.bind(local, files, (f) => ({ kind: 'module', files: f }));
            }
            else if (part.type === 'named_imports') {
                for (const spec of part.namedChildren) {
                    const name = spec?.childForFieldName('name')?.text;
                    const alias = spec?.childForFieldName('alias')?.text;
                    if (name)
                        this.bind(alias ?? name, files, (f) => ({ kind: 'symbol', files: f, name }));
                }
            }
        }
        if (files !== 'package' && files !== 'unknown')
            this.noteFiles(files);
        return false;
    }
    /** `export { a as b } from './x'`, `export * from './x'`; any other export is walked into. */
    jsReexport(n) {
        const spec = stringValue(n.childForFieldName('source'));
        if (spec === undefined)
            return true;
        const files = this.reader.jsModule(spec, this.file);
        if (files === 'package' || files === 'unknown')
            return false;
        const clause = n.namedChildren.find((c) => c?.type === 'export_clause');
        if (!clause)
            this.out.reexportAll.push(...this.own(files));
        for (const s of clause?.namedChildren ?? []) {
            const name = s?.childForFieldName('name')?.text;
            const alias = s?.childForFieldName('alias')?.text;
            if (name)
                this.out.reexports.set(alias ?? name, { files: this.own(files), name });
        }
        return false;
    }
    /** `const x = require('./x')`, `const { a, b: c } = require('./x')`. */
    jsRequire(n) {
        const value = n.childForFieldName('value');
        if (value?.type !== 'call_expression' || value.childForFieldName('function')?.text !== 'require')
            return true;
        const spec = stringValue(value.childForFieldName('arguments')?.namedChildren[0]);
        if (spec === undefined)
            return false;
        const files = this.reader.jsModule(spec, this.file);
        const target = n.childForFieldName('name');
        if (target?.type === 'identifier')
            this.bind(target.text, files, (f) => ({ kind: 'module', files: f }));
        else if (target?.type === 'object_pattern') {
            for (const p of target.namedChildren) {
                if (p?.type === 'shorthand_property_identifier_pattern')
                    this.bind(p.text, files, (f) => ({ kind: 'symbol', files: f, name: p.text }));
                else if (p?.type === 'pair_pattern') {
                    const key = p.childForFieldName('key')?.text;
                    const local = p.childForFieldName('value');
                    if (key && local?.type === 'identifier')
                        this.bind(local.text, files, (f) => ({ kind: 'symbol', files: f, name: key }));
                }
            }
        }
        if (files !== 'package' && files !== 'unknown')
            this.noteFiles(files);
        return false;
    }
}

// EXTERNAL MODULE: ./src/workspace/repo-paths.ts
var repo_paths = __webpack_require__(4640);
;// CONCATENATED MODULE: ./src/frames/callee-definitions.ts
/**
 * Where the code a failing assertion calls is defined. When a failure's triggering frame is in the
 * test itself (`assert total(cart) == 30`, `expect(cart.total()).toBe(30)`, a Go `t.Errorf` under
 * `if got := Total(items); got != 6`), the code under test is no longer on the stack: its
 * definition is found here so a repair can be shown it without asking for it.
 *
 * What counts as called, read from the test file's syntax tree (tree-sitter, not the clipped
 * `triggering.expression` text):
 * 1. the calls (and, at lower rank, property reads: a getter) of the statement at the triggering
 *    line, or of its header when it is a compound statement;
 * 2. the calls in the conditions of the `if`s around it, up to the enclosing function (Go's
 *    `if got := Total(x); got != want { t.Errorf(…) }`);
 * 3. the calls on the right-hand side of the last assignment, before the line and in the same
 *    function, to a variable the statement uses (`result = total(cart)` then `assert result == 30`).
 *
 * Where a name is defined, most certain first:
 * - the test file's imports: Python `from x import y` / `import x.y as m`, JavaScript
 *   `import {y} from './x'`, `import * as m`, `require('./x')`, following re-exports
 *   (`export … from`, a package `__init__.py` importing from its modules) a few steps. A name
 *   imported from a package (`vitest`, `pytest`) or from a test helper is never looked up further;
 * - a method called on a local object (`cart.total()`): the files the test imports first;
 * - otherwise a bounded search of the repository's tracked files of the same language, nearest to
 *   the test file first, by a definition-shaped text pattern confirmed in the syntax tree.
 *
 * Only the user's own, non-test source is ever returned: no test files (by name or directory), no
 * vendored, installed or generated code (`node_modules`, `vendor/`, `dist/`, `*.min.js`, `.d.ts`),
 * and never the failing test's own file (a Rust unit test's module shares its file with the code:
 * such callees are left to the windows around the test).
 *
 * One step further, `calleesOf` reads what a definition found here calls, through its own file's
 * definitions and imports (never a search: a callee of a callee elsewhere is rare, and looking for
 * `round` across a large repository is not worth it). The built-in repair engine suspects those too.
 */






const DEFAULT_CALLEE_LIMITS = {
    maxNames: 8,
    maxDefinitions: 3,
    maxPerName: 2,
    // The search reads nearest files first, so the callee of a test is usually among the first few;
    // these bound the rare miss (measured: scripts/bench/callee-definitions.ts).
    maxScannedFiles: 3_000,
    maxScannedChars: 24 * 1024 * 1024,
    maxParsedFiles: 40,
    maxCallsWithin: 32,
};
const NO_IMPORTS = { bindings: new Map(), star: [], reexports: new Map(), reexportAll: [], files: [] };
const TEST_DIRECTORY = /(^|\/)(tests?|__tests__|__mocks__|spec|specs|e2e|fixtures|testdata)\//i;
const NOT_OWN_SOURCE = /(^|\/)(node_modules|bower_components|jspm_packages|\.pnpm-store|\.yarn|site-packages|dist-packages|__pypackages__|\.venv|venv|\.tox|\.nox|\.eggs|vendor|third_party|\.cargo|\.m2|\.gradle|dist|build|out|coverage|target|__pycache__)\//i;
/** The user's own, non-test source: the only files a callee may come from. */
function isOwnSourceFile(file) {
    if (!(0,syntax_walk/* familyOfFile */.Cl)(file) || (0,repo_paths/* looksLikeTestFile */.ah)(file) || TEST_DIRECTORY.test(file) || NOT_OWN_SOURCE.test(file))
        return false;
    return !/\.min\.[cm]?js$|\.d\.[cm]?ts$/i.test(file);
}
/** `tests/test_cart.py`, `test/cart.test.ts`, `cart_test.go` → `cart`: the module a test is named for. */
function testedStem(testFile) {
    const base = testFile.slice(testFile.lastIndexOf('/') + 1).replace(/\.[^.]+$/, '');
    return base.replace(/^test_|_test$|\.(test|spec)$|Tests?$/g, '').toLowerCase();
}
function stemOf(file) {
    return file
        .slice(file.lastIndexOf('/') + 1)
        .replace(/\.[^.]+$/, '')
        .toLowerCase();
}
class Resolver {
    repo;
    limits;
    finder;
    imports;
    indexes = new Map();
    importsOf = new Map();
    /** What the search has spent (its bounds hold for the resolver's whole life). */
    scannedFiles = 0;
    scannedChars = 0;
    parsedFiles = 0;
    searched = new Map();
    constructor(repo, limits) {
        this.repo = repo;
        this.limits = limits;
        this.finder = (0,expression/* createExpressionFinder */.Fj)((f) => repo.readText(f));
        this.imports = new ImportReader(repo.files, isOwnSourceFile);
    }
    dispose() {
        this.finder.dispose();
        this.indexes.clear();
        this.importsOf.clear();
    }
    async index(file) {
        if (!this.indexes.has(file)) {
            const parsed = await this.finder.parsed(file);
            let index;
            try {
                index = parsed ? indexFile(parsed) : undefined;
            }
            catch {
                index = undefined;
            }
            this.indexes.set(file, index);
        }
        return this.indexes.get(file);
    }
    async importsIn(file) {
        if (!this.importsOf.has(file)) {
            const parsed = await this.finder.parsed(file);
            let imports;
            try {
                imports = parsed ? this.imports.read(parsed, file) : undefined;
            }
            catch {
                imports = undefined;
            }
            this.importsOf.set(file, imports);
        }
        return this.importsOf.get(file);
    }
    /** `name` defined in `files`, or re-exported from them (a few steps). */
    async definedIn(files, name, depth = 0) {
        const out = [];
        for (const file of files) {
            if (!isOwnSourceFile(file))
                continue;
            const index = await this.index(file);
            let wanted = name;
            if (name === 'default' && !index?.definitions.has('default') && index?.defaultName)
                wanted = index.defaultName;
            const found = index?.definitions.get(wanted);
            if (found?.length) {
                out.push(...found.map((d) => ({ ...d, file })));
                continue;
            }
            if (depth >= 3)
                continue;
            const imports = await this.importsIn(file);
            if (!imports)
                continue;
            const via = imports.reexports.get(name);
            if (via)
                out.push(...(await this.definedIn(via.files, via.name, depth + 1)));
            const binding = imports.bindings.get(name);
            if (binding?.kind === 'symbol')
                out.push(...(await this.definedIn(binding.files, binding.name, depth + 1)));
            if (!via && !binding && imports.reexportAll.length)
                out.push(...(await this.definedIn(imports.reexportAll, name, depth + 1)));
            if (!via && !binding && imports.star.length)
                out.push(...(await this.definedIn(imports.star, name, depth + 1)));
        }
        return out;
    }
    /** Definitions of `names` in the repository's own source of `family`, nearest to `near` first. */
    async search(family, names, near, exclude) {
        const found = new Map();
        const wanted = names.filter((n) => {
            const cached = this.searched.get(`${family}\0${near}\0${n}`);
            if (cached)
                found.set(n, cached);
            return !cached;
        });
        if (wanted.length === 0)
            return found;
        const pattern = definitionPattern(family, wanted);
        const stem = testedStem(near);
        const candidates = [...this.repo.files]
            .filter((f) => f !== exclude && (0,syntax_walk/* familyOfFile */.Cl)(f) === family && isOwnSourceFile(f))
            .map((f) => ({ f, score: (0,repo_paths/* sharedDepth */.zd)(f, near) * 2 + (stemOf(f) === stem ? 1 : 0) }))
            .sort((a, b) => b.score - a.score || (a.f < b.f ? -1 : a.f > b.f ? 1 : 0));
        const results = new Map(wanted.map((n) => [n, []]));
        // Only definitions as near as the nearest one found count: a second `total` in the test's own
        // package is worth showing, one across the repository is not (and not worth reading for).
        const nearest = new Map();
        const done = (name, score) => results.get(name).length >= this.limits.maxPerName || (nearest.get(name) ?? -1) > score;
        for (const { f, score } of candidates) {
            if (wanted.every((name) => done(name, score)))
                break;
            if (this.scannedFiles >= this.limits.maxScannedFiles || this.scannedChars >= this.limits.maxScannedChars)
                break;
            const text = this.repo.readText(f);
            this.scannedFiles++;
            if (text === undefined)
                continue;
            this.scannedChars += text.length;
            if (!pattern.test(text))
                continue;
            if (this.parsedFiles >= this.limits.maxParsedFiles)
                break;
            this.parsedFiles++;
            const index = await this.index(f);
            for (const [name, list] of results) {
                if (done(name, score))
                    continue;
                for (const d of index?.definitions.get(name) ?? [])
                    if (list.length < this.limits.maxPerName)
                        list.push({ ...d, file: f });
                if (list.length > 0 && !nearest.has(name))
                    nearest.set(name, score);
            }
        }
        for (const [name, list] of results) {
            this.searched.set(`${family}\0${near}\0${name}`, list);
            found.set(name, list);
        }
        return found;
    }
    async calleesOf(range) {
        const { file } = range;
        if (!isOwnSourceFile(file))
            return [];
        const source = await this.finder.parsed(file);
        if (!source)
            return [];
        let calls;
        try {
            calls = calledWithin(source, range.startLine, range.endLine).slice(0, this.limits.maxCallsWithin);
        }
        catch {
            return [];
        }
        if (calls.length === 0)
            return [];
        const imports = (await this.importsIn(file)) ?? NO_IMPORTS;
        const local = (await this.index(file))?.definitions ?? new Map();
        const out = [];
        const seen = new Set([`${file}\0${range.startLine}`]);
        const add = (name, defs, via) => {
            for (const d of defs.slice(0, this.limits.maxPerName)) {
                const key = `${d.file}\0${d.startLine}`;
                if (seen.has(key) || !isOwnSourceFile(d.file))
                    continue;
                seen.add(key);
                out.push({ name, file: d.file, startLine: d.startLine, endLine: d.endLine, via });
            }
        };
        for (const c of calls) {
            const bound = c.receiver === undefined ? imports.bindings.get(c.name) : imports.bindings.get(c.receiver);
            if (bound?.kind === 'external')
                continue;
            if (bound) {
                // An imported function, or a function of an imported module or class.
                add(c.name, await this.definedIn(bound.files, bound.kind === 'symbol' && c.receiver === undefined ? bound.name : c.name), 'import');
                continue;
            }
            // A function of the same module, a method of its own class (`self.total()`), else a method
            // of an object it was handed, or a name from `import *`: in what the file imports.
            const own = local.get(c.name);
            if (own?.length) {
                add(c.name, own.map((d) => ({ ...d, file })), 'local');
                continue;
            }
            const first = c.receiver === undefined ? imports.star : imports.files;
            if (first.length)
                add(c.name, await this.definedIn(first, c.name), 'import');
        }
        return out;
    }
    async definitionsNamed(names, near) {
        const family = (0,syntax_walk/* familyOfFile */.Cl)(near);
        const wanted = [...new Set(names)].filter(syntax_walk/* isIdentifier */._5).slice(0, this.limits.maxNames);
        if (!family || wanted.length === 0)
            return [];
        const out = [];
        const local = isOwnSourceFile(near) ? (await this.index(near))?.definitions : undefined;
        const toSearch = [];
        for (const name of wanted) {
            const own = local?.get(name) ?? [];
            for (const d of own.slice(0, this.limits.maxPerName))
                out.push({ ...d, file: near, via: 'local' });
            if (own.length === 0)
                toSearch.push(name);
        }
        if (toSearch.length > 0 && out.length < this.limits.maxDefinitions) {
            const found = await this.search(family, toSearch, near, near);
            for (const name of toSearch)
                for (const d of found.get(name) ?? [])
                    out.push({ name, file: d.file, startLine: d.startLine, endLine: d.endLine, via: 'search' });
        }
        return out.slice(0, this.limits.maxDefinitions);
    }
    async definitionsFor(frame) {
        const trig = frame.triggering;
        const testFile = frame.test?.file;
        if (!trig || !(trig.file === testFile || (0,repo_paths/* looksLikeTestFile */.ah)(trig.file)))
            return [];
        const family = (0,syntax_walk/* familyOfFile */.Cl)(trig.file);
        if (!family)
            return [];
        const source = await this.finder.parsed(trig.file);
        if (!source)
            return [];
        let calls;
        try {
            calls = calledAt(source, trig.line).slice(0, this.limits.maxNames);
        }
        catch {
            return [];
        }
        if (calls.length === 0)
            return [];
        const imports = (await this.importsIn(trig.file)) ?? NO_IMPORTS;
        const local = (await this.index(trig.file))?.definitions ?? new Map();
        // A helper the test file defines is test code, never shown as a callee; what it calls is
        // (one level: `if got := mustPercent(t, "15%")` → `Percent(code)`).
        for (const c of calls.slice()) {
            const helper = c.receiver === undefined ? local.get(c.name) : undefined;
            if (helper?.length !== 1 || calls.length >= this.limits.maxNames * 2)
                continue;
            try {
                calls.push(...calledWithin(source, helper[0].startLine, helper[0].endLine).filter((h) => !calls.some((k) => k.name === h.name && k.receiver === h.receiver)));
            }
            catch {
                // A helper that cannot be read adds nothing.
            }
        }
        calls = calls.slice(0, this.limits.maxNames * 2);
        const out = [];
        const seen = new Set();
        const add = (name, defs, via) => {
            for (const d of defs.slice(0, this.limits.maxPerName)) {
                const key = `${d.file}\0${d.startLine}`;
                if (seen.has(key) || out.length >= this.limits.maxDefinitions)
                    continue;
                if (d.file === trig.file || d.file === testFile || !isOwnSourceFile(d.file))
                    continue;
                seen.add(key);
                out.push({ name, file: d.file, startLine: d.startLine, endLine: d.endLine, via });
            }
        };
        const toSearch = [];
        for (const c of calls) {
            if (out.length >= this.limits.maxDefinitions)
                break;
            const bound = c.receiver === undefined ? imports.bindings.get(c.name) : imports.bindings.get(c.receiver);
            if (bound?.kind === 'external')
                continue;
            if (bound?.kind === 'symbol' && c.receiver === undefined) {
                const defs = await this.definedIn(bound.files, bound.name);
                if (defs.length)
                    add(c.name, defs, 'import');
                else
                    toSearch.push(c);
                continue;
            }
            if (bound) {
                // A method of an imported module or class: `cart_module.total()`, `Cart.create()`.
                const defs = await this.definedIn(bound.files, c.name);
                if (defs.length)
                    add(c.name, defs, 'import');
                else
                    toSearch.push(c);
                continue;
            }
            // A helper the test file defines itself is test code.
            if (c.receiver === undefined && local.has(c.name))
                continue;
            // A method on a local object, or a name from `import *`: the imported files first.
            const first = c.receiver === undefined ? imports.star : imports.files;
            const defs = first.length ? await this.definedIn(first, c.name) : [];
            if (defs.length)
                add(c.name, defs, 'import');
            else
                toSearch.push(c);
        }
        const names = [...new Set(toSearch.map((c) => c.name))];
        if (out.length < this.limits.maxDefinitions && names.length) {
            const found = await this.search(family, names, trig.file, testFile ?? trig.file);
            for (const name of names)
                add(name, found.get(name) ?? [], 'search');
        }
        return out;
    }
}
function createCalleeResolver(repo, limits = {}) {
    return new Resolver(repo, { ...DEFAULT_CALLEE_LIMITS, ...limits });
}


/***/ }),

/***/ 215:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  mE: () => (/* binding */ collectEvidence)
});

// UNUSED EXPORTS: DEFAULT_MAX_LOG_BYTES, readLogTail

// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(1455);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
var external_node_path_default = /*#__PURE__*/__webpack_require__.n(external_node_path_);
// EXTERNAL MODULE: ./src/frames/build-frames.ts + 3 modules
var build_frames = __webpack_require__(7236);
// EXTERNAL MODULE: ./src/frames/callee-definitions.ts + 3 modules
var callee_definitions = __webpack_require__(8847);
// EXTERNAL MODULE: ./src/frames/prune-message.ts
var prune_message = __webpack_require__(8956);
// EXTERNAL MODULE: ./src/frames/source-snippet.ts
var source_snippet = __webpack_require__(8461);
// EXTERNAL MODULE: ./src/text/untrusted-text.ts
var untrusted_text = __webpack_require__(2073);
;// CONCATENATED MODULE: ./src/frames/diagnostic-frames.ts




/** Paths whose content a tool or build writes: a diagnostic there is fixed in what generates it. */
const GENERATED_PATHS = [
    {
        pattern: /(^|\/)(dist|build|out|target|coverage|\.next|\.nuxt|\.svelte-kit|__generated__)\//,
        why: 'build output, written by the build from the sources',
    },
    { pattern: /\.min\.[cm]?js$/, why: 'a minified bundle' },
    {
        pattern: /\.pb(\.gw)?\.go$|_pb2(_grpc)?\.pyi?$|(^|\/)zz_generated[^/]*\.go$|[._]generated\.[a-z]+$/i,
        why: 'written by a code generator (protobuf, Kubernetes deepcopy, `*.generated.*`)',
    },
];
/** Diagnostic frames built at most (as for test failures: a bound, not a goal). */
const MAX_DIAGNOSTIC_FRAMES = 100;
/** Symbol definitions looked up for this many frames at most (the first ones). */
const MAX_WITH_DEFINITIONS = 20;
/** Definitions shown per frame, and lines per definition window. */
const MAX_DEFINITIONS = 2;
const MAX_DEFINITION_LINES = 30;
const MAX_RELATED = 3;
/** As `extractSnippet` clips a line. */
const SNIPPET_LINE_LENGTH = 240;
function isGenerated(file) {
    return GENERATED_PATHS.some((g) => g.pattern.test(file));
}
/**
 * One frame per diagnostic at the user's own code, in the order given, at most
 * `MAX_DIAGNOSTIC_FRAMES`; a diagnostic printed twice (two reports, a log and a report) is one.
 */
async function buildDiagnosticFrames(diagnostics, repo) {
    const resolver = (0,callee_definitions/* createCalleeResolver */.ZI)(repo);
    try {
        const frames = [];
        const seen = new Set();
        for (const d of diagnostics) {
            if (frames.length >= MAX_DIAGNOSTIC_FRAMES)
                break;
            const file = ownFile(d.file, repo);
            if (!file)
                continue;
            const frame = frameOf(d, file, repo);
            if (seen.has(frame.id))
                continue;
            seen.add(frame.id);
            if (frames.length < MAX_WITH_DEFINITIONS)
                frame.definitions = await definitionsOf(frame, resolver, repo);
            frames.push(frame);
        }
        return frames;
    }
    finally {
        resolver.dispose();
    }
}
/** The repo-relative file of a printed path, when it is the user's own, non-generated code. */
function ownFile(raw, repo) {
    if (!raw)
        return undefined;
    const verdict = repo.resolve(raw);
    return verdict.kind === 'user' && !isGenerated(verdict.path) ? verdict.path : undefined;
}
function frameOf(d, file, repo) {
    const text = repo.readText(file);
    const lines = text === undefined ? undefined : (0,source_snippet/* countedLines */.Su)(text);
    const line = d.line !== undefined && (!lines || d.line <= lines.length) ? d.line : undefined;
    const column = line === undefined ? undefined : (d.column ?? caretColumn(d, lines?.[line - 1]));
    const snippet = line !== undefined && lines ? (0,source_snippet/* extractSnippet */.ZB)(lines, line) : undefined;
    const message = (0,prune_message/* pruneMessage */.Q)(d.message);
    return {
        id: [d.tool, d.code ?? '', file, line ?? ''].join(':'),
        tool: d.tool,
        category: d.category,
        ...(d.code ? { code: d.code } : {}),
        severity: d.severity,
        fails: d.fails,
        message,
        file,
        ...(line !== undefined ? { line } : {}),
        ...(column !== undefined ? { column } : {}),
        ...(snippet ? { snippet } : {}),
        related: relatedOf(d, repo),
        definitions: [],
        ...(d.fixable ? { fixable: true } : {}),
    };
}
/**
 * Python prints the offending line without its indentation and a caret under it: the column is
 * the caret's offset past the indentation the file's line has, when the line is the one printed.
 */
function caretColumn(d, fileLine) {
    if (!d.caret || fileLine === undefined)
        return undefined;
    const indent = /^[ \t]*/.exec(fileLine)[0].length;
    if (fileLine.slice(indent).trimEnd() !== d.caret.source.trim())
        return undefined;
    const leading = /^[ \t]*/.exec(d.caret.source)[0].length;
    return indent + Math.max(0, d.caret.offset - leading) + 1;
}
function relatedOf(d, repo) {
    const out = [];
    for (const r of d.related ?? []) {
        if (out.length >= MAX_RELATED)
            break;
        const file = ownFile(r.file, repo);
        if (!file)
            continue;
        const text = r.line === undefined ? undefined : repo.readText(file);
        const snippet = text === undefined ? undefined : (0,source_snippet/* extractSnippet */.ZB)(text, r.line, { context: 1 });
        out.push({
            file,
            ...(r.line !== undefined ? { line: r.line } : {}),
            message: (0,prune_message/* pruneMessage */.Q)(r.message, { maxLines: 2 }),
            ...(snippet ? { snippet } : {}),
        });
    }
    return out;
}
/**
 * Names a message gives: quoted (`'Item'`, `"Item"`, `` `&Line` ``, `'const struct line'`: the
 * last word of a short quoted type), and the unquoted forms of Go (`undefined: totl`, `(type Line
 * has no field …)`) and javac (`location: variable item of type Item`). The resolver keeps the
 * ones it finds defined.
 */
function quotedNames(message) {
    const names = [];
    const head = message.slice(0, 2000);
    for (const m of head.matchAll(/['"`\u2018\u201c]([^'"`\u2019\u201d\n]{1,100})['"`\u2019\u201d]/g)) {
        const name = /^(?:&(?:mut\s+)?|\*|(?:const|struct|enum|class|union)\s+)*([A-Za-z_$][\w$]*)$/.exec(m[1].trim());
        if (name)
            names.push(name[1]);
    }
    for (const m of head.matchAll(/\bundefined: ([A-Za-z_]\w{0,99})|\bof type ([A-Za-z_]\w{0,99})|\(type ([A-Za-z_]\w{0,99}) has\b/g))
        names.push((m[1] ?? m[2] ?? m[3]));
    return [...new Set(names)];
}
async function definitionsOf(frame, resolver, repo) {
    const names = quotedNames(frame.message);
    if (names.length === 0)
        return [];
    let found;
    try {
        found = await resolver.definitionsNamed(names, frame.file);
    }
    catch {
        return [];
    }
    const out = [];
    for (const d of found) {
        if (out.length >= MAX_DEFINITIONS)
            break;
        // The flagged line itself is no definition worth showing (`const totl = …` flagged as unused).
        if (d.file === frame.file && frame.line !== undefined && d.startLine <= frame.line && frame.line <= d.endLine)
            continue;
        const snippet = windowOf(repo.readText(d.file), d.startLine, d.endLine);
        if (snippet)
            out.push({ name: d.name, file: d.file, snippet });
    }
    return out;
}
/** Lines `start`..`end` (at most `MAX_DEFINITION_LINES`), clipped as any snippet's. */
function windowOf(text, start, end) {
    if (text === undefined)
        return undefined;
    const lines = (0,source_snippet/* countedLines */.Su)(text).slice(start - 1, Math.min(end, start + MAX_DEFINITION_LINES - 1));
    if (lines.length === 0)
        return undefined;
    return { startLine: start, lines: lines.map((l) => (0,untrusted_text/* clipLine */.DX)(l.replace(/\s+$/, ''), SNIPPET_LINE_LENGTH)) };
}

// EXTERNAL MODULE: ./src/frames/match-tests.ts
var match_tests = __webpack_require__(4047);
// EXTERNAL MODULE: ./src/frames/repo-view.ts
var repo_view = __webpack_require__(5504);
// EXTERNAL MODULE: ./src/reports/tool-diagnostic.ts
var tool_diagnostic = __webpack_require__(2633);
// EXTERNAL MODULE: ./src/reports/logs/traceback-bounds.ts
var traceback_bounds = __webpack_require__(4131);
;// CONCATENATED MODULE: ./src/reports/logs/line-formats.ts

/** `go build`, `go vet` and `go test` compile errors: `./cart.go:12:5: undefined: total`, continued by indented `\thave …` lines. */
const GO_COMPILER = {
    tool: 'go',
    category: 'compile',
    lines: [/^(?<file>\S(?:.*?\S)?\.go):(?<line>\d+)(?::(?<column>\d+))?: (?<message>.*)$/],
    continuation: /^\s+\S/,
    severity: 'error',
};
/**
 * rustc (through cargo): `error[E0425]: cannot find value …` then `  --> src/lib.rs:3:5`, then the
 * source excerpt up to a blank line. cargo's own `error: test failed, …` lines are no diagnostic.
 * A lint denied by `-D warnings` is an `error:` without a code: its name is in a note
 * (`= note: \`-D clippy::ptr-arg\` implied by \`-D warnings\``).
 */
const RUSTC = {
    tool: 'rustc',
    category: 'compile',
    lines: [
        /^(?<severity>error|warning)(?:\[(?<code>E\d+)\])?: (?!test failed|\d+ targets? failed|could not compile|build failed)(?<message>.+)$/,
        /^\s*--> (?<file>.+?):(?<line>\d+):(?<column>\d+)\s*$/,
    ],
    continuation: /\S/,
    detect: /^\s*--> \S+:\d+:\d+\s*$/m,
    codeIn: /^\s*= note: `-D (?<code>[\w:-]+)` implied by/,
    notes: /^\s*= (?:note|help): (?!`-D |for further information)/,
    refine: (d) => {
        if (!d.code || /^E\d+$/.test(d.code))
            return d;
        // A lint (`unused-variables`, `clippy::ptr-arg`), named as `#[allow(…)]` and the JSON name it.
        const code = d.code.replace(/-/g, '_');
        return { ...d, code, category: 'lint', ...(code.startsWith('clippy::') ? { tool: 'clippy' } : {}) };
    },
};
/** `tsc` (not a terminal, or `--pretty false`): `src/price.ts(3,68): error TS2339: Property …`, chained messages indented below. */
const TSC = {
    tool: 'tsc',
    category: 'type',
    lines: [
        /^(?<file>[^\s(][^()]*?)\((?<line>\d+),(?<column>\d+)\): (?<severity>error|warning) (?<code>TS\d+): (?<message>.*)$/,
    ],
    continuation: /^ {2,}\S/,
    detect: /\(\d+,\d+\): (?:error|warning) TS\d+: /,
};
/** ESLint `-f compact`: `/abs/src/cart.js: line 3, col 34, Error - 'x' is defined but never used. (no-unused-vars)`. */
const ESLINT_COMPACT = {
    tool: 'eslint',
    form: 'compact',
    category: 'lint',
    lines: [
        /^(?<file>\S.*?): line (?<line>\d+), col (?<column>\d+), (?<severity>Error|Warning) - (?<message>.*?)(?: \((?<code>@?[\w-]+(?:\/[\w-]+)*)\))?$/,
    ],
    detect: /: line \d+, col \d+, (?:Error|Warning) - /,
};
/** ESLint `-f unix`: `/abs/src/cart.js:3:34: 'x' is defined but never used. [Error/no-unused-vars]`. */
const ESLINT_UNIX = {
    tool: 'eslint',
    form: 'unix',
    category: 'lint',
    lines: [
        /^(?<file>\S.*?):(?<line>\d+):(?<column>\d+): (?<message>.*) \[(?<severity>Error|Warning)(?:\/(?<code>@?[\w-]+(?:\/[\w-]+)*))?\]$/,
    ],
    detect: /\[(?:Error|Warning)(?:\/[@\w/-]+)?\]$/m,
};
/** `prettier --check`: `[warn] src/cart.js` for each file it would reformat. */
const PRETTIER_CHECK = {
    tool: 'prettier',
    form: 'check',
    category: 'format',
    lines: [/^\[warn\] (?<file>[^\s]+\.[A-Za-z0-9]+)$/],
    severity: 'error',
    message: 'not formatted (prettier --check)',
    fixable: true,
    // `[warn] file` alone is not Prettier's mark: its banner or its summary must be there too.
    detect: /^(?:\[warn\] )?(?:Checking formatting\.\.\.|Code style issues (?:found|were found))/m,
};
/** Prettier on a file it cannot parse: `[error] src/broken.ts: SyntaxError: ',' expected. (1:39)`, then its code frame. */
const PRETTIER_SYNTAX = {
    tool: 'prettier',
    form: 'syntax',
    category: 'syntax',
    lines: [/^\[error\] (?<file>[^\s:]+): (?<code>SyntaxError): (?<message>.*) \((?<line>\d+):(?<column>\d+)\)$/],
    continuation: /^\[error\] (?:[> ] *\d+ \||\s+\|)/,
    severity: 'error',
    detect: /^\[error\] [^\s:]+: SyntaxError: /m,
};
/**
 * Biome `--reporter=github`: workflow commands. A formatting difference is given line 1 column 2,
 * which is no place in the file: it names the file only.
 */
const BIOME_GITHUB = {
    tool: 'biome',
    form: 'github',
    category: 'lint',
    lines: [
        /^::(?<severity>error|warning|notice) title=(?<code>(?:lint|format|assist|parse|syntax)[\w/]*),file=(?<file>[^,]+),line=(?<line>\d+),endLine=\d+,col=(?<column>\d+),endColumn=\d+::(?<message>.*)$/,
    ],
    detect: /^::(?:error|warning|notice) title=(?:lint|format|assist|parse|syntax)/m,
    refine: (d) => biomeCategory(d),
};
/** Ruff's marks: the `[*]` of a fixable rule and its summary. flake8 prints the same lines without them. */
const RUFF_MARKS = /^Found \d+ errors?\.|^\[\*\] \d+ fixable with the `--fix` option|^\S+:\d+:\d+: [A-Z]+\d+ \[\*\] /m;
/** flake8 (and pycodestyle, pyflakes): `app/cart.py:9:12: F821 undefined name 'totl'`. Every finding fails the run. */
const FLAKE8 = {
    tool: 'flake8',
    category: 'lint',
    lines: [/^(?<file>[^\s:][^:]*?\.pyi?):(?<line>\d+):(?<column>\d+): (?<code>[A-Z]{1,3}\d{1,4}) (?<message>.*)$/],
    severity: 'error',
    detect: /\.pyi?:\d+:\d+: [A-Z]{1,3}\d{1,4} /,
    unless: RUFF_MARKS,
};
/**
 * Ruff's concise output (`--output-format concise`, the default before 0.5): flake8's shape with
 * `[*]` before a fixable rule's message. Written from Ruff's documentation, not proved on its
 * output (no Ruff here).
 */
const RUFF_CONCISE = {
    tool: 'ruff',
    form: 'concise',
    category: 'lint',
    lines: [
        /^(?<file>[^\s:][^:]*?\.pyi?):(?<line>\d+):(?<column>\d+): (?<code>[A-Z]{1,4}\d{1,4}) (?<fixable>\[\*\] )?(?<message>.*)$/,
    ],
    severity: 'error',
    detect: RUFF_MARKS,
};
/**
 * Ruff's full output of 0.12 and later: `F401 [*] \`os\` imported but unused`, then
 * ` --> app/cart.py:1:8` and a code frame. From Ruff's documentation, not proved on its output.
 */
const RUFF_FULL = {
    tool: 'ruff',
    form: 'full',
    category: 'lint',
    lines: [
        /^(?<code>[A-Z]{1,4}\d{1,4}) (?<fixable>\[\*\] )?(?<message>.+)$/,
        /^\s*--> (?<file>[^\s:][^:]*?\.pyi?):(?<line>\d+):(?<column>\d+)\s*$/,
    ],
    continuation: /\S/,
    severity: 'error',
    detect: /^\s*--> \S+\.pyi?:\d+:\d+\s*$/m,
};
/** `ruff format --check`: `Would reformat: app/cart.py`. From Ruff's documentation, not proved on its output. */
const RUFF_FORMAT = {
    tool: 'ruff',
    form: 'format',
    category: 'format',
    lines: [/^Would reformat: (?<file>.+)$/],
    severity: 'error',
    message: 'not formatted (ruff format --check)',
    fixable: true,
    detect: /^Would reformat: /m,
};
/** `black --check`: `would reformat /abs/app/cart.py`. */
const BLACK_CHECK = {
    tool: 'black',
    form: 'check',
    category: 'format',
    lines: [/^would reformat (?<file>.+)$/],
    severity: 'error',
    message: 'would reformat',
    fixable: true,
    detect: /^would reformat /m,
};
/** black on a file it cannot parse: `error: cannot format /abs/app/broken.py: Cannot parse: 2:4: <source>` (0-based column). */
const BLACK_PARSE = {
    tool: 'black',
    form: 'parse',
    category: 'syntax',
    lines: [
        /^error: cannot format (?<file>.+?): (?<message>Cannot parse(?: for target version [^:]+)?: (?<line>\d+):(?<column>\d+): .*)$/,
    ],
    severity: 'error',
    code: 'parse',
    columnBase: 0,
    detect: /^error: cannot format /m,
};
/** `cargo fmt --check`: `Diff in /abs/src/lib.rs:14:` (rustfmt 1.5 and later; `… at line 14:` before), then the diff. */
const RUSTFMT = {
    tool: 'rustfmt',
    category: 'format',
    lines: [/^Diff in (?<file>\S.*?\.rs)(?::| at line )(?<line>\d+):\s*$/],
    severity: 'error',
    message: 'not formatted (cargo fmt --check)',
    fixable: true,
    detect: /^Diff in \S.*\.rs(?::| at line )\d+:/m,
};
/** Maven's compiler plugin: `[ERROR] /abs/Cart.java:[12,38] cannot find symbol`, `symbol:`/`location:` lines below. */
const MAVEN_JAVAC = {
    tool: 'javac',
    form: 'maven',
    category: 'compile',
    lines: [/^\[(?<severity>ERROR|WARNING)\] (?<file>\S.*?\.java):\[(?<line>\d+),(?<column>\d+)\] (?<message>.*)$/],
    continuation: /^(?:\[(?:ERROR|WARNING)\])?\s{2,}(?:symbol|location|required|found|reason)\s*:/,
    notes: /^(?:\[(?:ERROR|WARNING)\])?\s{2,}(?:symbol|location|required|found|reason)\s*:/,
    detect: /^\[(?:ERROR|WARNING)\] \S.*\.java:\[\d+,\d+\] /m,
    refine: (d) => withJavacKey(d),
};
/**
 * Kotlin through Gradle (1.8 and later): `e: file:///abs/Cart.kt:6:39 Unresolved reference: qty`.
 * From the Kotlin Gradle plugin's documented output, not proved on it (no Gradle here).
 */
const KOTLIN_GRADLE = {
    tool: 'kotlinc',
    form: 'gradle',
    category: 'compile',
    lines: [/^(?<severity>e|w): (?:file:\/\/)?(?<file>\S.*?\.kts?):(?<line>\d+):(?<column>\d+) (?<message>.*)$/],
    detect: /^[ew]: \S.*\.kts?:\d+:\d+ /m,
};
/** The same before Kotlin 1.8: `e: /abs/Cart.kt: (6, 39): Unresolved reference: qty`. Documented, not proved. */
const KOTLIN_GRADLE_OLD = {
    tool: 'kotlinc',
    form: 'gradle-old',
    category: 'compile',
    lines: [/^(?<severity>e|w): (?<file>\S.*?\.kts?): \((?<line>\d+), (?<column>\d+)\): (?<message>.*)$/],
    detect: /^[ew]: \S.*\.kts?: \(\d+, \d+\): /m,
};
/**
 * Go diagnostics outside a `# package` block too (a JUnit body, vet's `vet: ` lines): the column
 * is required there, so a test's own `cart_test.go:14: message` is never one.
 */
const GO_DIAGNOSTIC = {
    tool: 'go',
    form: 'anywhere',
    category: 'compile',
    lines: [/^(?:vet: )?(?<file>\S(?:.*?\S)?\.go):(?<line>\d+):(?<column>\d+): (?<message>.*)$/],
    continuation: /^\s+\S/,
    severity: 'error',
    detect: /\.go:\d+:\d+: /,
    refine: (d) => withGoCheck(d),
};
/**
 * Entries tried on every line of a log (a tool's multi-line output has a reader of its own).
 * `GO_COMPILER` is not one: outside a `# package` block its optional column would take a test's
 * `cart_test.go:14: message` for a compile error (`GO_DIAGNOSTIC` is the one for anywhere).
 */
const LINE_FORMATS = [
    RUSTC,
    TSC,
    ESLINT_COMPACT,
    ESLINT_UNIX,
    PRETTIER_CHECK,
    PRETTIER_SYNTAX,
    BIOME_GITHUB,
    FLAKE8,
    RUFF_CONCISE,
    RUFF_FULL,
    RUFF_FORMAT,
    BLACK_CHECK,
    BLACK_PARSE,
    RUSTFMT,
    MAVEN_JAVAC,
    KOTLIN_GRADLE,
    KOTLIN_GRADLE_OLD,
    GO_DIAGNOSTIC,
];
/**
 * The checks `go test` runs `go vet` with (and printf, the one that fails most), by the message
 * each prints: a vet finding is a lint problem, not a compile error, and Go names no codes.
 */
const GO_VET_CHECKS = [
    [
        /^(?:\S+ format %|\S+ call has arguments but no formatting directives|\S+ call needs \d+ args? but has \d+ args?|\S+ possible formatting directive|\S+ format %\S* reads arg #|\S+ call has possible Printf formatting directive)/,
        'printf',
    ],
    [/^\S+ arg \S+ is a func value, not called/, 'printf'],
    [/^comparison of function \S+ (?:==|!=) nil is always/, 'nilfunc'],
    [/^conversion from \S+ to string yields a string of one rune/, 'stringintconv'],
    [/^second argument to errors\.As must be a non-nil pointer/, 'errorsas'],
    [/^impossible type assertion:/, 'ifaceassert'],
    [/^direct assignment to atomic value/, 'atomic'],
    [/^redundant (?:and|or): |^suspect (?:and|or): /, 'bool'],
    [/^\+build lines? /, 'buildtag'],
];
function withGoCheck(d) {
    const check = GO_VET_CHECKS.find(([pattern]) => pattern.test(d.message))?.[1];
    return check ? { ...d, code: `vet/${check}`, category: 'lint' } : { ...d, code: 'compile' };
}
/** javac names no codes; its message keys, for the messages that say which one they are. */
const JAVAC_KEYS = [
    [/^cannot find symbol/, 'cant.resolve'],
    [/^incompatible types\b/, 'incompatible.types'],
    [/^';' expected/, 'expected'],
    [/^missing return statement/, 'missing.ret.stmt'],
    [/^unreported exception /, 'unreported.exception.need.to.catch.or.throw'],
    [/^variable \S+ might not have been initialized/, 'var.might.not.have.been.initialized'],
    [/^method does not override or implement a method from a supertype/, 'method.does.not.override.superclass'],
    [/^\S+ is not abstract and does not override abstract method /, 'does.not.override.abstract'],
    [/^cannot assign a value to final variable /, 'cant.assign.val.to.final.var'],
    [/^unreachable statement/, 'unreachable.stmt'],
];
function withJavacKey(d) {
    const key = JAVAC_KEYS.find(([pattern]) => pattern.test(d.message))?.[1];
    return key ? { ...d, code: key } : d;
}
/** Biome's categories: `lint/…`, `format`, `parse`, `assist/…`. */
function biomeCategory(d) {
    const code = d.code ?? '';
    if (code === 'format')
        return { ...d, category: 'format', line: undefined, column: undefined, fixable: true };
    if (code === 'parse' || code.startsWith('syntax'))
        return { ...d, category: 'syntax' };
    return d;
}
/** Advice to silence a diagnostic is never passed on: a fix may not suppress what it fixes. */
const SUPPRESSION_ADVICE = /#\[allow\(|#!\[allow\(|@ts-ignore|@ts-expect-error|eslint-disable|# ?noqa|type: ?ignore|pyright: ?ignore|\/\/ ?nolint|@SuppressWarnings/i;
/**
 * The diagnostic `format` reads at `lines[start]`, or undefined when the lines there are not one.
 * At most `maxLines` lines of text are gathered (a message is bounded however long the excerpt).
 */
function readDiagnostic(format, lines, start, maxLines = traceback_bounds/* MAX_MESSAGE_LINES */.de) {
    const groups = {};
    let k = start;
    for (const pattern of format.lines) {
        const m = k < lines.length ? pattern.exec((0,traceback_bounds/* structuralHead */.Cy)(lines[k])) : null;
        if (!m)
            return undefined;
        for (const [name, value] of Object.entries(m.groups ?? {}))
            if (value !== undefined)
                groups[name] = value;
        k++;
    }
    const text = lines.slice(start, k);
    while (format.continuation &&
        k < lines.length &&
        text.length < maxLines &&
        format.continuation.test((0,traceback_bounds/* structuralHead */.Cy)(lines[k]))) {
        text.push(lines[k]);
        k++;
    }
    return diagnosticOf(format, groups, text, k);
}
function diagnosticOf(format, groups, text, next) {
    const d = { tool: format.tool, message: groups.message ?? format.message ?? '', text, next };
    if (groups.file !== undefined)
        d.file = groups.file;
    const line = groups.line !== undefined ? (0,traceback_bounds/* parseLineNumber */.P8)(groups.line) : undefined;
    if (line !== undefined)
        d.line = line;
    const column = groups.column !== undefined ? parseColumn(groups.column, format.columnBase) : undefined;
    if (column !== undefined)
        d.column = column;
    const severity = groups.severity ?? format.severity;
    if (severity !== undefined)
        d.severity = severity;
    const code = groups.code ?? codeInText(format, text) ?? format.code;
    if (code !== undefined)
        d.code = code;
    if (groups.fixable !== undefined || format.fixable)
        d.fixable = true;
    return d;
}
function parseColumn(text, base) {
    if (base !== 0)
        return (0,traceback_bounds/* parseLineNumber */.P8)(text);
    const n = (0,traceback_bounds/* parseLineNumber */.P8)(`${Number(text) + 1}`);
    return /^\d{1,8}$/.test(text) ? n : undefined;
}
function codeInText(format, text) {
    if (!format.codeIn)
        return undefined;
    for (const line of text) {
        const code = format.codeIn.exec((0,traceback_bounds/* structuralHead */.Cy)(line))?.groups?.code;
        if (code)
            return code;
    }
    return undefined;
}

;// CONCATENATED MODULE: ./src/reports/logs/diagnostic-fields.ts



const SEVERITY_WORDS = {
    error: 'error',
    'fatal error': 'error',
    e: 'error',
    warning: 'warning',
    warn: 'warning',
    w: 'warning',
    note: 'info',
    notice: 'info',
    info: 'info',
    information: 'info',
    message: 'info',
};
/** The severity a printed word stands for (`Error`, `fatal error`, `W`); an error when it says none. */
function severityOf(printed) {
    return (printed && SEVERITY_WORDS[printed.toLowerCase()]) || 'error';
}
/** A message with the notes that explain it, without any that suggests silencing it. */
function withNotes(message, notes) {
    const kept = notes.map((n) => n.trimEnd()).filter((n) => n.trim() && !SUPPRESSION_ADVICE.test(n));
    return kept.length ? [message, ...kept].join('\n') : message;
}
/** The 0-based index of the first `^` of a caret line (`   ^~~~`, `  |   ^`), or undefined when it is none. */
function caretIndex(line) {
    const head = (0,traceback_bounds/* structuralHead */.Cy)(line);
    if (!/^[\s|~^]*\^[\s~^]*$/.test(head))
        return undefined;
    return head.indexOf('^');
}
/** The lines `lines[start..end)` of the log as the 1-based range a diagnostic names. */
function logRange(log, start, end) {
    return { start: start + log.firstLine, end: Math.max(start, end - 1) + log.firstLine };
}
/** The diagnostic of a line-format entry at `lines[i]`, in the model's fields. */
function readFormat(format, log, i) {
    const d = readDiagnostic(format, log.lines, i);
    if (!d)
        return undefined;
    const notes = format.notes ? d.text.filter((t) => format.notes.test((0,traceback_bounds/* structuralHead */.Cy)(t))) : [];
    let found = {
        tool: format.tool,
        category: format.category ?? 'compile',
        severity: severityOf(d.severity),
        // Notes indented as the tool itself prints them, whatever prefix a build tool adds (Maven's `[ERROR]`).
        message: withNotes(d.message, notes.map((n) => `  ${n.replace(/^\[(?:ERROR|WARNING)\]/, '').trim()}`)),
        logLines: logRange(log, i, d.next),
    };
    if (d.code !== undefined)
        found.code = d.code;
    if (d.file !== undefined)
        found.file = d.file;
    if (d.line !== undefined)
        found.line = d.line;
    if (d.column !== undefined)
        found.column = d.column;
    if (d.fixable)
        found.fixable = true;
    if (format.refine)
        found = format.refine(found);
    return { found: dropUndefined(found), next: d.next };
}
/** A refinement may clear a field (a formatter's line): the key goes, as if never set. */
function dropUndefined(d) {
    return Object.fromEntries(Object.entries(d).filter(([, v]) => v !== undefined));
}
/** Every field bounded, as for test failures (`boundFailure`). */
function boundDiagnostic(d) {
    const out = { ...d, tool: (0,traceback_bounds/* clipField */.V)(d.tool), message: (0,traceback_bounds/* boundMessage */.wy)(d.message) };
    if (d.code !== undefined)
        out.code = (0,traceback_bounds/* clipField */.V)(d.code);
    if (d.file !== undefined)
        out.file = (0,traceback_bounds/* clipField */.V)(d.file);
    if (d.related)
        out.related = d.related.slice(0, tool_diagnostic/* MAX_RELATED */.Bg).map(boundRelated);
    if (d.caret)
        out.caret = { source: (0,traceback_bounds/* clipField */.V)(d.caret.source), offset: d.caret.offset };
    return out;
}
function boundRelated(r) {
    return { ...r, file: (0,traceback_bounds/* clipField */.V)(r.file), message: (0,traceback_bounds/* clipField */.V)(r.message) };
}

;// CONCATENATED MODULE: ./src/reports/logs/line-reader.ts
/**
 * The one shape of a log parser that reads state across lines: a small object whose fields are
 * what it has read so far and whose named steps each recognise one kind of line (a test header, a
 * panic, a summary line). `runSteps` offers each line to the steps in order: the first step that
 * recognises it reads everything that belongs to it (a whole traceback, if need be) and returns the
 * index of the next line to read; a step that does not recognise it returns undefined and the next
 * one tries. Tools that print one diagnostic per line are no steps but entries of a table
 * (line-formats.ts). How to add a parser: docs/traceback-parsers.md.
 */

/** Offer each line of `lines[start, end)` to `steps`, in order, until one claims it. */
function runSteps(lines, steps, range = {}) {
    const end = Math.min(range.end ?? lines.length, lines.length);
    let i = range.start ?? 0;
    while (i < end && !range.full?.()) {
        const line = (0,traceback_bounds/* structuralHead */.Cy)(lines[i]);
        let next;
        for (const step of steps) {
            next = step(i, line);
            if (next !== undefined)
                break;
        }
        // Reading always moves on: a step that claimed a line and returned its own index would loop.
        i = next === undefined || next <= i ? i + 1 : next;
    }
}

;// CONCATENATED MODULE: ./src/reports/logs/biome-text.ts
/**
 * Biome's default reporter (`biome ci`, `biome check`, `biome lint`, `biome format`):
 *
 *   src/order.ts:4:12 lint/style/useTemplate  FIXABLE  ━━━━━━━━━━━━━━━━━━━━
 *
 *     ℹ Template literals are preferred over string concatenation.
 *
 * The header names the place (none for a formatting difference: `src/order.ts format ━━━`) and the
 * category; the first marked line under it is the message, its mark the severity (`✖`/`×` error,
 * `⚠`/`!` warning, `ℹ`/`i` information: the plain forms are `--colors=off`'s). Code frames, notes
 * and fix diffs follow, and are not read.
 */





const HEADER = /^(?<file>[^\s:]+)(?::(?<line>\d+):(?<column>\d+))? (?<code>(?:lint|format|assist|parse|syntax|organizeImports)[\w/]*)(?<fixable>\s+FIXABLE)?\s+━{3,}\s*$/;
const MESSAGE = /^\s+(?<mark>[ℹ⚠✖×!i]) (?<message>\S.*)$/;
const SEVERITY_MARKS = {
    '✖': 'error',
    '×': 'error',
    '⚠': 'warning',
    '!': 'warning',
    ℹ: 'info',
    i: 'info',
};
/** Lines between the header and its message (a blank one in every reporter seen). */
const MAX_GAP = 3;
const biomeTextReader = {
    name: 'biome',
    detect: (log) => log.includes('━━━'),
    read: (log) => new BiomeReader(log).read(),
};
class BiomeReader {
    log;
    out = [];
    constructor(log) {
        this.log = log;
    }
    read() {
        runSteps(this.log.lines, [(i, line) => this.diagnostic(i, line)], {
            full: () => this.out.length >= tool_diagnostic/* MAX_DIAGNOSTICS */.uV,
        });
        return this.out;
    }
    diagnostic(i, line) {
        const m = HEADER.exec(line)?.groups;
        if (!m)
            return undefined;
        const lines = this.log.lines;
        for (let k = i + 1; k < lines.length && k <= i + MAX_GAP; k++) {
            const said = MESSAGE.exec((0,traceback_bounds/* structuralHead */.Cy)(lines[k]))?.groups;
            if (!said)
                continue;
            let found = {
                tool: 'biome',
                category: 'lint',
                code: m.code,
                severity: SEVERITY_MARKS[said.mark] ?? 'error',
                file: m.file,
                message: said.message.trim(),
                logLines: logRange(this.log, i, k + 1),
            };
            const at = m.line !== undefined ? (0,traceback_bounds/* parseLineNumber */.P8)(m.line) : undefined;
            const column = m.column !== undefined ? (0,traceback_bounds/* parseLineNumber */.P8)(m.column) : undefined;
            if (at !== undefined)
                found.line = at;
            if (column !== undefined)
                found.column = column;
            if (m.fixable)
                found.fixable = true;
            found = biomeCategory(found);
            if (found.line === undefined)
                delete found.line;
            if (found.column === undefined)
                delete found.column;
            this.out.push(found);
            return k + 1;
        }
        return undefined;
    }
}

;// CONCATENATED MODULE: ./src/reports/logs/compiler-output.ts





const compiler_output_HEADER = /^(?<file>[^\s:][^:]*?\.(?<ext>[A-Za-z+]+)):(?<line>\d+)(?::(?<column>\d+)(?::\d+:\d+)?)?: (?<severity>fatal error|error|warning|note)(?:\[(?<code>[\w:]+)\])?: (?<message>.*)$/;
/** javac's explanation lines. */
const JAVAC_NOTE = /^\s{2,}(?:symbol|location|required|found|reason)\s*:/;
/** The tools of this shape, by the extension of the file they name. */
const TOOLS = [
    {
        tool: 'mypy',
        category: 'type',
        extensions: /^pyi?$/,
        codeSuffix: / {2}\[(?<code>[a-z][\w-]*)\]$/,
        wraps: true,
        caretShift: 4,
    },
    {
        tool: 'gcc',
        category: 'compile',
        extensions: /^(?:c|h|cc|cpp|cxx|c\+\+|hpp|hh|hxx|m|mm)$/,
        codeSuffix: / \[(?<code>-W[\w=+-]+)\]$/,
        caretShift: 0,
    },
    { tool: 'kotlinc', category: 'compile', extensions: /^kts?$/, caretShift: 0 },
    { tool: 'javac', category: 'compile', extensions: /^java$/, caretShift: 0 },
    { tool: 'rustc', category: 'compile', extensions: /^rs$/, caretShift: 0 },
];
/** clang prints gcc's shape; these lines of its own say which of the two ran. */
const CLANG_MARKS = /^\d+ (?:errors?|warnings?)(?: and \d+ warnings?)? generated\.$|^(?:\S+\/)?clang(?:\+\+)?(?:-\d+)? /m;
/** Lines of the compiler's (or make's) own that end a diagnostic's block. */
const BLOCK_END = /^(?:In file included from |\S+: In (?:function|member function|constructor|instantiation|lambda)|make(?:\[\d+\])?: |\d+ (?:errors?|warnings?)\b|Found \d+ errors?\b|Success: )/;
const compilerOutputReader = {
    name: 'gcc/clang/kotlinc/javac/mypy',
    detect: (log) => /:\d+(?::\d+)?: (?:fatal error|error|warning)(?:\[[\w:]+\])?: /.test(log),
    read: (log, text) => new CompilerReader(log, CLANG_MARKS.test(text)).read(),
};
class CompilerReader {
    log;
    clang;
    out = [];
    last;
    constructor(log, clang) {
        this.log = log;
        this.clang = clang;
    }
    read() {
        runSteps(this.log.lines, [(i, line) => this.header(i, line)], { full: () => this.out.length >= tool_diagnostic/* MAX_DIAGNOSTICS */.uV });
        return this.out;
    }
    header(i, line) {
        const m = compiler_output_HEADER.exec(line)?.groups;
        const shape = m && TOOLS.find((t) => t.extensions.test(m.ext.toLowerCase()));
        if (!m || !shape)
            return undefined;
        if (m.severity === 'note')
            return this.note(i, m);
        const block = this.block(i + 1, shape);
        let message = [m.message, ...block.wrapped].join(' ');
        let code = m.code;
        const suffix = shape.codeSuffix?.exec(message);
        if (suffix) {
            code = suffix.groups.code;
            message = message.slice(0, suffix.index);
        }
        let found = {
            tool: shape.tool === 'gcc' && this.clang ? 'clang' : shape.tool,
            category: shape.category,
            severity: severityOf(m.severity),
            file: m.file,
            message: withNotes(message.trim(), block.notes),
            logLines: logRange(this.log, i, block.next),
        };
        if (code)
            found.code = code;
        const at = (0,traceback_bounds/* parseLineNumber */.P8)(m.line);
        const column = m.column !== undefined ? (0,traceback_bounds/* parseLineNumber */.P8)(m.column) : block.caretColumn;
        if (at !== undefined)
            found.line = at;
        if (column !== undefined)
            found.column = column;
        if (shape.tool === 'javac')
            found = withJavacKey(found);
        this.out.push(found);
        this.last = found;
        return block.next;
    }
    /** What follows a header: wrapped message lines (mypy), the source line and its caret, notes. */
    block(start, shape) {
        const lines = this.log.lines;
        const wrapped = [];
        const notes = [];
        let caretColumn;
        let k = start;
        for (; k < lines.length && wrapped.length + notes.length < traceback_bounds/* MAX_MESSAGE_LINES */.de; k++) {
            const text = (0,traceback_bounds/* structuralHead */.Cy)(lines[k]);
            if (!text.trim() || compiler_output_HEADER.test(text) || BLOCK_END.test(text))
                break;
            const caret = caretIndex(text);
            if (caret !== undefined) {
                caretColumn ??= caret - shape.caretShift + 1 > 0 ? caret - shape.caretShift + 1 : undefined;
                continue;
            }
            if (JAVAC_NOTE.test(text))
                notes.push(text);
            else if (shape.wraps && caretColumn === undefined && !/^\s/.test(text) && k - start === wrapped.length)
                wrapped.push(text.trim());
        }
        return { wrapped, notes, ...(caretColumn !== undefined ? { caretColumn } : {}), next: k };
    }
    /** `file:line:col: note: message`: a related location of the diagnostic above it. */
    note(i, m) {
        const last = this.last;
        const line = (0,traceback_bounds/* parseLineNumber */.P8)(m.line);
        const column = m.column !== undefined ? (0,traceback_bounds/* parseLineNumber */.P8)(m.column) : undefined;
        const samePlace = last && last.file === m.file && last.line === line;
        if (last && !samePlace && (last.related?.length ?? 0) < tool_diagnostic/* MAX_RELATED */.Bg) {
            const related = { file: m.file, message: m.message.trim() };
            if (line !== undefined)
                related.line = line;
            if (column !== undefined)
                related.column = column;
            (last.related ??= []).push(related);
        }
        return i + 1;
    }
}

;// CONCATENATED MODULE: ./src/reports/logs/eslint-stylish.ts
/**
 * ESLint's default formatter, stylish: a file's path on a line of its own, then one row per
 * problem, the rule last (a parsing error has none):
 *
 *   /abs/src/cart.js
 *      3:34  error    'currency' is defined but never used             no-unused-vars
 *     10:23  warning  Expected '===' and instead saw '=='              eqeqeq
 *
 *   ✖ 5 problems (4 errors, 1 warning)
 *
 * The path is the state: a row belongs to the last path read.
 */




const ROW = /^\s+(?<line>\d+):(?<column>\d+)\s+(?<severity>error|warning)\s+(?<rest>\S.*)$/;
/** The rule ends a row after two or more spaces: `no-unused-vars`, `@typescript-eslint/no-explicit-any`. */
const RULE = /^(?<message>.*?\S)\s{2,}(?<rule>@?[\w-]+(?:\/[\w-]+)*)$/;
/** A path alone on its line: stylish prints absolute paths (`/abs/src/cart.js`, `C:\\src\\cart.js`). */
const PATH = /^(?:[A-Za-z]:[\\/]|\/)[^:]*\.[A-Za-z0-9]+$/;
const eslintStylishReader = {
    name: 'eslint (stylish)',
    detect: (log) => /^\s+\d+:\d+\s+(?:error|warning)\s+\S/m.test(log),
    read: (log) => new StylishReader(log).read(),
};
class StylishReader {
    log;
    out = [];
    file;
    constructor(log) {
        this.log = log;
    }
    read() {
        runSteps(this.log.lines, [(i, line) => this.row(i, line), (i, line) => this.path(i, line)], {
            full: () => this.out.length >= tool_diagnostic/* MAX_DIAGNOSTICS */.uV,
        });
        return this.out;
    }
    /** A path counts only when a row follows it (a line of other output is no file). */
    path(i, line) {
        if (!PATH.test(line)) {
            if (line.trim())
                this.file = undefined;
            return undefined;
        }
        const next = this.log.lines[i + 1];
        this.file = next !== undefined && ROW.test(next) ? line.trim() : undefined;
        return i + 1;
    }
    row(i, line) {
        const m = this.file === undefined ? undefined : ROW.exec(line)?.groups;
        if (!m)
            return undefined;
        const rule = RULE.exec(m.rest)?.groups;
        const found = {
            tool: 'eslint',
            category: 'lint',
            severity: severityOf(m.severity),
            file: this.file,
            message: (rule?.message ?? m.rest).trim(),
            logLines: logRange(this.log, i, i + 1),
        };
        if (rule?.rule)
            found.code = rule.rule;
        const at = (0,traceback_bounds/* parseLineNumber */.P8)(m.line);
        const column = (0,traceback_bounds/* parseLineNumber */.P8)(m.column);
        if (at !== undefined)
            found.line = at;
        if (column !== undefined)
            found.column = column;
        this.out.push(found);
        return i + 1;
    }
}

;// CONCATENATED MODULE: ./src/reports/logs/pyright-text.ts
/**
 * pyright's (and basedpyright's) text output:
 *
 *   /abs/src/store/cart.py
 *     /abs/src/store/cart.py:6:30 - error: Cannot access attribute "qty" for class "Item"
 *       Attribute "qty" is unknown (reportAttributeAccessIssue)
 *   5 errors, 0 warnings, 0 informations
 *
 * A message goes on over the lines indented deeper than its own (pyright indents them with
 * no-break spaces, which are plain spaces in the message); the rule, in parentheses, ends its last line.
 */




const pyright_text_ROW = /^(?<indent>\s+)(?<file>\S.*?):(?<line>\d+):(?<column>\d+) - (?<severity>error|warning|information): (?<message>.*)$/;
const pyright_text_RULE = /\s\((?<rule>report[A-Za-z]+)\)$/;
/** Leading white space, no-break spaces included. */
function indentOf(line) {
    return /^\s*/.exec((0,traceback_bounds/* structuralHead */.Cy)(line))[0].length;
}
const pyrightTextReader = {
    name: 'pyright',
    detect: (log) => /:\d+:\d+ - (?:error|warning|information): /.test(log),
    read: (log) => new PyrightReader(log).read(),
};
class PyrightReader {
    log;
    out = [];
    constructor(log) {
        this.log = log;
    }
    read() {
        runSteps(this.log.lines, [(i, line) => this.row(i, line)], { full: () => this.out.length >= tool_diagnostic/* MAX_DIAGNOSTICS */.uV });
        return this.out;
    }
    row(i, line) {
        const m = pyright_text_ROW.exec(line)?.groups;
        if (!m)
            return undefined;
        const lines = this.log.lines;
        const message = [m.message];
        let k = i + 1;
        while (k < lines.length && indentOf(lines[k]) > m.indent.length && !pyright_text_ROW.test((0,traceback_bounds/* structuralHead */.Cy)(lines[k]))) {
            if (message.length < traceback_bounds/* MAX_MESSAGE_LINES */.de)
                message.push(lines[k].slice(m.indent.length)
                    .replace(/\u00a0/g, ' ')
                    .trimEnd());
            k++;
        }
        const last = message.length - 1;
        const rule = pyright_text_RULE.exec(message[last])?.groups?.rule;
        if (rule)
            message[last] = message[last].replace(pyright_text_RULE, '');
        const found = {
            tool: 'pyright',
            category: 'type',
            severity: severityOf(m.severity),
            file: m.file,
            message: message.join('\n'),
            logLines: logRange(this.log, i, k),
        };
        if (rule)
            found.code = rule;
        const at = (0,traceback_bounds/* parseLineNumber */.P8)(m.line);
        const column = (0,traceback_bounds/* parseLineNumber */.P8)(m.column);
        if (at !== undefined)
            found.line = at;
        if (column !== undefined)
            found.column = column;
        this.out.push(found);
        return k;
    }
}

;// CONCATENATED MODULE: ./src/reports/logs/python-syntax.ts
/**
 * A Python module that does not compile, wherever the error is printed: at the end of a traceback
 * (an import), by `python -m compileall`, or inside pytest's `E` lines (a collection error):
 *
 *   *** Error compiling 'shop/report.py'...          (compileall only)
 *     File "shop/report.py", line 5
 *       total = order_total(lines
 *                          ^
 *   SyntaxError: '(' was never closed
 *
 * The location line has no `, in <function>` (a frame's has). Python prints the source line
 * without its indentation, so the caret gives a column in that stripped line only: `frames/` finds
 * the line in the file to make it a column (`ToolDiagnostic.caret`).
 */




const LOCATION = /^\s*File "(?<file>[^"]+)", line (?<line>\d+)\s*$/;
const ERROR = /^(?<code>SyntaxError|IndentationError|TabError): (?<message>.*)$/;
/** pytest prefixes the lines of an error it reports with `E   `. */
const PYTEST_PREFIX = /^E {3}/;
/** Lines from the location to the error line at most (source, caret, and nothing else). */
const MAX_BLOCK = 4;
const pythonSyntaxReader = {
    name: 'python (syntax errors)',
    detect: (log) => /^(?:E {3})?(?:SyntaxError|IndentationError|TabError): /m.test(log),
    read: (log) => new SyntaxErrorReader(log).read(),
};
function unprefixed(line) {
    return (0,traceback_bounds/* structuralHead */.Cy)(line).replace(PYTEST_PREFIX, '');
}
class SyntaxErrorReader {
    log;
    out = [];
    constructor(log) {
        this.log = log;
    }
    read() {
        runSteps(this.log.lines, [(i, line) => this.location(i, line)], {
            full: () => this.out.length >= tool_diagnostic/* MAX_DIAGNOSTICS */.uV,
        });
        return this.out;
    }
    location(i, line) {
        const at = LOCATION.exec(line.replace(PYTEST_PREFIX, ''))?.groups;
        if (!at || /^<.*>$/.test(at.file))
            return undefined;
        const lines = this.log.lines;
        let source;
        let caret;
        for (let k = i + 1; k < lines.length && k <= i + MAX_BLOCK; k++) {
            const text = unprefixed(lines[k]);
            const error = ERROR.exec(text)?.groups;
            if (error) {
                this.push(i, k, at, error, source, caret);
                return k + 1;
            }
            const c = caretIndex(text);
            if (c !== undefined && source !== undefined)
                caret = c;
            else if (source === undefined && text.trim())
                source = text;
            else
                return undefined;
        }
        return undefined;
    }
    push(i, k, at, error, source, caret) {
        const found = {
            tool: 'python',
            category: 'syntax',
            code: error.code,
            severity: 'error',
            file: at.file,
            message: error.message.trim(),
            logLines: logRange(this.log, i, k + 1),
        };
        const line = (0,traceback_bounds/* parseLineNumber */.P8)(at.line);
        if (line !== undefined)
            found.line = line;
        if (source !== undefined && caret !== undefined) {
            const indent = source.length - source.trimStart().length;
            if (caret >= indent)
                found.caret = { source: source.trim(), offset: caret - indent };
        }
        this.out.push(found);
    }
}

;// CONCATENATED MODULE: ./src/reports/logs/tsc-pretty.ts




const tsc_pretty_HEADER = /^(?<file>\S.*?):(?<line>\d+):(?<column>\d+) - (?<severity>error|warning) (?<code>TS\d+): (?<message>.*)$/;
/** `  src/item.ts:5:3` (5.x) or `  src/item.ts:5:3 - 'quantity' is declared here.` (7). */
const RELATED = /^ {2}(?<file>\S.*?):(?<line>\d+):(?<column>\d+)(?: - (?<message>.*))?$/;
/** A line of a code frame: `7   return totl;` (the gutter), or the `~~~~` underline. */
const CODE_FRAME = /^\s*(?:\d+ {3}|~+\s*$| +$)/;
const SUMMARY = /^Found \d+ errors?\b|^Errors {2}Files$/;
const tscPrettyReader = {
    name: 'tsc --pretty',
    detect: (log) => / - (?:error|warning) TS\d+: /.test(log),
    read: (log) => new TscPrettyReader(log).read(),
};
class TscPrettyReader {
    log;
    out = [];
    constructor(log) {
        this.log = log;
    }
    read() {
        runSteps(this.log.lines, [(i, line) => this.diagnostic(i, line)], {
            full: () => this.out.length >= tool_diagnostic/* MAX_DIAGNOSTICS */.uV,
        });
        return this.out;
    }
    /** A header, its chained messages, then its code frame and related locations until the next header. */
    diagnostic(i, line) {
        const m = tsc_pretty_HEADER.exec(line)?.groups;
        if (!m)
            return undefined;
        const lines = this.log.lines;
        const message = [m.message];
        let k = i + 1;
        while (k < lines.length && /^ {2,}\S/.test(lines[k]) && !RELATED.test(lines[k])) {
            if (message.length < traceback_bounds/* MAX_MESSAGE_LINES */.de)
                message.push(lines[k].trimEnd());
            k++;
        }
        const related = [];
        for (; k < lines.length; k++) {
            const text = (0,traceback_bounds/* structuralHead */.Cy)(lines[k]);
            if (tsc_pretty_HEADER.test(text) || SUMMARY.test(text))
                break;
            const r = RELATED.exec(text)?.groups;
            if (r)
                related.push(relatedAt(r, lines, k));
        }
        const found = {
            tool: 'tsc',
            category: 'type',
            code: m.code,
            severity: severityOf(m.severity),
            file: m.file,
            message: message.join('\n'),
            logLines: logRange(this.log, i, k),
        };
        const at = (0,traceback_bounds/* parseLineNumber */.P8)(m.line);
        const column = (0,traceback_bounds/* parseLineNumber */.P8)(m.column);
        if (at !== undefined)
            found.line = at;
        if (column !== undefined)
            found.column = column;
        if (related.length)
            found.related = related;
        this.out.push(found);
        return k;
    }
}
/** A related location; 5.x prints its message after its code frame, on the first line that is not code. */
function relatedAt(r, lines, k) {
    let message = r.message;
    for (let j = k + 1; message === undefined && j < lines.length && j <= k + 6; j++) {
        const text = (0,traceback_bounds/* structuralHead */.Cy)(lines[j]);
        if (!text.trim() || RELATED.test(text) || tsc_pretty_HEADER.test(text))
            break;
        if (!CODE_FRAME.test(text))
            message = text.trim();
    }
    const out = { file: r.file, message: message ?? '' };
    const line = (0,traceback_bounds/* parseLineNumber */.P8)(r.line);
    const column = (0,traceback_bounds/* parseLineNumber */.P8)(r.column);
    if (line !== undefined)
        out.line = line;
    if (column !== undefined)
        out.column = column;
    return out;
}

;// CONCATENATED MODULE: ./src/reports/logs/diagnostics.ts
/**
 * The diagnostics of a log: what compilers, type checkers, linters and formatters printed, from
 * the table of line formats (`line-formats.ts`) and the readers of multi-line output, in one
 * neutral model (`../tool-diagnostic.ts`). A log goes to every reader whose cheap `detect` says it
 * may hold its tool's output; a reader that throws costs its own diagnostics only.
 *
 * A warning fails no build unless the output says the tool failed because of warnings
 * (`WARNINGS_FAIL`); a tool told to treat warnings as errors prints errors (`clippy -D warnings`,
 * `gcc -Werror`), which fail as any error.
 */











/** Every entry of the line-format table whose tool's output the log may hold, tried line by line. */
const lineFormatReader = {
    name: 'line formats',
    detect: (log) => LINE_FORMATS.some((f) => applies(f, log)),
    read: (log, text) => readLineFormats(log, LINE_FORMATS.filter((f) => applies(f, text))),
};
function applies(format, text) {
    return (format.detect?.test(text) ?? true) && !format.unless?.test(text);
}
function readLineFormats(log, formats) {
    const out = [];
    const steps = formats.map((format) => (i) => {
        const read = readFormat(format, log, i);
        if (!read)
            return undefined;
        out.push(read.found);
        return read.next;
    });
    runSteps(log.lines, steps, { full: () => out.length >= tool_diagnostic/* MAX_DIAGNOSTICS */.uV });
    return out;
}
const DIAGNOSTIC_READERS = [
    lineFormatReader,
    tscPrettyReader,
    eslintStylishReader,
    biomeTextReader,
    pyrightTextReader,
    compilerOutputReader,
    pythonSyntaxReader,
];
/**
 * Tools whose warnings fail the run when their output says so; each entry is the line the tool
 * prints when it exits non-zero because of warnings alone.
 */
const WARNINGS_FAIL = [
    {
        tools: ['eslint'],
        marker: /ESLint found too many warnings \(maximum: \d+\)/,
        why: '`--max-warnings N`: more warnings than N fail the run',
    },
    {
        tools: ['javac', 'kotlinc'],
        marker: /warnings found and -Werror specified/,
        why: '`-Werror`: any warning fails the compilation',
    },
];
/** Every diagnostic the readers recognise in a log. */
function parseDiagnostics(text, readers = DIAGNOSTIC_READERS) {
    const log = (0,traceback_bounds/* readLogLines */.WK)(text);
    // Detection sees the text as the readers do: without colours (tsc --pretty colours `error`).
    const clean = log.lines.join('\n');
    const found = [];
    const errors = [];
    for (const reader of readers) {
        try {
            if (reader.detect(clean))
                found.push(...reader.read(log, clean));
        }
        catch (e) {
            errors.push({ reader: reader.name, message: e instanceof Error ? e.message : String(e) });
        }
    }
    found.sort((a, b) => (a.logLines?.start ?? 0) - (b.logLines?.start ?? 0));
    return { diagnostics: settle(found, failingWarnings(clean)), errors };
}
/** The tools whose warnings this output says failed the run. */
function failingWarnings(text) {
    const tools = new Set();
    for (const entry of WARNINGS_FAIL)
        if (entry.marker.test(text))
            for (const t of entry.tools)
                tools.add(t);
    return tools;
}
/** Each diagnostic once, whether it fails, every field bounded, at most `MAX_DIAGNOSTICS`. */
function settle(found, warningsFail) {
    const seen = new Set();
    const out = [];
    for (const d of found) {
        const key = (0,tool_diagnostic/* duplicateKey */.Ve)(d);
        if (seen.has(key))
            continue;
        seen.add(key);
        const fails = d.severity === 'error' || (d.severity === 'warning' && warningsFail.has(d.tool));
        out.push(boundDiagnostic({ ...d, fails }));
        if (out.length >= tool_diagnostic/* MAX_DIAGNOSTICS */.uV)
            break;
    }
    return out;
}

// EXTERNAL MODULE: ./node_modules/saxes/saxes.js
var saxes = __webpack_require__(9800);
// EXTERNAL MODULE: ./node_modules/zod/v4/classic/schemas.js + 17 modules
var schemas = __webpack_require__(8816);
;// CONCATENATED MODULE: ./src/reports/diagnostics/json-reports.ts
/**
 * The JSON files tools write their diagnostics to, one entry per format: a schema that recognises
 * the file (only the fields read, everything else passes) and how its entries become diagnostics.
 * The first format whose schema the file fits reads it.
 *
 * - ESLint `-f json`: `[{filePath, messages: [{ruleId, severity: 1|2, message, line, column, fix}]}]`
 * - Biome `--reporter=json`: `{diagnostics: [{severity, message, category, location: {path, start}}]}`
 * - SARIF 2.1.0 (ESLint's, Biome's, CodeQL's, …): `runs[].results[]` and the error notifications of
 *   `runs[].invocations[]` (ESLint reports a file that does not parse there)
 * - pyright `--outputjson`: `{generalDiagnostics: [{file, severity, message, range, rule}]}` (0-based)
 * - Ruff `--output-format json`: `[{code, filename, location: {row, column}, message, fix}]` (written
 *   from Ruff's documentation, not proved on its output)
 */


/** Tools that write SARIF or checkstyle, by the name they give, and what kind of problem they report. */
const TOOL_NAMES = {
    eslint: { tool: 'eslint', category: 'lint' },
    biome: { tool: 'biome', category: 'lint' },
    ruff: { tool: 'ruff', category: 'lint' },
    pyright: { tool: 'pyright', category: 'type' },
    mypy: { tool: 'mypy', category: 'type' },
    clippy: { tool: 'clippy', category: 'lint' },
    'golangci-lint': { tool: 'golangci-lint', category: 'lint' },
    checkstyle: { tool: 'checkstyle', category: 'lint' },
};
function knownTool(name) {
    const key = name.trim().toLowerCase();
    return TOOL_NAMES[key] ?? { tool: key || 'unknown', category: 'lint' };
}
const optionalNumber = schemas/* number */.aig().optional().nullable();
const line = (n, base = 1) => typeof n === 'number' && Number.isInteger(n) ? (0,traceback_bounds/* parseLineNumber */.P8)(String(n + 1 - base)) : undefined;
function place(d, at) {
    if (at.line !== undefined)
        d.line = at.line;
    if (at.line !== undefined && at.column !== undefined)
        d.column = at.column;
    return d;
}
const EslintJson = schemas/* array */.YOg(schemas/* object */.Ikc({
    filePath: schemas/* string */.YjP(),
    messages: schemas/* array */.YOg(schemas/* object */.Ikc({
        ruleId: schemas/* string */.YjP().nullable().optional(),
        severity: schemas/* number */.aig(),
        message: schemas/* string */.YjP(),
        line: optionalNumber,
        column: optionalNumber,
        fix: schemas/* unknown */.L5J().optional(),
    })),
}));
const ESLINT = {
    name: 'ESLint JSON',
    read(json) {
        const parsed = EslintJson.safeParse(json);
        if (!parsed.success || parsed.data.length === 0)
            return undefined;
        return parsed.data.flatMap((file) => file.messages.map((m) => {
            const d = {
                tool: 'eslint',
                category: 'lint',
                severity: m.severity >= 2 ? 'error' : 'warning',
                file: file.filePath,
                message: m.message,
            };
            if (m.ruleId)
                d.code = m.ruleId;
            if (m.fix !== undefined && m.fix !== null)
                d.fixable = true;
            return place(d, { line: line(m.line), column: line(m.column) });
        }));
    },
};
const BiomeJson = schemas/* object */.Ikc({
    diagnostics: schemas/* array */.YOg(schemas/* object */.Ikc({
        severity: schemas/* string */.YjP(),
        message: schemas/* string */.YjP(),
        category: schemas/* string */.YjP().optional(),
        location: schemas/* object */.Ikc({
            path: schemas/* string */.YjP().optional(),
            start: schemas/* object */.Ikc({ line: optionalNumber, column: optionalNumber }).optional().nullable(),
        })
            .optional()
            .nullable(),
    })),
});
const BIOME = {
    name: 'Biome JSON',
    read(json) {
        const parsed = BiomeJson.safeParse(json);
        if (!parsed.success)
            return undefined;
        return parsed.data.diagnostics.map((b) => {
            const code = b.category ?? 'biome';
            const d = {
                tool: 'biome',
                category: code === 'format' ? 'format' : code === 'parse' || code.startsWith('syntax') ? 'syntax' : 'lint',
                code,
                severity: severityWord(b.severity),
                message: b.message,
            };
            if (b.location?.path)
                d.file = b.location.path;
            if (code === 'format')
                d.fixable = true;
            // A formatting difference is at line 0, column 0: no place.
            return place(d, { line: line(b.location?.start?.line), column: line(b.location?.start?.column) });
        });
    },
};
const SarifLocation = schemas/* object */.Ikc({
    physicalLocation: schemas/* object */.Ikc({
        artifactLocation: schemas/* object */.Ikc({ uri: schemas/* string */.YjP().optional() }).optional(),
        region: schemas/* object */.Ikc({ startLine: optionalNumber, startColumn: optionalNumber }).optional(),
    })
        .optional(),
});
const SarifResult = schemas/* object */.Ikc({
    ruleId: schemas/* string */.YjP().optional(),
    level: schemas/* string */.YjP().optional(),
    message: schemas/* object */.Ikc({ text: schemas/* string */.YjP().optional() }),
    locations: schemas/* array */.YOg(SarifLocation).optional(),
});
const Sarif = schemas/* object */.Ikc({
    version: schemas/* string */.YjP(),
    runs: schemas/* array */.YOg(schemas/* object */.Ikc({
        tool: schemas/* object */.Ikc({ driver: schemas/* object */.Ikc({ name: schemas/* string */.YjP() }) }),
        results: schemas/* array */.YOg(SarifResult).optional(),
        invocations: schemas/* array */.YOg(schemas/* object */.Ikc({
            toolConfigurationNotifications: schemas/* array */.YOg(SarifResult).optional(),
            toolExecutionNotifications: schemas/* array */.YOg(SarifResult).optional(),
        }))
            .optional(),
    })),
});
const SARIF = {
    name: 'SARIF',
    read(json) {
        const parsed = Sarif.safeParse(json);
        if (!parsed.success)
            return undefined;
        return parsed.data.runs.flatMap((run) => {
            const { tool, category } = knownTool(run.tool.driver.name);
            const notifications = (run.invocations ?? []).flatMap((i) => [
                ...(i.toolConfigurationNotifications ?? []),
                ...(i.toolExecutionNotifications ?? []),
            ]);
            // A notification is about the run (a rule that failed to load) unless it names a file; its
            // descriptor is no rule, so it gets no code.
            const located = notifications.filter((n) => n.locations?.some((l) => l.physicalLocation?.artifactLocation?.uri));
            return [...(run.results ?? []), ...located.map((n) => ({ ...n, ruleId: undefined }))].map((r) => sarifResult(r, tool, category));
        });
    },
};
function sarifResult(r, tool, category) {
    const location = r.locations?.[0]?.physicalLocation;
    // SARIF's default level is `warning`; `note` and `none` are information.
    const d = {
        tool,
        category: r.ruleId === 'format' ? 'format' : category,
        severity: severityWord(r.level ?? 'warning'),
        message: r.message.text ?? '',
    };
    if (r.ruleId)
        d.code = r.ruleId;
    if (location?.artifactLocation?.uri)
        d.file = location.artifactLocation.uri;
    return place(d, { line: line(location?.region?.startLine), column: line(location?.region?.startColumn) });
}
const PyrightJson = schemas/* object */.Ikc({
    generalDiagnostics: schemas/* array */.YOg(schemas/* object */.Ikc({
        file: schemas/* string */.YjP(),
        severity: schemas/* string */.YjP(),
        message: schemas/* string */.YjP(),
        rule: schemas/* string */.YjP().optional(),
        range: schemas/* object */.Ikc({ start: schemas/* object */.Ikc({ line: schemas/* number */.aig(), character: schemas/* number */.aig() }) }).optional(),
    })),
});
const PYRIGHT = {
    name: 'pyright JSON',
    read(json) {
        const parsed = PyrightJson.safeParse(json);
        if (!parsed.success)
            return undefined;
        return parsed.data.generalDiagnostics.map((p) => {
            const d = {
                tool: 'pyright',
                category: 'type',
                severity: severityWord(p.severity),
                file: p.file,
                // pyright indents a message's further lines with no-break spaces.
                message: p.message.replace(/\u00a0/g, ' '),
            };
            if (p.rule)
                d.code = p.rule;
            return place(d, { line: line(p.range?.start.line, 0), column: line(p.range?.start.character, 0) });
        });
    },
};
const RuffJson = schemas/* array */.YOg(schemas/* object */.Ikc({
    code: schemas/* string */.YjP().nullable(),
    filename: schemas/* string */.YjP(),
    message: schemas/* string */.YjP(),
    location: schemas/* object */.Ikc({ row: schemas/* number */.aig(), column: schemas/* number */.aig() }).optional().nullable(),
    fix: schemas/* unknown */.L5J().optional(),
}));
const RUFF = {
    name: 'Ruff JSON',
    read(json) {
        const parsed = RuffJson.safeParse(json);
        if (!parsed.success || parsed.data.length === 0)
            return undefined;
        return parsed.data.map((r) => {
            const d = {
                tool: 'ruff',
                category: 'lint',
                severity: 'error',
                file: r.filename,
                message: r.message,
            };
            // Ruff reports a file it cannot parse without a code.
            if (r.code)
                d.code = r.code;
            else
                d.category = 'syntax';
            if (r.fix !== undefined && r.fix !== null)
                d.fixable = true;
            return place(d, { line: line(r.location?.row), column: line(r.location?.column) });
        });
    },
};
/** In the order they are tried: the most specific shapes first (an empty ESLint array fits Ruff's too). */
const JSON_REPORT_FORMATS = [SARIF, BIOME, PYRIGHT, ESLINT, RUFF];
const json_reports_SEVERITY_WORDS = {
    error: 'error',
    fatal: 'error',
    warning: 'warning',
    warn: 'warning',
    information: 'info',
    info: 'info',
    note: 'info',
    none: 'info',
    hint: 'info',
};
function severityWord(word) {
    return json_reports_SEVERITY_WORDS[word.toLowerCase()] ?? 'error';
}

;// CONCATENATED MODULE: ./src/reports/diagnostics/checkstyle.ts
/**
 * Checkstyle XML, which ESLint, Biome, Checkstyle itself and many linters can write:
 *
 *   <checkstyle><file name="src/cart.js"><error line="3" column="34" severity="error"
 *     message="'x' is defined but never used. (no-unused-vars)" source="eslint.rules.no-unused-vars"/></file></checkstyle>
 *
 * The tool is told by its `source`: `eslint.rules.<rule>`, Biome's categories (`lint/…`, `format`),
 * else a Checkstyle check class (`com.puppycrawl.tools.checkstyle.checks.…UnusedImportsCheck`).
 * ESLint repeats the rule at the end of the message; it is removed. Line and column 0 are no place.
 */




function readCheckstyle(xml) {
    const diagnostics = [];
    const parser = new saxes/* SaxesParser */.wT();
    let file;
    let error;
    parser.on('opentag', (tag) => {
        const a = tag.attributes;
        if (tag.name === 'file')
            file = a.name;
        else if (tag.name === 'error' && file !== undefined && diagnostics.length < tool_diagnostic/* MAX_DIAGNOSTICS */.uV)
            diagnostics.push(checkstyleError(file, a));
    });
    parser.on('closetag', (tag) => {
        if (tag.name === 'file')
            file = undefined;
    });
    parser.on('error', (e) => {
        error ??= e.message;
    });
    try {
        parser.write(xml).close();
    }
    catch (e) {
        error ??= e instanceof Error ? e.message : String(e);
    }
    // An error without a source (ESLint's parsing error) is the document's tool's.
    const tool = diagnostics.find((d) => d.tool !== '')?.tool ?? 'checkstyle';
    for (const d of diagnostics)
        if (d.tool === '')
            d.tool = tool;
    return error === undefined ? { diagnostics } : { diagnostics, error };
}
function checkstyleError(file, a) {
    const source = a.source ?? '';
    const eslint = /^eslint\.rules\.(.+)$/.exec(source)?.[1];
    const biome = /^(?:lint|assist|parse|syntax)\/|^format$/.test(source);
    const code = eslint ?? (biome ? source : source.split('.').pop() || undefined);
    let message = a.message ?? '';
    if (code && message.endsWith(` (${code})`))
        message = message.slice(0, -(code.length + 3));
    const d = {
        tool: eslint !== undefined ? 'eslint' : biome ? 'biome' : source === '' ? '' : 'checkstyle',
        category: source === 'format' ? 'format' : 'lint',
        severity: severityWord(a.severity ?? 'error'),
        file,
        message,
    };
    if (code)
        d.code = code;
    if (source === 'format')
        d.fixable = true;
    const line = a.line !== undefined ? (0,traceback_bounds/* parseLineNumber */.P8)(a.line) : undefined;
    const column = a.column !== undefined ? (0,traceback_bounds/* parseLineNumber */.P8)(a.column) : undefined;
    if (line !== undefined)
        d.line = line;
    if (line !== undefined && column !== undefined)
        d.column = column;
    return d;
}

;// CONCATENATED MODULE: ./src/reports/diagnostics/read-report.ts
/**
 * A diagnostics report file (the JSON formats of `json-reports.ts`, checkstyle XML) into the neutral
 * model. The files come through the same report globs as JUnit (`--junit`, the `junit` input): a
 * file is told by its content, not its name (`sniffReport`), so `reports/*` can hold both kinds.
 * Such reports are small: one is read whole, up to `MAX_DIAGNOSTIC_REPORT_BYTES`.
 */




const MAX_DIAGNOSTIC_REPORT_BYTES = 32 * 1024 * 1024;
const SNIFF_BYTES = 4096;
/**
 * What a report file holds, from its first bytes: JSON (`{`, `[`) or a `<checkstyle>` document
 * are diagnostics; anything else is for the JUnit reader (which says what is wrong with it).
 */
function sniffReport(head) {
    const text = head.replace(/^\uFEFF/, '');
    if (/^\s*[[{]/.test(text))
        return 'diagnostics';
    return /^\s*(?:<\?xml[^>]*\?>\s*)?(?:<!--[\s\S]*?-->\s*)*<checkstyle[\s>/]/.test(text) ? 'diagnostics' : 'junit';
}
/** The kind of a report file on disk (unreadable files are the JUnit reader's to report). */
async function sniffReportFile(file) {
    try {
        const handle = await (0,promises_.open)(file, 'r');
        try {
            const buffer = Buffer.alloc(SNIFF_BYTES);
            const { bytesRead } = await handle.read(buffer, 0, SNIFF_BYTES, 0);
            return sniffReport(buffer.subarray(0, bytesRead).toString('utf8'));
        }
        finally {
            await handle.close();
        }
    }
    catch {
        return 'junit';
    }
}
/** Reads one diagnostics report; `display` is the path errors name. Nothing here throws for bad input. */
async function readDiagnosticReport(file, display) {
    let text;
    try {
        const size = (await (0,promises_.stat)(file)).size;
        if (size > MAX_DIAGNOSTIC_REPORT_BYTES) {
            return fail(display, `${size} bytes, more than the ${MAX_DIAGNOSTIC_REPORT_BYTES} a diagnostics report is read up to`);
        }
        const handle = await (0,promises_.open)(file, 'r');
        try {
            text = (await handle.readFile()).toString('utf8').replace(/^\uFEFF/, '');
        }
        finally {
            await handle.close();
        }
    }
    catch (error) {
        return fail(display, `cannot read the report: ${error.message}`);
    }
    return readDiagnosticText(text, display);
}
/** The same, for a report already in memory. */
function readDiagnosticText(text, display) {
    if (/^\s*</.test(text)) {
        const { diagnostics, error } = readCheckstyle(text);
        const errors = error ? [{ file: display, message: `${display}: the checkstyle XML is malformed: ${error}` }] : [];
        return { diagnostics: settleReport(diagnostics), errors };
    }
    let json;
    try {
        json = JSON.parse(text);
    }
    catch (error) {
        return fail(display, `not valid JSON: ${error.message}`);
    }
    for (const format of JSON_REPORT_FORMATS) {
        const found = format.read(json);
        if (found)
            return { diagnostics: settleReport(found), errors: [] };
    }
    return fail(display, `not a diagnostics report self-heal reads (ESLint JSON, Biome JSON, SARIF, pyright JSON, Ruff JSON, checkstyle XML)`);
}
/** A report says nothing about failing on warnings: only its errors fail. */
function settleReport(found) {
    return settle(found, new Set());
}
function fail(display, why) {
    return { diagnostics: [], errors: [{ file: display, message: `${display}: ${why}` }] };
}

// EXTERNAL MODULE: ./src/workspace/repo-paths.ts
var repo_paths = __webpack_require__(4640);
// EXTERNAL MODULE: ./node_modules/tinyglobby/dist/index.mjs + 1 modules
var dist = __webpack_require__(3382);
;// CONCATENATED MODULE: ./src/reports/junit/find-reports.ts
/**
 * Expands the `junit` inputs (globs relative to the repository) into report files. A pattern that
 * names a file is taken literally (even with glob characters in it); one that names a directory
 * means every .xml file under it; anything else is a glob. Dependency and VCS folders are skipped
 * unless the pattern itself goes there: a `**\/*.xml` must not read every package's fixtures.
 */



/** Files one pattern may match; more is almost certainly a pattern that is too wide. */
const MAX_REPORT_FILES = 10_000;
const SKIPPED_FOLDERS = ['**/node_modules/**', '**/.git/**'];
async function findReports(pattern, cwd) {
    const literal = external_node_path_default().resolve(cwd, pattern);
    const info = await (0,promises_.stat)(literal).catch(() => undefined);
    if (info?.isFile())
        return { pattern, files: [displayPath(literal, cwd)] };
    const base = info?.isDirectory() ? literal : undefined;
    const globPattern = base ? '**/*.xml' : toPosix(pattern);
    const globCwd = base ?? cwd;
    const ignore = SKIPPED_FOLDERS.filter((folder) => !pattern.includes(folder.split('/')[1]));
    const matched = await (0,dist/* glob */.TI)(globPattern, {
        cwd: globCwd,
        onlyFiles: true,
        absolute: true,
        dot: true,
        expandDirectories: false,
        ignore,
    });
    const files = [...new Set(matched.map((file) => displayPath(file, cwd)))].sort();
    if (files.length > MAX_REPORT_FILES) {
        return { pattern, files: files.slice(0, MAX_REPORT_FILES), truncatedFrom: files.length };
    }
    return { pattern, files };
}
function displayPath(file, cwd) {
    const relative = external_node_path_default().relative(cwd, file);
    if (relative === '' || relative.startsWith('..') || external_node_path_default().isAbsolute(relative))
        return toPosix(external_node_path_default().resolve(file));
    return toPosix(relative);
}
function toPosix(p) {
    return p.split((external_node_path_default()).sep).join('/');
}

;// CONCATENATED MODULE: ./src/reports/junit/id-hash-set.ts
/**
 * Test ids kept as 53-bit hashes (numbers) instead of strings, so a run of millions of passing
 * tests can be de-duplicated across reports when only the non-passing cases are kept. Equal
 * hashes are no proof of equal ids: merge-cases.ts uses a hit only to decide what to check exactly
 * (a Map lookup, or reading the reports again), never to change a result on its own. Ids are
 * hashed from their parts (`scope::prefix+name`, see `testId`), so a passing case's id is never built.
 */
/** The hash `hashIdParts` computed last, and its two 32-bit lanes while it runs. */
let lastHash = 0;
let laneA = 0;
let laneB = 0;
/**
 * Every id pushed, by hash: the latest segment (report) it was pushed in, as `segment` when that is
 * the first one too, else as `-segment - 1`. A linear-probing table in typed arrays (a hash of 0
 * marks an empty slot), at most half full: 24 to 48 bytes an id and no allocation per id, where a
 * `Map` of numbers took 60 and 40% more time on the bench's 400,000 passing ids in 4 shards.
 */
class IdHashLog {
    hashes = new Float64Array(1 << 12);
    segments = new Int32Array(1 << 12);
    size = 0;
    segment = 0;
    /** Hashes pushed again in the open segment that no earlier segment holds (one entry per repeat). */
    repeats = [];
    repeated = false;
    /** Appends the id whose hash `hashIdParts` computed last. */
    pushHashed() {
        const slot = this.slotOf(lastHash);
        if (this.hashes[slot] === 0) {
            this.hashes[slot] = lastHash;
            this.segments[slot] = this.segment;
            if (++this.size * 2 > this.hashes.length)
                this.grow();
            return;
        }
        const seen = this.segments[slot];
        if ((seen >= 0 ? seen : -seen - 1) !== this.segment) {
            this.segments[slot] = -this.segment - 1;
        }
        else {
            this.repeated = true;
            if (seen === this.segment)
                this.repeats.push(lastIdHash());
        }
    }
    slotOf(hash) {
        const mask = this.hashes.length - 1;
        let slot = (hash >>> 0) & mask;
        while (this.hashes[slot] !== 0 && this.hashes[slot] !== hash)
            slot = (slot + 1) & mask;
        return slot;
    }
    grow() {
        const { hashes, segments } = this;
        this.hashes = new Float64Array(hashes.length * 2);
        this.segments = new Int32Array(hashes.length * 2);
        for (let i = 0; i < hashes.length; i++) {
            if (hashes[i] === 0)
                continue;
            const slot = this.slotOf(hashes[i]);
            this.hashes[slot] = hashes[i];
            this.segments[slot] = segments[i];
        }
    }
    /**
     * Closes the segment of the report just read: the hashes it held more than once that no earlier
     * segment holds (`repeats`, as `lastIdHash` gives them), and whether it held any hash twice.
     */
    endSegment() {
        const closed = { repeats: this.repeats, repeated: this.repeated };
        this.repeats = [];
        this.repeated = false;
        this.segment++;
        return closed;
    }
    /** How many distinct ids were appended. */
    get distinctCount() {
        return this.size;
    }
    /** Whether an id with this hash was appended. */
    has(id) {
        hashIdParts('', id);
        return this.hashes[this.slotOf(lastHash)] === lastHash;
    }
}
/** A set of id hashes (the ids of kept cases: few, probed for every logged pass). */
class IdHashSet {
    hashes = new Set();
    /** `expected`: how many ids it will hold, a hint a `Set` does not need. */
    constructor(_expected) { }
    get size() {
        return this.hashes.size;
    }
    /** Adds the id; false when an equal hash was already there. */
    add(id) {
        hashIdParts('', id);
        if (this.hashes.has(lastHash))
            return false;
        this.hashes.add(lastHash);
        return true;
    }
    has(id) {
        hashIdParts('', id);
        return this.hasHashed();
    }
    /** Whether the id whose hash `hashIdParts` computed last may be in the set. */
    hasHashed() {
        return this.hashes.has(lastHash);
    }
}
/**
 * Hashes the id `scope::prefix+name` (`prefix+name` when the scope is empty, as `testId` builds
 * it) without building it: FNV-1a and a multiply-add hash over the same characters, each finished
 * with murmur3's avalanche, 53 bits of them kept (0 is read as 1: it marks an empty slot).
 */
function hashIdParts(scope, name, prefix = '') {
    laneA = 0x811c9dc5;
    laneB = 0x9e3779b9;
    if (scope.length > 0) {
        mix(scope);
        mix('::');
    }
    mix(prefix);
    mix(name);
    let a = laneA;
    let b = laneB ^ ((scope.length > 0 ? scope.length + 2 : 0) + prefix.length + name.length);
    b = Math.imul(b ^ (b >>> 16), 0x85ebca6b);
    b = Math.imul(b ^ (b >>> 13), 0xc2b2ae35);
    a = Math.imul(a ^ (a >>> 16), 0x85ebca6b);
    lastHash = ((b ^ (b >>> 16)) & 0x1fffff) * 2 ** 32 + ((a ^ (a >>> 13)) >>> 0) || 1;
}
function mix(text) {
    for (let i = 0; i < text.length; i++) {
        const c = text.charCodeAt(i);
        laneA = Math.imul(laneA ^ c, 0x01000193);
        laneB = Math.imul((laneB + c) | 0, 0x9e3779b1);
    }
}
/** The last hash `hashIdParts` computed, as a string (a key for the rare maps by hash, and tests). */
function lastIdHash() {
    return lastHash.toString(16);
}

;// CONCATENATED MODULE: ./src/reports/junit/buffered-token.ts
/**
 * What saxes holds between two chunks, told from the outside: from where its last event left it,
 * this lexer reads on as saxes does, as far as where tokens start and end, so at a chunk's end
 * bounded-saxes.ts knows which token is unfinished and how much of it saxes holds (a text node only
 * while a text handler is set). A construct it reads differently from saxes is malformed XML, fatal
 * there, and the next event puts it back in step.
 */
// States, after saxes' own (`S_…` in saxes.js), merged where saxes buffers alike.
const TEXT = 0;
const ENTITY = 1; // after `&`, until `;`
const OPEN = 2; // after `<`
const BANG = 3; // after `<!`
const NAME = 4; // an element name, in a start or end tag
const TAG = 5; // in a tag, between attributes
const ATTR_NAME = 6;
const ATTR_EQ = 7; // after an attribute name, before `=`
const VALUE_START = 8; // after `=`, before the quote
const VALUE = 9;
const COMMENT = 10;
const COMMENT_ENDED = 11; // after `--`: saxes hands the comment over there, before the `>`
const CDATA = 12;
const PI = 13;
const DOCTYPE = 14;
const DOCTYPE_QUOTED = 15;
const DTD = 16; // the internal subset, `[…]`
const DTD_QUOTED = 17;
const DTD_OPEN = 18; // `<` in the internal subset
const DTD_BANG = 19;
const DTD_COMMENT = 20;
const DTD_PI = 21;
const REGIONS = {
    [TEXT]: 'text',
    [CDATA]: 'cdata',
    [COMMENT]: 'comment',
    [VALUE]: 'attribute',
    [PI]: 'pi',
    [DOCTYPE_QUOTED]: 'doctype-quoted',
    [DTD_QUOTED]: 'doctype-quoted',
};
/** The state an event leaves saxes in: after markup, and after a text node (handed over at its `<`). */
const AFTER_MARKUP = TEXT;
const AFTER_TEXT = OPEN;
const isSpace = (c) => c === 32 || c === 10 || c === 13 || c === 9;
/** A character that can start an element or attribute name (ASCII as XML has it, any non-ASCII letter). */
const isNameStart = (c) => (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95 || c === 58 || c >= 0xc0;
const isQuote = (c) => c === 34 || c === 39;
class BufferedToken {
    state = TEXT;
    /** The state an entity reference returns to. */
    entityReturn = TEXT;
    /** The quote of the value or string being read. */
    quote = 0;
    /** Characters of a terminator seen so far (`-` of `-->`, `]` of `]]>`, `?` of `?>`). */
    run = 0;
    bang = '';
    /** Characters saxes holds of the token being read (text only while it is collected). */
    buffered = 0;
    /** Characters of the name or entity reference being read. */
    name = 0;
    /** Attributes read on the tag being read. */
    attributes = 0;
    /** saxes handed a token over (an event): it now stands in `state` (`AFTER_…`). */
    reset(state) {
        this.state = state;
        this.run = this.buffered = this.name = this.attributes = 0;
    }
    /** The token was split (see bounded-saxes.ts): saxes holds nothing of it any more. */
    emptied() {
        this.buffered = this.run = 0;
    }
    get region() {
        return REGIONS[this.state] ?? (this.state >= DOCTYPE ? 'doctype' : 'other');
    }
    /** The quote that ends the attribute value or DOCTYPE string being read. */
    get closingQuote() {
        return String.fromCharCode(this.quote);
    }
    /** Whether a terminator may be under way (`-` in a comment, `]` in CDATA, `?` in a PI). */
    get terminating() {
        return this.run > 0;
    }
    /** Reads `text` from `from` on, as saxes just did; `collecting`: a text handler is set. */
    scan(text, from, collecting) {
        for (let i = from; i < text.length; i++) {
            if (this.state !== TEXT) {
                // A name ended by a character that is read again in the tag.
                if (this.step(text.charCodeAt(i)))
                    i--;
                continue;
            }
            // The common long stretch: on to the next `<` or `&`.
            const end = nextMarkup(text, i);
            if (collecting)
                this.buffered += end - i;
            i = end;
            if (i === text.length)
                break;
            if (text.charCodeAt(i) === 60 /* < */)
                this.start(OPEN);
            else
                this.startEntity(TEXT);
        }
    }
    /** One character in a state other than text; true when it is to be read again. */
    step(c) {
        switch (this.state) {
            case ENTITY:
                if (c !== 59 /* ; */) {
                    this.name++;
                }
                else {
                    this.state = this.entityReturn;
                    this.name = 0;
                }
                break;
            case OPEN:
                this.open(c);
                break;
            case BANG:
                this.bang += String.fromCharCode(c);
                if (this.bang === '[CDATA[')
                    this.start(CDATA);
                else if (this.bang === '--')
                    this.start(COMMENT);
                else if (this.bang === 'DOCTYPE')
                    this.start(DOCTYPE);
                else if (this.bang.length >= 7)
                    this.name++;
                break;
            case NAME:
                if (isSpace(c) || c === 47 /* / */)
                    this.state = TAG;
                else if (c === 62 /* > */)
                    this.state = TEXT;
                else
                    this.name++;
                break;
            case TAG:
                this.name = 0;
                if (c === 62)
                    this.state = TEXT;
                else if (isNameStart(c))
                    this.startName(ATTR_NAME, 1);
                break;
            default:
                return this.attribute(c);
        }
        return false;
    }
    /** After `<`: a tag, a closing tag, `<!…`, a processing instruction, or (malformed) text. */
    open(c) {
        if (c === 33 /* ! */) {
            this.state = BANG;
            this.bang = '';
        }
        else if (c === 63 /* ? */) {
            this.start(PI);
        }
        else if (c === 47 /* / */ || isNameStart(c)) {
            this.attributes = 0;
            this.startName(NAME, c === 47 ? 0 : 1);
        }
        else {
            this.state = TEXT;
        }
    }
    attribute(c) {
        switch (this.state) {
            case ATTR_NAME:
                if (c === 61 /* = */)
                    this.startName(VALUE_START, 0);
                else if (isSpace(c))
                    this.state = ATTR_EQ;
                else if (c === 62 /* > */)
                    this.state = TEXT;
                else if (c === 47 /* / */)
                    this.state = TAG;
                else
                    this.name++;
                return false;
            case ATTR_EQ:
                if (c === 61)
                    this.startName(VALUE_START, 0);
                else if (isSpace(c))
                    return false;
                else
                    this.state = TAG;
                return c !== 61;
            case VALUE_START:
                if (isQuote(c))
                    this.startQuoted(VALUE, c);
                else if (!isSpace(c))
                    this.state = TAG; // unquoted: fatal in saxes
                return false;
            case VALUE:
                if (c === this.quote)
                    this.start(TAG);
                else if (c === 38 /* & */)
                    this.startEntity(VALUE);
                else
                    this.buffered++;
                return false;
            default:
                this.buffered++;
                this.markup(c);
                return false;
        }
    }
    /** Comments, CDATA sections and processing instructions (`buffered` counted by the caller). */
    markup(c) {
        switch (this.state) {
            case COMMENT:
                if (c !== 45 /* - */)
                    this.run = 0;
                else if (++this.run === 2)
                    this.state = COMMENT_ENDED;
                break;
            case COMMENT_ENDED:
                // `--` not followed by `>` is fatal in saxes.
                this.start(TEXT);
                break;
            case CDATA:
                if (c === 93 /* ] */)
                    this.run++;
                else if (c === 62 /* > */ && this.run >= 2)
                    this.reset(TEXT);
                else
                    this.run = 0;
                break;
            case PI:
                if (c === 62 && this.run > 0)
                    this.reset(TEXT);
                else
                    this.run = c === 63 /* ? */ ? 1 : 0;
                break;
            default:
                this.doctype(c);
        }
    }
    /** The DOCTYPE and its internal subset, where a `]` or `>` in a string, comment or PI ends nothing. */
    doctype(c) {
        switch (this.state) {
            case DOCTYPE:
                if (c === 62 /* > */)
                    this.reset(TEXT);
                else if (c === 91 /* [ */)
                    this.state = DTD;
                else if (isQuote(c))
                    this.startQuoted(DOCTYPE_QUOTED, c, this.buffered);
                break;
            case DOCTYPE_QUOTED:
            case DTD_QUOTED:
                if (c === this.quote)
                    this.state = this.state === DTD_QUOTED ? DTD : DOCTYPE;
                break;
            case DTD:
                if (c === 93 /* ] */)
                    this.state = DOCTYPE;
                else if (c === 60 /* < */)
                    this.state = DTD_OPEN;
                else if (isQuote(c))
                    this.startQuoted(DTD_QUOTED, c, this.buffered);
                break;
            case DTD_OPEN:
                this.run = 0;
                this.state = c === 33 /* ! */ ? DTD_BANG : c === 63 /* ? */ ? DTD_PI : DTD;
                break;
            case DTD_BANG:
                // saxes: `<!-` waits for one more `-`; anything else is a declaration (`<!ENTITY …`).
                if (c === 45 && this.run === 0)
                    this.run = 1;
                else
                    this.start(c === 45 ? DTD_COMMENT : DTD, this.buffered);
                break;
            case DTD_COMMENT:
                if (c === 45)
                    this.run++;
                else
                    this.start(this.run >= 2 && c === 62 ? DTD : DTD_COMMENT, this.buffered);
                break;
            default: // DTD_PI
                if (c === 62 && this.run > 0)
                    this.state = DTD;
                this.run = c === 63 ? 1 : 0;
        }
    }
    /** Into `state`, with nothing of a terminator seen (and `buffered` characters held). */
    start(state, buffered = 0) {
        this.state = state;
        this.buffered = buffered;
        this.run = 0;
    }
    startName(state, length) {
        if (state === ATTR_NAME)
            this.attributes++;
        this.state = state;
        this.name = length;
    }
    startQuoted(state, quote, buffered = 0) {
        this.state = state;
        this.quote = quote;
        this.buffered = buffered;
    }
    startEntity(returnTo) {
        this.entityReturn = returnTo;
        this.state = ENTITY;
        this.name = 0;
    }
}
/** Index of the first `<` or `&` in `text` from `from` on (`text.length` when neither). */
function nextMarkup(text, from) {
    const lt = text.indexOf('<', from);
    const amp = text.indexOf('&', from);
    if (lt < 0)
        return amp < 0 ? text.length : amp;
    return amp < 0 || lt < amp ? lt : amp;
}

;// CONCATENATED MODULE: ./src/reports/junit/bounded-saxes.ts
/**
 * One saxes parser (one XML document), fed so that what it holds between chunks stays bounded.
 * saxes 6 buffers a token whole until it ends and has no public way to bound that; the lexer in
 * buffered-token.ts tells, at a chunk's end, which token is unfinished and how much of it saxes
 * holds. Past 64 Ki characters a text node or CDATA section is split by markup that adds nothing
 * (an empty comment, `]]><![CDATA[`), a comment likewise (`--><!--`), and the rest of an attribute
 * value, a processing instruction or a quoted DOCTYPE string is left out of saxes' input; positions
 * stay the input's (`shift`). A name or entity reference that long, more than 1,024 attributes, or
 * a token that cannot be split within 256 Ki characters, is not a test report.
 */


/** What saxes holds of one token is bounded between chunks once it passes this many characters. */
const DRAIN_AT = 64 * 1024;
/** A token saxes holds that could not be split by then is not read on. */
const MAX_HELD = 4 * DRAIN_AT;
/** More attributes than this on one element is not a test report. */
const MAX_ATTRIBUTES = 1024;
/** Markup that splits a token saxes holds without changing what it reads. */
const SPLITS = { text: '<!---->', cdata: ']]><![CDATA[', comment: '--><!--' };
const REGION_NAMES = {
    text: 'a text node',
    cdata: 'a CDATA section',
    comment: 'a comment',
    attribute: 'an attribute value',
    pi: 'a processing instruction',
    doctype: 'a DOCTYPE declaration',
    'doctype-quoted': 'a DOCTYPE declaration',
    other: 'markup',
};
/** Thrown from the handlers of a parser whose document ended, to stop its `write` (see `endAt`). */
const DOCUMENT_ENDED = new Error('the document ended');
class BoundedSaxes {
    client;
    parser = new saxes/* SaxesParser */.wT();
    token = new BufferedToken();
    /** Most characters of one token saxes held between chunks. */
    peak = 0;
    detached = false;
    text;
    /** Characters of the input consumed (left out ones too), and given to saxes (injected ones too). */
    fed = 0;
    given = 0;
    /** Where the current write began among the characters given. */
    writeStart = 0;
    /** Where the last event left saxes (`parser.position`), and in what state. */
    syncAt = -1;
    syncState = AFTER_MARKUP;
    /** The rest of the token being left out of saxes' input ends at this string. */
    dropUntil;
    droppedCR = false;
    /** Markup that splits the token saxes holds, to give at the first place it can go. */
    pendingSplit;
    lastGiven = 0;
    /** How saxes' positions differ from the input's, after what was left out or added (see `shift`). */
    lineShift = 0;
    shiftLine = 0;
    columnShift = 0;
    offsetShift = 0;
    /** Where the document ended, in the input (see `endAt`). */
    end = -1;
    constructor(client) {
        this.client = client;
        const parser = this.parser;
        parser.on('opentag', (tag) => {
            this.event(AFTER_MARKUP);
            client.onOpen(tag);
        });
        parser.on('closetag', (tag) => {
            this.event(AFTER_MARKUP);
            client.onClose(tag);
        });
        parser.on('cdata', (text) => {
            this.event(AFTER_MARKUP);
            client.onCData(text);
        });
        parser.on('error', client.onError);
        // No handlers for comments, processing instructions or the DOCTYPE (the lexer reads through
        // them): saxes adds handler properties after construction, and four more put the parser in
        // V8's slow property mode (3× the time).
    }
    /** Whether the rest of a value is being left out (positions in it are not known). */
    get dropping() {
        return this.dropUntil !== undefined;
    }
    /** saxes' line and column, those of the input (lines from 1 at the document's start). */
    position() {
        const { line, column } = this.parser;
        return { line: line + this.lineShift, column: line === this.shiftLine ? column + this.columnShift : column };
    }
    /** Characters of the input read so far, by saxes' count (the end of the last event). */
    get offset() {
        return this.parser.position + this.offsetShift;
    }
    /** Feeds the next piece; the text after the document's end when the document ended in it. */
    write(text) {
        if (this.dropUntil !== undefined && (text = this.leaveOut(text)) === '')
            return undefined;
        if (this.pendingSplit !== undefined && (text = this.splitPending(text)) === '')
            return undefined;
        const rest = this.parse(text);
        if (rest === undefined && !this.detached)
            this.bound(text);
        return rest;
    }
    close() {
        this.guard(() => this.parser.close());
    }
    /** Sets (or removes) the text handler: saxes buffers text only while there is one. */
    setTextHandler(handler) {
        if (handler === undefined)
            this.parser.off('text');
        else if (this.text === undefined)
            this.parser.on('text', this.onText);
        this.text = handler;
    }
    /** Stops every callback (saxes may still chew through the current piece). */
    detach() {
        for (const event of ['opentag', 'closetag', 'cdata', 'text'])
            this.parser.off(event);
        this.text = undefined;
        this.detached = true;
        // An error handler must stay: without one saxes throws.
        this.parser.on('error', () => undefined);
    }
    /**
     * The document ended at `offset` (the input's, see `offset`): the parser stops at its next
     * event instead of reading the rest of the piece for nothing (a report of a thousand small
     * documents would cost a thousand times the piece), and `write` returns what follows.
     */
    endAt(offset) {
        this.detach();
        this.end = offset;
        const stop = () => {
            throw DOCUMENT_ENDED;
        };
        for (const event of ['opentag', 'closetag', 'cdata', 'text', 'error'])
            this.parser.on(event, stop);
    }
    onText = (text) => {
        this.event(AFTER_TEXT);
        this.text?.(text);
    };
    /** An event of saxes: the token it held ended here. */
    event(state) {
        this.syncAt = this.parser.position;
        this.syncState = state;
    }
    parse(text) {
        const start = this.fed;
        this.fed += text.length;
        this.writeStart = this.given;
        this.given += text.length;
        this.lastGiven = text.charCodeAt(text.length - 1);
        this.guard(() => this.parser.write(text));
        this.client.written();
        return this.end < 0 ? undefined : text.slice(Math.max(0, this.end - start));
    }
    /** Runs a call into saxes: what it throws is fatal, but the end of the document. */
    guard(call) {
        try {
            call();
        }
        catch (error) {
            if (error !== DOCUMENT_ENDED)
                this.client.fatal(`XML parser failed: ${error instanceof Error ? error.message : String(error)}`);
        }
    }
    /** At a chunk's end: what saxes holds of the token it is reading is split, left out or refused. */
    bound(text) {
        const token = this.token;
        const from = this.syncAt - this.writeStart;
        if (from > 0)
            token.reset(this.syncState);
        token.scan(text, Math.max(0, from), this.text !== undefined);
        this.peak = Math.max(this.peak, token.buffered);
        if (token.name > DRAIN_AT)
            return this.client.fatal(`a name or entity reference longer than ${DRAIN_AT} characters (expected a JUnit XML report)`);
        if (token.attributes > MAX_ATTRIBUTES)
            return this.client.fatal(`more than ${MAX_ATTRIBUTES} attributes on one element (expected a JUnit XML report)`);
        if (token.buffered <= DRAIN_AT)
            return;
        const region = token.region;
        const split = SPLITS[region];
        // Where saxes may keep the last character for the next piece (CR, a high surrogate), or stands
        // inside a "]]>", "-->" or "?>", nothing is split or left out now.
        const canCut = !token.terminating && this.lastGiven !== 13 && !isHighSurrogate(this.lastGiven);
        if (split !== undefined) {
            if (canCut && canSplit(this.lastGiven, Number.NaN, split))
                this.inject(split);
            else
                this.pendingSplit = split;
        }
        else if (canCut && (region === 'attribute' || region === 'doctype-quoted' || region === 'pi')) {
            if (region === 'attribute')
                this.client.attributeCut();
            this.dropUntil = region === 'pi' ? '?>' : token.closingQuote;
            this.droppedCR = false;
        }
        if (token.buffered > MAX_HELD) {
            const what = `${REGION_NAMES[region]} longer than ${MAX_HELD} characters`;
            this.client.fatal(`${what} that cannot be read in bounded memory (expected a JUnit XML report)`);
        }
    }
    /**
     * The split `bound` could not make at the end of the last piece, made at the first place in the
     * first few characters of this one (after the LF of a CR LF, past a run of "]"); the rest of the
     * piece is returned.
     */
    splitPending(text) {
        const split = this.pendingSplit;
        // Characters that may end the token: the split must come before them.
        const ends = split === '<!---->' ? '<&' : '>';
        for (let i = 0; i < Math.min(text.length, 8); i++) {
            if (i > 0 && ends.includes(text[i - 1]))
                break;
            if (!canSplit(i === 0 ? this.lastGiven : text.charCodeAt(i - 1), text.charCodeAt(i), split))
                continue;
            this.pendingSplit = undefined;
            if (i > 0)
                this.parse(text.slice(0, i));
            if (this.detached)
                return '';
            this.inject(split);
            return text.slice(i);
        }
        return text;
    }
    /** Gives saxes `markup` that splits the token it holds without changing what it means. */
    inject(markup) {
        const { line, column } = this.parser;
        this.writeStart = this.given;
        this.given += markup.length;
        this.parser.write(markup);
        this.token.emptied();
        this.lastGiven = 0;
        this.shift(line, column, -markup.length, 0, 0);
    }
    /** The part of `text` before `dropUntil` is left out of saxes' input; the rest is returned. */
    leaveOut(text) {
        const at = text.indexOf(this.dropUntil);
        const end = at < 0 ? text.length : at;
        if (at >= 0)
            this.dropUntil = undefined;
        // Line breaks as XML counts them (CR LF is one, also when the last piece ended with its CR),
        // and the characters after the last one.
        let newlines = 0;
        let lineStart = -1;
        for (let i = text.indexOf('\n'); i >= 0 && i < end; i = text.indexOf('\n', i + 1)) {
            if (i > 0 || !this.droppedCR)
                newlines++;
            lineStart = i + 1;
        }
        for (let i = text.indexOf('\r'); i >= 0 && i < end; i = text.indexOf('\r', i + 1)) {
            if (text.charCodeAt(i + 1) === 10 && i + 1 < end)
                continue;
            newlines++;
            lineStart = Math.max(lineStart, i + 1);
        }
        this.shift(this.parser.line, this.parser.column, end, newlines, lineStart < 0 ? 0 : end - lineStart);
        this.droppedCR = end > 0 && text.charCodeAt(end - 1) === 13;
        this.fed += end;
        return text.slice(end);
    }
    /**
     * After saxes' last character (at `line`, `column` by its count), `length` characters of the
     * input were left out (`newlines` line breaks among them, `tail` characters after the last one),
     * or -`length` added: the positions saxes gives from there on are corrected in `position`.
     */
    shift(line, column, length, newlines, tail) {
        const real = line === this.shiftLine ? column + this.columnShift : column;
        this.columnShift = (newlines > 0 ? tail : real + length) - column;
        this.shiftLine = line;
        this.lineShift += newlines;
        this.offsetShift += length;
    }
}
/**
 * Whether `split` may come between the characters `before` and `after` (NaN: not known yet): not
 * inside a CR LF or a surrogate pair, and not after a "]" (of a "]]>") or a "-" (of a "-->").
 */
function canSplit(before, after, split) {
    if (before === 13)
        return !Number.isNaN(after) && after !== 10; // the next piece may start with LF
    if (isHighSurrogate(before))
        return false;
    return before !== (split === '--><!--' ? 45 : 93);
}
function isHighSurrogate(code) {
    return code >= 0xd800 && code <= 0xdbff;
}

;// CONCATENATED MODULE: ./src/reports/junit/bounded-text.ts
/**
 * Size caps for the untrusted text a JUnit report carries. A report is written by whatever ran the
 * tests (and by whatever those tests print), so every string that leaves the parser is bounded.
 * Counts are UTF-16 code units (JavaScript string length), not bytes.
 */
const JUNIT_LIMITS = {
    /** Test, class, suite and file names. Longer names are cut (and so are the ids built from them). */
    name: 1024,
    /** `type` attribute of <failure>/<error>: an exception class name. */
    type: 256,
    /** `message` attribute, or the first line of the failure text. */
    message: 4096,
    /** Failure/error body (the trace): head and tail are kept, the middle is cut. */
    body: 64 * 1024,
    /** <system-out>/<system-err> per case or suite: head and tail are kept. */
    output: 16 * 1024,
    /** An attribute value is cut to this while it is still being read (before the caps above apply). */
    attribute: 8 * 1024,
};
/**
 * A copy of `text` that does not keep alive the input it was cut from. V8 represents a slice of a
 * string (and a concatenation) as a view onto the original: a 20-character test name sliced from a
 * 64 KB chunk of the report keeps the whole chunk in memory for as long as the name lives. Every
 * string a kept test case holds goes through here (the concatenation is flattened into a new
 * string, and the slice then only views that).
 */
function ownString(text) {
    return text.length === 0 ? text : (' ' + text).slice(1);
}
/** Cut `text` to `max` code units, saying how much was left out. */
function clipText(text, max) {
    if (text.length <= max)
        return text;
    let end = max;
    // Never leave half a surrogate pair behind.
    if (bounded_text_isHighSurrogate(text.charCodeAt(end - 1)))
        end--;
    return `${text.slice(0, end)}… [${text.length - end} more characters cut]`;
}
/**
 * Accumulates text of unknown size in bounded memory, keeping the first and the last `max / 2`
 * code units: the head of a trace names the error, its tail holds the innermost frames (Python) or
 * the cause (Java), and output ends with the last thing the test printed.
 */
class BoundedText {
    head = '';
    tail = '';
    total = 0;
    headMax;
    tailMax;
    constructor(max) {
        this.headMax = Math.ceil(max / 2);
        this.tailMax = Math.floor(max / 2);
    }
    /** Code units appended since the last reset, including those that were cut. */
    get length() {
        return this.total;
    }
    reset() {
        this.head = '';
        this.tail = '';
        this.total = 0;
    }
    append(text) {
        if (text.length === 0)
            return;
        this.total += text.length;
        let rest = text;
        if (this.head.length < this.headMax) {
            const room = this.headMax - this.head.length;
            if (rest.length <= room) {
                this.head += rest;
                return;
            }
            this.head += rest.slice(0, room);
            rest = rest.slice(room);
        }
        if (rest.length >= this.tailMax) {
            this.tail = rest.slice(rest.length - this.tailMax);
            return;
        }
        this.tail += rest;
        // Trim lazily (at twice the cap) so appending many small pieces stays linear.
        if (this.tail.length > 2 * this.tailMax)
            this.tail = this.tail.slice(this.tail.length - this.tailMax);
    }
    toString() {
        let head = this.head;
        let tail = this.tail.length > this.tailMax ? this.tail.slice(this.tail.length - this.tailMax) : this.tail;
        if (head.length + tail.length === this.total)
            return head + tail;
        // Something was cut: keep whole surrogate pairs on both sides of the marker.
        if (head.length > 0 && bounded_text_isHighSurrogate(head.charCodeAt(head.length - 1)))
            head = head.slice(0, -1);
        if (tail.length > 0 && isLowSurrogate(tail.charCodeAt(0)))
            tail = tail.slice(1);
        const cut = this.total - head.length - tail.length;
        return `${head}\n… [${cut} characters cut] …\n${tail}`;
    }
}
function bounded_text_isHighSurrogate(code) {
    return code >= 0xd800 && code <= 0xdbff;
}
function isLowSurrogate(code) {
    return code >= 0xdc00 && code <= 0xdfff;
}

;// CONCATENATED MODULE: ./src/reports/junit/dialects.ts
/**
 * Producer quirks of "JUnit XML", which is a family of formats rather than one. Each quirk sits
 * here with the producer that has it, so the streaming parser stays generic. Detection looks only
 * at attributes the producers always write (the root element, the first suite or case, a property):
 * a report that is not recognised is read with the generic rules, which cover most of them.
 * Fixtures for every producer: test/fixtures/junit/<producer>/ (see its README).
 */
/** Root element (<testsuites> or a bare <testsuite>) attributes that name their producer. */
function detectFromRoot(rootName, attributes) {
    if (rootName === 'testsuites') {
        const name = attributes['name'];
        if (name === 'pytest tests')
            return 'pytest';
        if (name === 'jest tests')
            return 'jest-junit';
        if (name === 'vitest tests')
            return 'vitest';
        if (name === 'Mocha Tests')
            return 'mocha-junit-reporter';
        if (name === 'TAP Tests')
            return 'tap';
        if (name === 'nextest-run' || attributes['uuid'] !== undefined)
            return 'nextest';
        // Playwright always writes `id` and `name` on the root (empty unless PLAYWRIGHT_JUNIT_SUITE_*).
        if (attributes['id'] !== undefined && name !== undefined)
            return 'playwright';
        return undefined;
    }
    return detectFromSuite(attributes, true);
}
/** The first <testsuite> (or the bare root suite). */
function detectFromSuite(attributes, isRoot) {
    const schema = attributes['xsi:noNamespaceSchemaLocation'];
    // Surefire and Failsafe write the same report (one writer), with the surefire schema.
    if (schema !== undefined && schema.includes('surefire'))
        return 'surefire';
    // pytest < 7 had no root name, but its suite is named "pytest" unless junit_suite_name is set.
    if (attributes['name'] === 'pytest' && attributes['hostname'] !== undefined)
        return 'pytest';
    // libtest (`cargo test -- -Z unstable-options --format junit`) names every suite "test".
    if (attributes['name'] === 'test' && attributes['package'] === 'test')
        return 'libtest';
    // Gradle writes one bare <testsuite> per class, with hostname and timestamp but no schema.
    if (isRoot && attributes['hostname'] !== undefined && attributes['timestamp'] !== undefined)
        return 'gradle';
    // node:test suites carry `disabled` (as nextest's do, but nextest is told by its root).
    if (attributes['disabled'] !== undefined && attributes['hostname'] !== undefined)
        return 'node-test';
    return undefined;
}
/** The first <testcase>. */
function detectFromCase(attributes, directlyUnderRoot) {
    // PHPUnit writes the PHP class (with backslashes) as `class` and counts `assertions`.
    if (attributes['assertions'] !== undefined && attributes['class'] !== undefined)
        return 'phpunit';
    // Catch2's reporter writes status="run" on every case.
    if (attributes['status'] === 'run')
        return 'catch2';
    // node:test puts top-level tests directly under <testsuites>, with the file on the case.
    if (directlyUnderRoot && attributes['file'] !== undefined)
        return 'node-test';
    return undefined;
}
/** A <property> of the first suite: Go's converters record the toolchain version. */
function detectFromProperty(attributes, suiteHasHostname) {
    if (attributes['name'] === 'go.version')
        return suiteHasHostname ? 'go-junit-report' : 'gotestsum';
    return undefined;
}
/** pytest: captured-output sections with nothing under their headers (junit_logging=all). */
function isPytestEmptyCapture(text) {
    for (const line of text.split('\n')) {
        const trimmed = line.trim();
        if (trimmed !== '' && !/^-+ Captured \w+ -+$/.test(trimmed))
            return false;
    }
    return true;
}
/** Go's converters write message="Failed": the useful line is in the test's output. */
function goFailureMessage(attribute, body) {
    if (attribute && attribute !== 'Failed')
        return attribute;
    let last;
    for (const raw of body.split('\n')) {
        const line = raw.trim();
        if (line.startsWith('panic: '))
            return line;
        // `    cart_test.go:14: Total(2, 4) = 6, want 7`: t.Errorf/t.Fatalf output (t.Log looks alike,
        // so the last one before the end of the test is the best guess).
        if (/^\S+\.go:\d+: /.test(line))
            last = line;
    }
    return last ?? attribute;
}
/** libtest and nextest: the panic message follows "thread '<name>' panicked at <file:line:col>:". */
function rustFailureMessage(attribute, body) {
    if (attribute && !/^thread '.*' panicked at /.test(attribute))
        return attribute;
    const match = /thread '[^'\n]*'(?: \(\d+\))? panicked at [^\n]*:\n([^\n]+)/.exec(body);
    return match?.[1]?.trim() ?? attribute;
}
/**
 * node:test's JUnit reporter (lib/internal/test_runner/reporter/junit.js, Node 20 to 24) escapes
 * `"` twice in every attribute: escapeAttribute turns it into `&quot;`, then escapeContent turns
 * that `&` into `&amp;`, so the report says `&amp;quot;` and the value read is `&quot;`. Nothing
 * else is escaped twice (`&` and `<` once, `'` and `>` not at all), so `&quot;` is put back to `"`
 * and nothing more. Lossy beyond repair, and left as read: a name that itself holds `&quot;` (it
 * reads the same as `"`); Node 24 leaves `&#NN;` in a name unescaped, so it reads as the character;
 * Node 20 drops newlines from attributes (Node 24 writes `&#10;`, which reads back exactly).
 */
function undoNodeQuoteEscape(text) {
    return text.includes('&quot;') ? text.replaceAll('&quot;', '"') : text;
}
const QUIRKS = {
    'node-test': {
        adjustCase(fields) {
            fields.name = undoNodeQuoteEscape(fields.name);
            // The enclosing describes' names, dotted (Node 24), escaped the same way; "test" for a
            // top-level test (and every test on Node 20) says nothing, and is left out of the id.
            if (fields.classname === 'test')
                fields.classname = undefined;
            else if (fields.classname !== undefined)
                fields.classname = undoNodeQuoteEscape(fields.classname);
            if (fields.file !== undefined)
                fields.file = undoNodeQuoteEscape(fields.file);
        },
        suiteName: undoNodeQuoteEscape,
        failureMessage: (attribute) => (attribute === undefined ? undefined : undoNodeQuoteEscape(attribute)),
        // `file` is the test file's absolute path (Node 24 writes it; Node 20 writes none).
        absoluteFiles: true,
    },
    // Gradle's JUnitXmlResultWriter without mergeReruns writes every execution of a retried test as
    // its own <testcase>, in execution order (a retry comes after the failure it retries); with
    // mergeReruns it groups executions of one name exactly so: a group stays open while they fail.
    gradle: { repeats: 'retry-after-failure' },
    pytest: {
        repeats: 'attempts',
        moduleClassnames: true,
        // pytest's `line` is the 0-based line number of the test function (from its reportinfo).
        lineBase: 0,
        isEmptyOutput: isPytestEmptyCapture,
        // classname is the node id's path as a dotted module plus the class: "tests.test_cart.TestNested"
        // for tests/test_cart.py; what follows the module is the class part of the node id.
        // (Compared character by character: this runs for every case of a large report.)
        classWithinFile(classname, file) {
            const end = file.endsWith('.py') ? file.length - 3 : file.length;
            if (classname.length < end)
                return classname;
            for (let i = 0; i < end; i++) {
                const f = file.charCodeAt(i);
                const c = classname.charCodeAt(i);
                if (f !== c && !(c === 46 /* . */ && (f === 47 /* / */ || f === 92) /* \ */))
                    return classname;
            }
            if (classname.length === end)
                return undefined;
            if (classname.charCodeAt(end) !== 46)
                return classname;
            const rest = classname.slice(end + 1);
            return rest.includes('.') ? rest.replace(/\./g, '::') : rest;
        },
    },
    'jest-junit': {
        // jest-junit's default templates are "{classname} {title}": a top-level test gets a leading space.
        adjustCase(fields) {
            fields.name = fields.name.trim();
            if (fields.classname !== undefined)
                fields.classname = fields.classname.trim();
        },
        // reportTestSuiteErrors writes a file that fails to load as two cases under one id (classname
        // "Test suite failed to run"): an <error> with jest's text and a <failure> with it as JSON.
        writesTwice: (classname) => classname === 'Test suite failed to run',
        // A suite that fails to load starts with "  ● Test suite failed to run": the cause comes after.
        failureMessage(attribute, body) {
            if (attribute)
                return attribute;
            return body
                .split('\n')
                .find((line) => line.trim() !== '' && !line.trim().startsWith('●'))
                ?.trim();
        },
    },
    vitest: {
        // vitest writes the test file (relative to the project root) as classname, and no `file`.
        adjustCase(fields) {
            fields.file ??= fields.classname;
        },
    },
    playwright: {
        // Playwright writes the spec file as classname, and the project (browser) as the suite's
        // hostname: the same test runs once per project, so the project is part of its id.
        adjustCase(fields) {
            fields.file ??= fields.classname;
        },
        idName(fields) {
            const project = fields.suiteHostname;
            if (!project || fields.name.startsWith(`[${project}] `))
                return fields.name;
            return `[${project}] ${fields.name}`;
        },
        // message="example.spec.ts:3:5 has title": the test's own location.
        lineFromFailure(message, fields) {
            const match = /^([^\s:]+):(\d+):\d+ /.exec(message);
            if (!match || !fields.classname)
                return undefined;
            const base = fields.classname.slice(fields.classname.lastIndexOf('/') + 1);
            return match[1] === base ? Number(match[2]) : undefined;
        },
    },
    tap: {
        // @tapjs/reporter's junit: classname `file > parent > …`, `file` only on failures. Each
        // assertion is a case too. The file is the first part of the classname; the id names the
        // subtest path after it (`test/a.test.mjs::parent > test > should be equal`).
        adjustCase(fields) {
            if (fields.classname === undefined)
                return;
            const at = fields.classname.indexOf(' > ');
            fields.file ??= at < 0 ? fields.classname : fields.classname.slice(0, at);
        },
        idName(fields) {
            const c = fields.classname;
            const at = c === undefined ? -1 : c.indexOf(' > ');
            return at < 0 ? fields.name : `${c.slice(at + 3)} > ${fields.name}`;
        },
        classWithinFile: () => undefined,
        // A test left out by --grep, --only or t.skip/t.todo: `<property name="skip" value="filter: …"/>`.
        skipProperty: (attributes) => attributes['name'] === 'skip' || attributes['name'] === 'todo'
            ? `${attributes['name']}: ${attributes['value'] ?? ''}`
            : undefined,
    },
    'go-junit-report': { failureMessage: goFailureMessage },
    gotestsum: { failureMessage: goFailureMessage },
    libtest: { failureMessage: rustFailureMessage },
    nextest: { failureMessage: rustFailureMessage },
    phpunit: {
        // One class per file (PSR-4): the class adds nothing to the file in an id.
        classWithinFile: () => undefined,
        // PHPUnit's failure text starts with "Class::method" (or "... with data set #0"), then the message.
        failureMessage(attribute, body, fields) {
            if (attribute)
                return attribute;
            const lines = body.split('\n');
            const first = lines[0]?.trim() ?? '';
            const start = first.includes(`::${fields.name}`) ? 1 : 0;
            return lines
                .slice(start)
                .find((l) => l.trim() !== '')
                ?.trim();
        },
    },
    catch2: {
        // An unexpected exception is <error type="TEST_CASE"> without a message; its text starts "FAILED:".
        failureMessage(attribute, body) {
            if (attribute)
                return attribute;
            return body
                .split('\n')
                .find((line) => line.trim() !== '' && line.trim() !== 'FAILED:')
                ?.trim();
        },
    },
};
/**
 * The name under which a case is known within its file. Ids prefer the file (`testId`), but a file
 * can hold same-named tests in different classes or describe blocks (pytest classes, node:test
 * suites): when the classname says more than the file and the name, it is kept in the id
 * (`file::Class::name`, which is pytest's own node id). Producers whose classname is the file
 * (vitest, Playwright) or repeats the name (jest-junit, mocha-junit-reporter) add nothing.
 */
function scopedName(quirks, fields, name) {
    const classname = fields.classname;
    if (classname === undefined || classname === fields.file || name.startsWith(classname) || name.endsWith(classname))
        return name;
    const within = quirks.classWithinFile ? quirks.classWithinFile(classname, fields.file) : classname;
    return within ? `${within}::${name}` : name;
}
function quirksOf(dialect) {
    return (dialect && QUIRKS[dialect]) || {};
}
/**
 * A case that says in an attribute that it did not run, with no result element inside: the C++
 * runner tst writes `status="disabled"`, GoogleTest `status="notrun" result="suppressed"` for a
 * DISABLED_ test (and `result="skipped"`); others write `notrun`, `skipped` or `ignored`. Such a case
 * is skipped, not passed. The value is compared without case; `status="run"` (Catch2, GoogleTest)
 * says nothing.
 */
function notRunAttribute(name, value) {
    const key = value.trim().toLowerCase();
    if (name === 'status')
        return NOT_RUN_STATUS.has(key);
    if (name === 'result')
        return key === 'skipped' || key === 'suppressed';
    return false;
}
const NOT_RUN_STATUS = new Set(['disabled', 'notrun', 'not_run', 'not run', 'skipped', 'skip', 'ignored']);
/** Whether a case's attributes say it did not run (see `notRunAttribute`). */
function saysNotRun(attributes) {
    const status = attributes['status'];
    const result = attributes['result'];
    return ((status !== undefined && notRunAttribute('status', status)) ||
        (result !== undefined && notRunAttribute('result', result)));
}
/**
 * Catch2 marks a case tagged [!mayfail] or [!shouldfail] with <skipped message="TEST_CASE tagged
 * with !mayfail"/> next to its <failure>: the failure is allowed and does not fail the run.
 */
function skipAllowsFailure(skipMessage) {
    return skipMessage !== undefined && /tagged with !(?:mayfail|shouldfail)/.test(skipMessage);
}

;// CONCATENATED MODULE: ./src/reports/junit/case-builder.ts
/**
 * One <testcase> as it is read: its attributes, the result elements inside it (<failure>, <error>,
 * <skipped>, retries) and their text, and from them the neutral `TestCase` with its id. One builder
 * serves every case of a report, and every string a kept case holds is an owned copy, so kept cases
 * do not pin the report's chunks (see `ownString`).
 */



/** A POSIX or Windows absolute path, or a file URL. */
const ABSOLUTE_FILE = /^(?:\/|[A-Za-z]:[\\/]|\\\\|file:\/\/)/;
/** A `..` segment: only a relative file with one can leave the repository. */
const PARENT_SEGMENT = /(?:^|[\\/])\.\.(?:[\\/]|$)/;
class CaseBuilder {
    caseFile;
    quirks = {};
    /** The open case's attributes, read when it closes (most cases pass and are only counted). */
    attributes = {};
    /** Undefined while no result element was read in the open case. */
    results;
    fields = {
        name: '',
        classname: undefined,
        file: undefined,
        line: undefined,
        suiteHostname: undefined,
    };
    // Consecutive cases share their class: one owned copy serves them all (with keepCases 'all', a
    // report of 400,000 cases would otherwise hold 400,000 copies of a few hundred names).
    lastClassname = '';
    body = new BoundedText(JUNIT_LIMITS.body);
    retryBody = new BoundedText(JUNIT_LIMITS.body);
    out = new BoundedText(JUNIT_LIMITS.output);
    err = new BoundedText(JUNIT_LIMITS.output);
    /** Relative case files that leave the repository, left out of the ids (the first one, to say). */
    filesLeftOut = { count: 0 };
    constructor(
    /** Makes a producer's absolute case files repo-relative (see `absoluteFiles` in dialects.ts). */
    caseFile) {
        this.caseFile = caseFile;
    }
    open(attributes) {
        this.attributes = attributes;
        this.results = undefined;
        for (const text of [this.body, this.retryBody, this.out, this.err])
            text.reset();
    }
    skip(attributes) {
        const results = this.touch();
        results.skipped = true;
        results.skipMessage ??= attributes['message'];
    }
    /** A <property> of the case: some producers say there that it did not run (see `skipProperty`). */
    property(attributes) {
        const message = this.quirks.skipProperty?.(attributes);
        if (message !== undefined)
            this.skip({ message });
    }
    /** A <failure> (or an <error>, `isError`): its text goes to `body`. */
    failure(isError, attributes) {
        const results = this.touch();
        if (isError && !results.errored && results.failed) {
            results.errorType = attributes['type'];
            results.errorMessage = attributes['message'];
        }
        if (isError)
            results.errored = true;
        else
            results.failed = true;
        if (results.failures++ === 0) {
            results.type = attributes['type'];
            results.message = attributes['message'];
        }
        else if (this.body.length > 0) {
            // Catch2 writes one <failure> per failed CHECK: their texts are kept together.
            this.body.append('\n\n');
        }
    }
    /** flakyFailure, flakyError, rerunFailure, rerunError: their text goes to `retryCollector()`. */
    retry(element, attributes) {
        const results = this.touch();
        if (element.startsWith('flaky'))
            results.flakies++;
        else
            results.reruns++;
        if (results.flakies + results.reruns === 1) {
            results.retryType = attributes['type'];
            results.retryMessage = attributes['message'];
        }
    }
    /** Where a retry's text is kept: the first retry's only (later ones are counted). */
    retryCollector() {
        const results = this.results;
        return results !== undefined && results.flakies + results.reruns === 1 ? this.retryBody : undefined;
    }
    /** The case's result from the elements read inside it (or its attributes, when there are none). */
    result() {
        const r = this.results;
        if (r === undefined)
            return { status: saysNotRun(this.attributes) ? 'skipped' : 'passed', flaky: false };
        let status = 'passed';
        // An error outranks a failure (a CHECK failed, then the test threw: Catch2 writes both).
        if ((r.failed || r.errored) && !(r.skipped && skipAllowsFailure(r.skipMessage)))
            status = r.errored ? 'errored' : 'failed';
        else if (r.skipped)
            status = 'skipped';
        else if (r.reruns > 0)
            status = 'failed'; // a rerun failure without a first <failure>
        // Passed after retries (flakyFailure/flakyError); a case that failed every rerun is not flaky.
        return { status, flaky: r.flakies > 0 && status !== 'failed' && status !== 'errored' };
    }
    /** The case's id in parts, from its attributes and its suite. */
    identify(suite) {
        const fields = this.readFields(suite);
        const name = clipText(fields.name, JUNIT_LIMITS.name);
        const classname = fields.classname && clipText(fields.classname, JUNIT_LIMITS.name);
        const file = fields.file && clipText(fields.file, JUNIT_LIMITS.name);
        const suiteName = suite?.name ?? '';
        const idName = this.quirks.idName === undefined ? name : clipText(this.quirks.idName(fields), JUNIT_LIMITS.name);
        let prefix = '';
        if (file !== undefined) {
            const scoped = scopedName(this.quirks, { classname, file }, idName);
            prefix = scoped.slice(0, scoped.length - idName.length);
        }
        return { name, idName, classname, file, scope: file ?? classname ?? suiteName, prefix, suiteName };
    }
    /** The neutral case: a passing one without text, any other with its failure and output. */
    build({ name, idName, classname, file, scope, prefix, suiteName }, suite, status, flaky, source) {
        const fields = this.fields;
        const line = this.attributes['line'] === undefined ? undefined : Number(this.attributes['line']);
        if (line !== undefined && Number.isInteger(line) && line >= 0)
            fields.line = line + 1 - (this.quirks.lineBase ?? 1);
        if (fields.line !== undefined && fields.line < 1)
            fields.line = undefined;
        // The id is one flat copy (as testId builds it), and the name and file are views into it.
        const id = scope ? [scope, '::', prefix, idName].join('') : ownString(prefix + idName);
        const testCase = {
            id,
            suite: suiteName,
            name: id.endsWith(name) ? id.slice(id.length - name.length) : ownString(name),
            status,
            source,
        };
        if (classname !== undefined)
            testCase.classname = this.ownedClassname(classname);
        if (file !== undefined)
            testCase.file = file === suite?.file ? file : file === scope ? id.slice(0, file.length) : ownString(file);
        const durationMs = parseDurationMs(this.attributes['time']);
        if (durationMs !== undefined)
            testCase.durationMs = durationMs;
        if (flaky)
            testCase.flaky = true;
        // The pass-to-pass set only needs to know the case exists: no text is kept.
        if (status === 'passed' && !flaky) {
            if (fields.line !== undefined)
                testCase.line = fields.line;
            return testCase;
        }
        const failure = this.buildFailure(fields);
        if (failure !== undefined)
            testCase.failure = failure;
        const testLine = fields.line ??
            (failure?.message === undefined ? undefined : this.quirks.lineFromFailure?.(failure.message, fields));
        if (testLine !== undefined)
            testCase.line = testLine;
        const out = this.outputText(this.out);
        const err = this.outputText(this.err);
        if (out !== undefined)
            testCase.systemOut = out;
        if (err !== undefined)
            testCase.systemErr = err;
        return testCase;
    }
    /** Bounded, trimmed text of a collector; undefined when it holds nothing worth showing. */
    outputText(collector) {
        if (collector === undefined || collector.length === 0)
            return undefined;
        const text = trimBody(collector.toString());
        if (text === '' || this.quirks.isEmptyOutput?.(text))
            return undefined;
        return ownString(text);
    }
    touch() {
        return (this.results ??= { failed: false, errored: false, skipped: false, failures: 0, flakies: 0, reruns: 0 });
    }
    /** The case's own fields, from its attributes (the same object from case to case). */
    readFields(suite) {
        const attributes = this.attributes;
        const fields = this.fields;
        fields.name = attributes['name'] ?? '';
        fields.classname = attributes['classname'] || undefined;
        // mocha-junit-reporter and PHPUnit write the file on the suite: its cases inherit it.
        fields.file = attributes['file'] || suite?.file;
        fields.line = undefined;
        fields.suiteHostname = suite?.hostname;
        this.quirks.adjustCase?.(fields);
        // pytest's xunit2 names the module only: the file it names, when the repository has it, makes
        // the id pytest's own node id (`tests/test_x.py::TestC::test_y`), as reruns pass it.
        if (fields.file === undefined && fields.classname !== undefined && this.quirks.moduleClassnames)
            fields.file = this.caseFile?.pythonModule?.(fields.classname);
        // An absolute path (node:test always, mocha-junit-reporter and PHPUnit on their suites) is the
        // machine's, not the test's: ids must be the same wherever the report was written.
        const file = fields.file;
        if (file !== undefined && this.caseFile !== undefined && (this.quirks.absoluteFiles || ABSOLUTE_FILE.test(file)))
            fields.file = this.caseFile(file);
        else if (file !== undefined && PARENT_SEGMENT.test(file) && this.leavesRepository(file)) {
            // A forged `file="../../outside/x.py"` would make an id (shown, rerun, compared) that leaves the
            // repository: the case is named by its class or suite instead, and the reader says so.
            fields.file = undefined;
            this.filesLeftOut.count++;
            this.filesLeftOut.first ??= clipText(file, 200);
        }
        return fields;
    }
    leavesRepository(file) {
        if (this.caseFile?.leavesRepository)
            return this.caseFile.leavesRepository(file);
        return /^\.\.(?:\/|$)/.test(external_node_path_default().posix.normalize(file.replace(/\\/g, '/')));
    }
    ownedClassname(classname) {
        if (classname !== this.lastClassname)
            this.lastClassname = ownString(classname);
        return this.lastClassname;
    }
    buildFailure(fields) {
        const r = this.results;
        if (r === undefined || r.failures + r.flakies + r.reruns === 0)
            return undefined;
        // The error's type and message when a failure came first; the texts of both, as read.
        const errorAfterFailure = r.errorType !== undefined || r.errorMessage !== undefined;
        const retried = r.failures === 0;
        const type = retried ? r.retryType : errorAfterFailure ? r.errorType : r.type;
        let message = retried ? r.retryMessage : errorAfterFailure ? r.errorMessage : r.message;
        let body = trimBody((retried ? this.retryBody : this.body).toString());
        if (body === '' && !message) {
            // libtest (and older nextest) write an empty <failure/>: the panic is in the case's output.
            const out = this.out.toString();
            const err = this.err.toString();
            body = trimBody(err.length > 0 && out.length === 0 ? err : `${out}\n${err}`);
        }
        message = this.quirks.failureMessage?.(message || undefined, body, fields) ?? (message || firstLine(body));
        const failure = {};
        if (type)
            failure.type = ownString(clipText(type, JUNIT_LIMITS.type));
        if (message)
            failure.message = ownString(clipText(message, JUNIT_LIMITS.message));
        if (body !== '')
            failure.body = ownString(body);
        return failure;
    }
}
function parseDurationMs(value) {
    if (value === undefined || value === '')
        return undefined;
    // Surefire < 3.0.0-M4 formatted time with the JVM locale: "1,234.567".
    const seconds = Number(value.includes(',') ? value.replace(/,/g, '') : value);
    if (!Number.isFinite(seconds) || seconds < 0)
        return undefined;
    return Math.round(seconds * 1e6) / 1e3;
}
/** Drops the blank lines and indentation producers put around element text. */
function trimBody(text) {
    return text.replace(/^(?:[ \t]*\r?\n)+/, '').trimEnd();
}
function firstLine(text) {
    for (const line of text.split('\n', 20)) {
        const trimmed = line.trim();
        if (trimmed !== '')
            return trimmed;
    }
    return undefined;
}

// EXTERNAL MODULE: external "node:buffer"
var external_node_buffer_ = __webpack_require__(4573);
// EXTERNAL MODULE: external "node:util"
var external_node_util_ = __webpack_require__(7975);
;// CONCATENATED MODULE: ./src/reports/junit/report-encoding.ts
/**
 * Bytes to text for a report file: the encoding is taken from a byte-order mark or the XML
 * declaration (UTF-8 when neither says otherwise), and files that are not text at all (an
 * artifact still zipped or gzipped, an image, an executable, junk) are refused with a message that
 * says what they are. PowerShell's `>` writes UTF-16 with a BOM, so Windows runners do produce
 * UTF-16 reports. A report with a few bad bytes is text: a test that prints binary data puts NULs
 * and bytes that are not UTF-8 into its captured output. Those are read as U+FFFD, and
 * `ReportDecoder` says where they were.
 */


/** How many leading bytes `sniffEncoding` wants to see (it works with fewer at the end of a file). */
const report_encoding_SNIFF_BYTES = 1024;
/** Files a report pattern can pick up that are not text, by their first bytes (`at`: where those are). */
const MAGIC = [
    { bytes: [0x1f, 0x8b], what: 'a gzip-compressed file (decompress it first' },
    { bytes: [0x50, 0x4b, 0x03, 0x04], what: 'a zip archive (extract the report from it first' },
    { bytes: [0x50, 0x4b, 0x05, 0x06], what: 'an empty zip archive (no report in it' },
    { bytes: [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00], what: 'an xz-compressed file (decompress it first' },
    { bytes: [0x28, 0xb5, 0x2f, 0xfd], what: 'a zstd-compressed file (decompress it first' },
    { bytes: [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c], what: 'a 7z archive (extract the report from it first' },
    { bytes: 'ustar', at: 257, what: 'a tar archive (extract the report from it first' },
    { bytes: '%PDF-', what: 'a PDF document (not a test report' },
    { bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], what: 'a PNG image (not a test report' },
    { bytes: [0xff, 0xd8, 0xff], what: 'a JPEG image (not a test report' },
    { bytes: 'GIF8', what: 'a GIF image (not a test report' },
    { bytes: [0x7f, 0x45, 0x4c, 0x46], what: 'an ELF executable or library (not a test report' },
    { bytes: [0x00, 0x61, 0x73, 0x6d], what: 'a WebAssembly module (not a test report' },
    { bytes: 'SQLite format 3\u0000', what: 'an SQLite database (not a test report' },
];
function startsWith(head, bytes, at = 0) {
    const length = bytes.length;
    if (head.length < at + length)
        return false;
    for (let i = 0; i < length; i++) {
        const b = typeof bytes === 'string' ? bytes.charCodeAt(i) : bytes[i];
        if (head[at + i] !== b)
            return false;
    }
    return true;
}
function sniffEncoding(head) {
    for (const magic of MAGIC) {
        if (startsWith(head, magic.bytes, magic.at))
            return refuse(`${magic.what}; expected a JUnit XML report)`);
    }
    // bzip2: "BZh", the block size, then the block magic (pi's digits).
    if (startsWith(head, 'BZh') && head[3] >= 0x31 && head[3] <= 0x39 && startsWith(head, [0x31, 0x41, 0x59], 4))
        return refuse('a bzip2-compressed file (decompress it first; expected a JUnit XML report)');
    const b0 = head[0];
    const b1 = head[1];
    if (b0 === 0xef && b1 === 0xbb && head[2] === 0xbf)
        return { ok: true, encoding: 'utf-8' };
    if (b0 === 0xff && b1 === 0xfe)
        return { ok: true, encoding: 'utf-16le' };
    if (b0 === 0xfe && b1 === 0xff)
        return { ok: true, encoding: 'utf-16be' };
    // UTF-16 without a BOM still starts with "<" as one byte and a NUL.
    if (b0 === 0x3c && b1 === 0x00)
        return { ok: true, encoding: 'utf-16le' };
    if (b0 === 0x00 && b1 === 0x3c)
        return { ok: true, encoding: 'utf-16be' };
    const declared = declaredEncoding(head);
    const controls = controlBytes(head);
    if (controls.count * 2 > head.length) {
        const at = positionOf(head, controls.first);
        return refuse(`mostly control bytes (${controls.count} of the first ${head.length}; expected a JUnit XML text file)`, at.line, at.column);
    }
    // A file that starts as an XML document or a report is text, whatever its output holds.
    const nul = head.indexOf(0);
    if (nul >= 0 && !startsLikeReport(head) && looksBinary(head, declared, controls.count)) {
        const at = positionOf(head, nul);
        return refuse(`binary data (a NUL byte at offset ${nul}; expected a JUnit XML text file)`, at.line, at.column);
    }
    if (declared === undefined || /^utf-?8$/i.test(declared))
        return { ok: true, encoding: 'utf-8' };
    try {
        new external_node_util_.TextDecoder(declared);
        return { ok: true, encoding: declared };
    }
    catch {
        return {
            ok: true,
            encoding: 'utf-8',
            note: `unsupported encoding "${declared.slice(0, 40)}" in the XML declaration, read as UTF-8`,
        };
    }
}
/** C0 control bytes but tab, line breaks and ESC (which starts colour codes): how many, and the first. */
function controlBytes(head) {
    let count = 0;
    let first = -1;
    for (let i = 0; i < head.length; i++) {
        const b = head[i];
        if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x1b) {
            if (count++ === 0)
                first = i;
        }
    }
    return { count, first };
}
/** After an optional BOM and whitespace: `<?xml`, `<!--`, `<!DOCTYPE` or a report's root element. */
function startsLikeReport(head) {
    let i = startsWith(head, [0xef, 0xbb, 0xbf]) ? 3 : 0;
    while (head[i] === 0x20 || head[i] === 0x09 || head[i] === 0x0a || head[i] === 0x0d)
        i++;
    return ['<?xml', '<!--', '<!DOCTYPE', '<testsuites', '<testsuite'].some((start) => startsWith(head, start, i));
}
/**
 * Whether bytes with a NUL among them, that do not start as XML, are binary rather than text with
 * a stray NUL: binary when more than one byte in ten is a control character, or when bytes that
 * should be UTF-8 are not.
 */
function looksBinary(head, declared, controls) {
    if (controls * 10 > head.length)
        return true;
    if (declared !== undefined && !/^utf-?8$/i.test(declared))
        return false;
    try {
        // `stream`: a character cut by the end of the head is not an error.
        new external_node_util_.TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
        return false;
    }
    catch {
        return true;
    }
}
/** `encoding="..."` of an XML declaration at the very start (ASCII-compatible encodings only). */
function declaredEncoding(head) {
    const start = String.fromCharCode(...head.subarray(0, Math.min(head.length, 200)));
    const match = /^<\?xml[^>]*?\sencoding\s*=\s*["']([A-Za-z][A-Za-z0-9._-]*)["']/.exec(start);
    return match?.[1];
}
function positionOf(bytes, offset) {
    let line = 1;
    let column = 1;
    for (let i = 0; i < offset; i++) {
        if (bytes[i] === 0x0a) {
            line++;
            column = 1;
        }
        else {
            column++;
        }
    }
    return { line, column };
}
function refuse(message, line = 1, column = 1) {
    return { ok: false, message, line, column };
}
/** Undecodable places named one by one in a report's note; the rest are counted. */
const MAX_UNDECODABLE_SHOWN = 5;
const NONE = [];
const EMPTY = new Uint8Array(0);
/**
 * Decodes a report piece by piece, as `TextDecoder` does (bytes that are not UTF-8 become U+FFFD,
 * one for each maximal invalid sequence, as the Encoding standard says), and tells where those
 * were. A clean piece costs one search of the decoded text for U+FFFD; only a piece that has one
 * (an undecodable byte, or a U+FFFD the file really holds) is walked byte by byte. In encodings
 * other than UTF-8 undecodable bytes are replaced, not located.
 */
class ReportDecoder {
    decoder;
    utf8;
    /** Bytes decoded before the current piece. */
    offset = 0;
    /** The bytes of a UTF-8 sequence cut by the end of the last piece. */
    carry = EMPTY;
    constructor(encoding) {
        this.decoder = new external_node_util_.TextDecoder(encoding);
        this.utf8 = this.decoder.encoding === 'utf-8';
    }
    decode(bytes) {
        const text = this.decoder.decode(bytes, { stream: true });
        if (!this.utf8)
            return { text, undecodable: NONE, undecodableCount: 0 };
        const start = this.offset;
        this.offset += bytes.length;
        const carried = this.carry;
        if (text.indexOf('\uFFFD') < 0) {
            // A sequence cut by the end starts in the last three bytes (or in the carried ones).
            const last = bytes.length >= 4 || carried.length === 0 ? bytes : concat(carried, bytes);
            this.carry = last.slice(last.length - incompleteTail(last));
            return { text, undecodable: NONE, undecodableCount: 0 };
        }
        const whole = carried.length === 0 ? bytes : concat(carried, bytes);
        const tail = incompleteTail(whole);
        this.carry = whole.slice(whole.length - tail);
        if ((0,external_node_buffer_.isUtf8)(whole.subarray(0, whole.length - tail)))
            return { text, undecodable: NONE, undecodableCount: 0 };
        // The decoder drops a BOM at the very start: it is no character of the text.
        const skip = start === 0 && whole[0] === 0xef && whole[1] === 0xbb && whole[2] === 0xbf ? 3 : 0;
        return { text, ...locateUndecodable(whole, skip, whole.length - tail, start - carried.length) };
    }
    /** The end of the file: a sequence cut by it is undecodable. */
    end() {
        const text = this.decoder.decode();
        if (!this.utf8 || this.carry.length === 0)
            return { text, undecodable: NONE, undecodableCount: 0 };
        const byte = this.offset - this.carry.length;
        this.carry = EMPTY;
        return { text, undecodable: [{ index: text.length - 1, byte }], undecodableCount: 1 };
    }
}
function concat(a, b) {
    const out = new Uint8Array(a.length + b.length);
    out.set(a, 0);
    out.set(b, a.length);
    return out;
}
/** How many UTF-8 continuation bytes a lead byte wants (0: not a lead byte), and its first one's range. */
function leadOf(b) {
    if (b >= 0xc2 && b <= 0xdf)
        return { needed: 1, lower: 0x80, upper: 0xbf };
    if (b >= 0xe0 && b <= 0xef)
        return { needed: 2, lower: b === 0xe0 ? 0xa0 : 0x80, upper: b === 0xed ? 0x9f : 0xbf };
    if (b >= 0xf0 && b <= 0xf4)
        return { needed: 3, lower: b === 0xf0 ? 0x90 : 0x80, upper: b === 0xf4 ? 0x8f : 0xbf };
    return { needed: 0, lower: 0, upper: 0 };
}
/** The bytes at the end of `bytes` that start a UTF-8 sequence, valid so far, that the next piece may finish. */
function incompleteTail(bytes) {
    const n = bytes.length;
    for (let k = 1; k <= 3 && k <= n; k++) {
        const b = bytes[n - k];
        if (b >= 0x80 && b <= 0xbf)
            continue;
        const { needed, lower, upper } = leadOf(b);
        if (needed < k)
            return 0;
        for (let j = n - k + 1; j < n; j++) {
            const c = bytes[j];
            if (j === n - k + 1 ? c < lower || c > upper : c < 0x80 || c > 0xbf)
                return 0;
        }
        return k;
    }
    return 0;
}
/**
 * The Encoding standard's UTF-8 decoder over `bytes[from, to)` (which ends on a sequence
 * boundary), counting characters as the decoder emits them, to name the index and byte offset of
 * each U+FFFD it emits for undecodable bytes. `base` is the file offset of `bytes[0]`.
 */
function locateUndecodable(bytes, from, to, base) {
    const undecodable = [];
    let count = 0;
    let index = 0;
    const bad = (byte) => {
        if (count++ < MAX_UNDECODABLE_SHOWN)
            undecodable.push({ index, byte: base + byte });
        index++;
    };
    let i = from;
    while (i < to) {
        const b = bytes[i];
        if (b < 0x80) {
            index++;
            i++;
            continue;
        }
        const { needed, lower, upper } = leadOf(b);
        if (needed === 0) {
            bad(i);
            i++;
            continue;
        }
        let j = i + 1;
        let seen = 0;
        while (seen < needed && j < to) {
            const c = bytes[j];
            if (seen === 0 ? c < lower || c > upper : c < 0x80 || c > 0xbf)
                break;
            seen++;
            j++;
        }
        if (seen < needed) {
            // The sequence so far is one U+FFFD; the byte that broke it is read again.
            bad(i);
            i = j;
            continue;
        }
        // Four bytes make a surrogate pair.
        index += needed === 3 ? 2 : 1;
        i = j;
    }
    return { undecodable, undecodableCount: count };
}

;// CONCATENATED MODULE: ./src/reports/junit/forbidden-characters.ts
/**
 * Characters XML 1.0 does not allow (C0 controls other than tab and line breaks, U+FFFE, U+FFFF)
 * in a report. Producers write them anyway: node:test's JUnit reporter writes a NUL from an
 * assertion message raw, captured output brings BEL and ANSI colour codes. saxes reads on past
 * each one and says so; from the first one on, the text the reader keeps is read with them
 * replaced by U+FFFD, except ESC, which is kept: it starts the colour codes that are removed
 * wherever text is shown (src/text/untrusted-text.ts), and U+FFFD in its place would leave
 * "[31m" behind. The report gets one note for all of them, not one per character, and for the
 * bytes that could not be decoded (read as U+FFFD by the decoder, see report-encoding.ts) too:
 * how many, and where the first few were.
 */

const FORBIDDEN = /[\x00-\x08\x0b\x0c\x0e-\x1a\x1c-\x1f\ufffe\uffff]/g;
const ESC = '\u001b';
class ForbiddenCharacters {
    /** Characters saxes reported (every one, kept text or not). */
    met = 0;
    first;
    /** Replaced characters of kept text, by code. */
    replaced = new Map();
    escapes = 0;
    /** Places where bytes could not be decoded: how many, and the first few (position when known). */
    undecodable = 0;
    undecodableAt = [];
    /** saxes met one (its message "disallowed character."), at `at`. */
    meet(at) {
        if (this.met++ === 0)
            this.first = at;
    }
    /** `text` with the forbidden characters replaced, once any was met (until then it has none). */
    clean(text) {
        if (this.met === 0)
            return text;
        if (text.includes(ESC))
            for (let i = text.indexOf(ESC); i >= 0; i = text.indexOf(ESC, i + 1))
                this.escapes++;
        return text.replace(FORBIDDEN, (c) => {
            const code = c.charCodeAt(0);
            this.replaced.set(code, (this.replaced.get(code) ?? 0) + 1);
            return '\uFFFD';
        });
    }
    /** Replaces forbidden characters in an element's attribute values, in place. */
    cleanAttributes(attributes) {
        if (this.met === 0)
            return;
        for (const key of Object.keys(attributes))
            attributes[key] = this.clean(attributes[key]);
    }
    /** Whether the next undecodable place is one the note names (then its position is wanted). */
    get wantsUndecodable() {
        return this.undecodableAt.length < MAX_UNDECODABLE_SHOWN;
    }
    /** Bytes at file offset `byte` could not be decoded (at `at` in the text, when that is known). */
    meetUndecodable(at, byte) {
        if (this.undecodableAt.length < MAX_UNDECODABLE_SHOWN)
            this.undecodableAt.push({ at, byte });
        this.undecodable++;
    }
    /** `count` more undecodable places, not named. */
    countUndecodable(count) {
        this.undecodable += count;
    }
    /**
     * The one note for the report, and where it points (no position when undecodable bytes are all
     * it says and none of them had one); undefined when there is nothing to say.
     */
    note() {
        const forbidden = this.forbiddenNote();
        const undecodable = this.undecodableNote();
        if (undecodable === undefined)
            return forbidden;
        if (forbidden === undefined)
            return undecodable;
        // One note: it points at whichever came first.
        const a = forbidden.at;
        const b = undecodable.at;
        const forbiddenFirst = b === undefined || a.line < b.line || (a.line === b.line && a.column <= b.column);
        const first = forbiddenFirst ? forbidden : undecodable;
        const second = forbiddenFirst ? undecodable : forbidden;
        const at = second.at === undefined ? '' : `the first at ${second.at.line}:${second.at.column}`;
        return { message: `${first.message}; and ${second.message.replace('the first here', at)}`, at: first.at };
    }
    undecodableNote() {
        if (this.undecodable === 0)
            return undefined;
        const places = this.undecodableAt.map(({ at, byte }) => at === undefined ? `byte ${byte}` : `${at.line}:${at.column} (byte ${byte})`);
        const more = this.undecodable - places.length;
        const n = this.undecodable;
        return {
            message: `bytes that are not UTF-8 in ${n} place${n === 1 ? '' : 's'}, read as U+FFFD: ` +
                `at ${places.join(', ')}${more > 0 ? ` and ${more} more` : ''}`,
            at: this.undecodableAt.find((place) => place.at !== undefined)?.at,
        };
    }
    forbiddenNote() {
        if (this.met === 0 || this.first === undefined)
            return undefined;
        const codes = [...this.replaced.entries()].sort((a, b) => a[0] - b[0]);
        const parts = codes.map(([code, n]) => `${codePoint(code)} ×${n}`);
        const replaced = codes.reduce((n, [, count]) => n + count, 0);
        let message = `${this.met} character${this.met === 1 ? '' : 's'} XML does not allow, the first here`;
        if (replaced > 0)
            message += `; read as U+FFFD: ${parts.join(', ')}`;
        if (this.escapes > 0)
            message += `; kept as is: ESC (U+001B) ×${this.escapes}, which starts the colour codes removed wherever text is shown`;
        const elsewhere = this.met - replaced - this.escapes;
        if (elsewhere > 0)
            message += `; ${elsewhere} in parts of the report that are not kept`;
        return { message, at: this.first };
    }
}
function codePoint(code) {
    return `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
}

;// CONCATENATED MODULE: ./src/reports/junit/xml-problems.ts
/**
 * saxes' error messages in the words a user of self-heal needs: what was found, what was expected,
 * and whether reading goes on (a recoverable problem) or stops (a fatal one).
 */

/** Messages saxes reports for problems it recovers from; parsing goes on after them. */
function recoverableProblem(message) {
    switch (message) {
        case 'undefined entity.':
            return 'undefined entity reference, kept as literal text (entities declared in a DOCTYPE are never expanded)';
        case 'disallowed character in entity name.':
        case 'empty entity name.':
            return 'malformed entity reference, kept as literal text (expected &name; or &#number;)';
        case 'malformed character entity.':
            return 'character reference to a character XML does not allow, kept as literal text';
        case 'the string "]]>" is disallowed in char data.':
            return '"]]>" in text outside CDATA, kept as is';
        default:
            return message.startsWith('duplicate attribute:')
                ? `${message.replace(/\.$/, '')} (the last value is used)`
                : undefined;
    }
}
/** Explains saxes' fatal messages: what was found, what was expected. */
function describeFatal(message) {
    const unclosed = /^unclosed tag: (.*)$/.exec(message);
    if (unclosed) {
        const name = clipText(unclosed[1], 64);
        return `the report ends inside <${name}> (expected </${name}>): the file is truncated`;
    }
    switch (message) {
        case 'unexpected end.':
            return 'the report ends in the middle of markup: the file is truncated';
        case 'document must contain a root element.':
            return 'no XML element found (expected <testsuites> or <testsuite>)';
        case 'text data outside of root node.':
            return 'text outside the root element (expected "<"): not an XML report, or something was written after it';
        case 'documents may contain only one root.':
            return 'a second root element (expected the end of the document)';
        default:
            return `malformed XML: ${message.replace(/\.$/, '')}`;
    }
}

;// CONCATENATED MODULE: ./src/reports/junit/junit-reader.ts






/** Deeper nesting than this is not a test report (and would grow saxes' tag stack without bound). */
const MAX_DEPTH = 256;
/** Recoverable XML problems (and documents that undercount) reported one by one per report; the rest are counted. */
const MAX_REPORTED = 10;
/** An element's kind by its parent's kind and its name; any other is a wrapper in a wrapper or suite, else ignored. */
const CHILDREN = new Map([
    [
        'wrapper',
        children({
            testcase: 'case',
            testsuite: 'suite',
            'system-out': 'ignored',
            'system-err': 'ignored',
            properties: 'ignored',
            property: 'ignored',
        }),
    ],
    [
        'suite',
        children({
            testcase: 'case',
            testsuite: 'suite',
            'system-out': 'suite-out',
            'system-err': 'suite-err',
            properties: 'ignored',
            property: 'ignored',
        }),
    ],
    [
        'case',
        children({
            failure: 'failure',
            error: 'error',
            skipped: 'skipped',
            'system-out': 'case-out',
            'system-err': 'case-err',
            properties: 'case-properties',
            flakyFailure: 'retry',
            flakyError: 'retry',
            rerunFailure: 'retry',
            rerunError: 'retry',
        }),
    ],
    ['case-properties', children({ property: 'case-property' })],
    ['retry', children({ stackTrace: 'retry-trace' })],
]);
class junit_reader_JUnitReader {
    report;
    sink;
    errors = [];
    dialect;
    /**
     * A suite of a producer that writes one test as several elements (pytest, `repeats` in
     * dialects.ts) held more <testcase> elements than its `tests` attribute counts: they must be
     * merged by id, which a reading that only counts passes cannot do (see parse-junit.ts).
     */
    repeatedCases = false;
    saxes;
    stopped = false;
    source;
    builder;
    forbidden = new ForbiddenCharacters();
    client;
    /** Whether this report's passing cases are needed by their ids (asked when the first one closes). */
    passIds;
    // Elements: their kinds, the open suites, a close tag held until the next event (`onClose`).
    kinds = [];
    suites = [];
    pendingClose;
    sawCase = false;
    /** Where the current element's text goes. */
    active;
    // Documents: libtest writes one XML document per test binary to the same output.
    sawInput = false;
    sawMarkup = false;
    awaitingDocument = false;
    /** Where the current document starts in the input (saxes counts from 1:0 there). */
    base = { line: 1, column: 0 };
    /** Where the root element closed: its end in the document's input, and its position. */
    closeAt = 0;
    closedAt = { line: 1, column: 0 };
    root = { line: 0, column: 0 };
    declaredFailures = -1;
    foundFailures = 0;
    recoverable = 0;
    undercounted = 0;
    attributeCut = false;
    /** The most saxes held between chunks in earlier documents (see `peakBufferedChars`). */
    peak = 0;
    constructor(
    /** The report's path as shown to the user: every error names it. */
    report, sink, options = {}) {
        this.report = report;
        this.sink = sink;
        this.source = options.source ?? { report };
        this.builder = new CaseBuilder(options.caseFile);
        this.client = {
            onOpen: this.onOpen,
            onClose: this.onClose,
            onCData: this.onCData,
            onError: this.onError,
            written: () => this.flushPendingClose(),
            fatal: (message) => this.fatal(message),
            attributeCut: () => {
                if (!this.attributeCut)
                    this.problem(`an attribute value longer than ${JUNIT_LIMITS.attribute} characters was cut`);
                this.attributeCut = true;
            },
        };
        this.saxes = new BoundedSaxes(this.client);
    }
    get done() {
        return this.stopped;
    }
    /** Most characters of one token saxes held between chunks (for the memory tests and the bench). */
    get peakBufferedChars() {
        return Math.max(this.peak, this.saxes.peak);
    }
    /** Feeds the next piece of the report. */
    write(text) {
        if (this.stopped || text.length === 0)
            return;
        this.sawInput = true;
        if (this.awaitingDocument && (text = this.skipToNextDocument(text)) === '')
            return;
        if (!this.sawMarkup && !this.checkStart(text))
            return;
        const rest = this.saxes.write(text);
        // The document ended inside this piece: the rest is the start of the next one.
        if (rest !== undefined)
            this.write(rest);
    }
    /**
     * `write`, for text decoded from the report's bytes where some could not be decoded: the U+FFFD
     * that stand for them are noted with their line and column (the first few, which the note
     * names) and their byte offset.
     */
    writeDecoded({ text, undecodable, undecodableCount }) {
        let from = 0;
        let noted = 0;
        for (const { index, byte } of undecodable) {
            if (!this.forbidden.wantsUndecodable)
                break;
            // Up to and with the U+FFFD: saxes' position is then that character's.
            this.write(text.slice(from, index + 1));
            from = index + 1;
            const known = !this.stopped && !this.awaitingDocument && this.sawMarkup && !this.saxes.dropping;
            this.forbidden.meetUndecodable(known ? this.position() : undefined, byte);
            noted++;
        }
        this.forbidden.countUndecodable(undecodableCount - noted);
        this.write(from === 0 ? text : text.slice(from));
    }
    /** The end of the report: final checks, and every complete case read so far is handed over. */
    end() {
        if (!this.stopped && !this.awaitingDocument && !this.sawMarkup) {
            const what = this.sawInput ? 'the file holds only whitespace' : 'the file is empty';
            this.fatal(`${what} (expected a JUnit XML report)`, { line: 1, column: 1 });
        }
        else if (!this.stopped && !this.awaitingDocument) {
            this.saxes.close();
            this.flushPendingClose();
        }
        this.abandon();
        const forbidden = this.forbidden.note();
        if (forbidden !== undefined)
            this.note(forbidden.message, forbidden.at);
        if (this.recoverable > MAX_REPORTED)
            this.note(`${this.recoverable - MAX_REPORTED} more recoverable XML problems like the ones above`);
        if (this.undercounted > MAX_REPORTED)
            this.note(`${this.undercounted - MAX_REPORTED} more documents count failures they do not hold`);
        const { count, first } = this.builder.filesLeftOut;
        if (count > 0)
            this.note(`${count === 1 ? 'a case names a file' : `${count} cases name files`} outside the repository (\`${first}\`${count > 1 ? ', …' : ''}): left out of ${count === 1 ? 'its test id' : 'their test ids'}`);
    }
    /** Gives up on the rest of the input (it could not be read): complete cases are still handed over. */
    abandon() {
        this.pendingClose = undefined;
        this.stopped = true;
        for (const suite of this.suites.splice(0).reverse())
            this.releaseSuite(suite);
        this.sink.endReport?.(this.source);
    }
    // ---- positions and errors --------------------------------------------------------------------
    /** Line and column (both 1-based) in the whole input of saxes' last character. */
    position() {
        const { line, column } = this.saxes.position();
        if (line === 1)
            return { line: this.base.line, column: Math.max(1, this.base.column + column) };
        return { line: this.base.line + line - 1, column: Math.max(1, column) };
    }
    /** A problem at `at` (saxes' position by default). */
    problem(message, at = this.position()) {
        const { line, column } = at;
        this.errors.push({ file: this.report, line, column, message: `${this.report}:${line}:${column}: ${message}` });
    }
    /** A note about the report, at a place in it when there is one. */
    note(message, at) {
        if (at !== undefined)
            this.problem(message, at);
        else
            this.errors.push({ file: this.report, message: `${this.report}: ${message}` });
    }
    /** An error the rest of the report cannot be read after: cases read so far are kept. */
    fatal(message, at) {
        if (this.stopped)
            return;
        this.problem(message, at);
        this.stopped = true;
        this.pendingClose = undefined;
        this.saxes.detach();
    }
    onError = (error) => {
        if (this.stopped)
            return;
        const message = error.message.replace(/^\d+:\d+: /, '');
        const pending = this.pendingClose;
        if (pending !== undefined && message === 'unexpected close tag.') {
            // saxes has already popped the element it expected to close: that close never happened.
            this.pendingClose = undefined;
            const name = clipText(pending.name, 64);
            this.fatal(`a closing tag that does not match the open element <${name}> (expected </${name}>)`);
            return;
        }
        this.flushPendingClose();
        // After the document's root closed, what follows is read again by a fresh parser.
        if (this.awaitingDocument || this.stopped)
            return;
        const problem = recoverableProblem(message);
        if (message === 'disallowed character.')
            this.forbidden.meet(this.position());
        else if (problem === undefined)
            this.fatal(describeFatal(message));
        else if (++this.recoverable <= MAX_REPORTED)
            this.problem(problem);
    };
    // ---- documents -------------------------------------------------------------------------------
    /**
     * Before the first markup: a file that starts with text is not XML (a log, a JSON report). Said
     * at once, at the first character, rather than by saxes at the end of the text run.
     */
    checkStart(text) {
        const first = text.search(/[^\s\uFEFF]/);
        const lead = advance(this.base, text, first < 0 ? text.length : first);
        if (first < 0) {
            this.base = lead;
            return true;
        }
        this.sawMarkup = true;
        // The whitespace before is saxes' to count.
        this.base = { line: 1, column: 0 };
        if (text.charCodeAt(first) === 60 /* < */)
            return true;
        this.fatal('not an XML report: it starts with text, not markup (expected "<")', {
            ...lead,
            column: lead.column + 1,
        });
        return false;
    }
    /** Between documents: skips whitespace (counting lines) until the next document starts. */
    skipToNextDocument(text) {
        const start = text.search(/[^ \t\r\n]/);
        this.base = advance(this.base, text, start < 0 ? text.length : start);
        if (start < 0)
            return '';
        if (text.charCodeAt(start) !== 60 /* < */) {
            const message = 'text after the end of the report (expected another XML document or the end of the file)';
            this.fatal(message, { line: this.base.line, column: this.base.column + 1 });
            return '';
        }
        this.awaitingDocument = false;
        this.peak = this.peakBufferedChars;
        this.saxes = new BoundedSaxes(this.client);
        return text.slice(start);
    }
    startDocument(rootName, attributes) {
        if (this.dialect === undefined)
            this.setDialect(detectFromRoot(rootName, attributes));
        const failures = countAttribute(attributes['failures']);
        const errors = countAttribute(attributes['errors']);
        this.declaredFailures = failures < 0 && errors < 0 ? -1 : Math.max(0, failures) + Math.max(0, errors);
        this.foundFailures = 0;
        this.root = this.position();
    }
    endDocument() {
        // Once per document at most, and bounded: a report may hold thousands of documents.
        if (this.declaredFailures > this.foundFailures && ++this.undercounted <= MAX_REPORTED) {
            this.problem(`the report counts ${this.declaredFailures} failures and errors but holds ${this.foundFailures} <failure>/<error> elements: ` +
                'the rest (often a build or setup failure recorded only as a count) is not in this report, see the test log', this.root);
        }
        // Whatever follows may be another document (libtest prints one per test binary).
        this.base = this.closedAt;
        this.awaitingDocument = true;
        this.saxes.endAt(this.closeAt);
    }
    // ---- elements --------------------------------------------------------------------------------
    onOpen = (tag) => {
        this.flushPendingClose();
        if (this.stopped || this.awaitingDocument)
            return;
        const { name, attributes } = tag;
        this.forbidden.cleanAttributes(attributes);
        const depth = this.kinds.length;
        if (depth >= MAX_DEPTH)
            return this.fatal(`elements nested deeper than ${MAX_DEPTH} levels (expected a JUnit XML report)`);
        if (depth === 0 && name !== 'testsuites' && name !== 'testsuite') {
            const root = clipText(name, 64);
            return this.fatal(`not a JUnit XML report: the root element is <${root}> (expected <testsuites> or <testsuite>)`);
        }
        if (depth === 0)
            this.startDocument(name, attributes);
        const parent = this.kinds[depth - 1] ?? 'wrapper';
        const inWrapper = parent === 'wrapper' || parent === 'suite';
        const kind = CHILDREN.get(parent)?.get(name) ?? (inWrapper ? 'wrapper' : 'ignored');
        this.kinds.push(kind);
        this.openElement(kind, name, attributes, parent === 'wrapper' && depth === 1);
        this.collect(this.collectorFor(kind));
    };
    openElement(kind, name, attributes, underRoot) {
        switch (kind) {
            case 'case':
                return this.openCase(attributes, underRoot);
            case 'suite':
                return this.openSuite(attributes, this.kinds.length === 1);
            case 'skipped':
                return this.builder.skip(attributes);
            case 'case-property':
                return this.builder.property(attributes);
            case 'failure':
            case 'error':
                this.foundFailures++;
                return this.builder.failure(kind === 'error', attributes);
            case 'retry':
                // nextest may put the description straight in the element; Surefire uses <stackTrace>.
                this.foundFailures++;
                return this.builder.retry(name, attributes);
            case 'ignored':
                // Go's converters record the toolchain version as a property of the first suite.
                if (name === 'property' && this.dialect === undefined && this.suites.length > 0)
                    this.setDialect(detectFromProperty(attributes, this.suites.at(-1).hostname !== undefined));
        }
    }
    onClose = (tag) => {
        this.flushPendingClose();
        if (this.stopped || this.awaitingDocument)
            return;
        // Held until the next event: a mismatched close tag is reported (by saxes) only after this.
        this.pendingClose = tag;
        // A self-closing element (most passing cases) cannot be mismatched: done at once.
        if (tag.isSelfClosing && this.kinds.length > 1) {
            this.flushPendingClose();
        }
        else if (this.kinds.length === 1) {
            // The root: where the document ends (the next one, if any, starts after it).
            this.closeAt = this.saxes.offset;
            this.closedAt = this.position();
        }
    };
    flushPendingClose() {
        if (this.pendingClose === undefined || this.stopped)
            return;
        this.pendingClose = undefined;
        const kind = this.kinds.pop();
        if (kind === 'case')
            this.closeCase();
        else if (kind === 'suite')
            this.closeSuite();
        // Back in the parent: collect its text again if it is an element that is read.
        const parent = this.kinds.at(-1);
        if (parent !== undefined)
            this.collect(this.collectorFor(parent));
        else
            this.endDocument();
    }
    onCData = (text) => {
        this.flushPendingClose();
        if (this.active !== undefined && !this.awaitingDocument)
            this.active.append(this.forbidden.clean(text));
    };
    onText = (text) => {
        this.flushPendingClose();
        if (this.active === undefined || this.awaitingDocument)
            return;
        // Indentation around a retry's child elements is layout, not text.
        if (this.active === this.builder.retryBody && !/\S/.test(text))
            return;
        this.active.append(this.forbidden.clean(text));
    };
    /**
     * Text saxes buffered before the handler went (a close is handled one event late, see onClose)
     * would stay in its buffer and be glued to the next attribute value: a handler stays until saxes
     * hands that text over, and drops it.
     */
    onStaleText = () => {
        if (this.active === undefined)
            this.saxes.setTextHandler(undefined);
    };
    /** Collect the text of the current element into `target` (or stop collecting). */
    collect(target) {
        if (target === this.active)
            return;
        this.active = target;
        // saxes buffers text only while a text handler is set: none outside the elements read.
        this.saxes.setTextHandler(target === undefined ? this.onStaleText : this.onText);
    }
    collectorFor(kind) {
        const builder = this.builder;
        const suite = this.suites.at(-1);
        switch (kind) {
            case 'failure':
            case 'error':
                return builder.body;
            case 'case-out':
                return builder.out;
            case 'case-err':
                return builder.err;
            case 'retry':
            case 'retry-trace':
                return builder.retryCollector();
            case 'suite-out':
                return suite && (suite.out ??= new BoundedText(JUNIT_LIMITS.output));
            case 'suite-err':
                return suite && (suite.err ??= new BoundedText(JUNIT_LIMITS.output));
            default:
                return undefined;
        }
    }
    setDialect(dialect) {
        if (dialect === undefined || this.dialect !== undefined)
            return;
        this.dialect = dialect;
        this.builder.quirks = quirksOf(dialect);
        this.source.dialect = dialect;
        this.passIds = undefined;
    }
    // ---- suites and cases ------------------------------------------------------------------------
    openSuite(attributes, isRoot) {
        if (this.dialect === undefined && this.suites.length === 0)
            this.setDialect(detectFromSuite(attributes, isRoot));
        const parent = this.suites.at(-1);
        const name = attributes['name'] ?? '';
        const owned = (value) => (value ? ownString(clipText(value, JUNIT_LIMITS.name)) : undefined);
        this.suites.push({
            name: owned(this.builder.quirks.suiteName?.(name) ?? name) ?? '',
            // mocha-junit-reporter and PHPUnit write the file on the suite: its cases inherit it.
            file: owned(attributes['file']) ?? parent?.file,
            hostname: owned(attributes['hostname']) ?? parent?.hostname,
            declaredTests: countAttribute(attributes['tests']),
            cases: 0,
            out: undefined,
            err: undefined,
            pending: [],
        });
    }
    closeSuite() {
        const suite = this.suites.pop();
        if (suite === undefined)
            return;
        if (this.builder.quirks.repeats === 'attempts' && suite.declaredTests >= 0 && suite.cases > suite.declaredTests)
            this.repeatedCases = true;
        this.releaseSuite(suite);
    }
    /**
     * Gradle (by default) and go-junit-report write output per suite, after its cases: it is given
     * to the suite's non-passing cases that have none of their own (the case objects were already
     * handed to the sink, which keeps them by reference).
     */
    releaseSuite(suite) {
        if (suite.pending.length === 0)
            return;
        const out = this.builder.outputText(suite.out);
        const err = this.builder.outputText(suite.err);
        for (const testCase of suite.pending) {
            if (out !== undefined && testCase.systemOut === undefined)
                testCase.systemOut = out;
            if (err !== undefined && testCase.systemErr === undefined)
                testCase.systemErr = err;
        }
        suite.pending.length = 0;
    }
    openCase(attributes, underRoot) {
        // Producers are told by their first case (see dialects.ts): later cases are not looked at again.
        if (this.dialect === undefined && !this.sawCase)
            this.setDialect(detectFromCase(attributes, underRoot));
        this.sawCase = true;
        const suite = this.suites.at(-1);
        if (suite !== undefined)
            suite.cases++;
        // Read only when the case closes, and then only if needed: most cases pass and are only counted.
        this.builder.open(attributes);
    }
    closeCase() {
        const builder = this.builder;
        const { status, flaky } = builder.result();
        const passing = status === 'passed' && !flaky && !this.sink.wantsPassingCases;
        if (passing && !(this.passIds ??= this.sink.passIdsNeeded(this.source)))
            return this.sink.countPass(this.source);
        const suite = this.suites.at(-1);
        const identity = builder.identify(suite);
        const { scope, idName, prefix } = identity;
        if (passing && this.sink.wantsPassingCase?.(scope, idName, prefix) !== true)
            return this.sink.addPassing(scope, idName, prefix, this.source);
        const testCase = builder.build(identity, suite, status, flaky, this.source);
        const ran = status === 'failed' || status === 'errored' || (status === 'passed' && flaky);
        if (suite !== undefined && ran && (testCase.systemOut === undefined || testCase.systemErr === undefined))
            suite.pending.push(testCase);
        this.sink.addCase(testCase);
    }
}
function children(kinds) {
    return new Map(Object.entries(kinds));
}
/** `at` moved over `text[0, end)`: a line feed starts a line, any other character is a column. */
function advance(at, text, end) {
    let { line, column } = at;
    for (let i = 0; i < end; i++) {
        if (text.charCodeAt(i) !== 10) {
            column++;
        }
        else {
            line++;
            column = 0;
        }
    }
    return { line, column };
}
function countAttribute(value) {
    if (value === undefined)
        return -1;
    const n = Number(value);
    return Number.isInteger(n) && n >= 0 ? n : -1;
}

;// CONCATENATED MODULE: ./src/reports/test-run.ts
function summarize(cases) {
    const s = { total: 0, passed: 0, failed: 0, errored: 0, skipped: 0 };
    for (const c of cases) {
        s.total++;
        s[c.status]++;
    }
    return s;
}
/** The stable id of a test case: file (or classname) and name, which survive reruns and reorderings. */
function testId(parts) {
    const scope = parts.file ?? parts.classname ?? parts.suite ?? '';
    return scope ? `${scope}::${parts.name}` : parts.name;
}

;// CONCATENATED MODULE: ./src/reports/junit/merge-cases.ts
/**
 * Collects the cases of one or more reports into one result, counting and merging results with the
 * same test id (docs/junit.md, "What counts"): within one report two cases with one id are two
 * tests, numbered (`id #2`), unless their producer writes retries or attempts so (`repeats` in
 * dialects.ts); across reports one id is one test whose runs are merged (`mergeCases`).
 *
 * Reading only the non-passing cases, a single report's passes are only counted. Where runs of one
 * test can meet (several reports, retries written as repeated cases), passing ids are logged as
 * hashes (id-hash-set.ts): a pass after its kept case is merged at once; a kept case whose id hashes
 * like an earlier pass is a suspect, whose results are read again and merged in reading order
 * (`findSuspects`); an id met twice in one report needs a reading of every case (`needsEveryCase`).
 * Counts are derived from the cases, never from the producers' own totals.
 */



/**
 * Text kept across all failing cases of one parse (bodies and output), in UTF-16 code units: a
 * report with tens of thousands of failures keeps every case, but only the first ones' text. 4 Mi
 * is about 1,600 pytest tracebacks of 2.5 KB (frames are built for 200 failures by default); kept
 * text costs several times its size in peak RSS (see docs/junit.md).
 */
const KEPT_TEXT_BUDGET = 4 * 1024 * 1024;
const TEXT_NOT_KEPT = '[text not kept: the text budget of this parse was used by earlier failures]';
const STATUSES = ['passed', 'failed', 'errored', 'skipped'];
const noCounts = () => ({ passed: 0, failed: 0, errored: 0, skipped: 0 });
class CaseCollector {
    keep;
    onCase;
    textBudget;
    reports;
    maxKept;
    wantsPassingCases;
    cases = new Map();
    /** Passing cases counted without their ids (see `passIdsNeeded`). */
    passesCounted = 0;
    /** Tests beyond the one entry per id: same-named tests of the first report that has the id. */
    extras = noCounts();
    /** Results counted but not kept, past `maxKept` (see `addCase`). */
    notKept = noCounts();
    /** The report each kept id was first read in (with keepCases 'all': the current report's ids only). */
    entryReport = new Map();
    /** Non-passing modes: the passes logged by hash, and the hashes of the kept ids they are probed against. */
    passedIds;
    keptIds;
    /** Extras counted per kept id, and per logged hash repeated within a report: undone by a replay. */
    extrasOfId = new Map();
    repeatsOfHash = new Map();
    /** Kept ids that hash like a logged pass, and their results read again, in order (see `findSuspects`). */
    suspects = new Map();
    /** Suspects whose replay found a pass with exactly their id: that logged hash is counted by the replay. */
    replayed = 0;
    keptText = 0;
    /** Kept entries per group (see `maxKept`): failing ones, and skipped or flaky ones. */
    keptFailing = 0;
    keptOther = 0;
    /**
     * Ids of the current report's cases handed over whole: how many tests had the id so far (times
     * two) plus one when the latest of them failed (see `numbered`).
     */
    numbers = new Map();
    /** Whether an id was met twice in one report where it is not a retry (see `needsEveryCase`). */
    sawRepeatedId = false;
    // A replay (a collector that keeps every case, fed one suspect id's results): whether it saw a pass.
    sawPass = false;
    replayReport;
    constructor(keep = 'all', onCase, textBudget = KEPT_TEXT_BUDGET, 
    /** How many reports will be read into this collector: with one, passing ids are seldom needed. */
    reports = 1, 
    /**
     * Non-passing modes: failing (failed, errored) cases kept at most, and as many skipped or flaky
     * ones; past that a case is counted and not kept, when no later result can be merged with it
     * (see `addCase`). Unbounded by default.
     */
    maxKept = Number.POSITIVE_INFINITY) {
        this.keep = keep;
        this.onCase = onCase;
        this.textBudget = textBudget;
        this.reports = reports;
        this.maxKept = maxKept;
        this.wantsPassingCases = keep === 'all' || onCase !== undefined;
        this.passedIds = keep === 'all' ? undefined : new IdHashLog();
        this.keptIds = keep === 'all' ? undefined : new IdHashSet();
    }
    /**
     * Whether a passing case must be known by its id (`addPassing`) rather than only counted
     * (`countPass`): when it may be a run of a test read elsewhere (in another report, or in the same
     * one from a producer that writes retries as repeated cases).
     */
    passIdsNeeded(source) {
        return this.reports > 1 || repeatsOf(source) === 'retry-after-failure';
    }
    /**
     * Whether this reading met an id twice in one report where it is not a retry: one that keeps
     * only the non-passing cases cannot number them as keepCases 'all' does, and the reports must be
     * read again keeping every case (see parse-junit.ts).
     */
    get needsEveryCase() {
        return this.keep !== 'all' && this.sawRepeatedId;
    }
    /** Non-passing results counted but not kept (past `maxKept`). */
    get notKeptCount() {
        return STATUSES.reduce((n, status) => n + this.notKept[status], 0);
    }
    /** A passing case whose id is not needed (see `passIdsNeeded`). */
    countPass(_source) {
        this.passesCounted++;
    }
    addPassingId(id, source) {
        this.addPassing('', id, '', source);
    }
    /** A passing case by the parts of its id (`scope::prefix+name`), usually without building it. */
    addPassing(scope, name, prefix = '', source) {
        if (this.passedIds === undefined || this.keptIds === undefined) {
            // keepCases 'all' always receives whole cases; this is only reached through a custom sink.
            const id = joinId(scope, prefix + name);
            this.addCase({ id, suite: '', name: prefix + name, status: 'passed', ...(source ? { source } : {}) });
            return;
        }
        if (!this.passIdsNeeded(source)) {
            this.passesCounted++;
            return;
        }
        hashIdParts(scope, name, prefix);
        const id = this.keptIds.hasHashed() ? joinId(scope, prefix + name) : undefined;
        const known = id === undefined ? undefined : this.cases.get(id);
        if (id === undefined || known === undefined) {
            this.passedIds.pushHashed();
            return;
        }
        const pass = passOf(known, source);
        this.numbered(pass);
        // Numbered: another same-named test of this report, which only a reading of every case tells
        // apart (see `needsEveryCase`); counted meanwhile.
        if (pass.id !== id)
            this.passesCounted++;
        else
            this.merge(id, known, pass);
    }
    addCase(testCase) {
        this.numbered(testCase);
        this.onCase?.(testCase);
        const known = this.cases.get(testCase.id);
        if (known !== undefined)
            return this.merge(testCase.id, known, testCase);
        if (testCase.status === 'passed' && !testCase.flaky && this.passedIds !== undefined) {
            if (!this.passIdsNeeded(testCase.source))
                return void this.passesCounted++;
            hashIdParts('', testCase.id);
            return this.passedIds.pushHashed();
        }
        const isFailing = failing(testCase);
        // Past the cap, a case no later result can be merged with is only counted: one report, a
        // producer that writes no retries as repeated cases, and not a result written twice.
        const full = (isFailing ? this.keptFailing : this.keptOther) >= this.maxKept;
        if (this.keep !== 'all' && full && !this.passIdsNeeded(testCase.source) && !writtenTwice(testCase))
            return void this.notKept[testCase.status]++;
        if (isFailing)
            this.keptFailing++;
        else
            this.keptOther++;
        this.cases.set(testCase.id, this.keep === 'none' ? slim(testCase) : this.withinBudget(testCase));
        // With one report, every kept id is that report's, and passes are probed only if its
        // producer writes retries as repeated cases.
        if (this.reports > 1)
            this.entryReport.set(testCase.id, testCase.source?.report);
        if (this.keptIds !== undefined && this.passIdsNeeded(testCase.source))
            this.keptIds.add(testCase.id);
    }
    /**
     * Every case of a report has been handed over: a pass logged more than once in it is that many
     * same-named tests (unless its producer writes retries so, or an earlier report had the id).
     */
    endReport(source) {
        if (this.passedIds !== undefined) {
            const { repeats, repeated } = this.passedIds.endSegment();
            for (const key of repeats)
                this.repeatsOfHash.set(key, (this.repeatsOfHash.get(key) ?? 0) + 1);
            // A pass logged twice in one report: two tests, or runs of one that its producer's rules
            // must merge; either way only a reading of every case numbers or merges them right.
            if (repeated)
                this.sawRepeatedId = true;
            if (repeatsOf(source) === undefined)
                this.extras.passed += repeats.length;
        }
        this.numbers.clear();
        // With every case kept, same-named tests are told apart within the current report only.
        if (this.keep === 'all')
            this.entryReport.clear();
    }
    /**
     * Kept ids that hash like a logged pass, which was read before the kept case (a pass read after
     * it was merged at once). The reports are then read again and every result of a suspect's id is
     * handed to `rescanResult`, in reading order; `settleSuspects` ends the rescan.
     */
    findSuspects() {
        if (this.passedIds !== undefined && this.passedIds.distinctCount > 0) {
            for (const id of this.cases.keys()) {
                if (!this.suspects.has(id) && this.passedIds.has(id))
                    this.suspects.set(id, undefined);
            }
        }
        return new Set(this.suspects.keys());
    }
    /** A result read again for a suspect's id (passing ones may be bare: id, name and source). */
    rescanResult(testCase) {
        if (!this.suspects.has(testCase.id))
            return;
        let replay = this.suspects.get(testCase.id);
        if (replay === undefined) {
            replay = new CaseCollector('all', undefined, Number.POSITIVE_INFINITY, this.reports);
            this.suspects.set(testCase.id, replay);
        }
        const report = testCase.source?.report;
        if (report !== replay.replayReport) {
            if (replay.replayReport !== undefined)
                replay.endReport();
            replay.replayReport = report;
        }
        if (testCase.status === 'passed' && !testCase.flaky)
            replay.sawPass = true;
        replay.addCase(testCase);
    }
    /**
     * Ends the rescan. A suspect whose results included a pass with exactly its id takes the result
     * of their replay (the entry, and the same-named tests counted beside it); the others were hash
     * collisions and stay as they are.
     */
    settleSuspects() {
        for (const [id, replay] of this.suspects) {
            if (replay?.sawRepeatedId)
                this.sawRepeatedId = true;
            if (replay?.sawPass)
                this.settle(id, replay);
        }
        this.suspects.clear();
    }
    result() {
        const cases = [...this.cases.values()];
        const summary = summarize(cases);
        // Each replayed suspect counted its logged passes itself (see settleSuspects).
        const logged = this.passedIds === undefined ? 0 : this.passedIds.distinctCount - this.replayed;
        for (const status of STATUSES) {
            const more = this.extras[status] + this.notKept[status] + (status === 'passed' ? this.passesCounted + logged : 0);
            summary[status] += more;
            summary.total += more;
        }
        // A kept case can end up a plain pass (a skip, then a pass): counted, not listed.
        if (this.keep === 'all')
            return { cases, summary };
        return { cases: this.keep === 'none' ? [] : cases.filter((c) => c.status !== 'passed' || c.flaky), summary };
    }
    /** A suspect's replay found a pass with exactly its id: its result replaces what was counted for it. */
    settle(id, replay) {
        const known = this.cases.get(id);
        const { cases, summary } = replay.result();
        const entry = cases[0];
        for (const status of this.extrasOfId.get(id) ?? [])
            this.extras[status]--;
        this.extrasOfId.delete(id);
        hashIdParts('', id);
        this.extras.passed -= this.repeatsOfHash.get(lastIdHash()) ?? 0;
        for (const status of STATUSES)
            this.extras[status] += summary[status] - (entry.status === status ? 1 : 0);
        // The text of the kept case was charged to the budget already; a slim one stays slim.
        const slimmed = this.keep === 'none' || known.failure?.body === TEXT_NOT_KEPT;
        this.cases.set(id, slimmed ? slimBody(entry, this.keep !== 'none') : entry);
        this.replayed++;
    }
    /**
     * Gives a case of the current report whose id an earlier case of it had its number: `id #2`,
     * `id #3` (the first keeps the id), unless its producer writes it as a retry or an attempt of
     * that case (`repeats` in dialects.ts) or writes that result twice: then it keeps the id and is
     * merged with it.
     */
    numbered(testCase) {
        const id = testCase.id;
        const seen = this.numbers.get(id);
        const latest = failing(testCase) ? 1 : 0;
        if (seen === undefined)
            return void this.numbers.set(id, 2 + latest);
        let count = seen >> 1;
        const repeats = repeatsOf(testCase.source);
        const retry = repeats === 'attempts' || (repeats === 'retry-after-failure' && (seen & 1) === 1);
        if (!writtenTwice(testCase) && !retry) {
            count++;
            this.sawRepeatedId = true;
        }
        this.numbers.set(id, count * 2 + latest);
        if (count > 1)
            testCase.id = `${id} #${count}`;
    }
    /** A second result for a kept id: runs of one test are merged; a same-named test is counted apart. */
    merge(id, known, later) {
        const report = later.source?.report;
        const sameReport = (this.reports > 1 ? this.entryReport.get(id) : report) === report;
        const repeats = repeatsOf(later.source);
        // A result its producer writes twice is one result; a retry after a failure (Gradle), or
        // another attempt (pytest), is another run of the same test; anything else, another test.
        const twice = sameReport && writtenTwice(later);
        const runs = !sameReport || (!twice && (repeats === 'attempts' || (repeats === 'retry-after-failure' && failing(known))));
        const merged = sameReport && runs && repeats === 'attempts' ? mergeAttempts(known, later) : mergeCases(known, later, runs);
        if (!runs && !twice) {
            this.sawRepeatedId = true;
            // The entry shows the result that stands; the other result is a test of its own.
            const other = merged === known ? later.status : known.status;
            this.extras[other]++;
            if (this.passedIds !== undefined)
                this.extrasOfId.set(id, [...(this.extrasOfId.get(id) ?? []), other]);
        }
        this.cases.set(id, merged);
    }
    withinBudget(testCase) {
        const text = (testCase.failure?.body?.length ?? 0) + (testCase.systemOut?.length ?? 0) + (testCase.systemErr?.length ?? 0);
        if (this.keptText + text > this.textBudget)
            return slimBody(testCase, true);
        this.keptText += text;
        return testCase;
    }
}
/** The case without its bulky text (bodies, output); type and message stay. */
function slim(testCase) {
    const { systemOut: _out, systemErr: _err, failure, ...rest } = testCase;
    if (failure === undefined)
        return rest;
    const { body: _body, ...head } = failure;
    return { ...rest, failure: head };
}
/** The case without its text, saying so in the body when `say`. */
function slimBody(testCase, say) {
    const kept = slim(testCase);
    if (say && kept.failure !== undefined)
        kept.failure.body = TEXT_NOT_KEPT;
    return kept;
}
/** A bare passing result for a test already known (only its status matters to the merge). */
function passOf(known, source) {
    return { id: known.id, suite: known.suite, name: known.name, status: 'passed', ...(source ? { source } : {}) };
}
/** How the report's producer writes a test more than once in one report (see dialects.ts). */
function repeatsOf(source) {
    return source?.dialect === undefined ? undefined : quirksOf(source.dialect).repeats;
}
/** Whether the case is one its producer writes twice in one report (see dialects.ts). */
function writtenTwice(testCase) {
    const dialect = testCase.source?.dialect;
    return dialect !== undefined && quirksOf(dialect).writesTwice?.(testCase.classname) === true;
}
function failing(testCase) {
    return testCase.status === 'failed' || testCase.status === 'errored';
}
/** The id `testId` builds from a scope (file, classname or suite) and a name. */
function joinId(scope, name) {
    return scope ? `${scope}::${name}` : name;
}
const RANK = { failed: 3, errored: 3, skipped: 1, passed: 2 };
/** Between two tests that share a name: the one that did not pass is shown (see `mergeCases`). */
function standing(testCase) {
    if (failing(testCase))
        return 4;
    if (testCase.status === 'skipped')
        return 3;
    return testCase.flaky ? 2 : 1;
}
/**
 * Two results for the same test id, `earlier` read before `later`. When they are runs of one test
 * (`runs`): a pass after a failure makes it flaky but passing (the failure's details are kept to
 * show the flake), a failure after a pass makes it flaky but failing (a rerun that fails is never
 * hidden); two failures keep the first; a skip loses to any result that ran. When they are not
 * (two same-named tests in one report), the one that did not pass is shown: a failure before a
 * skip before a flaky pass, the earlier of equals; nothing is mixed from the other.
 */
function mergeCases(earlier, later, runs = true) {
    if (!runs)
        return standing(later) > standing(earlier) ? later : earlier;
    if (failing(earlier) && later.status === 'passed') {
        const durationMs = later.durationMs;
        const failure = earlier.failure ?? later.failure;
        return { ...earlier, ...(durationMs !== undefined ? { durationMs } : {}), status: 'passed', flaky: true, failure };
    }
    if (failing(later) && earlier.status === 'passed')
        return { ...later, flaky: true };
    // Ties keep the earlier case.
    const keep = RANK[later.status] > RANK[earlier.status] ? later : earlier;
    const other = keep === earlier ? later : earlier;
    if (!(earlier.flaky || later.flaky) || failing(keep))
        return keep;
    return { ...keep, flaky: true, failure: keep.failure ?? other.failure };
}
/**
 * Two elements of one test in a pytest report (`repeats: 'attempts'`), `earlier` read first: the
 * later one stands. pytest-rerunfailures writes a rerun attempt as an empty element (its failure
 * is not in the report), so a pass after an attempt is a pass that needed a rerun: flaky. An error
 * in teardown after a failure (pytest writes it as a second element) makes the test errored.
 */
function mergeAttempts(earlier, later) {
    if (later.status === 'passed')
        return { ...later, flaky: true, ...(earlier.failure ? { failure: earlier.failure } : {}) };
    return earlier.status === 'errored' && later.status === 'failed' ? earlier : later;
}

// EXTERNAL MODULE: ./src/reports/junit/repo-relative-file.ts
var repo_relative_file = __webpack_require__(2290);
;// CONCATENATED MODULE: ./src/reports/junit/parse-junit.ts
/**
 * JUnit XML reports → the neutral test-run model (`../test-run.ts`). Files are streamed (never
 * read whole, never built into a DOM), so reports of hundreds of MB parse in bounded memory;
 * every producer quirk lives in `dialects.ts`, the state machine in `junit-reader.ts`, the
 * numbering and merging of repeated test ids in `merge-cases.ts`, and the readings again that
 * merging may need in `readingSteps` here.
 *
 * A report that cannot be read completely gives a `ReportError` naming the file, the line and
 * column, and what was expected; the cases read before the problem are kept, and other reports
 * are still read. Nothing here throws for bad input.
 */










/** Bytes read, or characters given to the reader, at a time: big enough to amortise each read, small enough to keep saxes' buffers small. */
const CHUNK = 64 * 1024;
async function parseJUnitFile(file, options = {}) {
    const stream = streamOptions(options.repo, options);
    return singleResult(await readReports(async (sink) => [await streamReportFile(file, file, sink, stream)], options, 1));
}
/** The same as `parseJUnitFile`, for a report already in memory; `name` is used in errors. */
function parseJUnitString(xml, name, options = {}) {
    const stream = streamOptions(options.repo, options);
    const steps = readingSteps(options, 1);
    let step = steps.next();
    while (!step.done)
        step = steps.next([streamReportString(xml, name, step.value, stream)]);
    return singleResult(step.value);
}
/**
 * Reads every report the patterns match (relative to `cwd`) into one run. A pattern that matches
 * nothing is an error entry ("no files matched"), not an exception; a test id reported more
 * than once across files is merged (a pass after a failure makes it flaky). A matched file that
 * holds diagnostics instead (ESLint JSON, SARIF, checkstyle XML: `diagnostics/read-report.ts`) is
 * not read here but listed in `diagnosticReports`, for the caller to read.
 */
async function parseJUnitReports(patterns, cwd, options = {}) {
    const errors = [];
    const files = new Set();
    for (const pattern of patterns) {
        const match = await findReports(pattern, cwd).catch((error) => {
            errors.push({ file: pattern, message: `${pattern}: cannot search for reports: ${describeError(error)}` });
        });
        if (match === undefined)
            continue;
        if (match.files.length === 0)
            errors.push({ file: pattern, message: `${pattern}: no files matched in ${cwd}` });
        if (match.truncatedFrom !== undefined) {
            const message = `${pattern}: matched ${match.truncatedFrom} files; only the first ${match.files.length} were read`;
            errors.push({ file: pattern, message });
        }
        for (const file of match.files)
            files.add(file);
    }
    // Without a listing of the repository's files, `cwd` still tells which files are under it.
    const stream = streamOptions(options.repo ?? (0,repo_paths/* createPathResolver */.uC)(cwd, []), options);
    const reports = [];
    const diagnosticReports = [];
    for (const file of files)
        ((await sniffReportFile(external_node_path_default().resolve(cwd, file))) === 'diagnostics' ? diagnosticReports : reports).push(file);
    const readAll = async (sink) => {
        const reads = [];
        for (const file of reports)
            reads.push(await streamReportFile(external_node_path_default().resolve(cwd, file), file, sink, stream));
        return reads;
    };
    const { cases, summary, notKept, reads } = await readReports(readAll, options, reports.length);
    for (const read of reads)
        errors.push(...read.errors);
    return { cases, errors, reports, summary, diagnosticReports, ...(notKept > 0 ? { notKept } : {}) };
}
function streamOptions(repo, { caseBase }) {
    return { caseFile: repo && (0,repo_relative_file/* createRepoRelativeFile */.b)(repo, caseBase) };
}
async function readReports(readAll, options, reports) {
    const steps = readingSteps(options, reports);
    let step = steps.next();
    while (!step.done)
        step = steps.next(await readAll(step.value));
    return step.value;
}
/**
 * The readings of a set of reports, in order, for a sync or an async reader: every report is to be
 * streamed into each sink yielded, and what the first reading returned is sent back. The first
 * reading is into a collector; then the reports are read again for the suspects it names (see
 * merge-cases.ts); and when a reading of the non-passing cases met an id twice in one report, once
 * more keeping every case, narrowed to what was asked for.
 */
function* readingSteps(options, reports) {
    const keep = options.keepCases ?? 'all';
    const max = keep === 'all' ? undefined : options.maxKeptCases;
    const collector = new CaseCollector(keep, options.onCase, KEPT_TEXT_BUDGET, reports, max);
    const reads = yield collector;
    const suspects = collector.findSuspects();
    if (suspects.size > 0) {
        yield rescanSink(collector, suspects);
        collector.settleSuspects();
    }
    if (keep === 'all' || !(collector.needsEveryCase || reads.some((read) => read.repeatedCases)))
        return { ...collector.result(), notKept: collector.notKeptCount, reads };
    // onCase saw every case, with these ids, in the first reading (it asks for passing cases whole).
    const every = new CaseCollector('all', undefined, KEPT_TEXT_BUDGET, reports);
    yield every;
    return narrow({ ...every.result(), notKept: 0, reads }, options);
}
/**
 * While re-reading for suspects, only their results matter: passing cases are built whole only
 * when their id is a suspect's (the hash first, the id only on a hit).
 */
function rescanSink(collector, suspects) {
    const hashes = new IdHashSet(suspects.size);
    for (const id of suspects)
        hashes.add(id);
    return {
        wantsPassingCases: false,
        passIdsNeeded: () => true,
        countPass: () => undefined,
        wantsPassingCase: (scope, name, prefix) => {
            hashIdParts(scope, name, prefix);
            return hashes.hasHashed() && suspects.has(joinId(scope, prefix + name));
        },
        addPassing: () => undefined,
        addCase: (testCase) => collector.rescanResult(testCase),
    };
}
/** A reading that kept every case, cut down to what keepCases and maxKeptCases ask for. */
function narrow(reading, options) {
    if (options.keepCases === 'none')
        return { ...reading, cases: [] };
    const max = options.maxKeptCases ?? Number.POSITIVE_INFINITY;
    const kept = { failing: 0, other: 0 };
    let notKept = 0;
    const cases = reading.cases.filter((c) => {
        if (c.status === 'passed' && !c.flaky)
            return false;
        const group = c.status === 'failed' || c.status === 'errored' ? 'failing' : 'other';
        if (kept[group] >= max) {
            notKept++;
            return false;
        }
        kept[group]++;
        return true;
    });
    return { ...reading, cases, notKept };
}
function singleResult({ cases, summary, notKept, reads }) {
    const { errors, dialect } = reads[0];
    return { cases, summary, errors, ...(dialect ? { dialect } : {}), ...(notKept > 0 ? { notKept } : {}) };
}
/** Streams one report file into `sink`; `display` is the path errors and cases name. */
async function streamReportFile(file, display, sink, { caseFile } = {}) {
    const reader = new junit_reader_JUnitReader(display, sink, { caseFile });
    const notes = [];
    let read = false;
    try {
        if ((await (0,promises_.stat)(file)).isDirectory())
            throw Object.assign(new Error('it is a directory'), { code: 'EISDIR' });
        read = await readDecoded(file, display, reader, notes);
    }
    catch (error) {
        notes.push({ file: display, message: `${display}: cannot read the report: ${describeError(error)}` });
    }
    // Even after a read error, the cases read so far are handed over.
    if (read)
        reader.end();
    else
        reader.abandon();
    return streamResult(reader, [...notes, ...reader.errors]);
}
/**
 * Reads the file's bytes into the reader, decoded once the first bytes tell the encoding; false
 * when they say it is not a report (the reason is in `notes`).
 */
async function readDecoded(file, display, reader, notes) {
    const handle = await (0,promises_.open)(file, 'r');
    try {
        // One buffer, reused for every read: a stream would allocate a new one per chunk, and on a
        // report of hundreds of MB those wait for the garbage collector by the thousand.
        const buffer = Buffer.allocUnsafe(CHUNK);
        const next = async () => (await handle.read(buffer, 0, CHUNK, null)).bytesRead;
        // The first bytes, kept until there are enough to tell the encoding (a copy: `buffer` is reused).
        let head = Buffer.alloc(0);
        for (let n = 0; head.length < report_encoding_SNIFF_BYTES && (n = await next()) > 0;)
            head = Buffer.concat([head, buffer.subarray(0, n)]);
        // An empty file is the reader's to name.
        if (head.length === 0)
            return true;
        const decoder = startDecoding(head, display, notes);
        if (decoder === undefined)
            return false;
        reader.writeDecoded(decoder.decode(head));
        // Past a fatal problem, the rest of the report is not read.
        for (let n = 0; !reader.done && (n = await next()) > 0;)
            reader.writeDecoded(decoder.decode(buffer.subarray(0, n)));
        if (!reader.done)
            reader.writeDecoded(decoder.end());
        return true;
    }
    finally {
        await handle.close();
    }
}
/** Streams a report that is already a string into `sink`. */
function streamReportString(xml, display, sink, { caseFile } = {}) {
    const reader = new JUnitReader(display, sink, { caseFile });
    for (let offset = 0; offset < xml.length && !reader.done;) {
        let end = Math.min(xml.length, offset + CHUNK);
        // Keep surrogate pairs whole across chunks.
        const last = xml.charCodeAt(end - 1);
        if (end < xml.length && last >= 0xd800 && last <= 0xdbff)
            end++;
        reader.write(xml.slice(offset, end));
        offset = end;
    }
    reader.end();
    return streamResult(reader, reader.errors);
}
function streamResult(reader, errors) {
    const { peakBufferedChars, repeatedCases, dialect } = reader;
    return { errors, peakBufferedChars, repeatedCases, ...(dialect ? { dialect } : {}) };
}
function startDecoding(head, display, notes) {
    const sniffed = sniffEncoding(head);
    if (!sniffed.ok) {
        const { line, column } = sniffed;
        notes.push({ file: display, line, column, message: `${display}:${line}:${column}: ${sniffed.message}` });
        return undefined;
    }
    if (sniffed.note !== undefined)
        notes.push({ file: display, line: 1, column: 1, message: `${display}:1:1: ${sniffed.note}` });
    return new ReportDecoder(sniffed.encoding);
}
function describeError(error) {
    if (!(error instanceof Error))
        return String(error);
    const code = error.code;
    if (code === 'ENOENT')
        return 'no such file';
    if (code === 'EACCES' || code === 'EPERM')
        return 'permission denied';
    if (code === 'EISDIR')
        return 'it is a directory';
    return error.message;
}

// EXTERNAL MODULE: ./src/reports/logs/log-text.ts
var log_text = __webpack_require__(9849);
;// CONCATENATED MODULE: ./src/reports/logs/go.ts
/**
 * `go test` output (plain and `-v`, also what gotestsum prints and stores in its JUnit bodies):
 *
 *   --- FAIL: TestTotal (0.00s)
 *       --- FAIL: TestTotal/two_pens (0.00s)
 *           cart_test.go:23: Total() = 3, want 6
 *   FAIL	example.com/shop/cart	0.004s
 *
 * With `-v` a test's messages come before its `--- FAIL` line, after its `=== RUN`/`=== CONT`.
 * A message's `file_test.go:23` is relative to the package directory: it is kept as printed, and
 * the package import path (from the `FAIL\tpkg` line that closes the package's output, or from
 * the panic trace) goes into `test.classname`, as gotestsum's JUnit writes it; `frames/` joins
 * them. One failure per failing test, its messages joined. A parent whose only failures are its
 * subtests' is not repeated.
 *
 * Which message is the failure: `t.Log` and `t.Errorf` print alike (`file_test.go:N: text`), so
 * the log cannot tell a log line from an error. Without the source the last message is the best
 * guess (a `t.Fatal` ends the test, so it is last; logs mostly come before the check they explain),
 * and it is the failure's frame; every message's location goes into `messageLocations`, for
 * `frames/` to pick the first that is not a log call once it can read the lines
 * (`frames/message-line.ts`).
 *
 * go-junit-report writes a failing test's output lines alone into its failure body, without the
 * `=== RUN`/`--- FAIL:` lines around them. Given the case's name (`TraceContext.testName`), such a
 * body is read as that one test's output.
 *
 * A panic ends the test binary and prints the panicking goroutine, deepest call first:
 *
 *   panic: assignment to entry in nil map [recovered]
 *   	panic: assignment to entry in nil map
 *
 *   goroutine 17 [running]:
 *   example.com/shop/cart.(*Cart).Add(...)
 *   	/abs/path/cart/cart.go:22
 *
 * Frames are returned outermost first with absolute paths as printed; `testing.go`, runtime and
 * other GOROOT frames are kept raw (`frames/` prunes them). Only the first goroutine (the one that
 * panicked) is read. Build failures (`# pkg` then `file.go:12:5: msg`) are `kind: 'error'`.
 */




const RUN = /^=== (?:RUN|CONT|PAUSE|NAME)\s+(\S+)\s*$/;
const RESULT = /^(\s*)--- (FAIL|PASS|SKIP): (\S+) \([\d.]+s\)\s*$/;
/** `    cart_test.go:23: message` (a `t.Error`/`t.Fatal`/`t.Log` line). */
const go_MESSAGE = /^(\s+)([\w.\-/\\]+\.go):(\d+): ?(.*)$/;
/**
 * The same in a bare JUnit body, where a writer may have trimmed the indentation. The space (or the
 * end) after the line number is required: `file.go:7:17: msg` is a compiler error, not a message.
 */
const BODY_MESSAGE = /^(\s*)([\w.\-/\\]+\.go):(\d+):(?: (.*))?$/;
const BODY_MESSAGE_ANYWHERE = /^\s*[\w.\-/\\]+\.go:\d+:(?: |$)/m;
/** Names of Go test functions, subtests included: a body given such a name can be its output. */
const GO_TEST_NAME = /^(?:Test|Benchmark|Example|Fuzz)\w*(?:\/\S*)?$/;
/** Lines `go test` prints around a test's own output; a body with none of them is bare. */
const RUNNER_LINE = /^\s*(?:=== (?:RUN|CONT|PAUSE|NAME)\s|--- (?:FAIL|PASS|SKIP): )/m;
/** Longer names are no Go test's (a hostile report). */
const MAX_TEST_NAME = 1000;
/** Message locations kept per test (a test logging in a loop prints thousands). */
const MAX_MESSAGE_LOCATIONS = 50;
/** `FAIL\texample.com/shop/cart\t0.004s`, `ok  \tpkg\t(cached)`, `FAIL\tpkg [build failed]`. */
const PACKAGE_RESULT = /^(?:FAIL|ok) *\t(\S+)(?:\t.*| \[[^\]]*\])?\s*$/;
const PANIC = /^panic: (.*?)(?: \[recovered(?:, repanicked)?\])?\s*$/;
const GOROUTINE = /^goroutine \d+ (?:gp=\S+ m=\S+ (?:mp=\S+ )?)?\[[^\]]*\]:\s*$/;
/** `\t/abs/path/cart.go:22 +0x1d` */
const FRAME_LOCATION = /^\s+(\S(?:.*\S)?):(\d+)(?: \+0x[0-9a-f]+)?(?: fp=\S+ sp=\S+ pc=\S+)?\s*$/;
const BUILD_HEADER = /^# (\S+)(?: \[\S+\])?\s*$/;
/** Go 1.21+ names the tests that were running when `panic: test timed out` fired. */
const RUNNING_TESTS = /^running tests:\s*$/;
const goLogParser = {
    language: 'go',
    detect(log, context) {
        return (log.includes('--- FAIL: ') ||
            log.includes('=== RUN') ||
            /^(?:FAIL|ok) *\t/m.test(log) ||
            (log.includes('goroutine ') && /\.go:\d+/.test(log)) ||
            bareBodyOf(log, context) !== undefined);
    },
    parse(log, context) {
        return new GoLogReader((0,traceback_bounds/* readLogLines */.WK)(log), bareBodyOf(log, context)).read().map(traceback_bounds/* boundFailure */.Fd);
    },
};
/**
 * The test a bare body belongs to: a Go test name was given and the text has a message line but
 * none of the runner's own lines (a body that has them is read like any log).
 */
function bareBodyOf(text, context) {
    const name = context?.testName?.trim();
    if (!name || name.length > MAX_TEST_NAME || !GO_TEST_NAME.test(name))
        return undefined;
    if (RUNNER_LINE.test(text) || !BODY_MESSAGE_ANYWHERE.test(text))
        return undefined;
    return name;
}
/** Reads one `go test` log, package by package. */
class GoLogReader {
    log;
    out = [];
    /** Failures of the package whose output is being read: they learn its import path at `FAIL\tpkg`. */
    pending = [];
    tests = new Map();
    /** The test running (`-v`'s `=== RUN`), or the bare body's test. */
    current;
    /** Indentation and test of the last `--- FAIL` header (plain mode: messages follow, deeper). */
    failHeader;
    lastFail;
    messagePattern;
    /** `bareTest`: the whole log is this test's output (a bare JUnit body), and the test failed. */
    constructor(log, bareTest) {
        this.log = log;
        this.messagePattern = bareTest === undefined ? go_MESSAGE : BODY_MESSAGE;
        if (bareTest !== undefined) {
            this.current = this.test(bareTest, 0);
            this.current.failed = true;
            this.current.end = Math.max(0, log.lines.length - 1);
        }
    }
    read() {
        runSteps(this.log.lines, [
            (i, line) => this.testStarted(i, line),
            (i, line) => this.testEnded(i, line),
            (i, line) => this.testMessage(i, line),
            (i, line) => this.panicked(i, line),
            (i, line) => this.buildFailed(i, line),
            (i, line) => this.packageEnded(i, line),
        ], { full: () => this.out.length >= traceback_bounds/* MAX_FAILURES */.T9 });
        this.closePackage(undefined);
        // Panics are recorded when read, plain failures when their package closes: restore log order.
        return this.out.sort((a, b) => (a.logLines?.start ?? 0) - (b.logLines?.start ?? 0));
    }
    at(i) {
        return i + this.log.firstLine;
    }
    test(name, i) {
        let t = this.tests.get(name);
        if (!t) {
            t = { name, messages: [], locations: [], start: i, end: i, failed: false, childFailed: false, reported: false };
            if (this.tests.size < traceback_bounds/* MAX_FAILURES */.T9 * 4)
                this.tests.set(name, t);
        }
        return t;
    }
    /** `=== RUN TestX` (and CONT, PAUSE, NAME): the test whose messages follow in `-v` mode. */
    testStarted(i, line) {
        const run = RUN.exec(line);
        if (!run)
            return undefined;
        this.current = this.test(run[1], i);
        this.failHeader = undefined;
        return i + 1;
    }
    /** `--- FAIL: TestX (0.00s)` (or PASS, SKIP). */
    testEnded(i, line) {
        const result = RESULT.exec(line);
        if (!result)
            return undefined;
        const name = result[3];
        const t = this.test(name, i);
        t.end = Math.max(t.end, i);
        if (result[2] !== 'FAIL') {
            this.failHeader = undefined;
            return i + 1;
        }
        t.failed = true;
        this.lastFail = t;
        // Every ancestor of a failing subtest fails because of it (plain mode prints the parent's
        // header first, so the parent is already known).
        for (let slash = name.indexOf('/'); slash > 0; slash = name.indexOf('/', slash + 1)) {
            const parent = this.tests.get(name.slice(0, slash));
            if (parent)
                parent.childFailed = true;
        }
        this.failHeader = { indent: result[1].length, test: t };
        return i + 1;
    }
    /** `    cart_test.go:23: message`, with its deeper-indented continuation lines. */
    testMessage(i, line) {
        const msg = this.messagePattern.exec(line);
        if (!msg)
            return undefined;
        // Plain mode: under the `--- FAIL` header, deeper; -v mode: the test that is running.
        const header = this.failHeader;
        const owner = header && msg[1].length > header.indent ? header.test : this.current;
        if (!owner)
            return undefined;
        const lines = this.log.lines;
        const indent = msg[1].length;
        const text = [msg[4] ?? ''];
        let k = i + 1;
        // Continuation lines of a multi-line message are indented deeper than its first line.
        while (k < lines.length &&
            text.length < traceback_bounds/* MAX_MESSAGE_LINES */.de &&
            (0,log_text/* indentOf */._j)(lines[k]) > indent &&
            !this.messagePattern.test((0,traceback_bounds/* structuralHead */.Cy)(lines[k]))) {
            text.push(lines[k].trim());
            k++;
        }
        if (owner.messages.length < traceback_bounds/* MAX_MESSAGE_LINES */.de)
            owner.messages.push(`${msg[2]}:${msg[3]}: ${text.join('\n')}`);
        const lineNo = (0,traceback_bounds/* parseLineNumber */.P8)(msg[3]);
        if (lineNo !== undefined) {
            // The first locations and the last one: the last is the guess without the source.
            const location = { file: msg[2], line: lineNo };
            if (owner.locations.length < MAX_MESSAGE_LOCATIONS)
                owner.locations.push(location);
            else
                owner.locations[MAX_MESSAGE_LOCATIONS - 1] = location;
        }
        owner.end = Math.max(owner.end, k - 1);
        return k;
    }
    /** `panic: …` and the panicking goroutine's trace. */
    panicked(i, line) {
        const panic = PANIC.exec(line);
        if (!panic)
            return undefined;
        const p = readPanic(this.log.lines, i, panic[1]);
        // The panicking test: the `--- FAIL` printed just before the panic, the test running
        // (`-v`), the `running tests:` list of a timeout, or the Test function in the trace.
        const lastFail = this.lastFail;
        const owner = (lastFail && i - lastFail.end <= 2 ? lastFail : undefined) ?? this.current;
        const name = owner?.name ?? p.runningTest ?? testFromFrames(p.frames);
        const f = {
            language: 'go',
            kind: 'failure',
            exceptionType: 'panic',
            message: p.message,
            frames: p.frames,
            logLines: { start: this.at(owner && lastFail === owner ? owner.start : i), end: this.at(p.next - 1) },
        };
        if (name)
            f.test = { name };
        const pkg = packageFromFrames(p.frames);
        if (pkg && f.test)
            f.test.classname = pkg;
        if (owner)
            owner.reported = true;
        this.pending.push(f);
        return p.next;
    }
    /** `# example.com/shop/cart` followed by compile errors. */
    buildFailed(i, line) {
        const build = BUILD_HEADER.exec(line);
        if (!build)
            return undefined;
        const b = readBuildErrors(this.log.lines, i + 1);
        if (b.errors.length === 0)
            return undefined;
        this.pending.push({
            language: 'go',
            kind: 'error',
            exceptionType: 'build failed',
            test: { classname: build[1] },
            message: b.errors.join('\n'),
            frames: b.frame ? [b.frame] : [],
            logLines: { start: this.at(i), end: this.at(b.next - 1) },
        });
        return b.next;
    }
    /** `FAIL\tpkg …` / `ok  \tpkg …` closes the package's output. */
    packageEnded(i, line) {
        const pkg = PACKAGE_RESULT.exec(line);
        if (!pkg)
            return undefined;
        this.closePackage(pkg[1]);
        return i + 1;
    }
    closePackage(pkg) {
        this.flushTests();
        for (const f of this.pending) {
            if (pkg && f.test && f.test.classname === undefined)
                f.test.classname = pkg;
            if (this.out.length < traceback_bounds/* MAX_FAILURES */.T9)
                this.out.push(f);
        }
        this.pending = [];
        this.tests = new Map();
        this.current = undefined;
        this.failHeader = undefined;
        this.lastFail = undefined;
    }
    /** One failure per failing test not yet reported; a parent failing only through its subtests is not one. */
    flushTests() {
        for (const t of this.tests.values()) {
            if (!t.failed || t.reported)
                continue;
            if (t.childFailed && t.messages.length === 0)
                continue;
            t.reported = true;
            const last = t.locations[t.locations.length - 1];
            const f = {
                language: 'go',
                kind: 'failure',
                test: { name: t.name },
                message: t.messages.join('\n'),
                frames: last ? [last] : [],
                logLines: { start: this.at(t.start), end: this.at(t.end) },
            };
            if (t.locations.length > 1)
                f.messageLocations = t.locations;
            this.pending.push(f);
        }
    }
}
function readPanic(lines, start, first) {
    const message = [first];
    let i = start + 1;
    // `\tpanic: …` repeats (recovered, re-panicked) and `[signal SIGSEGV …]` lines follow the first.
    while (i < lines.length && /^\s+panic: |^\[signal /.test((0,traceback_bounds/* structuralHead */.Cy)(lines[i])))
        i++;
    // A multi-line panic value continues until the blank line before the goroutine.
    while (i < lines.length && message.length < traceback_bounds/* MAX_MESSAGE_LINES */.de) {
        const l = (0,traceback_bounds/* structuralHead */.Cy)(lines[i]);
        if (l.trim() === '' ||
            GOROUTINE.test(l) ||
            RUNNING_TESTS.test(l) ||
            PACKAGE_RESULT.test(l) ||
            RESULT.test(l) ||
            /^exit status \d+$/.test(l))
            break;
        message.push(lines[i]);
        i++;
    }
    let runningTest;
    for (let k = 0; k < 10 && i < lines.length && !GOROUTINE.test((0,traceback_bounds/* structuralHead */.Cy)(lines[i])); k++) {
        const l = (0,traceback_bounds/* structuralHead */.Cy)(lines[i]);
        if (RUNNING_TESTS.test(l))
            runningTest ??= /^\s+(\S+)/.exec((0,traceback_bounds/* structuralHead */.Cy)(lines[i + 1] ?? ''))?.[1];
        else if (l.trim() !== '' && !/^\s/.test(l))
            break;
        i++;
    }
    const printed = traceback_bounds/* FrameWindow */.uF.deepestFirst();
    if (i < lines.length && GOROUTINE.test((0,traceback_bounds/* structuralHead */.Cy)(lines[i]))) {
        i++;
        while (i + 1 < lines.length) {
            const fn = (0,traceback_bounds/* structuralHead */.Cy)(lines[i]);
            if (fn.trim() === '' || /^\s/.test(fn) || GOROUTINE.test(fn))
                break;
            const loc = FRAME_LOCATION.exec((0,traceback_bounds/* structuralHead */.Cy)(lines[i + 1]));
            if (!loc)
                break;
            i += 2;
            // `created by` names the goroutine's creator, not a call on this stack.
            if (fn.startsWith('created by '))
                continue;
            const lineNo = (0,traceback_bounds/* parseLineNumber */.P8)(loc[2]);
            if (lineNo !== undefined)
                printed.push({ file: loc[1], line: lineNo, function: functionName(fn) });
        }
    }
    const panic = { message: message.join('\n').trim(), frames: printed.toArray().reverse(), next: i };
    if (runningTest !== undefined)
        panic.runningTest = runningTest;
    return panic;
}
/** `example.com/shop/cart.(*Cart).Add(...)` → `example.com/shop/cart.(*Cart).Add`. */
function functionName(line) {
    const trimmed = line.trim();
    const paren = trimmed.lastIndexOf('(');
    return paren > 0 && trimmed.endsWith(')') ? trimmed.slice(0, paren) : trimmed;
}
/** The package path of a qualified Go function: everything before the first `.` after the last `/`. */
function packageOf(fn) {
    const slash = fn.lastIndexOf('/');
    const dot = fn.indexOf('.', slash + 1);
    return dot > 0 ? fn.slice(0, dot) : undefined;
}
function testFromFrames(frames) {
    for (let k = frames.length - 1; k >= 0; k--) {
        const fn = frames[k].function ?? '';
        const m = /\.((?:Test|Example|Benchmark|Fuzz)[A-Za-z0-9_]*)(?:\.func\d+)*$/.exec(fn);
        if (m && packageOf(fn) !== 'testing')
            return m[1];
    }
    return undefined;
}
function packageFromFrames(frames) {
    for (let k = frames.length - 1; k >= 0; k--) {
        const fn = frames[k].function ?? '';
        if (/\.(?:Test|Example|Benchmark|Fuzz)[A-Za-z0-9_]*(?:\.func\d+)*$/.test(fn))
            return packageOf(fn);
    }
    return undefined;
}
/** Compile errors (`file.go:12:5: msg` and their indented continuations) until the first other line. */
function readBuildErrors(lines, start) {
    const errors = [];
    let frame;
    let i = start;
    while (i < lines.length && errors.length < traceback_bounds/* MAX_MESSAGE_LINES */.de) {
        const d = readDiagnostic(GO_COMPILER, lines, i, traceback_bounds/* MAX_MESSAGE_LINES */.de - errors.length);
        if (!d)
            break;
        errors.push(...d.text);
        if (!frame && d.file !== undefined && d.line !== undefined) {
            frame = { file: d.file, line: d.line };
            if (d.column !== undefined)
                frame.column = d.column;
        }
        i = d.next;
    }
    const out = { errors, next: i };
    if (frame)
        out.frame = frame;
    return out;
}

;// CONCATENATED MODULE: ./src/reports/logs/java.ts
/**
 * JVM stack traces in test logs: Maven Surefire's console (3.x `[ERROR] pkg.ClassTest.method --
 * Time elapsed: … <<< FAILURE!`, 2.x `[ERROR] method(pkg.ClassTest)  Time elapsed: … <<< FAILURE!`),
 * Gradle's `ClassTest > method() FAILED`, and any `Throwable.printStackTrace()` output:
 *
 *   java.lang.IllegalArgumentException: bad import line: pen,lots
 *   	at com.example.inventory.Stock.importLine(Stock.java:47)
 *   	at com.example.inventory.StockTest.importLineWithBadQuantity(StockTest.java:46)
 *   Caused by: java.lang.NumberFormatException: For input string: "lots"
 *   	at java.base/java.lang.Integer.parseInt(Integer.java:668)
 *   	at com.example.inventory.Stock.parseQuantity(Stock.java:25)
 *   	at com.example.inventory.Stock.importLine(Stock.java:45)
 *   	... 4 more
 *
 * Files: a JVM frame names a class and a bare file name, never a path. `file` is the guess
 * `com/example/inventory/Stock.java` (the class's package as directories, then the printed file
 * name, which also covers Kotlin/Scala/Groovy and inner classes); `frames/` matches it by suffix
 * to a tracked file (`src/main/java/com/example/inventory/Stock.java`).
 *
 * Chains: the reported exception is the outermost one (what JUnit reports as the failure type);
 * the frames are the root cause's, completed with the `... N more` frames it shares with the
 * trace that wraps it, because the root cause is where the work failed (the user's call into
 * `Integer.parseInt`, not the `throw new IllegalArgumentException` that translated it). Every
 * `Caused by:` stays in `chain`, nearest first, each with its own completed frames. `Suppressed:`
 * blocks are skipped. Printed order is deepest first; frames are returned outermost first.
 */



/** `at [module/]pkg.Class.method(Location)`; location `File.java:12`, `Native Method`, `Unknown Source`. */
const FRAME = /^\s*at ([^\s(]+)\(([^()]*)\)\s*(?:~?\[[^\]]*\])?\s*$/;
const MORE = /^\s*\.\.\. (\d+) more\s*$/;
/** `java.lang.IllegalStateException: msg` (a qualified class name; a message is optional). */
const EXCEPTION = /^\s*(?:Exception in thread "[^"]*" )?((?:[A-Za-z_$][\w$]*\.)+[A-Za-z_$][\w$]*)(?::(?: (.*))?)?$/;
const CAUSED_BY = /^\s*Caused by: (.*)$/;
const SUPPRESSED = /^(\s*)Suppressed: /;
/** Surefire 3: `[ERROR] com.example.StockTest.method -- Time elapsed: 0.01 s <<< FAILURE!` */
const SUREFIRE3_CASE = /^\[(?:ERROR|WARNING)\] (\S.*?) -- Time elapsed: .*<<< (?:FAILURE|ERROR)!\s*$/;
/** Surefire 2: `[ERROR] method(com.example.StockTest)  Time elapsed: 0.01 sec  <<< FAILURE!` */
const SUREFIRE2_CASE = /^(?:\[(?:ERROR|WARNING)\] )?(\S+)\(([\w$.]+)\)\s+Time elapsed: .*<<< (?:FAILURE|ERROR)!\s*$/;
/** Gradle: `StockTest > shipRemovesStock() FAILED` */
const GRADLE_CASE = /^(\S+) > (.+) FAILED\s*$/;
/** Gradle's default short form: `    org.opentest4j.AssertionFailedError at StockTest.java:29` */
const GRADLE_SHORT = /^\s+((?:[A-Za-z_$][\w$]*\.)+[A-Za-z_$][\w$]*) at ([\w$.-]+\.\w+):(\d+)\s*$/;
/** Surefire's results summary: `[ERROR]   StockTest.ship:29 msg`, `[ERROR]   StockTest.a:34->helper:13 » IllegalState msg` */
const SUREFIRE_SUMMARY = /^\[(?:ERROR|WARNING)\]\s{2,}([\w$]+)\.([\w$]+(?:\([^)]*\))?(?:\[\d+\])?):(\d+)((?:->[\w$.]+:\d+)*)\s?(.*)$/;
/** How many lines after a test header its trace may start (Gradle indents, Surefire does not). */
const HINT_REACH = 3;
const javaLogParser = {
    language: 'java',
    detect(log) {
        return (/^[ \t]*at [\w$./@<>-]+\((?:[\w$-]+\.(?:java|kt|kts|scala|groovy|clj)(?::\d+)?|Native Method|Unknown Source)\)/m.test(log) ||
            /Tests run: \d+, Failures: \d+/.test(log) ||
            /^\S+ > .+ FAILED$/m.test(log));
    },
    parse(log) {
        return new JavaLogReader((0,traceback_bounds/* readLogLines */.WK)(log)).read().map(traceback_bounds/* boundFailure */.Fd);
    },
};
/** Reads one log: test headers, the traces under them, Surefire's summary lines. */
class JavaLogReader {
    log;
    failures = [];
    /** The test whose header was just printed: its trace follows within HINT_REACH lines. */
    hint;
    summaries = [];
    constructor(log) {
        this.log = log;
    }
    read() {
        runSteps(this.log.lines, [
            (i) => this.expireHint(i),
            (i, line) => this.caseHeader(i, line),
            (i, line) => this.summaryLine(i, line),
            (i, line) => this.gradleShortFailure(i, line),
            (i, line) => this.trace(i, line),
        ], { full: () => this.failures.length >= traceback_bounds/* MAX_FAILURES */.T9 });
        this.addUntracedSummaries();
        return this.failures;
    }
    /** Claims no line: forgets a header whose trace did not follow. */
    expireHint(i) {
        if (this.hint && i - this.hint.at > HINT_REACH)
            this.hint = undefined;
        return undefined;
    }
    /** Surefire 3 / 2 and Gradle headers naming the failed test. */
    caseHeader(i, line) {
        const caseHeader = parseCaseHeader(line);
        if (!caseHeader)
            return undefined;
        this.hint = { ...caseHeader, at: i };
        return i + 1;
    }
    /** `[ERROR]   StockTest.ship:29 msg` in Surefire's results summary. */
    summaryLine(i, line) {
        const summary = SUREFIRE_SUMMARY.exec(line);
        if (!summary)
            return undefined;
        this.summaries.push(summaryFailure(summary, i + this.log.firstLine));
        return i + 1;
    }
    /** Gradle's short form under its header: `org.opentest4j.AssertionFailedError at StockTest.java:29`. */
    gradleShortFailure(i, line) {
        const gradle = GRADLE_SHORT.exec(line);
        const hint = this.hint;
        if (!gradle || !hint)
            return undefined;
        const lineNo = (0,traceback_bounds/* parseLineNumber */.P8)(gradle[3]);
        this.failures.push({
            language: 'java',
            kind: 'failure',
            test: hint.test,
            exceptionType: gradle[1],
            message: '',
            frames: lineNo === undefined ? [] : [{ file: packagePathGuess(hint.test.classname ?? '', gradle[2]), line: lineNo }],
            logLines: { start: i + this.log.firstLine, end: i + this.log.firstLine },
        });
        this.hint = undefined;
        return i + 1;
    }
    /** An exception line followed by `at` frames, with its `Caused by:` chain. */
    trace(i, line) {
        const trace = EXCEPTION.test(line) ? readTrace(this.log.lines, i) : undefined;
        if (!trace)
            return undefined;
        const failure = buildFailure(trace.throwables);
        if (this.hint) {
            failure.test = this.hint.test;
            this.hint = undefined;
        }
        failure.logLines = { start: i + this.log.firstLine, end: trace.next - 1 + this.log.firstLine };
        this.failures.push(failure);
        return trace.next;
    }
    /**
     * The results summary repeats every failure in one line; it only adds the ones no trace explains
     * (Surefire with trimmed output, or a log cut before the traces).
     */
    addUntracedSummaries() {
        for (const s of this.summaries) {
            if (this.failures.length >= traceback_bounds/* MAX_FAILURES */.T9)
                break;
            const traced = this.failures.some((f) => f.test?.name === s.method && (f.test.classname ?? '').split('.').pop() === s.simpleClass);
            if (!traced)
                this.failures.push(s.failure);
        }
    }
}
function parseCaseHeader(line) {
    const s3 = SUREFIRE3_CASE.exec(line);
    if (s3) {
        const { classname, method } = splitQualifiedMethod(s3[1]);
        return { test: withId(classname, method) };
    }
    const s2 = SUREFIRE2_CASE.exec(line);
    if (s2)
        return { test: withId(s2[2], s2[1]) };
    const g = GRADLE_CASE.exec(line);
    if (g)
        return { test: withId(g[1], g[2].replace(/\(\)$/, '')) };
    return undefined;
}
function withId(classname, name) {
    return classname ? { classname, name, id: `${classname}#${name}` } : { name };
}
/**
 * `com.example.StockTest.parse(String)[2]` → class `com.example.StockTest`, method `parse(String)[2]`:
 * the last dot outside parentheses and brackets (parameter types have dots of their own).
 */
function splitQualifiedMethod(s) {
    let depth = 0;
    let lastDot = -1;
    for (let k = 0; k < s.length; k++) {
        const c = s[k];
        if (c === '(' || c === '[')
            depth++;
        else if (c === ')' || c === ']')
            depth = Math.max(0, depth - 1);
        else if (c === '.' && depth === 0)
            lastDot = k;
    }
    return lastDot < 0 ? { classname: '', method: s } : { classname: s.slice(0, lastDot), method: s.slice(lastDot + 1) };
}
/**
 * Read a trace whose header is at `start`: message lines until the first frame (a header not
 * followed by frames within a few lines is not a trace), frames, `... N more`, `Caused by:`.
 */
function readTrace(lines, start) {
    const first = readThrowable(lines, start, (0,traceback_bounds/* structuralHead */.Cy)(lines[start]));
    if (!first || first.throwable.printed.length === 0)
        return undefined;
    const throwables = [first.throwable];
    let i = first.next;
    while (i < lines.length && throwables.length < 20) {
        const caused = CAUSED_BY.exec((0,traceback_bounds/* structuralHead */.Cy)(lines[i]));
        if (!caused)
            break;
        const next = readThrowable(lines, i, caused[1]);
        if (!next)
            break;
        throwables.push(next.throwable);
        i = next.next;
    }
    return { throwables, next: i };
}
function readThrowable(lines, start, headerText) {
    const head = EXCEPTION.exec(headerText);
    if (!head)
        return undefined;
    const messageLines = head[2] !== undefined ? [head[2]] : [];
    let i = start + 1;
    // A message can span lines (multi-line assertion messages); the first frame ends it.
    while (i < lines.length && !FRAME.test((0,traceback_bounds/* structuralHead */.Cy)(lines[i]))) {
        const line = (0,traceback_bounds/* structuralHead */.Cy)(lines[i]);
        if (messageLines.length >= 20 || i - start > 20)
            return undefined;
        // Maven's own log lines and a new chain link are never part of a message.
        if (CAUSED_BY.test(line) || /^\[(?:INFO|ERROR|WARNING|DEBUG)\]/.test(line))
            return undefined;
        messageLines.push(lines[i]);
        i++;
    }
    if (i >= lines.length)
        return undefined;
    const printed = traceback_bounds/* FrameWindow */.uF.deepestFirst();
    let more = 0;
    let frameIndent = -1;
    while (i < lines.length) {
        const line = (0,traceback_bounds/* structuralHead */.Cy)(lines[i]);
        const frame = FRAME.exec(line);
        if (frame) {
            if (frameIndent < 0)
                frameIndent = (0,log_text/* indentOf */._j)(line);
            const raw = toRawFrame(frame[1], frame[2]);
            if (raw)
                printed.push(raw);
            i++;
            continue;
        }
        const m = MORE.exec(line);
        if (m) {
            more = Number(m[1]);
            i++;
            break;
        }
        const sup = SUPPRESSED.exec(line);
        if (sup) {
            // A suppressed exception and everything indented under it belong to it, not to this trace.
            const depth = sup[1].length;
            i++;
            while (i < lines.length && (0,log_text/* indentOf */._j)(lines[i]) > depth && lines[i].trim() !== '')
                i++;
            continue;
        }
        break;
    }
    const message = messageLines.join('\n').trim();
    // A count beyond the enclosing trace's length shares all of it (slicing clamps it).
    return {
        throwable: {
            exceptionType: head[1],
            message,
            printed: printed.toArray(),
            more: Number.isFinite(more) && more > 0 ? more : 0,
        },
        next: i,
    };
}
/** `java.base/java.lang.Integer.parseInt` + `Integer.java:668` → a frame with a package-path guess. */
function toRawFrame(qualified, location) {
    const colon = location.lastIndexOf(':');
    if (colon < 0)
        return undefined; // `Native Method`, `Unknown Source`, `Stock.java`: no line to point at.
    const line = (0,traceback_bounds/* parseLineNumber */.P8)(location.slice(colon + 1));
    if (line === undefined)
        return undefined;
    const fileName = location.slice(0, colon);
    // Drop the module / class loader prefix (`java.base/`, `app//`, `com.foo@1.2/`).
    const fn = qualified.slice(qualified.lastIndexOf('/') + 1);
    const classname = fn.slice(0, Math.max(0, fn.lastIndexOf('.')));
    return { file: packagePathGuess(classname, fileName), line, function: fn };
}
/** `com.example.inventory.Stock$Inner` + `Stock.java` → `com/example/inventory/Stock.java`. */
function packagePathGuess(classname, fileName) {
    const lastDot = classname.lastIndexOf('.');
    if (lastDot < 0)
        return fileName;
    return `${classname.slice(0, lastDot).replace(/\./g, '/')}/${fileName}`;
}
function buildFailure(throwables) {
    // Complete each throwable's frames with the `... N more` it shares with the one that wraps it.
    const complete = [];
    throwables.forEach((t, k) => {
        const enclosing = k > 0 ? complete[k - 1] : [];
        const shared = t.more > 0 ? enclosing.slice(Math.max(0, enclosing.length - t.more)) : [];
        complete.push([...t.printed, ...shared]);
    });
    const outer = throwables[0];
    const root = complete[complete.length - 1];
    const failure = {
        language: 'java',
        // Surefire's `<<< ERROR!` (an exception rather than an assertion) is still a test that ran and
        // failed; `kind: 'error'` is for tests that could not run (collection, import).
        kind: 'failure',
        exceptionType: outer.exceptionType,
        message: outer.message,
        frames: [...root].reverse(),
    };
    if (throwables.length > 1) {
        failure.chain = throwables.slice(1).map((t, k) => ({
            relation: 'cause',
            exceptionType: t.exceptionType,
            message: t.message,
            frames: [...complete[k + 1]].reverse(),
        }));
    }
    return failure;
}
function summaryFailure(m, logLine) {
    const simpleClass = m[1];
    const method = m[2];
    const frames = [];
    const own = (0,traceback_bounds/* parseLineNumber */.P8)(m[3]);
    if (own !== undefined)
        frames.push({ file: `${simpleClass}.java`, line: own, function: `${simpleClass}.${method}` });
    // `->helper:13` steps go deeper, in the same class unless qualified.
    for (const step of (m[4] ?? '').split('->').filter(Boolean)) {
        const colon = step.lastIndexOf(':');
        const name = step.slice(0, colon);
        const line = (0,traceback_bounds/* parseLineNumber */.P8)(step.slice(colon + 1));
        if (line === undefined)
            continue;
        const dot = name.lastIndexOf('.');
        const cls = dot < 0 ? simpleClass : name.slice(0, dot);
        frames.push({ file: `${cls}.java`, line, function: dot < 0 ? `${simpleClass}.${name}` : name });
    }
    const rest = (m[5] ?? '').trim();
    // Errors read `» SimpleName message`; failures are just the message.
    const err = /^» (\S+)\s?(.*)$/.exec(rest);
    const failure = {
        language: 'java',
        kind: 'failure',
        test: { classname: simpleClass, name: method, id: `${simpleClass}#${method}` },
        message: err ? err[2] : rest,
        frames,
        logLines: { start: logLine, end: logLine },
    };
    if (err)
        failure.exceptionType = err[1];
    return { failure, method, simpleClass };
}

;// CONCATENATED MODULE: ./src/reports/logs/v8-stack.ts
/** Longest function name kept; longer ones are generated code, not something a person wrote. */
const MAX_FUNCTION_CHARS = 200;
/** eval frames nest (`eval at a (eval at b (...))`); real ones are shallow. */
const MAX_EVAL_DEPTH = 4;
/**
 * Read `path:line[:column]` from the end of a location. `file://` URLs become paths with their
 * percent-encoding decoded (`file:///C:/x` → `C:/x`); Windows paths, `node:` specifiers,
 * `webpack://` and http(s) URLs stay as printed (a `?query` before the line number is dropped).
 * Returns undefined for locations without a line (`<anonymous>`, `native`, `index 0`).
 */
function parseStackLocation(text, depth = 0) {
    let loc = text.trim();
    if (loc.startsWith('eval at '))
        return depth < MAX_EVAL_DEPTH ? parseEvalOrigin(loc, depth) : undefined;
    const last = readTrailingNumber(loc);
    if (!last)
        return undefined;
    loc = loc.slice(0, last.start);
    let line = last.value;
    let column;
    const before = readTrailingNumber(loc);
    if (before) {
        loc = loc.slice(0, before.start);
        column = line;
        line = before.value;
    }
    let file = loc;
    // vite and webpack dev servers add `?t=123` / `?v=abc` cache busters to module URLs.
    const query = file.indexOf('?');
    if (query > 0 && /^[a-z][a-z0-9+.-]*:\/\//i.test(file))
        file = file.slice(0, query);
    if (/^file:\/\//i.test(file))
        file = pathFromFileUrl(file);
    // A line number too long to be one (readTrailingNumber takes at most 9 digits) is not a location.
    if (!file || line < 1 || /:\d{10,}$/.test(file))
        return undefined;
    return column !== undefined && column >= 1 ? { file, line, column } : { file, line };
}
/** `:123` at the very end of `s`: its value and where the colon is; undefined if there is none. */
function readTrailingNumber(s) {
    let i = s.length;
    while (i > 0 && s.charCodeAt(i - 1) >= 48 && s.charCodeAt(i - 1) <= 57)
        i--;
    const digits = s.length - i;
    if (digits === 0 || digits > 9 || i === 0 || s[i - 1] !== ':')
        return undefined;
    return { value: Number(s.slice(i)), start: i - 1 };
}
/** `file:///tmp/a%20b/x.mjs` → `/tmp/a b/x.mjs`; `file:///C:/x` → `C:/x`; `file://host/s` → `//host/s`. */
function pathFromFileUrl(url) {
    let p = url.replace(/^file:\/\//i, '');
    const hash = p.indexOf('#');
    if (hash >= 0)
        p = p.slice(0, hash);
    try {
        p = decodeURIComponent(p);
    }
    catch {
        // A stray `%` that is not an escape: keep the text as printed.
    }
    if (/^\/[A-Za-z]:[\\/]/.test(p))
        return p.slice(1);
    return p.startsWith('/') ? p : `//${p}`;
}
/** `eval at fn (LOCATION), <anonymous>:1:1`: the code was eval'd at LOCATION, the user's call site. */
function parseEvalOrigin(text, depth) {
    const open = text.indexOf('(');
    if (open < 0)
        return undefined;
    const close = matchingParen(text, open);
    if (close < 0)
        return undefined;
    return parseStackLocation(text.slice(open + 1, close), depth + 1);
}
function matchingParen(text, open) {
    let depth = 0;
    for (let i = open; i < text.length; i++) {
        const c = text[i];
        if (c === '(')
            depth++;
        else if (c === ')' && --depth === 0)
            return i;
    }
    return -1;
}
/** Where the `(` that matches the final `)` of `text` is, or -1. */
function openingParenOfLast(text) {
    let depth = 0;
    for (let i = text.length - 1; i >= 0; i--) {
        const c = text[i];
        if (c === ')')
            depth++;
        else if (c === '(' && --depth === 0)
            return i;
    }
    return -1;
}
/** Locations V8 prints for frames that have no source position: a frame, but nothing to point at. */
const NO_LOCATION = /^(?:<anonymous>|native|index \d+|unknown location|<unknown>|\[native code\])$/;
/**
 * The part of a V8 frame after `at `: `fn (location)` or a bare `location`.
 * Returns a frame, `null` for a frame with no source position (`JSON.parse (<anonymous>)`), or
 * undefined when the text is not a frame at all.
 */
function parseFrameBody(body) {
    let text = body.trim();
    if (text.endsWith(' {'))
        text = text.slice(0, -2).trimEnd(); // node's inspect: properties follow
    // `async fn (loc)` and `async loc` mark an await point, not a different function.
    if (text.startsWith('async '))
        text = text.slice(6).trimStart();
    if (!text)
        return undefined;
    let fn;
    let location = text;
    if (text.endsWith(')')) {
        const open = openingParenOfLast(text);
        if (open > 0 && text[open - 1] === ' ') {
            fn = text.slice(0, open - 1).trim();
            location = text.slice(open + 1, -1);
        }
        else if (open === 0) {
            location = text.slice(1, -1);
        }
    }
    if (NO_LOCATION.test(location.trim()) || (fn === undefined && NO_LOCATION.test(text)))
        return null;
    const loc = parseStackLocation(location);
    if (!loc)
        return undefined;
    const frame = { file: loc.file, line: loc.line };
    if (loc.column !== undefined)
        frame.column = loc.column;
    const name = v8_stack_functionName(fn);
    if (name)
        frame.function = name;
    return frame;
}
function v8_stack_functionName(name) {
    if (!name)
        return undefined;
    return name.length > MAX_FUNCTION_CHARS ? name.slice(0, MAX_FUNCTION_CHARS) : name;
}
/**
 * A V8 stack line: `at …` after any indentation. Returns a frame, `null` for a frame without a
 * source position, or undefined when the line is not a stack frame.
 */
function parseV8FrameLine(line) {
    const text = line.trimStart();
    if (!text.startsWith('at '))
        return undefined;
    return parseFrameBody(text.slice(3));
}
/**
 * vitest's stack line: `❯ fn path:line:col` or `❯ path:line:col` (the function is optional and
 * may contain spaces, `new Cart`; the path may too). The path starts at the first word that looks
 * like one: it has a slash, a scheme, or it is the last word.
 */
function parseVitestFrameLine(line) {
    const text = line.trim();
    if (!text.startsWith('❯ '))
        return undefined;
    const words = text.slice(2).trim().split(' ');
    let at = words.findIndex((w) => /[\\/]/.test(w) || /^[a-z][a-z0-9+.-]*:/i.test(w));
    if (at < 0)
        at = words.length - 1;
    const loc = parseStackLocation(words.slice(at).join(' '));
    if (!loc)
        return undefined;
    const frame = { file: loc.file, line: loc.line };
    if (loc.column !== undefined)
        frame.column = loc.column;
    const name = v8_stack_functionName(words.slice(0, at).join(' '));
    if (name)
        frame.function = name;
    return frame;
}
/*
 * `Name: message`, `Name [CODE]: message`, `Uncaught Name: message`. A dotted name is allowed
 * (`errors.NotFound: x`). The parts have disjoint character classes: no backtracking.
 */
const ERROR_HEADER = /^(?:Uncaught )?([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*)(?: \[([^\]]{1,80})\])?:(?: (.*))?$/;
/** Only names that say they are errors: `Expected: 30` or `Received: 10` must not read as one. */
const ERROR_NAME = /(?:Error|Exception|Failure|Rejection|Fault)$/;
const ERROR_CODE = /^[A-Z][A-Z0-9_]*$/;
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
/** Read a line that heads an error (`TypeError: x`, `AssertionError [ERR_ASSERTION]: x`). */
function parseErrorHeader(line) {
    const m = ERROR_HEADER.exec(line.trim());
    if (!m)
        return undefined;
    const name = m[1];
    const bracket = m[2];
    const message = m[3] ?? '';
    if (bracket !== undefined) {
        // node prints the name property in brackets when it differs from the class: `Error [CartError]`;
        // and a code there when it has one: `AssertionError [ERR_ASSERTION]`.
        // node:test passes errors between processes, so a custom class can come back as a plain Error
        // that keeps its name (`Error [CartError]`), or the other way round (`SyntaxError [Error]`,
        // Node 20). The specific one of the two is the error's type.
        if (ERROR_CODE.test(bracket))
            return ERROR_NAME.test(name) ? { type: name, code: bracket, message } : undefined;
        if (!IDENTIFIER.test(bracket) || !(ERROR_NAME.test(name) || ERROR_NAME.test(bracket)))
            return undefined;
        return { type: bracket === 'Error' ? name : bracket, message };
    }
    return ERROR_NAME.test(name) ? { type: name, message } : undefined;
}

;// CONCATENATED MODULE: ./src/reports/logs/js-error-block.ts


/** Message bounds: enough for an assertion diff, not a whole serialised object graph. */
const MAX_MESSAGE_LINES = 60;
const MAX_MESSAGE_CHARS = 4000;
/** Frames kept per error: the deepest and the outermost half each (recursion can print thousands). */
const MAX_FRAMES = 100;
/** jest's matchers throw JestAssertionError, whose printed name is plain `Error` or nothing. */
const JEST_MATCHER = /^expect(?:\.\w+)?\(/;
/** Code frames: jest `> 11 | code`, `  10 | code`; vitest `  10| code`; the caret line `   |   ^`. */
const js_error_block_CODE_FRAME = /^\s*(?:>\s*)?\d+\s?\|/;
const CODE_FRAME_CARET = /^\s*\|(?:\s|$)/;
/** vitest's section rules: `⎯⎯⎯⎯[1/6]⎯`, `⎯⎯ Unhandled Errors ⎯⎯`. */
const VITEST_RULE = /^\s*⎯{3,}/;
const CAUSE = /^\s*(?:\[cause\]|cause): (.*)$/;
/** Causes followed per error; a longer chain is read as text of the last one. */
const MAX_CAUSES = 16;
function newContext(firstLine, header) {
    return { header, firstLine, messageLines: [], omittedLines: 0, deepest: [], outermost: [], frameCount: 0 };
}
function addFrame(ctx, frame) {
    ctx.frameCount++;
    if (!frame)
        return;
    // Printed deepest first: keep the first half as printed and a sliding window of the last half.
    if (ctx.deepest.length < MAX_FRAMES / 2)
        ctx.deepest.push(frame);
    else {
        ctx.outermost.push(frame);
        if (ctx.outermost.length > MAX_FRAMES / 2)
            ctx.outermost.shift();
    }
}
function js_error_block_frameOf(line) {
    const v8 = parseV8FrameLine(line);
    if (v8 !== undefined)
        return v8;
    return parseVitestFrameLine(line);
}
function isCodeFrame(line) {
    return js_error_block_CODE_FRAME.test(line) || CODE_FRAME_CARET.test(line);
}
/** Is this line the start of an error's text (as opposed to a frame or a blank)? */
function startsError(line) {
    const t = line.trim();
    return !!parseErrorHeader(t.startsWith('[') ? t.slice(1) : t) || JEST_MATCHER.test(t);
}
/**
 * An error found without a runner's header around it ends where another error starts, and its
 * frames must follow its first line within this many lines.
 */
const MAX_BARE_MESSAGE_LINES = 500;
/**
 * Read the error in `lines[start, end)`. Stops early at a line that cannot belong to it (text after
 * the frames, a vitest rule), so `last` tells the caller where the error ended. `bare`: no runner
 * header delimits the error (a crash in a log, a JUnit body), so its message is held shorter.
 */
function readErrorBlock(lines, start, end, options = {}) {
    const reader = new ErrorBlockReader(start, options.bare === true);
    for (let i = start; i < end; i++)
        if (!reader.read(i, lines[i]))
            break;
    const chosen = chooseContext(reader.contexts);
    if (!chosen)
        return { message: '', frames: [], frameCount: 0, last: reader.last };
    return {
        ...describe(chosen),
        frames: [...chosen.deepest, ...chosen.outermost].reverse(),
        frameCount: chosen.frameCount,
        last: reader.last,
    };
}
/** Reads an error line by line; each state is a step that says whether the line still belongs to it. */
class ErrorBlockReader {
    start;
    bare;
    /** The error and its causes, outermost first. */
    contexts = [];
    /** Index of the last line that belonged to the error. */
    last;
    ctx;
    state = 'start';
    /**
     * node prints an error without frames in brackets: `[Error: boom]`, or `[Error: a\nb] {` when
     * properties follow (node:test's JUnit wrapper always looks like that): the message ends at `]`.
     */
    bracketed = false;
    constructor(start, bare) {
        this.start = start;
        this.bare = bare;
        this.last = start - 1;
    }
    /** Read line `i`; false when it is not the error's and reading stops. */
    read(i, line) {
        switch (this.state) {
            case 'start':
                return this.beforeError(i, line);
            case 'message':
                return this.inMessage(i, line);
            case 'frames':
                return this.inFrames(i, line);
            case 'props':
                return this.inProps(i, line);
        }
    }
    open(header, firstLine) {
        this.ctx = newContext(firstLine, header);
        this.contexts.push(this.ctx);
        return this.ctx;
    }
    /** Blank lines, then the error's first line or (jest's `Cause:`, a bare stack) its first frame. */
    beforeError(i, line) {
        if (line.trim() === '')
            return true;
        const frame = js_error_block_frameOf(line);
        if (frame !== undefined) {
            addFrame(this.open(undefined), frame);
            this.state = line.trimEnd().endsWith(' {') ? 'props' : 'frames';
        }
        else {
            this.state = this.begin(line);
        }
        this.last = i;
        return true;
    }
    /** The error's first line: `Type: message`, `[Type: message]`, or a message without a type. */
    begin(line) {
        let t = line.trim();
        let next = 'message';
        this.bracketed = t.startsWith('[') && !!parseErrorHeader(t.slice(1));
        if (this.bracketed) {
            t = t.slice(1);
            if (t.endsWith('] {'))
                [t, next, this.bracketed] = [t.slice(0, -3), 'props', false];
            else if (t.endsWith(']'))
                [t, next, this.bracketed] = [t.slice(0, -1), 'frames', false];
        }
        const header = parseErrorHeader(t);
        this.open(header, header ? undefined : t);
        return next;
    }
    inMessage(i, line) {
        const t = line.trim();
        const ctx = this.ctx;
        const frame = js_error_block_frameOf(line);
        if (frame !== undefined) {
            addFrame(ctx, frame);
            this.state = line.trimEnd().endsWith(' {') ? 'props' : 'frames';
            this.last = i;
        }
        else if (isCodeFrame(line)) {
            // The message is over; the code frame sits between it and (the rest of) the frames.
            this.state = 'frames';
            this.last = i;
        }
        else if (VITEST_RULE.test(line) || t.startsWith('Serialized Error:')) {
            return false;
        }
        else if (this.bare && (i - this.start > MAX_BARE_MESSAGE_LINES || startsError(line))) {
            return false;
        }
        else if (this.bracketed && (t.endsWith('] {') || t.endsWith(']'))) {
            // The end of a bracketed error's message.
            const text = line.slice(0, line.lastIndexOf(']'));
            if (text.trim() !== '')
                ctx.messageLines.push(text);
            this.state = t.endsWith('] {') ? 'props' : 'frames';
            this.bracketed = false;
            this.last = i;
        }
        else {
            if (ctx.messageLines.length < MAX_MESSAGE_LINES)
                ctx.messageLines.push(line);
            else
                ctx.omittedLines++;
            if (t !== '')
                this.last = i;
        }
        return true;
    }
    inFrames(i, line) {
        const t = line.trim();
        const frame = js_error_block_frameOf(line);
        const causeHeader = frame === undefined ? this.causeHeader(line) : undefined;
        if (frame !== undefined) {
            addFrame(this.ctx, frame);
            if (line.trimEnd().endsWith(' {'))
                this.state = 'props';
            this.last = i;
        }
        else if (t === '' || isCodeFrame(line)) {
            if (t !== '')
                this.last = i;
        }
        else if (t === 'Cause:' && this.contexts.length <= MAX_CAUSES) {
            // jest prints a timeout's cause (with the test's own frame) in a section of its own.
            this.state = 'start';
            this.last = i;
        }
        else if (causeHeader) {
            this.open(causeHeader);
            this.state = 'message';
            this.last = i;
        }
        else {
            return false;
        }
        return true;
    }
    /** The error's own properties (`code: 'ERR_ASSERTION'`, `actual: 10`, …) until its `}`. */
    inProps(i, line) {
        const t = line.trim();
        const causeHeader = this.causeHeader(line);
        if (causeHeader) {
            this.open(causeHeader);
            this.state = 'message';
        }
        else if (t !== '' && !/^\s/.test(line) && t !== '}') {
            // Back at the left margin with something that is not the closing brace: not ours.
            return false;
        }
        if (t !== '')
            this.last = i;
        return true;
    }
    /** `cause: Error: …` / `[cause]: Error: …`, while the chain is short enough to follow. */
    causeHeader(line) {
        const cause = this.contexts.length <= MAX_CAUSES ? CAUSE.exec(line) : null;
        return cause ? parseErrorHeader(cause[1]) : undefined;
    }
}
/**
 * The error that failed the test is the outer one, unless its frames are all the runner's: node:test's
 * JUnit reporter wraps every failure in `Error [ERR_TEST_FAILURE]` and keeps the test's error as
 * its `cause`; jest's timeout error is thrown from jest-circus with the test's frame in `Cause:`.
 * Then the first cause with a frame of the user's is the one to read. node:test's wrapper is never
 * the test's error, even when its frame is the user's (a subtest's `await t.test(…)` line).
 */
function chooseContext(contexts) {
    const outer = contexts[0];
    if (outer?.header?.code === NODE_TEST_WRAPPER) {
        const cause = contexts.slice(1).find(hasOwnFrame);
        if (cause)
            return cause;
    }
    if (!outer || hasOwnFrame(outer))
        return outer;
    return contexts.find(hasOwnFrame) ?? outer;
}
/** The code of node:test's wrapper around a test's error (its JUnit reporter prints it). */
const NODE_TEST_WRAPPER = 'ERR_TEST_FAILURE';
/** A frame outside the runtime and installed dependencies (a guess: `frames/` decides for real). */
function hasOwnFrame(ctx) {
    return [...ctx.deepest, ...ctx.outermost].some((f) => !f.file.startsWith('node:') && !/(?:^|[\\/])node_modules[\\/]/.test(f.file));
}
function describe(ctx) {
    const first = ctx.header ? ctx.header.message : (ctx.firstLine ?? '');
    const message = pruneMessage(first, ctx.messageLines, ctx.omittedLines);
    let type = ctx.header?.type;
    if ((type === undefined || type === 'Error') && JEST_MATCHER.test(first))
        type = 'JestAssertionError';
    const out = { message };
    if (type)
        out.exceptionType = type;
    if (ctx.header?.code)
        out.code = ctx.header.code;
    return out;
}
/**
 * The message as one bounded text: the header's line, then the continuation lines dedented (node
 * and mocha indent them under the header), blank runs collapsed, trailing blanks dropped.
 */
function pruneMessage(first, rest, omitted) {
    const indents = rest.filter((l) => l.trim() !== '').map((l) => l.length - l.trimStart().length);
    const dedent = indents.length ? Math.min(...indents) : 0;
    const out = [first.trimEnd()];
    for (const line of rest) {
        const text = line.slice(Math.min(dedent, line.length - line.trimStart().length)).trimEnd();
        if (text === '' && out[out.length - 1] === '')
            continue;
        out.push(text);
    }
    while (out.length > 1 && out[out.length - 1] === '')
        out.pop();
    if (out[0] === '' && out.length > 1)
        out.shift();
    if (omitted > 0)
        out.push(`… [${omitted} more lines]`);
    return (0,log_text/* clip */.$Q)(out.join('\n'), MAX_MESSAGE_CHARS);
}

;// CONCATENATED MODULE: ./src/reports/logs/node-test-output.ts



/** A spec tree line: indentation, marker, text. Markers are single code points; no backtracking. */
const TREE_LINE = /^( *)(▶|✔|✖|﹣|ℹ|\*) (.*)$/;
/** ` (1.2ms)` and a ` # SKIP reason` directive at the end of a spec line. */
const SPEC_SUFFIX = / \(\d+(?:\.\d+)?m?s\)(?: # .*)?$| # (?:SKIP|TODO)\b.*$/;
/** Nesting deeper than this is not a test suite anyone wrote. */
const node_test_output_MAX_DEPTH = 64;
/** Failing leaves remembered for the `failing tests:` section. */
const MAX_REMEMBERED = 10_000;
function readTreeLine(line) {
    const m = TREE_LINE.exec(line);
    if (!m)
        return undefined;
    return { indent: m[1].length, marker: m[2], name: m[3].replace(SPEC_SUFFIX, '') };
}
/** Follows the spec tree to know each failing leaf's suite path. */
class SpecTree {
    groups = [];
    failedLeaves = new Map();
    remembered = 0;
    /**
     * Record a tree line; returns its path (suites above it, then its own name). `header` is the
     * index of the failure header made for it when the error is printed under it (Node 20).
     */
    observe(tree, header) {
        while (this.groups.length && this.groups[this.groups.length - 1].indent > tree.indent)
            this.groups.pop();
        const top = this.groups[this.groups.length - 1];
        if (top && top.indent === tree.indent) {
            // A suite ends with a line of its own name at its own indentation (`✖ total (2.1ms)` under
            // `▶ total`; Node 20 wrote `▶ total (2.1ms)`); a sibling line means it ended unannounced.
            this.groups.pop();
            if (top.name === tree.name)
                return [...this.path(), tree.name];
        }
        const path = [...this.path(), tree.name];
        if (tree.marker === '▶') {
            if (this.groups.length < node_test_output_MAX_DEPTH)
                this.groups.push({ indent: tree.indent, name: tree.name });
        }
        else if (tree.marker === '✖' && this.remembered < MAX_REMEMBERED) {
            const list = this.failedLeaves.get(tree.name) ?? [];
            list.push(header === undefined ? { path } : { path, header });
            this.failedLeaves.set(tree.name, list);
            this.remembered++;
        }
        return path;
    }
    /** The first not yet claimed failing leaf with this name, if the tree showed one. */
    claim(leaf) {
        return this.failedLeaves.get(leaf)?.shift();
    }
    path() {
        return this.groups.map((g) => g.name);
    }
}
/** `test at file:line:col`: where node:test says the failing test is defined. */
function readTestAt(line) {
    const t = line.trim();
    return t.startsWith('test at ') ? parseStackLocation(t.slice(8)) : undefined;
}
/* ----------------------------------- TAP ----------------------------------- */
const TAP_NOT_OK = /^( *)not ok \d+(?: - (.*))?$/;
const TAP_SUBTEST = /^( *)# Subtest: (.*)$/;
const YAML_KEY = /^( *)([A-Za-z_]\w*):(?: (.*))?$/;
/** A YAML block for one test is small; one that never ends is not TAP. */
const MAX_YAML_LINES = 2000;
/** node's TAP writes YAML scalars plain, single-quoted (`''` escapes a quote) or as `|-` blocks. */
function yamlScalar(raw) {
    const v = raw.trim();
    if (v.length >= 2 && v.startsWith("'") && v.endsWith("'"))
        return v.slice(1, -1).replace(/''/g, "'");
    if (v.length >= 2 && v.startsWith('"') && v.endsWith('"')) {
        try {
            return JSON.parse(v);
        }
        catch {
            return v.slice(1, -1);
        }
    }
    return v;
}
/** Read the `---` … `...` block starting at `lines[start]`; top-level keys only. */
function readYaml(lines, start) {
    const open = lines[start];
    if (open === undefined || open.trim() !== '---')
        return undefined;
    const base = open.length - open.trimStart().length;
    const fields = {};
    let current;
    const limit = Math.min(lines.length, start + MAX_YAML_LINES);
    for (let i = start + 1; i < limit; i++) {
        const line = lines[i];
        const indent = line.length - line.trimStart().length;
        if (line.trim() === '...' && indent === base)
            return { fields, end: i };
        const key = indent === base ? YAML_KEY.exec(line) : null;
        if (key) {
            const raw = key[3] ?? '';
            if (/^[|>][-+]?$/.test(raw.trim()) || raw.trim() === '') {
                current = [];
                fields[key[2]] = { block: current };
            }
            else {
                current = undefined;
                fields[key[2]] = { value: yamlScalar(raw) };
            }
        }
        else if (current && (indent > base || line.trim() === '')) {
            current.push(line);
        }
    }
    return undefined;
}
/** Failures from node:test's TAP output (also any TAP producer that writes node's YAML keys). */
function parseTapFailures(lines, lineOffset, max) {
    const failures = [];
    const subtests = [];
    for (let i = 0; i < lines.length && failures.length < max; i++) {
        const line = lines[i];
        const sub = TAP_SUBTEST.exec(line);
        if (sub) {
            const indent = sub[1].length;
            while (subtests.length && subtests[subtests.length - 1].indent >= indent)
                subtests.pop();
            if (subtests.length < node_test_output_MAX_DEPTH)
                subtests.push({ indent, name: sub[2].trim() });
            continue;
        }
        const notOk = TAP_NOT_OK.exec(line);
        if (!notOk)
            continue;
        const indent = notOk[1].length;
        let title = (notOk[2] ?? '').trim();
        if (/ # (?:TODO|SKIP)\b/i.test(title))
            continue; // a failing TODO does not fail the run
        title = title.replace(/ # .*$/, '');
        const yaml = readYaml(lines, i + 1);
        if (!yaml)
            continue;
        const f = yaml.fields;
        const field = (k) => f[k]?.value ?? blockText(f[k]?.block);
        // A suite that failed because its tests did is not a failure of its own.
        if (field('failureType') === 'subtestsFailed') {
            i = yaml.end;
            continue;
        }
        const path = subtests.filter((s) => s.indent < indent).map((s) => s.name);
        const frames = tapFrames((f.stack?.block ?? []).map((l) => l.trim()));
        const location = field('location') ? parseStackLocation(field('location')) : undefined;
        const failure = {
            language: 'javascript',
            test: { name: (0,log_text/* clip */.$Q)([...path, title].join(' > '), 500) },
            message: (0,log_text/* clip */.$Q)(field('error') ?? '', MAX_MESSAGE_CHARS),
            frames,
            logLines: { start: lineOffset + i + 1, end: lineOffset + yaml.end + 1 },
        };
        if (location) {
            failure.test.file = location.file;
            failure.test.line = location.line;
        }
        const type = field('name');
        if (type)
            failure.exceptionType = type;
        failure.kind = field('type') === 'suite' || field('failureType') === 'hookFailed' ? 'error' : 'failure';
        failures.push(failure);
        i = yaml.end;
    }
    return failures;
}
/** A YAML block scalar's text: its common indentation removed, trailing blank lines dropped. */
function blockText(block) {
    if (!block)
        return undefined;
    const indents = block.filter((l) => l.trim() !== '').map((l) => l.length - l.trimStart().length);
    const dedent = indents.length ? Math.min(...indents) : 0;
    const lines = block.map((l) => l.slice(dedent).trimEnd());
    while (lines.length && lines[lines.length - 1] === '')
        lines.pop();
    return lines.join('\n');
}
function tapFrames(stack) {
    const frames = [];
    for (const line of stack) {
        const body = line.startsWith('at ') ? line.slice(3) : line;
        const frame = parseFrameBody(body);
        if (frame)
            frames.push(frame);
        if (frames.length >= MAX_FRAMES)
            break;
    }
    return frames.reverse();
}

;// CONCATENATED MODULE: ./src/reports/logs/javascript.ts






/** The tail of a longer log is read: runners print their failure summaries last. */

/** Lines are cut to this before parsing: no real header or frame is longer. */
const MAX_LINE_CHARS = traceback_bounds/* MAX_STRUCTURAL_LINE */.kT;
const MAX_FAILURES = 1000;
const MAX_NAME_CHARS = 500;
const MAX_PATH_CHARS = 1000;
/** mocha prints one title line per describe level; deeper is not a title. */
const MAX_MOCHA_TITLE_LINES = 32;
/** How much of a huge log `detect` looks at, from each end. */
const DETECT_WINDOW_CHARS = 512 * 1024;
const JS_FILE = /\.(?:[cm]?[jt]sx?|vue|svelte)$/i;
const javascriptLogParser = {
    language: 'javascript',
    detect: detectJavaScript,
    parse: parseJavaScriptLog,
};
/** Cheap check for the registry: a JS runner's marker or a V8 frame in a JS/TS file. */
function detectJavaScript(log) {
    const sample = log.length > 2 * DETECT_WINDOW_CHARS
        ? `${log.slice(0, DETECT_WINDOW_CHARS)}\n${log.slice(-DETECT_WINDOW_CHARS)}`
        : log;
    const { lines } = prepareLines(sample);
    for (const line of lines) {
        const t = line.trim();
        if (/^FAIL\s.* > /.test(t) || t.startsWith('● ') || t === '✖ failing tests:')
            return true;
        if (/^\d+ failing\b/.test(t) || t.includes('[ERR_ASSERTION]'))
            return true;
        // node:test's TAP: `location: '/abs/test/a.test.js:9:5'` in a failing test's YAML block.
        if (t.startsWith("location: '") && JS_FILE.test(parseStackLocation(t.slice(11, -1))?.file ?? ''))
            return true;
        const frame = parseV8FrameLine(line) ?? parseVitestFrameLine(line);
        if (frame && (JS_FILE.test(frame.file) || frame.file.startsWith('node:')))
            return true;
    }
    return false;
}
function parseJavaScriptLog(log) {
    const { lines, offset } = prepareLines(log);
    const headers = findHeaders(lines);
    const failures = [];
    const seen = new Set();
    const add = (f) => {
        const key = JSON.stringify([f.test?.name, f.test?.file, f.exceptionType, f.message, f.frames.slice(-3)]);
        if (seen.has(key) || failures.length >= MAX_FAILURES)
            return;
        seen.add(key);
        failures.push(f);
    };
    for (let h = 0; h < headers.length; h++) {
        const header = headers[h];
        const end = headers[h + 1]?.line ?? lines.length;
        const block = readErrorBlock(lines, header.body, end);
        if (!block.message && block.frames.length === 0 && !header.test)
            continue;
        const failure = {
            language: 'javascript',
            message: block.message,
            frames: block.frames,
            logLines: { start: offset + header.line + 1, end: offset + Math.max(block.last, header.line) + 1 },
        };
        if (block.exceptionType)
            failure.exceptionType = block.exceptionType;
        const test = header.unhandled ? unhandledOrigin(lines, block.last + 1, end) : header.test;
        if (test)
            failure.test = test;
        if (header.kind)
            failure.kind = header.kind;
        addTimeoutFile(failure);
        add(failure);
    }
    for (const tap of parseTapFailures(lines, offset, MAX_FAILURES))
        add(tap);
    // Without any runner's header, the log may still hold a bare error: a crashed script, or the
    // body of a JUnit <failure>. Once a runner is recognised, bare errors are console noise.
    if (failures.length === 0)
        for (const bare of findBareErrors(lines, offset))
            add(bare);
    return failures;
}
/** ANSI-stripped, timestamp-free, length-bounded lines, and how many lines were cut from the front. */
function prepareLines(log) {
    const { lines, firstLine } = (0,traceback_bounds/* readLogLines */.WK)(log, MAX_LINE_CHARS);
    return { lines, offset: firstLine - 1 };
}
/** A test hint with what is known, or undefined when nothing is (jest output without its FAIL line). */
function hint(name, file, line) {
    if (!name && !file)
        return undefined;
    const t = {};
    if (name)
        t.name = (0,log_text/* clip */.$Q)(name, MAX_NAME_CHARS);
    if (file)
        t.file = (0,log_text/* clip */.$Q)(file, MAX_PATH_CHARS);
    if (line !== undefined)
        t.line = line;
    return t;
}
/** One pass over the log, recognising every runner's failure headers. */
function findHeaders(lines) {
    return new HeaderFinder(lines).read();
}
/** The failure headers of every JavaScript runner, found in one pass over the log. */
class HeaderFinder {
    lines;
    headers = [];
    /** node:test's spec tree, for the suite path of each failing leaf. */
    spec = new SpecTree();
    /** The file of jest's last `FAIL file` line: its `●` failures follow. */
    jestFile;
    /** After mocha's `N failing`: its numbered failures. */
    mochaEpilogue = false;
    /** Inside node:test's `✖ failing tests:` section. */
    inFailingTests = false;
    /** node:test's last `test at file:line:col`. */
    testAt;
    constructor(lines) {
        this.lines = lines;
    }
    read() {
        runSteps(this.lines, [
            (i, line) => (line.trim() === '' ? i + 1 : undefined),
            (i, line) => this.failLine(i, line.trim()),
            (i, line) => this.vitestUnhandled(i, line.trim()),
            (i, line) => this.jestBullet(i, line.trim()),
            (i, line) => this.mochaCounts(i, line.trim()),
            (i, line) => this.mochaTitle(i, line),
            (i, line) => this.nodeTestAt(i, line),
            (i, line) => this.nodeFailingTests(i, line.trim()),
            (i, line) => this.nodeTreeLine(i, line),
        ]);
        return this.headers;
    }
    /**
     * vitest: ` FAIL  test/a.test.ts > Cart > adds`, or `[ file ]` when the file itself failed.
     * jest: `FAIL test/a.test.js` before that file's `●` failures.
     */
    failLine(i, t) {
        if (!t.startsWith('FAIL '))
            return undefined;
        const rest = t
            .slice(5)
            .trim()
            .replace(/^\|[^|]{1,100}\|\s+/, ''); // vitest project label
        const sep = rest.indexOf(' > ');
        if (sep > 0) {
            const names = rest.slice(sep + 3).split(' > ');
            this.headers.push({ line: i, body: i + 1, test: hint(names.join(' > '), rest.slice(0, sep)), kind: 'failure' });
        }
        else if (/ \[ .+ \]$/.test(rest)) {
            const file = rest.slice(0, rest.indexOf(' [ '));
            this.headers.push({ line: i, body: i + 1, test: hint(undefined, file), kind: 'error' });
        }
        else {
            this.jestFile = rest.replace(/ \(\d+(?:\.\d+)? m?s\)$/, '');
        }
        return i + 1;
    }
    /**
     * vitest's unhandled errors: a `⎯⎯ Unhandled Errors ⎯⎯` section (its own text is no error), then
     * one rule per error: `⎯⎯ Uncaught Exception ⎯⎯`, `⎯⎯ Unhandled Rejection ⎯⎯`, `⎯⎯ Unhandled Error ⎯⎯`.
     */
    vitestUnhandled(i, t) {
        if (!/^⎯+ (?:Uncaught Exception|Unhandled Rejection|Unhandled Error) ⎯+$/.test(t))
            return undefined;
        this.headers.push({ line: i, body: i + 1, kind: 'error', unhandled: true });
        return i + 1;
    }
    /** jest: `● Cart › total › adds`; `● Test suite failed to run`; `● Console` is console output. */
    jestBullet(i, t) {
        if (!t.startsWith('● '))
            return undefined;
        const title = t.slice(2).trim();
        if (title === 'Console' || title.startsWith('Console '))
            return i + 1;
        if (title === 'Test suite failed to run') {
            this.headers.push({ line: i, body: i + 1, test: hint(undefined, this.jestFile), kind: 'error' });
        }
        else {
            const name = title.split(' › ').join(' > ');
            this.headers.push({ line: i, body: i + 1, test: hint(name, this.jestFile), kind: 'failure' });
        }
        return i + 1;
    }
    /** mocha's `N passing` ends a failures list, `N failing` starts one. */
    mochaCounts(i, t) {
        if (/^\d+ passing\b/.test(t))
            this.mochaEpilogue = false;
        if (!/^\d+ failing\b/.test(t))
            return undefined;
        this.mochaEpilogue = true;
        return i + 1;
    }
    /** mocha: `  1) Cart` / `       adds:`, one title line per describe level, the last ending with `:`. */
    mochaTitle(i, line) {
        const m = this.mochaEpilogue ? /^\s*\d+\) (.*)$/.exec(line) : null;
        if (!m)
            return undefined;
        const lines = this.lines;
        const title = [m[1].trim()];
        let j = i;
        while (!title[title.length - 1].endsWith(':') && j + 1 < lines.length && title.length < MAX_MOCHA_TITLE_LINES) {
            const next = lines[j + 1].trim();
            if (next === '')
                break;
            title.push(next);
            j++;
        }
        const last = title[title.length - 1];
        if (!last.endsWith(':'))
            return undefined;
        title[title.length - 1] = last.slice(0, -1);
        this.headers.push({ line: i, body: j + 1, test: hint(title.join(' > ')), kind: 'failure' });
        return j + 1;
    }
    /** node:test: `test at file:line:col` before a failing test of the `failing tests:` section. */
    nodeTestAt(i, line) {
        const at = readTestAt(line);
        if (!at)
            return undefined;
        this.testAt = { line: i, location: at };
        return i + 1;
    }
    nodeFailingTests(i, t) {
        if (t !== '✖ failing tests:')
            return undefined;
        this.inFailingTests = true;
        return i + 1;
    }
    /** node:test spec: a tree line; a `✖` one with the error indented under it is a failure header. */
    nodeTreeLine(i, line) {
        const tree = readTreeLine(line);
        if (!tree)
            return undefined;
        // The failing-tests section holds only `✖` entries: any other tree line is a new run's tree.
        if (tree.marker === '▶' || tree.marker === '✔' || tree.marker === '﹣')
            this.inFailingTests = false;
        const hasBody = tree.marker === '✖' && hasIndentedBody(this.lines, i, tree.indent);
        if (!this.inFailingTests) {
            const path = this.spec.observe(tree, hasBody ? this.headers.length : undefined);
            if (hasBody)
                this.headers.push({ line: i, body: i + 1, test: hint(path.join(' > ')), kind: 'failure' });
        }
        else if (hasBody) {
            this.failingTestsEntry(i, tree);
        }
        return i + 1;
    }
    /** An entry of the `failing tests:` section: its suite path from the tree, its location from `test at`. */
    failingTestsEntry(i, tree) {
        const testAt = this.testAt;
        const location = testAt && testAt.line === previousNonBlank(this.lines, i) ? testAt.location : undefined;
        const leaf = this.spec.claim(tree.name);
        const earlier = leaf?.header !== undefined ? this.headers[leaf.header] : undefined;
        if (earlier?.test) {
            // Node 20 printed this error in the tree already: only the location is new.
            if (location)
                Object.assign(earlier.test, { file: (0,log_text/* clip */.$Q)(location.file, MAX_PATH_CHARS), line: location.line });
        }
        else {
            const name = (leaf?.path ?? [tree.name]).join(' > ');
            this.headers.push({ line: i, body: i + 1, test: hint(name, location?.file, location?.line), kind: 'failure' });
        }
    }
}
/** Is the next non-blank line indented deeper than `indent`, and not a tree line or a bare count? */
function hasIndentedBody(lines, i, indent) {
    for (let j = i + 1; j < lines.length && j <= i + 3; j++) {
        const line = lines[j];
        if (line.trim() === '')
            continue;
        const deeper = line.length - line.trimStart().length > indent;
        // Node 20 printed `'1 subtest failed'` under a suite whose tests failed: not an error of its own.
        return deeper && !readTreeLine(line) && !/^'\d+ subtests? failed'$/.test(line.trim());
    }
    return false;
}
function previousNonBlank(lines, i) {
    let j = i - 1;
    while (j >= 0 && lines[j].trim() === '')
        j--;
    return j;
}
/**
 * vitest's unhandled errors name no test in their header; below the error it says
 * `This error originated in "test/a.test.ts" test file.` and `The last test to run before this
 * error was "adds".` (before vitest 4: `The latest test that might've caused the error is "adds".`)
 */
function unhandledOrigin(lines, from, end) {
    let file;
    let name;
    for (let i = from; i < end && i < from + 20; i++) {
        const line = lines[i];
        file ??= /originated in "([^"]{1,1000})" test file/.exec(line)?.[1];
        name ??=
            /(?:The latest test that might've caused the error is|The last test to run before this error was) "([^"]{1,1000})"/.exec(line)?.[1];
    }
    return file || name ? hint(name, file) : undefined;
}
/** mocha's timeout names the test file in its message: `… ensure it resolves. (/abs/test/a.spec.js)`. */
function addTimeoutFile(failure) {
    if (failure.test?.file || !failure.message.startsWith('Timeout of '))
        return;
    const m = /\(([^()\n]{1,1000})\)$/.exec(failure.message);
    if (m && JS_FILE.test(m[1]))
        failure.test = { ...failure.test, file: m[1] };
}
/** Errors with a stack and no runner header: `TypeError: x` followed by frames. */
function findBareErrors(lines, offset) {
    const failures = [];
    for (let i = 0; i < lines.length && failures.length < MAX_FAILURES; i++) {
        if (!startsError(lines[i]))
            continue;
        const block = readErrorBlock(lines, i, lines.length, { bare: true });
        if (block.frameCount === 0)
            continue;
        const failure = {
            language: 'javascript',
            message: block.message,
            frames: block.frames,
            logLines: { start: offset + i + 1, end: offset + block.last + 1 },
        };
        if (block.exceptionType)
            failure.exceptionType = block.exceptionType;
        failures.push(failure);
        i = Math.max(i, block.last);
    }
    return failures;
}

;// CONCATENATED MODULE: ./src/reports/logs/python-chain.ts
const DIRECT_CAUSE = 'The above exception was the direct cause of the following exception:';
const DURING_HANDLING = 'During handling of the above exception, another exception occurred:';
/** The relation a chain separator line announces, if the line is one. */
function chainSeparator(line) {
    const t = line.trim();
    if (t === DIRECT_CAUSE)
        return 'cause';
    if (t === DURING_HANDLING)
        return 'context';
    return undefined;
}
function resolvePythonChain(segments) {
    const last = segments[segments.length - 1];
    if (!last)
        return { message: '', frames: [] };
    let frames = last.frames;
    for (let i = segments.length - 1; i > 0; i--) {
        const later = segments[i];
        const earlier = segments[i - 1];
        if (!raisedToTranslate(earlier.linkToNext, later) || earlier.frames.length === 0)
            break;
        const catching = lastMatchingFrame(frames, earlier.frames[0]);
        if (catching < 0)
            break;
        frames = [...frames.slice(0, catching), ...earlier.frames];
    }
    const out = { message: last.message, frames };
    if (last.exceptionType !== undefined)
        out.exceptionType = last.exceptionType;
    if (segments.length > 1) {
        out.chain = segments
            .slice(0, -1)
            .reverse()
            .map((s) => {
            const c = { relation: s.linkToNext ?? 'context', message: s.message, frames: s.frames };
            if (s.exceptionType !== undefined)
                c.exceptionType = s.exceptionType;
            return c;
        });
    }
    return out;
}
/**
 * Was `later` raised on purpose to replace the exception before it? Always for an explicit cause;
 * for an implicit context only when the line that raised it is a `raise` statement (when the
 * source line was not printed, as in `--tb=line`, an implicit context is kept as the handler's bug).
 */
function raisedToTranslate(relation, later) {
    if (relation === 'cause')
        return true;
    const deepest = later.frames[later.frames.length - 1];
    return deepest?.sourceLine !== undefined && /^raise\b/.test(deepest.sourceLine);
}
/** Index of the deepest frame running the same function as `anchor` (the frame that caught it). */
function lastMatchingFrame(frames, anchor) {
    for (let i = frames.length - 1; i >= 0; i--) {
        const f = frames[i];
        if (f.file !== anchor.file)
            continue;
        if (f.function === undefined || anchor.function === undefined || f.function === anchor.function)
            return i;
    }
    return -1;
}

;// CONCATENATED MODULE: ./src/reports/logs/python-traceback.ts
/**
 * The interpreter's own traceback format, as `python`, `unittest`, `pytest --tb=native` and
 * logging's `logger.exception` print it:
 *
 *   Traceback (most recent call last):
 *     File "/abs/path/pricing.py", line 24, in average_price
 *       return total / len(prices)
 *              ~~~~~~^~~~~~~~~~~~~
 *   ZeroDivisionError: division by zero
 *
 * Frames are printed outermost first, which is the order LogFailure wants. Frames without source
 * (`File "<frozen importlib._bootstrap>", line 1204, in _gcd_import`) and library frames are kept
 * raw: `frames/` decides what is the user's code.
 */


const TRACEBACK_HEADER = /^\s*Traceback \(most recent call last\):\s*$/;
const FILE_LINE = /^(\s*)File "(.+)", line (\d+)(?:, in (.+))?$/;
const REPEATED = /^\s*\[Previous line repeated \d+ more times?\]$/;
/** `^^^^` / `~~~^~~~` markers under the source line (Python 3.11+), or pytest's under its code. */
const CARET_LINE = /^\s*[\^~]+\s*$/;
/** `pkg.mod.ErrorName: message`, `ErrorName`, `ErrorName:` (the start of an exception's first line). */
const EXCEPTION_HEAD = /^([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)(?:: ?|\s*$)/;
function isCaretLine(line) {
    return CARET_LINE.test((0,traceback_bounds/* structuralHead */.Cy)(line));
}
/**
 * A line that closes a block of a test report: pytest's `==== title ====`, `____ test ____`,
 * `---- Captured stdout call ----` and `!!!! Interrupted !!!!` rules, unittest's `=====` and `-----`.
 */
function isBlockRule(line) {
    const h = (0,traceback_bounds/* structuralHead */.Cy)(line);
    const c = h[0];
    if (c !== '=' && c !== '-' && c !== '_' && c !== '!')
        return false;
    if (/^([=\-_!])\1*$/.test(h))
        return h.length >= 10;
    return /^([=\-_!])\1{2,} .+ \1{3,}$/.test(h);
}
/**
 * Split the text of an exception (`Type: message` plus continuation lines) into type and message.
 * A first line that does not name an exception class (pytest's rewritten `assert 1 == 2`) gives no
 * type: the caller knows better (pytest's location line, or `AssertionError` for an `assert`).
 */
function parseExceptionText(lines) {
    const first = lines[0] ?? '';
    const m = EXCEPTION_HEAD.exec((0,traceback_bounds/* structuralHead */.Cy)(first));
    const lastPart = m ? m[1].slice(m[1].lastIndexOf('.') + 1) : '';
    // Exception classes are capitalised by convention; a lowercase word is a message, not a type.
    if (m && /^[A-Z]/.test(lastPart)) {
        const message = [first.slice(m[0].length), ...lines.slice(1)].join('\n').trim();
        return { exceptionType: m[1], message };
    }
    return { message: lines.join('\n').trim() };
}
/**
 * Parse a traceback (and the chain that follows it) whose header is `lines[start]`, reading no
 * further than `end`. `delimited`: the traceback sits in a block that ends at `end` (a pytest
 * section, a unittest block), so a message may contain blank lines; otherwise a blank line ends it.
 */
function parseNativeTraceback(lines, start, end, delimited) {
    const segments = [];
    let i = start;
    while (i < end && segments.length < 50) {
        const seg = parseOneTraceback(lines, i, end, delimited);
        segments.push(seg.segment);
        i = seg.next;
        // A chain continues after blank lines, a separator, blank lines and another header.
        let k = i;
        while (k < end && lines[k].trim() === '')
            k++;
        const relation = k < end ? chainSeparator((0,traceback_bounds/* structuralHead */.Cy)(lines[k])) : undefined;
        if (!relation)
            break;
        k++;
        while (k < end && lines[k].trim() === '')
            k++;
        if (k >= end || !TRACEBACK_HEADER.test((0,traceback_bounds/* structuralHead */.Cy)(lines[k])))
            break;
        seg.segment.linkToNext = relation;
        i = k;
    }
    return { segments, next: i };
}
function parseOneTraceback(lines, start, end, delimited) {
    const baseIndent = python_traceback_indentOf(lines[start]);
    const frames = traceback_bounds/* FrameWindow */.uF.outermostFirst();
    let i = start + 1;
    while (i < end) {
        const line = (0,traceback_bounds/* structuralHead */.Cy)(lines[i]);
        const m = FILE_LINE.exec(line);
        if (m) {
            const lineNo = (0,traceback_bounds/* parseLineNumber */.P8)(m[3]);
            const frame = lineNo === undefined ? undefined : { file: m[2], line: lineNo };
            if (frame && m[4] !== undefined)
                frame.function = m[4].trim();
            if (frame)
                frames.push(frame);
            const fileIndent = m[1].length;
            i++;
            // The source line, then caret markers (and, for a multi-line statement, more source lines).
            let sawSource = false;
            while (i < end) {
                const next = (0,traceback_bounds/* structuralHead */.Cy)(lines[i]);
                if (next.trim() === '' || python_traceback_indentOf(next) <= fileIndent || next.trimStart().startsWith('File "'))
                    break;
                if (!sawSource && !isCaretLine(next) && frame)
                    frame.sourceLine = next.trim();
                sawSource = true;
                i++;
            }
            continue;
        }
        if (REPEATED.test(line)) {
            i++;
            continue;
        }
        // Anything indented deeper than the header that is not a frame (exception-group drawings,
        // tool-specific decorations) is skipped; the first line back at the header's indentation is
        // the exception.
        if (line.trim() !== '' && python_traceback_indentOf(line) > baseIndent) {
            i++;
            continue;
        }
        break;
    }
    if (i >= end || lines[i].trim() === '')
        return { segment: { frames: frames.toArray(), message: '' }, next: i };
    const textLines = [lines[i].slice(Math.min(baseIndent, python_traceback_indentOf(lines[i])))];
    i++;
    while (i < end && textLines.length < traceback_bounds/* MAX_MESSAGE_LINES */.de) {
        const line = lines[i];
        const head = (0,traceback_bounds/* structuralHead */.Cy)(line);
        if (chainSeparator(head) || TRACEBACK_HEADER.test(head) || isBlockRule(head))
            break;
        if (line.trim() === '') {
            if (!delimited)
                break;
            let k = i + 1;
            while (k < end && lines[k].trim() === '')
                k++;
            const after = k < end ? (0,traceback_bounds/* structuralHead */.Cy)(lines[k]) : '';
            if (k >= end || chainSeparator(after) || TRACEBACK_HEADER.test(after) || isBlockRule(after))
                break;
        }
        textLines.push(line);
        i++;
    }
    const exc = parseExceptionText(textLines);
    const segment = { frames: frames.toArray(), message: exc.message };
    if (exc.exceptionType !== undefined)
        segment.exceptionType = exc.exceptionType;
    return { segment, next: i };
}
function python_traceback_indentOf(line) {
    let n = 0;
    while (n < line.length && (line[n] === ' ' || line[n] === '\t'))
        n++;
    return n;
}

;// CONCATENATED MODULE: ./src/reports/logs/pytest-entries.ts
/**
 * The body of one pytest failure section in pytest's own traceback styles (`--tb=auto`, the
 * default, `long` and `short`), as printed in the log and in the JUnit `<failure>` body.
 *
 * A long entry (auto prints the first and last entries long) shows the function's arguments, its
 * source up to the failing line marked `>`, `E` lines with the exception, the locals block with
 * `-l`, and ends with its location:
 *
 *   raw = '{not json'                         <- arguments (`name = value, name = value`)
 *
 *       def load_order(raw):                  <- source, indented 4
 *   >           return json.loads(raw)        <- the failing line
 *   E           ValueError: ...               <- the exception (last entry only)
 *
 *   raw        = '{not json'                  <- locals block (`-l`)
 *
 *   inventory/pricing.py:34: ValueError       <- location (and, on the last entry, the type)
 *
 * A short entry starts with its location and function, then the line (and, with `-l`, locals
 * indented 8):
 *
 *   inventory/pricing.py:29: in cart_average
 *       return average_price(prices)
 *           prices     = []
 *
 * Entries are separated by `_ _ _ _` lines; an exception chain by the interpreter's separator
 * sentences (see python-chain.ts).
 */




const ENTRY_SEPARATOR = /^(?:_ )+_?\s*$/;
/** `path:line: in function`: a short entry's header. The path starts at column 0. */
const SHORT_HEADER = /^(\S(?:.*?\S)?):(\d+): in (.+)$/;
/** `path:line: [ExceptionName]`: a long entry's closing location line. */
const LONG_LOCATION = /^(\S(?:.*?\S)?):(\d+):(?: (.*))?$/;
const DEF_LINE = /^\s*(?:async\s+)?def\s+([A-Za-z_]\w*)/;
/** One `name = value` (an argument line holds several, joined by `, `). */
const ASSIGNMENT = /^([A-Za-z_]\w*)\s*= (.*)$/;
const SHORT_LOCAL = /^ {8}([A-Za-z_]\w*)\s*= (.*)$/;
/** Does this path look like a file a traceback names (not a sentence with a colon in it)? */
function looksLikePath(p) {
    return /\.pyw?$/.test(p) || (p.startsWith('<') && p.endsWith('>')) || p.includes('/') || p.includes('\\');
}
/** Split a section body (`lines[start..end)`) into the printed tracebacks of its chain. */
function parsePytestEntries(lines, start, end) {
    const segments = [];
    let segStart = start;
    for (let i = start; i <= end; i++) {
        const relation = i < end ? chainSeparator((0,traceback_bounds/* structuralHead */.Cy)(lines[i])) : undefined;
        if (i === end || relation) {
            const seg = parseSegment(lines, segStart, i);
            if (relation)
                seg.linkToNext = relation;
            // An empty stretch (nothing before the first separator) is no traceback.
            if (seg.frames.length > 0 || seg.message !== '' || seg.exceptionType !== undefined)
                segments.push(seg);
            segStart = i + 1;
        }
    }
    return segments;
}
function newLongEntry() {
    return { args: [], locals: [], sawCode: false };
}
function parseSegment(lines, start, end) {
    return new SegmentReader(lines).read(start, end);
}
/** Reads the entries of one printed traceback; the entry being read is its state. */
class SegmentReader {
    lines;
    frames = traceback_bounds/* FrameWindow */.uF.outermostFirst();
    /** The long entry being read (reset by every location line and short header). */
    long = newLongEntry();
    /** The short entry being read, once its `path:line: in fn` header is seen. */
    short;
    shortSawSource = false;
    /** The last run of `E` lines: the exception. */
    eLines = [];
    lastWasE = false;
    /** The exception name a long entry's location line ends with. */
    locationType;
    constructor(lines) {
        this.lines = lines;
    }
    read(start, end) {
        runSteps(this.lines, [
            (i, line) => this.exceptionLine(i, line),
            (i, line) => (ENTRY_SEPARATOR.test(line) ? this.endShort(i) : undefined),
            (i, line) => this.markedLine(i, line),
            (i, line) => this.shortHeader(i, line),
            (i, line) => this.longLocation(i, line),
            (i, line) => (line.trim() === '' ? i + 1 : undefined),
            (i, line) => this.shortBody(i, line),
            (i, line) => this.longBody(i, line),
        ], { start, end });
        return this.segment();
    }
    /** `E   ValueError: …`: a run of them is the exception (the last run wins). */
    exceptionLine(i, line) {
        if (!/^E(?:\s|$)/.test(line)) {
            this.lastWasE = false;
            return undefined;
        }
        if (!this.lastWasE)
            this.eLines = [];
        if (this.eLines.length < traceback_bounds/* MAX_MESSAGE_LINES */.de)
            this.eLines.push(this.lines[i].slice(1));
        this.lastWasE = true;
        return i + 1;
    }
    endShort(i) {
        this.short = undefined;
        return i + 1;
    }
    /** `>       return json.loads(raw)`: the failing line of a long entry. */
    markedLine(i, line) {
        if (!/^>(?:\s|$)/.test(line))
            return undefined;
        this.long.marked = line.slice(1).trim();
        this.long.sawCode = true;
        return this.endShort(i);
    }
    /** `inventory/pricing.py:29: in cart_average`: a short entry starts. */
    shortHeader(i, line) {
        const sh = SHORT_HEADER.exec(line);
        if (!sh || !looksLikePath(sh[1]))
            return undefined;
        const lineNo = (0,traceback_bounds/* parseLineNumber */.P8)(sh[2]);
        if (lineNo !== undefined) {
            this.short = { file: sh[1], line: lineNo, function: sh[3].trim() };
            this.frames.push(this.short);
            this.shortSawSource = false;
        }
        this.long = newLongEntry();
        return i + 1;
    }
    /** `inventory/pricing.py:34: ValueError`: the location that closes a long entry. */
    longLocation(i, line) {
        const long = this.long;
        if (long.marked === undefined || this.short)
            return undefined;
        const loc = LONG_LOCATION.exec(line);
        if (!loc || !looksLikePath(loc[1]))
            return undefined;
        const lineNo = (0,traceback_bounds/* parseLineNumber */.P8)(loc[2]);
        if (lineNo !== undefined) {
            const frame = { file: loc[1], line: lineNo };
            if (long.defName !== undefined)
                frame.function = long.defName;
            if (long.marked !== '???')
                frame.sourceLine = long.marked;
            const locals = long.locals.length > 0 ? long.locals : long.args;
            if (locals.length > 0)
                frame.locals = locals;
            this.frames.push(frame);
        }
        const text = loc[3]?.trim();
        if (text)
            this.locationType = text;
        this.long = newLongEntry();
        return i + 1;
    }
    /** Short entry: the source line, caret markers, then `-l` locals indented 8. */
    shortBody(i, line) {
        const short = this.short;
        if (!short)
            return undefined;
        const local = this.shortSawSource ? SHORT_LOCAL.exec(line) : null;
        if (local) {
            const raw = this.lines[i];
            pushLocal(short, local[1], raw.slice(raw.indexOf('=') + 2));
        }
        else if (!this.shortSawSource && /^\s/.test(line) && !isCaretLine(line)) {
            short.sourceLine = line.trim();
            this.shortSawSource = true;
        }
        return i + 1;
    }
    /** Long entry: the `def` line and source, arguments before them, `-l` locals after the `>` line. */
    longBody(i, line) {
        const long = this.long;
        const def = DEF_LINE.exec(line);
        if (def) {
            long.defName ??= def[1];
            long.sawCode = true;
        }
        else if (/^\s/.test(line)) {
            long.sawCode = true;
        }
        else if (ASSIGNMENT.test(line)) {
            // Before the source: the function's arguments; after the `>` line: the `-l` locals block.
            const raw = this.lines[i];
            if (long.marked !== undefined)
                pushAll(long.locals, [splitAssignment(raw)]);
            else if (!long.sawCode)
                pushAll(long.args, splitArguments(raw));
        }
        return i + 1;
    }
    segment() {
        const exc = this.eLines.length > 0 ? parseELines(this.eLines) : { message: '' };
        let exceptionType = exc.exceptionType;
        if (exceptionType === undefined) {
            const located = this.locationType;
            if (located !== undefined && /^[A-Za-z_][\w.]*$/.test(located))
                exceptionType = located;
            else if (/^assert\b/.test(exc.message))
                exceptionType = 'AssertionError';
        }
        const seg = { frames: this.frames.toArray(), message: exc.message };
        if (exceptionType !== undefined)
            seg.exceptionType = exceptionType;
        return seg;
    }
}
/** `E` lines with the `E` removed: strip their shared indentation, then read type and message. */
function parseELines(eLines) {
    let indent = Infinity;
    for (const l of eLines) {
        if (l.trim() === '')
            continue;
        let n = 0;
        while (n < l.length && n < indent && (l[n] === ' ' || l[n] === '\t'))
            n++;
        indent = Math.min(indent, n);
    }
    if (!Number.isFinite(indent))
        indent = 0;
    const text = eLines.map((l) => l.slice(Math.min(indent, l.length)).trimEnd());
    return parseExceptionText(text);
}
function pushLocal(frame, name, value) {
    frame.locals ??= [];
    if (frame.locals.length < traceback_bounds/* MAX_LOCALS */.mf)
        frame.locals.push({ name, value });
}
function pushAll(into, items) {
    for (const it of items)
        if (into.length < traceback_bounds/* MAX_LOCALS */.mf)
            into.push(it);
}
/** `name      = value` (pytest pads names to line the `=` up). */
function splitAssignment(line) {
    const eq = line.indexOf('=');
    return { name: line.slice(0, eq).trim(), value: line.slice(eq + 2) };
}
/**
 * `self = <Obj at 0x1>, s = '{not json'`: pytest joins a function's arguments with `, `. A value
 * containing `, x = ` is split wrongly; the values are evidence for a reader, not data to evaluate.
 */
function splitArguments(line) {
    const out = [];
    for (const part of line.split(/, (?=[A-Za-z_]\w* = )/)) {
        const m = ASSIGNMENT.exec((0,traceback_bounds/* structuralHead */.Cy)(part));
        if (m)
            out.push({ name: m[1], value: part.slice(part.indexOf('=') + 2) });
        if (out.length >= traceback_bounds/* MAX_LOCALS */.mf)
            break;
    }
    return out;
}

;// CONCATENATED MODULE: ./src/reports/logs/python.ts
/**
 * Python test logs: pytest (every `--tb` style, `-l/--showlocals`, collection errors, the short
 * summary), `python -m unittest`, and bare interpreter tracebacks anywhere in a log.
 *
 * What ties a failure to its test:
 * - pytest: the `____ TestClass.test_name ____` section header, completed with the node id from
 *   the `FAILED tests/test_x.py::TestClass::test_name - msg` summary line when there is one
 *   (`test.id` is the node id, `test.classname` the dotted module and class as pytest's JUnit
 *   writes it). `--tb=line` prints no headers: its failures are paired, in order, with the
 *   summary lines of the same kind when the counts agree.
 * - unittest: the `FAIL: test_x (tests.test_mod.TestCase.test_x)` header.
 * Chained exceptions: see python-chain.ts (the reported exception is the last one printed; the
 * frames are the cause's where the last one only translated it).
 * Locals: per frame (`RawFrame.locals`); `LogFailure.locals` are those of the deepest frame that
 * printed some and is not obviously library code (site-packages, the standard library, frozen
 * importlib): a convenience for readers of the log alone, `frames/` makes the real decision.
 */





const SECTION_HEADER = /^_{2,} (.+?) _{2,}$/;
const RULE_TITLE = /^={2,} (.+?) ={2,}$/;
const SUMMARY_LINE = /^(FAILED|ERROR) (.+)$/;
const UNITTEST_HEADER = /^(FAIL|ERROR): (\S+) \(([^()]*)\)(.*)$/;
/** `--tb=line`: `/abs/path/file.py:24: message`. */
const LINE_STYLE_LOCATION = /^(\S(?:.*?\S)?\.pyw?|<[^>]+>):(\d+): (.*)$/;
const pythonLogParser = {
    language: 'python',
    detect(log) {
        return (log.includes('Traceback (most recent call last):') ||
            log.includes('test session starts') ||
            /\.py:\d+: |\.py::\w/.test(log));
    },
    parse(log) {
        return new PythonLogReader((0,traceback_bounds/* readLogLines */.WK)(log)).read().map(traceback_bounds/* boundFailure */.Fd);
    },
};
/** Reads one log: pytest's report regions and sections, unittest blocks, bare tracebacks. */
class PythonLogReader {
    log;
    found = [];
    summary = [];
    /** The pytest report region the lines are in (after its `==== FAILURES ====` rule). */
    region;
    /** `--tb=line`: chain segments, `E` lines and the first line of those, since the last location line. */
    pendingLine = [];
    pendingE = [];
    pendingStart = -1;
    constructor(log) {
        this.log = log;
    }
    read() {
        runSteps(this.log.lines, [
            (i, line) => this.regionRule(i, line),
            (i, line) => this.pytestSection(i, line),
            (i, line) => this.unittestBlock(i, line),
            (i, line) => this.traceback(i, line),
            (i, line) => this.summaryLine(i, line),
            (i, line) => this.lineStyleLine(i, line),
        ], { full: () => this.found.length >= traceback_bounds/* MAX_FAILURES */.T9 });
        return this.finish();
    }
    at(i) {
        return i + this.log.firstLine;
    }
    /** `==== FAILURES ====`, `==== ERRORS ====`, `==== short test summary info ====`, any other rule. */
    regionRule(i, line) {
        const title = RULE_TITLE.exec(line);
        if (!title)
            return undefined;
        const t = title[1].trim();
        this.region =
            t === 'FAILURES'
                ? 'failures'
                : t === 'ERRORS'
                    ? 'errors'
                    : t === 'short test summary info'
                        ? 'summary'
                        : undefined;
        this.pendingLine = [];
        this.pendingE = [];
        return i + 1;
    }
    /** `____ TestC.test_x ____` and its body, up to the next section or rule. */
    pytestSection(i, line) {
        const header = SECTION_HEADER.exec(line);
        if (!header || /^(?:_ )+_?$/.test(line))
            return undefined;
        const lines = this.log.lines;
        const end = sectionEnd(lines, i + 1);
        const p = parsePytestSection(lines, i, end, header[1]);
        if (p) {
            p.failure.logLines = { start: this.at(i), end: this.at(lastContentLine(lines, i, end)) };
            this.found.push(p);
        }
        return end;
    }
    /** unittest's `FAIL: test_x (tests.test_mod.TestCase.test_x)` block. */
    unittestBlock(i, line) {
        const ut = UNITTEST_HEADER.exec(line);
        const lines = this.log.lines;
        if (!ut || !isUnittestBlockStart(lines, i + 1))
            return undefined;
        const end = unittestBlockEnd(lines, i + 1);
        const failure = parseUnittestBlock(lines, i, end, ut);
        failure.logLines = { start: this.at(i), end: this.at(end - 1) };
        this.found.push({ failure });
        return end;
    }
    /** `Traceback (most recent call last):` anywhere, with the chain printed after it. */
    traceback(i, line) {
        if (!TRACEBACK_HEADER.test(line))
            return undefined;
        const tb = parseNativeTraceback(this.log.lines, i, this.log.lines.length, false);
        const failure = { language: 'python', kind: 'failure', ...resolvePythonChain(tb.segments) };
        failure.logLines = { start: this.at(i), end: this.at(Math.max(i, tb.next - 1)) };
        addLocals(failure);
        this.found.push({ failure });
        return tb.next;
    }
    /** `FAILED tests/test_x.py::test_y - msg` in the short test summary. */
    summaryLine(i, line) {
        if (this.region !== 'summary')
            return undefined;
        const s = SUMMARY_LINE.exec(line);
        if (s)
            this.summary.push({ outcome: s[1], ...splitSummary(s[2]), line: this.at(i), used: false });
        return i + 1;
    }
    /** `--tb=line`: `E` lines (and chain separators), closed by the crash location. */
    lineStyleLine(i, line) {
        const region = this.region;
        if (region !== 'failures' && region !== 'errors')
            return undefined;
        const raw = this.log.lines[i];
        if (/^E(?:\s|$)/.test(line)) {
            if (this.pendingStart < 0)
                this.pendingStart = i;
            if (this.pendingE.length < traceback_bounds/* MAX_MESSAGE_LINES */.de)
                this.pendingE.push(raw.slice(1));
        }
        else if (this.pendingE.length > 0 && /^\s+\S/.test(line)) {
            // pytest prints the continuation of a multi-line message without the `E`.
            if (this.pendingE.length < traceback_bounds/* MAX_MESSAGE_LINES */.de)
                this.pendingE.push(raw);
        }
        else if (chainSeparator(line)) {
            this.pendingLine.push({ ...segmentFromE(this.pendingE), linkToNext: chainSeparator(line) });
            this.pendingE = [];
        }
        else {
            this.lineStyleLocation(i, line, region);
        }
        return i + 1;
    }
    /** `/abs/path/file.py:24: message`: the location that closes a `--tb=line` failure. */
    lineStyleLocation(i, line, region) {
        const loc = LINE_STYLE_LOCATION.exec(line);
        const lineNo = loc ? (0,traceback_bounds/* parseLineNumber */.P8)(loc[2]) : undefined;
        if (!loc || lineNo === undefined)
            return;
        const last = this.pendingE.length > 0 ? segmentFromE(this.pendingE) : segmentFromText(loc[3]);
        last.frames = [{ file: loc[1], line: lineNo }];
        const failure = {
            language: 'python',
            kind: region === 'errors' ? 'error' : 'failure',
            ...resolvePythonChain([...this.pendingLine, last]),
        };
        failure.logLines = { start: this.at(this.pendingStart < 0 ? i : this.pendingStart), end: this.at(i) };
        this.found.push({ failure, lineStyle: region });
        this.pendingLine = [];
        this.pendingE = [];
        this.pendingStart = -1;
    }
    finish() {
        const { lines, firstLine } = this.log;
        // A JUnit `<failure>` body is one section's text without its header: pytest's entries alone.
        if (this.found.length === 0 && this.summary.length === 0) {
            const body = parseBareEntries(lines, firstLine);
            if (body)
                this.found.push({ failure: body });
        }
        attachSummary(this.found, this.summary);
        const failures = this.found.map((p) => p.failure);
        // Summary lines no section explains (`--tb=no`, or a report cut short) still name a failure.
        for (const s of this.summary) {
            if (s.used || failures.length >= traceback_bounds/* MAX_FAILURES */.T9)
                continue;
            failures.push({
                language: 'python',
                kind: s.outcome === 'ERROR' ? 'error' : 'failure',
                test: testFromNodeId(s.nodeId),
                ...segmentFromText(s.message ?? ''),
                logLines: { start: s.line, end: s.line },
            });
        }
        return failures;
    }
}
/** pytest entries without a section (a JUnit body): a failure only if they hold a frame. */
function parseBareEntries(lines, firstLine) {
    const segments = parsePytestEntries(lines, 0, lines.length);
    if (!segments.some((s) => s.frames.length > 0))
        return undefined;
    const failure = { language: 'python', kind: 'failure', ...resolvePythonChain(segments) };
    failure.logLines = { start: firstLine, end: firstLine + lines.length - 1 };
    addLocals(failure);
    return failure;
}
/** The last line of a section worth pointing at: not a trailing blank or rule (`-- generated xml file --`). */
function lastContentLine(lines, start, end) {
    let k = end - 1;
    while (k > start && (lines[k].trim() === '' || isBlockRule(lines[k])))
        k--;
    return k;
}
/** A section runs to the next section header or `=====` rule. */
function sectionEnd(lines, from) {
    let i = from;
    while (i < lines.length) {
        const l = (0,traceback_bounds/* structuralHead */.Cy)(lines[i]);
        if ((SECTION_HEADER.test(l) && !/^(?:_ )+_?$/.test(l)) || RULE_TITLE.test(l))
            break;
        i++;
    }
    return i;
}
function parsePytestSection(lines, headerIndex, end, title) {
    // Captured output follows the traceback inside the section; it is the test's, not a traceback.
    let bodyEnd = headerIndex + 1;
    while (bodyEnd < end && !/^-{3,} Captured .* -{3,}$/.test((0,traceback_bounds/* structuralHead */.Cy)(lines[bodyEnd])))
        bodyEnd++;
    let first = headerIndex + 1;
    while (first < bodyEnd && lines[first].trim() === '')
        first++;
    let segments;
    if (first < bodyEnd && TRACEBACK_HEADER.test((0,traceback_bounds/* structuralHead */.Cy)(lines[first]))) {
        segments = parseNativeTraceback(lines, first, bodyEnd, true).segments;
    }
    else {
        segments = parsePytestEntries(lines, headerIndex + 1, bodyEnd);
    }
    const failure = { language: 'python', kind: 'failure', ...resolvePythonChain(segments) };
    const collecting = /^ERROR collecting (.+)$/.exec(title);
    const setup = /^ERROR at (?:setup|teardown) of (.+)$/.exec(title);
    if (collecting) {
        failure.kind = 'error';
        failure.test = testFromNodeId(collecting[1]);
    }
    else if (setup) {
        failure.kind = 'error';
        failure.test = testFromTitle(setup[1], failure.frames);
    }
    else {
        failure.test = testFromTitle(title, failure.frames);
    }
    addLocals(failure);
    return { failure, title: collecting ? collecting[1] : (setup?.[1] ?? title) };
}
/** `TestC.test_x[1.5]` → name `test_x[1.5]`, class `TestC`; the file from the test's own frame. */
function testFromTitle(title, frames) {
    const parts = splitOutsideBrackets(title, '.');
    const name = parts[parts.length - 1];
    const test = { name };
    if (parts.length > 1)
        test.classname = parts.slice(0, -1).join('.');
    const bare = name.replace(/\[.*$/, '');
    const own = frames.find((f) => f.function === bare);
    if (own)
        test.file = own.file;
    return test;
}
/** `tests/test_x.py::TestC::test_y[p]` → file, name, pytest's JUnit classname, node id. */
function testFromNodeId(nodeId) {
    const parts = splitOutsideBrackets(nodeId, '::');
    const file = parts[0];
    const module = file.replace(/\.pyw?$/, '').replace(/[\\/]/g, '.');
    if (parts.length === 1)
        return { file, id: nodeId, name: module };
    return { file, id: nodeId, name: parts[parts.length - 1], classname: [module, ...parts.slice(1, -1)].join('.') };
}
function splitOutsideBrackets(s, sep) {
    const out = [];
    let depth = 0;
    let from = 0;
    for (let i = 0; i < s.length; i++) {
        const c = s[i];
        if (c === '[')
            depth++;
        else if (c === ']')
            depth = Math.max(0, depth - 1);
        else if (depth === 0 && s.startsWith(sep, i)) {
            out.push(s.slice(from, i));
            from = i + sep.length;
            i += sep.length - 1;
        }
    }
    out.push(s.slice(from));
    return out;
}
/** `nodeid - message`; a parametrised id may itself contain ` - ` inside its brackets. */
function splitSummary(rest) {
    let depth = 0;
    for (let i = 0; i < rest.length; i++) {
        const c = rest[i];
        if (c === '[')
            depth++;
        else if (c === ']')
            depth = Math.max(0, depth - 1);
        else if (depth === 0 && rest.startsWith(' - ', i))
            return { nodeId: rest.slice(0, i), message: rest.slice(i + 3) };
    }
    return { nodeId: rest.trim() };
}
/**
 * Complete section failures with their summary line's node id, and pair `--tb=line` failures with
 * summary lines of their kind by order (only when the counts agree: otherwise a pairing is a guess).
 */
function attachSummary(found, summary) {
    for (const p of found) {
        if (p.title === undefined)
            continue;
        const isCollection = p.failure.kind === 'error' && p.failure.test?.id !== undefined && !p.failure.test.id.includes('::');
        const suffix = splitOutsideBrackets(p.title, '.').join('::');
        const match = summary.find((s) => !s.used && (isCollection ? s.nodeId === p.title : s.nodeId === suffix || s.nodeId.endsWith(`::${suffix}`)));
        if (!match)
            continue;
        match.used = true;
        if (!isCollection)
            p.failure.test = { ...testFromNodeId(match.nodeId) };
    }
    for (const kind of ['failures', 'errors']) {
        const outcome = kind === 'failures' ? 'FAILED' : 'ERROR';
        const mine = found.filter((p) => p.lineStyle === kind);
        const lines = summary.filter((s) => s.outcome === outcome && !s.used);
        if (mine.length === 0 || mine.length !== lines.length)
            continue;
        mine.forEach((p, k) => {
            lines[k].used = true;
            p.failure.test = testFromNodeId(lines[k].nodeId);
        });
    }
}
function isUnittestBlockStart(lines, from) {
    // The header is followed by a dashed rule (after the test's docstring line, if it has one).
    for (let k = from; k < Math.min(lines.length, from + 3); k++) {
        if (/^-{10,}$/.test((0,traceback_bounds/* structuralHead */.Cy)(lines[k])))
            return true;
    }
    return false;
}
function unittestBlockEnd(lines, from) {
    let i = from;
    while (i < lines.length && !/^-{10,}$/.test((0,traceback_bounds/* structuralHead */.Cy)(lines[i])))
        i++;
    i++;
    while (i < lines.length && !/^(?:={10,}|-{10,})$/.test((0,traceback_bounds/* structuralHead */.Cy)(lines[i])))
        i++;
    return Math.min(i, lines.length);
}
function parseUnittestBlock(lines, start, end, header) {
    const name = header[2];
    const id = header[3];
    const classname = id.endsWith(`.${name}`) ? id.slice(0, -(name.length + 1)) : id;
    let tb = -1;
    for (let k = start + 1; k < end; k++) {
        if (TRACEBACK_HEADER.test((0,traceback_bounds/* structuralHead */.Cy)(lines[k]))) {
            tb = k;
            break;
        }
    }
    const failure = tb >= 0
        ? { language: 'python', ...resolvePythonChain(parseNativeTraceback(lines, tb, end, true).segments) }
        : { language: 'python', ...segmentFromText(python_blockText(lines, start + 1, end)), frames: [] };
    // `unittest.loader._FailedTest` is a module that could not be imported; setUpClass/setUpModule
    // errors are fixtures: neither is a test that ran and failed.
    const importError = classname.startsWith('unittest.loader._Failed') ||
        /^(?:setUpClass|setUpModule|tearDownClass|tearDownModule)$/.test(name);
    failure.kind = importError ? 'error' : 'failure';
    failure.test = { name, classname, id: `${classname}.${name}` };
    addLocals(failure);
    return failure;
}
function python_blockText(lines, from, end) {
    const out = [];
    for (let k = from; k < end && out.length < traceback_bounds/* MAX_MESSAGE_LINES */.de; k++) {
        if (/^-{10,}$/.test((0,traceback_bounds/* structuralHead */.Cy)(lines[k])))
            continue;
        out.push(lines[k]);
    }
    return out.join('\n').trim();
}
function segmentFromE(eLines) {
    const exc = parseELines(eLines);
    const seg = { frames: [], message: exc.message };
    const type = exc.exceptionType ?? (/^assert\b/.test(exc.message) ? 'AssertionError' : undefined);
    if (type !== undefined)
        seg.exceptionType = type;
    return seg;
}
function segmentFromText(text) {
    return segmentFromE([text]);
}
/**
 * Paths that are almost surely not the user's: installed packages, the standard library, frozen
 * importlib, generated code. Only used to pick `LogFailure.locals`.
 */
function isLikelyLibraryPath(file) {
    return (/[\\/](?:site|dist)-packages[\\/]/.test(file) ||
        /[\\/]lib[\\/]python\d+(?:\.\d+)?[\\/]/i.test(file) ||
        /[\\/]Lib[\\/]/.test(file) ||
        file.startsWith('<'));
}
function addLocals(failure) {
    for (let k = failure.frames.length - 1; k >= 0; k--) {
        const f = failure.frames[k];
        if (f.locals && f.locals.length > 0 && !isLikelyLibraryPath(f.file)) {
            failure.locals = f.locals;
            return;
        }
    }
}

;// CONCATENATED MODULE: ./src/reports/logs/rust.ts
/**
 * `cargo test` (libtest) output:
 *
 *   ---- tests::balance_counts_refunds stdout ----
 *   thread 'tests::balance_counts_refunds' (12644) panicked at src/lib.rs:50:9:
 *   assertion `left == right` failed
 *     left: 120
 *    right: 90
 *
 * The panic line has had three shapes: Rust ≥ 1.73 puts the location first and the message on
 * the following lines (`panicked at src/lib.rs:50:9:`), recent versions add the thread id
 * (`'name' (12644)`), and older ones quote the message first (`panicked at 'msg', src/lib.rs:4:5`,
 * the quoted message possibly spanning lines). The location is the user's call site even for
 * `unwrap()`/`expect()` (they are `#[track_caller]`), so without a backtrace it is the one frame.
 * With `RUST_BACKTRACE=1` the backtrace (`  5: ledger::owner_of` / `at ./src/lib.rs:24:46`,
 * deepest first) gives the frames, outermost first here; standard library frames
 * (`/rustc/<hash>/library/...`) are kept raw. Every section (`---- name stdout ----`) is a failure,
 * also without a panic (`note: test did not panic as expected`); names in the `failures:` list
 * without a section still get one. Compiler errors (`error[E0425]: …` / `--> src/lib.rs:3:5`) are
 * `kind: 'error'`.
 *
 * Test hints: `test.id` is the full path as libtest prints it (`tests::balance_counts_refunds`),
 * `test.name` its last segment and `test.classname` the module path, as libtest's JUnit writes them.
 */



const SECTION = /^---- (.+?) (?:stdout|stderr) ----\s*$/;
const PANIC_NEW = /^thread '([^']*)'(?: \(\d+\))? panicked at (.+?):(\d+):(\d+):\s*$/;
const PANIC_OLD_START = /^thread '([^']*)'(?: \(\d+\))? panicked at '(.*)$/;
const PANIC_OLD_END = /^(.*)', (.+?):(\d+):(\d+)\s*$/;
/** Backtrace: `  5: ledger::owner_of` (or `RUST_BACKTRACE=full`'s `  5:     0x55d5 - ledger::owner_of::h01…`). */
const BT_FRAME = /^\s*(\d+): (?:\s*0x[0-9a-f]+ - )?(.+?)\s*$/;
const BT_AT = /^\s+at (.+?):(\d+)(?::(\d+))?\s*$/;
const FAILURES_LIST = /^failures:\s*$/;
const TEST_RESULT = /^test result: /;
const rustLogParser = {
    language: 'rust',
    detect(log) {
        return (log.includes(' panicked at ') ||
            /^---- .+ stdout ----$/m.test(log) ||
            /^test .+ \.\.\. FAILED$/m.test(log) ||
            /^error\[E\d+\]: /m.test(log));
    },
    parse(log) {
        return new RustLogReader((0,traceback_bounds/* readLogLines */.WK)(log)).read().map(traceback_bounds/* boundFailure */.Fd);
    },
};
/** Reads one `cargo test` log: sections, panics outside them, compile errors, the `failures:` list. */
class RustLogReader {
    log;
    out = [];
    /** Tests that have a failure already (the `failures:` list adds the others). */
    seen = new Set();
    listed = [];
    constructor(log) {
        this.log = log;
    }
    read() {
        runSteps(this.log.lines, [
            (i, line) => this.section(i, line),
            (i, line) => this.failuresList(i, line),
            (i, line) => this.uncapturedPanic(i, line),
            (i) => this.compileError(i),
        ], { full: () => this.out.length >= traceback_bounds/* MAX_FAILURES */.T9 });
        this.addListed();
        return this.out;
    }
    /** `---- tests::name stdout ----`: the test's captured output, up to the next section or list. */
    section(i, line) {
        const section = SECTION.exec(line);
        if (!section)
            return undefined;
        const end = rust_sectionEnd(this.log.lines, i + 1);
        this.out.push(parseSection(this.log.lines, i, end, section[1], this.log.firstLine));
        this.seen.add(section[1]);
        return end;
    }
    /** `failures:` precedes both the sections and, later, the plain list of names. */
    failuresList(i, line) {
        if (!FAILURES_LIST.test(line))
            return undefined;
        const lines = this.log.lines;
        let k = i + 1;
        const names = [];
        while (k < lines.length && /^\s{4}\S+\s*$/.test((0,traceback_bounds/* structuralHead */.Cy)(lines[k]))) {
            names.push({ name: lines[k].trim(), line: k + this.log.firstLine });
            k++;
        }
        if (names.length === 0)
            return undefined;
        this.listed = this.listed.concat(names.slice(0, traceback_bounds/* MAX_FAILURES */.T9));
        return k;
    }
    /** A panic outside a section: a test binary run with --nocapture, or a plain program. */
    uncapturedPanic(i, line) {
        if (!PANIC_NEW.test(line) && !PANIC_OLD_START.test(line))
            return undefined;
        const p = rust_readPanic(this.log.lines, i, this.log.lines.length);
        if (!p)
            return undefined;
        const f = panicFailure(p, undefined);
        f.logLines = { start: i + this.log.firstLine, end: p.next - 1 + this.log.firstLine };
        this.out.push(f);
        if (f.test?.id)
            this.seen.add(f.test.id);
        return p.next;
    }
    /** rustc: `error[E0425]: cannot find value `x` in this scope` then `  --> src/lib.rs:3:5`. */
    compileError(i) {
        const d = readDiagnostic(RUSTC, this.log.lines, i);
        // A warning fails no build (a lint denied by `-D warnings` is printed as an error).
        if (!d || d.severity !== 'error')
            return undefined;
        this.out.push({
            language: 'rust',
            kind: 'error',
            exceptionType: d.code !== undefined ? `error[${d.code}]` : 'error',
            message: d.message,
            frames: d.file !== undefined && d.line !== undefined ? [frameFrom(d.file, d.line, d.column)] : [],
            logLines: { start: i + this.log.firstLine, end: d.next - 1 + this.log.firstLine },
        });
        return d.next;
    }
    /** Names in the `failures:` list that no section or panic explained still name a failure. */
    addListed() {
        for (const l of this.listed) {
            if (this.seen.has(l.name) || this.out.length >= traceback_bounds/* MAX_FAILURES */.T9)
                continue;
            this.seen.add(l.name);
            this.out.push({
                language: 'rust',
                kind: 'failure',
                test: testHint(l.name),
                message: '',
                frames: [],
                logLines: { start: l.line, end: l.line },
            });
        }
    }
}
/** A section runs to the next section, the `failures:` list, or the test result line. */
function rust_sectionEnd(lines, from) {
    let i = from;
    while (i < lines.length) {
        const l = (0,traceback_bounds/* structuralHead */.Cy)(lines[i]);
        if (SECTION.test(l) || FAILURES_LIST.test(l) || TEST_RESULT.test(l))
            break;
        i++;
    }
    return i;
}
function parseSection(lines, start, end, name, firstLine) {
    for (let k = start + 1; k < end; k++) {
        const l = (0,traceback_bounds/* structuralHead */.Cy)(lines[k]);
        if (!PANIC_NEW.test(l) && !PANIC_OLD_START.test(l))
            continue;
        const p = rust_readPanic(lines, k, end);
        if (!p)
            continue;
        const f = panicFailure(p, name);
        f.logLines = { start: start + firstLine, end: lastContent(lines, start, end) + firstLine };
        return f;
    }
    // No panic: the section's text is the failure (`note: test did not panic as expected`, a
    // test returning `Err` prints `Error: …`).
    const text = [];
    for (let k = start + 1; k < end && text.length < traceback_bounds/* MAX_MESSAGE_LINES */.de; k++)
        text.push(lines[k]);
    return {
        language: 'rust',
        kind: 'failure',
        test: testHint(name),
        message: text.join('\n').trim(),
        frames: [],
        logLines: { start: start + firstLine, end: lastContent(lines, start, end) + firstLine },
    };
}
function lastContent(lines, start, end) {
    let k = end - 1;
    while (k > start && lines[k].trim() === '')
        k--;
    return k;
}
function rust_readPanic(lines, start, end) {
    const head = (0,traceback_bounds/* structuralHead */.Cy)(lines[start]);
    const message = [];
    let location;
    let thread;
    let i = start + 1;
    const modern = PANIC_NEW.exec(head);
    if (modern) {
        thread = modern[1];
        location = frameAt(modern[2], modern[3], modern[4]);
        while (i < end && message.length < traceback_bounds/* MAX_MESSAGE_LINES */.de) {
            const l = (0,traceback_bounds/* structuralHead */.Cy)(lines[i]);
            // libtest's own lines end a message (they interleave with it under --nocapture).
            if (l.trim() === '' ||
                /^note: |^stack backtrace:|^test \S+ \.\.\. /.test(l) ||
                PANIC_NEW.test(l) ||
                SECTION.test(l))
                break;
            if (FAILURES_LIST.test(l) || TEST_RESULT.test(l))
                break;
            message.push(lines[i]);
            i++;
        }
    }
    else {
        const old = PANIC_OLD_START.exec(head);
        if (!old)
            return undefined;
        thread = old[1];
        // The quoted message ends at `', file:line:col` (on this line or a later one).
        let text = old[2];
        let k = start;
        for (;;) {
            const close = PANIC_OLD_END.exec(k === start ? text : (0,traceback_bounds/* structuralHead */.Cy)(lines[k]));
            if (close) {
                message.push(close[1]);
                location = frameAt(close[2], close[3], close[4]);
                break;
            }
            message.push(k === start ? text : lines[k]);
            k++;
            if (k >= end || message.length >= traceback_bounds/* MAX_MESSAGE_LINES */.de)
                return undefined;
            text = lines[k];
        }
        i = k + 1;
    }
    // Skip the `note: run with RUST_BACKTRACE=1` hint, then read a backtrace if one follows.
    while (i < end && /^note: /.test((0,traceback_bounds/* structuralHead */.Cy)(lines[i])))
        i++;
    const printed = traceback_bounds/* FrameWindow */.uF.deepestFirst();
    if (i < end && /^stack backtrace:/.test((0,traceback_bounds/* structuralHead */.Cy)(lines[i]))) {
        i++;
        while (i < end) {
            const fr = BT_FRAME.exec((0,traceback_bounds/* structuralHead */.Cy)(lines[i]));
            if (!fr)
                break;
            i++;
            const at = i < end ? BT_AT.exec((0,traceback_bounds/* structuralHead */.Cy)(lines[i])) : null;
            if (!at)
                continue; // no debug info for this frame: nothing to point at
            i++;
            const frame = frameAt(at[1], at[2], at[3]);
            if (frame)
                printed.push({ ...frame, function: fr[2] });
        }
        while (i < end && /^note: /.test((0,traceback_bounds/* structuralHead */.Cy)(lines[i])))
            i++;
    }
    const frames = printed.toArray().reverse();
    // The panic location is the user's call site; keep it deepest when the backtrace lacks it.
    if (location && !frames.some((f) => sameLocation(f, location)))
        frames.push(location);
    const panic = { thread, message: message.join('\n').trim(), frames, next: i };
    if (location)
        panic.location = location;
    return panic;
}
function frameAt(file, line, column) {
    const l = (0,traceback_bounds/* parseLineNumber */.P8)(line);
    if (l === undefined)
        return undefined;
    return frameFrom(file, l, column !== undefined ? (0,traceback_bounds/* parseLineNumber */.P8)(column) : undefined);
}
function frameFrom(file, line, column) {
    const frame = { file, line };
    if (column !== undefined)
        frame.column = column;
    return frame;
}
function sameLocation(a, b) {
    return a.line === b.line && a.file.replace(/^\.\//, '') === b.file.replace(/^\.\//, '');
}
function panicFailure(p, sectionName) {
    // The thread is named after the test unless the test spawned threads of its own.
    const threadIsTest = p.thread !== 'main' && p.thread !== '<unnamed>' && p.thread !== '';
    const name = sectionName ?? (threadIsTest ? p.thread : undefined);
    const f = {
        language: 'rust',
        kind: 'failure',
        exceptionType: 'panic',
        message: p.message,
        frames: p.frames,
    };
    if (name !== undefined)
        f.test = testHint(name);
    return f;
}
/** `tests::balance_counts_refunds` → id as printed, name its last segment, classname the module path. */
function testHint(path) {
    const sep = path.lastIndexOf('::');
    if (sep < 0)
        return { id: path, name: path };
    return { id: path, name: path.slice(sep + 2), classname: path.slice(0, sep) };
}

;// CONCATENATED MODULE: ./src/reports/logs/registry.ts
/**
 * The one place log parsers are registered. A log is offered to every parser whose cheap `detect`
 * says it looks like its language's output: a CI job often runs several runners (a Python
 * backend and a JavaScript frontend in one log), so more than one may answer.
 */





const LOG_PARSERS = [
    pythonLogParser,
    javascriptLogParser,
    javaLogParser,
    goLogParser,
    rustLogParser,
];
/**
 * Run every matching parser. A parser that throws (a bug meeting a log nobody foresaw) costs its
 * own failures, not the others': the error is returned for the caller to report.
 */
function parseLogDetailed(text, parsers = LOG_PARSERS, context) {
    const found = [];
    const errors = [];
    parsers.forEach((parser, index) => {
        let failures;
        try {
            if (!parser.detect(text, context))
                return;
            failures = parser.parse(text, context);
        }
        catch (e) {
            errors.push({ language: parser.language, message: e instanceof Error ? e.message : String(e) });
            return;
        }
        for (const failure of failures)
            found.push({ failure, order: index });
    });
    found.sort((a, b) => (a.failure.logLines?.start ?? 0) - (b.failure.logLines?.start ?? 0) || a.order - b.order);
    return { failures: found.map((f) => f.failure), errors };
}
/**
 * Every failure any registered parser recognises in `text`, in log order. `context` says what the
 * text is when that is known (a JUnit case's failure body: the case's name).
 */
function parseLog(text, context) {
    return parseLogDetailed(text, LOG_PARSERS, context).failures;
}

;// CONCATENATED MODULE: ./src/frames/collect-evidence.ts
/**
 * Everything the reports and the log of a test run say, for one repository: the JUnit reports
 * (streamed), the log (its tail, bounded), the log parsers, and the failure frames built from
 * them. This is what `self-heal parse`, the repair loop and the action call.
 *
 * It is also where evidence is cleaned, once: ANSI sequences, raw or escaped as `#x1B` (pytest
 * `--color=yes`), leave the cases' messages, bodies and captured output and the log before any
 * parser or frame sees them; with `scrub`, so do secrets, from those and from what the log parsers
 * found (messages, locals), before any frame prunes them: a value cut in half by a bound is no
 * longer recognisable.
 */











const DEFAULT_MAX_LOG_BYTES = 20 * 1024 * 1024;
/** Failing cases kept per frame built at most (see `maxKeptCases`): room for cases that get none. */
const KEPT_PER_FRAME = 5;
/** Passing cases kept at most for matching a log's failures (non-passing mode; see `namedPasses`). */
const MAX_NAMED_PASSES = 20_000;
/**
 * The last `maxBytes` of a log, starting at a line boundary. Tail-biased because runners print
 * their failure sections and summaries last; a 2 GB log costs 20 MB of memory, not 2 GB.
 */
async function readLogTail(file, maxBytes = DEFAULT_MAX_LOG_BYTES) {
    const handle = await (0,promises_.open)(file, 'r');
    try {
        const { size } = await handle.stat();
        const start = Math.max(0, size - maxBytes);
        const length = size - start;
        const buffer = Buffer.alloc(length);
        let read = 0;
        while (read < length) {
            const { bytesRead } = await handle.read(buffer, read, length - read, start + read);
            if (bytesRead === 0)
                break;
            read += bytesRead;
        }
        let bytes = buffer.subarray(0, read);
        let skipped = start;
        if (start > 0) {
            // The cut is mid-line (maybe mid-character): begin at the next whole line.
            const newline = bytes.indexOf(0x0a);
            const drop = newline === -1 ? bytes.length : newline + 1;
            bytes = bytes.subarray(drop);
            skipped += drop;
        }
        return { text: bytes.toString('utf8'), skippedBytes: skipped };
    }
    finally {
        await handle.close();
    }
}
function collect_evidence_describeError(error) {
    const e = error;
    if (e?.code === 'ENOENT')
        return 'no such file';
    if (e?.code === 'EISDIR')
        return 'is a directory';
    if (e?.code === 'EACCES')
        return 'permission denied';
    return e instanceof Error ? e.message : String(error);
}
/** The traces in a JUnit failure body or captured output, read by the same parsers as logs. */
function parseTrace(text, context) {
    return parseLog(text, context);
}
function summaryOfFrames(frames) {
    const failed = frames.filter((f) => f.kind === 'failure').length;
    const errored = frames.length - failed;
    return { total: frames.length, passed: 0, failed, errored, skipped: 0 };
}
async function collectEvidence(options) {
    const root = external_node_path_default().resolve(options.root);
    const errors = [];
    const keepCases = options.keepCases ?? 'all';
    const maxFailures = options.frames?.maxFailures ?? build_frames/* DEFAULT_MAX_FAILURES */.BB;
    // The log first: without every passing case in memory, the passing tests its failures name are
    // the ones that must be kept (see `namedPasses`).
    const logErrors = [];
    let logFailures = [];
    let logDiagnostics = [];
    let logRead = false;
    if (options.log !== undefined) {
        const file = external_node_path_default().resolve(root, options.log);
        const shown = options.log;
        try {
            const tail = await readLogTail(file, options.maxLogBytes ?? DEFAULT_MAX_LOG_BYTES);
            logRead = true;
            if (tail.skippedBytes > 0) {
                logErrors.push({
                    file: shown,
                    message: `${shown}: only the last ${tail.text.length} characters were read (${tail.skippedBytes} bytes before them were skipped)`,
                });
            }
            const parsed = parseLogDetailed((0,untrusted_text/* stripEscapeCodes */.of)(tail.text));
            logFailures = options.scrub ? parsed.failures.map((f) => scrubLogFailure(f, options.scrub)) : parsed.failures;
            for (const e of parsed.errors)
                logErrors.push({ file: shown, message: `${shown}: the ${e.language} log parser failed: ${e.message}` });
            const diagnostics = parseDiagnostics((0,untrusted_text/* stripEscapeCodes */.of)(tail.text));
            logDiagnostics = diagnostics.diagnostics;
            for (const e of diagnostics.errors)
                logErrors.push({ file: shown, message: `${shown}: the ${e.reader} diagnostics reader failed: ${e.message}` });
        }
        catch (error) {
            logErrors.push({ file: shown, message: `${shown}: cannot read the log: ${collect_evidence_describeError(error)}` });
        }
    }
    const passes = keepCases !== 'all' ? namedPasses(logFailures) : undefined;
    // Before the reports: node:test writes absolute case files, made repo-relative through it.
    const repo = await (0,repo_view/* openRepoView */.iA)(root, { listFiles: options.listFiles });
    const run = options.junit.length > 0
        ? await parseJUnitReports(options.junit, root, {
            keepCases,
            repo,
            ...(options.testCwd ? { caseBase: external_node_path_default().resolve(options.testCwd) } : {}),
            ...(keepCases !== 'all' ? { maxKeptCases: options.maxKeptCases ?? KEPT_PER_FRAME * maxFailures } : {}),
            ...(passes ? { onCase: passes.onCase } : {}),
        })
        : { cases: [], errors: [], reports: [], summary: { total: 0, passed: 0, failed: 0, errored: 0, skipped: 0 } };
    run.cases = run.cases.map((c) => cleanCase(c, options.scrub));
    errors.push(...run.errors, ...logErrors);
    if (passes?.overflowed) {
        errors.push({
            file: options.log,
            message: `${options.log}: its failures name more than ${MAX_NAMED_PASSES} tests the reports say passed; only the first were kept to match them`,
        });
    }
    // The frames see the passing cases a log's failures could be matched with, as they would with
    // every case kept; `run` itself lists the kept cases only.
    const framesRun = passes ? { ...run, cases: [...run.cases, ...passes.cases(run.cases)] } : run;
    const frames = await (0,build_frames/* buildFrames */.N6)(framesRun, logFailures, repo, { ...options.frames, maxFailures, parseTrace });
    const diagnostics = await diagnosticFrames(logDiagnostics, run.diagnosticReports ?? [], root, repo, errors);
    const failedReports = new Set(run.errors.map((e) => e.file));
    // From the counts, not the kept cases: a report whose passes alone were read was read.
    const readAnything = logRead || run.summary.total > 0 || run.reports.some((r) => !failedReports.has(r));
    const summary = run.summary.total > 0 ? run.summary : summaryOfFrames(frames);
    const limited = (run.notKept ?? 0) > 0 || frames.length >= maxFailures;
    const framedCases = frames.filter((f) => f.evidence.includes('junit')).length;
    const notFramed = limited ? Math.max(0, summary.failed + summary.errored - framedCases) : 0;
    return { run, frames, diagnostics, errors, summary, readAnything, notFramed, maxFailures };
}
/** The frames of the log's diagnostics and of the diagnostics reports' (their read errors into `errors`). */
async function diagnosticFrames(fromLog, reports, root, repo, errors) {
    const all = [...fromLog];
    for (const report of reports) {
        const read = await readDiagnosticReport(external_node_path_default().resolve(root, report), report);
        all.push(...read.diagnostics);
        errors.push(...read.errors);
    }
    return all.length > 0 ? buildDiagnosticFrames(all, repo) : [];
}
/** A case without colour codes in its texts (names and ids are kept as written: reruns select by them). */
function cleanCase(c, scrub = (t) => t) {
    const { failure, systemOut, systemErr } = c;
    if (!failure && systemOut === undefined && systemErr === undefined)
        return c;
    const text = (s) => (s === undefined ? undefined : scrub((0,untrusted_text/* stripEscapeCodes */.of)(s)));
    const cleaned = { ...c };
    if (failure) {
        const f = { ...failure };
        for (const key of ['type', 'message', 'body'])
            if (f[key] !== undefined)
                f[key] = text(f[key]);
        cleaned.failure = f;
    }
    if (systemOut !== undefined)
        cleaned.systemOut = text(systemOut);
    if (systemErr !== undefined)
        cleaned.systemErr = text(systemErr);
    return cleaned;
}
/** A log failure's text without secrets: its message, its chain's, its locals' values. */
function scrubLogFailure(f, scrub) {
    return {
        ...f,
        message: scrub(f.message),
        ...(f.locals ? { locals: f.locals.map((l) => ({ ...l, value: scrub(l.value) })) } : {}),
        ...(f.chain ? { chain: f.chain.map((c) => ({ ...c, message: scrub(c.message) })) } : {}),
    };
}
/** The word a test name is looked up by when a log failure is matched to it (see `match-tests.ts`). */
function lastWord(canonical) {
    const words = canonical.split(/[\s.:/]+/).filter(Boolean);
    return words[words.length - 1] ?? canonical;
}
/**
 * Without every passing case kept, a log failure of a test the reports say passed (a rerun's log,
 * a flaky test) would fit no case and become a frame of its own, or fit a worse candidate. A log
 * failure is only ever matched with cases whose name ends in the same word as a name it prints
 * (`matchLogFailures` indexes cases by that word), so the passing cases whose last word is one of
 * the words the log's failures print are kept, slim and bounded: frames are then the same as with
 * every case kept. Undefined when no failure names anything.
 */
function namedPasses(logFailures) {
    // Every word of every name a failure prints: more than its last words, which is harmless (a
    // kept pass whose word no failure is looked up by is never a candidate).
    const words = new Set();
    for (const f of logFailures) {
        const t = f.test;
        if (!t)
            continue;
        const names = [t.id, t.name, t.classname, ...(t.id ?? '').split('::')].filter((n) => !!n);
        for (const n of names)
            for (const w of (0,match_tests/* canonicalName */.Ew)(n).split(/[\s.:/]+/))
                if (w)
                    words.add(w);
        if (t.file)
            for (const w of (0,match_tests/* canonicalScope */.tf)(t.file).split(/[\s.:/]+/))
                if (w)
                    words.add(w);
    }
    if (words.size === 0)
        return undefined;
    const found = new Map();
    let overflowed = false;
    return {
        onCase(c) {
            if (c.status !== 'passed' || c.flaky || found.has(c.id))
                return;
            if (!words.has(lastWord((0,match_tests/* canonicalName */.Ew)(c.name))))
                return;
            if (found.size >= MAX_NAMED_PASSES) {
                overflowed = true;
                return;
            }
            // Only what matching reads: the text of a passing case is never kept anyway.
            const { id, suite, name, classname, file, line, status, source } = c;
            found.set(id, {
                id,
                suite,
                name,
                status,
                ...(classname !== undefined ? { classname } : {}),
                ...(file !== undefined ? { file } : {}),
                ...(line !== undefined ? { line } : {}),
                ...(source ? { source } : {}),
            });
        },
        // A pass whose id is kept as well was merged into that entry (a rerun, a same-named test).
        cases: (kept) => {
            const keptIds = new Set(kept.map((c) => c.id));
            return [...found.values()].filter((c) => !keptIds.has(c.id));
        },
        get overflowed() {
            return overflowed;
        },
    };
}


/***/ }),

/***/ 3306:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Fj: () => (/* binding */ createExpressionFinder),
/* harmony export */   T_: () => (/* binding */ firstCodeOnLine),
/* harmony export */   xE: () => (/* binding */ statementAtLine)
/* harmony export */ });
/* unused harmony export findExpression */
/* harmony import */ var _syntax_tree_sitter_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(2211);
/* harmony import */ var _syntax_walk_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(1633);
/**
 * The expression at `file:line[:column]`, taken from a real syntax tree (tree-sitter, all seven
 * grammars) rather than a regex, so a multi-line call, a string containing `)` or a comment reads
 * the way the language reads it.
 *
 * What is returned:
 * - with a column (V8, Rust): the innermost call that contains the column, e.g. the
 *   `expect(add(1, 2)).toBe(4)` chain when V8 points at `toBe`; the statement when no call does;
 * - without one: the smallest statement-level node covering the line (an `assert`, a `return`,
 *   the whole multi-line call when the line starts one); for a compound statement whose header is
 *   on the line (`if`, `for`, `def`), only the header;
 * - whitespace collapsed to single spaces (but for string literals on one line, which are data:
 *   `'BIL-3  | x'` keeps its two spaces) and bounded, since it goes into tables and prompts.
 * Unknown language, unreadable or unparsable file, a line with no code: `undefined`, never a throw.
 */


const DEFAULT_MAX_LENGTH = 200;
/** Containers whose named children are statements, in each of the seven grammars. */
const STATEMENT_CONTAINERS = new Set([
    // python
    'module',
    'block',
    // javascript / typescript / tsx
    'program',
    'statement_block',
    'switch_case',
    'switch_default',
    'class_body',
    // go
    'source_file',
    'statement_list',
    'expression_case',
    'default_case',
    'type_case',
    'communication_case',
    // java
    'switch_block_statement_group',
    'constructor_body',
    'interface_body',
    'enum_body_declarations',
    // rust
    'declaration_list',
]);
/** Bodies of compound statements: a statement that contains one before the target line is reported by its header. */
const BODIES = new Set([
    'block',
    'statement_block',
    'class_body',
    'declaration_list',
    'constructor_body',
    'interface_body',
    'enum_body',
    'switch_block',
    'switch_body',
    'match_block',
    'field_declaration_list',
]);
const CALLS = new Set([
    'call', // python
    'call_expression', // js/ts, go, rust
    'new_expression',
    'method_invocation', // java
    'object_creation_expression',
    'macro_invocation', // rust
]);
function computeLineStarts(text) {
    const starts = [0];
    for (let i = 0; i < text.length; i++) {
        const c = text.charCodeAt(i);
        if (c === 10)
            starts.push(i + 1);
        else if (c === 13) {
            if (text.charCodeAt(i + 1) === 10)
                i++;
            starts.push(i + 1);
        }
    }
    return starts;
}
/** String literal nodes of the seven grammars: their text is the program's data, kept as written. */
const STRING_LITERALS = new Set([
    'string', // javascript, typescript, python
    'template_string',
    'string_literal', // java, rust
    'raw_string_literal', // go, rust
    'interpreted_string_literal', // go
    'text_block', // java
    'character_literal',
    'char_literal',
    'rune_literal',
]);
/** A line break right inside brackets (a call spread over lines) leaves no space behind. */
function collapseBlanks(code) {
    return code
        .replace(/([([{])\s*[\r\n]\s*/g, '$1')
        .replace(/,?\s*[\r\n]\s*([)\]}])/g, '$1')
        .replace(/\s+/g, ' ');
}
/**
 * The source of `[node.startIndex, end)` as one bounded line: blanks collapsed outside the string
 * literals that sit on one line (a literal over several lines is collapsed like code).
 */
function expressionText(source, node, end, max) {
    const text = source.text;
    let out = '';
    let at = node.startIndex;
    (0,_syntax_walk_js__WEBPACK_IMPORTED_MODULE_1__/* .walkSyntax */ .l5)(node, (n) => {
        if (n.endIndex <= at || n.startIndex >= end)
            return false;
        if (!STRING_LITERALS.has(n.type))
            return true;
        if (n.endIndex <= end && !/[\r\n]/.test(text.slice(n.startIndex, n.endIndex))) {
            out += collapseBlanks(text.slice(at, n.startIndex)) + text.slice(n.startIndex, n.endIndex);
            at = n.endIndex;
        }
        return false;
    });
    return normaliseText(out + collapseBlanks(text.slice(at, end)), max);
}
function normaliseText(text, max) {
    const collapsed = text
        .trim()
        .replace(/\s*[;{:]$/, '')
        .trim();
    if (!collapsed)
        return undefined;
    if (collapsed.length <= max)
        return collapsed;
    let end = max - 1;
    const code = collapsed.charCodeAt(end - 1);
    if (code >= 0xd800 && code <= 0xdbff)
        end--;
    return `${collapsed.slice(0, end)}…`;
}
/** Walk up from `node` to the node whose parent is a statement container. */
function statementOf(node) {
    let current = node;
    while (current) {
        const parent = current.parent;
        if (!parent)
            return undefined;
        if (STATEMENT_CONTAINERS.has(parent.type) && current.isNamed)
            return current;
        current = parent;
    }
    return undefined;
}
/** The first body node inside `statement`, in source order. */
function firstBody(statement) {
    const cursor = statement.walk();
    try {
        // Pre-order walk; bodies nest, the first one found starts earliest.
        let descending = cursor.gotoFirstChild();
        while (descending) {
            if (BODIES.has(cursor.nodeType))
                return cursor.currentNode;
            if (cursor.gotoFirstChild())
                continue;
            while (!cursor.gotoNextSibling()) {
                if (!cursor.gotoParent() || cursor.currentNode.id === statement.id) {
                    descending = false;
                    break;
                }
            }
        }
        return undefined;
    }
    finally {
        cursor.delete();
    }
}
/** The expression at a 1-based line (and optional 1-based column) of a parsed file. */
function findExpression(source, line, column, max = DEFAULT_MAX_LENGTH) {
    const row = line - 1;
    if (!Number.isInteger(row) || row < 0 || row >= source.lineStarts.length)
        return undefined;
    const lineStart = source.lineStarts[row];
    const lineEnd = row + 1 < source.lineStarts.length ? source.lineStarts[row + 1] : source.text.length;
    const lineText = source.text.slice(lineStart, lineEnd);
    const indent = lineText.search(/\S/);
    if (indent === -1)
        return undefined;
    const root = source.tree.rootNode;
    if (column !== undefined && Number.isInteger(column) && column >= 1) {
        const at = lineStart + Math.min(column - 1, Math.max(0, lineText.replace(/\s+$/, '').length - 1));
        let node = root.descendantForIndex(Math.max(at, lineStart + indent));
        while (node && !(node.parent && STATEMENT_CONTAINERS.has(node.parent.type))) {
            if (CALLS.has(node.type))
                return expressionText(source, node, node.endIndex, max);
            node = node.parent;
        }
    }
    const at = statementAtLine(source, line);
    return at ? expressionText(source, at.node, at.endIndex, max) : undefined;
}
/**
 * The first code on a 1-based line: the innermost node at the line's first non-blank character,
 * and that character's index. `undefined` for a line out of range, blank, or opening with a comment.
 */
function firstCodeOnLine(source, line) {
    const row = line - 1;
    if (!Number.isInteger(row) || row < 0 || row >= source.lineStarts.length)
        return undefined;
    const lineStart = source.lineStarts[row];
    const lineEnd = row + 1 < source.lineStarts.length ? source.lineStarts[row + 1] : source.text.length;
    const indent = source.text.slice(lineStart, lineEnd).search(/\S/);
    if (indent === -1)
        return undefined;
    const node = source.tree.rootNode.descendantForIndex(lineStart + indent);
    if (!node || node.type === 'comment' || node.type.endsWith('_comment'))
        return undefined;
    return { node, index: lineStart + indent };
}
/**
 * The statement at a 1-based line: the smallest statement-level node covering the line's first
 * code, and where the line's code ends — the whole statement, or only the header of a compound
 * statement whose header is on the line (`if x > 3:`, `def f(a,`). `undefined` for a line without
 * code of its own (blank, a comment, a closing brace, an `else`).
 */
function statementAtLine(source, line) {
    const first = firstCodeOnLine(source, line);
    if (!first)
        return undefined;
    const row = line - 1;
    const statement = statementOf(first.node);
    if (!statement)
        return undefined;
    const startRow = statement.startPosition.row;
    const body = firstBody(statement);
    if (body && body.startIndex < statement.endIndex) {
        const bodyRow = body.startPosition.row;
        // The line is the statement's header (`if x > 3:`, `def f(a,`, `it('adds', () => {`).
        if (row >= startRow && row <= bodyRow && first.index < body.startIndex)
            return { node: statement, endIndex: body.startIndex };
        // Inside the body but on no statement of its own: a closing brace, an `else`.
        return undefined;
    }
    return { node: statement, endIndex: statement.endIndex };
}
function createExpressionFinder(readText, options = {}) {
    return new CachingExpressionFinder(readText, options.maxLength ?? DEFAULT_MAX_LENGTH);
}
/** Parsers, parsed files and found expressions, each made once per run. */
class CachingExpressionFinder {
    readText;
    max;
    parsers = new Map();
    sources = new Map();
    /** Failures repeat locations (one helper line in a hundred traces): each is looked up once. */
    found = new Map();
    constructor(readText, max) {
        this.readText = readText;
        this.max = max;
    }
    parsed(file) {
        let p = this.sources.get(file);
        if (!p) {
            p = this.parse(file);
            this.sources.set(file, p);
        }
        return p;
    }
    async expressionAt(file, line, column) {
        const key = keyOf(file, line, column);
        if (this.found.has(key))
            return this.found.get(key);
        return this.lookUp(await this.parsed(file), key, line, column);
    }
    async expressionsIn(file, places) {
        const found = this.found;
        const keys = places.map((p) => keyOf(file, p.line, p.column));
        if (keys.every((k) => found.has(k)))
            return keys.map((k) => found.get(k));
        const cached = this.sources.get(file);
        const source = cached ? await cached : await this.parse(file);
        try {
            return places.map((p, i) => found.has(keys[i]) ? found.get(keys[i]) : this.lookUp(source, keys[i], p.line, p.column));
        }
        finally {
            // Trees live in WebAssembly memory, which never shrinks: a tree nobody else holds goes now.
            if (!cached)
                source?.tree.delete();
        }
    }
    dispose() {
        for (const p of this.sources.values())
            void p.then((s) => s?.tree.delete());
        for (const p of this.parsers.values())
            void p.then((parser) => parser?.delete());
        this.sources.clear();
        this.parsers.clear();
        this.found.clear();
    }
    parserFor(language) {
        let p = this.parsers.get(language);
        if (!p) {
            p = (0,_syntax_tree_sitter_js__WEBPACK_IMPORTED_MODULE_0__/* .createParser */ .Cp)(language).catch(() => undefined);
            this.parsers.set(language, p);
        }
        return p;
    }
    async parse(file) {
        const language = (0,_syntax_tree_sitter_js__WEBPACK_IMPORTED_MODULE_0__/* .languageForFile */ .Qf)(file);
        if (!language)
            return undefined;
        const text = this.readText(file);
        if (text === undefined)
            return undefined;
        const parser = await this.parserFor(language);
        if (!parser)
            return undefined;
        try {
            const tree = parser.parse(text);
            if (!tree)
                return undefined;
            return { language, text, tree, lineStarts: computeLineStarts(text) };
        }
        catch {
            return undefined;
        }
    }
    lookUp(source, key, line, column) {
        let expression;
        try {
            expression = source ? findExpression(source, line, column, this.max) : undefined;
        }
        catch {
            expression = undefined;
        }
        this.found.set(key, expression);
        return expression;
    }
}
function keyOf(file, line, column) {
    return `${line}:${column ?? ''}:${file}`;
}


/***/ }),

/***/ 9909:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Mm: () => (/* binding */ renderFramesMarkdown),
/* harmony export */   U: () => (/* binding */ describeReadError),
/* harmony export */   dC: () => (/* binding */ summaryLine),
/* harmony export */   t$: () => (/* binding */ notFramedLine)
/* harmony export */ });
/* harmony import */ var _text_markdown_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(6590);
/* harmony import */ var _prune_message_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(8956);
/* harmony import */ var _text_untrusted_text_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(2073);
/* harmony import */ var _text_format_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(8488);
/**
 * The frames report as Markdown (for a job summary, a PR comment, a terminal that renders it).
 * Every string in it comes from tests, reports or logs and is escaped with `text/markdown.ts`.
 * The output has a byte budget: details are dropped before table rows, never cut inside a fence,
 * and what was left out is said.
 */




const DEFAULT_MAX_BYTES = 512 * 1024;
const FENCE_LANGUAGE = {
    python: 'python',
    javascript: 'js',
    java: 'java',
    go: 'go',
    rust: 'rust',
    unknown: '',
};
/**
 * Code inside a table cell, as the job summary writes it (`tableCode`): a code span, where nothing
 * is Markdown (a `<code>` element is inline HTML, and Markdown inside it is live: a test named
 * `[x](https://…)` would be a link), with `|` escaped so it cannot end the cell.
 */
function codeCell(text, max = 120) {
    return (0,_text_format_js__WEBPACK_IMPORTED_MODULE_2__/* .tableCode */ .KH)((0,_text_untrusted_text_js__WEBPACK_IMPORTED_MODULE_3__/* .stripControls */ .$Y)(text), max);
}
/** Code outside a table: a code span, as the job summary writes it (`inlineCode`). */
function codeSpan(text, max) {
    const single = (0,_text_untrusted_text_js__WEBPACK_IMPORTED_MODULE_3__/* .stripControls */ .$Y)(text).replace(/\s+/g, ' ');
    return (0,_text_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .inlineCode */ .ti)(single.length > max ? `${single.slice(0, max - 1)}…` : single);
}
/** Untrusted inline text for a table cell or a list item. */
function cell(text, max) {
    return (0,_text_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .tableCell */ .xR)((0,_text_untrusted_text_js__WEBPACK_IMPORTED_MODULE_3__/* .stripControls */ .$Y)(text), max);
}
/** Untrusted text inside an HTML element (`<summary>`, where Markdown is not live), as the job summary writes it. */
function htmlText(text, max) {
    return (0,_text_format_js__WEBPACK_IMPORTED_MODULE_2__/* .htmlText */ .js)((0,_text_untrusted_text_js__WEBPACK_IMPORTED_MODULE_3__/* .stripControls */ .$Y)(text), max);
}
function where(location) {
    return location ? `${location.file}:${location.line}` : '';
}
/**
 * A read error as `where` (file, line, column) and `what`: the readers' messages start with the
 * file and position they are about (`r.xml:2:5: the report ends inside <testcase>`), which the
 * renderers show apart, so they are not said twice.
 */
function describeReadError(e) {
    const where = `${e.file}${e.line ? `:${e.line}${e.column ? `:${e.column}` : ''}` : ''}`;
    if (!e.message.startsWith(`${e.file}:`))
        return { where, what: e.message };
    const rest = e.message.slice(e.file.length).replace(/^(?::\d+(?::\d+)?)?:\s*/, '');
    return { where, what: rest };
}
/** What `notFramed` means, for the renderers: the summary counts more failures than the frames show. */
function notFramedLine(notFramed) {
    return `${notFramed} more failing test${notFramed === 1 ? ' is' : 's are'} counted in the summary without a frame (frames are built for the first failures only; --max-failures raises the limit)`;
}
function summaryLine(report) {
    const s = report.summary;
    const parts = [`${s.failed} failed`, `${s.errored} errored`, `${s.passed} passed`, `${s.skipped} skipped`];
    return `${parts.join(', ')} (${(0,_text_format_js__WEBPACK_IMPORTED_MODULE_2__/* .plural */ .LS)(s.total, 'test')})`;
}
function snippetBlock(location, language) {
    const snippet = location.snippet;
    if (!snippet)
        return '';
    const last = snippet.startLine + snippet.lines.length - 1;
    const width = String(last).length;
    const lines = snippet.lines.map((text, i) => {
        const n = snippet.startLine + i;
        return `${n === location.line ? '>' : ' '} ${String(n).padStart(width)} | ${(0,_text_untrusted_text_js__WEBPACK_IMPORTED_MODULE_3__/* .stripControls */ .$Y)(text)}`;
    });
    return (0,_text_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .codeBlock */ .DV)(lines.join('\n'), language);
}
function locationLine(label, location) {
    const fn = location.function ? ` in ${codeSpan(location.function, 80)}` : '';
    return `**${label}:** ${codeSpan(where(location), 200)}${fn}`;
}
function details(frame) {
    const language = FENCE_LANGUAGE[frame.language] ?? '';
    const out = [];
    out.push(`<details><summary>${htmlText(frame.name, 200)}${frame.exceptionType ? ` — ${htmlText(frame.exceptionType, 200)}` : ''}</summary>`, '');
    out.push(`**Test id:** ${codeSpan(frame.id, 300)}`, '');
    if (frame.message)
        out.push((0,_text_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .codeBlock */ .DV)((0,_text_untrusted_text_js__WEBPACK_IMPORTED_MODULE_3__/* .stripControls */ .$Y)(frame.message, true)), '');
    if (frame.triggering) {
        out.push(locationLine('Failing line', frame.triggering), '');
        const block = snippetBlock(frame.triggering, language);
        if (block)
            out.push(block);
    }
    if (frame.test && where(frame.test) !== where(frame.triggering)) {
        out.push(locationLine('Test', frame.test), '');
        const block = snippetBlock(frame.test, language);
        if (block)
            out.push(block);
    }
    if (frame.locals?.length) {
        out.push('**Locals:**', '', '| Name | Value |', '| --- | --- |');
        for (const l of frame.locals)
            out.push(`| ${cell(l.name, 60)} | ${codeCell(l.value, 200)} |`);
        out.push('');
    }
    if (frame.stack.length > 1 || frame.droppedFrames > 0) {
        const dropped = frame.droppedFrames
            ? `; ${frame.droppedFrames} library or runtime frame${frame.droppedFrames === 1 ? '' : 's'} left out`
            : '';
        out.push(`**Stack** (your code, outermost first${dropped}):`, '');
        for (const s of frame.stack)
            out.push(`1. ${codeSpan(where(s), 200)}${s.expression ? ` ${codeSpan(s.expression, 120)}` : ''}`);
        out.push('');
    }
    out.push('</details>', '');
    return out.join('\n');
}
function row(frame) {
    const at = frame.triggering ?? frame.test;
    return `| ${cell(frame.name, 120)} | ${at ? codeCell(where(at), 160) : ''} | ${cell(frame.exceptionType ?? (frame.kind === 'error' ? 'error' : ''), 80)} | ${cell((0,_prune_message_js__WEBPACK_IMPORTED_MODULE_1__/* .firstLine */ .T)(frame.message), 160)} | ${at?.expression ? codeCell(at.expression) : ''} |`;
}
const bytes = (text) => Buffer.byteLength(text, 'utf8');
function renderFramesMarkdown(report, options = {}) {
    const budget = options.maxBytes ?? DEFAULT_MAX_BYTES;
    // The summary line is numbers only: nothing in it to escape.
    const head = [`### Test failures: ${summaryLine(report)}`, ''];
    const errors = [];
    if (report.errors.length) {
        errors.push('**Could not be read completely** (the rest was used):', '');
        for (const e of report.errors.slice(0, 50)) {
            const { where, what } = describeReadError(e);
            errors.push(`- ${codeSpan(where, 200)} ${cell(what, 300)}`);
        }
        if (report.errors.length > 50)
            errors.push(`- … and ${report.errors.length - 50} more`);
        errors.push('');
    }
    // A count, nothing to escape.
    const unframed = report.notFramed ? [`_${notFramedLine(report.notFramed)}._`, ''] : [];
    if (report.failures.length === 0)
        return [...head, ...(unframed.length ? unframed : ['No failing tests.', '']), ...errors].join('\n');
    const tableHead = ['| Test | Location | Exception | Message | Expression |', '| --- | --- | --- | --- | --- |'];
    // Reserve room for the closing notes, then fill: rows first (they are the overview), then details.
    let used = bytes([...head, ...errors, ...unframed, ...tableHead].join('\n')) + 400;
    const rows = [];
    for (const frame of report.failures) {
        const r = row(frame);
        if (used + bytes(r) + 1 > budget)
            break;
        rows.push(r);
        used += bytes(r) + 1;
    }
    const sections = [];
    for (const frame of report.failures.slice(0, rows.length)) {
        const d = details(frame);
        if (used + bytes(d) + 1 > budget)
            break;
        sections.push(d);
        used += bytes(d) + 1;
    }
    const notes = [];
    if (rows.length < report.failures.length)
        notes.push(`_${(0,_text_format_js__WEBPACK_IMPORTED_MODULE_2__/* .plural */ .LS)(report.failures.length - rows.length, 'more failure')} left out to stay within ${budget} bytes._`);
    if (sections.length < rows.length)
        notes.push(`_Details of ${(0,_text_format_js__WEBPACK_IMPORTED_MODULE_2__/* .plural */ .LS)(rows.length - sections.length, 'failure')} left out to stay within ${budget} bytes._`);
    return [
        ...head,
        ...tableHead,
        ...rows,
        '',
        ...sections,
        ...notes,
        ...(notes.length ? [''] : []),
        ...unframed,
        ...errors,
    ].join('\n');
}


/***/ }),

/***/ 7172:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   KY: () => (/* binding */ renderFramesText),
/* harmony export */   cu: () => (/* binding */ terminalDiff),
/* harmony export */   kJ: () => (/* binding */ terminalSafe)
/* harmony export */ });
/* harmony import */ var _frames_markdown_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(9909);
/* harmony import */ var _text_untrusted_text_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(2073);


/** Terminal-safe text: no escape sequences, no control characters; newlines kept only where asked. */
function terminalSafe(text, keepNewlines = false) {
    // Tabs too: a terminal line is columns, and a tab in a name would misalign it.
    return (0,_text_untrusted_text_js__WEBPACK_IMPORTED_MODULE_1__/* .stripControls */ .$Y)(text, keepNewlines).replace(/\t/g, ' ');
}
/**
 * A unified diff for a terminal, kept applicable: controls and escapes go as for any text, but its
 * tabs (Go, Makefiles) and a last context line that is blank stay, so that `git apply` takes it.
 */
function terminalDiff(diff) {
    return (0,_text_untrusted_text_js__WEBPACK_IMPORTED_MODULE_1__/* .stripControls */ .$Y)(diff, true).replace(/\n+$/, '');
}
function where(location) {
    return `${location.file}:${location.line}${location.column ? `:${location.column}` : ''}`;
}
function frameLines(frame) {
    const label = frame.kind === 'error' ? 'ERROR' : 'FAIL';
    const type = frame.exceptionType ? `  (${terminalSafe(frame.exceptionType)})` : '';
    const out = [`${label} ${terminalSafe(frame.id)}${type}`];
    const at = frame.triggering;
    if (at)
        out.push(`  at   ${terminalSafe(where(at))}${at.expression ? `  ${terminalSafe(at.expression)}` : ''}`);
    if (frame.test && (!at || where(frame.test) !== where(at)))
        out.push(`  test ${terminalSafe(where(frame.test))}`);
    const message = terminalSafe(frame.message, true).split('\n').slice(0, 6);
    for (const line of message)
        out.push(`  | ${line}`);
    if (frame.locals?.length) {
        out.push(`  locals: ${frame.locals
            .slice(0, 8)
            .map((l) => `${terminalSafe(l.name)}=${terminalSafe(l.value).slice(0, 60)}`)
            .join(', ')}`);
    }
    return out;
}
function renderFramesText(report) {
    const out = [];
    for (const frame of report.failures)
        out.push(...frameLines(frame), '');
    for (const e of report.errors) {
        const { where, what } = (0,_frames_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .describeReadError */ .U)(e);
        out.push(`error: ${terminalSafe(where)}: ${terminalSafe(what)}`);
    }
    if (report.notFramed)
        out.push((0,_frames_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .notFramedLine */ .t$)(report.notFramed));
    out.push((0,_frames_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .summaryLine */ .dC)(report));
    return `${out.join('\n')}\n`;
}


/***/ }),

/***/ 4047:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Ew: () => (/* binding */ canonicalName),
/* harmony export */   Lu: () => (/* binding */ matchLogFailures),
/* harmony export */   tf: () => (/* binding */ canonicalScope)
/* harmony export */ });
/* unused harmony export scoreMatch */
/* harmony import */ var _text_untrusted_text_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(2073);
/* harmony import */ var _prune_message_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(8956);


const FILE_EXTENSION = /\.(py|pyi|[cm]?[jt]sx?|java|kt|scala|groovy|go|rs|rb|cs)$/i;
const DESCRIBE_SEPARATOR = /\s+(?:›|>|»|▸|→)\s+/;
/**
 * Canonical test name: describe separators become spaces, `::` becomes `.`, no trailing `()`. A
 * leading file (vitest prints `test/a.test.ts > Calc > adds`) becomes a canonical scope.
 */
function canonicalName(name) {
    const parts = (0,_text_untrusted_text_js__WEBPACK_IMPORTED_MODULE_1__/* .stripAnsi */ .aJ)(name).trim().split(DESCRIBE_SEPARATOR);
    const scope = parts.length > 1 && FILE_EXTENSION.test(parts[0]) ? `${canonicalScope(parts.shift())}.` : '';
    return `${scope}${parts.join(' ')}`.replace(/::/g, '.').replace(/\(\)$/, '').replace(/\s+/g, ' ');
}
/** Canonical scope: a file path, a dotted module or class, a Go package all become dotted segments. */
function canonicalScope(scope) {
    return (0,_text_untrusted_text_js__WEBPACK_IMPORTED_MODULE_1__/* .stripAnsi */ .aJ)(scope)
        .trim()
        .replace(/\\/g, '/')
        .replace(/^\.\//, '')
        .replace(FILE_EXTENSION, '')
        .replace(/\s+(?:›|>|»|▸)\s+/g, '.')
        .replace(/::|[/$]/g, '.')
        .replace(/\.{2,}/g, '.')
        .replace(/^\.|\.$/g, '');
}
/** The last word of a canonical name: the index key both sides share. */
function lastWord(name) {
    const words = name.split(/[\s.:/]+/).filter(Boolean);
    return words[words.length - 1] ?? name;
}
function unique(values) {
    return [...new Set(values.filter((v) => !!v))];
}
function caseIdentity(c, context) {
    const name = canonicalName(c.name);
    const file = context.caseFile?.(c) ??
        ((c.file && context.resolveFile(c.file)) ||
            (c.classname && FILE_EXTENSION.test(c.classname) ? context.resolveFile(c.classname) : undefined));
    const scopes = unique([c.file, c.classname, file, c.suite].map((s) => (s ? canonicalScope(s) : undefined)));
    const qualified = scopes.map((s) => `${s}.${name}`);
    // node:test writes the describe path as a dotted classname (`Cart.total`); its log prints
    // `Cart > total > name`, which canonicalises to spaces.
    if (c.classname && !/[/\\]/.test(c.classname) && !FILE_EXTENSION.test(c.classname)) {
        qualified.push(`${c.classname.replace(/\./g, ' ')} ${name}`);
    }
    // node:test on Node 20 writes no classname but nests a <testsuite> per describe: the innermost
    // suite is the describe the test is in (`Cart`), which its log prints as `Cart > name`.
    if (!c.classname && c.suite && !/[/\\]/.test(c.suite) && !FILE_EXTENSION.test(c.suite)) {
        qualified.push(`${c.suite.trim().replace(/\s+/g, ' ')} ${name}`);
    }
    return { name, qualified, file };
}
/**
 * What a log failure says about its test. A pytest node id (`path.py::Class::test`) carries file,
 * class and name; a qualified name (`CalcTest.testAdd`) stays as it is and is compared by suffix.
 */
function logIdentity(f, resolve) {
    const t = f.test;
    if (!t)
        return undefined;
    const { classname } = t;
    let { name, file } = t;
    let idScope;
    if (t.id) {
        const parts = t.id.split('::');
        if (parts.length > 1 && FILE_EXTENSION.test(parts[0])) {
            file ??= parts[0];
            name ??= parts[parts.length - 1];
            idScope = parts.slice(0, -1).join('::');
        }
        else {
            name ??= t.id;
        }
    }
    // A collection error names a file and no test; the reports name such a case after the module.
    if (!name && file)
        name = canonicalScope(file);
    if (!name)
        return undefined;
    const canonical = canonicalName(name);
    const scopes = unique([file, classname, idScope].map((s) => (s ? canonicalScope(s) : undefined)));
    const qualified = scopes.map((s) => `${s}.${canonical}`);
    // A describe path printed with spaces is also a qualified form (`Cart total name`).
    if (DESCRIBE_SEPARATOR.test(name))
        qualified.push(canonical);
    return { name: canonical, qualified, file: file ? resolve(file) : undefined };
}
function endsWithSegment(long, short) {
    return long.length > short.length && long.endsWith(short) && /[.\s]/.test(long[long.length - short.length - 1]);
}
/** 3: same qualified name; 2: one qualified name ends with the other; 1: the same bare name; 0: no match. */
function scoreMatch(c, l) {
    if (c.file && l.file && c.file !== l.file)
        return 0;
    // A name that is itself qualified (`CalcTest.testAdd`, `tests::x`) counts as a qualified form.
    const caseForms = c.name.includes('.') ? [...c.qualified, c.name] : c.qualified;
    const logForms = l.name.includes('.') ? [...l.qualified, l.name] : l.qualified;
    if (caseForms.some((q) => logForms.includes(q)))
        return 3;
    for (const q of caseForms) {
        for (const lq of logForms)
            if (endsWithSegment(q, lq) || endsWithSegment(lq, q))
                return 2;
    }
    if (c.name === l.name)
        return 1;
    return 0;
}
function isFailing(c) {
    return c.status === 'failed' || c.status === 'errored';
}
function matchLogFailures(cases, failures, context) {
    const resolve = context.resolveFile;
    const identities = cases.map((c) => caseIdentity(c, context));
    const byWord = new Map();
    identities.forEach((id, index) => {
        const key = lastWord(id.name);
        const list = byWord.get(key);
        if (list)
            list.push(index);
        else
            byWord.set(key, [index]);
    });
    const result = { byCase: new Map(), unmatched: [], ignored: [] };
    const attach = (index, failure) => {
        const list = result.byCase.get(index);
        if (list)
            list.push(failure);
        else
            result.byCase.set(index, [failure]);
    };
    for (const failure of failures) {
        const identity = logIdentity(failure, resolve);
        if (!identity) {
            const index = matchByEvidence(cases, identities, failure, resolve);
            if (index !== undefined)
                attach(index, failure);
            else
                result.unmatched.push(failure);
            continue;
        }
        let best = 0;
        let winners = [];
        for (const index of byWord.get(lastWord(identity.name)) ?? []) {
            const score = scoreMatch(identities[index], identity);
            if (score > best) {
                best = score;
                winners = [index];
            }
            else if (score === best && score > 0)
                winners.push(index);
        }
        if (winners.length > 1) {
            // Same name in several places: the log is about the one that failed, if only one did.
            const failing = winners.filter((i) => isFailing(cases[i]));
            if (failing.length === 1)
                winners = failing;
        }
        if (winners.length === 1) {
            const index = winners[0];
            if (isFailing(cases[index]))
                attach(index, failure);
            else
                result.ignored.push({ failure, reason: `the reports say ${cases[index].id} ${cases[index].status}` });
        }
        else if (winners.length > 1) {
            result.ignored.push({ failure, reason: `ambiguous: ${winners.length} failing tests are named ${identity.name}` });
        }
        else {
            const index = matchByEvidence(cases, identities, failure, resolve);
            if (index !== undefined)
                attach(index, failure);
            else
                result.unmatched.push(failure);
        }
    }
    return result;
}
/**
 * Last resort for a log failure whose name fits no case (a JUnit 5 display name, a renamed
 * parametrisation): the one failing case in the same test file with the same first message line.
 */
function matchByEvidence(cases, identities, failure, resolve) {
    const message = (0,_prune_message_js__WEBPACK_IMPORTED_MODULE_0__/* .firstLine */ .T)((0,_prune_message_js__WEBPACK_IMPORTED_MODULE_0__/* .pruneMessage */ .Q)(failure.message));
    if (!message)
        return undefined;
    const files = new Set(failure.frames.map((f) => resolve(f.file)).filter(Boolean));
    if (failure.test?.file)
        files.add(resolve(failure.test.file));
    const found = [];
    cases.forEach((c, index) => {
        const file = identities[index].file;
        if (!isFailing(c) || !file || !files.has(file))
            return;
        const caseMessage = (0,_prune_message_js__WEBPACK_IMPORTED_MODULE_0__/* .firstLine */ .T)((0,_prune_message_js__WEBPACK_IMPORTED_MODULE_0__/* .pruneMessage */ .Q)(c.failure?.message ?? c.failure?.body ?? ''));
        if (caseMessage && (caseMessage === message || caseMessage.endsWith(message) || message.endsWith(caseMessage)))
            found.push(index);
    });
    return found.length === 1 ? found[0] : undefined;
}


/***/ }),

/***/ 8956:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Q: () => (/* binding */ pruneMessage),
/* harmony export */   T: () => (/* binding */ firstLine)
/* harmony export */ });
/* harmony import */ var _text_untrusted_text_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(2073);
/**
 * Failure messages are untrusted and unbounded (a 5 MB `repr`, colour codes, a progress bar's
 * carriage returns). Pruning keeps what a reader needs, the first lines, where assertion diffs
 * put `expected`/`actual`, with their indentation intact, and bounds the rest.
 */

const DEFAULTS = { maxLines: 24, maxLineLength: 300, maxChars: 2000 };
function pruneMessage(raw, options = {}) {
    if (!raw)
        return '';
    const { maxLines, maxLineLength, maxChars } = { ...DEFAULTS, ...options };
    // Look at a bounded head only: the message's first lines are what is kept anyway.
    const head = raw.length > maxChars * 8 ? raw.slice(0, maxChars * 8) : raw;
    // No escape sequences, control or bidi characters: they reorder or hide text on a terminal.
    const lines = (0,_text_untrusted_text_js__WEBPACK_IMPORTED_MODULE_0__/* .stripControls */ .$Y)(head, true)
        .split('\n')
        .map((l) => l.replace(/\s+$/, ''));
    while (lines.length && lines[0] === '')
        lines.shift();
    while (lines.length && lines[lines.length - 1] === '')
        lines.pop();
    // Runs of blank lines become one; indentation common to every line goes (runners indent whole
    // blocks), relative indentation stays (diffs align on it).
    const kept = [];
    for (const line of lines)
        if (line !== '' || kept[kept.length - 1] !== '')
            kept.push(line);
    const indents = kept.filter((l) => l !== '').map((l) => /^[ \t]*/.exec(l)[0].length);
    const common = indents.length ? Math.min(...indents) : 0;
    const dedented = kept.map((l) => (0,_text_untrusted_text_js__WEBPACK_IMPORTED_MODULE_0__/* .clipLine */ .DX)(l.slice(common), maxLineLength));
    let shown = dedented.slice(0, maxLines);
    const more = dedented.length - shown.length + (head.length < raw.length ? 1 : 0);
    if (more > 0)
        shown = [...shown, `… (${head.length < raw.length ? 'message truncated' : `${more} more lines`})`];
    let text = shown.join('\n');
    if (text.length > maxChars)
        text = `${(0,_text_untrusted_text_js__WEBPACK_IMPORTED_MODULE_0__/* .clipLine */ .DX)(text, maxChars - 1)}`;
    return text;
}
/** The first non-empty line of a pruned message (for tables and one-line summaries). */
function firstLine(message) {
    return (message
        .split('\n')
        .find((l) => l.trim() !== '')
        ?.trim() ?? '');
}


/***/ }),

/***/ 5504:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   iA: () => (/* binding */ openRepoView)
/* harmony export */ });
/* unused harmony exports listGitFiles, listFilesOnDisk */
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var _workspace_git_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(7663);
/* harmony import */ var _workspace_repo_paths_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(4640);
/**
 * The part of a work tree the frames stage may look at: which files belong to the repository and
 * their text. One view per run: `git ls-files` runs once, and file contents are read once.
 */




const DEFAULT_MAX_FILE_BYTES = 2 * 1024 * 1024;
/** Bounds for the walk used when the root is not a git work tree. */
const WALK_MAX_FILES = 200_000;
const WALK_MAX_DEPTH = 40;
const WALK_SKIP = new Set(['.git', 'node_modules', '.venv', 'venv', 'target', '__pycache__', '.tox', '.nox']);
/**
 * `git ls-files` in `root`: the files git tracks under it, relative to it. A failure (not a
 * repository, git missing, a "dubious ownership" refusal in a container) means "no answer", and
 * the caller walks the disk instead.
 */
const listGitFiles = async (root) => {
    try {
        const { stdout } = await (0,_workspace_git_js__WEBPACK_IMPORTED_MODULE_2__/* .git */ .$Y)({ cwd: root }, ['ls-files', '-z', '--cached']);
        return (0,_workspace_git_js__WEBPACK_IMPORTED_MODULE_2__/* .splitNul */ .K5)(stdout);
    }
    catch {
        return undefined;
    }
};
/** Every regular file under `root` (bounded), for a root that is not a git work tree. */
function listFilesOnDisk(root) {
    const out = [];
    const walk = (dir, rel, depth) => {
        if (depth > WALK_MAX_DEPTH || out.length >= WALK_MAX_FILES)
            return;
        let entries;
        try {
            entries = (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.readdirSync)(dir, { withFileTypes: true });
        }
        catch {
            return;
        }
        entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
        for (const entry of entries) {
            if (out.length >= WALK_MAX_FILES)
                return;
            const childRel = rel ? `${rel}/${entry.name}` : entry.name;
            if (entry.isDirectory()) {
                if (!WALK_SKIP.has(entry.name))
                    walk(node_path__WEBPACK_IMPORTED_MODULE_1___default().join(dir, entry.name), childRel, depth + 1);
            }
            else if (entry.isFile())
                out.push(childRel);
        }
    };
    walk(root, '', 0);
    return out;
}
async function openRepoView(root, options = {}) {
    const absoluteRoot = node_path__WEBPACK_IMPORTED_MODULE_1___default().resolve(root);
    const listed = await (options.listFiles ?? listGitFiles)(absoluteRoot);
    // Nothing tracked under the root (a fresh `git init`, a directory not yet added) is treated like
    // no repository: the files on disk are the user's.
    const files = listed?.length ? listed : listFilesOnDisk(absoluteRoot);
    const resolver = (0,_workspace_repo_paths_js__WEBPACK_IMPORTED_MODULE_3__/* .createPathResolver */ .uC)(absoluteRoot, files);
    const maxBytes = options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
    let realRoot;
    try {
        realRoot = (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.realpathSync)(absoluteRoot);
    }
    catch {
        realRoot = absoluteRoot;
    }
    const texts = new Map();
    function read(file) {
        try {
            // A tracked symlink can point anywhere (`config -> /etc/…`, a secrets file): only files whose
            // real path stays inside the root are read, so a snippet never carries outside content.
            const real = (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.realpathSync)(node_path__WEBPACK_IMPORTED_MODULE_1___default().join(absoluteRoot, file));
            if (real !== realRoot && !real.startsWith(realRoot + (node_path__WEBPACK_IMPORTED_MODULE_1___default().sep)))
                return undefined;
            const stat = (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.statSync)(real);
            if (!stat.isFile() || stat.size > maxBytes)
                return undefined;
            const buffer = (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.readFileSync)(real);
            if (buffer.includes(0))
                return undefined;
            return buffer.toString('utf8');
        }
        catch {
            return undefined;
        }
    }
    return {
        ...resolver,
        readText(file) {
            if (!resolver.files.has(file))
                return undefined;
            if (!texts.has(file))
                texts.set(file, read(file));
            return texts.get(file);
        },
    };
}


/***/ }),

/***/ 8461:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Su: () => (/* binding */ countedLines),
/* harmony export */   ZB: () => (/* binding */ extractSnippet)
/* harmony export */ });
/* unused harmony export sourceLines */
/* harmony import */ var _text_untrusted_text_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(2073);
/**
 * A bounded window of source lines around a location: what a reader (or a model) needs to see the
 * failing line in context, and never a whole minified file.
 */

const DEFAULT_CONTEXT = 3;
const DEFAULT_MAX_LINE_LENGTH = 240;
/** Split source text into lines; `\r\n`, `\n` and a lone `\r` all end a line. */
function sourceLines(text) {
    return text.split(/\r\n|\n|\r/);
}
/** A file's lines as a runner counts them: a trailing newline does not make an extra line. */
function countedLines(text) {
    if (text === '')
        return [];
    const all = sourceLines(text);
    if (all.length > 1 && all[all.length - 1] === '')
        all.pop();
    return all;
}
/**
 * The window around 1-based `line`, or undefined when the file has no such line. Takes the text,
 * or its `countedLines` when the caller shows several windows of one file.
 */
function extractSnippet(text, line, options = {}) {
    const context = Math.max(0, options.context ?? DEFAULT_CONTEXT);
    const maxLength = Math.max(8, options.maxLineLength ?? DEFAULT_MAX_LINE_LENGTH);
    const all = typeof text === 'string' ? countedLines(text) : text;
    if (!Number.isInteger(line) || line < 1 || line > all.length)
        return undefined;
    const start = Math.max(1, line - context);
    const end = Math.min(all.length, line + context);
    const lines = all.slice(start - 1, end).map((l) => (0,_text_untrusted_text_js__WEBPACK_IMPORTED_MODULE_0__/* .clipLine */ .DX)(l.replace(/\s+$/, ''), maxLength));
    return { startLine: start, lines };
}


/***/ }),

/***/ 1633:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Cl: () => (/* binding */ familyOfFile),
/* harmony export */   Ju: () => (/* binding */ FAMILY),
/* harmony export */   ZW: () => (/* binding */ MAX_IDENTIFIER),
/* harmony export */   _5: () => (/* binding */ isIdentifier),
/* harmony export */   l5: () => (/* binding */ walkSyntax)
/* harmony export */ });
/* harmony import */ var _syntax_tree_sitter_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(2211);
/**
 * Shared pieces of the syntax-tree lookups behind the callee definitions (`callee-definitions.ts`):
 * the grammar families they tell apart (TypeScript and TSX read like JavaScript), a pre-order walk
 * that can skip subtrees, and what counts as a plain identifier.
 */

const FAMILY = {
    python: 'python',
    javascript: 'js',
    typescript: 'js',
    tsx: 'js',
    go: 'go',
    java: 'java',
    rust: 'rust',
};
function familyOfFile(file) {
    const language = (0,_syntax_tree_sitter_js__WEBPACK_IMPORTED_MODULE_0__/* .languageForFile */ .Qf)(file);
    return language ? FAMILY[language] : undefined;
}
/** Longer names are no function of anyone's (and would make the search patterns costly). */
const MAX_IDENTIFIER = 100;
/** A plain identifier in all five families (no `::`, no dots). */
function isIdentifier(name) {
    return name.length <= MAX_IDENTIFIER && /^[A-Za-z_$][\w$]*$/.test(name);
}
/** Pre-order walk of `node`'s subtree; `visit` returns false to skip a node's children. */
function walkSyntax(node, visit) {
    const cursor = node.walk();
    try {
        let descend = visit(cursor.currentNode);
        for (;;) {
            if (descend && cursor.gotoFirstChild()) {
                descend = visit(cursor.currentNode);
                continue;
            }
            // The next sibling, else the next sibling of the nearest ancestor, never leaving `node`.
            for (;;) {
                if (cursor.currentNode.id === node.id)
                    return;
                if (cursor.gotoNextSibling())
                    break;
                if (!cursor.gotoParent())
                    return;
            }
            descend = visit(cursor.currentNode);
        }
    }
    finally {
        cursor.delete();
    }
}


/***/ }),

/***/ 5400:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   p: () => (/* binding */ JS_TEST_CALLEES),
/* harmony export */   t: () => (/* binding */ findTestDefinition)
/* harmony export */ });
/** Test-defining calls of JavaScript runners: `it('…')`, `test.each(…)('…')`, `it.only('…')`. */
const JS_TEST_CALLEES = /^(it|test|specify|bench)(\.(only|skip|todo|concurrent|fails|sequential))*(\.each(\(.*)?)?$/s;
/** Definition node types whose `name` field names a test function, per language. */
const NAMED_DEFINITIONS = {
    python: 'function_definition',
    go: 'function_declaration',
    java: 'method_declaration',
    rust: 'function_item',
};
/** The test function's own name in a runner's test name (params, subtests and scopes stripped). */
function functionName(name) {
    let n = name.trim();
    n = n.replace(/\[.*\]$/s, ''); // pytest parametrisation, JUnit 5 `[1]`
    n = n.replace(/\(.*\)$/s, ''); // Java `testAdd()` / `testAdd(int)`
    n = n.split('/')[0]; // Go subtest `TestX/sub`
    const parts = n.split(/::|\.|#/);
    return parts[parts.length - 1].trim();
}
function spacedTitle(text) {
    return text
        .replace(/\s+(?:›|>|»|▸)\s+/g, ' ')
        .replace(/\s+/g, ' ')
        .trim();
}
function stringValue(node) {
    if (!node)
        return undefined;
    if (node.type === 'string' || node.type === 'template_string') {
        const text = node.text;
        if (node.type === 'template_string' && text.includes('${'))
            return undefined;
        return text.slice(1, -1);
    }
    return undefined;
}
function definitionOf(name, whole) {
    return {
        line: name.startPosition.row + 1,
        startLine: whole.startPosition.row + 1,
        endLine: whole.endPosition.row + 1,
    };
}
const indexes = new WeakMap();
function add(map, key, definition) {
    const list = map.get(key);
    if (list)
        list.push(definition);
    else
        map.set(key, [definition]);
}
function buildIndex(source) {
    const index = { named: new Map(), titles: new Map() };
    const namedType = NAMED_DEFINITIONS[source.language];
    const cursor = source.tree.walk();
    try {
        let more = true;
        while (more) {
            const type = cursor.nodeType;
            if (namedType ? type === namedType : type === 'call_expression') {
                const node = cursor.currentNode;
                if (namedType) {
                    const name = node.childForFieldName('name');
                    if (name)
                        add(index.named, name.text, definitionOf(name, node));
                }
                else {
                    const callee = node.childForFieldName('function');
                    if (callee && JS_TEST_CALLEES.test(callee.text.replace(/\s+/g, ''))) {
                        const title = stringValue(node.childForFieldName('arguments')?.namedChildren[0] ?? null);
                        const t = title === undefined ? '' : spacedTitle(title);
                        if (t)
                            add(index.titles, t, definitionOf(node, node));
                    }
                }
            }
            if (cursor.gotoFirstChild())
                continue;
            while (!cursor.gotoNextSibling()) {
                if (!cursor.gotoParent()) {
                    more = false;
                    break;
                }
            }
        }
    }
    finally {
        cursor.delete();
    }
    return index;
}
/** The definition of test `name` in `source`, when exactly one place fits. */
function findTestDefinition(source, name) {
    let index = indexes.get(source);
    if (!index)
        indexes.set(source, (index = buildIndex(source)));
    if (NAMED_DEFINITIONS[source.language]) {
        // Several definitions of one name (the same method in two test classes): no guess.
        const found = index.named.get(functionName(name));
        return found?.length === 1 ? found[0] : undefined;
    }
    // JavaScript: the test's title is the last describe segment, which a JUnit writer may have
    // joined to the describe titles with spaces (jest-junit): the longest title the name ends with
    // wins, trying the name's word suffixes from the longest.
    const words = spacedTitle(name).split(' ').slice(-64);
    for (let k = 0; k < words.length; k++) {
        const found = index.titles.get(words.slice(k).join(' '));
        if (found)
            return found[0];
    }
    return undefined;
}


/***/ }),

/***/ 2290:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   b: () => (/* binding */ createRepoRelativeFile),
/* harmony export */   z: () => (/* binding */ pythonModuleFile)
/* harmony export */ });
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var _workspace_repo_paths_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(4640);
/**
 * Test files as the repository names them. node:test writes each case's file as an absolute path
 * (mocha-junit-reporter and PHPUnit their suites' file) of the machine that ran it (`/home/runner/work/app/app/test/a.test.ts` on GitHub, a temp dir
 * locally), and the file is part of the test's id: the loop compares ids between the baseline, its
 * reruns and other reports, and the job summary shows them. So the path is mapped the way the
 * frames stage maps stack frames (`workspace/repo-paths.ts`): under the root, a runner's workspace layout,
 * or the longest suffix that is a repository file. An absolute file outside the repository stays as it
 * is; a relative one that leaves it (`../../x.py`) is left out of the id (`leavesRepository`).
 */


/** Distinct files remembered (a report names few; the bound only stops a hostile one growing it). */
const MAX_REMEMBERED = 4096;
/**
 * The Python file a dotted name lives in and the classes after it: the longest leading part that
 * names a file (`tests.test_x.TestC.Inner` → `tests/test_x.py`, [TestC, Inner]). pytest's classname
 * is the node id's path as a module plus its classes; the rerun planner uses this too.
 */
function pythonModuleFile(parts, isFile) {
    for (let k = parts.length; k >= 1; k--) {
        const candidate = `${parts.slice(0, k).join('/')}.py`;
        if (isFile(candidate))
            return { file: candidate, rest: parts.slice(k) };
    }
    return undefined;
}
/**
 * `base`: the directory the tests ran in (absolute, under the root). Producers that write relative
 * files write them relative to it, so an absolute file under it is made relative to it too: one base
 * for every case file of a run (the rerun passes them to the runner from there).
 */
function createRepoRelativeFile(repo, base) {
    const known = new Map();
    const fromBase = base === undefined ? '' : node_path__WEBPACK_IMPORTED_MODULE_0___default().relative(repo.root, base).split((node_path__WEBPACK_IMPORTED_MODULE_0___default().sep)).join('/');
    const prefix = fromBase && !fromBase.startsWith('..') && !node_path__WEBPACK_IMPORTED_MODULE_0___default().isAbsolute(fromBase) ? `${fromBase}/` : '';
    const modules = new Map();
    const mapper = (file) => {
        let mapped = known.get(file);
        if (mapped !== undefined)
            return mapped;
        const verdict = repo.resolve(file);
        // Under the root but not tracked (a new test file, a vendored tree) is still the repository's.
        mapped = verdict.kind === 'user' ? verdict.path : ((0,_workspace_repo_paths_js__WEBPACK_IMPORTED_MODULE_1__/* .pathUnderRoot */ .Ss)(repo.root, file) ?? file);
        if (prefix && mapped.startsWith(prefix))
            mapped = mapped.slice(prefix.length);
        if (known.size >= MAX_REMEMBERED)
            known.clear();
        known.set(file, mapped);
        return mapped;
    };
    mapper.pythonModule = (classname) => {
        if (modules.has(classname))
            return modules.get(classname);
        const found = pythonModuleFile(classname.split('.').filter(Boolean), (rel) => repo.files.has(`${prefix}${rel}`));
        if (modules.size >= MAX_REMEMBERED)
            modules.clear();
        modules.set(classname, found?.file);
        return found?.file;
    };
    mapper.leavesRepository = (file) => {
        const rel = node_path__WEBPACK_IMPORTED_MODULE_0___default().relative(repo.root, node_path__WEBPACK_IMPORTED_MODULE_0___default().resolve(base ?? repo.root, file.replace(/\\/g, '/')));
        return rel === '..' || rel.startsWith(`..${(node_path__WEBPACK_IMPORTED_MODULE_0___default().sep)}`) || node_path__WEBPACK_IMPORTED_MODULE_0___default().isAbsolute(rel);
    };
    return mapper;
}


/***/ }),

/***/ 9849:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $Q: () => (/* binding */ clip),
/* harmony export */   _j: () => (/* binding */ indentOf),
/* harmony export */   uz: () => (/* binding */ splitLines),
/* harmony export */   zx: () => (/* binding */ stripLogPrefix)
/* harmony export */ });
/**
 * Text helpers shared by the log parsers. Logs are untrusted and can be huge (a 5 MB line, a
 * million lines), so everything here runs in linear time and nothing here can backtrack.
 */
/**
 * Split a log into lines. `\r\n`, `\n` and a lone `\r` (progress bars redrawing a line) all end a
 * line; a trailing line break does not add an empty last line.
 */
function splitLines(s) {
    if (s === '')
        return [];
    const lines = s.split(/\r\n|\n|\r/);
    if (lines.length > 1 && lines[lines.length - 1] === '')
        lines.pop();
    return lines;
}
/*
 * GitHub Actions logs downloaded through the API (or "View raw logs") prefix every line with an
 * ISO-8601 timestamp with 7 fractional digits and one space: `2026-11-29T10:12:07.1234567Z `.
 */
const RUNNER_TIMESTAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d{1,9})?Z ?/;
/** Remove the GitHub Actions timestamp that prefixes each line of a downloaded job log. */
function stripLogPrefix(line) {
    return line.replace(RUNNER_TIMESTAMP, '');
}
/**
 * Bound a string to at most `max` characters, keeping its head and its tail with a marker in
 * between that says how much was left out (the start of a message names the error, the end of a
 * log names the last thing that happened). Never splits a surrogate pair.
 */
function clip(s, max) {
    if (s.length <= max)
        return s;
    if (max <= 0)
        return '';
    // The marker length depends on the omitted count, which depends on the marker length: measure
    // with the largest possible count (the whole string), which can only over-reserve by a digit or two.
    const marker = (omitted) => `\n… [${omitted} characters omitted] …\n`;
    const reserve = marker(s.length).length;
    if (max < reserve + 2)
        return sliceWhole(s, 0, max);
    const budget = max - reserve;
    const headLen = Math.ceil(budget / 2);
    const head = sliceWhole(s, 0, headLen);
    const tail = sliceWholeFromEnd(s, budget - headLen);
    return `${head}${marker(s.length - head.length - tail.length)}${tail}`;
}
function isHighSurrogate(code) {
    return code >= 0xd800 && code <= 0xdbff;
}
/** `s.slice(start, end)` moved back by one if it would end between the halves of a surrogate pair. */
function sliceWhole(s, start, end) {
    if (end > start && end < s.length && isHighSurrogate(s.charCodeAt(end - 1)))
        end--;
    return s.slice(start, end);
}
/** The last `n` characters of `s`, one fewer if the cut would start on the second half of a pair. */
function sliceWholeFromEnd(s, n) {
    if (n <= 0)
        return '';
    let start = s.length - n;
    if (start > 0 && isHighSurrogate(s.charCodeAt(start - 1)))
        start++;
    return s.slice(start);
}
/** Leading spaces and tabs of a line. */
function indentOf(line) {
    let n = 0;
    while (n < line.length && (line[n] === ' ' || line[n] === '\t'))
        n++;
    return n;
}


/***/ }),

/***/ 4131:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Cy: () => (/* binding */ structuralHead),
/* harmony export */   Fd: () => (/* binding */ boundFailure),
/* harmony export */   P8: () => (/* binding */ parseLineNumber),
/* harmony export */   T9: () => (/* binding */ MAX_FAILURES),
/* harmony export */   V: () => (/* binding */ clipField),
/* harmony export */   WK: () => (/* binding */ readLogLines),
/* harmony export */   de: () => (/* binding */ MAX_MESSAGE_LINES),
/* harmony export */   kT: () => (/* binding */ MAX_STRUCTURAL_LINE),
/* harmony export */   mf: () => (/* binding */ MAX_LOCALS),
/* harmony export */   uF: () => (/* binding */ FrameWindow),
/* harmony export */   wy: () => (/* binding */ boundMessage)
/* harmony export */ });
/* unused harmony exports MAX_FRAMES, MAX_CHAIN, MAX_MESSAGE, MAX_FIELD, MAX_LOG_CHARS, boundFrames, boundLocals */
/* harmony import */ var _text_untrusted_text_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(2073);
/* harmony import */ var _log_text_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(9849);
/**
 * Size limits shared by the log parsers, and the line reader they all start from. Logs are
 * untrusted: a test name, a message or a value can be megabytes long and a log can hold thousands of
 * failures, so every field a parser returns goes through one of these (the JavaScript parser has
 * bounds of its own: javascript.ts, js-error-block.ts).
 */


/** Failures one parser returns from one log; a run with more is broken beyond what a repair can use. */
const MAX_FAILURES = 500;
/** Frames kept per failure or chained exception (recursion can print thousands). */
const MAX_FRAMES = 200;
/** Of those, how many of the outermost are kept; the rest are the deepest, where the failure is. */
const KEEP_OUTERMOST = 50;
/** Exceptions kept in one chain. */
const MAX_CHAIN = 10;
/** A failure's message, in characters (head and tail kept: `clip`). */
const MAX_MESSAGE = 4000;
/** Lines gathered into one message before the parser stops reading it. */
const MAX_MESSAGE_LINES = 200;
/** Locals kept per frame, and the length of a name and of a value. */
const MAX_LOCALS = 50;
const MAX_LOCAL_NAME = 100;
const MAX_LOCAL_VALUE = 500;
/** A path, a function name, a source line or a test name. */
const MAX_FIELD = 1000;
/**
 * Structural lines (headers, frames, locations) are short. Patterns are only tried on at most this
 * many leading characters of a line, so a 5 MB line costs one slice, not a regex scan per pattern.
 */
const MAX_STRUCTURAL_LINE = 4096;
/**
 * Characters of one log a parser reads. A longer log is read from its end (where runners print
 * their failure reports and summaries), starting at a line boundary.
 */
const MAX_LOG_CHARS = 32 * 1024 * 1024;
/**
 * The lines of a log as parsers read them. `maxLineChars`: every line is also cut to this length
 * (before its timestamp is removed), for parsers that keep no text longer than a structural line.
 */
function readLogLines(log, maxLineChars) {
    let firstLine = 1;
    if (log.length > MAX_LOG_CHARS) {
        let start = log.length - MAX_LOG_CHARS;
        const nl = log.indexOf('\n', start);
        start = nl < 0 ? start : nl + 1;
        for (let i = log.indexOf('\n'); i >= 0 && i < start; i = log.indexOf('\n', i + 1))
            firstLine++;
        log = log.slice(start);
    }
    const lines = (0,_log_text_js__WEBPACK_IMPORTED_MODULE_0__/* .splitLines */ .uz)((0,_text_untrusted_text_js__WEBPACK_IMPORTED_MODULE_1__/* .stripAnsi */ .aJ)(log));
    for (let i = 0; i < lines.length; i++) {
        const line = lines[i];
        lines[i] = (0,_log_text_js__WEBPACK_IMPORTED_MODULE_0__/* .stripLogPrefix */ .zx)(maxLineChars !== undefined && line.length > maxLineChars ? line.slice(0, maxLineChars) : line);
    }
    return { lines, firstLine };
}
/** The part of a line that structural patterns look at (see MAX_STRUCTURAL_LINE). */
function structuralHead(line) {
    return line.length > MAX_STRUCTURAL_LINE ? line.slice(0, MAX_STRUCTURAL_LINE) : line;
}
function clipField(s) {
    return (0,_log_text_js__WEBPACK_IMPORTED_MODULE_0__/* .clip */ .$Q)(s, MAX_FIELD);
}
function boundMessage(s) {
    return (0,_log_text_js__WEBPACK_IMPORTED_MODULE_0__/* .clip */ .$Q)(s, MAX_MESSAGE);
}
/** Keep the outermost few and the deepest frames: the test's own frame and the failing one. */
function boundFrames(frames) {
    if (frames.length <= MAX_FRAMES)
        return frames;
    return [...frames.slice(0, KEEP_OUTERMOST), ...frames.slice(frames.length - (MAX_FRAMES - KEEP_OUTERMOST))];
}
/**
 * Collects frames while a trace is read, keeping only what `boundFrames` would keep: the first
 * `head` and the last `tail` pushed. Memory stays bounded however many frames a log prints.
 */
class FrameWindow {
    headMax;
    tailMax;
    head = [];
    tail = [];
    constructor(headMax, tailMax) {
        this.headMax = headMax;
        this.tailMax = tailMax;
    }
    /** For traces printed outermost first (Python). */
    static outermostFirst() {
        return new FrameWindow(KEEP_OUTERMOST, MAX_FRAMES - KEEP_OUTERMOST);
    }
    /** For traces printed deepest first (JVM, Go, Rust backtraces). */
    static deepestFirst() {
        return new FrameWindow(MAX_FRAMES - KEEP_OUTERMOST, KEEP_OUTERMOST);
    }
    push(frame) {
        if (this.head.length < this.headMax) {
            this.head.push(frame);
            return;
        }
        this.tail.push(frame);
        if (this.tail.length >= 2 * this.tailMax)
            this.tail = this.tail.slice(-this.tailMax);
    }
    get length() {
        return this.head.length + Math.min(this.tail.length, this.tailMax);
    }
    /** The kept frames, in the order they were pushed. */
    toArray() {
        return [...this.head, ...this.tail.slice(-this.tailMax)];
    }
}
function boundLocals(locals) {
    return locals
        .slice(0, MAX_LOCALS)
        .map((l) => ({ name: (0,_log_text_js__WEBPACK_IMPORTED_MODULE_0__/* .clip */ .$Q)(l.name, MAX_LOCAL_NAME), value: (0,_log_text_js__WEBPACK_IMPORTED_MODULE_0__/* .clip */ .$Q)(l.value, MAX_LOCAL_VALUE) }));
}
/** Parse a line number as printed; anything that is not a positive safe integer is no line. */
function parseLineNumber(text) {
    if (text.length > 9)
        return undefined;
    const n = Number(text);
    return Number.isSafeInteger(n) && n > 0 ? n : undefined;
}
/** Apply every bound to a failure a parser built (the one place all fields are capped). */
function boundFailure(f) {
    const out = { ...f, message: boundMessage(f.message), frames: boundFrames(f.frames).map(boundFrame) };
    if (f.exceptionType !== undefined)
        out.exceptionType = clipField(f.exceptionType);
    if (f.locals)
        out.locals = boundLocals(f.locals);
    if (f.messageLocations)
        out.messageLocations = f.messageLocations.slice(0, MAX_FRAMES).map(boundFrame);
    if (f.test) {
        const t = {};
        for (const key of ['name', 'classname', 'file', 'id']) {
            const v = f.test[key];
            if (v !== undefined)
                t[key] = clipField(v);
        }
        out.test = t;
    }
    if (f.chain) {
        out.chain = f.chain.slice(0, MAX_CHAIN).map((c) => ({
            ...c,
            ...(c.exceptionType !== undefined ? { exceptionType: clipField(c.exceptionType) } : {}),
            message: boundMessage(c.message),
            frames: boundFrames(c.frames).map(boundFrame),
        }));
    }
    return out;
}
function boundFrame(fr) {
    const out = { ...fr, file: clipField(fr.file) };
    if (fr.function !== undefined)
        out.function = clipField(fr.function);
    if (fr.sourceLine !== undefined)
        out.sourceLine = clipField(fr.sourceLine);
    if (fr.locals)
        out.locals = boundLocals(fr.locals);
    return out;
}


/***/ }),

/***/ 2633:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Bg: () => (/* binding */ MAX_RELATED),
/* harmony export */   EG: () => (/* binding */ describeBuildFailure),
/* harmony export */   Ve: () => (/* binding */ duplicateKey),
/* harmony export */   uV: () => (/* binding */ MAX_DIAGNOSTICS)
/* harmony export */ });
/**
 * The neutral model of what a compiler, type checker, linter or formatter reported (one model out
 * of every diagnostic reader, as `test-run.ts` is for test reports): a tool, its code, a severity,
 * where (as printed: `frames/` makes it repo-relative) and what. Readers: `logs/diagnostics.ts`
 * for a log, `diagnostics/` for the files tools write (ESLint JSON, SARIF, checkstyle XML, …).
 */
/** Diagnostics one reader returns from one log or report (as for test failures: a bound, not a goal). */
const MAX_DIAGNOSTICS = 500;
/** Related locations kept per diagnostic. */
const MAX_RELATED = 10;
/**
 * The key under which one diagnostic printed twice is one: `cargo test` builds the library twice,
 * Maven repeats its compiler errors, `go vet` and `go test` both print a type error. A code names
 * the problem, so the message may differ between the copies (`&Line`, then `&cart::Line`); without
 * a code the message tells two problems at one place apart.
 */
function duplicateKey(d) {
    return [d.tool, d.file ?? '', d.line ?? '', d.column ?? '', d.code ?? `\u0000${d.message}`].join('\u0001');
}
/** How a category's problems are counted for people (`1 type error`, `2 files not formatted`). */
const CATEGORY_NOUNS = {
    compile: ['compile error', 'compile errors'],
    type: ['type error', 'type errors'],
    lint: ['lint error', 'lint errors'],
    format: ['formatting error', 'formatting errors'],
    import: ['import error', 'import errors'],
    syntax: ['syntax error', 'syntax errors'],
};
/**
 * What failed the build, counted by kind and tool, most first: `1 type error (tsc)`, `2 lint errors
 * (eslint), 1 formatting error (prettier)`. Only the diagnostics that failed it; undefined if none.
 */
function describeBuildFailure(diagnostics) {
    const counts = new Map();
    for (const d of diagnostics) {
        if (!d.fails)
            continue;
        const key = `${d.category}\u0000${d.tool}`;
        const entry = counts.get(key) ?? { category: d.category, tool: d.tool, n: 0 };
        entry.n++;
        counts.set(key, entry);
    }
    if (counts.size === 0)
        return undefined;
    return [...counts.values()]
        .sort((a, b) => b.n - a.n)
        .map(({ category, tool, n }) => `${n} ${CATEGORY_NOUNS[category][n === 1 ? 0 : 1]} (${tool})`)
        .join(', ');
}


/***/ }),

/***/ 2211:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Cp: () => (/* binding */ createParser),
/* harmony export */   Qf: () => (/* binding */ languageForFile)
/* harmony export */ });
/* unused harmony exports GRAMMARS, loadLanguage */
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_module__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(8995);
/* harmony import */ var node_module__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_module__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_2__);
/* harmony import */ var node_url__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(3136);
/* harmony import */ var node_url__WEBPACK_IMPORTED_MODULE_3___default = /*#__PURE__*/__webpack_require__.n(node_url__WEBPACK_IMPORTED_MODULE_3__);
/* harmony import */ var _web_tree_sitter_cjs__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(8877);
/* harmony import */ var _web_tree_sitter_cjs__WEBPACK_IMPORTED_MODULE_4___default = /*#__PURE__*/__webpack_require__.n(_web_tree_sitter_cjs__WEBPACK_IMPORTED_MODULE_4__);
/**
 * One place that loads tree-sitter grammars (prebuilt WebAssembly, no native build), shared by the
 * frames (expression at a line) and the built-in repair engine (syntax-tree templates).
 *
 * The grammars ship inside the committed bundle (`dist/grammars/`, copied by `scripts/build.mjs`)
 * because a pinned action may download nothing at run time; from source they come from node_modules.
 */





/** Grammar file name in `dist/grammars/` and the npm package it comes from. */
const GRAMMARS = {
    python: { pkg: 'tree-sitter-python', file: 'tree-sitter-python.wasm' },
    javascript: { pkg: 'tree-sitter-javascript', file: 'tree-sitter-javascript.wasm' },
    typescript: { pkg: 'tree-sitter-typescript', file: 'tree-sitter-typescript.wasm' },
    tsx: { pkg: 'tree-sitter-typescript', file: 'tree-sitter-tsx.wasm' },
    go: { pkg: 'tree-sitter-go', file: 'tree-sitter-go.wasm' },
    java: { pkg: 'tree-sitter-java', file: 'tree-sitter-java.wasm' },
    rust: { pkg: 'tree-sitter-rust', file: 'tree-sitter-rust.wasm' },
};
const EXTENSIONS = {
    '.py': 'python',
    '.pyi': 'python',
    '.js': 'javascript',
    '.mjs': 'javascript',
    '.cjs': 'javascript',
    '.jsx': 'javascript',
    '.ts': 'typescript',
    '.mts': 'typescript',
    '.cts': 'typescript',
    '.tsx': 'tsx',
    '.go': 'go',
    '.java': 'java',
    '.rs': 'rust',
};
function languageForFile(file) {
    return EXTENSIONS[node_path__WEBPACK_IMPORTED_MODULE_2___default().extname(file).toLowerCase()];
}
const here = node_path__WEBPACK_IMPORTED_MODULE_2___default().dirname((0,node_url__WEBPACK_IMPORTED_MODULE_3__.fileURLToPath)(import.meta.url));
const require = (0,node_module__WEBPACK_IMPORTED_MODULE_1__.createRequire)(import.meta.url);
// The CommonJS build: ncc mis-bundles the ESM build's `await import("module")` (createRequire ends
// up undefined in the bundle), while the CJS build's plain `require` bundles cleanly.
// Through a CommonJS door file: a `require` made by `createRequire` is left unbundled by ncc, so the
// bundle only worked next to a node_modules folder (never on a runner, where dist/ stands alone).
const { Language, Parser } = (_web_tree_sitter_cjs__WEBPACK_IMPORTED_MODULE_4___default());
/** Bundled layout first (dist/<entry>/index.js → dist/grammars), then node_modules. */
function locate(file, pkg) {
    const bundled = [node_path__WEBPACK_IMPORTED_MODULE_2___default().join(here, '..', 'grammars', file), node_path__WEBPACK_IMPORTED_MODULE_2___default().join(here, 'grammars', file)];
    for (const candidate of bundled)
        if ((0,node_fs__WEBPACK_IMPORTED_MODULE_0__.existsSync)(candidate))
            return candidate;
    return node_path__WEBPACK_IMPORTED_MODULE_2___default().join(packageDir(pkg), file);
}
function packageDir(pkg) {
    // Some grammar packages do not export package.json; walk up from their main file instead.
    let dir = node_path__WEBPACK_IMPORTED_MODULE_2___default().dirname(require.resolve(pkg));
    while (!(0,node_fs__WEBPACK_IMPORTED_MODULE_0__.existsSync)(node_path__WEBPACK_IMPORTED_MODULE_2___default().join(dir, 'package.json')) && node_path__WEBPACK_IMPORTED_MODULE_2___default().dirname(dir) !== dir)
        dir = node_path__WEBPACK_IMPORTED_MODULE_2___default().dirname(dir);
    return dir;
}
let runtime;
const languages = new Map();
function initRuntime() {
    runtime ??= Parser.init({
        locateFile: (name) => locate(name, 'web-tree-sitter'),
    });
    return runtime;
}
async function loadLanguage(language) {
    await initRuntime();
    let loaded = languages.get(language);
    if (!loaded) {
        const { pkg, file } = GRAMMARS[language];
        loaded = Language.load(locate(file, pkg));
        languages.set(language, loaded);
    }
    return loaded;
}
/** A fresh parser for the language (parsers are cheap; languages are cached). */
async function createParser(language) {
    const lang = await loadLanguage(language);
    const parser = new Parser();
    parser.setLanguage(lang);
    return parser;
}


/***/ }),

/***/ 8488:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   B4: () => (/* binding */ formatCount),
/* harmony export */   KH: () => (/* binding */ tableCode),
/* harmony export */   LS: () => (/* binding */ plural),
/* harmony export */   _y: () => (/* binding */ formatTokens),
/* harmony export */   a3: () => (/* binding */ formatDuration),
/* harmony export */   b0: () => (/* binding */ blobUrl),
/* harmony export */   js: () => (/* binding */ htmlText)
/* harmony export */ });
/* unused harmony export encodePath */
/* harmony import */ var _markdown_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(6590);
/**
 * Small formatting pieces shared by the job summary and the pull-request body: links into the
 * repository, durations and token counts, and untrusted text placed inside HTML or table cells.
 * Escaping itself lives in `markdown.ts`; these compose it for the places it does not cover.
 */

/**
 * Untrusted text inside a raw HTML element (`<summary>`), where Markdown backslash escapes would
 * show literally: HTML-escape, fold newlines, and break `@` so it cannot mention anyone.
 */
function htmlText(text, max = 200) {
    const single = text.replace(/\s+/g, ' ').trim();
    const clipped = single.length > max ? `${single.slice(0, max - 1)}…` : single;
    return (0,_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeHtml */ .ZD)((0,_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .breakReferences */ .m3)(clipped));
}
/**
 * Untrusted code in a table cell: a code span (no Markdown, HTML or mentions inside), bounded, with
 * `|` escaped, which GFM requires even inside code spans so the row is not split.
 */
function tableCode(text, max = 120) {
    if (!text)
        return '';
    const single = text.replace(/\s+/g, ' ').trim();
    const clipped = single.length > max ? `${single.slice(0, max - 1)}…` : single;
    return (0,_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .inlineCode */ .ti)(clipped).replace(/\|/g, '\\|');
}
/** Encode a repo-relative path for a URL, segment by segment (`(`, `)` too: they end a Markdown link). */
function encodePath(file) {
    return file
        .split('/')
        .map((s) => encodeURIComponent(s).replace(/[()'!*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`))
        .join('/');
}
/** `<repoUrl>/blob/<sha>/<file>#L<line>`, or undefined when the repo or commit is unknown. */
function blobUrl(repoUrl, sha, file, line) {
    if (!repoUrl || !sha || !/^[0-9a-f]{7,64}$/i.test(sha))
        return undefined;
    return `${repoUrl.replace(/\/+$/, '')}/blob/${sha}/${encodePath(file)}${line ? `#L${line}` : ''}`;
}
function formatDuration(ms) {
    if (!Number.isFinite(ms) || ms < 0)
        return '–';
    if (ms < 1_000)
        return `${Math.round(ms)} ms`;
    const s = ms / 1_000;
    if (s < 60)
        return `${s.toFixed(1)} s`;
    const m = Math.floor(s / 60);
    return `${m} min ${Math.round(s - m * 60)} s`;
}
function formatCount(n) {
    return n.toLocaleString('en-US');
}
function formatTokens(tokens) {
    if (tokens.input === 0 && tokens.output === 0)
        return '–';
    return `${formatCount(tokens.input)} in / ${formatCount(tokens.output)} out`;
}
function plural(n, word, many = `${word}s`) {
    return `${formatCount(n)} ${n === 1 ? word : many}`;
}


/***/ }),

/***/ 6590:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   DV: () => (/* binding */ codeBlock),
/* harmony export */   FV: () => (/* binding */ escapeMarkdown),
/* harmony export */   ZD: () => (/* binding */ escapeHtml),
/* harmony export */   m3: () => (/* binding */ breakReferences),
/* harmony export */   ti: () => (/* binding */ inlineCode),
/* harmony export */   xR: () => (/* binding */ tableCell)
/* harmony export */ });
/**
 * Escaping for everything untrusted that reaches Markdown or HTML (test names, messages, logs,
 * model text). GitHub renders job summaries and PR bodies as Markdown with inline HTML, so text
 * is escaped for both; code is wrapped in a fence longer than any backtick run inside it.
 */
const MARKDOWN_SPECIAL = /[\\`*_{}[\]()#+\-.!|~<>&"'@:]/g;
const HTML_ENTITIES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/**
 * Untrusted text where GitHub links references (commit messages, pull request titles, Markdown):
 * `@name` would mention a user and `#123` link an issue, or close it after "fix" in a commit
 * subject. A zero-width space after the sign keeps the text readable and inert.
 */
function breakReferences(text) {
    return text.replace(/([@#])(?=[\w])/g, '$1\u200b');
}
/** HTML-escape (for text inside HTML elements such as <summary> or table cells). */
function escapeHtml(text) {
    return text.replace(/[&<>"']/g, (c) => HTML_ENTITIES[c]);
}
/**
 * Escape inline text for Markdown: HTML entities for `&<>"'`, backslash for Markdown syntax, and
 * `@name` and `#123` broken (see `breakReferences`; a backslash does not stop GitHub linking them)
 * so a hostile test name cannot mention users or link issues. Newlines become spaces (inline context).
 */
function escapeMarkdown(text) {
    return text.replace(/\r?\n|\r/g, ' ').replace(MARKDOWN_SPECIAL, (c, offset, all) => {
        if (c in HTML_ENTITIES)
            return HTML_ENTITIES[c];
        if (c === '@')
            return '@\u200b';
        if (c === '#' && /\d/.test(all[offset + 1] ?? ''))
            return '#\u200b';
        return `\\${c}`;
    });
}
/** Escape for a Markdown table cell: inline escaping (which already escapes `|`), bounded length. */
function tableCell(text, max = 200) {
    const clipped = text.length > max ? `${text.slice(0, max - 1)}…` : text;
    return escapeMarkdown(clipped);
}
/** Inline code span that survives backticks in the text. */
function inlineCode(text) {
    const single = text.replace(/\r?\n|\r/g, ' ');
    const longest = Math.max(0, ...Array.from(single.matchAll(/`+/g), (m) => m[0].length));
    const fence = '`'.repeat(longest + 1);
    const pad = single.startsWith('`') || single.endsWith('`') ? ' ' : '';
    return `${fence}${pad}${single}${pad}${fence}`;
}
/** Fenced code block whose fence is longer than any backtick run in the code, so it cannot be closed early. */
function codeBlock(code, language = '') {
    const longest = Math.max(0, ...Array.from(code.matchAll(/`{3,}/g), (m) => m[0].length));
    const fence = '`'.repeat(Math.max(3, longest + 1));
    const body = code.endsWith('\n') ? code : `${code}\n`;
    return `${fence}${language}\n${body}${fence}\n`;
}


/***/ }),

/***/ 2073:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $Y: () => (/* binding */ stripControls),
/* harmony export */   DX: () => (/* binding */ clipLine),
/* harmony export */   TN: () => (/* binding */ oneLine),
/* harmony export */   aJ: () => (/* binding */ stripAnsi),
/* harmony export */   of: () => (/* binding */ stripEscapeCodes)
/* harmony export */ });
/**
 * Text from tests, reports and logs is shown to people: on a terminal, where escape sequences
 * recolour, move the cursor or retitle the window, and in Markdown and HTML, where bidi overrides
 * make `gnp.exe` read as `exe.png` (Trojan Source). Both renderers clean it here first, then
 * escape it for their medium. Its lines are unbounded too (a 5 MB `repr`, a minified bundle's
 * one line): `clipLine` bounds each.
 */
/*
 * ESC-introduced sequences as terminals and CI log viewers understand them:
 * - CSI: ESC [ params intermediates final  (colours, cursor moves)
 * - OSC: ESC ] ... BEL | ESC \            (hyperlinks, window titles; vitest prints file links),
 *   at most 4 KiB and within one line, so a stray one cannot swallow the log that follows
 * - two-byte escapes: ESC followed by one of @-Z \ ] ^ _ (also what is left of an unterminated OSC)
 * - the 8-bit CSI introducer U+009B;
 * - a stray ESC or U+009B left over from a broken sequence (it has no place in parsed text).
 * The character classes of each part are disjoint, so a failed match costs at most one scan to
 * the next ESC: no catastrophic backtracking.
 */
const ANSI_SEQUENCE = /\u001b\[[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b\n]{0,4096}(?:\u0007|\u001b\\)|\u001b[@-Z\\-_]|\u009b[0-?]*[ -/]*[@-~]|[\u001b\u009b]/g;
/** Remove ANSI colour and control sequences (what `FORCE_COLOR=1` runners print into CI logs). */
function stripAnsi(s) {
    if (!s.includes('\u001b') && !s.includes('\u009b'))
        return s;
    return s.replace(ANSI_SEQUENCE, '');
}
/**
 * ESC and the 8-bit CSI as JUnit writers escape them: XML 1.0 cannot hold them, so pytest's writer
 * (`bin_xml_escape`) puts the text `#x1B` in their place; `--color=yes` in `addopts` then fills
 * the assertion's coloured diff with `#x1B[33m…`. Two-digit upper- or lower-case hex, as written.
 */
const ESCAPED_ESC = /#x(?:1b|9b)/gi;
/**
 * Remove ANSI sequences, raw or escaped as `#x1B` (see `ESCAPED_ESC`): what evidence from reports
 * and logs must lose before it becomes a frame, a prompt or a summary.
 */
function stripEscapeCodes(s) {
    if (!/#x/i.test(s))
        return stripAnsi(s);
    return stripAnsi(s.replace(ESCAPED_ESC, (m) => (m.slice(2).toLowerCase() === '9b' ? '\u009b' : '\u001b')));
}
/** C0/C1 controls (tab kept), DEL, and the bidi embedding/override/isolate marks. */
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
/** No escape sequences, no control or bidi characters; newlines kept only where asked. */
function stripControls(text, keepNewlines = false) {
    const clean = stripAnsi(text).replace(/\r\n?/g, '\n').replace(CONTROL, '');
    return keepNewlines ? clean : clean.replace(/\n+/g, ' ');
}
/** `line` bounded to `max` characters, the last one `…` when clipped; a surrogate pair is never split. */
function clipLine(line, max) {
    if (line.length <= max)
        return line;
    let end = max - 1;
    const code = line.charCodeAt(end - 1);
    if (code >= 0xd800 && code <= 0xdbff)
        end--;
    return `${line.slice(0, end)}…`;
}
/** Untrusted text on one line (every run of whitespace one space, trimmed), bounded by `clipLine`. */
function oneLine(text, max) {
    return clipLine(text.replace(/\s+/g, ' ').trim(), max);
}


/***/ }),

/***/ 7663:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  XS: () => (/* binding */ GitError),
  PL: () => (/* binding */ checkIgnore),
  Mn: () => (/* binding */ configValue),
  $Y: () => (/* binding */ git),
  yi: () => (/* binding */ gitBounded),
  oG: () => (/* binding */ gitDir),
  Ur: () => (/* binding */ gitSync),
  VJ: () => (/* binding */ headCommitTime),
  xF: () => (/* binding */ headSha),
  wL: () => (/* binding */ headShaSync),
  tl: () => (/* binding */ headStateSync),
  P9: () => (/* binding */ isRepo),
  BI: () => (/* binding */ showHeadDiff),
  K5: () => (/* binding */ splitNul),
  X: () => (/* binding */ stageExactly),
  Yr: () => (/* binding */ statusSync),
  M4: () => (/* binding */ topLevel),
  O: () => (/* binding */ trackedFiles)
});

// UNUSED EXPORTS: hasParent, status, symbolicHeadSync

// EXTERNAL MODULE: external "node:child_process"
var external_node_child_process_ = __webpack_require__(1421);
// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(3024);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
var external_node_path_default = /*#__PURE__*/__webpack_require__.n(external_node_path_);
// EXTERNAL MODULE: external "node:os"
var external_node_os_ = __webpack_require__(8161);
var external_node_os_default = /*#__PURE__*/__webpack_require__.n(external_node_os_);
;// CONCATENATED MODULE: ./src/workspace/git-config-guard.ts
/**
 * The `-c` overrides every git call of self-heal carries, so that no configuration (the
 * repository's, an included file's, the user's global one) makes git run a program: see
 * `workspace/git.ts`. Fixed keys are always overridden; the commands of named drivers (filters, diff
 * and merge drivers) can only be overridden by name, so the configuration is
 * listed once (`git config --list`, which runs nothing) and listed again whenever one of the files
 * it came from, or one that could be included or read, changes (a stat fingerprint per call).
 */




/** Overrides independent of what is configured. */
const FIXED = [
    'core.fsmonitor=false',
    'core.hooksPath=/dev/null',
    'core.pager=cat',
    'core.editor=:',
    'sequence.editor=:',
    'core.askPass=',
    'core.sshCommand=ssh',
    'core.gitProxy=',
    'core.alternateRefsCommand=',
    // An empty value resets the list of helpers.
    'credential.helper=',
    'protocol.ext.allow=never',
    'commit.gpgSign=false',
    'tag.gpgSign=false',
    'push.gpgSign=false',
    // `log` and `show` of a signed commit verify it with the configured program.
    'log.showSignature=false',
    'gpg.program=gpg',
    'gpg.ssh.program=ssh-keygen',
    'gpg.x509.program=gpgsm',
    // Automatic gc and maintenance detach a process that outlives the run.
    'gc.auto=0',
    'gc.autoDetach=false',
    'maintenance.auto=false',
    'submodule.recurse=false',
].flatMap((pair) => ['-c', pair]);
/** git-lfs's own filter commands (`git lfs install`), kept so LFS files do not all read as modified. */
const LFS_FILTER = {
    clean: 'git-lfs clean -- %f',
    smudge: 'git-lfs smudge -- %f',
    process: 'git-lfs filter-process',
};
const DRIVER_KEY = /^(filter|diff|merge)\.(.+)\.([^.]+)$/;
const INCLUDE_KEY = /^include(?:if\..*)?\.path$/i;
const cache = new Map();
function statPrint(file) {
    try {
        const st = (0,external_node_fs_.statSync)(file, { bigint: true });
        return `${st.ino}:${st.size}:${st.mtimeNs}:${st.ctimeNs}`;
    }
    catch {
        return '-';
    }
}
function fingerprint(files) {
    return files.map(statPrint).join('|');
}
function expandHome(p, env) {
    return p.startsWith('~/') ? external_node_path_default().join(env.HOME ?? external_node_os_default().homedir(), p.slice(2)) : p;
}
/** Config files git reads even when they do not exist yet (created later, they must be noticed). */
function standardFiles(cwd, env) {
    const home = env.HOME ?? external_node_os_default().homedir();
    const files = [
        env.GIT_CONFIG_GLOBAL ?? external_node_path_default().join(home, '.gitconfig'),
        env.GIT_CONFIG_GLOBAL ? '' : external_node_path_default().join(env.XDG_CONFIG_HOME ?? external_node_path_default().join(home, '.config'), 'git', 'config'),
        env.GIT_CONFIG_NOSYSTEM ? '' : (env.GIT_CONFIG_SYSTEM ?? '/etc/gitconfig'),
        // The repository's own: `.git/config` of the work tree or any parent (where git finds it).
    ];
    for (let dir = external_node_path_default().resolve(cwd);; dir = external_node_path_default().dirname(dir)) {
        files.push(external_node_path_default().join(dir, '.git', 'config'), external_node_path_default().join(dir, '.git', 'config.worktree'));
        if (external_node_path_default().dirname(dir) === dir)
            break;
    }
    return files.filter(Boolean);
}
function overridesFor(entries) {
    const filters = new Set();
    const diffs = new Set();
    const merges = new Set();
    let lfsStandard = true;
    let external = false;
    for (const { key, value } of entries) {
        const driver = DRIVER_KEY.exec(key);
        if (driver) {
            const [, section, name, field] = driver;
            if (section === 'filter') {
                filters.add(name);
                const lfs = LFS_FILTER[field.toLowerCase()];
                if (name === 'lfs' && lfs !== undefined && lfs !== value)
                    lfsStandard = false;
            }
            else if (section === 'diff')
                diffs.add(name);
            else
                merges.add(name);
            continue;
        }
        if (key === 'diff.external')
            external = true;
    }
    // A driver is neutralised whole: emptying only the command that is set would leave one that a
    // later include sets (the listing is redone then, but not before the call that reads it).
    if (lfsStandard)
        filters.delete('lfs');
    const pairs = [];
    for (const name of filters)
        pairs.push(`filter.${name}.clean=`, `filter.${name}.smudge=`, `filter.${name}.process=`, `filter.${name}.required=false`);
    for (const name of diffs)
        pairs.push(`diff.${name}.command=`, `diff.${name}.textconv=`);
    for (const name of merges)
        pairs.push(`merge.${name}.driver=`);
    // Empty: a diff that does not pass --no-ext-diff then fails instead of running the program.
    if (external)
        pairs.push('diff.external=');
    return pairs.flatMap((pair) => ['-c', pair]);
}
/**
 * List the configuration: `key`, `value` and the file each came from. Runs `git config`, which
 * reads configuration and runs nothing. A directory that is not a repository still has global and
 * system configuration; a failure (no git, no directory) lists nothing, and the git call itself fails.
 */
function listConfig(cwd, env) {
    let stdout;
    try {
        stdout = (0,external_node_child_process_.execFileSync)('git', ['config', '--list', '--show-origin', '-z'], {
            cwd,
            env: { ...env, GIT_OPTIONAL_LOCKS: '0' },
            encoding: 'utf8',
            stdio: ['ignore', 'pipe', 'ignore'],
            maxBuffer: 64 * 1024 * 1024,
        });
    }
    catch (error) {
        stdout = error.stdout ?? '';
    }
    const entries = [];
    const files = new Set();
    // Records: origin NUL key LF value NUL.
    const parts = stdout.split('\0');
    for (let i = 0; i + 1 < parts.length; i += 2) {
        const origin = parts[i];
        const record = parts[i + 1];
        const nl = record.indexOf('\n');
        const key = nl < 0 ? record : record.slice(0, nl);
        const value = nl < 0 ? '' : record.slice(nl + 1);
        entries.push({ key, value });
        const file = origin.startsWith('file:') ? external_node_path_default().resolve(cwd, origin.slice(5)) : null;
        if (file)
            files.add(file);
        if (INCLUDE_KEY.test(key) && value) {
            const target = expandHome(value, env);
            files.add(external_node_path_default().isAbsolute(target) ? target : external_node_path_default().resolve(file ? external_node_path_default().dirname(file) : cwd, target));
        }
    }
    return { entries, files: [...files] };
}
/**
 * The variables that decide which configuration git reads: the files (`HOME`, `XDG_CONFIG_HOME`,
 * `GIT_CONFIG_GLOBAL`, `GIT_CONFIG_SYSTEM`, `GIT_CONFIG_NOSYSTEM`, `GIT_DIR`) and the entries given
 * in the environment itself (`GIT_CONFIG_PARAMETERS`, `GIT_CONFIG_COUNT`/`_KEY_n`/`_VALUE_n`).
 */
function configSources(env) {
    return Object.keys(env)
        .filter((name) => name === 'HOME' || name === 'XDG_CONFIG_HOME' || name === 'GIT_DIR' || name.startsWith('GIT_CONFIG'))
        .sort()
        .map((name) => `${name}=${env[name] ?? ''}`)
        .join('\0');
}
/**
 * The `-c` arguments for a git call in `cwd` with `env`, memoised per directory and the variables
 * that decide what configuration git reads.
 */
function gitConfigOverrides(cwd, env) {
    const key = `${cwd}\0${configSources(env)}`;
    const known = cache.get(key);
    if (known && fingerprint(known.files) === known.fingerprint)
        return [...FIXED, ...known.overrides];
    // Stat first, list second: a file written between the two is seen as changed by the next call.
    const standard = standardFiles(cwd, env);
    const before = standard.map(statPrint);
    const { entries, files } = listConfig(cwd, env);
    const extra = files.filter((f) => !standard.includes(f));
    const listed = {
        files: [...standard, ...extra],
        fingerprint: [...before, ...extra.map(statPrint)].join('|'),
        overrides: overridesFor(entries),
    };
    // Bounded: one entry per directory and environment git runs in, a handful per run.
    if (cache.size > 64)
        cache.clear();
    cache.set(key, listed);
    return [...FIXED, ...listed.overrides];
}

;// CONCATENATED MODULE: ./src/workspace/git.ts
/**
 * Every git call of self-heal goes through this wrapper: `execFile` (never a shell), paths printed
 * raw (`core.quotepath=off`), no pager, no prompts, and an error that names the git command.
 *
 * `GIT_OPTIONAL_LOCKS=0` keeps read-only commands such as `status` from rewriting the index (and
 * from racing a user's own git for `index.lock`).
 *
 * Security: repository configuration never makes self-heal run a program. Code under repair (an
 * agent, a test run of a model's patch) can write `.git/config`, an included config file or the
 * global config, and every git call self-heal makes afterwards would run what it names with
 * self-heal's environment and credentials. So every call overrides, on its command line (which beats
 * every config file and include): fsmonitor, hooks, pager, editor, credential helpers, askpass, ssh
 * and proxy commands, external diff, signing and signature checks, auto gc (a detached process that outlives the run),
 * and, for every filter, diff and merge driver and every remote the configuration names, their
 * commands (`filterOverrides`). Only git-lfs's standard filter commands are kept: without them every
 * LFS file would read as modified. Hooks also matter for verification: a pre-commit hook that
 * reformats or refuses would make the verified tree and the committed tree differ, so self-heal
 * writes history only through `commit-tree` (delivery/fix-commit.ts), which runs no hook.
 */




class GitError extends Error {
    args;
    exitCode;
    stderr;
    constructor(message, args, exitCode, stderr) {
        super(message);
        this.args = args;
        this.exitCode = exitCode;
        this.stderr = stderr;
        this.name = 'GitError';
    }
}
const MAX_BUFFER = 256 * 1024 * 1024;
function gitEnv(ctx, extra) {
    return {
        ...(ctx.env ?? process.env),
        GIT_TERMINAL_PROMPT: '0',
        GIT_OPTIONAL_LOCKS: '0',
        GIT_PAGER: 'cat',
        // Variables beat configuration: these name no program (or a no-op) instead of the config's.
        GIT_EDITOR: ':',
        GIT_SEQUENCE_EDITOR: ':',
        GIT_ASKPASS: '',
        SSH_ASKPASS: '',
        // trace2 targets come from the global config (which a test run can write) and record the
        // variables it names, self-heal's credentials among them; the variables turn every target off.
        GIT_TRACE2: '0',
        GIT_TRACE2_EVENT: '0',
        GIT_TRACE2_PERF: '0',
        LC_ALL: 'C',
        ...extra,
    };
}
/**
 * The whole argument list: no pager, raw paths, the overrides (see the header), then the command.
 * A remote's `receivepack`/`uploadpack` is a list whose first value wins, so `-c` cannot replace it;
 * the command-line option can.
 */
function fullArgs(ctx, env, args) {
    const [command, ...rest] = args;
    const transport = command === 'push'
        ? ['--receive-pack=git-receive-pack']
        : command === 'fetch' || command === 'ls-remote'
            ? ['--upload-pack=git-upload-pack']
            : [];
    return [
        '--no-pager',
        '-c',
        'core.quotepath=off',
        ...gitConfigOverrides(ctx.cwd, env),
        ...args.slice(0, 1),
        ...transport,
        ...rest,
    ];
}
function describe(args) {
    const shown = args.slice(0, 6).join(' ');
    return `git ${shown}${args.length > 6 ? ' …' : ''}`;
}
function gitFailure(args, code, stderr, cause) {
    const detail = (stderr.trim() || cause || '').split('\n').slice(0, 6).join('\n');
    return new GitError(`${describe(args)} failed${code !== null ? ` (exit ${code})` : ''}: ${detail}`, args, code, stderr);
}
/** Run git asynchronously; resolves with stdout, rejects with a `GitError` naming the command. */
function git(ctx, args, options = {}) {
    return new Promise((resolve, reject) => {
        const env = gitEnv(ctx, options.env);
        const child = (0,external_node_child_process_.execFile)('git', fullArgs(ctx, env, args), { cwd: ctx.cwd, env, maxBuffer: options.maxBuffer ?? MAX_BUFFER, encoding: 'utf8' }, (error, stdout, stderr) => {
            const code = error ? (typeof error.code === 'number' ? error.code : null) : 0;
            if (!error || (code !== null && options.okCodes?.includes(code))) {
                resolve({ stdout, exitCode: code ?? 0 });
                return;
            }
            reject(gitFailure(args, code, stderr, error.message));
        });
        if (options.input !== undefined)
            child.stdin.end(options.input);
        else
            child.stdin.end();
    });
}
/** Run git synchronously: for the restore paths that must finish inside a signal handler. */
function gitSync(ctx, args, options = {}) {
    try {
        const env = gitEnv(ctx, options.env);
        const stdout = (0,external_node_child_process_.execFileSync)('git', fullArgs(ctx, env, args), {
            cwd: ctx.cwd,
            env,
            maxBuffer: options.maxBuffer ?? MAX_BUFFER,
            encoding: 'utf8',
            input: options.input,
            stdio: ['pipe', 'pipe', 'pipe'],
        });
        return { stdout, exitCode: 0 };
    }
    catch (error) {
        const e = error;
        const code = typeof e.status === 'number' ? e.status : null;
        if (code !== null && options.okCodes?.includes(code))
            return { stdout: e.stdout ?? '', exitCode: code };
        throw gitFailure(args, code, e.stderr ?? '', e.message);
    }
}
/** Run git and keep at most `maxBytes` of stdout (the process is stopped once the cap is reached). */
function gitBounded(ctx, args, maxBytes) {
    return new Promise((resolve, reject) => {
        const env = gitEnv(ctx);
        const child = (0,external_node_child_process_.spawn)('git', fullArgs(ctx, env, args), {
            cwd: ctx.cwd,
            env,
            stdio: ['ignore', 'pipe', 'pipe'],
        });
        const chunks = [];
        let bytes = 0;
        let truncated = false;
        let stderr = '';
        child.stdout.on('data', (chunk) => {
            if (truncated)
                return;
            const room = maxBytes - bytes;
            if (chunk.length > room) {
                chunks.push(chunk.subarray(0, room));
                bytes = maxBytes;
                truncated = true;
                child.kill('SIGKILL');
                return;
            }
            chunks.push(chunk);
            bytes += chunk.length;
        });
        child.stderr.on('data', (chunk) => {
            if (stderr.length < 8192)
                stderr += chunk.toString('utf8');
        });
        child.on('error', (error) => reject(gitFailure(args, null, stderr, error.message)));
        child.on('close', (code) => {
            if (!truncated && code !== 0) {
                reject(gitFailure(args, code, stderr));
                return;
            }
            let text = Buffer.concat(chunks).toString('utf8');
            // A cut inside a multi-byte character decodes to U+FFFD; drop it rather than show garbage.
            if (truncated)
                text = text.replace(/\uFFFD$/, '');
            resolve({ stdout: text, truncated });
        });
    });
}
/** Split NUL-terminated output (`-z`) into its records. */
function splitNul(text) {
    const parts = text.split('\0');
    if (parts.at(-1) === '')
        parts.pop();
    return parts;
}
async function isRepo(ctx) {
    try {
        const { stdout } = await git(ctx, ['rev-parse', '--is-inside-work-tree']);
        return stdout.trim() === 'true';
    }
    catch {
        return false;
    }
}
async function topLevel(ctx) {
    return (await git(ctx, ['rev-parse', '--show-toplevel'])).stdout.trim();
}
/** The `.git` directory (absolute), also for worktrees where `.git` is a file. */
async function gitDir(ctx) {
    return (await git(ctx, ['rev-parse', '--absolute-git-dir'])).stdout.trim();
}
/** HEAD's commit sha, or null in a repository without commits. */
async function headSha(ctx) {
    const { stdout, exitCode } = await git(ctx, ['rev-parse', '--verify', '-q', 'HEAD^{commit}'], { okCodes: [1] });
    return exitCode === 0 ? stdout.trim() : null;
}
function headShaSync(ctx) {
    const { stdout, exitCode } = gitSync(ctx, ['rev-parse', '--verify', '-q', 'HEAD^{commit}'], { okCodes: [1] });
    return exitCode === 0 ? stdout.trim() : null;
}
/**
 * HEAD's commit and the branch it points at (null when detached), in one git call; null in a
 * repository without commits.
 */
function headStateSync(ctx) {
    const { stdout, exitCode } = gitSync(ctx, ['rev-parse', 'HEAD', '--symbolic-full-name', 'HEAD'], { okCodes: [128] });
    if (exitCode !== 0)
        return null;
    const [sha, ref] = stdout.trim().split('\n');
    if (!sha || !/^[0-9a-f]{40,64}$/.test(sha))
        return null;
    return { sha, ref: ref && ref !== 'HEAD' ? ref : null };
}
/** The branch HEAD points at (`refs/heads/x`), or null when detached. */
function symbolicHeadSync(ctx) {
    const { stdout, exitCode } = gitSync(ctx, ['symbolic-ref', '-q', 'HEAD'], { okCodes: [1] });
    return exitCode === 0 ? stdout.trim() : null;
}
async function hasParent(ctx) {
    const { exitCode } = await git(ctx, ['rev-parse', '--verify', '-q', 'HEAD^1^{commit}'], { okCodes: [1, 128] });
    return exitCode === 0;
}
/** HEAD's committer time in milliseconds since the epoch. */
async function headCommitTime(ctx) {
    const { stdout, exitCode } = await git(ctx, ['log', '-1', '--format=%ct', 'HEAD'], { okCodes: [128] });
    if (exitCode !== 0)
        return null;
    const seconds = Number(stdout.trim());
    return Number.isFinite(seconds) ? seconds * 1000 : null;
}
const STATUS_ARGS = [
    'status',
    '--porcelain=v1',
    '-z',
    '--no-renames',
    '--untracked-files=all',
    '--ignore-submodules=all',
];
function parseStatus(stdout) {
    return splitNul(stdout).map((record) => ({ x: record[0], y: record[1], path: record.slice(3) }));
}
/** Changed tracked files and untracked, non-ignored files (each untracked file listed, not its folder). */
async function git_status(ctx) {
    return parseStatus((await git(ctx, STATUS_ARGS)).stdout);
}
function statusSync(ctx) {
    return parseStatus(gitSync(ctx, STATUS_ARGS).stdout);
}
/** Tracked files, repo-relative. */
async function trackedFiles(ctx) {
    return splitNul((await git(ctx, ['ls-files', '-z'])).stdout);
}
/** Which of `paths` are ignored by .gitignore & co (tracked files are never reported). */
async function checkIgnore(ctx, paths) {
    if (paths.length === 0)
        return new Set();
    const { stdout } = await git(ctx, ['check-ignore', '-z', '--stdin'], {
        input: paths.join('\0') + '\0',
        okCodes: [1],
    });
    return new Set(splitNul(stdout));
}
/** `git show` of HEAD without the header (the commit under test), bounded. Null when HEAD has no parent. */
async function showHeadDiff(ctx, maxBytes) {
    if (!(await hasParent(ctx)))
        return null;
    const { stdout, truncated } = await gitBounded(ctx, ['show', '--format=', '--no-color', '--no-ext-diff', '--no-textconv', '--find-renames', '-U3', 'HEAD'], maxBytes);
    return { diff: stdout, truncated };
}
/** Read one config value, or null when it is not set. */
async function configValue(ctx, key) {
    const { stdout, exitCode } = await git(ctx, ['config', '--get', key], { okCodes: [1] });
    return exitCode === 0 ? stdout.trim() : null;
}
/**
 * Stage exactly `paths` (repo-relative, relative to `ctx.cwd`, the top level) as the work tree has
 * them: content, executable bit and symlinks; a path that is gone (or is a directory now) leaves the
 * index. Names, not pathspecs: a fixed `[ab].py` must not also stage `a.py`, nor `*` everything.
 * Unlike `git add`, neither a missing path (an untracked file that was deleted: "pathspec did not
 * match") nor the index's assume-unchanged and skip-worktree flags (which `git add` trusts, so the
 * change would not be staged) get in the way. `env` may name a private index (`GIT_INDEX_FILE`).
 */
async function stageExactly(ctx, paths, env) {
    const gone = [];
    const files = [];
    const links = [];
    for (const rel of paths) {
        let st;
        try {
            st = (0,external_node_fs_.lstatSync)(external_node_path_default().join(ctx.cwd, rel));
        }
        catch {
            st = undefined;
        }
        if (st?.isSymbolicLink())
            links.push({ path: rel, target: (0,external_node_fs_.readlinkSync)(external_node_path_default().join(ctx.cwd, rel)) });
        else if (st?.isFile())
            files.push({ path: rel, mode: st.mode & 0o111 ? '100755' : '100644' });
        else
            gone.push(rel);
    }
    if (gone.length > 0)
        await git(ctx, ['update-index', '--force-remove', '-z', '--stdin'], { env, input: gone.join('\0') + '\0' });
    const entries = [];
    // One process for the files whose names fit on a line; filters apply by path, as for `git add`.
    const batch = files.filter((f) => !f.path.includes('\n'));
    if (batch.length > 0) {
        const { stdout } = await git(ctx, ['hash-object', '-w', '--stdin-paths'], {
            env,
            input: batch.map((f) => f.path).join('\n') + '\n',
        });
        const shas = stdout.trim().split('\n');
        batch.forEach((f, i) => entries.push(`${f.mode} ${shas[i]}\t${f.path}`));
    }
    for (const f of files.filter((f) => f.path.includes('\n'))) {
        const { stdout } = await git(ctx, ['hash-object', '-w', `--path=${f.path}`, '--', f.path], { env });
        entries.push(`${f.mode} ${stdout.trim()}\t${f.path}`);
    }
    for (const link of links) {
        const { stdout } = await git(ctx, ['hash-object', '-w', '--stdin'], { env, input: link.target });
        entries.push(`120000 ${stdout.trim()}\t${link.path}`);
    }
    if (entries.length > 0)
        await git(ctx, ['update-index', '-z', '--index-info'], { env, input: entries.join('\0') + '\0' });
}


/***/ }),

/***/ 4640:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Ss: () => (/* binding */ pathUnderRoot),
/* harmony export */   ah: () => (/* binding */ looksLikeTestFile),
/* harmony export */   uC: () => (/* binding */ createPathResolver),
/* harmony export */   zd: () => (/* binding */ sharedDepth)
/* harmony export */ });
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_0__);
/**
 * Maps a path exactly as a runner printed it in a stack frame to a repo-relative path, and decides
 * whether the frame is the user's: a frame counts only when it maps to a file of the repository
 * (git-tracked) outside vendored, runtime and generated code (STYLE habit 4).
 *
 * Reports often come from another machine (a CI runner, a container, a colleague's laptop), so an
 * absolute path that is not under the root is matched by its longest suffix that names a repository
 * file; a relative guess (Java prints `pkg/sub/File.java`, Go prints `file_test.go`) is matched by
 * the repository files that end with it.
 */

/** Longer printed paths are refused (Linux PATH_MAX is 4096). */
const MAX_PATH_LENGTH = 4096;
/** Segments that mark installed or vendored third-party code wherever they appear. */
const VENDORED_SEGMENTS = new Set([
    'node_modules',
    'bower_components',
    'jspm_packages',
    '.pnpm-store',
    '.yarn',
    'site-packages',
    'dist-packages',
    '__pypackages__',
    '.venv',
    'venv',
    '.tox',
    '.nox',
    '.eggs',
    'vendor',
    '.cargo',
    '.m2',
    '.gradle',
]);
/**
 * Path patterns of runtimes, standard libraries and toolchains, matched against the normalised path
 * (forward slashes). Each names the producer that prints such paths.
 */
const RUNTIME_PATTERNS = [
    // CPython standard library: /usr/lib/python3.12/…, ~/.pyenv/versions/3.11.7/lib/python3.11/…,
    // Windows C:\hostedtoolcache\windows\Python\3.12.0\x64\Lib\…
    [/(^|\/)lib\/python\d+(\.\d+)*t?\//i, 'python stdlib'],
    [/(^|\/)python\d*(\.\d+)*\/(x64|x86|arm64)\/lib\//i, 'python stdlib'],
    [/(^|\/)\.pyenv\/versions\//, 'python runtime'],
    [/(^|\/)hostedtoolcache\//i, 'runner tool cache'],
    // Go: GOROOT of the official tarball, Debian's golang-go, and the module cache.
    [/^\/usr\/local\/go\/src\//, 'GOROOT'],
    [/^\/usr\/lib\/go(-[\d.]+)?\/src\//, 'GOROOT'],
    [/(^|\/)sdk\/go[\d.]+\/src\//, 'GOROOT'],
    [/(^|\/)go\/pkg\/mod\//, 'go module cache'],
    // `-trimpath` builds print standard-library frames GOROOT-relative.
    [/^(runtime|testing|reflect|internal|sync|os)\/[^/]+\.go$/, 'go std'],
    [/^_testmain\.go$/, 'go test main'],
    // Rust: the standard library as compiled into the toolchain, and toolchain installs.
    [/(^|\/)rustc\/[0-9a-f]{7,64}\//, 'rust std'],
    [/(^|\/)library\/(core|std|alloc|test|proc_macro)\/src\//, 'rust std'],
    [/(^|\/)\.rustup\/toolchains\//, 'rust toolchain'],
    // Java: frames arrive as package-path guesses; JDK and test-framework packages are never the user's.
    [/(^|\/)java\.base\//, 'jdk'],
    [/(^|\/)jdk\.internal/, 'jdk'],
    [/^(java|javax|jdk|sun)\/(lang|util|io|nio|net|security|time|text|math|beans|base|internal)\//, 'jdk'],
    [/(^|\/)org[./]junit[./]/, 'junit'],
    [/(^|\/)junit\/framework\//, 'junit'],
    [/(^|\/)org[./](opentest4j|apache\/maven\/surefire|gradle)[./]/, 'test framework'],
    // JavaScript runners when they are not under node_modules (global installs, bundled runners).
    [/(^|\/)@vitest\//, 'vitest'],
    [/(^|\/)vitest\/dist\//, 'vitest'],
    [/(^|\/)jest-(circus|jasmine2|runner|runtime)\//, 'jest'],
    [/(^|\/)mocha\/lib\//, 'mocha'],
];
/** Pseudo-files and URL schemes of runtimes: nothing on disk corresponds to them. */
function runtimePseudoFile(p) {
    if (/^node:/.test(p))
        return 'node internals';
    if (/^<.*>$/.test(p) || p.startsWith('<frozen '))
        return 'runtime pseudo-file';
    if (/^(native|\[native code\]|anonymous|evalmachine\.<anonymous>)$/.test(p))
        return 'native code';
    // Node before `node:` URLs printed internals as bare `internal/…js` and core modules as `events.js`.
    if (/^internal\/.+\.js$/.test(p))
        return 'node internals';
    return undefined;
}
function decodeUri(text) {
    try {
        return decodeURIComponent(text);
    }
    catch {
        return text;
    }
}
/** Normalise; returns a runtime verdict instead when the path is a runtime pseudo-file. */
function normalise(raw) {
    let p = raw.trim().replace(/^['"(]+|['")]+$/g, '');
    const pseudo = runtimePseudoFile(p);
    if (pseudo)
        return { runtime: pseudo };
    // webpack://<namespace>/./src/a.js is the user's file under a bundler namespace;
    // webpack://<namespace>/webpack/bootstrap and friends are the bundler's own runtime.
    const webpack = /^webpack:\/\/[^/]*\/(.*)$/.exec(p);
    if (webpack) {
        p = webpack[1];
        if (/^(\.\/)?(webpack|\(webpack\))\//.test(p))
            return { runtime: 'webpack runtime' };
    }
    if (/^file:\/\//i.test(p)) {
        // file:///home/x → /home/x; file:///C:/x → C:/x; file://host/share → //host/share
        p = decodeUri(p.replace(/^file:\/\//i, ''));
        if (/^\/[A-Za-z]:[\\/]/.test(p))
            p = p.slice(1);
        else if (!p.startsWith('/'))
            p = `//${p}`;
    }
    p = p.replace(/\\/g, '/').replace(/^\/\/\?\//, '');
    const drive = /^[A-Za-z]:\//.test(p);
    const absolute = drive || p.startsWith('/');
    if (absolute) {
        const prefix = drive ? p.slice(0, 2).toUpperCase() : '';
        p = prefix + node_path__WEBPACK_IMPORTED_MODULE_0___default().posix.normalize(drive ? p.slice(2) : p);
    }
    else {
        // A relative path cannot climb above the root it is relative to; keep what follows the `..`s
        // (it is matched by suffix anyway).
        p = node_path__WEBPACK_IMPORTED_MODULE_0___default().posix.normalize(p).replace(/^(\.\.\/)+/, '');
        if (p === '.' || p === '..')
            p = '';
    }
    return { path: p.replace(/\/+$/, ''), absolute, caseInsensitive: drive };
}
/**
 * Workspace layouts of GitHub-hosted runners: Linux, macOS, Windows (`D:\a\repo\repo`), container
 * jobs (`/__w/repo/repo`) and Docker actions (`/github/workspace`). What follows is repo-relative
 * unless the checkout used a `path:`, which suffix matching covers.
 */
const RUNNER_WORKSPACE = [
    /^\/home\/runner\/work\/[^/]+\/[^/]+\/(.+)$/,
    /^\/Users\/runner\/work\/[^/]+\/[^/]+\/(.+)$/,
    /^[A-Z]:\/a\/[^/]+\/[^/]+\/(.+)$/,
    /^\/__w\/[^/]+\/[^/]+\/(.+)$/,
    /^\/github\/workspace\/(.+)$/,
];
function classifyBySegments(p) {
    for (const segment of p.split('/')) {
        if (VENDORED_SEGMENTS.has(segment.toLowerCase()))
            return { kind: 'vendored', reason: segment };
    }
    return undefined;
}
function classifyByRuntimePattern(p) {
    for (const [pattern, reason] of RUNTIME_PATTERNS) {
        if (pattern.test(p))
            return { kind: 'runtime', reason };
    }
    return undefined;
}
/** Normalise a root directory the same way printed paths are normalised. */
function normaliseRoot(root) {
    const n = normalise(node_path__WEBPACK_IMPORTED_MODULE_0___default().resolve(root));
    if ('runtime' in n)
        throw new Error(`not a directory path: ${root}`);
    return n;
}
function relativeTo(root, p) {
    const a = root.caseInsensitive || p.caseInsensitive ? root.path.toLowerCase() : root.path;
    const b = root.caseInsensitive || p.caseInsensitive ? p.path.toLowerCase() : p.path;
    if (a === '/')
        return p.path.slice(1);
    if (b === a)
        return '';
    if (b.startsWith(`${a}/`))
        return p.path.slice(root.path.length + 1);
    return undefined;
}
/** How many leading directory segments two repo-relative paths share. */
function sharedDepth(a, b) {
    const x = a.split('/');
    const y = b.split('/');
    let n = 0;
    while (n < x.length - 1 && n < y.length - 1 && x[n] === y[n])
        n++;
    return n;
}
function createPathResolver(root, files) {
    const rootPath = normaliseRoot(root);
    const index = new RepoFileIndex(files);
    return {
        root: rootPath.path,
        files: index.tracked,
        resolve: (raw, hints) => resolvePath(rootPath, index, raw, hints),
        directoriesFor: (scope) => index.directoriesFor(scope),
    };
}
/** The repository's files, indexed for the lookups a printed path needs. */
class RepoFileIndex {
    tracked = new Set();
    byBasename = new Map();
    directories = new Set();
    lowerCase = new Map();
    constructor(files) {
        for (const file of files) {
            const f = file.replace(/\\/g, '/');
            this.tracked.add(f);
            this.lowerCase.set(f.toLowerCase(), f);
            const base = f.slice(f.lastIndexOf('/') + 1);
            const list = this.byBasename.get(base);
            if (list)
                list.push(f);
            else
                this.byBasename.set(base, [f]);
            for (let i = f.indexOf('/'); i !== -1; i = f.indexOf('/', i + 1))
                this.directories.add(f.slice(0, i));
        }
    }
    lookup(rel, caseInsensitive) {
        if (this.tracked.has(rel))
            return rel;
        return caseInsensitive ? this.lowerCase.get(rel.toLowerCase()) : undefined;
    }
    /** The longest suffix of `p` (whole segments) that is a repository file: `/tmp/x/src/a.py` → `src/a.py`. */
    longestTrackedSuffix(p) {
        const segments = p.path.split('/').filter(Boolean);
        const start = p.caseInsensitive && /^[A-Z]:$/.test(segments[0] ?? '') ? 1 : 0;
        for (let k = start; k < segments.length; k++) {
            const found = this.lookup(segments.slice(k).join('/'), p.caseInsensitive);
            if (found)
                return found;
        }
        return undefined;
    }
    /** Repository files that end with the relative guess `p` (`pkg/A.java` → `src/main/java/pkg/A.java`). */
    filesEndingWith(p, hints) {
        const base = p.slice(p.lastIndexOf('/') + 1);
        const candidates = (this.byBasename.get(base) ?? []).filter((f) => f === p || f.endsWith(`/${p}`));
        if (candidates.length <= 1)
            return candidates[0];
        // Several files end the same way (`src/lib.rs` in every crate, `calc_test.go` in two packages):
        // prefer the one nearest to what the hints say is involved.
        const anchors = [...(hints?.files ?? []), ...(hints?.dirs ?? []).map((d) => `${d}/`)];
        let best = [];
        let bestScore = -1;
        for (const candidate of candidates) {
            const score = Math.max(0, ...anchors.map((a) => sharedDepth(candidate, a)));
            if (score > bestScore) {
                best = [candidate];
                bestScore = score;
            }
            else if (score === bestScore)
                best.push(candidate);
        }
        return best.length === 1 && bestScore > 0 ? best[0] : 'ambiguous';
    }
    directoriesFor(scope) {
        const segments = scope.replace(/\\/g, '/').split(/[/.]/).filter(Boolean);
        for (let k = 0; k < segments.length; k++) {
            const dir = segments.slice(k).join('/');
            if (this.directories.has(dir))
                return [dir];
        }
        return [];
    }
}
/** `PathResolver.resolve`: a printed path judged against the root and the repository's files. */
function resolvePath(rootPath, index, raw, hints) {
    // No file system has paths this long; a hostile one would make suffix matching quadratic.
    if (raw.length > MAX_PATH_LENGTH)
        return { kind: 'outside', reason: 'path too long' };
    const n = normalise(raw);
    if ('runtime' in n)
        return { kind: 'runtime', reason: n.runtime };
    if (!n.path)
        return { kind: 'outside', reason: 'empty path' };
    let fromRoot;
    let underRoot = false;
    if (n.absolute) {
        fromRoot = relativeTo(rootPath, n);
        underRoot = fromRoot !== undefined;
        for (const layout of underRoot ? [] : RUNNER_WORKSPACE) {
            const m = layout.exec(n.path);
            if (m) {
                fromRoot = m[1];
                break;
            }
        }
    }
    // Markers are judged on the part below the root, so a root that itself lives under, say,
    // `/srv/vendor/` does not make every file look vendored.
    const judged = fromRoot ?? n.path;
    const vendored = classifyBySegments(judged);
    if (vendored)
        return vendored;
    const exact = fromRoot !== undefined
        ? index.lookup(fromRoot, n.caseInsensitive)
        : n.absolute
            ? undefined
            : index.lookup(n.path, false);
    if (exact)
        return { kind: 'user', path: exact };
    // Runtime patterns only for paths that are not a repository file as printed: a Go repository's
    // own `internal/x.go` must not be mistaken for the standard library's.
    const runtime = classifyByRuntimePattern(judged);
    if (runtime)
        return runtime;
    // Under the root but not tracked: generated or build output, never matched elsewhere by suffix.
    if (underRoot)
        return { kind: 'outside', reason: 'not tracked by git' };
    let candidate = index.longestTrackedSuffix(n);
    if (!candidate && !n.absolute) {
        const found = index.filesEndingWith(n.path, hints);
        if (found === 'ambiguous')
            return { kind: 'outside', reason: `ambiguous: several repository files end with ${n.path}` };
        candidate = found;
    }
    if (!candidate)
        return { kind: 'outside', reason: 'not a file of the repository' };
    return classifyBySegments(candidate) ?? { kind: 'user', path: candidate };
}
/** Where the test code lives, by each ecosystem's convention (used when no report says so). */
function looksLikeTestFile(file) {
    const base = file.slice(file.lastIndexOf('/') + 1);
    if (/^test_.*\.py$|_test\.py$|^conftest\.py$/.test(base))
        return true;
    if (/\.(test|spec)\.[cm]?[jt]sx?$/.test(base))
        return true;
    if (/_test\.go$/.test(base))
        return true;
    if (/(^Test.*|.*Tests?|.*IT)\.(java|kt)$/.test(base))
        return true;
    return /(^|\/)(tests?|__tests__|spec|src\/test)\//.test(file);
}
/**
 * `raw` relative to `root` when it is an absolute path under it (normalised as printed paths are),
 * whether git tracks it or not; undefined otherwise. For names that must not depend on where the
 * repository sits on disk (the reports stage's test ids), where `resolve` answers for tracked files.
 */
function pathUnderRoot(root, raw) {
    if (raw.length > MAX_PATH_LENGTH)
        return undefined;
    const n = normalise(raw);
    if ('runtime' in n || !n.absolute)
        return undefined;
    return relativeTo(normaliseRoot(root), n) || undefined;
}


/***/ }),

/***/ 8877:
/***/ ((module, __unused_webpack_exports, __webpack_require__) => {

// A CommonJS door to web-tree-sitter's CommonJS build (see tree-sitter.ts). Plain properties, no
// `__esModule` flag, so a default import is this object both in Node and in ncc's bundle.
// Emscripten's loader reads `__dirname` when it starts; inside an ES-module bundle there is none,
// and the wasm is located through `locateFile` anyway, so any directory will do.
if (typeof __dirname === 'undefined') globalThis.__dirname = process.cwd();
const { Language, Parser } = __webpack_require__(3778);
module.exports = { Language, Parser };


/***/ })

};
