import { request } from 'undici';

export interface ConsoleAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  json: any;
  text: string;
}

/**
 * A signed-in console user talking to a node over real HTTP, as the page does: the session
 * cookie, and the CSRF token on every state-changing call.
 */
export class ConsoleClient {
  constructor(
    readonly baseUrl: string,
    /** `vp_session=…`, for a request made by other means (a raw socket). */
    readonly cookie: string,
    readonly csrf: string,
  ) {}

  async call(
    method: string,
    path: string,
    body?: unknown,
    opts: { csrf?: boolean; headers?: Record<string, string> } = {},
  ): Promise<ConsoleAnswer> {
    return consoleCall(this.baseUrl, method, path, body, {
      cookie: this.cookie,
      csrf: opts.csrf === false ? undefined : this.csrf,
      headers: opts.headers,
    });
  }

  get = (path: string) => this.call('GET', path);
  post = (path: string, body: unknown = {}) => this.call('POST', path, body);
  patch = (path: string, body: unknown) => this.call('PATCH', path, body);
  put = (path: string, body: unknown) => this.call('PUT', path, body);
}

export async function consoleCall(
  baseUrl: string,
  method: string,
  path: string,
  body?: unknown,
  auth: { cookie?: string; csrf?: string; headers?: Record<string, string> } = {},
): Promise<ConsoleAnswer> {
  const headers: Record<string, string> = { ...auth.headers };
  if (auth.cookie) headers.cookie = auth.cookie;
  if (auth.csrf && method !== 'GET') headers['x-csrf-token'] = auth.csrf;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await request(`${baseUrl}${path}`, {
    method: method as 'GET',
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.body.text();
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    json = null;
  }
  return { status: res.statusCode, headers: res.headers, json, text };
}

function sessionCookieOf(headers: Record<string, string | string[] | undefined>): string {
  const set = [headers['set-cookie']].flat().filter((v): v is string => typeof v === 'string');
  const cookie = set.map((c) => c.split(';')[0]).find((c) => c.startsWith('vp_session='));
  if (!cookie) throw new Error('no session cookie in the answer');
  return cookie;
}

/** First-run setup on a fresh node: the first admin, acting for DEMO. */
export async function setupFirstAdmin(
  baseUrl: string,
  username: string,
  password: string,
): Promise<ConsoleClient> {
  const r = await consoleCall(baseUrl, 'POST', '/console/setup', {
    username,
    password,
    merchant_code: 'DEMO',
  });
  if (r.status !== 200) throw new Error(`setup failed: ${r.status} ${r.text}`);
  return new ConsoleClient(baseUrl, sessionCookieOf(r.headers), r.json.csrf_token);
}

export async function consoleLogin(
  baseUrl: string,
  username: string,
  password: string,
): Promise<ConsoleClient> {
  const r = await consoleCall(baseUrl, 'POST', '/console/login', { username, password });
  if (r.status !== 200) throw new Error(`login failed: ${r.status} ${r.text}`);
  return new ConsoleClient(baseUrl, sessionCookieOf(r.headers), r.json.csrf_token);
}
