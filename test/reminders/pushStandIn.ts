import { createDecipheriv, createECDH, hkdfSync, randomBytes, type ECDH } from 'node:crypto';
import fs from 'node:fs';
import type http from 'node:http';
import https from 'node:https';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';

/** One push the stand-in took: which device, the VAPID authorization, and the payload decrypted with the device's keys. */
export interface ReceivedPush {
  device: string;
  authorization: string | undefined;
  ttl: string | undefined;
  payload: Record<string, unknown> | undefined;
}

/** A browser's side of a push subscription: its key pair and auth secret, and the JSON it would POST. */
export class PushDevice {
  readonly ecdh: ECDH = createECDH('prime256v1');
  readonly auth = randomBytes(16);
  constructor(readonly endpoint: string) {
    this.ecdh.generateKeys();
  }
  get subscription() {
    return { endpoint: this.endpoint, keys: { p256dh: this.ecdh.getPublicKey().toString('base64url'), auth: this.auth.toString('base64url') } };
  }

  /** RFC 8291 (aes128gcm, one record): what the application server encrypted for this device. */
  decrypt(body: Buffer): string {
    const salt = body.subarray(0, 16);
    const idLength = body.readUInt8(20);
    const serverKey = body.subarray(21, 21 + idLength);
    const ciphertext = body.subarray(21 + idLength);
    const shared = this.ecdh.computeSecret(serverKey);
    const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), this.ecdh.getPublicKey(), serverKey]);
    const ikm = Buffer.from(hkdfSync('sha256', shared, this.auth, keyInfo, 32));
    const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
    const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
    const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
    decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
    const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
    // The last record ends with the delimiter 0x02, then zero padding.
    return padded.subarray(0, padded.lastIndexOf(2)).toString('utf8');
  }
}

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');
const cert = fs.readFileSync(path.join(fixtures, 'push-standin.crt'));

/**
 * A local stand-in for a push service (RFC 8030), started by the test on a free port, so the real `web-push`
 * library speaks real HTTPS to it (web-push speaks nothing else): it keeps each push, decrypted for its device, and
 * answers 201, or 410 for a device it was told is gone. While it runs, this process's HTTPS trusts its certificate
 * alone; `close` gives the trust back.
 */
export class PushStandIn {
  readonly pushes: ReceivedPush[] = [];
  readonly gone = new Set<string>();
  private readonly devices = new Map<string, PushDevice>();
  private readonly server = https.createServer({ cert, key: fs.readFileSync(path.join(fixtures, 'push-standin.key')) }, (req, res) => void this.handle(req, res));
  private trusted: https.AgentOptions['ca'];
  url = '';

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `https://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    this.trusted = https.globalAgent.options.ca;
    https.globalAgent.options.ca = cert;
    return this;
  }

  /** A new device whose endpoint is on this stand-in. */
  device(name: string): PushDevice {
    const device = new PushDevice(`${this.url}/push/${name}`);
    this.devices.set(name, device);
    return device;
  }

  pushesTo(name: string): ReceivedPush[] {
    return this.pushes.filter((p) => p.device === name);
  }

  async close(): Promise<void> {
    https.globalAgent.options.ca = this.trusted;
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const name = decodeURIComponent((req.url ?? '').replace(/^\/push\//, ''));
    const device = this.devices.get(name);
    const body = Buffer.concat(chunks);
    const payload = device && body.length > 0 ? (JSON.parse(device.decrypt(body)) as Record<string, unknown>) : undefined;
    this.pushes.push({ device: name, authorization: req.headers.authorization, ttl: req.headers.ttl as string | undefined, payload });
    res.writeHead(!device || this.gone.has(name) ? 410 : 201).end();
  }
}
