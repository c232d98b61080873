import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';

/** One request the stripe SDK sent, its form body flattened as sent (`line_items[0][price_data][unit_amount]`). */
export interface StripeRequest {
  method: string;
  path: string;
  form: Record<string, string>;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
}

interface StandInSession {
  id: string;
  object: 'checkout.session';
  mode: string;
  url: string;
  status: 'open' | 'complete';
  payment_status: 'unpaid' | 'paid';
  client_reference_id: string | null;
  metadata: Record<string, string>;
  customer: string | null;
  subscription: string | null;
  subscriptionMetadata: Record<string, string>;
}

interface StandInSubscription {
  id: string;
  object: 'subscription';
  status: 'active' | 'canceled';
  customer: string;
  metadata: Record<string, string>;
}

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/** `metadata[userId]=u1` → `{userId: 'u1'}` for one bracketed prefix. */
const nested = (form: Record<string, string>, prefix: string) =>
  Object.fromEntries(
    Object.entries(form)
      .filter(([key]) => key.startsWith(`${prefix}[`))
      .map(([key, value]) => [key.slice(prefix.length + 1, -1), value]),
  );

/**
 * A small local stand-in of the Stripe API, spoken to by the real `stripe` SDK over HTTP (STRIPE_API_URL):
 * Checkout sessions (create, retrieve), subscription cancel, and what a customer does on Stripe's page
 * (`completeCheckout`). It keeps every request so tests can say what reached Stripe.
 */
export class StripeStandIn {
  readonly requests: StripeRequest[] = [];
  readonly sessions = new Map<string, StandInSession>();
  readonly subscriptions = new Map<string, StandInSubscription>();
  /** While true, every call answers 500 (Stripe down). */
  failing = false;
  /** While set, a subscription cancel waits for `release` before Stripe answers it (see `holdCancels`). */
  private cancelGate: { held: () => void; released: Promise<void> } | undefined;
  /** Stripe answers a POST repeated with the same Idempotency-Key with the first answer. */
  private readonly idempotent = new Map<string, { status: number; json: unknown }>();
  private constructor(
    private readonly server: http.Server,
    readonly url: string,
  ) {}

  static async start(): Promise<StripeStandIn> {
    // Assigned once the server listens (its address names the stand-in); the handler reads it on each request.
    // eslint-disable-next-line prefer-const
    let standIn: StripeStandIn | undefined;
    const server = http.createServer((req, res) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => standIn!.handle(req, body, res));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    standIn = new StripeStandIn(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    return standIn;
  }

  /** The customer pays on Stripe's page: the session completes and a subscription starts. */
  completeCheckout(checkoutSessionId: string): { session: StandInSession; subscription: StandInSubscription } {
    const session = this.sessions.get(checkoutSessionId);
    if (!session) throw new Error(`no session ${checkoutSessionId}`);
    const subscription: StandInSubscription = {
      id: newId('sub'),
      object: 'subscription',
      status: 'active',
      customer: newId('cus'),
      metadata: session.subscriptionMetadata,
    };
    this.subscriptions.set(subscription.id, subscription);
    Object.assign(session, { status: 'complete', payment_status: 'paid', customer: subscription.customer, subscription: subscription.id });
    return { session, subscription };
  }

  /**
   * Holds the next subscription cancels (DELETE /v1/subscriptions/:id) until `release()`, as a slow Stripe would:
   * `held` resolves once one is waiting, so a test can do something while a cancel is half done.
   */
  holdCancels(): { held: Promise<void>; release(): void } {
    let held!: () => void;
    let release!: () => void;
    const heldPromise = new Promise<void>((resolve) => (held = resolve));
    const released = new Promise<void>((resolve) => (release = resolve));
    this.cancelGate = { held, released };
    return {
      held: heldPromise,
      release: () => {
        this.cancelGate = undefined;
        release();
      },
    };
  }

  /** The session as Stripe's API shows it (what a webhook's data.object holds). */
  sessionObject(checkoutSessionId: string) {
    const { subscriptionMetadata: _metadata, ...session } = this.sessions.get(checkoutSessionId)!;
    return session;
  }

  requestsTo(method: string, path: string | RegExp) {
    return this.requests.filter((r) => r.method === method && (typeof path === 'string' ? r.path === path : path.test(r.path)));
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private handle(req: http.IncomingMessage, body: string, res: http.ServerResponse) {
    const path = (req.url ?? '').split('?')[0]!;
    const form = Object.fromEntries(new URLSearchParams(body));
    this.requests.push({
      method: req.method ?? '',
      path,
      form,
      idempotencyKey: req.headers['idempotency-key'] as string | undefined,
      authorization: req.headers.authorization,
    });
    const key = req.method === 'POST' ? (req.headers['idempotency-key'] as string | undefined) : undefined;
    const earlier = key === undefined ? undefined : this.idempotent.get(key);
    const send = (status: number, json: unknown) => {
      if (key !== undefined && status < 500) this.idempotent.set(key, { status, json });
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req') });
      res.end(JSON.stringify(json));
    };
    const missing = (what: string) =>
      send(404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}` } });
    if (earlier) return send(earlier.status, earlier.json);
    if (this.failing) return send(500, { error: { type: 'api_error', message: 'stand-in is failing on purpose' } });

    let match: RegExpExecArray | null;
    if (req.method === 'POST' && path === '/v1/checkout/sessions') {
      const id = newId('cs_test');
      const session: StandInSession = {
        id,
        object: 'checkout.session',
        mode: form.mode ?? 'payment',
        url: `https://checkout.stripe.test/c/pay/${id}`,
        status: 'open',
        payment_status: 'unpaid',
        client_reference_id: form.client_reference_id ?? null,
        metadata: nested(form, 'metadata'),
        customer: null,
        subscription: null,
        subscriptionMetadata: nested(form, 'subscription_data[metadata]'),
      };
      this.sessions.set(id, session);
      return send(200, this.sessionObject(id));
    }
    if (req.method === 'GET' && (match = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path))) {
      return this.sessions.has(match[1]!) ? send(200, this.sessionObject(match[1]!)) : missing('checkout.session');
    }
    if (req.method === 'DELETE' && (match = /^\/v1\/subscriptions\/([^/]+)$/.exec(path))) {
      const gate = this.cancelGate;
      if (gate) {
        gate.held();
        void gate.released.then(() => this.handle(req, body, res));
        this.requests.pop(); // recorded again when it is answered
        return;
      }
      const subscription = this.subscriptions.get(match[1]!);
      if (!subscription) return missing('subscription');
      subscription.status = 'canceled';
      return send(200, subscription);
    }
    send(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${path})` } });
  }
}

/** A Stripe event as Stripe posts it to the webhook, with a real signature for `secret`. */
export function signedStripeEvent(type: string, object: unknown, secret: string, id = newId('evt')) {
  const payload = JSON.stringify({ id, object: 'event', api_version: Stripe.API_VERSION, created: Math.floor(Date.now() / 1000), type, data: { object }, livemode: false });
  return { id, payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret }) };
}
