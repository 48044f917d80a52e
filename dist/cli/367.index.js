export const id = 367;
export const ids = [367];
export const modules = {

/***/ 7367:
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
// EXTERNAL MODULE: ./src/heal-options.ts
var heal_options = __webpack_require__(4742);
// EXTERNAL MODULE: ./src/heal.ts + 14 modules
var heal = __webpack_require__(739);
// EXTERNAL MODULE: ./src/repair/provider.ts
var provider = __webpack_require__(3716);
// EXTERNAL MODULE: ./src/loop/secrets.ts
var loop_secrets = __webpack_require__(295);
;// CONCATENATED MODULE: ./src/repair/chat/provider-errors.ts

const MAX_SERVER_MESSAGE = 300;
// 429s that waiting cannot fix: an exhausted balance or spend limit (OpenAI `insufficient_quota` and its
// codes, Anthropic `enforced_spend_limit_reached`).
const QUOTA_CODES = /insufficient_quota|credit_balance_exhausted|spend_limit_exceeded|usage_limit_exceeded|enforced_spend_limit_reached|billing/i;
const CONTEXT_LENGTH = /context[_ ]length|maximum context|context window|prompt is too long|too many tokens|tokens_limit_reached|request body too large|max size|input is too long|reduce the length/i;
const MODEL_NOT_FOUND = /model_not_found|unknown[_ ]model|unknown_model|invalid model|model .{0,80}(does not exist|not found|not exist|is not available|unavailable)|no such model|not_found_error/i;
/** Pull the server's own message out of the common error shapes (OpenAI, Anthropic, GitHub, plain). */
function serverMessage(body) {
    const trimmed = body.trim();
    try {
        const parsed = JSON.parse(trimmed);
        if (parsed && typeof parsed === 'object') {
            const root = parsed;
            const inner = (root.error && typeof root.error === 'object' ? root.error : root);
            const message = typeof inner.message === 'string'
                ? inner.message
                : typeof root.error === 'string'
                    ? root.error
                    : typeof root.message === 'string'
                        ? root.message
                        : typeof root.detail === 'string'
                            ? root.detail
                            : trimmed;
            const details = inner.details && typeof inner.details === 'object' ? inner.details : {};
            const code = typeof inner.code === 'string' ? inner.code : typeof details.error_code === 'string' ? details.error_code : undefined;
            const type = typeof inner.type === 'string' ? inner.type : undefined;
            return { message: clip(message), code, type };
        }
    }
    catch {
        // Not JSON: a proxy's HTML page or plain text.
    }
    return { message: clip(trimmed.replace(/<[^>]{0,200}>/g, ' ').replace(/\s+/g, ' ')) };
}
function clip(text) {
    const single = text.replace(/\s+/g, ' ').trim();
    return single.length > MAX_SERVER_MESSAGE ? `${single.slice(0, MAX_SERVER_MESSAGE - 1)}…` : single;
}
const MAX_HEADER_WAIT_MS = 24 * 3600 * 1000;
/**
 * The wait a server asked for, in ms: `retry-after-ms` (OpenAI, Azure), `retry-after` (seconds or an
 * HTTP date), `x-ratelimit-reset-requests` / `-tokens` (OpenAI durations like `1s`, `6m0s`, `20ms`),
 * `anthropic-ratelimit-*-reset` (RFC 3339 times), `x-ratelimit-reset` (GitHub: epoch seconds).
 */
function retryAfterMs(headers, now = Date.now()) {
    const candidates = [];
    const ms = headers.get('retry-after-ms');
    if (ms && /^\d+(\.\d+)?$/.test(ms.trim()))
        candidates.push(Number(ms));
    const after = headers.get('retry-after');
    if (after && candidates.length === 0) {
        if (/^\d+(\.\d+)?$/.test(after.trim()))
            candidates.push(Number(after) * 1000);
        else {
            const date = Date.parse(after);
            if (!Number.isNaN(date))
                candidates.push(date - now);
        }
    }
    if (candidates.length === 0) {
        for (const name of ['x-ratelimit-reset-requests', 'x-ratelimit-reset-tokens']) {
            const value = headers.get(name);
            const parsed = value ? parseDuration(value) : undefined;
            if (parsed !== undefined)
                candidates.push(parsed);
        }
        for (const name of ['anthropic-ratelimit-requests-reset', 'anthropic-ratelimit-tokens-reset', 'anthropic-ratelimit-input-tokens-reset', 'anthropic-ratelimit-output-tokens-reset']) {
            const value = headers.get(name);
            const date = value ? Date.parse(value) : Number.NaN;
            if (!Number.isNaN(date))
                candidates.push(date - now);
        }
        const reset = headers.get('x-ratelimit-reset');
        if (reset && /^\d{9,11}$/.test(reset.trim()))
            candidates.push(Number(reset) * 1000 - now);
    }
    if (candidates.length === 0)
        return undefined;
    // When several limits reset, the request can go once the latest of them has.
    return Math.min(MAX_HEADER_WAIT_MS, Math.max(0, ...candidates));
}
/** `1h2m3.5s`, `6m0s`, `20ms`, `1.5s` → ms. */
function parseDuration(text) {
    const value = text.trim();
    if (/^\d+(\.\d+)?$/.test(value))
        return Number(value) * 1000;
    const re = /(\d+(?:\.\d+)?)(ms|h|m|s)/g;
    let total = 0;
    let consumed = 0;
    for (const m of value.matchAll(re)) {
        const n = Number(m[1]);
        total += m[2] === 'h' ? n * 3_600_000 : m[2] === 'm' ? n * 60_000 : m[2] === 's' ? n * 1000 : n;
        consumed += m[0].length;
    }
    return consumed === value.length && consumed > 0 ? total : undefined;
}
/** Sort one non-2xx answer. */
function classifyHttpError(api, status, headers, body, context) {
    const { message: rawMessage, code, type } = serverMessage(body);
    const said = context.scrub(rawMessage);
    const codeText = `${code ?? ''} ${type ?? ''} ${said}`;
    const base = `${api.label} answered HTTP ${status}${said ? `: ${said}` : ''}`;
    const make = (kind, retryable, hint) => new provider/* ProviderError */.m(base, kind, retryable, hint, status);
    const wait = retryAfterMs(headers);
    if (status === 401) {
        return { error: make('auth', false, `The API key was refused: set ${api.keyEnv} to a valid key for ${api.label}.`), retry: false };
    }
    if (status === 402) {
        return { error: make('forbidden', false, `${api.label} says the account cannot pay for requests: check its billing.`), retry: false };
    }
    if (status === 403) {
        return {
            error: make('forbidden', false, api.forbiddenHint ?? `The key is valid but may not use this model or endpoint: check its permissions for --model ${context.model}.`),
            retry: false,
        };
    }
    if (status === 413 || ((status === 400 || status === 422) && CONTEXT_LENGTH.test(codeText))) {
        return {
            error: make('bad-request', false, `The request was too large for model ${context.model}: its input limit is smaller than the prompt. Choose a model with a larger context, or report this (the prompt should have been packed to fit).`),
            retry: false,
        };
    }
    if (status === 404 || ((status === 400 || status === 422) && MODEL_NOT_FOUND.test(codeText))) {
        if (status === 404 && !/model/i.test(codeText)) {
            return {
                error: make('config', false, `Nothing answers at ${context.scrub(context.url)}: check --base-url (it should end before /chat/completions or /v1/messages).`),
                retry: false,
            };
        }
        return {
            error: make('model', false, `The model '${context.model}' is not available here: check --model (for GitHub Models, names look like openai/gpt-4.1).`),
            retry: false,
        };
    }
    if (status === 429) {
        if (QUOTA_CODES.test(codeText)) {
            return {
                error: make('rate-limit', false, `${api.label} says the account's quota or spend limit is used up; waiting will not help. Check its billing and limits.`),
                retry: false,
            };
        }
        return {
            error: make('rate-limit', true, `${api.label} rate-limited the requests${wait !== undefined ? ` (it asked to wait ${Math.ceil(wait / 1000)} s)` : ''}. Try again later, lower --max-attempts, or use a key with a higher limit.`),
            retry: true,
            retryAfterMs: wait,
        };
    }
    if (status === 408 || status === 409 || status >= 500) {
        return {
            error: make('server', true, `${api.label} failed on its side; it was retried with backoff. Try again later.`),
            retry: true,
            retryAfterMs: wait,
        };
    }
    return {
        error: make('bad-request', false, `${api.label} refused the request. If the server is an OpenAI-compatible proxy, check that it supports tool calling for model ${context.model}.`),
        retry: false,
    };
}

;// CONCATENATED MODULE: ./src/repair/chat/post-json.ts


const DEFAULT_RETRY_POLICY = {
    maxRetries: 4,
    baseDelayMs: 1_000,
    maxDelayMs: 20_000,
    maxTotalWaitMs: 90_000,
    requestTimeoutMs: 180_000,
};
/** Chat completions are small; 4 MiB is far beyond any real answer at our output limits. */
const MAX_RESPONSE_BYTES = 4 * 1024 * 1024;
async function postJson(options) {
    const random = options.random ?? Math.random;
    const payload = JSON.stringify(options.body);
    let waited = 0;
    let lastError;
    for (let attempt = 0; attempt <= options.retry.maxRetries; attempt++) {
        throwIfAborted(options.signal);
        if (options.deadline !== undefined && Date.now() >= options.deadline) {
            throw lastError ?? new provider/* ProviderError */.m(`${options.api.label}: the attempt's time budget ran out before the request was sent`, 'network', false, 'Raise --max-seconds or --timeout.');
        }
        const outcome = await tryOnce(options, payload);
        if (outcome.ok)
            return { json: outcome.json, status: outcome.status, tries: attempt + 1 };
        lastError = outcome.error;
        if (!outcome.retry || attempt === options.retry.maxRetries)
            break;
        const backoff = Math.min(options.retry.maxDelayMs, options.retry.baseDelayMs * 2 ** attempt);
        // "Equal jitter": half fixed, half random, so synchronized clients spread out but never retry at once.
        let delay = outcome.retryAfterMs ?? backoff / 2 + (random() * backoff) / 2;
        if (outcome.retryAfterMs !== undefined && outcome.retryAfterMs > options.retry.maxTotalWaitMs) {
            // A daily limit (GitHub Models answers with hours): waiting inside one run cannot help.
            break;
        }
        delay = Math.max(0, Math.round(delay));
        if (waited + delay > options.retry.maxTotalWaitMs)
            break;
        if (options.deadline !== undefined && Date.now() + delay >= options.deadline)
            break;
        options.log?.(`${options.api.label}: ${outcome.error.message}; retrying in ${(delay / 1000).toFixed(1)} s (retry ${attempt + 1} of ${options.retry.maxRetries})`);
        await sleep(delay, options.signal);
        waited += delay;
    }
    throw lastError;
}
async function tryOnce(options, payload) {
    const timeout = AbortSignal.timeout(options.retry.requestTimeoutMs);
    const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
    let response;
    try {
        response = await fetch(options.url, {
            method: 'POST',
            headers: { 'content-type': 'application/json', accept: 'application/json', ...options.headers },
            body: payload,
            signal,
        });
    }
    catch (error) {
        throwIfAborted(options.signal);
        return networkFailure(options, error, timeout.aborted);
    }
    let text;
    try {
        text = await readBounded(response, options.maxResponseBytes ?? MAX_RESPONSE_BYTES);
    }
    catch (error) {
        throwIfAborted(options.signal);
        if (error instanceof provider/* ProviderError */.m)
            return { ok: false, error, retry: false };
        return networkFailure(options, error, timeout.aborted);
    }
    if (!response.ok) {
        const decision = classifyHttpError(options.api, response.status, response.headers, text, {
            model: options.model,
            url: options.url,
            scrub: options.scrub,
        });
        return { ok: false, error: decision.error, retry: decision.retry, retryAfterMs: decision.retryAfterMs };
    }
    try {
        return { ok: true, json: JSON.parse(text), status: response.status };
    }
    catch {
        const preview = options.scrub(text.slice(0, 120).replace(/\s+/g, ' '));
        return {
            ok: false,
            error: new provider/* ProviderError */.m(`${options.api.label} answered HTTP ${response.status} with a body that is not JSON (${text.length} bytes, starting: ${JSON.stringify(preview)})`, 'bad-response', false, 'Check --base-url: it should point at an OpenAI-compatible or Anthropic API, not a web page or proxy login.', response.status),
            retry: false,
        };
    }
}
function networkFailure(options, error, timedOut) {
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
    const code = cause && typeof cause === 'object' && 'code' in cause ? String(cause.code) : '';
    const what = timedOut
        ? `no answer within ${Math.round(options.retry.requestTimeoutMs / 1000)} s`
        : `${code || (cause instanceof Error ? cause.message : String(cause))}`;
    return {
        ok: false,
        error: new provider/* ProviderError */.m(
        // The URL may carry credentials (https://user:key@host); the scrubber drops them.
        options.scrub(`${options.api.label} could not be reached at ${options.url}: ${what}`), 'network', true, 'Check the network and --base-url; the request was retried with backoff.'),
        retry: true,
    };
}
async function readBounded(response, maxBytes) {
    const declared = Number(response.headers.get('content-length') ?? '0');
    if (declared > maxBytes) {
        await response.body?.cancel().catch(() => { });
        throw tooLarge(declared, maxBytes, response.status);
    }
    if (!response.body)
        return '';
    const reader = response.body.getReader();
    const chunks = [];
    let size = 0;
    for (;;) {
        const { done, value } = await reader.read();
        if (done)
            break;
        size += value.byteLength;
        if (size > maxBytes) {
            await reader.cancel().catch(() => { });
            throw tooLarge(size, maxBytes, response.status);
        }
        chunks.push(value);
    }
    return Buffer.concat(chunks).toString('utf8');
}
function tooLarge(size, maxBytes, status) {
    return new provider/* ProviderError */.m(`The API answer was larger than ${maxBytes} bytes (at least ${size}); it was not read`, 'bad-response', false, 'Check --base-url: a chat completion answer is a few kilobytes.', status);
}
function throwIfAborted(signal) {
    if (signal?.aborted) {
        throw new provider/* ProviderError */.m('The request to the model was cancelled', 'network', false, 'The run was interrupted or its time budget ran out.');
    }
}
function sleep(ms, signal) {
    return new Promise((resolve, reject) => {
        if (signal?.aborted)
            return reject(abortError());
        const timer = setTimeout(() => {
            signal?.removeEventListener('abort', onAbort);
            resolve();
        }, ms);
        const onAbort = () => {
            clearTimeout(timer);
            reject(abortError());
        };
        signal?.addEventListener('abort', onAbort, { once: true });
    });
}
function abortError() {
    return new provider/* ProviderError */.m('The request to the model was cancelled', 'network', false, 'The run was interrupted or its time budget ran out.');
}

;// CONCATENATED MODULE: ./src/repair/chat/chat-endpoint.ts


/** A `ChatModel` named and bounded by the endpoint's configuration, answering with `complete`. */
function chatModelFor(config, complete) {
    return {
        provider: config.api.label,
        model: config.model,
        maxInputTokens: config.maxInputTokens,
        maxOutputTokens: config.maxOutputTokens,
        complete,
    };
}
/**
 * POST one wire request with the endpoint's retry policy and scrubbing; the request's own signal,
 * deadline and log (the attempt's) come before the client's.
 */
function postChatRequest(config, request, wire) {
    return postJson({
        url: wire.url,
        headers: wire.headers,
        body: wire.body,
        api: config.api,
        model: config.model,
        retry: config.retry ?? DEFAULT_RETRY_POLICY,
        scrub: config.scrub,
        signal: request.signal,
        deadline: request.deadline ?? config.deadline,
        log: request.log ?? config.log,
    });
}
/** A reply without `what` the wire format requires: not retried, with a hint on what to check. */
function badResponse(config, what, hint) {
    return new provider/* ProviderError */.m(`${config.api.label} answered without ${what}`, 'bad-response', false, hint);
}

// EXTERNAL MODULE: ./src/loop/token-estimate.ts
var token_estimate = __webpack_require__(1198);
;// CONCATENATED MODULE: ./src/repair/chat/openai-chat.ts



const OPENAI_DEFAULT_BASE_URL = 'https://api.openai.com/v1';
function createOpenAIChat(config) {
    const url = `${config.baseUrl.replace(/\/+$/, '')}/chat/completions`;
    const host = safeHost(config.baseUrl);
    let tokensField = config.maxTokensField ??
        (host === 'api.openai.com' || host === 'models.github.ai' || host.endsWith('.openai.azure.com') ? 'max_completion_tokens' : 'max_tokens');
    const headers = { authorization: `Bearer ${config.apiKey}`, ...config.extraHeaders };
    // Azure OpenAI takes its keys in `api-key`; sending both is harmless elsewhere but only done there.
    if (host.endsWith('.azure.com'))
        headers['api-key'] = config.apiKey;
    return chatModelFor(config, async (request) => {
        const send = (field) => postChatRequest(config, request, { url, headers, body: buildBody(config.model, request, field) });
        let result;
        try {
            result = await send(tokensField);
        }
        catch (error) {
            const other = tokensField === 'max_tokens' ? 'max_completion_tokens' : 'max_tokens';
            if (error instanceof provider/* ProviderError */.m && error.kind === 'bad-request' && error.message.includes(tokensField)) {
                config.log?.(`${config.api.label}: the server does not take '${tokensField}'; using '${other}'`);
                tokensField = other;
                result = await send(tokensField);
            }
            else
                throw error;
        }
        return parseReply(result.json, config, request);
    });
}
function safeHost(baseUrl) {
    try {
        return new URL(baseUrl).hostname.toLowerCase();
    }
    catch {
        return '';
    }
}
/** Neutral messages → OpenAI wire messages. */
function toOpenAIMessages(system, messages) {
    const out = [{ role: 'system', content: system }];
    for (const message of messages) {
        if (message.role === 'user')
            out.push({ role: 'user', content: message.text });
        else if (message.role === 'assistant') {
            const wire = { role: 'assistant', content: message.text || null };
            if (message.toolCalls.length > 0) {
                wire.tool_calls = message.toolCalls.map((call) => ({
                    id: call.id,
                    type: 'function',
                    function: { name: call.name, arguments: call.arguments ? JSON.stringify(call.arguments) : '{}' },
                }));
            }
            out.push(wire);
        }
        else {
            for (const result of message.results)
                out.push({ role: 'tool', tool_call_id: result.toolCallId, content: result.content });
        }
    }
    return out;
}
function buildBody(model, request, tokensField) {
    const body = {
        model,
        messages: toOpenAIMessages(request.system, request.messages),
        [tokensField]: request.maxOutputTokens,
    };
    if (request.tools.length > 0) {
        body.tools = request.tools.map((tool) => ({
            type: 'function',
            function: { name: tool.name, description: tool.description, parameters: tool.parameters },
        }));
        body.tool_choice = 'auto';
    }
    return body;
}
function badReply(config, what) {
    return badResponse(config, what, `Check that --base-url speaks OpenAI chat completions and that model ${config.model} supports tool calling.`);
}
/** OpenAI wire reply → neutral reply. */
function parseReply(json, config, request) {
    if (!json || typeof json !== 'object')
        throw badReply(config, 'a JSON object');
    const root = json;
    const choices = root.choices;
    if (!Array.isArray(choices) || choices.length === 0)
        throw badReply(config, 'choices');
    const choice = choices[0];
    const message = choice?.message;
    if (!message || typeof message !== 'object')
        throw badReply(config, 'choices[0].message');
    const text = typeof message.content === 'string' ? message.content : contentPartsText(message.content);
    const rawCalls = Array.isArray(message.tool_calls) ? message.tool_calls : [];
    const toolCalls = rawCalls.slice(0, 32).map((raw, index) => parseToolCall(raw, index));
    const usage = root.usage;
    const input = typeof usage?.prompt_tokens === 'number' ? usage.prompt_tokens : undefined;
    const output = typeof usage?.completion_tokens === 'number' ? usage.completion_tokens : undefined;
    const finish = typeof choice.finish_reason === 'string' ? choice.finish_reason : 'unknown';
    return {
        text,
        toolCalls,
        usage: {
            // Some compatible servers omit usage: fall back to the estimate so budgets still hold.
            input: input ?? (0,token_estimate/* estimateTokens */.b)(JSON.stringify(toOpenAIMessages(request.system, request.messages))),
            output: output ?? (0,token_estimate/* estimateTokens */.b)(text + JSON.stringify(rawCalls)),
        },
        stopReason: finish === 'stop' ? 'end' : finish === 'tool_calls' || finish === 'function_call' ? 'tool_use' : finish === 'length' ? 'max_tokens' : finish,
    };
}
function contentPartsText(content) {
    if (!Array.isArray(content))
        return '';
    return content
        .map((part) => (part && typeof part === 'object' && typeof part.text === 'string' ? part.text : ''))
        .join('');
}
function parseToolCall(raw, index) {
    const call = (raw && typeof raw === 'object' ? raw : {});
    const fn = (call.function && typeof call.function === 'object' ? call.function : {});
    const id = typeof call.id === 'string' && call.id ? call.id : `call_${index + 1}`;
    const name = typeof fn.name === 'string' ? fn.name : '';
    const args = fn.arguments;
    if (args && typeof args === 'object' && !Array.isArray(args)) {
        // Ollama and some vLLM parsers send an object instead of a JSON string.
        return { id, name, arguments: args };
    }
    if (typeof args !== 'string' || args.trim() === '') {
        return { id, name, arguments: args === '' || args === undefined ? {} : undefined, argumentsError: args === '' || args === undefined ? undefined : 'the arguments were not a JSON object' };
    }
    try {
        const parsed = JSON.parse(args);
        if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
            return { id, name, arguments: parsed };
        return { id, name, arguments: undefined, argumentsError: 'the arguments were JSON but not an object' };
    }
    catch (error) {
        return { id, name, arguments: undefined, argumentsError: `the arguments were not valid JSON (${error.message.slice(0, 120)})` };
    }
}

// EXTERNAL MODULE: ./src/loop/prompt.ts + 2 modules
var loop_prompt = __webpack_require__(681);
;// CONCATENATED MODULE: ./src/loop/prompts/repair-feedback.ts
/**
 * What the conversation tells the model inside one attempt (aider style: each message is an
 * instruction: what failed, the closest real lines, what was fine and must not be re-sent, the
 * format rule restated). Placeholders in `{braces}` are filled by `repair/chat/repair-conversation.ts`.
 */
const EDIT_ACCEPTED = `OK: this edit of {path} matches and will be applied with the others. Do not send it again.`;
const EDIT_NO_MATCH = `NOT APPLIED: old_text does not match {path} exactly once ({reason}).
{nearest}old_text must be copied exactly from the file, with every space, tab and line, without line numbers, and must match exactly once. Send a corrected replace_in_file for this change only.`;
const EDIT_NEAREST = `The closest lines in {path} (from line {line}) are:
{code}
`;
const EDIT_REFUSED = `REFUSED: {reason}
Do not edit this file again. Tests, snapshots, CI configuration and files outside the repository are protected: fix the source code under test instead.`;
const EDIT_INVALID = `NOT APPLIED: {reason} replace_in_file takes {"path": "relative/path", "old_text": "exact text", "new_text": "replacement"}.`;
const EDIT_HELD = `NOT APPLIED YET: this edit is fine, but other edits of the same answer were refused or did not match; all edits of an answer are applied together. Do not send it again: it is kept.`;
const EDIT_DUPLICATE = `ALREADY TRIED: these changes are the same as attempt {n}, which failed: {feedback}
Propose a different fix.`;
const TEXT_BLOCKS_FEEDBACK = `Your SEARCH/REPLACE blocks were checked:
{results}
Prefer the replace_in_file tool.`;
const NO_EDITS_NUDGE = `No change was proposed. Propose the fix now: call replace_in_file with path, old_text and new_text (or answer with SEARCH/REPLACE blocks).`;
const TOOL_CAP_REACHED = `Not run: the read_file/search budget of this attempt ({cap} calls) is used up. Propose the fix now with replace_in_file.`;
const TOOL_NO_ROOM = `Not run: the request size limit leaves no room for more file contents. Propose the fix now with replace_in_file.`;
const TOOL_UNKNOWN = `Unknown tool '{name}'. The tools are replace_in_file, read_file and search.`;
const TOOL_ERROR = `{tool} failed: {reason}`;
const TOOLS_UNAVAILABLE = `Tools are not available on this server. Answer with SEARCH/REPLACE blocks only: the file path on its own line, then <<<<<<< SEARCH, the exact lines, =======, the replacement, >>>>>>> REPLACE.`;

;// CONCATENATED MODULE: ./src/loop/prompts/repair-tools.ts
/** Descriptions of the tools offered to chat models (text only; the schemas live with the tools). */
const REPLACE_IN_FILE_DESCRIPTION = `Replace one exact, unique piece of text in a repository file. old_text must be copied exactly from the file (whitespace included, without line numbers) and match exactly once; include enough context lines to make it unique. Tests and CI files are protected. Call it once per change; several calls per answer are fine.`;
const READ_FILE_DESCRIPTION = `Read lines of a repository file (line-numbered). Limited calls per attempt.`;
const SEARCH_DESCRIPTION = `Search the repository's tracked files for a literal string; returns matching lines as path:line: text. Limited calls per attempt.`;

;// CONCATENATED MODULE: ./src/repair/chat/repair-tools.ts

/** The tools offered to chat models in a repair attempt, and the reading of their arguments. */
const REPLACE_IN_FILE = 'replace_in_file';
const READ_FILE = 'read_file';
const SEARCH = 'search';
/** Bounds on what a model may send in one edit (the host bounds bytes per attempt again). */
const MAX_EDIT_TEXT = 64 * 1024;
const MAX_PATH = 512;
const MAX_QUERY = 200;
const REPAIR_TOOLS = [
    {
        name: REPLACE_IN_FILE,
        description: REPLACE_IN_FILE_DESCRIPTION,
        parameters: {
            type: 'object',
            properties: {
                path: { type: 'string', description: 'File path relative to the repository root.' },
                old_text: { type: 'string', description: 'Exact text to replace, copied from the file; must match once.' },
                new_text: { type: 'string', description: 'The replacement text.' },
            },
            required: ['path', 'old_text', 'new_text'],
            additionalProperties: false,
        },
    },
    {
        name: READ_FILE,
        description: READ_FILE_DESCRIPTION,
        parameters: {
            type: 'object',
            properties: {
                path: { type: 'string', description: 'File path relative to the repository root.' },
                start_line: { type: 'integer', minimum: 1, description: 'First line (1-based), optional.' },
                end_line: { type: 'integer', minimum: 1, description: 'Last line, optional.' },
            },
            required: ['path'],
            additionalProperties: false,
        },
    },
    {
        name: SEARCH,
        description: SEARCH_DESCRIPTION,
        parameters: {
            type: 'object',
            properties: { query: { type: 'string', description: 'A literal string to find.' } },
            required: ['query'],
            additionalProperties: false,
        },
    },
];
// Models copy the line-number gutter of the prompt's excerpts (`  12 | code`) into old_text.
const GUTTER = /^\s*\d+ \| ?/;
/** Strip the excerpt gutter when every line of old_text carries it (then new_text's gutters go too). */
function stripGutter(edit) {
    const oldLines = edit.oldText.split('\n').filter((l, i, all) => !(i === all.length - 1 && l === ''));
    if (oldLines.length === 0 || !oldLines.every((l) => GUTTER.test(l)))
        return edit;
    const strip = (text) => text
        .split('\n')
        .map((l) => l.replace(GUTTER, ''))
        .join('\n');
    return { path: edit.path, oldText: strip(edit.oldText), newText: strip(edit.newText) };
}
/** Normalise a path a model wrote: quotes, backticks, a leading `./`. Guardrails are the host's. */
function cleanPath(raw) {
    return raw
        .trim()
        .replace(/^[`'"]+|[`'"]+$/g, '')
        .replace(/^\.\/+/, '');
}
function parseReplaceCall(call) {
    if (!call.arguments)
        return { ok: false, reason: `${call.argumentsError ?? 'the arguments could not be read'}.` };
    const { path, old_text: oldText, new_text: newText } = call.arguments;
    if (typeof path !== 'string' || !path.trim())
        return { ok: false, reason: 'path is missing.' };
    if (typeof oldText !== 'string')
        return { ok: false, reason: 'old_text is missing (use an empty string only to create a new file).' };
    if (typeof newText !== 'string')
        return { ok: false, reason: 'new_text is missing.' };
    if (path.length > MAX_PATH)
        return { ok: false, reason: `path is longer than ${MAX_PATH} characters.` };
    if (oldText.length > MAX_EDIT_TEXT || newText.length > MAX_EDIT_TEXT) {
        return { ok: false, reason: `old_text and new_text must each be under ${MAX_EDIT_TEXT / 1024} KiB: make smaller, targeted edits.` };
    }
    if (oldText === newText)
        return { ok: false, reason: 'old_text and new_text are the same: nothing would change.' };
    return { ok: true, value: stripGutter({ path: cleanPath(path), oldText, newText }) };
}
function parseReadCall(call) {
    if (!call.arguments)
        return { ok: false, reason: `${call.argumentsError ?? 'the arguments could not be read'}.` };
    const { path, start_line: start, end_line: end } = call.arguments;
    if (typeof path !== 'string' || !path.trim() || path.length > MAX_PATH)
        return { ok: false, reason: 'path is missing or too long.' };
    const toLine = (v) => (typeof v === 'number' && Number.isFinite(v) ? Math.max(1, Math.floor(v)) : typeof v === 'string' && /^\d+$/.test(v) ? Math.max(1, Number(v)) : undefined);
    const s = toLine(start);
    const e = toLine(end);
    if (s === undefined && e === undefined)
        return { ok: true, value: { path: cleanPath(path) } };
    const first = s ?? 1;
    const last = Math.max(first, e ?? first + 199);
    return { ok: true, value: { path: cleanPath(path), range: { start: first, end: last } } };
}
function parseSearchCall(call) {
    if (!call.arguments)
        return { ok: false, reason: `${call.argumentsError ?? 'the arguments could not be read'}.` };
    const query = call.arguments.query;
    if (typeof query !== 'string' || !query.trim())
        return { ok: false, reason: 'query is missing.' };
    if (query.length > MAX_QUERY)
        return { ok: false, reason: `query is longer than ${MAX_QUERY} characters.` };
    return { ok: true, value: query };
}

;// CONCATENATED MODULE: ./src/repair/chat/search-replace-blocks.ts

/**
 * The fallback edit format for models or servers without tool calling: aider's SEARCH/REPLACE
 * blocks in the answer text.
 *
 *     path/to/file.py
 *     ```python
 *     <<<<<<< SEARCH
 *     exact lines
 *     =======
 *     replacement
 *     >>>>>>> REPLACE
 *     ```
 *
 * The path is the nearest non-empty line before the block that is not a fence; a block without one
 * reuses the previous block's path (aider does the same).
 */
const MAX_BLOCKS = 20;
const MAX_BLOCK_CHARS = 64 * 1024;
const SEARCH_LINE = /^\s*<{5,9} ?SEARCH\s*$/;
const DIVIDER_LINE = /^\s*={5,9}\s*$/;
const REPLACE_LINE = /^\s*>{5,9} ?REPLACE\s*$/;
const FENCE_LINE = /^\s*(`{3,}|~{3,})/;
function parseSearchReplaceBlocks(text) {
    const lines = text.split(/\r?\n/);
    const edits = [];
    const errors = [];
    let lastPath;
    for (let i = 0; i < lines.length && edits.length + errors.length < MAX_BLOCKS; i++) {
        if (!SEARCH_LINE.test(lines[i]))
            continue;
        const path = findPath(lines, i) ?? lastPath;
        let j = i + 1;
        const search = [];
        while (j < lines.length && !DIVIDER_LINE.test(lines[j]) && !SEARCH_LINE.test(lines[j]))
            search.push(lines[j++]);
        if (j >= lines.length || !DIVIDER_LINE.test(lines[j])) {
            errors.push(`A SEARCH block at line ${i + 1} of your answer has no ======= divider.`);
            i = j - 1;
            continue;
        }
        j++;
        const replace = [];
        while (j < lines.length && !REPLACE_LINE.test(lines[j]) && !SEARCH_LINE.test(lines[j]))
            replace.push(lines[j++]);
        if (j >= lines.length || !REPLACE_LINE.test(lines[j])) {
            errors.push(`A SEARCH block at line ${i + 1} of your answer has no >>>>>>> REPLACE end.`);
            i = j - 1;
            continue;
        }
        i = j;
        if (!path) {
            errors.push(`A SEARCH block at line ${i + 1} of your answer has no file path on the line before it.`);
            continue;
        }
        const oldText = search.length > 0 ? `${search.join('\n')}\n` : '';
        const newText = replace.length > 0 ? `${replace.join('\n')}\n` : '';
        if (oldText.length > MAX_BLOCK_CHARS || newText.length > MAX_BLOCK_CHARS) {
            errors.push(`The SEARCH block for ${path} is larger than 64 KiB: make smaller, targeted edits.`);
            continue;
        }
        lastPath = path;
        edits.push(stripGutter({ path, oldText, newText }));
    }
    return { edits, errors };
}
function findPath(lines, searchLine) {
    for (let k = searchLine - 1; k >= 0 && k >= searchLine - 3; k--) {
        const line = lines[k].trim();
        if (!line)
            continue;
        if (FENCE_LINE.test(line)) {
            // ```python is a fence; the path sits above it.
            continue;
        }
        if (REPLACE_LINE.test(line) || DIVIDER_LINE.test(line))
            return undefined;
        // Models decorate the path: `path`, **path**, path:, "File: path".
        const cleaned = cleanPath(line.replace(/^#+\s*/, '').replace(/^(file|path)\s*:\s*/i, '').replace(/^\*+|\*+$/g, '').replace(/:$/, ''));
        if (/\s/.test(cleaned) || cleaned.length === 0 || cleaned.length > 512)
            return undefined;
        return cleaned;
    }
    return undefined;
}

;// CONCATENATED MODULE: ./src/repair/chat/tried-edits.ts
/**
 * Is a proposal the same change as an earlier attempt? The loop hashes normalised diffs of what it
 * applied; a provider sees edits before they are applied, so it compares the same thing another way:
 * the multiset of removed and added lines per file (whitespace-trimmed, blank lines ignored), taken
 * from the edits and from each earlier attempt's unified diff.
 */
function changeKey(path, sign, line) {
    const trimmed = line.trim();
    return trimmed ? `${path}\u0000${sign}\u0000${trimmed}` : undefined;
}
/** The changed lines of an edit: the lines of old_text and new_text outside their common prefix and suffix. */
function editChanges(edits) {
    const keys = [];
    for (const edit of edits) {
        const before = edit.oldText.replace(/\n$/, '').split('\n');
        const after = edit.newText.replace(/\n$/, '').split('\n');
        let head = 0;
        while (head < before.length && head < after.length && before[head] === after[head])
            head++;
        let tail = 0;
        while (tail < before.length - head && tail < after.length - head && before[before.length - 1 - tail] === after[after.length - 1 - tail])
            tail++;
        for (const line of before.slice(head, before.length - tail)) {
            const key = changeKey(edit.path, '-', line);
            if (key)
                keys.push(key);
        }
        for (const line of after.slice(head, after.length - tail)) {
            const key = changeKey(edit.path, '+', line);
            if (key)
                keys.push(key);
        }
    }
    return keys.sort();
}
/** The changed lines of a unified diff (`git diff` output). */
function diffChanges(diff) {
    const keys = [];
    let path = '';
    for (const line of diff.split('\n')) {
        if (line.startsWith('+++ ')) {
            const to = line.slice(4).replace(/^b\//, '').trim();
            if (to !== '/dev/null')
                path = to;
            continue;
        }
        if (line.startsWith('--- ')) {
            const from = line.slice(4).replace(/^a\//, '').trim();
            if (from !== '/dev/null')
                path = from;
            continue;
        }
        if (line.startsWith('diff --git') || line.startsWith('@@'))
            continue;
        if (line.startsWith('+') || line.startsWith('-')) {
            const key = changeKey(path, line[0], line.slice(1));
            if (key)
                keys.push(key);
        }
    }
    return keys.sort();
}
/** The earlier attempt that made exactly these changes, if any. */
function findTriedAttempt(edits, history) {
    const mine = editChanges(edits);
    if (mine.length === 0)
        return undefined;
    const joined = mine.join('\n');
    return history.find((attempt) => attempt.diff.trim() !== '' && diffChanges(attempt.diff).join('\n') === joined);
}

;// CONCATENATED MODULE: ./src/repair/chat/repair-conversation.ts







const DEFAULT_CONVERSATION_LIMITS = {
    maxToolCalls: 6,
    maxCorrections: 2,
    maxRequests: 10,
    maxToolResultTokens: 1_200,
};
/** Room kept free in every request for the feedback text and the rounding of estimates. */
const REQUEST_MARGIN_TOKENS = 400;
const MIN_OUTPUT_TOKENS = 256;
const MAX_NOTES_CHARS = 4_000;
const MAX_NEAREST_TOKENS = 300;
async function runRepairConversation(chat, request, host, options) {
    const limits = { ...DEFAULT_CONVERSATION_LIMITS, ...options.limits };
    const scrub = options.scrub;
    const system = request.prompt.system;
    /** Emptied when the server refuses tool calling (a local model without tool support). */
    let tools = REPAIR_TOOLS;
    let toolsCost = (0,token_estimate/* estimateTokens */.b)(JSON.stringify(tools));
    const messages = [{ role: 'user', text: request.prompt.user }];
    const usage = { input: 0, output: 0 };
    /** Checked edits kept while others of the same answer are corrected. */
    let held = [];
    /** The latest full set proposed, returned when corrections run out so the loop records the refusal. */
    let lastProposed = [];
    let lastProblems = [];
    let toolCalls = 0;
    let corrections = 0;
    let requests = 0;
    let notes = '';
    let stop = 'request-cap';
    const conversationTokens = () => (0,token_estimate/* estimateTokens */.b)(system) + (0,token_estimate/* estimateTokens */.b)(JSON.stringify(messages)) + toolsCost;
    const finish = (edits, reason) => {
        stop = reason;
        host.log(`${chat.provider} ${chat.model}: ${requests} request(s), ${toolCalls} read/search call(s), ${corrections} correction(s); ${describeStop(reason)}`);
        return {
            edits,
            usage,
            notes: notes ? notes.slice(0, MAX_NOTES_CHARS) : undefined,
            detail: {
                provider: chat.provider,
                model: chat.model,
                requests,
                toolCalls,
                corrections,
                stop,
                ...(lastProblems.length > 0 && edits.length > 0 && reason !== 'accepted'
                    ? { problems: lastProblems.map((p) => ({ path: p.path, kind: p.kind, message: p.message.slice(0, 300) })) }
                    : {}),
            },
        };
    };
    while (requests < limits.maxRequests) {
        const now = Date.now();
        if (now >= request.budget.deadline)
            return finish(held, 'deadline');
        const inputEstimate = conversationTokens();
        if (inputEstimate > chat.maxInputTokens)
            return finish(fallbackEdits(held, lastProposed), 'request-too-large');
        if (usage.input + inputEstimate > request.budget.inputTokens)
            return finish(fallbackEdits(held, lastProposed), 'token-budget');
        const maxOutputTokens = Math.min(chat.maxOutputTokens, request.budget.outputTokens - usage.output);
        if (maxOutputTokens < MIN_OUTPUT_TOKENS)
            return finish(fallbackEdits(held, lastProposed), 'token-budget');
        // The loop's deadline can be fractional (averaged run times); AbortSignal.timeout takes whole ms only.
        const timeout = AbortSignal.timeout(Math.max(1, Math.ceil(request.budget.deadline - now)));
        const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
        requests++;
        let reply;
        try {
            reply = await chat.complete({ system, messages, tools, maxOutputTokens, signal, deadline: request.budget.deadline, log: (m) => host.log(m) });
        }
        catch (error) {
            // The deadline fired mid-request: the attempt is over, not the run.
            if (timeout.aborted && !options.signal?.aborted && error instanceof provider/* ProviderError */.m)
                return finish(held, 'deadline');
            // Ollama and some proxies refuse `tools` for models without tool calling: fall back to
            // SEARCH/REPLACE blocks in text, which the system prompt already describes.
            if (error instanceof provider/* ProviderError */.m && error.kind === 'bad-request' && tools.length > 0 && /\btools?\b|function.?call/i.test(error.message)) {
                host.log(`${chat.provider} ${chat.model}: the server refused tool calling (${error.message.slice(0, 160)}); asking for SEARCH/REPLACE blocks instead`);
                tools = [];
                toolsCost = 0;
                messages.push({ role: 'user', text: TOOLS_UNAVAILABLE });
                continue;
            }
            throw error;
        }
        usage.input += reply.usage.input;
        usage.output += reply.usage.output;
        if (reply.text.trim())
            notes = `${notes}${notes ? '\n' : ''}${reply.text.trim()}`.slice(0, MAX_NOTES_CHARS);
        messages.push({ role: 'assistant', text: reply.text, toolCalls: reply.toolCalls, raw: reply.raw });
        if (reply.toolCalls.length > 0) {
            const results = new Map();
            const proposals = [];
            for (const call of reply.toolCalls) {
                if (call.name === REPLACE_IN_FILE) {
                    const parsed = parseReplaceCall(call);
                    if (parsed.ok)
                        proposals.push({ edit: parsed.value, callId: call.id });
                    else
                        results.set(call.id, (0,loop_prompt/* fillTemplate */.ou)(EDIT_INVALID, { reason: parsed.reason }));
                    continue;
                }
                results.set(call.id, await runReadTool(call));
            }
            if (proposals.length === 0) {
                if (results.size > 0 && [...results.values()].some((r) => r.startsWith('NOT APPLIED')))
                    corrections++;
                if (corrections > limits.maxCorrections)
                    return finish(fallbackEdits(held, lastProposed), 'corrections-exhausted');
                messages.push({ role: 'tool', results: reply.toolCalls.map((c) => ({ toolCallId: c.id, content: results.get(c.id) ?? '' })) });
                continue;
            }
            const outcome = await checkProposals(proposals);
            if (outcome.done)
                return finish(outcome.edits, 'accepted');
            for (const [id, text] of outcome.feedback)
                results.set(id, text);
            corrections++;
            if (corrections > limits.maxCorrections)
                return finish(outcome.edits, 'corrections-exhausted');
            const toolResults = reply.toolCalls.map((c) => ({ toolCallId: c.id, content: results.get(c.id) ?? '' }));
            messages.push({ role: 'tool', results: toolResults });
            if (outcome.extra)
                messages.push({ role: 'user', text: outcome.extra });
            continue;
        }
        // No tool calls: SEARCH/REPLACE blocks in the text, or nothing.
        const blocks = parseSearchReplaceBlocks(reply.text);
        if (blocks.edits.length > 0) {
            const outcome = await checkProposals(blocks.edits.map((edit) => ({ edit })));
            if (outcome.done && blocks.errors.length === 0)
                return finish(outcome.edits, 'accepted');
            if (outcome.done) {
                // The readable blocks are fine; keep them while the broken ones are re-sent.
                held = outcome.edits;
                outcome.blockFeedback.push(...outcome.edits.map((e) => `${e.path}: ${(0,loop_prompt/* fillTemplate */.ou)(EDIT_ACCEPTED, { path: e.path })}`));
            }
            corrections++;
            if (corrections > limits.maxCorrections)
                return finish(outcome.edits, 'corrections-exhausted');
            const lines = [...outcome.blockFeedback, ...blocks.errors].map((l) => `- ${l}`).join('\n');
            messages.push({ role: 'user', text: (0,loop_prompt/* fillTemplate */.ou)(TEXT_BLOCKS_FEEDBACK, { results: lines }) + (outcome.extra ? `\n${outcome.extra}` : '') });
            continue;
        }
        if (held.length > 0)
            return finish(held, 'accepted');
        corrections++;
        if (corrections > limits.maxCorrections)
            return finish([], 'no-edits');
        messages.push({ role: 'user', text: blocks.errors.length > 0 ? `${blocks.errors.join('\n')}\n${NO_EDITS_NUDGE}` : NO_EDITS_NUDGE });
    }
    return finish(fallbackEdits(held, lastProposed), 'request-cap');
    /** read_file / search / unknown tools, within the per-attempt cap and the request size limit. */
    async function runReadTool(call) {
        if (call.name !== READ_FILE && call.name !== SEARCH)
            return (0,loop_prompt/* fillTemplate */.ou)(TOOL_UNKNOWN, { name: call.name.slice(0, 60) });
        if (toolCalls >= limits.maxToolCalls)
            return (0,loop_prompt/* fillTemplate */.ou)(TOOL_CAP_REACHED, { cap: limits.maxToolCalls });
        const room = Math.min(limits.maxToolResultTokens, chat.maxInputTokens - conversationTokens() - REQUEST_MARGIN_TOKENS);
        if (room < 100)
            return TOOL_NO_ROOM;
        toolCalls++;
        try {
            let text;
            if (call.name === READ_FILE) {
                const parsed = parseReadCall(call);
                if (!parsed.ok)
                    return (0,loop_prompt/* fillTemplate */.ou)(TOOL_ERROR, { tool: READ_FILE, reason: parsed.reason });
                text = await host.readFile(parsed.value.path, parsed.value.range);
            }
            else {
                const parsed = parseSearchCall(call);
                if (!parsed.ok)
                    return (0,loop_prompt/* fillTemplate */.ou)(TOOL_ERROR, { tool: SEARCH, reason: parsed.reason });
                text = await host.search(parsed.value);
            }
            const scrubbed = scrub(text);
            const cut = (0,token_estimate/* truncateToTokens */.Q)(scrubbed, room - 20);
            return cut.length < scrubbed.length ? `${cut}\n… (cut to fit the request size; ask for a narrower range)` : scrubbed || '(empty)';
        }
        catch (error) {
            return (0,loop_prompt/* fillTemplate */.ou)(TOOL_ERROR, { tool: call.name, reason: scrub(error instanceof Error ? error.message : String(error)).slice(0, 500) });
        }
    }
    /**
     * Check held + new edits together (they may touch the same file). All fine and not tried before:
     * done. Otherwise build per-call feedback; the fine new edits are held.
     */
    async function checkProposals(proposals) {
        const feedback = new Map();
        const blockFeedback = [];
        // A re-sent held edit is not applied twice.
        const fresh = proposals.filter((p) => !held.some((h) => sameEdit(h, p.edit)));
        for (const p of proposals) {
            if (!fresh.includes(p)) {
                if (p.callId)
                    feedback.set(p.callId, (0,loop_prompt/* fillTemplate */.ou)(EDIT_HELD, {}));
                else
                    blockFeedback.push(`${p.edit.path}: already kept, do not send it again.`);
            }
        }
        const all = [...held, ...fresh.map((p) => p.edit)];
        lastProposed = all;
        const check = await host.checkEdits(all);
        lastProblems = check.problems;
        if (check.ok && check.problems.length === 0) {
            const tried = findTriedAttempt(all, request.history);
            if (!tried)
                return { done: true, edits: all, feedback, blockFeedback };
            const message = (0,loop_prompt/* fillTemplate */.ou)(EDIT_DUPLICATE, { n: tried.n, feedback: (0,token_estimate/* truncateToTokens */.Q)(scrub(tried.feedback || tried.verdict), 200).trim() });
            for (const p of fresh) {
                if (p.callId)
                    feedback.set(p.callId, message);
            }
            if (fresh.every((p) => !p.callId))
                blockFeedback.push(message);
            // The held edits were part of the repeat too: start over.
            held = [];
            return { done: false, edits: all, feedback, blockFeedback };
        }
        const problemsByIndex = new Map();
        for (const problem of check.problems)
            problemsByIndex.set(problem.index, [...(problemsByIndex.get(problem.index) ?? []), problem]);
        const extra = [];
        const keep = [];
        all.forEach((edit, index) => {
            const problems = problemsByIndex.get(index) ?? [];
            const heldBefore = index < held.length;
            const proposal = heldBefore ? undefined : fresh[index - held.length];
            if (problems.length === 0) {
                keep.push(edit);
                if (proposal?.callId)
                    feedback.set(proposal.callId, (0,loop_prompt/* fillTemplate */.ou)(EDIT_HELD, {}));
                else if (proposal)
                    blockFeedback.push(`${edit.path}: ${(0,loop_prompt/* fillTemplate */.ou)(EDIT_ACCEPTED, { path: edit.path })}`);
                return;
            }
            const text = problems.map((p) => describeProblem(p, edit)).join('\n');
            if (heldBefore)
                extra.push(`An edit of ${edit.path} you sent before no longer applies together with the new ones and was dropped:\n${text}`);
            else if (proposal?.callId)
                feedback.set(proposal.callId, text);
            else
                blockFeedback.push(`${edit.path}: ${text}`);
        });
        held = keep;
        return { done: false, edits: all, feedback, blockFeedback, extra: extra.length > 0 ? extra.join('\n') : undefined };
    }
    function describeProblem(problem, edit) {
        const reason = scrub(problem.message).slice(0, 500);
        if (problem.kind === 'guardrail')
            return (0,loop_prompt/* fillTemplate */.ou)(EDIT_REFUSED, { reason });
        if (problem.kind === 'no-match' || problem.kind === 'ambiguous') {
            const nearest = problem.nearest
                ? (0,loop_prompt/* fillTemplate */.ou)(EDIT_NEAREST, {
                    path: edit.path,
                    line: problem.nearest.startLine,
                    code: fence((0,token_estimate/* truncateToTokens */.Q)(scrub(problem.nearest.text), MAX_NEAREST_TOKENS)),
                })
                : '';
            return (0,loop_prompt/* fillTemplate */.ou)(EDIT_NO_MATCH, { path: edit.path, reason, nearest });
        }
        return (0,loop_prompt/* fillTemplate */.ou)(EDIT_INVALID, { reason: reason.endsWith('.') ? reason : `${reason}.` });
    }
}
/** When the conversation ends without an accepted set: the last full proposal (so the loop records why it was refused), else what was held. */
function fallbackEdits(held, lastProposed) {
    return lastProposed.length > 0 ? lastProposed : held;
}
function sameEdit(a, b) {
    return a.path === b.path && a.oldText === b.oldText && a.newText === b.newText;
}
function fence(code) {
    const longest = Math.max(0, ...Array.from(code.matchAll(/`{3,}/g), (m) => m[0].length));
    const f = '`'.repeat(Math.max(3, longest + 1));
    return `${f}\n${code.replace(/\n$/, '')}\n${f}`;
}
function describeStop(reason) {
    switch (reason) {
        case 'accepted':
            return 'edits checked and accepted';
        case 'corrections-exhausted':
            return 'the model did not correct its edits within the allowed rounds';
        case 'no-edits':
            return 'the model proposed no edit';
        case 'request-cap':
            return 'the request cap of the attempt was reached';
        case 'token-budget':
            return "the attempt's token budget ran out";
        case 'deadline':
            return "the attempt's time budget ran out";
        case 'request-too-large':
            return 'the conversation outgrew the request size limit';
    }
}

;// CONCATENATED MODULE: ./src/repair/chat/chat-provider.ts


/** A RepairProvider that runs one bounded conversation with a chat model per attempt. */
function createChatProvider(name, chat, options) {
    return {
        name,
        model: chat.model,
        maxPromptTokens: (0,loop_prompt/* promptBudgetFor */.Xj)(chat.maxInputTokens),
        propose: (request, host) => runRepairConversation(chat, request, host, { scrub: options.scrub, limits: options.limits }),
    };
}
/** The first non-empty value, trimmed. */
function firstSet(...values) {
    for (const value of values) {
        const trimmed = value?.trim();
        if (trimmed)
            return trimmed;
    }
    return undefined;
}
/** `SELF_HEAL_MAX_REQUEST_TOKENS` overrides a provider's per-request input limit (a local model's context). */
function requestTokenLimit(env, fallback) {
    const raw = env.SELF_HEAL_MAX_REQUEST_TOKENS?.trim();
    if (!raw)
        return fallback;
    const value = Number(raw);
    return Number.isInteger(value) && value >= 2_000 ? value : fallback;
}

;// CONCATENATED MODULE: ./src/repair/providers/openai.ts




/**
 * `--provider openai`: any OpenAI-compatible chat completions endpoint (OpenAI, Azure OpenAI's v1
 * endpoint, Ollama, vLLM, LM Studio, OpenRouter) through `--base-url`.
 */
const OPENAI_DEFAULT_MODEL = 'gpt-4.1-mini';
const KEY_ENV = 'SELF_HEAL_API_KEY or OPENAI_API_KEY';
function createOpenAIProvider(options) {
    const baseUrl = firstSet(options.baseUrl, options.env.OPENAI_BASE_URL) ?? OPENAI_DEFAULT_BASE_URL;
    let host;
    try {
        host = new URL(baseUrl).hostname.toLowerCase();
    }
    catch {
        throw new provider/* ProviderError */.m(`--base-url '${baseUrl}' is not a URL`, 'config', false, 'Give the API base, e.g. https://api.openai.com/v1 or http://localhost:11434/v1.');
    }
    const official = host === 'api.openai.com';
    const apiKey = firstSet(options.apiKey, options.env.SELF_HEAL_API_KEY, options.env.OPENAI_API_KEY);
    // A local server (Ollama, vLLM) usually needs no key; OpenAI itself always does.
    if (!apiKey && official) {
        throw new provider/* ProviderError */.m(`The openai provider needs an API key: set ${KEY_ENV}`, 'config', false, `Set ${KEY_ENV}, or pass --base-url for a server that needs no key.`);
    }
    const model = firstSet(options.model) ?? (official ? OPENAI_DEFAULT_MODEL : undefined);
    if (!model) {
        throw new provider/* ProviderError */.m(`The openai provider needs --model when --base-url points at another server (${host})`, 'config', false, 'Pass --model with a model name that server serves.');
    }
    const scrub = (0,loop_secrets/* createScrubber */.HV)([...(apiKey ? [apiKey] : []), ...(options.secrets ?? [])]);
    const chat = createOpenAIChat({
        baseUrl,
        apiKey: apiKey ?? '',
        model,
        api: { label: official ? 'OpenAI' : `OpenAI-compatible API at ${host}`, keyEnv: KEY_ENV },
        // OpenAI's current models take 128K+ tokens; a local server's context is often much smaller.
        maxInputTokens: requestTokenLimit(options.env, official ? 128_000 : 16_000),
        maxOutputTokens: official ? 8_000 : 4_000,
        retry: options.retry,
        scrub,
    });
    return createChatProvider('openai', chat, { scrub, limits: options.limits });
}

;// CONCATENATED MODULE: ./src/repair/providers/github-models.ts




/**
 * `--provider github-models`: GitHub Models' OpenAI-compatible endpoint with the workflow's
 * `GITHUB_TOKEN` (needs `permissions: models: read`). The free tier takes 8,000 input and 4,000
 * output tokens a request, so the prompt is packed to 5,000 and the conversation kept under 8,000.
 */
const GITHUB_MODELS_BASE_URL = 'https://models.github.ai/inference';
const GITHUB_MODELS_DEFAULT_MODEL = 'openai/gpt-4.1';
const github_models_KEY_ENV = 'GITHUB_TOKEN (or SELF_HEAL_API_KEY)';
const GITHUB_MODELS_FORBIDDEN_HINT = 'GitHub Models refused the token. The workflow needs `permissions: models: read`, and the organisation must have GitHub Models enabled (an organisation without it answers 403 even with the permission). A personal access token needs the `models` permission.';
function createGitHubModelsProvider(options) {
    const token = firstSet(options.apiKey, options.env.SELF_HEAL_API_KEY, options.env.GITHUB_TOKEN, options.env.GH_TOKEN);
    if (!token) {
        throw new provider/* ProviderError */.m(`The github-models provider needs a token: set ${github_models_KEY_ENV}`, 'config', false, 'In a workflow: `env: GITHUB_TOKEN: ${{ secrets.GITHUB_TOKEN }}` with `permissions: models: read`.');
    }
    const baseUrl = firstSet(options.baseUrl) ?? GITHUB_MODELS_BASE_URL;
    const scrub = (0,loop_secrets/* createScrubber */.HV)([token, ...(options.secrets ?? [])]);
    const chat = createOpenAIChat({
        baseUrl,
        apiKey: token,
        model: firstSet(options.model) ?? GITHUB_MODELS_DEFAULT_MODEL,
        api: { label: 'GitHub Models', keyEnv: github_models_KEY_ENV, forbiddenHint: GITHUB_MODELS_FORBIDDEN_HINT },
        maxInputTokens: requestTokenLimit(options.env, 8_000),
        maxOutputTokens: 4_000,
        maxTokensField: 'max_tokens',
        extraHeaders: { accept: 'application/vnd.github+json', 'x-github-api-version': '2022-11-28' },
        retry: options.retry,
        scrub,
    });
    return createChatProvider('github-models', chat, { scrub, limits: options.limits });
}

;// CONCATENATED MODULE: ./src/repair/chat/anthropic-chat.ts

const ANTHROPIC_DEFAULT_BASE_URL = 'https://api.anthropic.com';
const ANTHROPIC_VERSION = '2023-06-01';
function createAnthropicChat(config) {
    // Accept a base URL given with or without the `/v1` suffix.
    const base = config.baseUrl.replace(/\/+$/, '').replace(/\/v1$/, '');
    const url = `${base}/v1/messages`;
    return chatModelFor(config, async (request) => {
        const body = {
            model: config.model,
            max_tokens: request.maxOutputTokens,
            system: request.system,
            messages: toAnthropicMessages(request.messages),
        };
        if (request.tools.length > 0) {
            body.tools = request.tools.map((tool) => ({ name: tool.name, description: tool.description, input_schema: tool.parameters }));
            // `auto`, never a forced tool: current Claude models refuse forced tool use with thinking on.
            body.tool_choice = { type: 'auto' };
        }
        const result = await postChatRequest(config, request, {
            url,
            headers: { 'x-api-key': config.apiKey, 'anthropic-version': ANTHROPIC_VERSION },
            body,
        });
        return parseAnthropicReply(result.json, config);
    });
}
/**
 * Neutral messages → Anthropic messages. Tool results and the text that follows them share one user
 * turn (tool_result blocks first, as the API requires), and consecutive user turns are merged.
 */
function toAnthropicMessages(messages) {
    const out = [];
    const pushUser = (blocks) => {
        const last = out[out.length - 1];
        if (last && last.role === 'user')
            last.content.push(...blocks);
        else
            out.push({ role: 'user', content: blocks });
    };
    for (const message of messages) {
        if (message.role === 'user')
            pushUser([{ type: 'text', text: message.text }]);
        else if (message.role === 'tool') {
            pushUser(message.results.map((r) => ({ type: 'tool_result', tool_use_id: r.toolCallId, content: r.content, ...(r.isError ? { is_error: true } : {}) })));
        }
        else if (Array.isArray(message.raw)) {
            out.push({ role: 'assistant', content: message.raw });
        }
        else {
            const blocks = [];
            if (message.text)
                blocks.push({ type: 'text', text: message.text });
            for (const call of message.toolCalls)
                blocks.push({ type: 'tool_use', id: call.id, name: call.name, input: call.arguments ?? {} });
            out.push({ role: 'assistant', content: blocks.length > 0 ? blocks : [{ type: 'text', text: '(no answer)' }] });
        }
    }
    return out;
}
function parseAnthropicReply(json, config) {
    const bad = (what) => badResponse(config, what, 'Check that --base-url points at the Anthropic Messages API.');
    if (!json || typeof json !== 'object')
        throw bad('a JSON object');
    const root = json;
    if (!Array.isArray(root.content))
        throw bad('a content array');
    const content = root.content;
    let text = '';
    const toolCalls = [];
    for (const block of content.slice(0, 64)) {
        if (!block || typeof block !== 'object')
            continue;
        if (block.type === 'text' && typeof block.text === 'string')
            text += block.text;
        else if (block.type === 'tool_use') {
            const id = typeof block.id === 'string' ? block.id : `toolu_${toolCalls.length + 1}`;
            const name = typeof block.name === 'string' ? block.name : '';
            const input = block.input;
            if (input && typeof input === 'object' && !Array.isArray(input))
                toolCalls.push({ id, name, arguments: input });
            else
                toolCalls.push({ id, name, arguments: undefined, argumentsError: 'the input was not a JSON object' });
        }
        // thinking / redacted_thinking blocks carry no edits; they travel back in `raw`.
    }
    const usage = root.usage;
    if (!usage || typeof usage.input_tokens !== 'number' || typeof usage.output_tokens !== 'number')
        throw bad('usage.input_tokens / output_tokens');
    const cacheRead = typeof usage.cache_read_input_tokens === 'number' ? usage.cache_read_input_tokens : 0;
    const cacheWrite = typeof usage.cache_creation_input_tokens === 'number' ? usage.cache_creation_input_tokens : 0;
    const stop = typeof root.stop_reason === 'string' ? root.stop_reason : 'unknown';
    return {
        text,
        toolCalls,
        usage: { input: usage.input_tokens + cacheRead + cacheWrite, output: usage.output_tokens },
        stopReason: stop === 'end_turn' || stop === 'stop_sequence' ? 'end' : stop,
        raw: content,
    };
}

;// CONCATENATED MODULE: ./src/repair/providers/anthropic.ts




/** `--provider anthropic`: the Anthropic Messages API with tool use. */
/** The current Claude Sonnet (late 2026). */
const ANTHROPIC_DEFAULT_MODEL = 'claude-sonnet-5-5';
const anthropic_KEY_ENV = 'SELF_HEAL_API_KEY or ANTHROPIC_API_KEY';
function createAnthropicProvider(options) {
    const apiKey = firstSet(options.apiKey, options.env.SELF_HEAL_API_KEY, options.env.ANTHROPIC_API_KEY);
    if (!apiKey) {
        throw new provider/* ProviderError */.m(`The anthropic provider needs an API key: set ${anthropic_KEY_ENV}`, 'config', false, `Set ${anthropic_KEY_ENV} (a key from the Anthropic Console).`);
    }
    const scrub = (0,loop_secrets/* createScrubber */.HV)([apiKey, ...(options.secrets ?? [])]);
    const chat = createAnthropicChat({
        baseUrl: firstSet(options.baseUrl, options.env.ANTHROPIC_BASE_URL) ?? ANTHROPIC_DEFAULT_BASE_URL,
        apiKey,
        model: firstSet(options.model) ?? ANTHROPIC_DEFAULT_MODEL,
        api: { label: 'Anthropic API', keyEnv: anthropic_KEY_ENV },
        maxInputTokens: requestTokenLimit(options.env, 150_000),
        maxOutputTokens: 8_000,
        retry: options.retry,
        scrub,
    });
    return createChatProvider('anthropic', chat, { scrub, limits: options.limits });
}

// EXTERNAL MODULE: ./src/repair/builtin/builtin-provider.ts + 28 modules
var builtin_provider = __webpack_require__(2596);
// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(3024);
// EXTERNAL MODULE: external "node:os"
var external_node_os_ = __webpack_require__(8161);
var external_node_os_default = /*#__PURE__*/__webpack_require__.n(external_node_os_);
// EXTERNAL MODULE: ./node_modules/zod/v4/classic/schemas.js + 17 modules
var schemas = __webpack_require__(8816);
// EXTERNAL MODULE: ./src/workspace/run-tests.ts
var run_tests = __webpack_require__(4240);
;// CONCATENATED MODULE: ./src/repair/providers/command.ts
/**
 * The `command` provider: an external agent (aider, a script, anything) edits the work tree in
 * place. It runs `agentCommand` with `sh -c` in the repository root, with `SELF_HEAL_CONTEXT`
 * naming a JSON file (outside the repository) that holds `{attempt, maxAttempts, failures,
 * history, prompt, root}`. The loop then diffs the tree and puts every changed path through the
 * same guardrails as a model's edits; refused changes are rolled back.
 *
 * The agent may write `{"notes": "...", "usage": {"input": n, "output": n}}` to the file named by
 * `SELF_HEAL_RESULT` to report what it did and what it spent (optional, bounded, validated).
 *
 * Secrets: the agent does not inherit the step's credentials. Variables that look like
 * credentials (`*_TOKEN`, `*_API_KEY`, `*SECRET*`, `*PASSWORD*`, …), the action's `INPUT_*`
 * values, the runner's `ACTIONS_*` tokens and any variable whose value is one of the known secret
 * values are removed. An agent that needs a key gets it explicitly: list the variable names in
 * `SELF_HEAL_AGENT_ENV` (comma-separated), e.g. `SELF_HEAL_AGENT_ENV=OPENAI_API_KEY`.
 */







const ALWAYS_DROPPED = /^(INPUT_|ACTIONS_ID_TOKEN_REQUEST_|ACTIONS_RUNTIME_|ACTIONS_CACHE_URL$|ACTIONS_RESULTS_URL$)/;
const MAX_RESULT_BYTES = 64 * 1024;
const LOG_TAIL_CHARS = 2_000;
const AgentResult = schemas/* object */.Ikc({
    notes: schemas/* string */.YjP().max(8_000).optional(),
    usage: schemas/* object */.Ikc({ input: schemas/* number */.aig().int().nonnegative(), output: schemas/* number */.aig().int().nonnegative() }).optional(),
});
/** The agent's environment: the step's, minus credentials, plus what `SELF_HEAL_AGENT_ENV` lists. */
function agentEnvironment(env, secrets = []) {
    const passThrough = new Set((env.SELF_HEAL_AGENT_ENV ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean));
    const secretValues = new Set(secrets.filter((s) => s.length >= 4));
    const out = {};
    for (const [name, value] of Object.entries(env)) {
        if (value === undefined)
            continue;
        if (!passThrough.has(name)) {
            if (loop_secrets/* CREDENTIAL_VARIABLE */.BU.test(name) || ALWAYS_DROPPED.test(name) || secretValues.has(value))
                continue;
        }
        out[name] = value;
    }
    return out;
}
function tail(text) {
    const t = text.trimEnd();
    return t.length > LOG_TAIL_CHARS ? `…${t.slice(-LOG_TAIL_CHARS)}` : t;
}
function readResult(file, host) {
    let size;
    try {
        size = (0,external_node_fs_.statSync)(file).size;
    }
    catch {
        return {};
    }
    if (size > MAX_RESULT_BYTES) {
        host.log(`agent: ignored SELF_HEAL_RESULT (${size} bytes, more than ${MAX_RESULT_BYTES})`);
        return {};
    }
    try {
        const parsed = AgentResult.safeParse(JSON.parse((0,external_node_fs_.readFileSync)(file, 'utf8')));
        if (parsed.success)
            return parsed.data;
        host.log(`agent: ignored SELF_HEAL_RESULT: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
    }
    catch (error) {
        host.log(`agent: ignored SELF_HEAL_RESULT: ${error instanceof Error ? error.message : String(error)}`);
    }
    return {};
}
function createCommandProvider(options) {
    if (!options.agentCommand.trim()) {
        throw new provider/* ProviderError */.m('the command provider needs --agent-command', 'config', false, 'Pass the shell command of your agent, e.g. --agent-command "my-agent fix".');
    }
    const baseEnv = agentEnvironment(options.env, options.secrets);
    return {
        name: 'command',
        async propose(request, host) {
            // Outside the repository: the context must not show up as a change of the tree.
            const dir = (0,external_node_fs_.mkdtempSync)(external_node_path_default().join(external_node_os_default().tmpdir(), 'self-heal-agent-'));
            const contextFile = external_node_path_default().join(dir, 'context.json');
            const resultFile = external_node_path_default().join(dir, 'result.json');
            try {
                (0,external_node_fs_.writeFileSync)(contextFile, JSON.stringify({
                    attempt: request.attempt,
                    maxAttempts: request.maxAttempts,
                    failures: request.failures,
                    history: request.history,
                    prompt: request.prompt,
                    root: host.root,
                }, null, 2));
                const result = await (0,run_tests/* runCommand */.d1)({
                    command: options.agentCommand,
                    cwd: host.root,
                    timeoutMs: options.timeoutMs,
                    env: { ...baseEnv, SELF_HEAL_CONTEXT: contextFile, SELF_HEAL_RESULT: resultFile },
                    maxOutputBytes: options.maxOutputBytes ?? 64 * 1024,
                });
                const seconds = (result.durationMs / 1000).toFixed(1);
                if (result.output.trim())
                    host.log(`agent output (last lines):\n${tail(result.output)}`);
                if (result.timedOut) {
                    throw new provider/* ProviderError */.m(`the agent command timed out after ${Math.round(options.timeoutMs / 1000)}s`, 'server', true, 'Raise --timeout or make the agent faster.');
                }
                if (result.exitCode === 126 || result.exitCode === 127) {
                    throw new provider/* ProviderError */.m(`the agent command could not be run (exit ${result.exitCode}: not found or not executable): ${tail(result.output).slice(-300)}`, 'config', false, 'Check --agent-command: the program must be on PATH in the repository root.');
                }
                if (result.exitCode !== 0) {
                    throw new provider/* ProviderError */.m(`the agent command failed (exit ${result.exitCode ?? `signal ${result.signal}`}) after ${seconds}s: ${tail(result.output).slice(-300)}`, 'bad-response', true);
                }
                const reported = readResult(resultFile, host);
                return {
                    edits: [],
                    editedInPlace: true,
                    usage: reported.usage ?? { input: 0, output: 0 },
                    notes: reported.notes,
                    detail: { agentSeconds: Number(seconds) },
                };
            }
            finally {
                (0,external_node_fs_.rmSync)(dir, { recursive: true, force: true });
            }
        },
    };
}

;// CONCATENATED MODULE: ./src/repair/create-provider.ts






/**
 * The provider factory: HealOptions + environment → one RepairProvider. Missing configuration
 * (key, model, agent command) is a `ProviderError('config')` naming the flag or variable, which the
 * CLI reports with exit status 2 and the action as a failed input.
 */
function createProvider(options, env) {
    const chat = {
        model: options.model,
        baseUrl: options.baseUrl,
        apiKey: options.apiKey,
        env,
        secrets: options.secrets,
    };
    switch (options.provider) {
        case 'openai':
            return createOpenAIProvider(chat);
        case 'github-models':
            return createGitHubModelsProvider(chat);
        case 'anthropic':
            return createAnthropicProvider(chat);
        case 'builtin':
            return (0,builtin_provider/* createBuiltinProvider */.v)(options);
        case 'command':
            return createCommandProviderFor(options, env);
    }
}
function createCommandProviderFor(options, env) {
    const agentCommand = options.agentCommand?.trim();
    if (!agentCommand) {
        throw new provider/* ProviderError */.m('The command provider needs --agent-command (the action input agent-command)', 'config', false, 'Pass the shell command of your agent, e.g. --agent-command "my-agent fix".');
    }
    // The agent gets the per-test-run timeout; the loop's deadline bounds the attempt as a whole.
    return createCommandProvider({ agentCommand, timeoutMs: options.timeoutSeconds * 1000, env, secrets: [...(options.apiKey ? [options.apiKey] : []), ...options.secrets] });
}

// EXTERNAL MODULE: ./src/frames/frames-text.ts
var frames_text = __webpack_require__(7172);
// EXTERNAL MODULE: ./src/workspace/tree-state.ts
var tree_state = __webpack_require__(2349);
// EXTERNAL MODULE: ./src/cli/args.ts
var args = __webpack_require__(7593);
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
    provider: { type: 'string', expects: heal_options/* ProviderName */.Jd.options.join('|') },
    model: { type: 'string', expects: '<name>' },
    'base-url': { type: 'string', expects: '<url>' },
    'agent-command': { type: 'string', expects: '<shell command>' },
    'rerun-command': { type: 'string', expects: '<template>' },
    protect: { type: 'string', multiple: true, expects: '<glob>' },
    allow: { type: 'string', multiple: true, expects: '<glob>' },
    timeout: { type: 'string', expects: '<seconds>' },
    'max-tokens': { type: 'string', expects: '<total>' },
    'max-seconds': { type: 'string', expects: '<seconds>' },
    report: { type: 'string', expects: '<path.json>' },
    'no-commit': { type: 'boolean' },
    'allow-dirty': { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
};
const HELP = `usage: self-heal run --test-command "<shell command>" [options]

Reproduces the failing tests, asks a repair provider for a fix, verifies it with the real tests
(the failing ones must pass, every passing one must still pass) and commits it on HEAD.

${(0,args/* describeFlags */.Jv)(FLAGS, {
    'test-command': 'the command that runs your tests (required); it must write JUnit XML',
    junit: 'JUnit report glob(s) the test command writes, relative to --cwd; repeatable',
    log: 'a log of the failed run, for richer failure frames',
    cwd: 'the directory to run in, inside a git work tree (default: the current directory)',
    'max-attempts': `repair attempts (default 3, at most ${heal_options/* MAX_ATTEMPTS_HARD_CAP */.TQ})`,
    provider: 'who proposes fixes (default builtin: offline, no key)',
    model: 'the model name for openai, github-models or anthropic',
    'base-url': 'an OpenAI-compatible endpoint (Azure, Ollama, vLLM, OpenRouter…)',
    'agent-command': 'for --provider command: your agent, run in the repository root',
    'rerun-command': 'template for targeted reruns: {tests}, {files}, {pattern} (shell-quoted)',
    protect: 'glob of files never to edit (beats --allow); repeatable',
    allow: 'glob of default-protected files that may be edited; repeatable',
    timeout: 'seconds per test run (default 600)',
    'max-tokens': 'total tokens over all attempts (default 200000)',
    'max-seconds': 'wall-clock budget of the whole run (default 1800)',
    report: 'write the JSON report (HealReport) here',
    'no-commit': 'leave the fix in the work tree instead of committing it',
    'allow-dirty': 'run even with uncommitted changes (they are kept; the fix is not committed)',
    help: 'show this help',
})}

The API key comes from SELF_HEAL_API_KEY, or the provider's usual variable (OPENAI_API_KEY,
ANTHROPIC_API_KEY, GITHUB_TOKEN). The command provider's agent does not inherit credentials;
list the variables it needs in SELF_HEAL_AGENT_ENV.

Exit status: 0 healed or nothing to heal, 1 not healed, 2 bad usage or configuration.
`;
const KEY_VARIABLES = {
    openai: ['OPENAI_API_KEY'],
    anthropic: ['ANTHROPIC_API_KEY'],
    'github-models': ['GITHUB_TOKEN', 'GH_TOKEN'],
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
    const provider = (0,args/* oneOf */.yL)('provider', flags.provider, heal_options/* ProviderName */.Jd.options, 'builtin');
    const baseUrl = nonEmpty('base-url', flags['base-url'], 'a URL');
    if (baseUrl !== undefined && !URL.canParse(baseUrl))
        throw new usage_error/* UsageError */.e(`--base-url expects a URL, got ${JSON.stringify(baseUrl)}`);
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
        rerunCommand: nonEmpty('rerun-command', flags['rerun-command'], 'a command template'),
        protect: flags.protect ?? [],
        allow: flags.allow ?? [],
        timeoutSeconds: seconds('timeout', flags.timeout),
        maxTokens: integer('max-tokens', flags['max-tokens'], 1, Number.MAX_SAFE_INTEGER, 'a positive integer'),
        maxSeconds: seconds('max-seconds', flags['max-seconds']),
        reportPath: nonEmpty('report', flags.report, 'a <path.json>'),
        commit: !flags['no-commit'],
        allowDirty: flags['allow-dirty'] ?? false,
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
        info: (m) => io.stderr(`${(0,frames_text/* terminalSafe */.k)(m, true)}\n`),
        warn: (m) => io.stderr(`warning: ${(0,frames_text/* terminalSafe */.k)(m, true)}\n`),
        group: async (name, fn) => {
            io.stderr(`\n▸ ${(0,frames_text/* terminalSafe */.k)(name)}\n`);
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
    unsafe: 2,
    'config-error': 2,
};
/** The compact human summary printed at the end. */
function renderSummary(report) {
    const safe = (t) => (0,frames_text/* terminalSafe */.k)(t);
    const lines = [`self-heal: ${report.result} — ${(0,frames_text/* terminalSafe */.k)(report.reason, true)}`];
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
        const files = a.files.length ? ` [${a.files.slice(0, 3).map(safe).join(', ')}${a.files.length > 3 ? ', …' : ''}]` : '';
        const why = a.feedback ? ` — ${safe(a.feedback.split('\n')[0]).slice(0, 160)}` : '';
        lines.push(`attempt ${a.n}: ${a.verdict}${files} ${(a.durationMs / 1000).toFixed(1)}s${why}`);
    }
    if (report.flaky.length)
        lines.push(`flaky (passed on rerun): ${report.flaky.slice(0, 5).map(safe).join(', ')}${report.flaky.length > 5 ? ', …' : ''}`);
    if (report.tokens.input + report.tokens.output > 0)
        lines.push(`tokens: ${report.tokens.input} in, ${report.tokens.output} out`);
    if (report.commit)
        lines.push(`commit: ${report.commit.sha.slice(0, 12)} ${safe(report.commit.message.split('\n')[0])}`);
    if (report.reproduce)
        lines.push(`reproduce: ${safe(report.reproduce)}`);
    if (report.diff)
        lines.push('', (0,frames_text/* terminalSafe */.k)(report.diff, true).trimEnd());
    return `${lines.join('\n')}\n`;
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
                note = `restored ${restored.length} path(s) of the work tree`;
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
        const report = await (0,heal/* heal */.Rz)(options, { logger, createProvider: (o) => createProvider(o, io.env), env: io.env });
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
