export const id = 711;
export const ids = [711];
export const modules = {

/***/ 7711:
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
// EXTERNAL MODULE: ./src/heal.ts + 22 modules
var heal = __webpack_require__(8729);
// EXTERNAL MODULE: ./src/repair/provider.ts
var provider = __webpack_require__(3716);
// EXTERNAL MODULE: ./src/text/secrets.ts
var secrets = __webpack_require__(9690);
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
            const code = typeof inner.code === 'string'
                ? inner.code
                : typeof details.error_code === 'string'
                    ? details.error_code
                    : undefined;
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
 * HTTP date), and only for a 429 (`rateLimited`) the reset times of the limits:
 * `x-ratelimit-reset-requests` / `-tokens` (OpenAI durations like `1s`, `6m0s`, `20ms`),
 * `anthropic-ratelimit-*-reset` (RFC 3339 times), `x-ratelimit-reset` (GitHub: epoch seconds). A 5xx
 * carries those too, but they say when a limit refills, not when the server is back.
 */
function retryAfterMs(headers, now = Date.now(), rateLimited = true) {
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
    if (candidates.length === 0 && rateLimited) {
        for (const name of ['x-ratelimit-reset-requests', 'x-ratelimit-reset-tokens']) {
            const value = headers.get(name);
            const parsed = value ? parseDuration(value) : undefined;
            if (parsed !== undefined)
                candidates.push(parsed);
        }
        for (const name of [
            'anthropic-ratelimit-requests-reset',
            'anthropic-ratelimit-tokens-reset',
            'anthropic-ratelimit-input-tokens-reset',
            'anthropic-ratelimit-output-tokens-reset',
        ]) {
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
    const wait = retryAfterMs(headers, Date.now(), status === 429);
    if (status === 401) {
        return {
            error: make('auth', false, `The API key was refused: set ${api.keyEnv} to a valid key for ${api.label}.`),
            retry: false,
        };
    }
    if (status === 402) {
        return {
            error: make('forbidden', false, `${api.label} says the account cannot pay for requests: check its billing.`),
            retry: false,
        };
    }
    if (status === 403) {
        return {
            error: make('forbidden', false, api.forbiddenHint ??
                `The key is valid but may not use this model or endpoint: check its permissions for --model ${context.model}.`),
            retry: false,
        };
    }
    if (status === 410) {
        // GitHub Models answers every request so since its retirement (2026-07-30), with a message that
        // still says "temporarily unavailable": it is permanent, and no retry or other model helps.
        return {
            error: new provider/* ProviderError */.m(`${api.label} answered HTTP 410 Gone: this service has been retired${said ? ` (it said: ${said})` : ''}`, 'config', false, 'Choose another provider: copilot (the workflow token with `permissions: copilot-requests: write`), openai, anthropic, or builtin.', status),
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
            error: make('model', false, `The model '${context.model}' is unknown or retired here: set model (--model) to one this endpoint serves.`),
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
    // The SDKs' default for a non-streaming request: a long answer from a thinking model takes minutes.
    requestTimeoutMs: 600_000,
};
/** A server's wait longer than this is not taken as is: the backoff is used instead (as the SDKs do). */
const MAX_SERVER_WAIT_MS = 60_000;
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
            throw (lastError ??
                new provider/* ProviderError */.m(`${options.api.label}: the attempt's time budget ran out before the request was sent`, 'network', false, 'Raise --max-seconds or --timeout.'));
        }
        const outcome = await tryOnce(options, payload);
        if (outcome.ok)
            return { json: outcome.json, status: outcome.status, tries: attempt + 1 };
        lastError = outcome.error;
        if (!outcome.retry || attempt === options.retry.maxRetries)
            break;
        const backoff = Math.min(options.retry.maxDelayMs, options.retry.baseDelayMs * 2 ** attempt);
        // "Equal jitter": half fixed, half random, so synchronized clients spread out but never retry at once.
        const asked = outcome.retryAfterMs;
        const ownWait = asked === undefined || asked > MAX_SERVER_WAIT_MS;
        let delay = ownWait ? backoff / 2 + (random() * backoff) / 2 : asked;
        delay = Math.max(0, Math.round(delay));
        if (waited + delay > options.retry.maxTotalWaitMs)
            break;
        if (options.deadline !== undefined && Date.now() + delay >= options.deadline)
            break;
        options.log?.(`${options.api.label}: ${outcome.error.message}; retrying in ${(delay / 1000).toFixed(1)} s (retry ${attempt + 1} of ${options.retry.maxRetries})${asked !== undefined && ownWait ? `, not the ${Math.ceil(asked / 1000)} s it asked for` : ''}`);
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
        // The server's own say wins over the status, as in both SDKs.
        const should = response.headers.get('x-should-retry');
        const retry = should === 'true' ? true : should === 'false' ? false : decision.retry;
        return { ok: false, error: decision.error, retry, retryAfterMs: decision.retryAfterMs };
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

// EXTERNAL MODULE: ./src/text/token-estimate.ts
var token_estimate = __webpack_require__(929);
;// CONCATENATED MODULE: ./src/repair/chat/openai-chat.ts



const OPENAI_DEFAULT_BASE_URL = 'https://api.openai.com/v1';
function createOpenAIChat(config) {
    const url = `${config.baseUrl.replace(/\/+$/, '')}/chat/completions`;
    const host = safeHost(config.baseUrl);
    let tokensField = config.maxTokensField ??
        (host === 'api.openai.com' || host.endsWith('.openai.azure.com') ? 'max_completion_tokens' : 'max_tokens');
    let reasoningEffort = config.reasoningEffort;
    const headers = { authorization: `Bearer ${config.apiKey}`, ...config.extraHeaders };
    // Azure OpenAI takes its keys in `api-key`; sending both is harmless elsewhere but only done there.
    if (host.endsWith('.azure.com'))
        headers['api-key'] = config.apiKey;
    return chatModelFor(config, async (request) => {
        const send = () => postChatRequest(config, request, {
            url,
            headers,
            body: buildBody(config.model, request, tokensField, reasoningEffort),
        });
        // Each refused optional field is given up once: at most two fields, so at most three tries.
        for (let fallbacks = 0;; fallbacks++) {
            try {
                return parseReply((await send()).json, config, request);
            }
            catch (error) {
                if (!(error instanceof provider/* ProviderError */.m) || error.kind !== 'bad-request' || fallbacks >= 2)
                    throw error;
                if (reasoningEffort !== undefined && error.message.includes('reasoning_effort')) {
                    config.log?.(`${config.api.label}: the server does not take 'reasoning_effort'; sending none`);
                    reasoningEffort = undefined;
                }
                else if (error.message.includes(tokensField)) {
                    const other = tokensField === 'max_tokens' ? 'max_completion_tokens' : 'max_tokens';
                    config.log?.(`${config.api.label}: the server does not take '${tokensField}'; using '${other}'`);
                    tokensField = other;
                }
                else
                    throw error;
            }
        }
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
            // `null` content is valid only beside tool calls: an answer with neither (stopped at the length
            // limit, filtered, refused) replayed as null is a 400, so it goes back as an empty string.
            const wire = {
                role: 'assistant',
                content: message.toolCalls.length > 0 ? message.text || null : message.text,
            };
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
function buildBody(model, request, tokensField, reasoningEffort) {
    const body = {
        model,
        messages: toOpenAIMessages(request.system, request.messages),
        [tokensField]: request.maxOutputTokens,
        ...(reasoningEffort !== undefined ? { reasoning_effort: reasoningEffort } : {}),
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
        stopReason: finish === 'stop'
            ? 'end'
            : finish === 'tool_calls' || finish === 'function_call'
                ? 'tool_use'
                : finish === 'length'
                    ? 'max_tokens'
                    : finish,
    };
}
function contentPartsText(content) {
    if (!Array.isArray(content))
        return '';
    return content
        .map((part) => part && typeof part === 'object' && typeof part.text === 'string'
        ? part.text
        : '')
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
        return {
            id,
            name,
            arguments: args === '' || args === undefined ? {} : undefined,
            argumentsError: args === '' || args === undefined ? undefined : 'the arguments were not a JSON object',
        };
    }
    try {
        const parsed = JSON.parse(args);
        if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
            return { id, name, arguments: parsed };
        return { id, name, arguments: undefined, argumentsError: 'the arguments were JSON but not an object' };
    }
    catch (error) {
        return {
            id,
            name,
            arguments: undefined,
            argumentsError: `the arguments were not valid JSON (${error.message.slice(0, 120)})`,
        };
    }
}

// EXTERNAL MODULE: ./src/repair/prompt.ts + 2 modules
var repair_prompt = __webpack_require__(3434);
;// CONCATENATED MODULE: ./src/repair/prompts/repair-feedback.ts
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

;// CONCATENATED MODULE: ./src/repair/prompts/repair-tools.ts
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
        return {
            ok: false,
            reason: `old_text and new_text must each be under ${MAX_EDIT_TEXT / 1024} KiB: make smaller, targeted edits.`,
        };
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
    const toLine = (v) => typeof v === 'number' && Number.isFinite(v)
        ? Math.max(1, Math.floor(v))
        : typeof v === 'string' && /^\d+$/.test(v)
            ? Math.max(1, Number(v))
            : undefined;
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
        const cleaned = cleanPath(line
            .replace(/^#+\s*/, '')
            .replace(/^(file|path)\s*:\s*/i, '')
            .replace(/^\*+|\*+$/g, '')
            .replace(/:$/, ''));
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
        while (tail < before.length - head &&
            tail < after.length - head &&
            before[before.length - 1 - tail] === after[after.length - 1 - tail])
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

;// CONCATENATED MODULE: ./src/repair/chat/edit-feedback.ts



/**
 * What a model is told about one edit that was not applied: refused by a guardrail, or not matching
 * with the file's nearest real lines. Shared by the chat conversation and the Copilot session.
 */
const MAX_NEAREST_TOKENS = 300;
function describeEditProblem(problem, edit, scrub) {
    const reason = scrub(problem.message).slice(0, 500);
    if (problem.kind === 'guardrail')
        return (0,repair_prompt/* fillTemplate */.ou)(EDIT_REFUSED, { reason });
    if (problem.kind === 'no-match' || problem.kind === 'ambiguous') {
        const nearest = problem.nearest
            ? (0,repair_prompt/* fillTemplate */.ou)(EDIT_NEAREST, {
                path: edit.path,
                line: problem.nearest.startLine,
                code: fence((0,token_estimate/* truncateToTokens */.Q)(scrub(problem.nearest.text), MAX_NEAREST_TOKENS)),
            })
            : '';
        return (0,repair_prompt/* fillTemplate */.ou)(EDIT_NO_MATCH, { path: edit.path, reason, nearest });
    }
    return (0,repair_prompt/* fillTemplate */.ou)(EDIT_INVALID, { reason: reason.endsWith('.') ? reason : `${reason}.` });
}
/** A code fence longer than any backtick run inside the code, so the code cannot close it. */
function fence(code) {
    const longest = Math.max(0, ...Array.from(code.matchAll(/`{3,}/g), (m) => m[0].length));
    const f = '`'.repeat(Math.max(3, longest + 1));
    return `${f}\n${code.replace(/\n$/, '')}\n${f}`;
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
/** The driver: request → record the reply → answer its tool calls or its text, until an end. */
async function runRepairConversation(chat, request, host, options) {
    const c = startConversation(chat, request, host, options);
    while (c.requests < c.limits.maxRequests) {
        const room = checkRoom(c);
        if ('stop' in room)
            return finish(c, room);
        const reply = await requestReply(c, room);
        if (reply === 'tools-refused')
            continue;
        if ('stop' in reply)
            return finish(c, reply);
        recordReply(c, reply);
        const end = reply.toolCalls.length > 0 ? await answerToolCalls(c, reply) : await answerText(c, reply);
        if (end)
            return finish(c, end);
    }
    return finish(c, { stop: 'request-cap', edits: fallbackEdits(c) });
}
function startConversation(chat, request, host, options) {
    return {
        chat,
        request,
        host,
        options,
        limits: { ...DEFAULT_CONVERSATION_LIMITS, ...options.limits },
        scrub: options.scrub,
        tools: REPAIR_TOOLS,
        toolsCost: (0,token_estimate/* estimateTokens */.b)(JSON.stringify(REPAIR_TOOLS)),
        messages: [{ role: 'user', text: request.prompt.user }],
        usage: { input: 0, output: 0 },
        held: [],
        lastProposed: [],
        lastProblems: [],
        toolCalls: 0,
        corrections: 0,
        requests: 0,
        notes: '',
    };
}
function conversationTokens(c) {
    return (0,token_estimate/* estimateTokens */.b)(c.request.prompt.system) + (0,token_estimate/* estimateTokens */.b)(JSON.stringify(c.messages)) + c.toolsCost;
}
/** The answer, with the conversation's account in its detail, and one log line. */
function finish(c, end) {
    const { chat, requests, toolCalls, corrections } = c;
    c.host.log(`${chat.provider} ${chat.model}: ${requests} request(s), ${toolCalls} read/search call(s), ${corrections} correction(s); ${describeStop(end.stop)}`);
    return {
        edits: end.edits,
        usage: c.usage,
        notes: c.notes ? c.notes.slice(0, MAX_NOTES_CHARS) : undefined,
        detail: {
            provider: chat.provider,
            model: chat.model,
            requests,
            toolCalls,
            corrections,
            stop: end.stop,
            ...(c.lastProblems.length > 0 && end.edits.length > 0 && end.stop !== 'accepted'
                ? {
                    problems: c.lastProblems.map((p) => ({ path: p.path, kind: p.kind, message: p.message.slice(0, 300) })),
                }
                : {}),
        },
    };
}
/** The attempt's time, the request size limit and the token budget, checked before every request. */
function checkRoom(c) {
    const { chat, request } = c;
    const now = Date.now();
    if (now >= request.budget.deadline)
        return { stop: 'deadline', edits: c.held };
    const inputEstimate = conversationTokens(c);
    if (inputEstimate > chat.maxInputTokens)
        return { stop: 'request-too-large', edits: fallbackEdits(c) };
    if (c.usage.input + inputEstimate > request.budget.inputTokens)
        return { stop: 'token-budget', edits: fallbackEdits(c) };
    const maxOutputTokens = Math.min(chat.maxOutputTokens, request.budget.outputTokens - c.usage.output);
    if (maxOutputTokens < MIN_OUTPUT_TOKENS)
        return { stop: 'token-budget', edits: fallbackEdits(c) };
    return { now, maxOutputTokens };
}
/** One request, bounded by the attempt's deadline; a server that refuses tools is asked again without. */
async function requestReply(c, room) {
    const { chat, request, options } = c;
    // The loop's deadline can be fractional (averaged run times); AbortSignal.timeout takes whole ms only.
    const timeout = AbortSignal.timeout(Math.max(1, Math.ceil(request.budget.deadline - room.now)));
    const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
    c.requests++;
    try {
        return await chat.complete({
            system: request.prompt.system,
            messages: c.messages,
            tools: c.tools,
            maxOutputTokens: room.maxOutputTokens,
            signal,
            deadline: request.budget.deadline,
            log: (m) => c.host.log(m),
        });
    }
    catch (error) {
        // The deadline fired mid-request: the attempt is over, not the run.
        if (timeout.aborted && !options.signal?.aborted && error instanceof provider/* ProviderError */.m)
            return { stop: 'deadline', edits: c.held };
        // Ollama and some proxies refuse `tools` for models without tool calling: fall back to
        // SEARCH/REPLACE blocks in text, which the system prompt already describes.
        if (error instanceof provider/* ProviderError */.m &&
            error.kind === 'bad-request' &&
            c.tools.length > 0 &&
            /\btools?\b|function.?call/i.test(error.message)) {
            c.host.log(`${chat.provider} ${chat.model}: the server refused tool calling (${error.message.slice(0, 160)}); asking for SEARCH/REPLACE blocks instead`);
            c.tools = [];
            c.toolsCost = 0;
            c.messages.push({ role: 'user', text: TOOLS_UNAVAILABLE });
            return 'tools-refused';
        }
        throw error;
    }
}
function recordReply(c, reply) {
    c.usage.input += reply.usage.input;
    c.usage.output += reply.usage.output;
    if (reply.text.trim())
        c.notes = `${c.notes}${c.notes ? '\n' : ''}${reply.text.trim()}`.slice(0, MAX_NOTES_CHARS);
    c.messages.push({ role: 'assistant', text: reply.text, toolCalls: reply.toolCalls, raw: reply.raw });
}
/** Reads and searches are answered; proposed edits are checked together, with feedback per call. */
async function answerToolCalls(c, reply) {
    const results = new Map();
    const proposals = [];
    for (const call of reply.toolCalls) {
        if (call.name === REPLACE_IN_FILE) {
            const parsed = parseReplaceCall(call);
            if (parsed.ok)
                proposals.push({ edit: parsed.value, callId: call.id });
            else
                results.set(call.id, (0,repair_prompt/* fillTemplate */.ou)(EDIT_INVALID, { reason: parsed.reason }));
            continue;
        }
        results.set(call.id, await runReadTool(c, call));
    }
    const toolResults = () => reply.toolCalls.map((call) => ({ toolCallId: call.id, content: results.get(call.id) ?? '' }));
    if (proposals.length === 0) {
        if (results.size > 0 && [...results.values()].some((r) => r.startsWith('NOT APPLIED')))
            c.corrections++;
        if (c.corrections > c.limits.maxCorrections)
            return { stop: 'corrections-exhausted', edits: fallbackEdits(c) };
        c.messages.push({ role: 'tool', results: toolResults() });
        return undefined;
    }
    const outcome = await checkProposals(c, proposals);
    if (outcome.done)
        return { stop: 'accepted', edits: outcome.edits };
    for (const [id, text] of outcome.feedback)
        results.set(id, text);
    c.corrections++;
    if (c.corrections > c.limits.maxCorrections)
        return { stop: 'corrections-exhausted', edits: outcome.edits };
    c.messages.push({ role: 'tool', results: toolResults() });
    if (outcome.extra)
        c.messages.push({ role: 'user', text: outcome.extra });
    return undefined;
}
/** No tool calls: SEARCH/REPLACE blocks in the text, or nothing (the model is nudged, a bounded number of times). */
async function answerText(c, reply) {
    const blocks = parseSearchReplaceBlocks(reply.text);
    if (blocks.edits.length > 0) {
        const outcome = await checkProposals(c, blocks.edits.map((edit) => ({ edit })));
        if (outcome.done && blocks.errors.length === 0)
            return { stop: 'accepted', edits: outcome.edits };
        if (outcome.done) {
            // The readable blocks are fine; keep them while the broken ones are re-sent.
            c.held = outcome.edits;
            outcome.blockFeedback.push(...outcome.edits.map((e) => `${e.path}: ${(0,repair_prompt/* fillTemplate */.ou)(EDIT_ACCEPTED, { path: e.path })}`));
        }
        c.corrections++;
        if (c.corrections > c.limits.maxCorrections)
            return { stop: 'corrections-exhausted', edits: outcome.edits };
        const lines = [...outcome.blockFeedback, ...blocks.errors].map((l) => `- ${l}`).join('\n');
        c.messages.push({
            role: 'user',
            text: (0,repair_prompt/* fillTemplate */.ou)(TEXT_BLOCKS_FEEDBACK, { results: lines }) + (outcome.extra ? `\n${outcome.extra}` : ''),
        });
        return undefined;
    }
    if (c.held.length > 0)
        return { stop: 'accepted', edits: c.held };
    c.corrections++;
    if (c.corrections > c.limits.maxCorrections)
        return { stop: 'no-edits', edits: [] };
    c.messages.push({
        role: 'user',
        text: blocks.errors.length > 0 ? `${blocks.errors.join('\n')}\n${NO_EDITS_NUDGE}` : NO_EDITS_NUDGE,
    });
    return undefined;
}
/** read_file / search / unknown tools, within the per-attempt cap and the request size limit. */
async function runReadTool(c, call) {
    const { limits, host, scrub } = c;
    if (call.name !== READ_FILE && call.name !== SEARCH)
        return (0,repair_prompt/* fillTemplate */.ou)(TOOL_UNKNOWN, { name: call.name.slice(0, 60) });
    if (c.toolCalls >= limits.maxToolCalls)
        return (0,repair_prompt/* fillTemplate */.ou)(TOOL_CAP_REACHED, { cap: limits.maxToolCalls });
    const room = Math.min(limits.maxToolResultTokens, c.chat.maxInputTokens - conversationTokens(c) - REQUEST_MARGIN_TOKENS);
    if (room < 100)
        return TOOL_NO_ROOM;
    c.toolCalls++;
    try {
        let text;
        if (call.name === READ_FILE) {
            const parsed = parseReadCall(call);
            if (!parsed.ok)
                return (0,repair_prompt/* fillTemplate */.ou)(TOOL_ERROR, { tool: READ_FILE, reason: parsed.reason });
            text = await host.readFile(parsed.value.path, parsed.value.range);
        }
        else {
            const parsed = parseSearchCall(call);
            if (!parsed.ok)
                return (0,repair_prompt/* fillTemplate */.ou)(TOOL_ERROR, { tool: SEARCH, reason: parsed.reason });
            text = await host.search(parsed.value);
        }
        const scrubbed = scrub(text);
        const cut = (0,token_estimate/* truncateToTokens */.Q)(scrubbed, room - 20);
        return cut.length < scrubbed.length
            ? `${cut}\n… (cut to fit the request size; ask for a narrower range)`
            : scrubbed || '(empty)';
    }
    catch (error) {
        return (0,repair_prompt/* fillTemplate */.ou)(TOOL_ERROR, {
            tool: call.name,
            reason: scrub(error instanceof Error ? error.message : String(error)).slice(0, 500),
        });
    }
}
/**
 * Check held + new edits together (they may touch the same file). All fine and not tried before:
 * done. Otherwise build per-call feedback; the fine new edits are held.
 */
async function checkProposals(c, proposals) {
    const feedback = new Map();
    const blockFeedback = [];
    // A re-sent held edit is not applied twice.
    const fresh = proposals.filter((p) => !c.held.some((h) => sameEdit(h, p.edit)));
    for (const p of proposals) {
        if (!fresh.includes(p)) {
            if (p.callId)
                feedback.set(p.callId, (0,repair_prompt/* fillTemplate */.ou)(EDIT_HELD, {}));
            else
                blockFeedback.push(`${p.edit.path}: already kept, do not send it again.`);
        }
    }
    const all = [...c.held, ...fresh.map((p) => p.edit)];
    c.lastProposed = all;
    const check = await c.host.checkEdits(all);
    c.lastProblems = check.problems;
    if (check.ok && check.problems.length === 0) {
        const tried = findTriedAttempt(all, c.request.history);
        if (!tried)
            return { done: true, edits: all, feedback, blockFeedback };
        const message = (0,repair_prompt/* fillTemplate */.ou)(EDIT_DUPLICATE, {
            n: tried.n,
            feedback: (0,token_estimate/* truncateToTokens */.Q)(c.scrub(tried.feedback || tried.verdict), 200).trim(),
        });
        for (const p of fresh) {
            if (p.callId)
                feedback.set(p.callId, message);
        }
        if (fresh.every((p) => !p.callId))
            blockFeedback.push(message);
        // The held edits were part of the repeat too: start over.
        c.held = [];
        return { done: false, edits: all, feedback, blockFeedback };
    }
    return sortProblems(c, { all, fresh, problems: check.problems, feedback, blockFeedback });
}
/** Per edit of a refused set: fine ones are held, the others answered with their problems and nearest lines. */
function sortProblems(c, checked) {
    const { all, fresh, feedback, blockFeedback } = checked;
    const problemsByIndex = new Map();
    for (const problem of checked.problems)
        problemsByIndex.set(problem.index, [...(problemsByIndex.get(problem.index) ?? []), problem]);
    const extra = [];
    const keep = [];
    all.forEach((edit, index) => {
        const problems = problemsByIndex.get(index) ?? [];
        const heldBefore = index < c.held.length;
        const proposal = heldBefore ? undefined : fresh[index - c.held.length];
        if (problems.length === 0) {
            keep.push(edit);
            if (proposal?.callId)
                feedback.set(proposal.callId, (0,repair_prompt/* fillTemplate */.ou)(EDIT_HELD, {}));
            else if (proposal)
                blockFeedback.push(`${edit.path}: ${(0,repair_prompt/* fillTemplate */.ou)(EDIT_ACCEPTED, { path: edit.path })}`);
            return;
        }
        const text = problems.map((p) => describeEditProblem(p, edit, c.scrub)).join('\n');
        if (heldBefore)
            extra.push(`An edit of ${edit.path} you sent before no longer applies together with the new ones and was dropped:\n${text}`);
        else if (proposal?.callId)
            feedback.set(proposal.callId, text);
        else
            blockFeedback.push(`${edit.path}: ${text}`);
    });
    c.held = keep;
    return { done: false, edits: all, feedback, blockFeedback, extra: extra.length > 0 ? extra.join('\n') : undefined };
}
/** When the conversation ends without an accepted set: the last full proposal (so the loop records why it was refused), else what was held. */
function fallbackEdits(c) {
    return c.lastProposed.length > 0 ? c.lastProposed : c.held;
}
function sameEdit(a, b) {
    return a.path === b.path && a.oldText === b.oldText && a.newText === b.newText;
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
        maxPromptTokens: (0,repair_prompt/* promptBudgetFor */.Xj)(chat.maxInputTokens),
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
/**
 * Checked 2026-12-01 on OpenAI's deprecations page: gpt-4.1-mini (the default until then) shuts down
 * on 2027-01-14 and OpenAI names gpt-6-luna as its replacement.
 */
const OPENAI_DEFAULT_MODEL = 'gpt-6-luna';
/**
 * GPT-6 models take function calls on chat completions only with `reasoning_effort: none` (OpenAI's
 * model page for gpt-6-luna, checked 2026-12-01); older models refuse the field, so it is sent only
 * to these.
 */
function reasoningEffortFor(official, model) {
    return official && /^gpt-6/.test(model) ? 'none' : undefined;
}
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
    const scrub = (0,secrets/* createScrubber */.HV)([...(apiKey ? [apiKey] : []), ...(options.secrets ?? [])]);
    const chat = createOpenAIChat({
        baseUrl,
        apiKey: apiKey ?? '',
        model,
        api: { label: official ? 'OpenAI' : `OpenAI-compatible API at ${host}`, keyEnv: KEY_ENV },
        // OpenAI's current models take 128K+ tokens; a local server's context is often much smaller.
        maxInputTokens: requestTokenLimit(options.env, official ? 128_000 : 16_000),
        maxOutputTokens: official ? 8_000 : 4_000,
        reasoningEffort: reasoningEffortFor(official, model),
        retry: options.retry,
        scrub,
    });
    return createChatProvider('openai', chat, { scrub, limits: options.limits });
}

;// CONCATENATED MODULE: ./src/repair/chat/anthropic-chat.ts


const ANTHROPIC_DEFAULT_BASE_URL = 'https://api.anthropic.com';
const ANTHROPIC_VERSION = '2023-06-01';
function createAnthropicChat(config) {
    // Accept a base URL given with or without the `/v1` suffix.
    const base = config.baseUrl.replace(/\/+$/, '').replace(/\/v1$/, '');
    const url = `${base}/v1/messages`;
    let effort = config.effort;
    const send = async (request, effortNow) => {
        const body = {
            model: config.model,
            max_tokens: request.maxOutputTokens,
            system: request.system,
            messages: toAnthropicMessages(request.messages),
            ...(effortNow ? { output_config: { effort: effortNow } } : {}),
        };
        if (request.tools.length > 0) {
            body.tools = request.tools.map((tool) => ({
                name: tool.name,
                description: tool.description,
                input_schema: tool.parameters,
            }));
            // `auto`, never a forced tool: current Claude models refuse forced tool use with thinking on.
            body.tool_choice = { type: 'auto' };
        }
        const result = await postChatRequest(config, request, {
            url,
            headers: { 'x-api-key': config.apiKey, 'anthropic-version': ANTHROPIC_VERSION },
            body,
        });
        return parseAnthropicReply(result.json, config);
    };
    const sendOnce = async (request, effortNow) => {
        try {
            return await send(request, effortNow);
        }
        catch (error) {
            if (!effortNow || !(error instanceof provider/* ProviderError */.m) || error.kind !== 'bad-request')
                throw error;
            if (!/output_config|effort/.test(error.message))
                throw error;
            (request.log ?? config.log)?.(`${config.api.label}: the server does not take 'output_config.effort'; sending none`);
            effort = undefined;
            return send(request, undefined);
        }
    };
    return chatModelFor(config, async (request) => {
        const reply = await sendOnce(request, effort);
        if (!spentOnThinking(reply))
            return reply;
        // The whole output limit went into thinking: no text, no tool call. Said once in the log, then
        // asked once more with the lowest effort (when the model takes one), the usage of both counted.
        const log = request.log ?? config.log;
        log?.(`${config.api.label} ${config.model}: the answer spent all ${request.maxOutputTokens} output tokens thinking and gave no text or tool call${effort ? '; asking once more with effort low' : ''}`);
        if (!effort)
            return reply;
        const again = await sendOnce(request, 'low');
        return {
            ...again,
            usage: { input: reply.usage.input + again.usage.input, output: reply.usage.output + again.usage.output },
        };
    });
}
/** Stopped at max_tokens with nothing but thinking blocks. */
function spentOnThinking(reply) {
    return reply.stopReason === 'max_tokens' && !reply.text.trim() && reply.toolCalls.length === 0;
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
            pushUser(message.results.map((r) => ({
                type: 'tool_result',
                tool_use_id: r.toolCallId,
                content: r.content,
                ...(r.isError ? { is_error: true } : {}),
            })));
        }
        else {
            const blocks = Array.isArray(message.raw) ? message.raw : [];
            if (!Array.isArray(message.raw)) {
                if (message.text)
                    blocks.push({ type: 'text', text: message.text });
                for (const call of message.toolCalls)
                    blocks.push({ type: 'tool_use', id: call.id, name: call.name, input: call.arguments ?? {} });
            }
            // Every message but a final assistant one needs non-empty content: an empty answer (`[]`, or
            // thinking only) is dropped, and the user turns around it merge into one.
            if (blocks.some(saysSomething))
                out.push({ role: 'assistant', content: blocks });
        }
    }
    return out;
}
function saysSomething(block) {
    return block.type === 'tool_use' || (block.type === 'text' && typeof block.text === 'string' && block.text !== '');
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
/**
 * The current Claude Sonnet: checked 2026-12-01 on Anthropic's models overview (Sonnet 5 is legacy,
 * Sonnet 5.5 the current Sonnet) and model deprecations page (no retirement date announced for it).
 */
const ANTHROPIC_DEFAULT_MODEL = 'claude-sonnet-5-5';
/**
 * Claude 4.6 and later take `output_config.effort` (stable, no beta header) and think adaptively by
 * default at effort high, the thinking counted against max_tokens; a focused fix needs less, so
 * these models are asked for medium. Other models (and other servers) get no effort field.
 */
function effortFor(official, model) {
    return official && /^claude-[a-z]+-(?:4-[6-9]|[5-9])/.test(model) ? 'medium' : undefined;
}
const anthropic_KEY_ENV = 'SELF_HEAL_API_KEY or ANTHROPIC_API_KEY';
function createAnthropicProvider(options) {
    const apiKey = firstSet(options.apiKey, options.env.SELF_HEAL_API_KEY, options.env.ANTHROPIC_API_KEY);
    if (!apiKey) {
        throw new provider/* ProviderError */.m(`The anthropic provider needs an API key: set ${anthropic_KEY_ENV}`, 'config', false, `Set ${anthropic_KEY_ENV} (a key from the Anthropic Console).`);
    }
    const scrub = (0,secrets/* createScrubber */.HV)([apiKey, ...(options.secrets ?? [])]);
    const baseUrl = firstSet(options.baseUrl, options.env.ANTHROPIC_BASE_URL) ?? ANTHROPIC_DEFAULT_BASE_URL;
    const model = firstSet(options.model) ?? ANTHROPIC_DEFAULT_MODEL;
    const chat = createAnthropicChat({
        baseUrl,
        apiKey,
        model,
        effort: effortFor(baseUrl === ANTHROPIC_DEFAULT_BASE_URL, model),
        api: { label: 'Anthropic API', keyEnv: anthropic_KEY_ENV },
        maxInputTokens: requestTokenLimit(options.env, 150_000),
        maxOutputTokens: 8_000,
        retry: options.retry,
        scrub,
    });
    return createChatProvider('anthropic', chat, { scrub, limits: options.limits });
}

// EXTERNAL MODULE: ./src/repair/builtin/builtin-provider.ts + 28 modules
var builtin_provider = __webpack_require__(7001);
// EXTERNAL MODULE: ./node_modules/zod/v4/classic/schemas.js + 17 modules
var schemas = __webpack_require__(8816);
// EXTERNAL MODULE: ./src/workspace/agent-workspace.ts + 2 modules
var agent_workspace = __webpack_require__(928);
// EXTERNAL MODULE: ./src/workspace/child-env.ts
var child_env = __webpack_require__(5021);
;// CONCATENATED MODULE: ./src/repair/providers/command.ts
/**
 * The `command` provider: an external agent (aider, a script, anything) edits a view of the work
 * tree, never the tree itself (`workspace/agent-workspace.ts`: the sandbox's overlay at the tree's
 * own path where Linux offers it, a private copy elsewhere). It runs `agentCommand` with `sh -c` at
 * the view's root, with `SELF_HEAL_CONTEXT` naming a JSON file (outside the repository) that holds
 * `{attempt, maxAttempts, failures, history, prompt, root}`. What git would deliver of its changes
 * is written into the real tree, where the loop diffs it and puts every changed path through the
 * same guardrails as a model's edits; the rest (`.git`, ignored files, dependency folders, deleting
 * the user's untracked files) is refused and reported. An agent that wrote outside its view (no
 * sandbox) ends the run with what could and could not be undone.
 *
 * The agent may write `{"notes": "...", "usage": {"input": n, "output": n}}` to the file named by
 * `SELF_HEAL_RESULT` to report what it did and what it spent (optional, bounded, validated).
 *
 * Secrets: the agent does not inherit the step's credentials (`workspace/child-env.ts` decides):
 * variables that look like credentials (`*_TOKEN`, `*_API_KEY`, `*SECRET*`, `*PASSWORD*`, …), the
 * action's `INPUT_*` values, the runner's `ACTIONS_*` tokens and any variable whose value is one of
 * the known secret values are removed. An agent that needs a key gets it explicitly: list the
 * variable names in `SELF_HEAL_AGENT_ENV` (comma-separated), e.g. `SELF_HEAL_AGENT_ENV=OPENAI_API_KEY`,
 * or `--pass-env NAME`.
 */




const MAX_RESULT_BYTES = 64 * 1024;
const LOG_TAIL_CHARS = 2_000;
const AgentResult = schemas/* object */.Ikc({
    notes: schemas/* string */.YjP().max(8_000).optional(),
    usage: schemas/* object */.Ikc({ input: schemas/* number */.aig().int().nonnegative(), output: schemas/* number */.aig().int().nonnegative() }).optional(),
});
function tail(text) {
    const t = text.trimEnd();
    return t.length > LOG_TAIL_CHARS ? `…${t.slice(-LOG_TAIL_CHARS)}` : t;
}
function readResult(run, host) {
    if (run.agentResultTooLarge !== undefined) {
        host.log(`agent: ignored SELF_HEAL_RESULT (${run.agentResultTooLarge} bytes, more than ${MAX_RESULT_BYTES})`);
        return {};
    }
    if (run.agentResult === null)
        return {};
    try {
        const parsed = AgentResult.safeParse(JSON.parse(run.agentResult));
        if (parsed.success)
            return parsed.data;
        host.log(`agent: ignored SELF_HEAL_RESULT: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
    }
    catch (error) {
        host.log(`agent: ignored SELF_HEAL_RESULT: ${error instanceof Error ? error.message : String(error)}`);
    }
    return {};
}
function listed(items, max = 10) {
    return `${items.slice(0, max).join(', ')}${items.length > max ? `, and ${items.length - max} more` : ''}`;
}
/** Say where the agent ran and what of its work was not applied; the lines go to the log and the attempt. */
function describeRun(run, host) {
    host.log(run.isolation === 'sandbox'
        ? 'agent: ran in the sandbox (overlays on the work tree and $HOME, its own pid namespace)'
        : `agent: ran on a copy of the work tree; no sandbox: ${run.noSandbox}`);
    const lines = [];
    for (const r of run.refused)
        lines.push(`not applied: \`${r.path}\`: ${r.reason}`);
    if (run.dependencies.length)
        lines.push(`kept in dependency folders (not in the commit): ${listed(run.dependencies)}`);
    if (run.outside.length)
        lines.push(`written outside the work tree (discarded): ${listed(run.outside)}`);
    for (const line of lines)
        host.log(`agent: ${line}`);
    return lines;
}
function createCommandProvider(options) {
    if (!options.agentCommand.trim()) {
        throw new provider/* ProviderError */.m('the command provider needs --agent-command', 'config', false, 'Pass the shell command of your agent, e.g. --agent-command "my-agent fix".');
    }
    const baseEnv = (0,child_env/* agentEnvironment */.F)(options.env, { secrets: options.secrets, pass: options.passEnv });
    return {
        name: 'command',
        async propose(request, host) {
            const run = await (0,agent_workspace/* runAgentIsolated */.QR)({
                root: host.root,
                command: options.agentCommand,
                timeoutMs: options.timeoutMs,
                env: baseEnv,
                gitEnv: options.env,
                context: {
                    attempt: request.attempt,
                    maxAttempts: request.maxAttempts,
                    failures: request.failures,
                    history: request.history,
                    prompt: request.prompt,
                },
                maxOutputBytes: options.maxOutputBytes ?? 64 * 1024,
                allowDependencyChanges: options.allowDependencyChanges,
                isolation: options.isolation,
            });
            const result = run.result;
            const seconds = (result.durationMs / 1000).toFixed(1);
            if (result.output.trim())
                host.log(`agent output (last lines):\n${tail(result.output)}`);
            const notApplied = describeRun(run, host);
            const { undone, notUndone } = run.escaped;
            if (undone.length + notUndone.length > 0) {
                throw new provider/* ProviderError */.m(`the agent wrote outside the copy of the work tree it was given (${listed([...notUndone, ...undone])})${notUndone.length ? `; this could not be undone: ${listed(notUndone)}` : '; it was undone'}`, 'bad-response', false, 'An agent must change only the files under the root it is given. Where Linux offers unprivileged user namespaces, self-heal runs it in a sandbox that contains such writes.');
            }
            if (result.timedOut) {
                throw new provider/* ProviderError */.m(`the agent command timed out after ${Math.round(options.timeoutMs / 1000)}s`, 'server', true, 'Raise --timeout or make the agent faster.');
            }
            if (result.exitCode === 126 || result.exitCode === 127) {
                throw new provider/* ProviderError */.m(`the agent command could not be run (exit ${result.exitCode}: not found or not executable): ${tail(result.output).slice(-300)}`, 'config', false, 'Check --agent-command: the program must be on PATH in the repository root.');
            }
            if (result.exitCode !== 0) {
                throw new provider/* ProviderError */.m(`the agent command failed (exit ${result.exitCode ?? `signal ${result.signal}`}) after ${seconds}s: ${tail(result.output).slice(-300)}`, 'bad-response', true);
            }
            const reported = readResult(run, host);
            const notes = [reported.notes, notApplied.length ? `self-heal: ${notApplied.join('; ')}` : undefined]
                .filter(Boolean)
                .join('\n');
            return {
                edits: [],
                editedInPlace: true,
                usage: reported.usage ?? { input: 0, output: 0 },
                ...(notes ? { notes } : {}),
                detail: {
                    agentSeconds: Number(seconds),
                    isolation: run.isolation,
                    ...(run.refused.length ? { notApplied: run.refused.slice(0, 50) } : {}),
                    ...(run.dependencies.length ? { dependencyChanges: run.dependencies.slice(0, 50) } : {}),
                    ...(run.outside.length ? { writtenOutside: run.outside.slice(0, 50) } : {}),
                },
            };
        },
    };
}

// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(3024);
// EXTERNAL MODULE: external "node:os"
var external_node_os_ = __webpack_require__(8161);
var external_node_os_default = /*#__PURE__*/__webpack_require__.n(external_node_os_);
// EXTERNAL MODULE: ./node_modules/@github/copilot-sdk/dist/index.js + 13 modules
var dist = __webpack_require__(3182);
;// CONCATENATED MODULE: ./src/repair/copilot/copilot-errors.ts
/**
 * What the Copilot runtime reports, as one `ProviderError` each: a sentence that says what happened
 * and a hint that names what to change (the permission line, the organisation policy,
 * COPILOT_GITHUB_TOKEN, model, copilot-path). Everything quoted from the runtime or the service is
 * scrubbed and clipped first.
 */

const PERMISSION_HINT = 'In a workflow, add `copilot-requests: write` under `permissions:` (the action passes its github-token); outside Actions, set COPILOT_GITHUB_TOKEN to a fine-grained token with the "Copilot Requests" permission.';
const POLICY_HINT = 'An organisation owner must turn on "Allow use of Copilot CLI billed to the organization" in the organisation\'s Copilot policies (Copilot CLI must be enabled), or use a token of an account that has Copilot.';
const RUNTIME_HINT = 'Set copilot-path (--copilot-path) to a working copilot executable, or leave it empty to use the pinned runtime.';
function copilot_errors_clip(text, max = 300) {
    const single = text.replace(/\s+/g, ' ').trim();
    return single.length > max ? `${single.slice(0, max - 1)}…` : single;
}
/**
 * Read a failure out of an error the SDK threw: `models.list` failures carry the runtime's JSON
 * (`{"kind":"http","status":401,"body":"…"}`), others are plain messages.
 */
function failureOf(error) {
    const message = error instanceof Error ? error.message : String(error);
    const start = message.indexOf('{');
    if (start >= 0) {
        try {
            const parsed = JSON.parse(message.slice(start));
            let said = parsed.message ?? '';
            let code;
            if (parsed.body) {
                try {
                    const body = JSON.parse(parsed.body);
                    said = (typeof body.error === 'object' ? body.error.message : body.error) ?? body.message ?? parsed.body;
                    code = typeof body.error === 'object' ? body.error.code : undefined;
                }
                catch {
                    said = parsed.body;
                }
            }
            return { status: parsed.status, type: parsed.kind, code, message: said || message };
        }
        catch {
            // Not the runtime's JSON: the plain message below.
        }
    }
    return { message };
}
/** One failure → one ProviderError naming what to change. */
function copilotError(failure, context) {
    const said = copilot_errors_clip(context.scrub(failure.message));
    const status = failure.status;
    const type = failure.type ?? '';
    const where = context.byok ? 'The endpoint behind Copilot (base-url)' : 'Copilot';
    const as = (kind, text, hint, retryable = false) => new provider/* ProviderError */.m(`${text}: ${said}`, kind, retryable, hint, status);
    if (status === 410) {
        return as('config', `${where} answered HTTP 410 Gone: this service has been retired`, 'Choose another base-url or provider.');
    }
    if (status === 401 || type === 'authentication') {
        return context.byok
            ? as('auth', `${where} refused the API key${status ? ` (HTTP ${status})` : ''}`, 'Set api-key (SELF_HEAL_API_KEY) to a valid key for base-url.')
            : as('auth', `Copilot refused the token${status ? ` (HTTP ${status})` : ''}`, PERMISSION_HINT);
    }
    if (status === 403 || type === 'authorization') {
        if (context.byok)
            return as('forbidden', `${where} refused the request (HTTP 403)`, 'Check that the api-key may use this model.');
        return /polic|not (?:authorized|enabled)|feature/i.test(said) || failure.code === 'feature_not_enabled'
            ? as('forbidden', 'Copilot is not enabled for this token (HTTP 403)', POLICY_HINT)
            : as('forbidden', 'Copilot refused the token (HTTP 403)', `${PERMISSION_HINT} ${POLICY_HINT}`);
    }
    if (status === 404 ||
        /model.{0,40}(not (?:found|available|supported)|unknown|does not exist)|unknown model/i.test(said)) {
        return as('model', `${where} does not serve the model '${context.model ?? '(default)'}'`, context.byok
            ? 'Set model (--model) to a model the base-url serves.'
            : 'Set model (--model) to one Copilot offers, or leave it empty to let Copilot choose.');
    }
    if (status === 402 || type === 'quota') {
        return as('forbidden', `${where} says the quota is used up`, 'Check the Copilot premium request budget and billing of the organisation (or the account of the token).');
    }
    if (status === 429 || type === 'rate_limit') {
        return as('rate-limit', `${where} rate-limited the requests`, 'Try again later or lower max-attempts.', true);
    }
    if (type === 'context_limit' || status === 413) {
        return as('bad-request', `The request was too large for the model '${context.model ?? '(default)'}'`, 'Choose a model with a larger context (model), or report this: the prompt is packed to its limit.');
    }
    if (type === 'network' || /ENOTFOUND|ECONNREFUSED|ECONNRESET|ETIMEDOUT|dns error|could not be reached/i.test(said)) {
        return as('network', `${where} could not be reached`, "Check the runner's network and proxy settings; the runtime retried with backoff.", true);
    }
    if (status !== undefined && status >= 500) {
        return as('server', `${where} failed on its side (HTTP ${status})`, 'Try again later; the runtime retried with backoff.', true);
    }
    return as('bad-response', `The Copilot session failed`, RUNTIME_HINT, true);
}

// EXTERNAL MODULE: external "node:url"
var external_node_url_ = __webpack_require__(3136);
// EXTERNAL MODULE: ./src/workspace/run-tests.ts
var run_tests = __webpack_require__(4240);
;// CONCATENATED MODULE: ./src/repair/copilot/copilot-runtime.ts
/**
 * Where the Copilot runtime comes from. The committed bundle never contains it (the platform package
 * is about 115 MB); it is taken, in this order, from
 * 1. `copilot-path` (`--copilot-path`): an explicit executable, the copilot CLI or the runtime wrapper;
 * 2. a `copilot` executable on `PATH` (GitHub's docs install it with `npm install -g @github/copilot`);
 * 3. the SDK's platform package installed beside this code (a development checkout, an npm install of
 *    the CLI), at exactly the pinned version;
 * 4. the runner's tool cache, keyed by the pinned version (a previous run's install);
 * 5. an install of the pinned platform package with the runner's npm into the tool cache.
 * Steps 4 and 5 need a tool cache (the action provides one); without it the error says what to change.
 */







/**
 * The one pin: the runtime version the bundled `@github/copilot-sdk` speaks, equal to the SDK's own
 * version (its platform packages are published with it). A test checks it against package.json.
 */
const COPILOT_RUNTIME_VERSION = '1.0.14';
/**
 * The registry's integrity of the platform packages this machine could verify (2026-12-01). npm
 * checks every tarball against the registry's integrity anyway; a pinned value here also refuses a
 * registry that serves another tarball under the same version.
 */
const PINNED_INTEGRITY = {
    'linux-x64': 'sha512-1wlAVTK1z7ovAez0tixr+f77TnjB3fqKobamu1pG7FYyCTwQuyU4p1aWNXF9j/u1d7rxSY1n9cAxrtEAUkizbg==',
    'linuxmusl-x64': 'sha512-tNNeJl53hXEkqeGudNAsHQk9OrSUbt2EdPhtugcQxscabaEFutd7KwQH6jmvvYW7Sifgl59ySWTd4ok/9I94kg==',
};
/** `linux-x64`, `linuxmusl-arm64`, `darwin-arm64`, `win32-x64`, … as the platform packages are named. */
function runtimePlatform(platform = process.platform, arch = process.arch) {
    if (platform === 'linux') {
        const header = process.report?.getReport()?.header;
        return `${header?.glibcVersionRuntime ? 'linux' : 'linuxmusl'}-${arch}`;
    }
    return `${platform}-${arch}`;
}
function runtimePackageName(platform = runtimePlatform()) {
    return `@github/copilot-sdk-${platform}`;
}
/** The runtime wrapper inside an unpacked platform package. */
function wrapperIn(packageDir, platform) {
    return external_node_path_default().join(packageDir, 'prebuilds', platform, platform.startsWith('win32') ? 'copilot-runtime.exe' : 'copilot-runtime');
}
function isExecutableFile(file) {
    try {
        if (!(0,external_node_fs_.statSync)(file).isFile())
            return false;
        (0,external_node_fs_.accessSync)(file, external_node_fs_.constants.X_OK);
        return true;
    }
    catch {
        return false;
    }
}
function onPath(name, env) {
    const names = process.platform === 'win32' ? [`${name}.cmd`, `${name}.exe`, name] : [name];
    for (const dir of (env.PATH ?? '').split((external_node_path_default()).delimiter).filter(Boolean)) {
        for (const n of names) {
            const candidate = external_node_path_default().join(dir, n);
            if (isExecutableFile(candidate))
                return candidate;
        }
    }
    return undefined;
}
function packageVersion(dir) {
    try {
        return JSON.parse((0,external_node_fs_.readFileSync)(external_node_path_default().join(dir, 'package.json'), 'utf8')).version;
    }
    catch {
        return undefined;
    }
}
function installedPackage(roots, platform) {
    for (const root of roots) {
        for (let dir = root;; dir = external_node_path_default().dirname(dir)) {
            const candidate = external_node_path_default().join(dir, 'node_modules', ...runtimePackageName(platform).split('/'));
            if (packageVersion(candidate) === COPILOT_RUNTIME_VERSION && isExecutableFile(wrapperIn(candidate, platform)))
                return wrapperIn(candidate, platform);
            if (external_node_path_default().dirname(dir) === dir)
                break;
        }
    }
    return undefined;
}
function defaultPackageRoots() {
    try {
        return [external_node_path_default().dirname((0,external_node_url_.fileURLToPath)(import.meta.url))];
    }
    catch {
        return [];
    }
}
/** npm gets the step's environment minus credentials: the public registry needs none. */
function npmEnvironment(env) {
    const out = {};
    for (const [name, value] of Object.entries(env)) {
        if (value === undefined || secrets/* CREDENTIAL_VARIABLE */.BU.test(name) || /^INPUT_/.test(name))
            continue;
        out[name] = value;
    }
    return out;
}
function lastLines(text, max = 400) {
    const t = text.trim().replace(/\s+/g, ' ');
    return t.length > max ? `…${t.slice(-max)}` : t;
}
const NOT_INSTALLABLE_HINT = 'Install it in an earlier step with `npm install -g @github/copilot`, or set copilot-path (--copilot-path) to a copilot executable.';
/** Install the pinned platform package with npm into a staging folder, verify it, and cache it. */
async function install(options, cache, platform) {
    const started = Date.now();
    const spec = `${runtimePackageName(platform)}@${COPILOT_RUNTIME_VERSION}`;
    const staging = (0,external_node_fs_.mkdtempSync)(external_node_path_default().join(cache.tempDir ?? external_node_os_default().tmpdir(), 'self-heal-copilot-'));
    try {
        options.log(`copilot: installing the runtime ${spec} with npm (about 115 MB; cached for the next run)`);
        const npm = options.npmCommand ?? 'npm';
        const result = await (0,run_tests/* runCommand */.d1)({
            command: `${npm} install --no-audit --no-fund --ignore-scripts --prefer-offline --loglevel=error --prefix . ${spec}`,
            cwd: staging,
            timeoutMs: options.installTimeoutMs ?? 10 * 60_000,
            env: npmEnvironment(options.env),
            maxOutputBytes: 32 * 1024,
        });
        if (result.timedOut || result.exitCode !== 0) {
            throw new provider/* ProviderError */.m(`The Copilot runtime ${spec} could not be installed (npm ${result.timedOut ? 'timed out' : `exited ${result.exitCode ?? result.signal}`}: ${lastLines(result.output)})`, 'config', false, NOT_INSTALLABLE_HINT);
        }
        const packageDir = external_node_path_default().join(staging, 'node_modules', ...runtimePackageName(platform).split('/'));
        const lock = JSON.parse((0,external_node_fs_.readFileSync)(external_node_path_default().join(staging, 'package-lock.json'), 'utf8'));
        const entry = lock.packages?.[`node_modules/${runtimePackageName(platform)}`];
        const pinned = PINNED_INTEGRITY[platform];
        if (entry?.version !== COPILOT_RUNTIME_VERSION || (pinned && entry.integrity !== pinned)) {
            throw new provider/* ProviderError */.m(`The Copilot runtime npm installed is not the pinned one (${entry?.version ?? 'no version'}, integrity ${entry?.integrity ?? 'unknown'})`, 'config', false, `Check the npm registry the runner uses; ${NOT_INSTALLABLE_HINT}`);
        }
        if (!isExecutableFile(wrapperIn(packageDir, platform))) {
            throw new provider/* ProviderError */.m(`The Copilot runtime ${spec} has no runtime for ${platform} inside`, 'config', false, NOT_INSTALLABLE_HINT);
        }
        const cached = await cache.save(packageDir, COPILOT_RUNTIME_VERSION, platform);
        return { path: wrapperIn(cached, platform), source: 'installed', installMs: Date.now() - started };
    }
    finally {
        (0,external_node_fs_.rmSync)(staging, { recursive: true, force: true });
    }
}
async function resolveCopilotRuntime(options) {
    const explicit = options.copilotPath?.trim();
    if (explicit) {
        if (!isExecutableFile(explicit)) {
            throw new provider/* ProviderError */.m(`copilot-path '${explicit}' is not an executable file`, 'config', false, 'Set copilot-path (--copilot-path) to the copilot CLI or the runtime, or leave it empty to find or install it.');
        }
        return { path: explicit, source: 'copilot-path' };
    }
    const fromPath = onPath('copilot', options.env);
    if (fromPath)
        return { path: fromPath, source: 'PATH' };
    const platform = runtimePlatform();
    const packaged = installedPackage(options.packageRoots ?? defaultPackageRoots(), platform);
    if (packaged)
        return { path: packaged, source: 'package' };
    if (!options.cache) {
        throw new provider/* ProviderError */.m('No Copilot runtime was found: no copilot on PATH and no tool cache to install it into', 'config', false, NOT_INSTALLABLE_HINT);
    }
    const cached = options.cache.find(COPILOT_RUNTIME_VERSION, platform);
    if (cached && (0,external_node_fs_.existsSync)(wrapperIn(cached, platform)))
        return { path: wrapperIn(cached, platform), source: 'tool-cache' };
    return install(options, options.cache, platform);
}

;// CONCATENATED MODULE: ./src/repair/providers/copilot.ts
/**
 * `--provider copilot`: GitHub Copilot through the official `@github/copilot-sdk`, which drives the
 * Copilot runtime (a separate process, see `copilot/copilot-runtime.ts` for where it comes from).
 *
 * One session per attempt. The session gets self-heal's own system prompt and packed context and
 * only self-heal's three tools (read_file, search, replace_in_file), answered here through the
 * RepairHost (guardrails, secret scrubbing, bounds) exactly as for the chat providers; the runtime's
 * shell, file, web and MCP tools are not offered, and a call to one gets "does not exist". The runtime
 * runs in a fresh temporary config home (no user settings, MCP servers or session store take part)
 * with an environment that holds no credential but the token it is given.
 *
 * Auth: the token given (the action's github-token), else COPILOT_GITHUB_TOKEN, GH_TOKEN, GITHUB_TOKEN;
 * outside CI without a token, a logged-in Copilot CLI (then the user's own config home is used).
 * `base-url` + `api-key` switch the session to BYOK: the same runtime talks to that endpoint.
 *
 * Budgets: the attempt's tokens (from the runtime's usage events) and deadline stop the session; a
 * session that keeps calling tools is stopped too. The prompt budget comes from the model's real limit
 * (Copilot's model list, or the limit the runtime reports for a BYOK session).
 */
















const DEFAULT_COPILOT_LIMITS = {
    maxToolCalls: 8,
    maxCorrections: 2,
    maxRequests: 12,
    maxToolResultTokens: 3_000,
};
/** The runtime's own assumption for a model it has no limits for (a BYOK model), as it reports it. */
const BYOK_DEFAULT_PROMPT_LIMIT = 128_000;
const TOOL_NAMES = [READ_FILE, SEARCH, REPLACE_IN_FILE];
const copilot_MAX_NOTES_CHARS = 4_000;
const STOP_GRACE_MS = 5_000;
const LIVENESS_PROBE_MS = 1_000;
/** Variables the runtime may need besides the token: the path, locale, temp, proxies, certificates, hosts. */
const RUNTIME_ENV = /^(PATH|Path|PATHEXT|SystemRoot|SYSTEMROOT|ComSpec|TMPDIR|TEMP|TMP|LANG|LC_[A-Z]+|TZ|(HTTPS?|NO|ALL)_PROXY|(https?|no|all)_proxy|NODE_EXTRA_CA_CERTS|SSL_CERT_FILE|SSL_CERT_DIR|GH_HOST|COPILOT_API_URL)$/;
function resolveAuth(options) {
    const baseUrl = firstSet(options.baseUrl);
    if (baseUrl) {
        let host;
        try {
            host = new URL(baseUrl).hostname.toLowerCase();
        }
        catch {
            throw new provider/* ProviderError */.m(`base-url '${baseUrl}' is not a URL`, 'config', false, 'Give the endpoint, e.g. https://api.openai.com/v1.');
        }
        if (!firstSet(options.model)) {
            throw new provider/* ProviderError */.m(`The copilot provider with base-url (${host}) needs a model`, 'config', false, 'Set model (--model) to a model that endpoint serves.');
        }
        const type = host.endsWith('.openai.azure.com') ? 'azure' : host === 'api.anthropic.com' ? 'anthropic' : 'openai';
        return {
            byok: { type, baseUrl, apiKey: firstSet(options.apiKey, options.env.SELF_HEAL_API_KEY) },
            loggedInUser: false,
        };
    }
    const env = options.env;
    const token = firstSet(options.githubToken, env.COPILOT_GITHUB_TOKEN, env.GH_TOKEN, env.GITHUB_TOKEN);
    if (token)
        return { token, loggedInUser: false };
    if (env.GITHUB_ACTIONS === 'true' || env.CI) {
        throw new provider/* ProviderError */.m('The copilot provider has no GitHub token', 'auth', false, PERMISSION_HINT);
    }
    return { loggedInUser: true };
}
/** The runtime's environment: nothing from the step but what it needs, and a config home of its own. */
function runtimeEnvironment(env, home) {
    const out = {};
    for (const [name, value] of Object.entries(env))
        if (value !== undefined && RUNTIME_ENV.test(name))
            out[name] = value;
    if (home) {
        out.HOME = home;
        out.USERPROFILE = home;
        out.XDG_CONFIG_HOME = external_node_path_default().join(home, 'config');
        out.XDG_CACHE_HOME = external_node_path_default().join(home, 'cache');
    }
    else if (env.HOME)
        out.HOME = env.HOME;
    return out;
}
function createCopilotProvider(options) {
    const auth = resolveAuth(options);
    const limits = { ...DEFAULT_COPILOT_LIMITS, ...options.limits };
    const scrub = (0,secrets/* createScrubber */.HV)([auth.token ?? '', auth.byok?.apiKey ?? '', ...(options.secrets ?? [])].filter((s) => s.length > 0));
    const requestedModel = firstSet(options.model);
    let runtime;
    /** The model's prompt limit: Copilot's model list, then what the runtime reports per session. */
    let promptLimit;
    let answeredModel;
    const label = auth.byok ? `Copilot (BYOK ${auth.byok.type})` : 'GitHub Copilot';
    /** A client on a fresh config home; `stop` ends it and removes the home whatever happens. */
    async function startClient() {
        runtime ??= await resolveCopilotRuntime({
            copilotPath: options.copilotPath,
            env: options.env,
            cache: options.runtimeCache,
            log: () => { },
        });
        const home = (0,external_node_fs_.mkdtempSync)(external_node_path_default().join(external_node_os_default().tmpdir(), 'self-heal-copilot-home-'));
        const ownHome = !auth.loggedInUser;
        const client = new dist/* CopilotClient */.ue({
            connection: dist/* RuntimeConnection */.$6.forStdio({ path: runtime.path }),
            mode: 'empty',
            ...(ownHome ? { baseDirectory: home } : {}),
            workingDirectory: home,
            env: runtimeEnvironment(options.env, ownHome ? home : undefined),
            ...(auth.token ? { gitHubToken: auth.token } : {}),
            useLoggedInUser: auth.loggedInUser,
            logLevel: 'error',
        });
        const stop = async () => {
            try {
                await withTimeout(client.stop(), STOP_GRACE_MS);
            }
            catch {
                await client.forceStop().catch(() => { });
            }
            finally {
                (0,external_node_fs_.rmSync)(home, { recursive: true, force: true });
            }
        };
        try {
            await client.start();
        }
        catch (error) {
            await stop();
            throw new provider/* ProviderError */.m(scrub(`The Copilot runtime at ${runtime.path} did not start: ${copilot_clip(error instanceof Error ? error.message : String(error))}`), 'config', false, RUNTIME_HINT);
        }
        return { client, home, stop };
    }
    async function prepare(context) {
        const started = Date.now();
        runtime = await resolveCopilotRuntime({
            copilotPath: options.copilotPath,
            env: options.env,
            cache: options.runtimeCache,
            log: (m) => context.log(m),
        });
        context.log(`copilot: runtime from ${runtime.source} (${runtime.path})${runtime.installMs !== undefined ? `, installed in ${(runtime.installMs / 1000).toFixed(1)} s` : ''}`);
        const { client, stop } = await startClient();
        try {
            if (auth.byok) {
                await client.ping();
                promptLimit = requestTokenLimit(options.env, BYOK_DEFAULT_PROMPT_LIMIT);
            }
            else {
                let models;
                try {
                    models = await client.listModels();
                }
                catch (error) {
                    throw copilotError(failureOf(error), { model: requestedModel, byok: false, scrub });
                }
                const chat = models.filter((m) => m.id !== 'auto');
                const chosen = requestedModel ? models.find((m) => m.id === requestedModel) : undefined;
                if (requestedModel && !chosen) {
                    throw new provider/* ProviderError */.m(`Copilot does not offer the model '${requestedModel}' to this token (it offers: ${chat
                        .map((m) => m.id)
                        .slice(0, 12)
                        .join(', ') || 'none'})`, 'model', false, 'Set model (--model) to one of those, or leave it empty to let Copilot choose.');
                }
                if (chosen?.policy?.state === 'disabled') {
                    throw new provider/* ProviderError */.m(`The model '${requestedModel}' is disabled by the Copilot policy of this organisation`, 'model', false, "Enable it in the organisation's Copilot model policies, or set model (--model) to another one.");
                }
                const limitOf = (m) => m.capabilities?.limits?.max_prompt_tokens ?? m.capabilities?.limits?.max_context_window_tokens;
                // Without a named model, Copilot chooses; the smallest limit it offers is the safe one.
                const known = (chosen ? [chosen] : chat)
                    .map(limitOf)
                    .filter((n) => typeof n === 'number' && n > 0);
                promptLimit = known.length > 0 ? Math.min(...known) : undefined;
            }
            context.log(`copilot: ${label} ready in ${((Date.now() - started) / 1000).toFixed(1)} s; model ${requestedModel ?? 'chosen by Copilot'}, prompt limit ${promptLimit ?? 'unknown'} tokens`);
        }
        finally {
            await stop();
        }
    }
    async function propose(request, host) {
        const usage = { input: 0, output: 0 };
        let held = [];
        /** The latest full set checked, returned when corrections run out so the loop records the refusal. */
        let lastProposed = [];
        let lastProblems = [];
        /** The model call whose answer was last corrected: several refused calls of one answer are one round. */
        let correctedAt = -1;
        let toolCalls = 0;
        let corrections = 0;
        let modelCalls = 0;
        let notes = '';
        let stopReason;
        let stopSession;
        const models = new Set();
        const { client, home, stop } = await startClient();
        const finish = (reason) => {
            host.log(`${label} ${answeredModel ?? requestedModel ?? ''}: ${modelCalls} model call(s), ${toolCalls} read/search call(s), ${corrections} correction(s); ${reason}`);
            return {
                // Edits kept when the budget stopped the session are verified like any other; after the last
                // correction, the refused set goes back so the loop records why.
                edits: reason === 'accepted' || reason === 'deadline' || lastProposed.length === 0 ? held : lastProposed,
                usage,
                notes: notes ? notes.slice(0, copilot_MAX_NOTES_CHARS) : undefined,
                detail: {
                    provider: label,
                    ...(answeredModel ? { model: answeredModel } : {}),
                    ...(models.size > 1 ? { models: [...models] } : {}),
                    requests: modelCalls,
                    toolCalls,
                    corrections,
                    stop: reason,
                    ...(promptLimit ? { promptLimit } : {}),
                    ...(lastProblems.length > 0 && reason !== 'accepted'
                        ? { problems: lastProblems.map((p) => ({ path: p.path, kind: p.kind, message: p.message.slice(0, 300) })) }
                        : {}),
                },
            };
        };
        const stopWith = (reason) => {
            stopReason ??= reason;
            stopSession?.(reason);
        };
        const toolResult = (text) => {
            const scrubbed = scrub(text);
            const cut = (0,token_estimate/* truncateToTokens */.Q)(scrubbed, limits.maxToolResultTokens);
            return cut.length < scrubbed.length ? `${cut}\n… (cut; ask for a narrower range)` : scrubbed || '(empty)';
        };
        const readTool = (name) => async (args) => {
            if (toolCalls >= limits.maxToolCalls)
                return (0,repair_prompt/* fillTemplate */.ou)(TOOL_CAP_REACHED, { cap: limits.maxToolCalls });
            toolCalls++;
            const call = { id: '', name, arguments: isObject(args) ? args : undefined };
            try {
                if (name === READ_FILE) {
                    const parsed = parseReadCall(call);
                    if (!parsed.ok)
                        return (0,repair_prompt/* fillTemplate */.ou)(TOOL_ERROR, { tool: name, reason: parsed.reason });
                    return toolResult(await host.readFile(parsed.value.path, parsed.value.range));
                }
                const parsed = parseSearchCall(call);
                if (!parsed.ok)
                    return (0,repair_prompt/* fillTemplate */.ou)(TOOL_ERROR, { tool: name, reason: parsed.reason });
                return toolResult(await host.search(parsed.value));
            }
            catch (error) {
                return (0,repair_prompt/* fillTemplate */.ou)(TOOL_ERROR, {
                    tool: name,
                    reason: scrub(error instanceof Error ? error.message : String(error)).slice(0, 500),
                });
            }
        };
        /** replace_in_file: checked together with the edits already kept; kept when all match and it is new. */
        const correct = (text) => {
            if (correctedAt !== modelCalls) {
                correctedAt = modelCalls;
                corrections++;
            }
            if (corrections > limits.maxCorrections)
                stopWith('corrections-exhausted');
            return text;
        };
        const checkProposal = async (edits) => {
            const all = [...held, ...edits];
            lastProposed = all;
            const check = await host.checkEdits(all);
            lastProblems = check.problems;
            if (check.ok && check.problems.length === 0) {
                const tried = findTriedAttempt(all, request.history);
                if (tried) {
                    held = [];
                    return correct((0,repair_prompt/* fillTemplate */.ou)(EDIT_DUPLICATE, {
                        n: tried.n,
                        feedback: (0,token_estimate/* truncateToTokens */.Q)(scrub(tried.feedback || tried.verdict), 200).trim(),
                    }));
                }
                held = all;
                return undefined;
            }
            const mine = check.problems.filter((p) => p.index >= held.length);
            return correct((mine.length > 0 ? mine : check.problems)
                .map((p) => describeEditProblem(p, all[p.index] ?? edits[0], scrub))
                .join('\n'));
        };
        const replaceTool = async (args) => {
            const parsed = parseReplaceCall({ id: '', name: REPLACE_IN_FILE, arguments: isObject(args) ? args : undefined });
            if (!parsed.ok)
                return correct((0,repair_prompt/* fillTemplate */.ou)(EDIT_INVALID, { reason: parsed.reason }));
            const problem = await checkProposal([parsed.value]);
            return problem ?? (0,repair_prompt/* fillTemplate */.ou)(EDIT_ACCEPTED, { path: parsed.value.path });
        };
        const tools = REPAIR_TOOLS.map((spec) => ({
            name: spec.name,
            description: spec.description,
            parameters: spec.parameters,
            skipPermission: true,
            handler: spec.name === REPLACE_IN_FILE ? replaceTool : spec.name === READ_FILE ? readTool(READ_FILE) : readTool(SEARCH),
        }));
        let settleTurn;
        const onEvent = (event) => {
            switch (event.type) {
                case 'assistant.usage': {
                    modelCalls++;
                    usage.input += event.data.inputTokens ?? 0;
                    usage.output += event.data.outputTokens ?? 0;
                    answeredModel = event.data.model;
                    models.add(event.data.model);
                    if (usage.input >= request.budget.inputTokens || usage.output >= request.budget.outputTokens)
                        stopWith('token-budget');
                    else if (modelCalls >= limits.maxRequests)
                        stopWith('request-cap');
                    break;
                }
                case 'session.usage_info':
                    if (event.data.tokenLimit > 0)
                        promptLimit = event.data.tokenLimit;
                    break;
                case 'assistant.message':
                    if (event.data.content?.trim())
                        notes = `${notes}${notes ? '\n' : ''}${event.data.content.trim()}`.slice(0, copilot_MAX_NOTES_CHARS);
                    break;
                case 'session.idle':
                    settleTurn?.({ kind: 'idle' });
                    break;
                case 'session.error':
                    settleTurn?.({
                        kind: 'error',
                        error: copilotError({
                            status: event.data.statusCode,
                            type: event.data.errorType,
                            code: event.data.errorCode,
                            message: event.data.message,
                        }, { model: requestedModel, byok: !!auth.byok, scrub }),
                    });
                    break;
                default:
                    break;
            }
        };
        try {
            const session = await client.createSession({
                ...(requestedModel ? { model: requestedModel } : {}),
                // The loop scrubbed the prompt; the provider's own credentials are taken out once more.
                systemMessage: { mode: 'replace', content: scrub(request.prompt.system) },
                tools,
                availableTools: TOOL_NAMES,
                onPermissionRequest: (permission) => permission.kind === 'custom-tool' &&
                    TOOL_NAMES.includes(String(permission.toolName))
                    ? { kind: 'approve-once' }
                    : { kind: 'reject', feedback: 'Only read_file, search and replace_in_file are available.' },
                workingDirectory: home,
                infiniteSessions: { enabled: false },
                enableSessionStore: false,
                memory: { enabled: false },
                enableSkills: false,
                skipCustomInstructions: true,
                enableConfigDiscovery: false,
                enableHostGitOperations: false,
                disabledMcpServers: ['github-mcp-server'],
                ...(auth.byok ? { provider: { ...auth.byok, wireApi: 'completions' } } : {}),
                onEvent,
            });
            let prompt = scrub(request.prompt.user);
            for (;;) {
                const outcome = await new Promise((resolve) => {
                    const timers = [];
                    const settle = (o) => {
                        settleTurn = undefined;
                        stopSession = undefined;
                        for (const t of timers)
                            clearTimeout(t);
                        resolve(o);
                    };
                    settleTurn = settle;
                    stopSession = () => {
                        void session.abort().catch(() => { });
                        settle({ kind: 'stopped' });
                    };
                    if (stopReason)
                        return stopSession(stopReason);
                    timers.push(setTimeout(() => stopWith('deadline'), Math.max(1, request.budget.deadline - Date.now())));
                    // The runtime may die without an event: a probe that fails means the connection is gone.
                    const probe = () => {
                        timers.push(setTimeout(() => {
                            client.ping().then(probe, (error) => settle({
                                kind: 'error',
                                error: new provider/* ProviderError */.m(scrub(`The Copilot runtime stopped during the attempt: ${copilot_clip(error instanceof Error ? error.message : String(error))}`), 'server', true, RUNTIME_HINT),
                            }));
                        }, LIVENESS_PROBE_MS));
                    };
                    probe();
                    session.send({ prompt }).catch((error) => settle({
                        kind: 'error',
                        error: copilotError(failureOf(error), { model: requestedModel, byok: !!auth.byok, scrub }),
                    }));
                });
                if (outcome.kind === 'error')
                    throw outcome.error;
                if (outcome.kind === 'stopped')
                    return finish(stopReason ?? 'deadline');
                if (held.length > 0)
                    return finish('accepted');
                // No tool edit: SEARCH/REPLACE blocks in the text, as the system prompt allows.
                const blocks = parseSearchReplaceBlocks(notes);
                if (blocks.edits.length > 0 && (await checkProposal(blocks.edits)) === undefined)
                    return finish('accepted');
                if (corrections >= limits.maxCorrections)
                    return finish('no-edits');
                corrections++;
                prompt = NO_EDITS_NUDGE;
                notes = '';
            }
        }
        finally {
            await stop();
        }
    }
    return {
        name: 'copilot',
        get model() {
            return answeredModel ?? requestedModel;
        },
        get maxPromptTokens() {
            return promptLimit ? (0,repair_prompt/* promptBudgetFor */.Xj)(promptLimit) : undefined;
        },
        prepare,
        propose,
    };
}
function isObject(value) {
    return !!value && typeof value === 'object' && !Array.isArray(value);
}
function copilot_clip(text, max = 300) {
    const single = text.replace(/\s+/g, ' ').trim();
    return single.length > max ? `${single.slice(0, max - 1)}…` : single;
}
async function withTimeout(promise, ms) {
    let timer;
    try {
        return await Promise.race([
            promise,
            new Promise((_, reject) => {
                timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
            }),
        ]);
    }
    finally {
        clearTimeout(timer);
    }
}

;// CONCATENATED MODULE: ./src/repair/providers/auto.ts
/**
 * `provider: auto`, the default: GitHub Copilot when a token is there and a session can start, else
 * the built-in offline engine, so a user is never left without a provider. Copilot is not available
 * when there is no token, it answers 401/403 (no access, the `copilot-requests` permission missing,
 * the organisation policy off), or its runtime cannot be found, installed or started; the reason is
 * warned once and kept in `fallback` for the report and the job summary. A provider the user names
 * explicitly never falls back: only this wrapper does.
 */

function createAutoProvider(createCopilot, createBuiltin, hasCopilotCredentials) {
    let active;
    let fallback;
    let warned = false;
    let copilotAnswered = false;
    const fallBack = (reason, warn) => {
        fallback = { from: 'copilot', reason };
        active = createBuiltin();
        if (warn && !warned) {
            warned = true;
            warn(`provider auto: Copilot is not available (${reason}); using the built-in engine instead`);
        }
    };
    const describe = (error) => error instanceof provider/* ProviderError */.m
        ? `${error.message}${error.hint ? `. ${error.hint}` : ''}`
        : `the copilot provider failed: ${error instanceof Error ? error.message : String(error)}`;
    if (!hasCopilotCredentials) {
        fallBack('no GitHub token: grant `permissions: copilot-requests: write` in the workflow, or set COPILOT_GITHUB_TOKEN');
    }
    else {
        try {
            active = createCopilot();
        }
        catch (error) {
            fallBack(describe(error));
        }
    }
    return {
        get name() {
            return active.name;
        },
        get model() {
            return active.model;
        },
        get maxPromptTokens() {
            return active.maxPromptTokens;
        },
        get fallback() {
            return fallback;
        },
        async prepare(context) {
            if (fallback) {
                fallBack(fallback.reason, (m) => context.warn(m));
                return active.prepare?.(context);
            }
            try {
                await active.prepare?.(context);
            }
            catch (error) {
                fallBack(describe(error), (m) => context.warn(m));
                await active.prepare?.(context);
            }
        },
        async propose(request, host) {
            const current = active;
            try {
                const answer = await current.propose(request, host);
                if (!fallback)
                    copilotAnswered = true;
                return answer;
            }
            catch (error) {
                // Access refused on the first session (the model list answered, the chat did not): still unavailable.
                const refused = error instanceof provider/* ProviderError */.m && (error.kind === 'auth' || error.kind === 'forbidden');
                if (fallback || copilotAnswered || !refused)
                    throw error;
                fallBack(describe(error), (m) => host.log(m));
                return active.propose(request, host);
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
function createProvider(options, env, services = {}) {
    const chat = {
        model: options.model,
        baseUrl: options.baseUrl,
        apiKey: options.apiKey,
        env,
        secrets: options.secrets,
    };
    const copilot = () => createCopilotProvider({
        model: options.model,
        baseUrl: options.baseUrl,
        apiKey: options.apiKey,
        githubToken: options.githubToken,
        copilotPath: options.copilotPath,
        env,
        secrets: options.secrets,
        runtimeCache: services.runtimeCache,
    });
    switch (options.provider) {
        case 'auto':
            return createAutoProvider(copilot, () => (0,builtin_provider/* createBuiltinProvider */.v)(options), hasCopilotCredentials(options, env));
        case 'copilot':
            return copilot();
        case 'openai':
            return createOpenAIProvider(chat);
        case 'github-models':
            throw githubModelsRetired();
        case 'anthropic':
            return createAnthropicProvider(chat);
        case 'builtin':
            return (0,builtin_provider/* createBuiltinProvider */.v)(options);
        case 'command':
            return createCommandProviderFor(options, env);
    }
}
/** A token for Copilot, or a BYOK endpoint: what `auto` needs before it tries Copilot at all. */
function hasCopilotCredentials(options, env) {
    return [options.baseUrl, options.githubToken, env.COPILOT_GITHUB_TOKEN, env.GH_TOKEN, env.GITHUB_TOKEN].some((v) => !!v?.trim());
}
/**
 * GitHub Models was retired on 2026-07-30 (announced on the GitHub changelog on 2026-07-01); every
 * request gets 410 Gone since. Naming it stops the run before any test runs.
 */
function githubModelsRetired() {
    return new provider/* ProviderError */.m('The github-models provider is gone: GitHub retired GitHub Models on 2026-07-30 and every request now gets 410 Gone', 'config', false, 'Use provider copilot (the workflow token with `permissions: copilot-requests: write`), or leave provider empty for auto.');
}
function createCommandProviderFor(options, env) {
    const agentCommand = options.agentCommand?.trim();
    if (!agentCommand) {
        throw new provider/* ProviderError */.m('The command provider needs --agent-command (the action input agent-command)', 'config', false, 'Pass the shell command of your agent, e.g. --agent-command "my-agent fix".');
    }
    // The agent gets the per-test-run timeout; the loop's deadline bounds the attempt as a whole.
    return createCommandProvider({
        agentCommand,
        timeoutMs: options.timeoutSeconds * 1000,
        env,
        secrets: [...(options.apiKey ? [options.apiKey] : []), ...options.secrets],
        passEnv: options.passEnv,
        allowDependencyChanges: options.allowDependencyChanges,
    });
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
        const retired = githubModelsRetired();
        throw new usage_error/* UsageError */.e(`${retired.message}. ${retired.hint}`);
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
        const files = a.files.length
            ? ` [${a.files.slice(0, 3).map(safe).join(', ')}${a.files.length > 3 ? ', …' : ''}]`
            : '';
        const why = a.feedback ? ` — ${safe(a.feedback.split('\n')[0]).slice(0, 160)}` : '';
        lines.push(`attempt ${a.n}: ${a.verdict}${files} ${(a.durationMs / 1000).toFixed(1)}s${why}`);
    }
    if (report.flaky.length)
        lines.push(`flaky (passed on rerun): ${report.flaky.slice(0, 5).map(safe).join(', ')}${report.flaky.length > 5 ? ', …' : ''}`);
    if (report.provider.fallbackFrom)
        lines.push(`provider: ${safe(report.provider.name)} (${safe(report.provider.fallbackFrom)} was not available: ${(0,frames_text/* terminalSafe */.k)(report.provider.reason ?? '', true)})`);
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
        const report = await (0,heal/* heal */.R)(options, { logger, createProvider: (o) => createProvider(o, io.env), env: io.env });
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
