/**
 * A loopback GitHub REST server speaking the endpoints self-heal's Octokit calls, with the response
 * shapes of the real API (the fields we read, plus the ones Octokit's pagination needs), recording
 * every request. Artifact downloads answer 302 to a second server on another port (another origin,
 * like GitHub's blob storage), which records whether an Authorization header leaked to it.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
  authorization?: string;
}

export interface FakePull {
  number: number;
  title: string;
  body: string;
  head: { ref: string; owner: string; sha: string };
  base: { ref: string };
  draft: boolean;
  state: 'open' | 'closed';
}

export interface FakeArtifact {
  id: number;
  name: string;
  zip: Buffer;
  expired?: boolean;
  /** Reported size, when it should differ from the zip's real size. */
  sizeInBytes?: number;
}

/** A workflow run; tests (the fake CI) move its status and conclusion over time. */
export interface FakeRun {
  id: number;
  name: string;
  path: string;
  head_sha: string;
  head_branch: string;
  event: string;
  status: 'queued' | 'in_progress' | 'completed';
  conclusion: string | null;
  jobs: { id: number; name: string; status: 'queued' | 'in_progress' | 'completed'; conclusion: string | null }[];
  created_at: string;
}

export interface GitHubServerState {
  owner: string;
  repo: string;
  defaultBranch: string;
  /** Branch name → head sha and classic protection. */
  branches: Record<string, { sha: string; protected?: boolean }>;
  /** Branch name → ruleset rule types. */
  rules: Record<string, string[]>;
  pulls: FakePull[];
  /** Run id → artifacts. */
  artifacts: Record<number, FakeArtifact[]>;
  dispatches: { workflow: string; ref: string; inputs?: unknown }[];
  /** Workflow runs, oldest first. */
  runs: FakeRun[];
}

interface Override {
  method: string;
  path: RegExp;
  status: number;
  body: unknown;
}

export interface GitHubServer {
  url: string;
  blobUrl: string;
  state: GitHubServerState;
  requests: RecordedRequest[];
  blobRequests: { path: string; authorization?: string }[];
  /** Answer `status` with `body` for matching requests (e.g. 403 "Resource not accessible by integration"). */
  override(method: string, path: RegExp, status: number, message?: string): void;
  /** Called after each accepted workflow dispatch (a fake CI starts its run here). */
  onDispatch(handler: (dispatch: { workflow: string; ref: string }) => void): void;
  close(): Promise<void>;
}

const TOKEN_HEADER = /^(token|bearer) (.+)$/i;

function send(res: http.ServerResponse, status: number, body?: unknown, headers: Record<string, string> = {}): void {
  if (body === undefined) {
    res.writeHead(status, headers).end();
    return;
  }
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers }).end(text);
}

function readJson(req: http.IncomingMessage): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      try {
        resolve(text ? JSON.parse(text) : undefined);
      } catch (error) {
        reject(error);
      }
    });
    req.on('error', reject);
  });
}

function listen(server: http.Server): Promise<string> {
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`));
  });
}

export async function startGitHubServer(
  initial: Partial<GitHubServerState> & { token?: string } = {},
): Promise<GitHubServer> {
  const { token = 'ghs_test_token', ...rest } = initial;
  const state: GitHubServerState = {
    owner: 'octo',
    repo: 'shop',
    defaultBranch: 'main',
    branches: {},
    rules: {},
    pulls: [],
    artifacts: {},
    dispatches: [],
    runs: [],
    ...rest,
  };
  const dispatchHandlers: ((dispatch: { workflow: string; ref: string }) => void)[] = [];
  const requests: RecordedRequest[] = [];
  const blobRequests: { path: string; authorization?: string }[] = [];
  const overrides: Override[] = [];

  const blob = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    blobRequests.push({
      path: url.pathname,
      ...(req.headers.authorization ? { authorization: req.headers.authorization } : {}),
    });
    const m = /^\/blob\/(\d+)$/.exec(url.pathname);
    const artifact =
      m &&
      Object.values(state.artifacts)
        .flat()
        .find((a) => a.id === Number(m[1]));
    if (!artifact || url.searchParams.get('sig') !== 'signed') {
      res.writeHead(403, { 'content-type': 'application/xml' }).end('<Error><Code>AuthenticationFailed</Code></Error>');
      return;
    }
    res
      .writeHead(200, { 'content-type': 'application/zip', 'content-length': String(artifact.zip.length) })
      .end(artifact.zip);
  });
  const blobUrl = await listen(blob);

  const apiServer = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const body = req.method === 'GET' ? undefined : await readJson(req).catch(() => undefined);
    const recorded: RecordedRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      body,
      ...(req.headers.authorization ? { authorization: req.headers.authorization } : {}),
    };
    requests.push(recorded);
    const auth = TOKEN_HEADER.exec(req.headers.authorization ?? '');
    if (!auth || auth[2] !== token) {
      send(res, 401, { message: 'Bad credentials', documentation_url: 'https://docs.github.com/rest' });
      return;
    }
    const override = overrides.find((o) => o.method === recorded.method && o.path.test(url.pathname));
    if (override) {
      send(res, override.status, override.body);
      return;
    }
    const base = `/repos/${state.owner}/${state.repo}`;
    if (!url.pathname.startsWith(base)) {
      send(res, 404, { message: 'Not Found' });
      return;
    }
    const route = url.pathname.slice(base.length);
    const htmlRepo = `https://github.com/${state.owner}/${state.repo}`;
    const pullJson = (p: FakePull) => ({
      number: p.number,
      html_url: `${htmlRepo}/pull/${p.number}`,
      url: `${base}/pulls/${p.number}`,
      state: p.state,
      title: p.title,
      body: p.body,
      draft: p.draft,
      head: {
        ref: p.head.ref,
        sha: p.head.sha,
        label: `${p.head.owner}:${p.head.ref}`,
        repo: { full_name: `${p.head.owner}/${state.repo}` },
      },
      base: { ref: p.base.ref, label: `${state.owner}:${p.base.ref}` },
    });
    let m: RegExpExecArray | null;
    const runJson = (r: FakeRun, host: string) => ({
      id: r.id,
      name: r.name,
      path: r.path,
      head_sha: r.head_sha,
      head_branch: r.head_branch,
      event: r.event,
      status: r.status,
      conclusion: r.conclusion,
      created_at: r.created_at,
      html_url: `${htmlRepo}/actions/runs/${r.id}`,
      url: `http://${host}${base}/actions/runs/${r.id}`,
    });

    if (req.method === 'GET' && route === '') {
      send(res, 200, {
        id: 1,
        name: state.repo,
        full_name: `${state.owner}/${state.repo}`,
        default_branch: state.defaultBranch,
        html_url: htmlRepo,
        private: false,
      });
    } else if (req.method === 'GET' && (m = /^\/branches\/(.+)$/.exec(route))) {
      const name = decodeURIComponent(m[1]!);
      const branch = state.branches[name];
      if (!branch) send(res, 404, { message: 'Branch not found' });
      else send(res, 200, { name, commit: { sha: branch.sha }, protected: branch.protected ?? false });
    } else if (req.method === 'GET' && (m = /^\/rules\/branches\/(.+)$/.exec(route))) {
      const name = decodeURIComponent(m[1]!);
      send(
        res,
        200,
        (state.rules[name] ?? []).map((type, i) => ({
          type,
          ruleset_source_type: 'Repository',
          ruleset_source: `${state.owner}/${state.repo}`,
          ruleset_id: i + 1,
        })),
      );
    } else if (req.method === 'GET' && route === '/pulls') {
      const head = url.searchParams.get('head');
      const baseRef = url.searchParams.get('base');
      const wanted = url.searchParams.get('state') ?? 'open';
      const list = state.pulls.filter(
        (p) =>
          (wanted === 'all' || p.state === wanted) &&
          (!head || `${p.head.owner}:${p.head.ref}` === head) &&
          (!baseRef || p.base.ref === baseRef),
      );
      send(res, 200, list.map(pullJson));
    } else if (req.method === 'POST' && route === '/pulls') {
      const input = body as { title: string; body: string; head: string; base: string; draft?: boolean };
      const headRef = input.head.includes(':') ? input.head.split(':')[1]! : input.head;
      if (!state.branches[headRef]) {
        send(res, 422, {
          message: 'Validation Failed',
          errors: [{ resource: 'PullRequest', field: 'head', code: 'invalid' }],
        });
        return;
      }
      if (state.pulls.some((p) => p.state === 'open' && p.head.ref === headRef && p.base.ref === input.base)) {
        send(res, 422, { message: `Validation Failed: A pull request already exists for ${state.owner}:${headRef}.` });
        return;
      }
      const pull: FakePull = {
        number: state.pulls.length + 1,
        title: input.title,
        body: input.body,
        head: { ref: headRef, owner: state.owner, sha: state.branches[headRef]!.sha },
        base: { ref: input.base },
        draft: input.draft ?? false,
        state: 'open',
      };
      state.pulls.push(pull);
      send(res, 201, pullJson(pull));
    } else if (req.method === 'PATCH' && (m = /^\/pulls\/(\d+)$/.exec(route))) {
      const pull = state.pulls.find((p) => p.number === Number(m![1]));
      if (!pull) {
        send(res, 404, { message: 'Not Found' });
        return;
      }
      const input = body as { title?: string; body?: string };
      if (input.title !== undefined) pull.title = input.title;
      if (input.body !== undefined) pull.body = input.body;
      send(res, 200, pullJson(pull));
    } else if (req.method === 'POST' && (m = /^\/actions\/workflows\/([^/]+)\/dispatches$/.exec(route))) {
      const input = body as { ref?: string; inputs?: unknown };
      if (!input?.ref) {
        send(res, 422, { message: 'Invalid request: ref is required' });
        return;
      }
      state.dispatches.push({
        workflow: decodeURIComponent(m[1]!),
        ref: input.ref,
        ...(input.inputs ? { inputs: input.inputs } : {}),
      });
      send(res, 204);
      for (const handler of dispatchHandlers) handler({ workflow: decodeURIComponent(m[1]!), ref: input.ref });
    } else if (req.method === 'GET' && route === '/actions/runs') {
      // As the real API: filters by head_sha, branch, event and status; newest first.
      const q = url.searchParams;
      const list = state.runs
        .filter(
          (r) =>
            (!q.get('head_sha') || r.head_sha === q.get('head_sha')) &&
            (!q.get('branch') || r.head_branch === q.get('branch')) &&
            (!q.get('event') || r.event === q.get('event')),
        )
        .reverse();
      send(res, 200, { total_count: list.length, workflow_runs: list.map((r) => runJson(r, req.headers.host!)) });
    } else if (req.method === 'GET' && (m = /^\/actions\/runs\/(\d+)$/.exec(route))) {
      const found = state.runs.find((r) => r.id === Number(m![1]));
      if (!found) send(res, 404, { message: 'Not Found' });
      else send(res, 200, runJson(found, req.headers.host!));
    } else if (req.method === 'GET' && (m = /^\/actions\/runs\/(\d+)\/jobs$/.exec(route))) {
      const found = state.runs.find((r) => r.id === Number(m![1]));
      if (!found) send(res, 404, { message: 'Not Found' });
      else
        send(res, 200, {
          total_count: found.jobs.length,
          jobs: found.jobs.map((j) => ({
            ...j,
            run_id: found.id,
            head_sha: found.head_sha,
            html_url: `${htmlRepo}/actions/runs/${found.id}/job/${j.id}`,
          })),
        });
    } else if (req.method === 'GET' && (m = /^\/actions\/runs\/(\d+)\/artifacts$/.exec(route))) {
      const all = state.artifacts[Number(m[1])] ?? [];
      const perPage = Number(url.searchParams.get('per_page') ?? 30);
      const page = Number(url.searchParams.get('page') ?? 1);
      const slice = all.slice((page - 1) * perPage, page * perPage);
      const headers: Record<string, string> = {};
      if (page * perPage < all.length) {
        const next = new URL(`http://${req.headers.host}${url.pathname}`);
        next.searchParams.set('per_page', String(perPage));
        next.searchParams.set('page', String(page + 1));
        headers.link = `<${next.toString()}>; rel="next"`;
      }
      send(
        res,
        200,
        {
          total_count: all.length,
          artifacts: slice.map((a) => ({
            id: a.id,
            name: a.name,
            size_in_bytes: a.sizeInBytes ?? a.zip.length,
            expired: a.expired ?? false,
            archive_download_url: `http://${req.headers.host}${base}/actions/artifacts/${a.id}/zip`,
          })),
        },
        headers,
      );
    } else if (req.method === 'GET' && (m = /^\/actions\/artifacts\/(\d+)\/zip$/.exec(route))) {
      const exists = Object.values(state.artifacts)
        .flat()
        .some((a) => a.id === Number(m![1]));
      if (!exists) send(res, 404, { message: 'Not Found' });
      else send(res, 302, undefined, { location: `${blobUrl}/blob/${m[1]}?sig=signed` });
    } else {
      send(res, 404, { message: 'Not Found', documentation_url: 'https://docs.github.com/rest' });
    }
  });
  const url = await listen(apiServer);

  return {
    url,
    blobUrl,
    state,
    requests,
    blobRequests,
    onDispatch(handler) {
      dispatchHandlers.push(handler);
    },
    override(method, path, status, message = 'Resource not accessible by integration') {
      overrides.push({
        method,
        path,
        status,
        body: { message, documentation_url: 'https://docs.github.com/rest', status: String(status) },
      });
    },
    close: () =>
      Promise.all(
        [apiServer, blob].map(
          (s) =>
            new Promise<void>((resolve) => {
              s.closeAllConnections();
              s.close(() => resolve());
            }),
        ),
      ).then(() => undefined),
  };
}
