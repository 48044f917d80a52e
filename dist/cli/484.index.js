export const id = 484;
export const ids = [484];
export const modules = {

/***/ 484:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  main: () => (/* binding */ main)
});

// EXTERNAL MODULE: ./src/frames/frames-text.ts
var frames_text = __webpack_require__(7172);
// EXTERNAL MODULE: ./src/text/format.ts
var format = __webpack_require__(8488);
// EXTERNAL MODULE: ./src/text/markdown.ts
var markdown = __webpack_require__(6590);
;// CONCATENATED MODULE: ./src/ci-verify/rounds-summary.ts


const MAX_BROKE_LISTED = 5;
const SAFE_URL = /^https?:\/\/[^\s()<>[\]"'`]+$/;
function runCell(ci) {
    const label = ci.runId !== undefined ? `run ${ci.runId}` : 'no run';
    return ci.url && SAFE_URL.test(ci.url) ? `[${label}](${ci.url})` : label;
}
function shardsCell(ci) {
    if (!ci.shards.length)
        return '—';
    const failed = ci.shards.filter((s) => s.conclusion !== 'success');
    const head = `${ci.shards.length - failed.length}/${ci.shards.length} green`;
    if (!failed.length)
        return head;
    return `${head}; ${failed.map((s) => (0,markdown/* tableCell */.xR)(`${s.name}: ${s.conclusion}`, 80)).join(', ')}`;
}
function brokeCell(ci) {
    if (ci.unverified)
        return (0,markdown/* tableCell */.xR)(`no verdict: ${ci.unverified}`, 300);
    if (!ci.broke.length)
        return '—';
    const shown = ci.broke.slice(0, MAX_BROKE_LISTED).map((id) => (0,markdown/* tableCell */.xR)(id, 120));
    if (ci.broke.length > shown.length)
        shown.push(`…and ${ci.broke.length - shown.length} more`);
    return shown.join(', ');
}
/** The "CI runs" block, or undefined when no attempt went to CI. */
function renderCiRounds(report) {
    const rounds = report.attempts.filter((a) => a.ci);
    if (!rounds.length)
        return undefined;
    const lines = [`### CI runs (${rounds.length})`, ''];
    if (report.verify)
        lines.push(`**Verified on:** ${report.verify.mode} — ${(0,markdown/* escapeMarkdown */.FV)(report.verify.reason)}`, '');
    lines.push('| Attempt | Run | Conclusion | Shards | What broke | Wait |', '|---|---|---|---|---|---|');
    for (const a of rounds) {
        const ci = a.ci;
        lines.push(`| ${a.n} | ${runCell(ci)} | ${(0,markdown/* tableCell */.xR)(ci.conclusion, 40)} | ${shardsCell(ci)} | ${brokeCell(ci)} | ${(0,format/* formatDuration */.a3)(ci.waitMs)} |`);
    }
    return `${lines.join('\n')}\n`;
}

// EXTERNAL MODULE: ./src/text/untrusted-text.ts
var untrusted_text = __webpack_require__(2073);
;// CONCATENATED MODULE: ./src/repair/builtin/caution.ts
/**
 * The built-in engine tries template edits until the failing tests pass: its fix is as right as the
 * tests are thorough (docs/builtin-engine.md: on real projects it overfits weak tests). The job summary and the pull
 * request say it wherever its fix is shown.
 */
const BUILTIN_CAUTION = '**Review it:** the built-in engine found this edit by trying small changes until the tests passed, so it is only as right as the tests are thorough.';

// EXTERNAL MODULE: ./src/reports/tool-diagnostic.ts
var tool_diagnostic = __webpack_require__(2633);
// EXTERNAL MODULE: ./src/frames/prune-message.ts
var prune_message = __webpack_require__(8956);
;// CONCATENATED MODULE: ./src/render/diagnostics-summary.ts



/** Rows shown; the job summary's byte budget applies on top. */
const MAX_DIAGNOSTIC_ROWS = 50;
function renderDiagnosticsTable(diagnostics, context, max = MAX_DIAGNOSTIC_ROWS) {
    const ordered = [...diagnostics].sort((a, b) => Number(b.fails) - Number(a.fails));
    const rows = ordered.slice(0, max).map((d) => {
        const label = (0,markdown/* tableCell */.xR)(d.line ? `${d.file}:${d.line}` : d.file);
        const url = (0,format/* blobUrl */.b0)(context.repoUrl, context.sha, d.file, d.line);
        const where = url ? `[${label}](${url})` : label;
        const severity = d.fails ? '' : ` (${d.severity})`;
        return `| ${where} | ${(0,markdown/* tableCell */.xR)(d.tool)}${severity} | ${d.code ? (0,format/* tableCode */.KH)(d.code, 60) : ''} | ${(0,markdown/* tableCell */.xR)((0,prune_message/* firstLine */.T)(d.message))} |`;
    });
    const lines = [
        '### What failed the build',
        '',
        '| Where | Tool | Code | Message |',
        '| --- | --- | --- | --- |',
        ...rows,
    ];
    const rest = ordered.length - rows.length;
    if (rest > 0)
        lines.push('', `${(0,format/* formatCount */.B4)(rest)} more not listed; the JSON report (\`report-path\` output) has them all.`);
    return `${lines.join('\n')}\n`;
}

;// CONCATENATED MODULE: ./src/render/reproduction.ts



const TITLES = {
    flaky: '⚠️ self-heal: flaky test, nothing was changed',
    'fails-differently': '⚠️ self-heal: fails differently here, nothing was changed',
};
const VERDICTS = {
    reproduced: 'failed every run',
    flaky: '🎲 flaky',
    'fails-differently': '🔀 fails differently here',
};
const MAX_SIGNS = 5;
const MAX_TEXT_CHARS = 600;
/** Text whose code spans stay code and whose rest is escaped; bounded. */
function textWithCode(text, max = MAX_TEXT_CHARS) {
    const clipped = (0,untrusted_text/* oneLine */.TN)(text, max);
    return clipped
        .split('`')
        .map((part, i) => (i % 2 === 1 ? (0,markdown/* inlineCode */.ti)(part) : (0,markdown/* escapeMarkdown */.FV)(part)))
        .join('');
}
/** The title of a run that stopped on a flaky test or a different failure. */
function reproductionTitle(report) {
    if (report.result !== 'not-reproduced' || !report.reproduction)
        return undefined;
    return TITLES[report.reproduction.verdict];
}
/** The story's sentence about it, or undefined when the failures reproduced. */
function reproductionSentence(report) {
    const r = report.reproduction;
    if (!r || report.result !== 'not-reproduced')
        return undefined;
    const flaky = r.tests.filter((t) => t.verdict === 'flaky');
    const differs = r.tests.filter((t) => t.verdict === 'fails-differently');
    const parts = [];
    if (flaky.length === 1) {
        const t = flaky[0];
        parts.push(`It is **flaky**: it failed ${(0,format/* formatCount */.B4)(t.failed)} of ${(0,format/* plural */.LS)(t.runs, 'run')} without a change.`);
    }
    else if (flaky.length > 1) {
        parts.push(`${(0,format/* formatCount */.B4)(flaky.length)} of them are **flaky**: they passed in some runs without a change.`);
    }
    if (differs.length > 0) {
        const d = differs[0];
        const first = d.first ?? 'CI';
        const how = d.here && d.ci
            ? ` (${(0,markdown/* inlineCode */.ti)((0,untrusted_text/* oneLine */.TN)(d.here, 160))} here, ${(0,markdown/* inlineCode */.ti)((0,untrusted_text/* oneLine */.TN)(d.ci, 160))} in ${(0,markdown/* escapeMarkdown */.FV)((0,untrusted_text/* oneLine */.TN)(first, 40))})`
            : '';
        const why = first === 'CI' ? 'the environment differs' : 'rerun on its own, it does not fail as in the full run';
        parts.push(`${differs.length === 1 ? 'It' : `${(0,format/* formatCount */.B4)(differs.length)} of them`} **failed differently here**${how}: ${why}.`);
    }
    return parts.join(' ') || undefined;
}
function verdictCell(t) {
    if (t.verdict !== 'fails-differently' || !t.here || !t.ci)
        return VERDICTS[t.verdict];
    return `${VERDICTS[t.verdict]}: ${(0,format/* tableCode */.KH)(t.here)} in ${(0,markdown/* tableCell */.xR)(t.run ?? 'a rerun', 40)}, ${(0,format/* tableCode */.KH)(t.ci)} in ${(0,markdown/* tableCell */.xR)(t.first ?? 'CI', 40)}`;
}
/**
 * The failing tests' runs without a change, when something is worth saying: a test that was not
 * reproduced, a sign of flakiness, or reruns made to tell a flake from a failure.
 */
function renderReproduction(r, maxItems, omitted) {
    const notable = r.tests.some((t) => t.verdict !== 'reproduced');
    if (!notable && r.signs.length === 0 && r.extraRuns === 0)
        return undefined;
    const lines = [
        '### How the failures reproduced',
        '',
        `Runs of the code as it is: the CI run, the confirmation, the recorded run${r.extraRuns ? `; ${(0,format/* plural */.LS)(r.extraRuns, 'more rerun')}, of this code or of a change, told a flake from a failure` : ''}. A flaky test gets no change: a change that passes it could pass by luck.`,
        '',
        '| test | verdict | runs | failed |',
        '| --- | --- | ---: | ---: |',
    ];
    const shown = r.tests.slice(0, maxItems);
    for (const t of shown)
        lines.push(`| ${(0,format/* tableCode */.KH)(t.id, 200)} | ${verdictCell(t)} | ${(0,format/* formatCount */.B4)(t.runs)} | ${(0,format/* formatCount */.B4)(t.failed)} |`);
    if (r.tests.length > shown.length) {
        lines.push(`| …and ${(0,format/* formatCount */.B4)(r.tests.length - shown.length)} more | | | |`);
        omitted.push((0,format/* plural */.LS)(r.tests.length - shown.length, 'reproduction row'));
    }
    if (r.signs.length > 0) {
        lines.push('', '**Signs of flakiness:**', '');
        for (const sign of r.signs.slice(0, MAX_SIGNS))
            lines.push(`- ${textWithCode(sign, 300)}`);
    }
    if (r.quarantine)
        lines.push('', `**To quarantine it**, ${textWithCode(r.quarantine)}.`);
    return `${lines.join('\n')}\n`;
}
/** The failures that point at the environment, said before any attempt. */
function renderEnvironment(r, maxItems) {
    if (!r?.environment.length)
        return undefined;
    const lines = [
        '### The failure points at the environment',
        '',
        'Read from the failing line and the message before any attempt: a change to the code cannot provide what this job lacks.',
        '',
    ];
    for (const c of r.environment.slice(0, maxItems))
        lines.push(`- ${(0,markdown/* inlineCode */.ti)((0,untrusted_text/* oneLine */.TN)(c.test, 200))}: ${textWithCode(c.detail, 400)}${c.at ? ` (at ${(0,markdown/* inlineCode */.ti)((0,untrusted_text/* oneLine */.TN)(c.at, 200))})` : ''}`);
    return `${lines.join('\n')}\n`;
}

;// CONCATENATED MODULE: ./src/render/job-summary.ts
/**
 * The job summary a reviewer reads in seconds, healed or not: first the story in one paragraph
 * (what failed, what was changed, how it was verified), told from the report's fields, then the
 * failures grouped by the line they fail at (one source window per line, however many tests), the
 * attempts, the patch.
 *
 * GitHub drops a step summary larger than 1 MiB whole, so the document is built from atomic blocks
 * (a code fence never spans two blocks) and rendered at decreasing levels of detail until it fits:
 * first the final patch goes (it is in the commit, pull request or patch file anyway), then the
 * per-attempt diffs, the source windows, the attempt feedback and explanations, then failure rows.
 * Only when even the leanest rendering is too big are whole trailing blocks dropped. Whatever is
 * left out is named at the end. Every untrusted string (test names, messages, paths, model text, diffs) is escaped.
 */








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
    unverified: '⚠️ self-heal: not verified on CI',
};
/** Labels of the verdicts we know; any other verdict (a newer loop's) is shown by its name. */
const job_summary_VERDICTS = {
    accepted: '✅ accepted',
    'targets-failed': '❌ tests still fail',
    'not-run': '⏸️ failing tests did not run',
    'broke-passing': '❌ broke passing tests',
    duplicate: '↩️ duplicate of an earlier attempt',
    'rejected-edits': '⛔ edits refused',
    'no-edits': '∅ no edits proposed',
    'provider-error': '❌ provider error',
    timeout: '⏱️ test run timed out',
    'special-cased': '🚩 special-cases the tests',
    unverified: '⚠️ CI gave no verdict',
    flaky: '🎲 passed and failed: flaky',
};
const SPECIAL_CASE_RULES = {
    'input-condition': 'compares with the test input at',
    'expected-value': 'returns or assigns the value expected at',
    'test-identity': 'recognises the test run; the test is at',
    'encoded-cases': 'encodes a table holding the test case at',
    'table-rebind': 'rebinds an existing function to a wrapper that answers from a table',
    'environment-data': 'stands in for the missing environment with the value expected at',
};
const LEVELS = [
    {
        patch: true,
        attemptDiffs: true,
        snippets: true,
        feedback: true,
        maxFailureRows: 500,
        maxListItems: 500,
        omitted: [],
    },
    {
        patch: false,
        attemptDiffs: true,
        snippets: true,
        feedback: true,
        maxFailureRows: 500,
        maxListItems: 500,
        omitted: ['the patch'],
    },
    {
        patch: false,
        attemptDiffs: false,
        snippets: true,
        feedback: true,
        maxFailureRows: 500,
        maxListItems: 500,
        omitted: ['the patch', 'per-attempt diffs'],
    },
    {
        patch: false,
        attemptDiffs: false,
        snippets: false,
        feedback: true,
        maxFailureRows: 500,
        maxListItems: 500,
        omitted: ['the patch', 'per-attempt diffs', 'source windows'],
    },
    {
        patch: false,
        attemptDiffs: false,
        snippets: false,
        feedback: false,
        maxFailureRows: 100,
        maxListItems: 100,
        omitted: ['the patch', 'per-attempt diffs', 'source windows', 'attempt feedback and explanations'],
    },
    {
        patch: false,
        attemptDiffs: false,
        snippets: false,
        feedback: false,
        maxFailureRows: 20,
        maxListItems: 20,
        omitted: ['the patch', 'per-attempt diffs', 'source windows', 'attempt feedback and explanations'],
    },
];
const MAX_FEEDBACK_CHARS = 4_000;
const MAX_REASON_CHARS = 1_000;
/** The provider's explanation in the story: its first paragraph, at most this long. */
const MAX_EXPLANATION_CHARS = 300;
function verdictLabel(verdict) {
    return job_summary_VERDICTS[verdict] ?? `⛔ ${verdict}`;
}
/** The provider's own account of an attempt (chat models' replies, an agent's notes), when it gave one. */
function providerNotes(attempt) {
    const notes = attempt.detail?.notes;
    return typeof notes === 'string' && notes.trim() ? notes.trim() : undefined;
}
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
    const note = (dropped) => `> [!NOTE]\n> ${(0,format/* formatCount */.B4)(dropped)} further section${dropped === 1 ? '' : 's'} left out to fit GitHub's 1 MiB summary limit; the JSON report (\`report-path\` output) has everything.\n`;
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
    blocks.push(renderHeadline(report, context));
    blocks.push(renderFacts(report));
    if (report.diagnostics?.length)
        blocks.push(renderDiagnosticsTable(report.diagnostics, context));
    const environment = renderEnvironment(report.reproduction, detail.maxListItems);
    if (environment)
        blocks.push(environment);
    if (report.failures.length)
        blocks.push(...renderFailures(report, context, detail, omitted));
    const patch = selectPatch(report);
    // The attempt whose diff is the patch shown below does not repeat it.
    const shownBelow = detail.patch ? patch?.diff : undefined;
    if (report.attempts.length)
        blocks.push(...renderAttempts(report.attempts, detail, shownBelow, report.timings?.attempts));
    const ciRounds = renderCiRounds(report);
    if (ciRounds)
        blocks.push(ciRounds);
    if (patch)
        blocks.push(renderPatch(patch, detail));
    const reproduced = report.reproduction && renderReproduction(report.reproduction, detail.maxListItems, omitted);
    if (reproduced)
        blocks.push(reproduced);
    else if (report.flaky.length)
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
/** The title, then the story in one paragraph, the provider's explanation of the fix, and why it stopped. */
function renderHeadline(report, context) {
    const title = reproductionTitle(report) ?? RESULT_TITLES[report.result];
    const parts = [`## ${title}`, '', renderStory(report, context)];
    const accepted = acceptedAttempt(report);
    const notes = accepted && providerNotes(accepted);
    if (notes)
        parts.push('', `> **The provider's explanation:** ${(0,markdown/* escapeMarkdown */.FV)(firstParagraph(notes))}`);
    if (!STORY_TELLS_WHY.has(report.result)) {
        const reason = report.reason.length > MAX_REASON_CHARS ? `${report.reason.slice(0, MAX_REASON_CHARS - 1)}…` : report.reason;
        parts.push('', `**Why:** ${(0,markdown/* escapeMarkdown */.FV)(reason)}`);
    }
    return `${parts.join('\n')}\n`;
}
/**
 * Results whose story the report's fields tell completely; for the others (a configuration error,
 * a provider error, a budget, a refusal) the reason is the only account of why the run stopped.
 */
const STORY_TELLS_WHY = new Set([
    'healed',
    'unhealed',
    'not-reproduced',
    'nothing-to-heal',
]);
function acceptedAttempt(report) {
    return report.result === 'healed' ? report.attempts.findLast((a) => a.verdict === 'accepted') : undefined;
}
function firstParagraph(text) {
    const first = text
        .split(/\n\s*\n/)[0]
        .replace(/\s+/g, ' ')
        .trim();
    return first.length > MAX_EXPLANATION_CHARS ? `${first.slice(0, MAX_EXPLANATION_CHARS - 1)}…` : first;
}
/** What failed, what was changed, how it was verified: one paragraph from the report's fields. */
function renderStory(report, context) {
    const s = report.summary;
    const failing = Math.max(report.failures.length, s.failed + s.errored);
    const healed = report.result === 'healed';
    const build = (0,tool_diagnostic/* describeBuildFailure */.EG)(report.diagnostics ?? []);
    if (failing === 0 && !report.attempts.length && build) {
        const when = s.total ? 'The build failed' : 'The build failed before the tests ran';
        return `**${when}:** ${(0,markdown/* escapeMarkdown */.FV)(build)}. **Nothing was changed.**`;
    }
    if (failing === 0 && !report.attempts.length) {
        return s.total ? `**${(0,format/* plural */.LS)(s.total, 'test')} ran** and none failed.` : '**No test result** was read.';
    }
    const sentences = [`${whatFailed(report, failing, healed, context)}.`];
    const accepted = acceptedAttempt(report);
    if (accepted) {
        const stat = report.diff ? diffStat(report.diff) : undefined;
        sentences.push(`**Attempt ${accepted.n} changed** ${listFiles(accepted.files)}${stat ? ` (+${(0,format/* formatCount */.B4)(stat.added)} −${(0,format/* formatCount */.B4)(stat.removed)})` : ''}.`, `**Verified** by rerunning the tests: ${verification(accepted)}.`);
        if (report.provider.name === 'builtin')
            sentences.push(BUILTIN_CAUTION);
        return sentences.join(' ');
    }
    const reproduction = reproductionSentence(report);
    if (reproduction) {
        sentences.push(reproduction);
    }
    else if (report.result === 'not-reproduced' && report.flaky.length) {
        const who = report.flaky.length >= failing ? 'They' : `${(0,format/* formatCount */.B4)(report.flaky.length)} of them`;
        sentences.push(`${who} **passed when rerun**: flaky, or dependent on the environment.`);
    }
    else if (report.attempts.length) {
        const best = closestAttempt(report.attempts);
        const closest = best ? `; the closest, attempt ${best.n}, ${describeOutcome(best)}` : '';
        sentences.push(`**${(0,format/* plural */.LS)(report.attempts.length, 'attempt')}**, none accepted${closest}.`);
    }
    else if (!healed) {
        sentences.push('**No attempt** was made.');
    }
    sentences.push(healed ? '' : '**Nothing was changed.**');
    return sentences.filter(Boolean).join(' ');
}
/** `5 tests failed with `KeyError` at file:line`, or `in 3 places`. */
function whatFailed(report, failing, healed, context) {
    const groups = groupFailures(report.failures);
    const types = [...new Set(report.failures.map((f) => f.exceptionType).filter((t) => !!t))];
    const type = types.length === 1 && report.failures.length === failing ? ` with ${(0,markdown/* inlineCode */.ti)((0,untrusted_text/* oneLine */.TN)(types[0], 80))}` : '';
    const where = groups.length === 1 && groups[0].at && groups[0].frames.length === failing
        ? ` at ${locationCell(groups[0].at, context)}`
        : groups.length > 1
            ? ` in ${(0,format/* plural */.LS)(groups.length, 'place')}`
            : '';
    return `**${(0,format/* plural */.LS)(failing, 'test')} ${healed ? 'failed' : failing === 1 ? 'fails' : 'fail'}**${type}${where}`;
}
function verification(accepted) {
    const f2p = accepted.failToPass;
    const p2p = accepted.passToPass;
    const fixed = f2p
        ? f2p.total === 1
            ? 'the failing test passes'
            : `all ${(0,format/* formatCount */.B4)(f2p.total)} failing tests pass`
        : 'the failing tests pass';
    if (!p2p)
        return fixed;
    if (p2p.total === 0)
        return `${fixed}, and no other test ran`;
    return `${fixed}, and ${p2p.total === 1 ? 'the test that passed before still passes' : `all ${(0,format/* formatCount */.B4)(p2p.total)} that passed before still pass`}`;
}
function listFiles(files) {
    if (!files.length)
        return 'nothing';
    const shown = files.slice(0, 3).map((f) => (0,markdown/* inlineCode */.ti)((0,untrusted_text/* oneLine */.TN)(f, 120)));
    return files.length > 3 ? `${shown.join(', ')} and ${(0,format/* plural */.LS)(files.length - 3, 'more file')}` : shown.join(', ');
}
/** How far a rejected attempt got, from its counts (any verdict, including ones this file does not know). */
function describeOutcome(a) {
    const f2p = a.failToPass;
    const made = `made ${(0,format/* formatCount */.B4)(f2p.passed)} of ${(0,format/* formatCount */.B4)(f2p.total)} pass`;
    const broken = a.passToPass?.broken.length ?? 0;
    if (broken)
        return `${made} but broke ${(0,format/* plural */.LS)(broken, 'passing test')}`;
    if (a.verdict === 'special-cased')
        return `${made} only by special-casing the tests`;
    if (f2p.passed === f2p.total)
        return `${made} but was not accepted (${(0,markdown/* escapeMarkdown */.FV)(a.verdict)})`;
    return made;
}
/** The attempt that got the most failing tests passing (the later one on a tie). */
function closestAttempt(attempts) {
    let best;
    for (const a of attempts) {
        if (!a.failToPass?.total)
            continue;
        const score = a.failToPass.passed / a.failToPass.total;
        if (!best || score >= best.failToPass.passed / best.failToPass.total)
            best = a;
    }
    return best && best.failToPass.passed > 0 ? best : undefined;
}
function renderFacts(report) {
    const s = report.summary;
    const provider = report.provider.model ? `${report.provider.name} (${report.provider.model})` : report.provider.name;
    const parts = [
        `**Tests:** ${(0,format/* formatCount */.B4)(s.total)} run, ${(0,format/* formatCount */.B4)(s.failed)} failed, ${(0,format/* formatCount */.B4)(s.errored)} errored, ${(0,format/* formatCount */.B4)(s.skipped)} skipped`,
        `**Attempts:** ${(0,format/* formatCount */.B4)(report.attempts.length)}`,
        `**Provider:** ${(0,markdown/* escapeMarkdown */.FV)(provider)}`,
        `**Tokens:** ${(0,format/* formatTokens */._y)(report.tokens)}`,
        `**Time:** ${(0,format/* formatDuration */.a3)(report.durationMs)}${baselineSplit(report.timings)}`,
    ];
    // `auto` fell back: one line saying from what and why (without a claim when the run stopped first).
    const made = report.attempts.length ? 'made' : 'would have made';
    const fallback = report.provider.fallbackFrom
        ? `\n**Provider fallback:** ${(0,markdown/* escapeMarkdown */.FV)(report.provider.fallbackFrom)} was not available (${(0,markdown/* escapeMarkdown */.FV)((0,untrusted_text/* oneLine */.TN)(report.provider.reason ?? 'no reason given', MAX_REASON_CHARS))}); the ${(0,markdown/* escapeMarkdown */.FV)(report.provider.name)} provider ${made} the attempts.\n`
        : '';
    return `${parts.join(' · ')}\n${fallback}`;
}
/** " (baseline run 4.0 s, confirmation 1.0 s)", or nothing when the report has no baseline timings. */
function baselineSplit(timings) {
    if (!timings)
        return '';
    const parts = [];
    if (timings.baselineMs !== undefined)
        parts.push(`baseline run ${(0,format/* formatDuration */.a3)(timings.baselineMs)}`);
    if (timings.confirmationMs !== undefined)
        parts.push(`confirmation ${(0,format/* formatDuration */.a3)(timings.confirmationMs)}`);
    return parts.length ? ` (${parts.join(', ')})` : '';
}
/** "Time: 3.1 s — provider 1.9 s · targeted rerun 0.6 s · full run 0.5 s · self-heal 0.1 s". */
function attemptSplit(a, t) {
    const parts = [`provider ${(0,format/* formatDuration */.a3)(t.providerMs)}`];
    if (t.targetedRerunMs !== undefined)
        parts.push(`targeted rerun ${(0,format/* formatDuration */.a3)(t.targetedRerunMs)}`);
    if (t.ciWaitMs !== undefined)
        parts.push(`CI round ${(0,format/* formatDuration */.a3)(t.ciWaitMs)}`);
    else if (t.fullRunMs !== undefined)
        parts.push(`full run ${(0,format/* formatDuration */.a3)(t.fullRunMs)}`);
    parts.push(`self-heal ${(0,format/* formatDuration */.a3)(t.selfHealMs)}`);
    return `Time: ${(0,format/* formatDuration */.a3)(a.durationMs)} — ${parts.join(' · ')}\n`;
}
function locationCell(at, context) {
    if (!at)
        return '';
    // Frames are relative to the repository root, as blob URLs are.
    const label = (0,markdown/* escapeMarkdown */.FV)(`${at.file}:${at.line}`);
    const url = (0,format/* blobUrl */.b0)(context.repoUrl, context.sha, at.file, at.line);
    return url ? `[${label}](${url})` : label;
}
function groupFailures(failures) {
    const groups = [];
    const byLocation = new Map();
    for (const f of failures) {
        const at = f.triggering ?? f.test;
        const key = at ? `${at.file}\n${at.line}` : undefined;
        const known = key === undefined ? undefined : byLocation.get(key);
        if (known) {
            known.frames.push(f);
            continue;
        }
        const group = { at, frames: [f] };
        groups.push(group);
        if (key !== undefined)
            byLocation.set(key, group);
    }
    return groups;
}
function distinct(values) {
    return [...new Set(values)];
}
function renderFailures(report, context, detail, omitted) {
    const failures = report.failures;
    const groups = groupFailures(failures);
    const rows = groups.slice(0, detail.maxFailureRows);
    // Frames are built for the first failures only (build-frames.ts): the heading counts every
    // failing test the reports counted, and the rest are said, not silently missing.
    const failing = Math.max(failures.length, report.summary.failed + report.summary.errored);
    const lines = [
        `### Failures (${(0,format/* formatCount */.B4)(failing)})`,
        '',
        '| Location | Tests | Exception | Message | Expression |',
        '| --- | --- | --- | --- | --- |',
    ];
    for (const g of rows) {
        const first = g.frames[0];
        const tests = g.frames.length === 1
            ? (0,markdown/* tableCell */.xR)(first.name)
            : `**${(0,format/* plural */.LS)(g.frames.length, 'test')}**: ${g.frames
                .slice(0, 3)
                .map((f) => (0,markdown/* tableCell */.xR)(f.name, 80))
                .join(', ')}${g.frames.length > 3 ? ', …' : ''}`;
        const types = distinct(g.frames.map((f) => f.exceptionType ?? f.kind));
        const messages = distinct(g.frames.map((f) => f.message));
        const others = messages.length > 1 ? ` (${(0,format/* plural */.LS)(messages.length - 1, 'other message')})` : '';
        lines.push(`| ${locationCell(g.at, context)} | ${tests} | ${types
            .slice(0, 3)
            .map((t) => (0,format/* tableCode */.KH)(t, 80))
            .join(', ')}${types.length > 3 ? ', …' : ''} | ${(0,markdown/* tableCell */.xR)(first.message, 300)}${others} | ${(0,format/* tableCode */.KH)(g.at?.expression ?? '')} |`);
    }
    const listed = rows.reduce((n, g) => n + g.frames.length, 0);
    if (failures.length > listed) {
        const rest = failures.length - listed;
        lines.push('', `…and ${(0,format/* plural */.LS)(rest, 'more failure')} not listed.`);
        omitted.push(`${(0,format/* plural */.LS)(rest, 'failure row')}`);
    }
    if (failing > failures.length) {
        lines.push('', `${(0,format/* plural */.LS)(failing - failures.length, 'more failing test')} without a frame: frames are built for the first ${(0,format/* formatCount */.B4)(failures.length)}.`);
    }
    const blocks = [`${lines.join('\n')}\n`];
    for (const g of rows) {
        const snippet = detail.snippets && g.at?.snippet?.lines.length ? g.at : undefined;
        // A group's test names stay even when source windows are left out: they are short.
        if (snippet || g.frames.length > 1)
            blocks.push(renderGroup(g, snippet, detail, omitted));
    }
    return blocks;
}
/** One source window for every test that fails at its line, the tests listed under it. */
function renderGroup(g, at, detail, omitted) {
    const where = g.at ? (0,format/* htmlText */.js)(`${g.at.file}:${g.at.line}`) : 'no location';
    const summary = g.frames.length === 1
        ? `Source: ${where} (${(0,format/* htmlText */.js)(g.frames[0].name, 120)})`
        : `${at ? 'Source: ' : ''}${where} · ${(0,format/* plural */.LS)(g.frames.length, 'test')} fail here`;
    const parts = [`<details><summary>${summary}</summary>\n`];
    if (at)
        parts.push(renderSnippet(at));
    if (g.frames.length > 1) {
        const shown = g.frames.slice(0, detail.maxListItems);
        const items = shown.map((f) => `- ${(0,markdown/* inlineCode */.ti)((0,untrusted_text/* oneLine */.TN)(f.name, 200))}: ${(0,markdown/* tableCell */.xR)(f.message.split('\n')[0] ?? '', 200)}`);
        if (g.frames.length > shown.length) {
            items.push(`- …and ${(0,format/* formatCount */.B4)(g.frames.length - shown.length)} more`);
            omitted.push(`${(0,format/* plural */.LS)(g.frames.length - shown.length, 'test name')}`);
        }
        parts.push(`${items.join('\n')}\n`);
    }
    return `${parts.join('\n')}\n</details>\n`;
}
function renderSnippet(at) {
    const snippet = at.snippet;
    const width = String(snippet.startLine + snippet.lines.length - 1).length;
    const code = snippet.lines
        .map((line, i) => {
        const n = snippet.startLine + i;
        return `${n === at.line ? '>' : ' '} ${String(n).padStart(width)} | ${line}`;
    })
        .join('\n');
    return (0,markdown/* codeBlock */.DV)(code);
}
function countsCell(c) {
    return c ? `${(0,format/* formatCount */.B4)(c.passed)}/${(0,format/* formatCount */.B4)(c.total)}` : '–';
}
function renderAttempts(attempts, detail, patchShownBelow, timings) {
    const lines = [
        `### Attempts (${(0,format/* formatCount */.B4)(attempts.length)})`,
        '',
        '| # | Files changed | Verdict | Fail-to-pass | Pass-to-pass | Tokens | Time |',
        '| --- | --- | --- | --- | --- | --- | --- |',
    ];
    for (const a of attempts) {
        const files = a.files.length
            ? a.files
                .slice(0, 5)
                .map((f) => (0,format/* tableCode */.KH)(f, 80))
                .join(', ') + (a.files.length > 5 ? ` +${a.files.length - 5}` : '')
            : '–';
        const broken = a.passToPass?.broken.length
            ? ` (broke ${a.passToPass.broken
                .slice(0, 3)
                .map((t) => (0,markdown/* tableCell */.xR)(t, 80))
                .join(', ')})`
            : '';
        lines.push(`| ${a.n} | ${files} | ${(0,markdown/* escapeMarkdown */.FV)(verdictLabel(a.verdict))} | ${countsCell(a.failToPass)} | ${countsCell(a.passToPass)}${broken} | ${(0,format/* formatTokens */._y)(a.tokens)} | ${(0,format/* formatDuration */.a3)(a.durationMs)} |`);
    }
    const blocks = [`${lines.join('\n')}\n`];
    for (const a of attempts) {
        const parts = [];
        // Where the attempt's time went: a line of numbers, kept at every level of detail.
        const split = timings?.find((t) => t.n === a.n);
        if (split)
            parts.push(attemptSplit(a, split));
        const notes = providerNotes(a);
        // A provider that proposed nothing has its notes quoted in the feedback already.
        if (detail.feedback && notes && !a.feedback.includes(notes)) {
            const text = notes.length > MAX_FEEDBACK_CHARS ? `${notes.slice(0, MAX_FEEDBACK_CHARS - 1)}…` : notes;
            parts.push(`The provider's explanation:\n\n${(0,markdown/* codeBlock */.DV)(text, 'text')}`);
        }
        if (detail.feedback && a.feedback.trim()) {
            const fb = a.feedback.length > MAX_FEEDBACK_CHARS ? `${a.feedback.slice(0, MAX_FEEDBACK_CHARS - 1)}…` : a.feedback;
            parts.push(`Feedback:\n\n${(0,markdown/* codeBlock */.DV)(fb, 'text')}`);
        }
        if (detail.feedback && a.specialCases?.length)
            parts.push(renderSpecialCases(a.specialCases));
        // What the candidate's code did outside the tree: kept at every level of detail.
        if (a.writtenOutside && (a.writtenOutside.total > 0 || a.writtenOutside.truncated))
            parts.push(renderWrittenOutside(a.writtenOutside));
        // Tests it broke may have needed a withheld variable: kept at every level of detail.
        if (a.withheldEnv?.length)
            parts.push(renderWithheldEnv(a.withheldEnv));
        if (detail.attemptDiffs && a.diff.trim()) {
            parts.push(a.diff === patchShownBelow ? 'Its diff is the patch shown below.\n' : (0,markdown/* codeBlock */.DV)(a.diff, 'diff'));
        }
        if (!parts.length)
            continue;
        blocks.push(`<details><summary>Attempt ${a.n}: ${(0,format/* htmlText */.js)(verdictLabel(a.verdict))}</summary>\n\n${parts.join('\n')}\n</details>\n`);
    }
    return blocks;
}
function siteText(site) {
    return `${(0,markdown/* inlineCode */.ti)((0,untrusted_text/* oneLine */.TN)(`${site.file}:${site.line}`, 120))} ${(0,markdown/* inlineCode */.ti)((0,untrusted_text/* oneLine */.TN)(site.text, 120))}`;
}
/** The special-casing check's evidence: each literal, the patch line, the test line it came from. */
function renderSpecialCases(evidence) {
    const items = evidence.map((e) => {
        const data = e.dataReadBy ? ` (test data read by ${(0,markdown/* inlineCode */.ti)((0,untrusted_text/* oneLine */.TN)(e.dataReadBy, 120))})` : '';
        const why = e.test
            ? `${SPECIAL_CASE_RULES[e.rule]} ${siteText(e.test)}${data}`
            : e.rule === 'table-rebind'
                ? SPECIAL_CASE_RULES[e.rule]
                : 'recognises the test run';
        return `- ${(0,markdown/* inlineCode */.ti)((0,untrusted_text/* oneLine */.TN)(e.literal, 80))} at ${siteText(e.patch)} ${why}`;
    });
    return `Special-casing evidence:\n\n${items.join('\n')}\n`;
}
/** Variables withheld from an attempt whose full run broke tests that passed, and how to pass them. */
function renderWithheldEnv(names) {
    const shown = names.slice(0, 20).map((n) => (0,markdown/* inlineCode */.ti)((0,untrusted_text/* oneLine */.TN)(n, 100)));
    const more = names.length > 20 ? `, and ${names.length - 20} more` : '';
    const example = (0,untrusted_text/* oneLine */.TN)(names[0], 100);
    return `Its test runs did not get ${(0,format/* plural */.LS)(names.length, 'variable')} that look like credentials: ${shown.join(', ')}${more}. If the tests that broke need one, pass it to the test runs: ${(0,markdown/* inlineCode */.ti)(`pass-env: ${example}`)} (action input) or ${(0,markdown/* inlineCode */.ti)(`--pass-env ${example}`)} (CLI).\n`;
}
/** Paths listed per attempt in the summary (the report's JSON keeps up to 50). */
const MAX_OUTSIDE_SHOWN = 10;
/** What an attempt's test runs wrote outside the work tree: contained and discarded, or only seen. */
function renderWrittenOutside(w) {
    if (w.total === 0 && w.truncated)
        return `What its test runs wrote outside the work tree is not known: a run was killed before it was listed${w.mode === 'sandbox' ? ' (it was discarded all the same)' : ''}.\n`;
    const count = `${w.truncated ? 'at least ' : ''}${(0,format/* plural */.LS)(w.total, 'path')}`;
    const head = w.mode === 'sandbox'
        ? `Its test runs wrote ${count} outside the work tree, in layers that were discarded:`
        : `While its test runs ran, ${count} changed outside the work tree (not contained: nothing was undone, and another process's writes may be among them):`;
    const items = w.paths.slice(0, MAX_OUTSIDE_SHOWN).map((p) => `- ${(0,markdown/* inlineCode */.ti)((0,untrusted_text/* oneLine */.TN)(p, 200))}`);
    const more = w.total - items.length;
    if (more > 0)
        items.push(`- and ${w.truncated ? 'at least ' : ''}${(0,format/* formatCount */.B4)(more)} more`);
    return `${head}\n\n${items.join('\n')}\n`;
}
/** The accepted diff when healed; otherwise the attempt that got the most target tests passing. */
function selectPatch(report) {
    if (report.diff?.trim())
        return { diff: report.diff, label: 'The fix' };
    let best;
    for (const a of report.attempts) {
        // A special-cased attempt passes the tests without fixing the code: never offered as the best.
        // A duplicate carries the diff of the earlier attempt it repeats, which is judged as itself.
        if (!a.diff.trim() || a.verdict === 'special-cased' || a.verdict === 'duplicate')
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
    const heading = `### ${patch.label}: ${(0,format/* plural */.LS)(stat.files, 'file')}, +${(0,format/* formatCount */.B4)(stat.added)} −${(0,format/* formatCount */.B4)(stat.removed)}`;
    if (!detail.patch)
        return `${heading}\n\nThe patch is left out here to fit the summary limit.\n`;
    return `${heading}\n\n<details><summary>Show the diff</summary>\n\n${(0,markdown/* codeBlock */.DV)(patch.diff, 'diff')}\n</details>\n`;
}
function renderFlaky(flaky, detail, omitted) {
    const shown = flaky.slice(0, detail.maxListItems);
    const lines = [
        `### Flaky tests (${(0,format/* formatCount */.B4)(flaky.length)})`,
        '',
        'Failed in the report but passed on rerun; nothing was changed for them.',
        '',
    ];
    for (const id of shown)
        lines.push(`- ${(0,markdown/* inlineCode */.ti)(id.length > 300 ? `${id.slice(0, 299)}…` : id)}`);
    if (flaky.length > shown.length) {
        lines.push(`- …and ${(0,format/* formatCount */.B4)(flaky.length - shown.length)} more`);
        omitted.push(`${(0,format/* plural */.LS)(flaky.length - shown.length, 'flaky test name')}`);
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
    const status = {
        delivered: 'delivered',
        'dry-run': 'dry run (nothing pushed)',
        skipped: 'skipped',
        failed: 'failed',
    }[d.status];
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
        lines.push(`    built-in engine: ${(0,format/* plural */.LS)(validated, 'candidate')} validated by targeted reruns, of ${candidates ?? '?'} generated`);
    const templates = d.templates && typeof d.templates === 'object' ? Object.entries(d.templates) : [];
    if (templates.length)
        lines.push(`    templates tried: ${templates.map(([t, n]) => `${(0,frames_text/* terminalSafe */.kJ)(t)} ×${n}`).join(', ')}`);
    const fix = d.fix;
    if (fix?.description)
        lines.push(`    fix found: ${(0,frames_text/* terminalSafe */.kJ)(fix.description)}`);
    const top = Array.isArray(d.localisation)
        ? d.localisation.slice(0, 3)
        : [];
    if (top.length)
        lines.push(`    most suspicious lines: ${top.map((l) => `${(0,frames_text/* terminalSafe */.kJ)(l.file)}:${l.line} (${l.score})`).join(', ')}`);
    return lines;
}
function renderDemo(report, where) {
    const out = [];
    out.push(section('failing tests (failure frames)'));
    if (!report.failures.length)
        out.push('  (none)');
    for (const f of report.failures) {
        out.push(`  ✗ ${(0,frames_text/* terminalSafe */.kJ)(f.name)}`);
        if (f.exceptionType || f.message)
            out.push(`    ${(0,frames_text/* terminalSafe */.kJ)(f.exceptionType ?? 'failure')}: ${(0,frames_text/* terminalSafe */.kJ)(f.message.replace(/\s+/g, ' ').trim()).slice(0, 200)}`);
        if (f.test)
            out.push(`    test at ${(0,frames_text/* terminalSafe */.kJ)(f.test.file)}:${f.test.line}`);
        if (f.triggering)
            out.push(`    failed at ${(0,frames_text/* terminalSafe */.kJ)(f.triggering.file)}:${f.triggering.line}${f.triggering.expression ? `  ${(0,frames_text/* terminalSafe */.kJ)(f.triggering.expression).slice(0, 120)}` : ''}`);
    }
    out.push(section('attempts'));
    if (!report.attempts.length)
        out.push('  (none)');
    for (const a of report.attempts) {
        out.push(`  attempt ${a.n}: ${a.verdict} (${(a.durationMs / 1000).toFixed(1)}s)`);
        out.push(...describeEngine(a));
        if (a.verdict !== 'accepted' && a.feedback)
            out.push(`    ${(0,frames_text/* terminalSafe */.kJ)(a.feedback.split('\n')[0] ?? '').slice(0, 200)}`);
    }
    if (report.diff) {
        out.push(section('the fix'));
        out.push((0,frames_text/* terminalDiff */.cu)(report.diff));
    }
    out.push(section('job summary (Markdown, as a CI run would post it)'));
    out.push(renderJobSummary(report).trimEnd());
    out.push(section('result'));
    out.push(`  ${report.result}: ${(0,frames_text/* terminalSafe */.kJ)(report.reason, true)}`);
    if (report.commit)
        out.push(`  committed ${report.commit.sha.slice(0, 12)} in the example repository: ${(0,frames_text/* terminalSafe */.kJ)(report.commit.message.split('\n')[0] ?? '')}`);
    out.push(where.kept
        ? `  the example repository is kept at ${where.dir}`
        : '  the temporary example repository was removed (pass --keep to look around in it)');
    return `${out.join('\n')}\n`;
}

// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(3024);
// EXTERNAL MODULE: external "node:os"
var external_node_os_ = __webpack_require__(8161);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
var external_node_path_default = /*#__PURE__*/__webpack_require__.n(external_node_path_);
// EXTERNAL MODULE: external "node:url"
var external_node_url_ = __webpack_require__(3136);
// EXTERNAL MODULE: ./src/workspace/git.ts + 1 modules
var git = __webpack_require__(7663);
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
async function prepare_example_git(cwd, env, args) {
    try {
        await (0,git/* git */.$Y)({ cwd, env }, args);
    }
    catch (error) {
        if (!(error instanceof git/* GitError */.XS))
            throw error;
        // No exit code: git could not be started at all.
        if (error.exitCode === null && /ENOENT/.test(error.message))
            throw new GitUnavailableError('git was not found on PATH; self-heal needs git (it restores the work tree exactly and commits the fix)');
        throw new GitUnavailableError(`git ${args[0]} failed in ${cwd}: ${error.stderr.trim() || error.message}`);
    }
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
    await prepare_example_git(dir, gitEnv, ['init', '-q']);
    // The fix commit that heal() makes reads the committer from the repository's own config.
    await prepare_example_git(dir, gitEnv, ['config', 'user.name', DEMO_IDENTITY.name]);
    await prepare_example_git(dir, gitEnv, ['config', 'user.email', DEMO_IDENTITY.email]);
    await prepare_example_git(dir, gitEnv, ['config', 'commit.gpgsign', 'false']);
    await prepare_example_git(dir, gitEnv, ['add', '-A']);
    await prepare_example_git(dir, gitEnv, ['commit', '-q', '-m', 'Shop pricing: bulk discount, shipping, order total']);
}

// EXTERNAL MODULE: ./src/heal.ts + 63 modules
var heal = __webpack_require__(5217);
// EXTERNAL MODULE: ./src/repair/builtin/builtin-provider.ts + 31 modules
var builtin_provider = __webpack_require__(3574);
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
/**
 * The environment the example's tests run in: `node` on PATH is the Node.js that runs them, so the
 * command reads as a user would type it (`node --test …`), also in "Reproduce locally".
 */
function withNodeOnPath(env, node) {
    const key = Object.keys(env).find((k) => k.toUpperCase() === 'PATH') ?? 'PATH';
    return { ...env, [key]: [external_node_path_default().dirname(node), env[key]].filter(Boolean).join((external_node_path_default()).delimiter) };
}
async function runDemo(options) {
    const dir = (0,external_node_fs_.mkdtempSync)(external_node_path_default().join(options.tmpRoot ?? (0,external_node_os_.tmpdir)(), 'self-heal-demo-'));
    try {
        const env = withNodeOnPath(isolatedGitEnv(options.env), options.node ?? process.execPath);
        await options.logger.group('example project', async () => {
            await prepareExampleRepo(dir, env);
            options.logger.info(`a shop's pricing module with node:test tests, committed in ${dir}`);
        });
        const healOptions = {
            cwd: dir,
            testCommand: exampleTestCommand('node'),
            junit: ['junit.xml'],
            provider: 'builtin',
            maxAttempts: 3,
            timeoutSeconds: 120,
            maxSeconds: 900,
            commit: true,
        };
        const report = await (0,heal/* heal */.R)(healOptions, {
            logger: options.logger,
            createProvider: (o) => (0,builtin_provider/* createBuiltinProvider */.vN)(o),
            env,
        });
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
// EXTERNAL MODULE: ./src/cli/inert-output.ts
var inert_output = __webpack_require__(8394);
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
        info: (m) => io.stderr(`  ${(0,frames_text/* terminalSafe */.kJ)(m, true)}\n`),
        warn: (m) => io.stderr(`  warning: ${(0,frames_text/* terminalSafe */.kJ)(m, true)}\n`),
        group: async (name, fn) => {
            io.stderr(`▸ ${(0,frames_text/* terminalSafe */.kJ)(name)}\n`);
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
        (0,inert_output/* printJson */.Q2)(io, report);
    else
        io.stdout(renderDemo(report, { dir, kept }));
    if (flags.json && kept)
        io.stderr(`the example repository is kept at ${dir}\n`);
    return report.result === 'healed' ? 0 : 1;
}


/***/ })

};
