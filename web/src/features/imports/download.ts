/**
 * Fetches a file with the bearer token and hands it to the browser as a download: a plain link cannot carry the
 * token. Throws on a refusal, for the caller to say so.
 */
export async function downloadWithToken(url: string, token: string | null, fallbackName: string): Promise<void> {
  const res = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!res.ok) throw new Error(String(res.status));
  const name = /filename=([^;]+)/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const href = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = href;
  link.download = name.replace(/"/g, '');
  link.click();
  URL.revokeObjectURL(href);
}
