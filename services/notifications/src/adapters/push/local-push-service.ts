import { createECDH, createPublicKey, type ECDH, randomBytes, randomUUID, verify } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decryptWebPush } from './decrypt.ts';

/** One message the stand-in received, opened as the device would open it. */
export interface ReceivedPush {
  receivedAt: string;
  ttl: number;
  urgency: string | null;
  /** The decrypted payload, exactly as the service worker would read it. */
  payload: string;
  /** The verified VAPID claims. */
  vapid: { aud: string; sub: string };
}

interface Device {
  keys: ECDH;
  auth: Buffer;
  messages: ReceivedPush[];
}

export interface LocalPushService {
  /** `http://127.0.0.1:<port>`: subscriptions' endpoints start with it. */
  url: string;
  close(): Promise<void>;
}

const MAX_BODY = 8192;

/**
 * Embedded mode's stand-in for a browser vendor's push service (RFC 8030), on loopback only, so the
 * product and its browser test send real Web Push without reaching Google or Mozilla:
 *
 * - `POST /subscriptions` makes a device: a P-256 key pair and an auth secret, kept here, and
 *   answers the PushSubscription JSON a browser would give the page;
 * - `POST /push/:id` is the endpoint: the VAPID JWT must verify under `vapidPublicKey` for this
 *   origin, and the body must decrypt with the device's keys (RFC 8291), else it is refused;
 * - `DELETE /subscriptions/:id` forgets the device, after which its endpoint answers 410 Gone, as a
 *   real push service does for an unsubscribed browser;
 * - `GET /messages?subscription=<id>` lists what the device received.
 */
export async function startLocalPushService(options: {
  vapidPublicKey: string;
  port?: number;
}): Promise<LocalPushService> {
  const devices = new Map<string, Device>();
  const server = createServer((req, res) => {
    handle(req, res).catch(() => answer(res, 500, { detail: 'stand-in failure' }));
  });
  let origin = '';

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', origin);
    const [, first, id] = url.pathname.split('/');
    if (req.method === 'POST' && first === 'subscriptions' && !id) {
      const keys = createECDH('prime256v1');
      keys.generateKeys();
      const device = { keys, auth: randomBytes(16), messages: [] };
      const deviceId = randomUUID();
      devices.set(deviceId, device);
      return answer(res, 201, {
        endpoint: `${origin}/push/${deviceId}`,
        expirationTime: null,
        keys: { p256dh: keys.getPublicKey().toString('base64url'), auth: device.auth.toString('base64url') },
      });
    }
    if (req.method === 'DELETE' && first === 'subscriptions' && id) {
      devices.delete(id);
      return answer(res, 204);
    }
    if (req.method === 'GET' && first === 'messages') {
      const device = devices.get(url.searchParams.get('subscription') ?? '');
      return device ? answer(res, 200, device.messages) : answer(res, 404, { detail: 'no such device' });
    }
    if (req.method === 'POST' && first === 'push' && id) {
      const body = await readBody(req);
      const device = devices.get(id);
      if (!device) return answer(res, 410, { detail: 'subscription gone' });
      const vapid = verifyVapid(req.headers.authorization, origin, options.vapidPublicKey);
      if (!vapid) return answer(res, 403, { detail: 'VAPID authorization does not verify' });
      const ttl = Number(req.headers.ttl);
      if (!Number.isInteger(ttl) || ttl < 0) return answer(res, 400, { detail: 'TTL header required' });
      if (req.headers['content-encoding'] !== 'aes128gcm' || !body)
        return answer(res, 400, { detail: 'aes128gcm payload required' });
      let payload: string;
      try {
        payload = decryptWebPush(body, device.keys, device.auth);
      } catch {
        return answer(res, 400, { detail: 'payload does not decrypt' });
      }
      const urgency = typeof req.headers.urgency === 'string' ? req.headers.urgency : null;
      device.messages.push({ receivedAt: new Date().toISOString(), ttl, urgency, payload, vapid });
      return answer(res, 201);
    }
    answer(res, 404, { detail: 'not found' });
  }

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: origin,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function answer(res: ServerResponse, status: number, body?: unknown): void {
  res.statusCode = status;
  if (body === undefined) {
    res.end();
    return;
  }
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY) return null;
    chunks.push(chunk);
  }
  return size === 0 ? null : Buffer.concat(chunks);
}

/**
 * `Authorization: vapid t=<JWT>, k=<public key>` (RFC 8292): the key must be the product's, the
 * ES256 signature must hold under it, the audience must be this origin and the expiry at most a
 * day ahead. Returns the claims, or null.
 */
export function verifyVapid(
  header: string | undefined,
  origin: string,
  expectedKey: string,
): { aud: string; sub: string } | null {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match || match[2] !== expectedKey) return null;
  const [head, claims, signature] = match[1]!.split('.');
  if (!head || !claims || !signature) return null;
  try {
    const raw = Buffer.from(expectedKey, 'base64url');
    const key = createPublicKey({
      key: {
        kty: 'EC',
        crv: 'P-256',
        x: raw.subarray(1, 33).toString('base64url'),
        y: raw.subarray(33, 65).toString('base64url'),
      },
      format: 'jwk',
    });
    const signed = verify(
      'sha256',
      Buffer.from(`${head}.${claims}`),
      { key, dsaEncoding: 'ieee-p1363' },
      Buffer.from(signature, 'base64url'),
    );
    const header = JSON.parse(Buffer.from(head, 'base64url').toString()) as { alg?: string };
    const body = JSON.parse(Buffer.from(claims, 'base64url').toString()) as {
      aud?: string;
      exp?: number;
      sub?: string;
    };
    const now = Date.now() / 1000;
    if (!signed || header.alg !== 'ES256' || body.aud !== origin || typeof body.sub !== 'string') return null;
    if (typeof body.exp !== 'number' || body.exp < now || body.exp > now + 24 * 3600 + 60) return null;
    return { aud: body.aud, sub: body.sub };
  } catch {
    return null;
  }
}
