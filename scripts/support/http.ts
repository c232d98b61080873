/** How a request is sent: `json` as the body, or a raw `body` (sent as JSON); `token` as the bearer. */
export interface CallOptions {
  json?: unknown;
  body?: string;
  token?: string;
  headers?: Record<string, string>;
}

/** The answer: its status and headers, the body parsed as JSON (the text itself when it is not JSON), and the text. */
export interface CallAnswer {
  status: number;
  body: any;
  headers: Headers;
  text: string;
}

export type JsonCall = (method: string, path: string, options?: CallOptions) => Promise<CallAnswer>;

/** fetch against `baseUrl`, redirects not followed, for tests and the bench. */
export const jsonCall =
  (baseUrl: string): JsonCall =>
  async (method, p, options = {}) => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body = options.body;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    } else if (body !== undefined && !headers['content-type']) headers['content-type'] = 'application/json';
    const res = await fetch(baseUrl + p, { method, headers, body, redirect: 'manual' });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      /* not JSON: keep the text */
    }
    return { status: res.status, body: parsed, headers: res.headers, text };
  };
