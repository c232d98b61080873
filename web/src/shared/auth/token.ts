/** The session token (docs/product.md#what-the-app-keeps-and-answers): kept in localStorage under `token`; its payload carries exp, name and role. */
export const TOKEN_KEY = 'token';

export interface TokenClaims {
  sub: string;
  name: string;
  role: number;
  /** Expiry in seconds since the epoch. */
  exp: number;
}

/** The claims of a JWT, or undefined when it cannot be read or lacks what a session token has. */
export function decodeToken(token: string): TokenClaims | undefined {
  const part = token.split('.')[1];
  if (!part) return undefined;
  try {
    const json = atob(part.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(part.length / 4) * 4, '='));
    const claims = JSON.parse(decodeURIComponent(escape(json))) as Partial<TokenClaims>;
    if (typeof claims.exp !== 'number' || typeof claims.role !== 'number' || typeof claims.sub !== 'string') return undefined;
    return { sub: claims.sub, name: String(claims.name ?? ''), role: claims.role, exp: claims.exp };
  } catch {
    return undefined;
  }
}

/**
 * The last token read and its claims. The claims are selected from the store on every change to it (selectClaims),
 * and the same token must give the same object: a new one each time would render every reader again on any action.
 */
let lastRead: { token: string; claims: TokenClaims | undefined } | undefined;

/** A token that is present, readable and not expired at `nowMs`; anything else counts as signed out (docs/product.md#how-things-change). */
export function validClaims(token: string | null, nowMs = Date.now()): TokenClaims | undefined {
  if (!token) return undefined;
  if (lastRead?.token !== token) lastRead = { token, claims: decodeToken(token) };
  const { claims } = lastRead;
  return claims && claims.exp * 1000 > nowMs ? claims : undefined;
}

/** Reads the stored token; an expired or undecodable one is removed silently (docs/product.md#how-things-change, docs/product.md#what-the-user-is-told-when-something-fails). */
export function storedToken(storage: Pick<Storage, 'getItem' | 'removeItem'> = localStorage, nowMs = Date.now()): string | null {
  const token = storage.getItem(TOKEN_KEY);
  if (token && !validClaims(token, nowMs)) {
    storage.removeItem(TOKEN_KEY);
    return null;
  }
  return token;
}

/**
 * The `signed_in` cookie: a hint with no secret in it (the token stays in localStorage), read by the server, the
 * worker and deploy/nginx.conf to answer `/` with the prerendered landing page to visitors and the app shell to
 * everyone else. It lives as long as the token. A stale hint costs only a repaint: main.tsx renders what the token says.
 */
export const SIGNED_IN_COOKIE = 'signed_in';

export function markSignedIn(token: string | null, nowMs = Date.now()): void {
  if (typeof document === 'undefined') return;
  const claims = validClaims(token, nowMs);
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  const life = claims ? Math.floor(claims.exp - nowMs / 1000) : 0;
  document.cookie = `${SIGNED_IN_COOKIE}=${claims ? '1' : ''}; Path=/; Max-Age=${life}; SameSite=Lax${secure}`;
}
