export const id = 572;
export const ids = [572];
export const modules = {

/***/ 2572:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  main: () => (/* binding */ main),
  parseRunArgs: () => (/* binding */ parseRunArgs),
  renderSummary: () => (/* binding */ renderSummary)
});

// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
var external_node_path_default = /*#__PURE__*/__webpack_require__.n(external_node_path_);
// EXTERNAL MODULE: ./src/contracts/heal-options.ts
var heal_options = __webpack_require__(8582);
// EXTERNAL MODULE: ./src/heal.ts + 63 modules
var heal = __webpack_require__(5217);
// EXTERNAL MODULE: ./src/repair/create-provider.ts + 29 modules
var create_provider = __webpack_require__(1682);
// EXTERNAL MODULE: ./src/repair/provider.ts
var repair_provider = __webpack_require__(3716);
// EXTERNAL MODULE: ./src/frames/frames-text.ts
var frames_text = __webpack_require__(7172);
// EXTERNAL MODULE: ./src/workspace/run-tests.ts
var run_tests = __webpack_require__(4240);
// EXTERNAL MODULE: ./src/workspace/tree-state.ts
var tree_state = __webpack_require__(2349);
// EXTERNAL MODULE: ./src/text/format.ts
var format = __webpack_require__(8488);
// EXTERNAL MODULE: ./src/loop/outcome-text.ts
var outcome_text = __webpack_require__(5632);
// EXTERNAL MODULE: ./src/cli/args.ts
var args = __webpack_require__(7593);
// EXTERNAL MODULE: ./node_modules/@actions/github/lib/github.js + 21 modules
var github = __webpack_require__(157);
;// CONCATENATED MODULE: ./src/delivery/github-api.ts
/**
 * The narrow port over GitHub's REST API: only the calls delivery and the workflow_run mode make,
 * with plain-words errors. The implementation is `@actions/github`'s Octokit (`getOctokit`), pointed
 * at `GITHUB_API_URL` (GitHub Enterprise Server, or a loopback server in tests).
 */

/** A GitHub API call failed; `message` says which call, the status, and what to do about it. */
class GitHubApiError extends Error {
    status;
    call;
    constructor(message, status, call) {
        super(message);
        this.status = status;
        this.call = call;
        this.name = 'GitHubApiError';
    }
}
/** What a status usually means for a workflow token, said so a user can fix it. */
function hintFor(status, call, permission) {
    if (status === 401)
        return 'the token is invalid or expired';
    if (status === 403 || status === 404) {
        const need = permission ? ` (the workflow needs \`permissions: ${permission}\`` : ' (';
        return `the token may not do this${need}; fork and Dependabot pull requests get a read-only token)`;
    }
    if (status === 422)
        return 'GitHub refused the request as invalid';
    if (status && status >= 500)
        return 'GitHub had an error; try again later';
    return call.startsWith('GET') ? 'could not read from GitHub' : 'could not write to GitHub';
}
async function call(name, permission, fn) {
    try {
        return await fn();
    }
    catch (error) {
        if (error instanceof GitHubApiError)
            throw error;
        const e = (error ?? {});
        const status = typeof e.status === 'number' ? e.status : undefined;
        const detail = (e.message ?? String(error)).split('\n')[0].slice(0, 300);
        throw new GitHubApiError(`${name} failed${status ? ` (${status})` : ''}: ${detail}; ${hintFor(status, name, permission)}`, status, name);
    }
}
function toRun(r) {
    return {
        id: r.id,
        name: r.name ?? '',
        headSha: r.head_sha,
        headBranch: r.head_branch ?? '',
        path: r.path ?? '',
        event: r.event,
        status: r.status ?? 'queued',
        conclusion: r.conclusion,
        url: r.html_url,
    };
}
function toPull(p) {
    return {
        number: p.number,
        url: p.html_url,
        body: p.body ?? '',
        headRef: p.head.ref,
        baseRef: p.base.ref,
        draft: p.draft ?? false,
    };
}
/** Ruleset rule types that refuse a plain push of a bot commit to the branch. */
const BLOCKING_RULES = new Set([
    'pull_request',
    'update',
    'required_signatures',
    'required_status_checks',
    'merge_queue',
]);
async function readBody(stream, maxBytes) {
    if (!stream)
        return Buffer.alloc(0);
    const chunks = [];
    let size = 0;
    const reader = stream.getReader();
    for (;;) {
        const { done, value } = await reader.read();
        if (done)
            break;
        size += value.byteLength;
        if (size > maxBytes) {
            await reader.cancel();
            throw new Error(`the download is larger than ${maxBytes} bytes`);
        }
        chunks.push(Buffer.from(value));
    }
    return Buffer.concat(chunks);
}
function createGitHubApi(token, repo, options = {}) {
    const baseUrl = options.baseUrl ?? process.env.GITHUB_API_URL ?? 'https://api.github.com';
    const octokit = (0,github/* getOctokit */.Q)(token, {
        baseUrl,
        log: { debug: () => { }, info: () => { }, warn: () => { }, error: () => { } },
    });
    return {
        ...branchCalls(octokit, repo),
        ...pullRequestCalls(octokit, repo),
        ...workflowRunCalls(octokit, repo),
        ...artifactCalls(octokit, repo),
    };
}
function branchCalls(octokit, { owner, repo: name }) {
    return {
        getDefaultBranch: () => call('GET /repos/{owner}/{repo}', 'contents: read', async () => {
            const { data } = await octokit.rest.repos.get({ owner, repo: name });
            return data.default_branch;
        }),
        getBranch: (branch) => call('GET /repos/{owner}/{repo}/branches/{branch}', 'contents: read', () => readBranch(octokit, { owner, repo: name }, branch)),
    };
}
async function readBranch(octokit, { owner, repo: name }, branch) {
    let data;
    try {
        ({ data } = await octokit.rest.repos.getBranch({ owner, repo: name, branch }));
    }
    catch (error) {
        if (error.status === 404)
            return undefined;
        throw error;
    }
    let ruled;
    try {
        const rules = await octokit.rest.repos.getBranchRules({ owner, repo: name, branch, per_page: 100 });
        ruled = rules.data.some((r) => BLOCKING_RULES.has(r.type));
    }
    catch (error) {
        // Rulesets are unreadable for some tokens (403) or absent on older servers (404): when the
        // rules cannot be read, assume they block, which only means a pull request instead of a push.
        ruled = true;
        void error;
    }
    return { sha: data.commit.sha, protected: data.protected || ruled };
}
function pullRequestCalls(octokit, { owner, repo: name }) {
    return {
        listOpenPullRequests: (headOwner, headRef, base) => call('GET /repos/{owner}/{repo}/pulls', 'pull-requests: read', async () => {
            const { data } = await octokit.rest.pulls.list({
                owner,
                repo: name,
                state: 'open',
                head: `${headOwner}:${headRef}`,
                base,
                per_page: 100,
            });
            return data.map(toPull);
        }),
        createPullRequest: (input) => call('POST /repos/{owner}/{repo}/pulls', 'pull-requests: write', async () => {
            const { data } = await octokit.rest.pulls.create({ owner, repo: name, ...input });
            return toPull(data);
        }),
        updatePullRequest: (number, input) => call('PATCH /repos/{owner}/{repo}/pulls/{pull_number}', 'pull-requests: write', async () => {
            const { data } = await octokit.rest.pulls.update({ owner, repo: name, pull_number: number, ...input });
            return toPull(data);
        }),
    };
}
function workflowRunCalls(octokit, { owner, repo: name }) {
    return {
        dispatchWorkflow: (workflow, ref) => call('POST /repos/{owner}/{repo}/actions/workflows/{workflow_id}/dispatches', 'actions: write', async () => {
            await octokit.rest.actions.createWorkflowDispatch({
                owner,
                repo: name,
                workflow_id: /^\d+$/.test(workflow) ? Number(workflow) : workflow,
                ref,
            });
        }),
        listRunsForCommit: (headSha, branch) => call('GET /repos/{owner}/{repo}/actions/runs', 'actions: read', async () => {
            const { data } = await octokit.rest.actions.listWorkflowRunsForRepo({
                owner,
                repo: name,
                head_sha: headSha,
                ...(branch ? { branch } : {}),
                per_page: 100,
            });
            return data.workflow_runs.map(toRun);
        }),
        getRun: (runId) => call('GET /repos/{owner}/{repo}/actions/runs/{run_id}', 'actions: read', async () => {
            const { data } = await octokit.rest.actions.getWorkflowRun({ owner, repo: name, run_id: runId });
            return toRun(data);
        }),
        listRunJobs: (runId) => call('GET /repos/{owner}/{repo}/actions/runs/{run_id}/jobs', 'actions: read', async () => {
            const all = await octokit.paginate(octokit.rest.actions.listJobsForWorkflowRun, {
                owner,
                repo: name,
                run_id: runId,
                filter: 'latest',
                per_page: 100,
            });
            return all.map((j) => ({ id: j.id, name: j.name, status: j.status, conclusion: j.conclusion }));
        }),
    };
}
function artifactCalls(octokit, { owner, repo: name }) {
    return {
        listRunArtifacts: (runId) => call('GET /repos/{owner}/{repo}/actions/runs/{run_id}/artifacts', 'actions: read', async () => {
            const all = await octokit.paginate(octokit.rest.actions.listWorkflowRunArtifacts, {
                owner,
                repo: name,
                run_id: runId,
                per_page: 100,
            });
            return all.map((a) => ({ id: a.id, name: a.name, sizeInBytes: a.size_in_bytes, expired: a.expired }));
        }),
        downloadArtifact: (id, maxBytes) => call('GET /repos/{owner}/{repo}/actions/artifacts/{artifact_id}/zip', 'actions: read', async () => {
            // The API answers 302 to a short-lived blob URL on another host; fetch follows it and, being
            // cross-origin, drops the Authorization header. The body is read as a stream, bounded.
            const response = await octokit.rest.actions.downloadArtifact({
                owner,
                repo: name,
                artifact_id: id,
                archive_format: 'zip',
                request: { parseSuccessResponseBody: false },
            });
            return readBody(response.data, maxBytes);
        }),
    };
}

// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(3024);
// EXTERNAL MODULE: ./node_modules/zod/v4/classic/schemas.js + 17 modules
var schemas = __webpack_require__(8816);
;// CONCATENATED MODULE: ./src/delivery/read-run-context.ts
/**
 * The run's context, read once from the runner's environment and the event payload
 * (`GITHUB_EVENT_PATH`), into a typed value the guards and delivery decide from. Read from an `env`
 * object rather than `@actions/github`'s `context`, which reads `process.env` at import time.
 *
 * The payload is parsed leniently: only the fields used here, each optional, so an unusual event
 * (or a GHES version with fewer fields) degrades to "unknown" instead of a crash.
 */


const RepoShape = schemas/* object */.Ikc({ full_name: schemas/* string */.YjP().optional() }).passthrough().nullish();
const PullShape = schemas/* object */.Ikc({
    number: schemas/* number */.aig().optional(),
    head: schemas/* object */.Ikc({ ref: schemas/* string */.YjP().optional(), sha: schemas/* string */.YjP().optional(), repo: RepoShape })
        .passthrough()
        .optional(),
    base: schemas/* object */.Ikc({ ref: schemas/* string */.YjP().optional(), repo: RepoShape }).passthrough().optional(),
    user: schemas/* object */.Ikc({ login: schemas/* string */.YjP().optional() }).passthrough().nullish(),
})
    .passthrough();
const PayloadShape = schemas/* object */.Ikc({
    pull_request: PullShape.optional(),
    repository: schemas/* object */.Ikc({ full_name: schemas/* string */.YjP().optional(), default_branch: schemas/* string */.YjP().optional() })
        .passthrough()
        .optional(),
    workflow_run: schemas/* object */.Ikc({
        id: schemas/* number */.aig().optional(),
        name: schemas/* string */.YjP().nullish(),
        conclusion: schemas/* string */.YjP().nullish(),
        head_sha: schemas/* string */.YjP().optional(),
        head_branch: schemas/* string */.YjP().nullish(),
        event: schemas/* string */.YjP().optional(),
        html_url: schemas/* string */.YjP().optional(),
        head_repository: RepoShape,
        repository: RepoShape,
        pull_requests: schemas/* array */.YOg(PullShape).optional(),
    })
        .passthrough()
        .optional(),
})
    .passthrough();
class ContextError extends Error {
    constructor(message) {
        super(message);
        this.name = 'ContextError';
    }
}
function pull(p) {
    return {
        number: p.number,
        headRef: p.head?.ref,
        headSha: p.head?.sha,
        headRepo: p.head?.repo?.full_name,
        baseRef: p.base?.ref,
        baseRepo: p.base?.repo?.full_name,
        author: p.user?.login,
    };
}
function readPayload(file) {
    if (!file)
        return {};
    let text;
    try {
        text = (0,external_node_fs_.readFileSync)(file, 'utf8');
    }
    catch (error) {
        throw new ContextError(`cannot read the event payload GITHUB_EVENT_PATH=${file}: ${error.message}`);
    }
    let json;
    try {
        json = JSON.parse(text);
    }
    catch (error) {
        throw new ContextError(`the event payload ${file} is not JSON: ${error.message}`);
    }
    const parsed = PayloadShape.safeParse(json);
    if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw new ContextError(`the event payload ${file} has an unexpected shape at ${issue.path.join('.') || '(root)'}: ${issue.message}`);
    }
    return parsed.data;
}
function readRunContext(env) {
    const repository = env.GITHUB_REPOSITORY ?? '';
    const [owner, repo] = repository.split('/');
    if (!owner || !repo)
        throw new ContextError(`GITHUB_REPOSITORY must be owner/repo, got ${JSON.stringify(repository)}`);
    const payload = readPayload(env.GITHUB_EVENT_PATH);
    const serverUrl = (env.GITHUB_SERVER_URL ?? 'https://github.com').replace(/\/+$/, '');
    const repoUrl = `${serverUrl}/${owner}/${repo}`;
    const runId = env.GITHUB_RUN_ID && /^\d+$/.test(env.GITHUB_RUN_ID) ? Number(env.GITHUB_RUN_ID) : undefined;
    const attempt = env.GITHUB_RUN_ATTEMPT && /^\d+$/.test(env.GITHUB_RUN_ATTEMPT) ? Number(env.GITHUB_RUN_ATTEMPT) : undefined;
    const wr = payload.workflow_run;
    return {
        eventName: env.GITHUB_EVENT_NAME ?? '',
        owner,
        repo,
        repository,
        serverUrl,
        apiUrl: (env.GITHUB_API_URL ?? 'https://api.github.com').replace(/\/+$/, ''),
        repoUrl,
        runId,
        runUrl: runId
            ? `${repoUrl}/actions/runs/${runId}${attempt && attempt > 1 ? `/attempts/${attempt}` : ''}`
            : undefined,
        sha: env.GITHUB_SHA,
        ref: env.GITHUB_REF,
        actor: env.GITHUB_ACTOR,
        workspace: env.GITHUB_WORKSPACE ?? process.cwd(),
        runnerTemp: env.RUNNER_TEMP ?? '',
        defaultBranch: payload.repository?.default_branch,
        pullRequest: payload.pull_request ? pull(payload.pull_request) : undefined,
        workflowRun: wr
            ? {
                id: wr.id,
                name: wr.name ?? undefined,
                conclusion: wr.conclusion ?? undefined,
                headSha: wr.head_sha,
                headBranch: wr.head_branch ?? undefined,
                event: wr.event,
                headRepo: wr.head_repository?.full_name,
                repo: wr.repository?.full_name,
                url: wr.html_url,
                pullRequests: (wr.pull_requests ?? []).map(pull),
            }
            : undefined,
    };
}

// EXTERNAL MODULE: external "node:zlib"
var external_node_zlib_ = __webpack_require__(8522);
;// CONCATENATED MODULE: ./src/delivery/unzip.ts
/**
 * A small, strict unzip for workflow artifacts (`@actions/artifact` is not a dependency, and the
 * artifact API hands out plain zip files). Reads the central directory (authoritative even for
 * streamed zips whose local headers carry zero sizes), supports stored and deflated entries and the
 * ZIP64 fields, and refuses rather than guesses:
 *
 * - names that escape the destination (absolute, drive letters, `..`, NUL): zip-slip;
 * - symlinks, encrypted entries, unknown compression methods;
 * - more entries or bytes than the limits, or an entry that inflates past its declared size (a
 *   zip bomb lying in its header), or a CRC mismatch.
 */



const DEFAULT_UNZIP_LIMITS = {
    maxEntries: 10_000,
    maxTotalBytes: 512 * 1024 * 1024,
    maxEntryBytes: 256 * 1024 * 1024,
};
class ZipError extends Error {
    constructor(message) {
        super(message);
        this.name = 'ZipError';
    }
}
const EOCD = 0x06054b50;
const ZIP64_EOCD = 0x06064b50;
const ZIP64_LOCATOR = 0x07064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const U32_MAX = 0xffffffff;
const U16_MAX = 0xffff;
function need(buf, offset, length, what) {
    if (offset < 0 || offset + length > buf.length)
        throw new ZipError(`${what} at byte ${offset} runs past the end of the file (${buf.length} bytes)`);
}
function findEndOfCentralDirectory(buf) {
    // The EOCD is 22 bytes plus a comment of at most 65,535 bytes, at the very end.
    const stop = Math.max(0, buf.length - 22 - U16_MAX);
    for (let i = buf.length - 22; i >= stop; i--) {
        if (buf.readUInt32LE(i) === EOCD)
            return i;
    }
    throw new ZipError('not a zip file: no end-of-central-directory record');
}
/**
 * A safe relative path for an entry name, or an error naming it. Backslashes count as separators
 * (zips made on Windows use them), so `..\\x` is caught too.
 */
function safeEntryPath(name) {
    if (name.includes('\0'))
        throw new ZipError(`entry name contains a NUL byte: ${JSON.stringify(name.slice(0, 200))}`);
    const unified = name.replace(/\\/g, '/');
    if (unified.startsWith('/') || /^[a-zA-Z]:/.test(unified)) {
        throw new ZipError(`entry ${JSON.stringify(name.slice(0, 200))} has an absolute path`);
    }
    const parts = unified.split('/').filter((p) => p !== '' && p !== '.');
    if (parts.some((p) => p === '..'))
        throw new ZipError(`entry ${JSON.stringify(name.slice(0, 200))} escapes the destination (..)`);
    return parts.join('/');
}
function readZip64Extra(extra, entry) {
    let i = 0;
    while (i + 4 <= extra.length) {
        const id = extra.readUInt16LE(i);
        const len = extra.readUInt16LE(i + 2);
        if (id === 0x0001) {
            let j = i + 4;
            const end = j + len;
            const next = () => {
                if (j + 8 > end)
                    throw new ZipError('truncated ZIP64 extra field');
                const v = Number(extra.readBigUInt64LE(j));
                j += 8;
                return v;
            };
            // Fields appear only for the values that overflowed, in this order.
            if (entry.size === U32_MAX)
                entry.size = next();
            if (entry.compressedSize === U32_MAX)
                entry.compressedSize = next();
            if (entry.localOffset === U32_MAX)
                entry.localOffset = next();
            return;
        }
        i += 4 + len;
    }
}
function readCentralDirectory(buf, limits) {
    const eocd = findEndOfCentralDirectory(buf);
    let count = buf.readUInt16LE(eocd + 10);
    let cdSize = buf.readUInt32LE(eocd + 12);
    let cdOffset = buf.readUInt32LE(eocd + 16);
    if (count === U16_MAX || cdSize === U32_MAX || cdOffset === U32_MAX) {
        const locator = eocd - 20;
        need(buf, locator, 20, 'ZIP64 locator');
        if (buf.readUInt32LE(locator) !== ZIP64_LOCATOR)
            throw new ZipError('ZIP64 fields without a ZIP64 locator');
        const z64 = Number(buf.readBigUInt64LE(locator + 8));
        need(buf, z64, 56, 'ZIP64 end of central directory');
        if (buf.readUInt32LE(z64) !== ZIP64_EOCD)
            throw new ZipError('bad ZIP64 end-of-central-directory signature');
        count = Number(buf.readBigUInt64LE(z64 + 32));
        cdSize = Number(buf.readBigUInt64LE(z64 + 40));
        cdOffset = Number(buf.readBigUInt64LE(z64 + 48));
    }
    if (count > limits.maxEntries)
        throw new ZipError(`the zip has ${count} entries, more than the limit of ${limits.maxEntries}`);
    need(buf, cdOffset, cdSize, 'central directory');
    const entries = [];
    let p = cdOffset;
    for (let n = 0; n < count; n++) {
        need(buf, p, 46, `central directory entry ${n}`);
        if (buf.readUInt32LE(p) !== CENTRAL)
            throw new ZipError(`bad central directory signature at byte ${p}`);
        const madeBy = buf.readUInt16LE(p + 4) >> 8;
        const flags = buf.readUInt16LE(p + 8);
        const method = buf.readUInt16LE(p + 10);
        const crc = buf.readUInt32LE(p + 16);
        const nameLength = buf.readUInt16LE(p + 28);
        const extraLength = buf.readUInt16LE(p + 30);
        const commentLength = buf.readUInt16LE(p + 32);
        const external = buf.readUInt32LE(p + 38);
        need(buf, p + 46, nameLength + extraLength + commentLength, `central directory entry ${n}`);
        const rawName = buf.subarray(p + 46, p + 46 + nameLength);
        // Bit 11: UTF-8 names; otherwise CP437, which for the ASCII names of reports is the same.
        const name = rawName.toString(flags & 0x800 ? 'utf8' : 'latin1');
        const sizes = {
            size: buf.readUInt32LE(p + 24),
            compressedSize: buf.readUInt32LE(p + 20),
            localOffset: buf.readUInt32LE(p + 42),
        };
        readZip64Extra(buf.subarray(p + 46 + nameLength, p + 46 + nameLength + extraLength), sizes);
        // Unix "made by" (3) keeps the file mode in the high 16 bits of the external attributes.
        const mode = madeBy === 3 ? external >>> 16 : 0;
        entries.push({
            name,
            flags,
            method,
            crc,
            ...sizes,
            isDirectory: name.endsWith('/') || name.endsWith('\\'),
            isSymlink: (mode & 0o170000) === 0o120000,
        });
        p += 46 + nameLength + extraLength + commentLength;
    }
    return entries;
}
/**
 * Read every file entry (that `keep` accepts, by its normalised name) into memory, checked against
 * the limits. Directories are left out; an entry not kept is checked by name only, not inflated.
 */
function readZip(buf, limits = DEFAULT_UNZIP_LIMITS, keep = () => true) {
    const out = [];
    let total = 0;
    const seen = new Set();
    for (const e of readCentralDirectory(buf, limits)) {
        const name = safeEntryPath(e.name);
        if (e.isDirectory)
            continue;
        if (e.isSymlink)
            throw new ZipError(`entry ${JSON.stringify(name)} is a symbolic link; refusing to extract it`);
        if (e.flags & 0x1)
            throw new ZipError(`entry ${JSON.stringify(name)} is encrypted`);
        if (!name)
            throw new ZipError('an entry has an empty name');
        if (seen.has(name))
            throw new ZipError(`entry ${JSON.stringify(name)} appears twice`);
        seen.add(name);
        if (!keep(name))
            continue;
        if (e.size > limits.maxEntryBytes)
            throw new ZipError(`entry ${JSON.stringify(name)} is ${e.size} bytes, more than the limit of ${limits.maxEntryBytes}`);
        total += e.size;
        if (total > limits.maxTotalBytes)
            throw new ZipError(`the zip holds more than ${limits.maxTotalBytes} bytes uncompressed`);
        need(buf, e.localOffset, 30, `local header of ${name}`);
        if (buf.readUInt32LE(e.localOffset) !== LOCAL)
            throw new ZipError(`bad local header signature for ${JSON.stringify(name)}`);
        const start = e.localOffset + 30 + buf.readUInt16LE(e.localOffset + 26) + buf.readUInt16LE(e.localOffset + 28);
        need(buf, start, e.compressedSize, `data of ${name}`);
        const raw = buf.subarray(start, start + e.compressedSize);
        let data;
        if (e.method === 0)
            data = Buffer.from(raw);
        else if (e.method === 8) {
            try {
                // One byte of head-room: inflating past the declared size is detected, not trusted.
                data = (0,external_node_zlib_.inflateRawSync)(raw, { maxOutputLength: Math.max(1, e.size + 1) });
            }
            catch (error) {
                throw new ZipError(`entry ${JSON.stringify(name)} does not inflate: ${error.message}`);
            }
        }
        else
            throw new ZipError(`entry ${JSON.stringify(name)} uses compression method ${e.method}; only stored (0) and deflate (8) are supported`);
        if (data.length !== e.size)
            throw new ZipError(`entry ${JSON.stringify(name)} is ${data.length} bytes, but its header says ${e.size}`);
        if ((0,external_node_zlib_.crc32)(data) >>> 0 !== e.crc >>> 0)
            throw new ZipError(`entry ${JSON.stringify(name)} fails its CRC check`);
        out.push({ name, data });
    }
    return out;
}
/** Extract the entries `keep` accepts into `dest` (created); returns the written files, relative to `dest`. */
function extractZip(buf, dest, limits = DEFAULT_UNZIP_LIMITS, keep) {
    const entries = readZip(buf, limits, keep);
    const root = external_node_path_default().resolve(dest);
    const written = [];
    for (const entry of entries) {
        const target = external_node_path_default().resolve(root, ...entry.name.split('/'));
        // Belt and braces after safeEntryPath: the resolved path must stay inside the destination.
        if (target !== root && !target.startsWith(root + (external_node_path_default()).sep))
            throw new ZipError(`entry ${JSON.stringify(entry.name)} escapes the destination`);
        (0,external_node_fs_.mkdirSync)(external_node_path_default().dirname(target), { recursive: true });
        (0,external_node_fs_.writeFileSync)(target, entry.data, { flag: 'wx' });
        written.push(entry.name);
    }
    return written;
}

;// CONCATENATED MODULE: ./src/delivery/run-artifacts.ts
/**
 * workflow_run mode: the failed run's test reports come from its artifacts, downloaded through the
 * API (artifacts belong to the run, so listing them covers every job, and each matrix shard's upload
 * is one artifact). Each artifact is extracted into its own folder under one report directory, so
 * shards with the same file names (`junit.xml` from every shard) merge without overwriting.
 */



const DEFAULT_COLLECT_LIMITS = {
    maxArtifacts: 100,
    maxZipBytes: 256 * 1024 * 1024,
    unzip: DEFAULT_UNZIP_LIMITS,
};
/** What the baseline reads from an artifact (the `<dir>/**\/*.xml` glob of action/run.ts). */
function isReport(name) {
    return name.toLowerCase().endsWith('.xml');
}
/** A folder name for an artifact: its name with anything unusual replaced, made unique. */
function folderFor(name, taken) {
    const base = name
        .replace(/[^A-Za-z0-9._-]/g, '_')
        .replace(/^\.+/, '_')
        .slice(0, 100) || 'artifact';
    let folder = base;
    for (let i = 2; taken.has(folder); i++)
        folder = `${base}-${i}`;
    taken.add(folder);
    return folder;
}
async function collectRunReports(api, runId, dir, log, limits = DEFAULT_COLLECT_LIMITS) {
    (0,external_node_fs_.mkdirSync)(dir, { recursive: true });
    const listed = await api.listRunArtifacts(runId);
    log(`run ${runId} has ${listed.length} artifact${listed.length === 1 ? '' : 's'}`);
    const result = { dir, artifacts: [], skipped: [] };
    const taken = new Set();
    for (const artifact of listed) {
        const skip = (reason) => {
            result.skipped.push({ name: artifact.name, reason });
            log(`skipped artifact ${JSON.stringify(artifact.name)}: ${reason}`);
        };
        if (artifact.expired) {
            skip('expired');
            continue;
        }
        if (result.artifacts.length >= limits.maxArtifacts) {
            skip(`more than ${limits.maxArtifacts} artifacts`);
            continue;
        }
        if (artifact.sizeInBytes > limits.maxZipBytes) {
            skip(`${artifact.sizeInBytes} bytes, more than the limit of ${limits.maxZipBytes}`);
            continue;
        }
        let zip;
        try {
            zip = await api.downloadArtifact(artifact.id, limits.maxZipBytes);
        }
        catch (error) {
            skip(`download failed: ${error.message}`);
            continue;
        }
        const folder = folderFor(artifact.name, taken);
        try {
            // Only the reports: they land in the work tree, where a test runner could pick up anything else.
            const files = extractZip(zip, external_node_path_default().join(dir, folder), limits.unzip, isReport);
            result.artifacts.push({ name: artifact.name, folder, files });
            log(`artifact ${JSON.stringify(artifact.name)}: ${files.length} file${files.length === 1 ? '' : 's'} → ${folder}/`);
        }
        catch (error) {
            skip(`not a usable zip: ${error.message}`);
        }
    }
    return result;
}

;// CONCATENATED MODULE: ./src/delivery/target.ts
const DEPENDABOT = 'dependabot[bot]';
function resolveTarget(ctx) {
    const pr = ctx.pullRequest;
    if ((ctx.eventName === 'pull_request' || ctx.eventName === 'pull_request_target') && pr) {
        // A deleted fork has no head repo: count it as a fork, the safe side.
        const isFork = pr.headRepo === undefined || pr.headRepo !== (pr.baseRepo ?? ctx.repository);
        return {
            branch: pr.headRef,
            sha: pr.headSha,
            source: `${ctx.eventName} #${pr.number ?? '?'} head ${pr.headRepo ?? '?'}:${pr.headRef ?? '?'}`,
            isPullRequest: true,
            isFork,
            isDependabot: pr.author === DEPENDABOT || ctx.actor === DEPENDABOT || Boolean(pr.headRef?.startsWith('dependabot/')),
        };
    }
    const wr = ctx.workflowRun;
    if (ctx.eventName === 'workflow_run' && wr) {
        const isFork = wr.headRepo === undefined || wr.headRepo !== (wr.repo ?? ctx.repository);
        return {
            branch: wr.headBranch,
            sha: wr.headSha,
            source: `workflow_run of ${JSON.stringify(wr.name ?? 'a workflow')} (${wr.event ?? '?'}) on ${wr.headRepo ?? '?'}:${wr.headBranch ?? '?'}`,
            isPullRequest: wr.event === 'pull_request' || wr.event === 'pull_request_target',
            isFork,
            isDependabot: ctx.actor === DEPENDABOT || Boolean(wr.headBranch?.startsWith('dependabot/')),
        };
    }
    const branch = ctx.ref?.startsWith('refs/heads/') ? ctx.ref.slice('refs/heads/'.length) : undefined;
    return {
        branch,
        sha: ctx.sha,
        source: `${ctx.eventName || 'event'} on ${ctx.ref ?? 'an unknown ref'}`,
        isPullRequest: false,
        isFork: false,
        isDependabot: ctx.actor === DEPENDABOT,
    };
}

// EXTERNAL MODULE: ./src/workspace/git.ts + 1 modules
var workspace_git = __webpack_require__(7663);
// EXTERNAL MODULE: ./src/delivery/fix-commit.ts
var fix_commit = __webpack_require__(3293);
// EXTERNAL MODULE: ./src/delivery/loop-guard.ts
var loop_guard = __webpack_require__(4004);
// EXTERNAL MODULE: ./src/text/markdown.ts
var markdown = __webpack_require__(6590);
// EXTERNAL MODULE: ./src/delivery/commit-message.ts
var commit_message = __webpack_require__(3625);
;// CONCATENATED MODULE: ./src/delivery/pull-request.ts




/** GitHub's limit on a pull request body, in characters. */
const PULL_REQUEST_BODY_LIMIT = 65_536;
function pullRequestBranch(branch) {
    return `self-heal/${branch}`;
}
/** The hidden marker that identifies our pull request for a base branch (encoded: `-->` cannot end it early). */
function pullRequestMarker(base) {
    return `<!-- self-heal:pull-request base=${encodeURIComponent(base)} -->`;
}
function pullRequestTitle(report, base) {
    const n = report.failures.length;
    // A name like `#123 handles empty carts` must not make the title (a squash commit's subject) close #123.
    const what = n === 1 ? breakReferences(report.failures[0].name.replace(/\s+/g, ' ').slice(0, 120)) : `${n} failing tests`;
    return `self-heal: fix ${what} on ${base}`;
}
function renderPullRequestBody(report, context) {
    const max = context.maxChars ?? PULL_REQUEST_BODY_LIMIT;
    for (const rows of [50, 10, 0]) {
        const blocks = bodyBlocks(report, context, rows);
        const text = blocks.join('\n');
        if (text.length <= max)
            return text;
    }
    // Pathological sizes: keep whole leading blocks (the marker and the evidence come first).
    const blocks = bodyBlocks(report, context, 0);
    const note = '\n_Further sections were left out to fit the pull request size limit; see the workflow run._\n';
    const kept = [];
    let size = note.length;
    for (const b of blocks) {
        if (size + b.length + 1 > max)
            break;
        kept.push(b);
        size += b.length + 1;
    }
    return kept.join('\n') + note;
}
function bodyBlocks(report, context, maxRows) {
    const accepted = acceptedAttempt(report);
    const f2p = accepted?.failToPass;
    const p2p = accepted?.passToPass;
    const blocks = [pullRequestMarker(context.base)];
    blocks.push(`## self-heal fixed ${plural(report.failures.length, 'failing test')} on ${inlineCode(context.base)}\n\n` +
        `This is a draft: review the change before merging. The evidence below comes from running the real test command (${inlineCode(report.testCommand.slice(0, 300))}), not from a model's opinion.\n` +
        (report.provider.name === 'builtin' ? `\n${BUILTIN_CAUTION}\n` : ''));
    const evidence = [
        `- **Fail-to-pass:** ${f2p ? `${formatCount(f2p.passed)}/${formatCount(f2p.total)} previously failing tests now pass` : 'all previously failing tests now pass'}`,
        `- **Pass-to-pass:** ${p2p ? `${formatCount(p2p.passed)}/${formatCount(p2p.total)} previously passing tests still pass` : 'the full suite passes'}`,
        `- **No test file was changed:** checked on this pull request's diff, which touches only ${context.changed
            .slice(0, 20)
            .map((c) => inlineCode(c.path))
            .join(', ')}${context.changed.length > 20 ? ` and ${context.changed.length - 20} more` : ''}`,
        `- **Attempts:** ${formatCount(report.attempts.length)} · provider ${escapeMarkdown(report.provider.model ? `${report.provider.name} (${report.provider.model})` : report.provider.name)} · tokens ${formatTokens(report.tokens)} · ${formatDuration(report.durationMs)}`,
    ];
    if (context.parent)
        evidence.push(`- **Based on:** ${inlineCode(context.parent)}, the commit the failed run tested`);
    const ci = accepted?.ci;
    if (ci) {
        const run = ci.url && /^https?:\/\/[^\s()<>[\]]+$/.test(ci.url) ? `[run ${ci.runId}](${ci.url})` : `run ${ci.runId}`;
        const green = ci.shards.filter((j) => j.conclusion === 'success').length;
        evidence.push(`- **Verified on CI:** ${run}, ${escapeMarkdown(ci.conclusion)}, ${green}/${ci.shards.length} jobs green, on ${inlineCode(ci.sha.slice(0, 12))} (this change, on the same commit)`);
    }
    blocks.push(`### Evidence\n\n${evidence.join('\n')}\n`);
    if (maxRows > 0 && report.failures.length) {
        const lines = ['### Fixed tests', '', '| Test | Location | Exception | Message |', '| --- | --- | --- | --- |'];
        for (const f of report.failures.slice(0, maxRows)) {
            const at = f.triggering ?? f.test;
            const label = at ? escapeMarkdown(`${at.file}:${at.line}`) : '';
            const url = at ? blobUrl(context.repoUrl, context.parent, at.file, at.line) : undefined;
            lines.push(`| ${tableCell(f.name)} | ${url ? `[${label}](${url})` : label} | ${tableCode(f.exceptionType ?? f.kind, 80)} | ${tableCell(f.message, 200)} |`);
        }
        if (report.failures.length > maxRows)
            lines.push('', `…and ${formatCount(report.failures.length - maxRows)} more.`);
        blocks.push(`${lines.join('\n')}\n`);
    }
    else if (report.failures.length) {
        blocks.push(`### Fixed tests\n\n${report.failures
            .slice(0, 20)
            .map((f) => `- ${inlineCode(f.id.slice(0, 200))}`)
            .join('\n')}${report.failures.length > 20 ? `\n- …and ${formatCount(report.failures.length - 20)} more` : ''}\n`);
    }
    if (maxRows > 0 && report.reproduce)
        blocks.push(`### Reproduce locally\n\n${codeBlock(report.reproduce.slice(0, 2_000), 'sh')}`);
    const footer = [];
    if (context.ciRerun)
        footer.push(escapeMarkdown(context.ciRerun));
    if (context.runUrl)
        footer.push(`Opened by self-heal in [this workflow run](${context.runUrl}).`);
    if (footer.length)
        blocks.push(`---\n\n${footer.join('\n\n')}\n`);
    return blocks;
}
/** Update our open pull request for this base (found by head branch and marker), or open a draft. */
async function openOrUpdatePullRequest(api, input) {
    const marker = pullRequestMarker(input.base);
    const open = await api.listOpenPullRequests(input.owner, input.head, input.base);
    const ours = open.find((p) => p.body.includes(marker));
    if (ours) {
        const pull = await api.updatePullRequest(ours.number, { title: input.title, body: input.body });
        return { pull, updated: true };
    }
    if (open.length) {
        throw new Error(`pull request #${open[0].number} from ${input.head} is open but has no self-heal marker (edited by hand?): not touching it; close it or remove the branch`);
    }
    const pull = await api.createPullRequest({
        title: input.title,
        body: input.body,
        head: input.head,
        base: input.base,
        draft: true,
    });
    return { pull, updated: false };
}

;// CONCATENATED MODULE: ./src/delivery/remote.ts
/**
 * What delivery asks of the remote: where a branch is now, the commits it needs, and pushes that
 * cannot lose anyone's work (a plain fast-forward push to the branch under test; a lease on our own
 * `self-heal/<branch>`). Pushing uses the credentials actions/checkout persisted for the remote.
 */


const REMOTE = 'origin';
/** The remote branch's sha, or undefined when it does not exist. */
async function remoteBranchSha(ctx, branch, remote = REMOTE) {
    const ref = `refs/heads/${branch}`;
    const { stdout } = await (0,workspace_git/* git */.$Y)(ctx, ['ls-remote', '--heads', remote, ref]);
    for (const line of stdout.split('\n')) {
        const [sha, name] = line.split('\t');
        if (name === ref && sha)
            return sha;
    }
    return undefined;
}
/** Make `sha` available locally (a shallow or merge-commit checkout lacks the branch head). */
async function ensureCommit(ctx, sha, remote = REMOTE) {
    if (await (0,fix_commit/* hasCommit */.QE)(ctx, sha))
        return;
    const shallow = (await (0,workspace_git/* git */.$Y)(ctx, ['rev-parse', '--is-shallow-repository'])).stdout.trim() === 'true';
    // Depth 1 only in a shallow clone: in a full clone it would make the repository shallow.
    await (0,workspace_git/* git */.$Y)(ctx, ['fetch', '--no-tags', '--quiet', ...(shallow ? ['--depth=1'] : []), remote, sha]);
}
/** In a shallow clone, fetch enough history behind `sha` to read `n` commits (best effort). */
async function ensureDepth(ctx, sha, n, remote = REMOTE) {
    if (n <= 1)
        return;
    const shallow = (await git(ctx, ['rev-parse', '--is-shallow-repository'])).stdout.trim() === 'true';
    if (!shallow)
        return;
    await git(ctx, ['fetch', '--no-tags', '--quiet', `--depth=${n}`, remote, sha]).catch(() => undefined);
}
/** Messages of up to `n` commits from `sha` back, newest first (fewer in a shallow clone). */
async function commitMessages(ctx, sha, n) {
    if (n <= 0)
        return [];
    const { stdout } = await git(ctx, ['log', `-n${n}`, '--format=%B%x00', sha]);
    return stdout
        .split('\0')
        .map((m) => m.replace(/^\n/, ''))
        .filter((m, i, all) => i < all.length - 1 || m.trim() !== '');
}
/** Push `sha` to `refs/heads/<branch>`; a rejection throws a GitError naming the push. */
async function pushCommit(ctx, sha, branch, options = {}, remote = REMOTE) {
    const ref = `refs/heads/${branch}`;
    const lease = options.lease !== undefined ? [`--force-with-lease=${ref}:${options.lease}`] : [];
    await (0,workspace_git/* git */.$Y)(ctx, ['push', '--no-verify', '--porcelain', ...lease, remote, `${sha}:${ref}`]);
}

;// CONCATENATED MODULE: ./src/ci-verify/ci-run.ts
/**
 * verify: ci — one CI round of a candidate: committed on `self-heal/<branch>` (never the branch under
 * test), pushed with a lease, the user's workflow dispatched on that ref (or the push starting it),
 * its run found by head SHA, waited for with backoff until the deadline, and every job's JUnit
 * artifacts read into one run outcome for the loop's usual verdict.
 *
 * The one invariant: a round that cannot show every shard's result is `unverified`, never a pass —
 * a run that never started or did not finish in time, a cancelled or timed-out run, a report
 * artifact of the failed run with no counterpart, or an artifact without a report.
 */







/** Where a round's artifacts are extracted, under the repository root (removed once read). */
const CI_REPORTS_DIR = '.self-heal-ci-reports';
/** Failing test ids kept in a round's record. */
const MAX_BROKE = 20;
function createCiVerifier(config) {
    const cfg = {
        now: Date.now,
        sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
        maxPollMs: 60_000,
        ...config,
    };
    const head = pullRequestBranch(config.branch);
    const pushed = {};
    return {
        head,
        async verify(req) {
            const started = cfg.now();
            const record = { sha: '', branch: head, conclusion: 'not-started', shards: [], broke: [], waitMs: 0 };
            return runRound({ cfg, req, head, started, record, pushed });
        },
        restore: () => restoreBranch(cfg.git, head, pushed),
    };
}
async function restoreBranch(ctx, head, pushed) {
    if (pushed.before === undefined || !pushed.last)
        return `${head}: no candidate was pushed`;
    try {
        if (pushed.before) {
            await ensureCommit(ctx, pushed.before);
            await pushCommit(ctx, pushed.before, head, { lease: pushed.last });
            return `${head} is back at ${pushed.before.slice(0, 12)}, as before the CI rounds`;
        }
        // An empty source deletes the ref; the lease keeps anyone else's push to it.
        await pushCommit(ctx, '', head, { lease: pushed.last });
        return `${head} deleted: it held only unverified candidates`;
    }
    catch (error) {
        return `${head} still holds the last candidate (${pushed.last.slice(0, 12)}): ${error.message}`;
    }
}
/** commit → push → dispatch → find the run → wait → read every shard's reports. */
async function runRound(r) {
    const pushed = await pushCandidate(r);
    if (pushed)
        return pushed;
    const dispatched = await dispatchRun(r);
    if (dispatched)
        return dispatched;
    const run = await findRun(r);
    if (!run)
        return unverified(r, `no CI run started for ${r.record.sha.slice(0, 12)} on ${r.head} in time`);
    Object.assign(r.record, { runId: run.id, url: run.url });
    r.cfg.log(`CI run ${run.id} (${run.name || 'workflow'}) for ${r.record.sha.slice(0, 12)}: ${run.url}`);
    const done = await waitForRun(r, run);
    r.record.conclusion = done.status === 'completed' ? (done.conclusion ?? 'unknown') : done.status;
    r.record.shards = (await r.cfg.api.listRunJobs(run.id)).map(shardOf);
    if (done.status !== 'completed')
        return unverified(r, `CI run ${run.id} had not finished (${done.status}) when the budget ran out`);
    if (done.conclusion !== 'success' && done.conclusion !== 'failure')
        return unverified(r, `CI run ${run.id} ended ${done.conclusion ?? 'without a conclusion'}: it gave no verdict`);
    // A failing shard with fail-fast cancels the others: their tests did not run.
    const stopped = r.record.shards.filter((s) => s.conclusion === 'cancelled' || s.conclusion === 'timed_out');
    if (stopped.length > 0)
        return unverified(r, `CI run ${run.id}: ${stopped.map((s) => `${JSON.stringify(s.name)} ${s.conclusion}`).join(', ')} (set fail-fast: false on the matrix)`);
    return readReports(r, run, done.conclusion);
}
function shardOf(job) {
    return { name: job.name, conclusion: job.conclusion ?? job.status };
}
/** The candidate commit on the tested commit, pushed to self-heal's own branch with a lease. */
async function pushCandidate(r) {
    const { cfg, req, head } = r;
    const message = `self-heal: candidate of attempt ${req.attempt}, verifying on CI\n\nNot a fix yet: self-heal pushed it to run CI on it.\n\n${loop_guard/* ATTEMPTS_TRAILER */.be}: ${req.attempt}\n`;
    const commit = await (0,fix_commit/* createFixCommit */.lY)(cfg.git, { files: req.files, parent: cfg.parent, message });
    r.record.sha = commit.sha;
    try {
        const lease = (await remoteBranchSha(cfg.git, head)) ?? '';
        r.pushed.before ??= lease;
        await pushCommit(cfg.git, commit.sha, head, { lease });
        r.pushed.last = commit.sha;
    }
    catch (error) {
        const text = error.message;
        return unverified(r, `pushing the candidate to ${head} failed: ${text} (verify: ci pushes with the checkout's credentials; the workflow needs permissions: contents: write)`, true);
    }
    cfg.log(`pushed candidate ${commit.sha.slice(0, 12)} of attempt ${req.attempt} to ${head}`);
    return undefined;
}
/** workflow_dispatch on the candidate's branch; refused for lack of permission, the run stops and says so. */
async function dispatchRun(r) {
    const { cfg, head } = r;
    if (!cfg.workflow) {
        cfg.log(`no ci-workflow: waiting for the run the push to ${head} starts (a token that starts runs is needed)`);
        return undefined;
    }
    try {
        await cfg.api.dispatchWorkflow(cfg.workflow, head);
    }
    catch (error) {
        const status = error instanceof GitHubApiError ? error.status : undefined;
        if (status === 403 || status === 404) {
            return unverified(r, `dispatching ${cfg.workflow} on ${head} was refused (${status}): verify: ci needs \`permissions: actions: write\` to start the CI run (and the workflow must have a workflow_dispatch trigger)`, true);
        }
        return unverified(r, `dispatching ${cfg.workflow} on ${head} failed: ${error.message}`, true);
    }
    cfg.log(`dispatched ${cfg.workflow} on ${head}`);
    return undefined;
}
/** The next wait: `pollMs` growing by half each time, never beyond `maxPollMs` or the deadline. */
function nextWait(r, polls) {
    const grown = r.cfg.pollMs * Math.pow(1.5, polls);
    return Math.max(0, Math.min(grown, r.cfg.maxPollMs, r.req.deadline - r.cfg.now()));
}
async function pause(r, polls) {
    const wait = nextWait(r, polls);
    if (wait <= 0 || r.cfg.signal?.aborted)
        return false;
    await r.cfg.sleep(wait);
    return r.cfg.now() < r.req.deadline;
}
/** The newest run of the candidate commit on its branch, polled for until the deadline. */
async function findRun(r) {
    for (let polls = 0;; polls++) {
        const runs = await r.cfg.api.listRunsForCommit(r.record.sha, r.head);
        const run = runs.find((x) => x.headSha === r.record.sha && isWorkflow(x, r.cfg.workflow));
        if (run)
            return run;
        if (!(await pause(r, polls)))
            return undefined;
    }
}
/** The dispatched workflow's run, not another workflow's run of the same commit (a workflow id matches any). */
function isWorkflow(run, workflow) {
    if (!workflow || /^\d+$/.test(workflow) || !run.path)
        return true;
    return run.path.replace(/@.*$/, '').split('/').pop() === workflow;
}
/** The run, polled with backoff until it completes or the deadline passes. */
async function waitForRun(r, run) {
    let current = run;
    for (let polls = 0; current.status !== 'completed'; polls++) {
        if (!(await pause(r, polls)))
            return r.cfg.api.getRun(run.id);
        current = await r.cfg.api.getRun(run.id);
    }
    return current;
}
/** Every report artifact, read as one run; a missing or empty shard makes the round unverified. */
async function readReports(r, run, conclusion) {
    const { cfg, req } = r;
    const root = cfg.git.cwd;
    const dir = external_node_path_default().join(root, CI_REPORTS_DIR);
    (0,external_node_fs_.rmSync)(dir, { recursive: true, force: true });
    try {
        const got = await cfg.download(run.id, dir);
        const missing = missingShards(cfg.expectedArtifacts ?? [], got);
        r.record.reports = got.artifacts
            .filter((a) => a.files.length > 0)
            .map((a) => a.name)
            .sort();
        if (missing.length > 0)
            return unverified(r, `CI run ${run.id}: no report from ${missing.map((m) => JSON.stringify(m)).join(', ')}`);
        const evidence = await req.collect([`${CI_REPORTS_DIR}/**/*.xml`]);
        const failing = evidence.cases.filter((c) => c.status === 'failed' || c.status === 'errored');
        r.record.broke = failing.slice(0, MAX_BROKE).map((c) => c.id);
        r.record.waitMs = Math.max(0, cfg.now() - r.started);
        cfg.log(`CI run ${run.id} ${conclusion}: ${evidence.cases.length} tests from ${got.artifacts.length} report artifacts, ${failing.length} failing`);
        return {
            cases: evidence.cases,
            frames: evidence.frames,
            exitCode: conclusion === 'success' ? 0 : 1,
            timedOut: false,
            output: describeJobs(r.record),
            durationMs: r.record.waitMs,
            reportErrors: evidence.errors,
            ci: r.record,
        };
    }
    finally {
        (0,external_node_fs_.rmSync)(dir, { recursive: true, force: true });
    }
}
/** Expected artifacts that came back without a report, and artifacts that hold none. */
function missingShards(expected, got) {
    const withReports = new Set(got.artifacts.filter((a) => a.files.length > 0).map((a) => a.name));
    const missing = expected.filter((name) => !withReports.has(name));
    for (const a of got.artifacts)
        if (a.files.length === 0 && !missing.includes(a.name))
            missing.push(a.name);
    if (withReports.size === 0 && missing.length === 0)
        missing.push('any job (the run uploaded no report artifact)');
    return missing;
}
function describeJobs(record) {
    const jobs = record.shards.map((s) => `${s.name}: ${s.conclusion}`).join('\n');
    return `CI run ${record.runId ?? '?'} ${record.conclusion} (${record.url ?? 'no url'})\n${jobs}`;
}
function unverified(r, reason, config = false) {
    r.record.unverified = reason;
    r.record.waitMs = Math.max(0, r.cfg.now() - r.started);
    r.cfg.log(`CI verdict: unverified — ${reason}`);
    return {
        cases: [],
        frames: [],
        exitCode: null,
        timedOut: false,
        output: reason,
        durationMs: r.record.waitMs,
        reportErrors: [],
        ci: r.record,
        unverified: { reason, config },
    };
}

;// CONCATENATED MODULE: ./src/ci-verify/setup.ts






/** Why this run cannot push candidates and wait for their CI runs; undefined when it can. */
function whyNoCiRounds(asked, where) {
    if ('missing' in where.api)
        return where.api.missing;
    if ('missing' in where.branch)
        return where.branch.missing;
    if (where.branch.isFork)
        return 'the branch under test is in a fork';
    if (asked.dryRun)
        return 'dry-run pushes nothing';
    // auto never waits for a run a push with the workflow token would not start.
    if (asked.verify === 'auto' && !asked.workflow)
        return `there is no ${asked.workflowSetting} to dispatch on the candidate`;
    return undefined;
}
/**
 * verify: ci — the rounds on self-heal/<branch>, or why they cannot be made in this run. `where` is
 * asked only when a round may be made: `verify: runner` needs none of it.
 */
async function setUpCiVerify(asked, where, runtime) {
    const shards = asked.shards.length;
    if (asked.verify === 'runner')
        return { shards };
    const found = await where();
    const unavailable = whyNoCiRounds(asked, found);
    if (unavailable)
        return { unavailable, shards };
    const api = found.api;
    const branch = found.branch;
    const verifier = createCiVerifier({
        api,
        git: { cwd: found.root, env: runtime.env },
        branch: branch.name,
        parent: branch.sha,
        workflow: asked.workflow || undefined,
        expectedArtifacts: asked.shards,
        download: (runId, dir) => collectRunReports(api, runId, dir, runtime.log),
        pollMs: asked.pollSeconds * 1000,
        log: runtime.log,
        signal: runtime.signal,
    });
    return { verifier, shards };
}
/**
 * After heal(), when no candidate is delivered: self-heal/<branch> back as it was before the rounds
 * (`CiVerifier.restore`), so no unverified candidate stays there; what it did, for the log.
 */
async function releaseCiBranch(ci, result) {
    if (result === 'healed' || !ci.verifier)
        return undefined;
    return ci.verifier.restore();
}
/**
 * Where the CLI's rounds go: the API with GITHUB_TOKEN or GH_TOKEN, for `repository` (else
 * GITHUB_REPOSITORY) at GITHUB_API_URL; the branch HEAD is on and its commit, pushed to `origin`.
 */
async function checkoutWhere(cwd, env, repository) {
    const ctx = { cwd, env };
    const branch = await checkoutBranch(ctx);
    const root = 'missing' in branch ? cwd : await (0,workspace_git/* topLevel */.M4)(ctx);
    return { api: apiFromEnv(env, repository), branch, root };
}
function apiFromEnv(env, repository) {
    const token = env.GITHUB_TOKEN?.trim() || env.GH_TOKEN?.trim();
    const [owner, repo] = (repository ?? env.GITHUB_REPOSITORY ?? '').split('/');
    if (!token)
        return { missing: 'there is no GITHUB_TOKEN or GH_TOKEN for the GitHub API' };
    if (!owner || !repo)
        return { missing: 'the repository is unknown (GITHUB_REPOSITORY or --repository owner/name)' };
    return createGitHubApi(token, { owner, repo }, { baseUrl: env.GITHUB_API_URL || 'https://api.github.com' });
}
async function checkoutBranch(ctx) {
    const name = (await (0,workspace_git/* git */.$Y)(ctx, ['symbolic-ref', '--quiet', '--short', 'HEAD']).catch(() => ({ stdout: '' }))).stdout.trim();
    const sha = await (0,workspace_git/* headSha */.xF)(ctx).catch(() => null);
    if (!name || !sha)
        return { missing: 'HEAD is not on a branch with a commit' };
    const fork = eventFork(ctx.env ?? {});
    return 'missing' in fork ? fork : { name, sha, isFork: fork.isFork };
}
/**
 * In a GitHub Actions job (GITHUB_EVENT_NAME is set), whether its event's branch under test is a
 * fork's, read as the action reads it; an event that cannot be read counts as unknown, the safe side.
 */
function eventFork(env) {
    if (!env.GITHUB_EVENT_NAME)
        return { isFork: false };
    try {
        return { isFork: resolveTarget(readRunContext(env)).isFork };
    }
    catch (error) {
        return {
            missing: `whether the branch under test is a fork's is unknown: ${error.message}`,
        };
    }
}

// EXTERNAL MODULE: ./src/cli/usage-error.ts
var usage_error = __webpack_require__(4226);
;// CONCATENATED MODULE: ./src/cli/commands/run.ts
/**
 * `self-heal run`: flags → HealOptions → heal() → a compact summary. The adapter only: flag checks
 * with messages that name the flag, the API key from the environment, progress on stderr, the
 * summary on stdout, and SIGINT/SIGTERM handling (kill the running commands, restore the tree
 * synchronously from the journal, exit 130/143).
 *
 * Exit status: 0 healed or nothing to heal, 1 not healed, 2 bad usage or configuration (including
 * a dirty work tree without --allow-dirty).
 */













const FLAGS = {
    'test-command': { type: 'string', expects: '<shell command>' },
    junit: { type: 'string', multiple: true, expects: '<glob>' },
    log: { type: 'string', expects: '<file>' },
    cwd: { type: 'string', expects: '<dir>' },
    'max-attempts': { type: 'string', expects: `<1-${heal_options/* MAX_ATTEMPTS_HARD_CAP */.TQ}>` },
    provider: { type: 'string', expects: heal_options/* PROVIDER_CHOICES */.Vt.join('|') },
    model: { type: 'string', expects: '<name>' },
    'base-url': { type: 'string', expects: '<url>' },
    'agent-command': { type: 'string', expects: '<shell command>' },
    'copilot-path': { type: 'string', expects: '<file>' },
    'rerun-command': { type: 'string', expects: '<template>' },
    protect: { type: 'string', multiple: true, expects: '<glob>' },
    allow: { type: 'string', multiple: true, expects: '<glob>' },
    timeout: { type: 'string', expects: '<seconds>' },
    'max-tokens': { type: 'string', expects: '<total>' },
    'max-seconds': { type: 'string', expects: '<seconds>' },
    report: { type: 'string', expects: '<path.json>' },
    'no-commit': { type: 'boolean' },
    'allow-dirty': { type: 'boolean' },
    'allow-special-cases': { type: 'boolean' },
    'pass-env': { type: 'string', multiple: true, expects: '<NAME>' },
    'allow-dependency-changes': { type: 'boolean' },
    verify: { type: 'string', expects: 'runner|ci|auto' },
    localise: { type: 'string', expects: 'record|static' },
    'verify-subset': { type: 'string', expects: '<shell command>' },
    'ci-workflow': { type: 'string', expects: '<ci.yml|id>' },
    'ci-poll-seconds': { type: 'string', expects: '<seconds>' },
    repository: { type: 'string', expects: '<owner/name>' },
    help: { type: 'boolean', short: 'h' },
};
const HELP = `usage: self-heal run --test-command "<shell command>" [options]

Reproduces the failing tests, asks a repair provider for a fix, verifies it with the real tests
(the failing ones must pass, every passing one must still pass) and commits it on HEAD.

${(0,args/* describeFlags */.Jv)(FLAGS, {
    'test-command': 'the command that runs your tests (required); it must write JUnit XML',
    junit: 'glob of the JUnit reports the test command writes, relative to --cwd; repeatable',
    log: 'a log of the failed run, for richer failure frames',
    cwd: 'the directory to run in, inside a git work tree (default: the current directory)',
    'max-attempts': `repair attempts (default 3, at most ${heal_options/* MAX_ATTEMPTS_HARD_CAP */.TQ})`,
    provider: 'who proposes fixes (default auto: GitHub Copilot when available, else builtin, offline)',
    model: 'the model name for openai, anthropic or copilot',
    'base-url': 'an OpenAI-compatible endpoint (Azure, Ollama, vLLM, OpenRouter…)',
    'agent-command': 'for --provider command: your agent, run in the repository root',
    'copilot-path': 'for copilot and auto: the copilot executable (default: copilot on PATH)',
    'rerun-command': 'template for targeted reruns: {tests}, {files}, {pattern} (shell-quoted)',
    protect: 'glob of files never to edit (beats --allow); repeatable',
    allow: 'glob of default-protected files that may be edited; repeatable',
    timeout: 'seconds per test run (default 600)',
    'max-tokens': 'total tokens over all attempts (default 200000)',
    'max-seconds': 'wall-clock budget of the whole run (default 1800)',
    report: 'write the JSON report (HealReport) here',
    'no-commit': 'leave the fix in the work tree instead of committing it',
    'allow-dirty': 'run even with uncommitted changes (they are kept; the fix is not committed)',
    'allow-special-cases': 'unsafe: accept a fix that special-cases the failing tests (the check is off)',
    'pass-env': 'keep this variable for test runs and the agent although it is a key self-heal withholds; repeatable',
    'allow-dependency-changes': 'keep an agent’s changes to node_modules or a virtual env (never in the commit)',
    localise: 'record (default): one extra targeted run records the lines the failing tests run; static: no such run',
    verify: 'where the whole suite verifies a fix: runner, ci (your GitHub Actions CI) or auto (default)',
    'verify-subset': 'with verify ci: a command for part of the suite, run here before the CI round',
    'ci-workflow': 'with verify ci: the workflow dispatched on self-heal/<branch> for each candidate',
    'ci-poll-seconds': 'with verify ci: the first wait between polls of the CI run (default 10)',
    repository: 'with verify ci: the GitHub repository owner/name (default GITHUB_REPOSITORY)',
    help: 'show this help',
})}

The API key comes from SELF_HEAL_API_KEY, or the provider's usual variable (OPENAI_API_KEY,
ANTHROPIC_API_KEY). Copilot's token comes from COPILOT_GITHUB_TOKEN, GH_TOKEN or GITHUB_TOKEN (a
fine-grained token with the "Copilot Requests" permission), else a logged-in Copilot CLI. Test runs
and the agent do not get self-heal's keys (the provider variables, or a variable holding the key):
--pass-env NAME keeps one. The command provider's agent gets no credential at all; list the
variables it needs in SELF_HEAL_AGENT_ENV.

Exit status: 0 healed or nothing to heal, 1 not healed, 2 bad usage or configuration.
`;
const KEY_VARIABLES = {
    openai: ['OPENAI_API_KEY'],
    anthropic: ['ANTHROPIC_API_KEY'],
};
function integer(flag, raw, min, max, what) {
    if (raw === undefined)
        return undefined;
    const value = Number(raw.trim());
    if (!/^\s*\d+\s*$/.test(raw) || !Number.isSafeInteger(value) || value < min || value > max) {
        throw new usage_error/* UsageError */.e(`--${flag} expects ${what}, got ${JSON.stringify(raw)}`);
    }
    return value;
}
function seconds(flag, raw) {
    if (raw === undefined)
        return undefined;
    const value = Number(raw.trim());
    if (!/^\s*\d+(\.\d+)?\s*$/.test(raw) || !(value > 0))
        throw new usage_error/* UsageError */.e(`--${flag} expects a positive number of seconds, got ${JSON.stringify(raw)}`);
    return value;
}
function nonEmpty(flag, raw, what) {
    if (raw === undefined)
        return undefined;
    if (!raw.trim())
        throw new usage_error/* UsageError */.e(`--${flag} expects ${what}, got an empty value`);
    return raw;
}
/** argv → HealOptions (throws UsageError naming the flag). Exported for tests. */
function parseRunArgs(argv, io) {
    const { flags } = (0,args/* parseFlags */.bQ)(argv, FLAGS);
    if (flags.help)
        return 'help';
    const testCommand = nonEmpty('test-command', flags['test-command'], 'the shell command that runs your tests');
    if (!testCommand)
        throw new usage_error/* UsageError */.e('--test-command is required: the shell command that runs your tests (it must write JUnit XML)');
    if (flags.provider === 'github-models') {
        throw new usage_error/* UsageError */.e((0,repair_provider/* describeProviderError */.vn)((0,create_provider/* githubModelsRetired */.pW)()));
    }
    const provider = (0,args/* oneOf */.yL)('provider', flags.provider, heal_options/* PROVIDER_CHOICES */.Vt, 'auto');
    const baseUrl = nonEmpty('base-url', flags['base-url'], 'a URL');
    if (baseUrl !== undefined && !URL.canParse(baseUrl))
        throw new usage_error/* UsageError */.e(`--base-url expects a URL, got ${JSON.stringify(baseUrl)}`);
    for (const name of flags['pass-env'] ?? [])
        if (!/^[^=\0]+$/.test(name.trim()))
            throw new usage_error/* UsageError */.e(`--pass-env expects a variable <NAME>, got ${JSON.stringify(name)}`);
    for (const name of ['junit', 'protect', 'allow']) {
        for (const glob of flags[name] ?? [])
            if (!glob.trim())
                throw new usage_error/* UsageError */.e(`--${name} expects a non-empty <glob>`);
    }
    if (provider === 'command' && !flags['agent-command']?.trim()) {
        throw new usage_error/* UsageError */.e('--provider command needs --agent-command "<shell command>" (your agent, run in the repository root)');
    }
    const env = io.env;
    const apiKey = [env.SELF_HEAL_API_KEY, ...(KEY_VARIABLES[provider] ?? []).map((v) => env[v])].find((v) => v && v.trim());
    const input = {
        cwd: flags.cwd !== undefined ? external_node_path_default().resolve(io.cwd, nonEmpty('cwd', flags.cwd, 'a <dir>')) : io.cwd,
        testCommand,
        junit: flags.junit ?? [],
        log: nonEmpty('log', flags.log, 'a <file>'),
        maxAttempts: integer('max-attempts', flags['max-attempts'], 1, heal_options/* MAX_ATTEMPTS_HARD_CAP */.TQ, `an integer from 1 to ${heal_options/* MAX_ATTEMPTS_HARD_CAP */.TQ}`),
        provider,
        model: nonEmpty('model', flags.model, 'a model <name>'),
        baseUrl,
        agentCommand: nonEmpty('agent-command', flags['agent-command'], 'a shell command'),
        copilotPath: flags['copilot-path'] !== undefined
            ? external_node_path_default().resolve(io.cwd, nonEmpty('copilot-path', flags['copilot-path'], 'a <file>'))
            : undefined,
        rerunCommand: nonEmpty('rerun-command', flags['rerun-command'], 'a command template'),
        protect: flags.protect ?? [],
        allow: flags.allow ?? [],
        timeoutSeconds: seconds('timeout', flags.timeout),
        maxTokens: integer('max-tokens', flags['max-tokens'], 1, Number.MAX_SAFE_INTEGER, 'a positive integer'),
        maxSeconds: seconds('max-seconds', flags['max-seconds']),
        reportPath: nonEmpty('report', flags.report, 'a <path.json>'),
        commit: !flags['no-commit'],
        allowDirty: flags['allow-dirty'] ?? false,
        allowSpecialCases: flags['allow-special-cases'] ?? false,
        passEnv: (flags['pass-env'] ?? []).map((n) => n.trim()),
        allowDependencyChanges: flags['allow-dependency-changes'] ?? false,
        // Checked by the schema below, which names the choices.
        verify: flags.verify,
        localise: (0,args/* oneOf */.yL)('localise', flags.localise, ['record', 'static'], 'record'),
        verifySubset: nonEmpty('verify-subset', flags['verify-subset'], 'a shell command'),
        apiKey,
    };
    const parsed = heal_options/* HealOptions */.Bt.safeParse(Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)));
    if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw new usage_error/* UsageError */.e(`invalid ${issue.path.join('.')}: ${issue.message}`);
    }
    return parsed.data;
}
function stderrLogger(io) {
    return {
        info: (m) => io.stderr(`${(0,frames_text/* terminalSafe */.kJ)(m, true)}\n`),
        warn: (m) => io.stderr(`warning: ${(0,frames_text/* terminalSafe */.kJ)(m, true)}\n`),
        group: async (name, fn) => {
            io.stderr(`\n▸ ${(0,frames_text/* terminalSafe */.kJ)(name)}\n`);
            return fn();
        },
    };
}
const EXIT = {
    healed: 0,
    'nothing-to-heal': 0,
    unhealed: 1,
    'not-reproduced': 1,
    'budget-exhausted': 1,
    'provider-error': 1,
    unverified: 1,
    unsafe: 2,
    'config-error': 2,
};
/** Why heal() left the accepted fix uncommitted, from the report's state. */
function whyUncommitted(fix) {
    switch (fix.uncommitted) {
        case 'commit-disabled':
            return '--no-commit';
        case 'dirty-tree':
            return 'the work tree had uncommitted changes of its own';
        default:
            return `the commit failed${fix.commitError ? `: ${(0,frames_text/* terminalSafe */.kJ)(fix.commitError.split('\n')[0])}` : ''}`;
    }
}
/** "time: 21.4 s — baseline run 3.9 s, confirmation 1.2 s, provider 8.3 s, test runs 4.6 s, self-heal 0.4 s". */
function timeLine(report) {
    const t = report.timings;
    if (!t)
        return undefined;
    const sum = (pick) => t.attempts.reduce((n, a) => n + (pick(a) ?? 0), 0);
    const parts = [];
    if (t.baselineMs !== undefined)
        parts.push(`baseline run ${(0,format/* formatDuration */.a3)(t.baselineMs)}`);
    if (t.confirmationMs !== undefined)
        parts.push(`confirmation ${(0,format/* formatDuration */.a3)(t.confirmationMs)}`);
    if (t.attempts.length) {
        parts.push(`provider ${(0,format/* formatDuration */.a3)(sum((a) => a.providerMs))}`);
        parts.push(`test runs ${(0,format/* formatDuration */.a3)(sum((a) => (a.targetedRerunMs ?? 0) + (a.fullRunMs ?? 0)))}`);
        parts.push(`self-heal ${(0,format/* formatDuration */.a3)(sum((a) => a.selfHealMs))}`);
    }
    if (t.commitMs !== undefined)
        parts.push(`commit ${(0,format/* formatDuration */.a3)(t.commitMs)}`);
    return `time: ${(0,format/* formatDuration */.a3)(report.durationMs)}${parts.length ? ` — ${parts.join(', ')}` : ''}`;
}
/** The compact human summary printed at the end. */
function renderSummary(report) {
    const safe = (t) => (0,frames_text/* terminalSafe */.kJ)(t);
    const lines = [`self-heal: ${report.result} — ${(0,frames_text/* terminalSafe */.kJ)(report.reason, true)}`];
    if (report.failures.length) {
        lines.push(`failing tests (${report.failures.length}):`);
        for (const f of report.failures.slice(0, 10)) {
            const at = f.triggering ?? f.test;
            lines.push(`  ${safe(f.id)}${at ? `  (${safe(at.file)}:${at.line})` : ''}`);
        }
        if (report.failures.length > 10)
            lines.push(`  … and ${report.failures.length - 10} more`);
    }
    for (const a of report.attempts) {
        const files = a.files.length
            ? ` [${a.files.slice(0, 3).map(safe).join(', ')}${a.files.length > 3 ? ', …' : ''}]`
            : '';
        const headline = (0,outcome_text/* feedbackHeadline */.wg)(a);
        const why = headline ? ` — ${safe(headline).slice(0, 300)}` : '';
        lines.push(`attempt ${a.n}: ${a.verdict}${files} ${(a.durationMs / 1000).toFixed(1)}s${why}`);
        if (a.withheldEnv?.length)
            lines.push(`  its test runs did not get ${a.withheldEnv.map(safe).join(', ')} (they look like credentials); if the tests that broke need one: --pass-env ${safe(a.withheldEnv[0])}`);
    }
    const reproduction = report.reproduction ? reproductionLines(report.reproduction) : [];
    if (reproduction.length)
        lines.push(...reproduction.map((l) => safe(l)));
    else if (report.flaky.length)
        lines.push(`flaky (passed on rerun): ${report.flaky.slice(0, 5).map(safe).join(', ')}${report.flaky.length > 5 ? ', …' : ''}`);
    if (report.provider.fallbackFrom)
        lines.push(`provider: ${safe(report.provider.name)} (${safe(report.provider.fallbackFrom)} was not available: ${(0,frames_text/* terminalSafe */.kJ)(report.provider.reason ?? '', true)})`);
    if (report.tokens.input + report.tokens.output > 0)
        lines.push(`tokens: ${report.tokens.input} in, ${report.tokens.output} out`);
    const time = timeLine(report);
    if (time)
        lines.push(time);
    if (report.commit)
        lines.push(`commit: ${report.commit.sha.slice(0, 12)} ${safe(report.commit.message.split('\n')[0])}`);
    if (report.fix?.uncommitted)
        lines.push(`fix: in the work tree, not committed (${whyUncommitted(report.fix)})`);
    if (report.reproduce)
        lines.push(`reproduce: ${safe(report.reproduce)}`);
    if (report.diff)
        lines.push('', (0,frames_text/* terminalDiff */.cu)(report.diff));
    return `${lines.join('\n')}\n`;
}
/** The failing tests that were not reproduced as themselves, and the environment causes (at most 5 each). */
function reproductionLines(r) {
    const lines = r.environment
        .slice(0, 5)
        .map((c) => `environment: ${c.test}: ${c.detail}${c.at ? ` (at ${c.at})` : ''}`);
    for (const t of r.tests.filter((t) => t.verdict !== 'reproduced').slice(0, 5)) {
        if (t.verdict === 'flaky')
            lines.push(`flaky: ${t.id} failed ${t.failed} of ${t.runs} runs without a change`);
        else
            lines.push(`fails differently here: ${t.id}: ${t.here} here, ${t.ci} in ${t.first ?? 'CI'}`);
    }
    if (r.quarantine)
        lines.push(`to quarantine it: ${r.quarantine}`);
    return lines;
}
/** The flags only the CI rounds read (checked here; parseRunArgs checked the rest). */
function ciFlags(argv) {
    const { flags } = (0,args/* parseFlags */.bQ)(argv, FLAGS);
    const workflow = nonEmpty('ci-workflow', flags['ci-workflow'], 'a workflow file name such as ci.yml, or an id');
    if (workflow !== undefined && !/^(\d+|[\w.-]+\.ya?ml)$/.test(workflow))
        throw new usage_error/* UsageError */.e(`--ci-workflow expects a workflow file name such as ci.yml, or an id, got ${JSON.stringify(workflow)}`);
    const repository = nonEmpty('repository', flags.repository, 'owner/name');
    if (repository !== undefined && !/^[\w.-]+\/[\w.-]+$/.test(repository))
        throw new usage_error/* UsageError */.e(`--repository expects owner/name, got ${JSON.stringify(repository)}`);
    return {
        workflow,
        repository,
        pollSeconds: flags['ci-poll-seconds'] !== undefined ? seconds('ci-poll-seconds', flags['ci-poll-seconds']) : 10,
    };
}
/** verify: ci from a terminal or another CI system: candidates pushed to self-heal/<branch> of origin. */
function setUpCi(options, flags, env, logger) {
    const { workflow, pollSeconds, repository } = flags;
    return setUpCiVerify({ verify: options.verify, workflow, workflowSetting: '--ci-workflow', pollSeconds, dryRun: false, shards: [] }, () => checkoutWhere(options.cwd, env, repository), { env, log: (m) => logger.info(m) });
}
async function main(argv, io) {
    const options = parseRunArgs(argv, io);
    if (options === 'help') {
        io.stdout(HELP);
        return 0;
    }
    const logger = stderrLogger(io);
    // Ctrl-C / SIGTERM: kill what runs, put the tree back from the journal, synchronously, then exit.
    let interrupted = false;
    const onSignal = (signal) => {
        if (interrupted)
            return; // a second Ctrl-C must not cut the restore short
        interrupted = true;
        (0,run_tests/* killRunningCommands */._X)('SIGKILL');
        let note = 'the work tree was left as it was found';
        try {
            const restored = (0,tree_state/* restoreActiveSnapshotsSync */.VR)();
            if (restored.length)
                note = `restored ${(0,format/* plural */.LS)(restored.length, 'path')} of the work tree`;
        }
        catch (error) {
            note = `restoring the work tree failed: ${error instanceof Error ? error.message : String(error)}; the journal under .git/self-heal/ is applied by the next run`;
        }
        io.stderr(`\nself-heal run: interrupted by ${signal}; ${note}\n`);
        process.exit(signal === 'SIGINT' ? 130 : 143);
    };
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
    try {
        const ci = await setUpCi(options, ciFlags(argv), io.env, logger);
        const report = await (0,heal/* heal */.R)(options, { logger, createProvider: (o) => (0,create_provider/* createProvider */.Qd)(o, io.env), env: io.env, ci });
        const released = await releaseCiBranch(ci, report.result);
        if (released)
            logger.info(released);
        io.stdout(`\n${renderSummary(report)}`);
        return EXIT[report.result];
    }
    finally {
        process.off('SIGINT', onSignal);
        process.off('SIGTERM', onSignal);
    }
}


/***/ })

};
