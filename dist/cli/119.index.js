export const id = 119;
export const ids = [119];
export const modules = {

/***/ 1119:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  main: () => (/* binding */ main)
});

// EXTERNAL MODULE: ./src/frames/frames-text.ts
var frames_text = __webpack_require__(7172);
// EXTERNAL MODULE: ./src/report/markdown.ts
var markdown = __webpack_require__(4285);
;// CONCATENATED MODULE: ./src/report/format.ts
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
    return (0,markdown/* escapeHtml */.ZD)((0,markdown/* breakReferences */.m3)(clipped));
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
    return (0,markdown/* inlineCode */.ti)(clipped).replace(/\|/g, '\\|');
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

;// CONCATENATED MODULE: ./src/report/job-summary.ts


/** GitHub's per-step limit (1 MiB); a summary above it is not shown at all. */
const JOB_SUMMARY_LIMIT_BYTES = 1024 * 1024;
const RESULT_TITLES = {
    healed: '✅ self-heal: healed',
    unhealed: '❌ self-heal: not healed',
    'not-reproduced': '⚠️ self-heal: failure did not reproduce',
    'nothing-to-heal': '✅ self-heal: nothing to heal',
    'budget-exhausted': '❌ self-heal: budget exhausted',
    'provider-error': '❌ self-heal: model provider error',
    unsafe: '⛔ self-heal: refused (unsafe)',
    'config-error': '❌ self-heal: configuration error',
};
const VERDICTS = {
    accepted: '✅ accepted',
    'targets-failed': '❌ tests still fail',
    'broke-passing': '❌ broke passing tests',
    duplicate: '↩️ duplicate of an earlier attempt',
    'rejected-edits': '⛔ edits refused',
    'no-edits': '∅ no edits proposed',
    'provider-error': '❌ provider error',
    timeout: '⏱️ test run timed out',
};
const LEVELS = [
    { patch: true, attemptDiffs: true, snippets: true, feedback: true, maxFailureRows: 500, maxListItems: 500, omitted: [] },
    { patch: false, attemptDiffs: true, snippets: true, feedback: true, maxFailureRows: 500, maxListItems: 500, omitted: ['the patch'] },
    { patch: false, attemptDiffs: false, snippets: true, feedback: true, maxFailureRows: 500, maxListItems: 500, omitted: ['the patch', 'per-attempt diffs'] },
    { patch: false, attemptDiffs: false, snippets: false, feedback: true, maxFailureRows: 500, maxListItems: 500, omitted: ['the patch', 'per-attempt diffs', 'source windows'] },
    { patch: false, attemptDiffs: false, snippets: false, feedback: false, maxFailureRows: 100, maxListItems: 100, omitted: ['the patch', 'per-attempt diffs', 'source windows', 'attempt feedback'] },
    { patch: false, attemptDiffs: false, snippets: false, feedback: false, maxFailureRows: 20, maxListItems: 20, omitted: ['the patch', 'per-attempt diffs', 'source windows', 'attempt feedback'] },
];
const MAX_FEEDBACK_CHARS = 4_000;
const MAX_REASON_CHARS = 1_000;
function renderJobSummary(report, context = {}) {
    const maxBytes = context.maxBytes ?? JOB_SUMMARY_LIMIT_BYTES;
    for (const level of LEVELS) {
        const blocks = buildBlocks(report, context, level);
        const text = blocks.join('\n');
        if (Buffer.byteLength(text, 'utf8') <= maxBytes)
            return text;
    }
    // Even the leanest rendering is too big (pathological names or counts): keep whole leading blocks.
    const lean = LEVELS[LEVELS.length - 1];
    return trimBlocks(buildBlocks(report, context, lean), maxBytes);
}
function trimBlocks(blocks, maxBytes) {
    const note = (dropped) => `> [!NOTE]\n> ${formatCount(dropped)} further section${dropped === 1 ? '' : 's'} left out to fit GitHub's 1 MiB summary limit; the JSON report (\`report-path\` output) has everything.\n`;
    const kept = [];
    let bytes = Buffer.byteLength(note(blocks.length), 'utf8');
    for (const block of blocks) {
        const size = Buffer.byteLength(block, 'utf8') + 1;
        if (bytes + size > maxBytes)
            break;
        kept.push(block);
        bytes += size;
    }
    const dropped = blocks.length - kept.length;
    return [...kept, note(dropped)].join('\n');
}
function buildBlocks(report, context, detail) {
    const blocks = [];
    const omitted = [...detail.omitted];
    blocks.push(renderHeadline(report));
    blocks.push(renderFacts(report));
    if (report.failures.length)
        blocks.push(...renderFailures(report, context, detail, omitted));
    const patch = selectPatch(report);
    // The attempt whose diff is the patch shown below does not repeat it.
    const shownBelow = detail.patch ? patch?.diff : undefined;
    if (report.attempts.length)
        blocks.push(...renderAttempts(report.attempts, detail, shownBelow));
    if (patch)
        blocks.push(renderPatch(patch, detail));
    if (report.flaky.length)
        blocks.push(renderFlaky(report.flaky, detail, omitted));
    blocks.push(renderReproduce(report));
    if (context.delivery)
        blocks.push(renderDelivery(context.delivery));
    if (omitted.length) {
        blocks.push(`> [!NOTE]\n> Left out to fit GitHub's 1 MiB summary limit: ${[...new Set(omitted)].join(', ')}. The JSON report (\`report-path\` output) has everything.\n`);
    }
    if (context.runUrl)
        blocks.push(`<sub>[workflow run](${context.runUrl}) · self-heal</sub>\n`);
    return blocks;
}
/** First line: the result and why. */
function renderHeadline(report) {
    const reason = report.reason.length > MAX_REASON_CHARS ? `${report.reason.slice(0, MAX_REASON_CHARS - 1)}…` : report.reason;
    return `## ${RESULT_TITLES[report.result]}: ${(0,markdown/* escapeMarkdown */.FV)(reason)}\n`;
}
function renderFacts(report) {
    const s = report.summary;
    const provider = report.provider.model ? `${report.provider.name} (${report.provider.model})` : report.provider.name;
    const parts = [
        `**Tests:** ${formatCount(s.total)} run, ${formatCount(s.failed)} failed, ${formatCount(s.errored)} errored, ${formatCount(s.skipped)} skipped`,
        `**Attempts:** ${formatCount(report.attempts.length)}`,
        `**Provider:** ${(0,markdown/* escapeMarkdown */.FV)(provider)}`,
        `**Tokens:** ${formatTokens(report.tokens)}`,
        `**Time:** ${formatDuration(report.durationMs)}`,
    ];
    return `${parts.join(' · ')}\n`;
}
function locationCell(at, context) {
    if (!at)
        return '';
    // Frames are relative to the repository root, as blob URLs are.
    const label = (0,markdown/* escapeMarkdown */.FV)(`${at.file}:${at.line}`);
    const url = blobUrl(context.repoUrl, context.sha, at.file, at.line);
    return url ? `[${label}](${url})` : label;
}
function renderFailures(report, context, detail, omitted) {
    const failures = report.failures;
    const rows = failures.slice(0, detail.maxFailureRows);
    // Frames are built for the first failures only (build-frames.ts): the heading counts every
    // failing test the reports counted, and the rest are said, not silently missing.
    const failing = Math.max(failures.length, report.summary.failed + report.summary.errored);
    const lines = [
        `### Failures (${formatCount(failing)})`,
        '',
        '| Test | Location | Exception | Message | Expression |',
        '| --- | --- | --- | --- | --- |',
    ];
    for (const f of rows) {
        const at = f.triggering ?? f.test;
        lines.push(`| ${(0,markdown/* tableCell */.xR)(f.name)} | ${locationCell(at, context)} | ${tableCode(f.exceptionType ?? f.kind, 80)} | ${(0,markdown/* tableCell */.xR)(f.message, 300)} | ${tableCode(at?.expression ?? '')} |`);
    }
    if (failures.length > rows.length) {
        const rest = failures.length - rows.length;
        lines.push('', `…and ${plural(rest, 'more failure')} not listed.`);
        omitted.push(`${plural(rest, 'failure row')}`);
    }
    if (failing > failures.length) {
        lines.push('', `${plural(failing - failures.length, 'more failing test')} without a frame: frames are built for the first ${formatCount(failures.length)}.`);
    }
    const blocks = [`${lines.join('\n')}\n`];
    if (detail.snippets) {
        for (const f of rows) {
            const at = f.triggering ?? f.test;
            if (!at?.snippet?.lines.length)
                continue;
            blocks.push(renderSnippet(f, at));
        }
    }
    return blocks;
}
function renderSnippet(frame, at) {
    const snippet = at.snippet;
    const width = String(snippet.startLine + snippet.lines.length - 1).length;
    const code = snippet.lines
        .map((line, i) => {
        const n = snippet.startLine + i;
        return `${n === at.line ? '>' : ' '} ${String(n).padStart(width)} | ${line}`;
    })
        .join('\n');
    return `<details><summary>Source: ${htmlText(`${at.file}:${at.line}`)} (${htmlText(frame.name, 120)})</summary>\n\n${(0,markdown/* codeBlock */.DV)(code)}\n</details>\n`;
}
function countsCell(c) {
    return c ? `${formatCount(c.passed)}/${formatCount(c.total)}` : '–';
}
function renderAttempts(attempts, detail, patchShownBelow) {
    const lines = [
        `### Attempts (${formatCount(attempts.length)})`,
        '',
        '| # | Files changed | Verdict | Fail-to-pass | Pass-to-pass | Tokens | Time |',
        '| --- | --- | --- | --- | --- | --- | --- |',
    ];
    for (const a of attempts) {
        const files = a.files.length ? a.files.slice(0, 5).map((f) => tableCode(f, 80)).join(', ') + (a.files.length > 5 ? ` +${a.files.length - 5}` : '') : '–';
        const broken = a.passToPass?.broken.length ? ` (broke ${a.passToPass.broken.slice(0, 3).map((t) => (0,markdown/* tableCell */.xR)(t, 80)).join(', ')})` : '';
        lines.push(`| ${a.n} | ${files} | ${VERDICTS[a.verdict]} | ${countsCell(a.failToPass)} | ${countsCell(a.passToPass)}${broken} | ${formatTokens(a.tokens)} | ${formatDuration(a.durationMs)} |`);
    }
    const blocks = [`${lines.join('\n')}\n`];
    for (const a of attempts) {
        const parts = [];
        if (detail.feedback && a.feedback.trim()) {
            const fb = a.feedback.length > MAX_FEEDBACK_CHARS ? `${a.feedback.slice(0, MAX_FEEDBACK_CHARS - 1)}…` : a.feedback;
            parts.push(`Feedback:\n\n${(0,markdown/* codeBlock */.DV)(fb, 'text')}`);
        }
        if (detail.attemptDiffs && a.diff.trim()) {
            parts.push(a.diff === patchShownBelow ? 'Its diff is the patch shown below.\n' : (0,markdown/* codeBlock */.DV)(a.diff, 'diff'));
        }
        if (!parts.length)
            continue;
        blocks.push(`<details><summary>Attempt ${a.n}: ${htmlText(VERDICTS[a.verdict])}</summary>\n\n${parts.join('\n')}\n</details>\n`);
    }
    return blocks;
}
/** The accepted diff when healed; otherwise the attempt that got the most target tests passing. */
function selectPatch(report) {
    if (report.diff?.trim())
        return { diff: report.diff, label: 'The fix' };
    let best;
    for (const a of report.attempts) {
        if (!a.diff.trim())
            continue;
        const score = a.failToPass ? a.failToPass.passed / Math.max(1, a.failToPass.total) : 0;
        const bestScore = best?.failToPass ? best.failToPass.passed / Math.max(1, best.failToPass.total) : -1;
        if (!best || score >= bestScore)
            best = a;
    }
    return best ? { diff: best.diff, label: `Best attempt (${best.n}, not applied)` } : undefined;
}
function diffStat(diff) {
    let files = 0;
    let plainFiles = 0;
    let added = 0;
    let removed = 0;
    for (const line of diff.split('\n')) {
        if (line.startsWith('diff --git '))
            files++;
        else if (line.startsWith('+++ '))
            plainFiles++;
        else if (line.startsWith('+'))
            added++;
        else if (line.startsWith('-') && !line.startsWith('--- '))
            removed++;
    }
    // A plain `diff -u` has no `diff --git` headers: count its `+++` lines instead.
    return { files: files || plainFiles, added, removed };
}
function renderPatch(patch, detail) {
    const stat = diffStat(patch.diff);
    const heading = `### ${patch.label}: ${plural(stat.files, 'file')}, +${formatCount(stat.added)} −${formatCount(stat.removed)}`;
    if (!detail.patch)
        return `${heading}\n\nThe patch is left out here to fit the summary limit.\n`;
    return `${heading}\n\n<details><summary>Show the diff</summary>\n\n${(0,markdown/* codeBlock */.DV)(patch.diff, 'diff')}\n</details>\n`;
}
function renderFlaky(flaky, detail, omitted) {
    const shown = flaky.slice(0, detail.maxListItems);
    const lines = [`### Flaky tests (${formatCount(flaky.length)})`, '', 'Failed in the report but passed on rerun; nothing was changed for them.', ''];
    for (const id of shown)
        lines.push(`- ${(0,markdown/* inlineCode */.ti)(id.length > 300 ? `${id.slice(0, 299)}…` : id)}`);
    if (flaky.length > shown.length) {
        lines.push(`- …and ${formatCount(flaky.length - shown.length)} more`);
        omitted.push(`${plural(flaky.length - shown.length, 'flaky test name')}`);
    }
    return `${lines.join('\n')}\n`;
}
function renderReproduce(report) {
    const command = report.reproduce ?? report.testCommand;
    return `### Reproduce locally\n\n${(0,markdown/* codeBlock */.DV)(command, 'sh')}`;
}
const MODE_NAMES = {
    commit: 'commit',
    'pull-request': 'pull request',
    patch: 'patch',
    none: 'none',
};
function renderDelivery(d) {
    const lines = ['### Delivery', ''];
    const status = { delivered: 'delivered', 'dry-run': 'dry run (nothing pushed)', skipped: 'skipped', failed: 'failed' }[d.status];
    lines.push(`**Mode:** ${MODE_NAMES[d.mode]} · **Status:** ${status}`, '', (0,markdown/* escapeMarkdown */.FV)(d.reason), '');
    if (d.commitSha)
        lines.push(`- Commit: ${(0,markdown/* inlineCode */.ti)(d.commitSha)}${d.branch ? ` on ${(0,markdown/* inlineCode */.ti)(d.branch)}` : ''}`);
    if (d.pullRequestUrl && /^https?:\/\/[^\s()<>]+$/.test(d.pullRequestUrl)) {
        const label = d.pullRequestNumber ? `#${d.pullRequestNumber}` : 'pull request';
        lines.push(`- Pull request: [${label}](${d.pullRequestUrl})${d.pullRequestUpdated ? ' (updated)' : ''}`);
    }
    if (d.patchPath) {
        lines.push(`- Patch: ${(0,markdown/* inlineCode */.ti)(d.patchPath)} (an action cannot upload artifacts by itself: add an \`actions/upload-artifact\` step with \`path: \${{ steps.<id>.outputs.patch-path }}\` to keep it)`);
    }
    if (d.reportPath)
        lines.push(`- Report: ${(0,markdown/* inlineCode */.ti)(d.reportPath)}`);
    if (d.ciRerun)
        lines.push(`- CI: ${(0,markdown/* escapeMarkdown */.FV)(d.ciRerun)}`);
    let text = `${lines.join('\n').trimEnd()}\n`;
    if (d.log.length) {
        const steps = d.log.slice(0, 50).map((l) => `- ${(0,markdown/* escapeMarkdown */.FV)(l.length > 500 ? `${l.slice(0, 499)}…` : l)}`);
        text += `\n<details><summary>Delivery steps</summary>\n\n${steps.join('\n')}\n\n</details>\n`;
    }
    return text;
}
const NOTICE_TITLES = {
    skipped: '⏭️ self-heal: skipped',
    refused: '⛔ self-heal: refused',
    error: '❌ self-heal: could not run',
};
/** The summary when self-heal stopped before healing: a guard, a refusal, bad inputs or a crash. */
function renderNoticeSummary(notice) {
    const lines = [`## ${NOTICE_TITLES[notice.kind]}: ${escapeMarkdown(notice.reason.slice(0, MAX_REASON_CHARS))}`, ''];
    for (const d of (notice.details ?? []).slice(0, 50))
        lines.push(`- ${escapeMarkdown(d.slice(0, 1_000))}`);
    if (notice.runUrl)
        lines.push('', `<sub>[workflow run](${notice.runUrl}) · self-heal</sub>`);
    return `${lines.join('\n').trimEnd()}\n`;
}

;// CONCATENATED MODULE: ./src/demo/narrate.ts
/**
 * What `self-heal demo` prints after the run: the failing tests as frames, each attempt with its
 * verdict and what the built-in engine tried, the fix, and the job summary a CI run would post.
 * Everything from the run (test names, messages, diffs) is made terminal-safe first.
 */


function section(title) {
    return `\n━━ ${title} ${'━'.repeat(Math.max(3, 60 - title.length))}\n`;
}
function describeEngine(attempt) {
    const d = attempt.detail ?? {};
    const lines = [];
    const validated = typeof d.validated === 'number' ? d.validated : undefined;
    const candidates = typeof d.candidates === 'number' ? d.candidates : undefined;
    if (validated !== undefined)
        lines.push(`    built-in engine: ${validated} candidate(s) validated by targeted reruns, of ${candidates ?? '?'} generated`);
    const templates = d.templates && typeof d.templates === 'object' ? Object.entries(d.templates) : [];
    if (templates.length)
        lines.push(`    templates tried: ${templates.map(([t, n]) => `${(0,frames_text/* terminalSafe */.k)(t)} ×${n}`).join(', ')}`);
    const fix = d.fix;
    if (fix?.description)
        lines.push(`    fix found: ${(0,frames_text/* terminalSafe */.k)(fix.description)}`);
    const top = Array.isArray(d.localisation) ? d.localisation.slice(0, 3) : [];
    if (top.length)
        lines.push(`    most suspicious lines: ${top.map((l) => `${(0,frames_text/* terminalSafe */.k)(l.file)}:${l.line} (${l.score})`).join(', ')}`);
    return lines;
}
function renderDemo(report, where) {
    const out = [];
    out.push(section('failing tests (failure frames)'));
    if (!report.failures.length)
        out.push('  (none)');
    for (const f of report.failures) {
        out.push(`  ✗ ${(0,frames_text/* terminalSafe */.k)(f.name)}`);
        if (f.exceptionType || f.message)
            out.push(`    ${(0,frames_text/* terminalSafe */.k)(f.exceptionType ?? 'failure')}: ${(0,frames_text/* terminalSafe */.k)(f.message.replace(/\s+/g, ' ').trim()).slice(0, 200)}`);
        if (f.test)
            out.push(`    test at ${(0,frames_text/* terminalSafe */.k)(f.test.file)}:${f.test.line}`);
        if (f.triggering)
            out.push(`    failed at ${(0,frames_text/* terminalSafe */.k)(f.triggering.file)}:${f.triggering.line}${f.triggering.expression ? `  ${(0,frames_text/* terminalSafe */.k)(f.triggering.expression).slice(0, 120)}` : ''}`);
    }
    out.push(section('attempts'));
    if (!report.attempts.length)
        out.push('  (none)');
    for (const a of report.attempts) {
        out.push(`  attempt ${a.n}: ${a.verdict} (${(a.durationMs / 1000).toFixed(1)}s)`);
        out.push(...describeEngine(a));
        if (a.verdict !== 'accepted' && a.feedback)
            out.push(`    ${(0,frames_text/* terminalSafe */.k)(a.feedback.split('\n')[0] ?? '').slice(0, 200)}`);
    }
    if (report.diff) {
        out.push(section('the fix'));
        out.push((0,frames_text/* terminalSafe */.k)(report.diff, true).trimEnd());
    }
    out.push(section('job summary (Markdown, as a CI run would post it)'));
    out.push(renderJobSummary(report).trimEnd());
    out.push(section('result'));
    out.push(`  ${report.result}: ${(0,frames_text/* terminalSafe */.k)(report.reason, true)}`);
    if (report.commit)
        out.push(`  committed ${report.commit.sha.slice(0, 12)} in the example repository: ${(0,frames_text/* terminalSafe */.k)(report.commit.message.split('\n')[0] ?? '')}`);
    out.push(where.kept ? `  the example repository is kept at ${where.dir}` : '  the temporary example repository was removed (pass --keep to look around in it)');
    return `${out.join('\n')}\n`;
}

// EXTERNAL MODULE: external "node:child_process"
var external_node_child_process_ = __webpack_require__(1421);
// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(3024);
// EXTERNAL MODULE: external "node:os"
var external_node_os_ = __webpack_require__(8161);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
var external_node_path_default = /*#__PURE__*/__webpack_require__.n(external_node_path_);
// EXTERNAL MODULE: external "node:url"
var external_node_url_ = __webpack_require__(3136);
;// CONCATENATED MODULE: ./src/demo/prepare-example.ts
/**
 * Puts the bundled example project into a directory as a git repository with one commit, the way a
 * user's project looks when its tests fail. Git runs with the user's global and system config shut
 * out (`GIT_CONFIG_GLOBAL`/`GIT_CONFIG_NOSYSTEM`), so signing, hooks or templates of the machine
 * cannot break the demo, and with a fixed identity and date, so the example commit is the same
 * everywhere.
 */





const here = external_node_path_default().dirname((0,external_node_url_.fileURLToPath)(import.meta.url));
/**
 * The example project: a small shop's pricing module with node:test tests (nothing to install on
 * a fresh machine); the bulk discount applies from ten items, but the code says `> 10`, so one test
 * fails. Bundled layout first (dist/cli/index.js → dist/demo-example, copied there by
 * scripts/build.mjs, as the grammars are), then the sources (src/demo/example).
 */
function exampleProjectDir() {
    const candidates = [external_node_path_default().join(here, '..', 'demo-example'), external_node_path_default().join(here, 'example')];
    const found = candidates.find((dir) => (0,external_node_fs_.existsSync)(external_node_path_default().join(dir, 'package.json')));
    if (!found)
        throw new Error(`the demo's example project is missing (looked in ${candidates.join(', ')})`);
    return found;
}
const DEMO_IDENTITY = { name: 'self-heal demo', email: 'demo@self-heal.invalid' };
const FIXED_DATE = '2026-01-01T12:00:00Z';
/** The environment every git call of the demo (and of the heal run inside it) uses. */
function isolatedGitEnv(env) {
    return { ...env, GIT_CONFIG_GLOBAL: external_node_os_.devNull, GIT_CONFIG_NOSYSTEM: '1' };
}
/** git is missing or unusable: the demo cannot run (self-heal needs git to restore trees exactly). */
class GitUnavailableError extends Error {
    constructor(message) {
        super(message);
        this.name = 'GitUnavailableError';
    }
}
function git(cwd, env, args) {
    return new Promise((resolve, reject) => {
        (0,external_node_child_process_.execFile)('git', args, { cwd, env, encoding: 'utf8' }, (error, _stdout, stderr) => {
            if (error && error.code === 'ENOENT')
                reject(new GitUnavailableError('git was not found on PATH; self-heal needs git (it restores the work tree exactly and commits the fix)'));
            else if (error)
                reject(new GitUnavailableError(`git ${args[0]} failed in ${cwd}: ${stderr.trim() || error.message}`));
            else
                resolve();
        });
    });
}
/** Write the example into `dir` (which must exist and be empty) and commit it. */
async function prepareExampleRepo(dir, env) {
    (0,external_node_fs_.cpSync)(exampleProjectDir(), dir, { recursive: true });
    const gitEnv = {
        ...isolatedGitEnv(env),
        GIT_AUTHOR_NAME: DEMO_IDENTITY.name,
        GIT_AUTHOR_EMAIL: DEMO_IDENTITY.email,
        GIT_COMMITTER_NAME: DEMO_IDENTITY.name,
        GIT_COMMITTER_EMAIL: DEMO_IDENTITY.email,
        GIT_AUTHOR_DATE: FIXED_DATE,
        GIT_COMMITTER_DATE: FIXED_DATE,
    };
    await git(dir, gitEnv, ['init', '-q']);
    // The fix commit that heal() makes reads the committer from the repository's own config.
    await git(dir, gitEnv, ['config', 'user.name', DEMO_IDENTITY.name]);
    await git(dir, gitEnv, ['config', 'user.email', DEMO_IDENTITY.email]);
    await git(dir, gitEnv, ['config', 'commit.gpgsign', 'false']);
    await git(dir, gitEnv, ['add', '-A']);
    await git(dir, gitEnv, ['commit', '-q', '-m', 'Shop pricing: bulk discount, shipping, order total']);
}

// EXTERNAL MODULE: ./src/heal.ts + 14 modules
var heal = __webpack_require__(739);
// EXTERNAL MODULE: ./src/repair/builtin/builtin-provider.ts + 28 modules
var builtin_provider = __webpack_require__(2596);
// EXTERNAL MODULE: ./src/workspace/shell-quote.ts
var shell_quote = __webpack_require__(1890);
;// CONCATENATED MODULE: ./src/demo/run-demo.ts
/**
 * `self-heal demo`, the core: the bundled example in a temporary git repository, healed by the
 * whole loop (`heal()`) with the built-in engine — baseline, frames, attempts verified by the real
 * tests, the fix committed in the temporary repository. Nothing of the user's is touched, nothing is
 * downloaded, no key is needed.
 */







/** node:test with its usual spec output on stdout and a JUnit report for the frames. */
function exampleTestCommand(node) {
    return `${(0,shell_quote/* shellQuote */.Z)(node)} --test --test-reporter=spec --test-reporter-destination=stdout --test-reporter=junit --test-reporter-destination=junit.xml`;
}
async function runDemo(options) {
    const dir = (0,external_node_fs_.mkdtempSync)(external_node_path_default().join(options.tmpRoot ?? (0,external_node_os_.tmpdir)(), 'self-heal-demo-'));
    try {
        const env = isolatedGitEnv(options.env);
        await options.logger.group('example project', async () => {
            await prepareExampleRepo(dir, env);
            options.logger.info(`a shop's pricing module with node:test tests, committed in ${dir}`);
        });
        const healOptions = {
            cwd: dir,
            testCommand: exampleTestCommand(options.node ?? process.execPath),
            junit: ['junit.xml'],
            provider: 'builtin',
            maxAttempts: 3,
            timeoutSeconds: 120,
            maxSeconds: 900,
            commit: true,
        };
        const report = await (0,heal/* heal */.Rz)(healOptions, { logger: options.logger, createProvider: (o) => (0,builtin_provider/* createBuiltinProvider */.v)(o), env });
        return { report, dir, kept: options.keep };
    }
    finally {
        // Also after a crash: the directory stays only when asked for.
        if (!options.keep)
            (0,external_node_fs_.rmSync)(dir, { recursive: true, force: true });
    }
}

// EXTERNAL MODULE: ./src/cli/args.ts
var args = __webpack_require__(7593);
;// CONCATENATED MODULE: ./src/cli/commands/demo.ts





const FLAGS = {
    keep: { type: 'boolean' },
    json: { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
};
const HELP = `usage: self-heal demo [--keep] [--json]

Copies a small example project with a real bug (a shop's pricing module and its node:test tests)
into a temporary git repository and heals it with the built-in engine: no model, no key, no
network. Prints the failing tests, each attempt and its verdict, the fix and the job summary.

${(0,args/* describeFlags */.Jv)(FLAGS, {
    keep: 'keep the temporary repository and print its path',
    json: 'print the JSON heal report instead of the narrated result',
    help: 'show this help',
})}`;
function stderrLogger(io) {
    return {
        info: (m) => io.stderr(`  ${(0,frames_text/* terminalSafe */.k)(m, true)}\n`),
        warn: (m) => io.stderr(`  warning: ${(0,frames_text/* terminalSafe */.k)(m, true)}\n`),
        group: async (name, fn) => {
            io.stderr(`▸ ${(0,frames_text/* terminalSafe */.k)(name)}\n`);
            return fn();
        },
    };
}
async function main(argv, io) {
    const { flags } = (0,args/* parseFlags */.bQ)(argv, FLAGS);
    if (flags.help) {
        io.stdout(`${HELP.trimEnd()}\n`);
        return 0;
    }
    let run;
    try {
        run = await runDemo({ keep: flags.keep ?? false, env: io.env, logger: stderrLogger(io) });
    }
    catch (error) {
        if (!(error instanceof GitUnavailableError))
            throw error;
        io.stderr(`self-heal demo: ${error.message}\n`);
        return 2;
    }
    const { report, dir, kept } = run;
    if (flags.json)
        io.stdout(`${JSON.stringify(report, null, 2)}\n`);
    else
        io.stdout(renderDemo(report, { dir, kept }));
    if (flags.json && kept)
        io.stderr(`the example repository is kept at ${dir}\n`);
    return report.result === 'healed' ? 0 : 1;
}


/***/ })

};
