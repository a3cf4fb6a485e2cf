/**
 * A stand-in for a browser push service (RFC 8030), run by a test on loopback, and the two checks
 * a browser's push service and the browser make on what it receives, written from the RFCs
 * rather than with the sender's library:
 * - the VAPID signature (RFC 8292): `Authorization: vapid t=<JWT>, k=<public key>`, an ES256 JWT
 *   whose audience is the push service's origin, verified against the key in `k`;
 * - the payload encryption (RFC 8291, `Content-Encoding: aes128gcm`, RFC 8188): decrypted with
 *   the device's private key and auth secret, as the browser does before the 'push' event.
 * The stand-in answers each device's endpoint with the status the test sets (201 by default), so
 * a test can play an expired (404/410) or failing (503) subscription.
 */
import { createDecipheriv, hkdfSync, type ECDH } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { importJWK, jwtVerify, type JWTPayload } from 'jose';

export interface ReceivedPush {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  at: number;
}

export interface PushService {
  origin: string;
  received: ReceivedPush[];
  /** The status the endpoint with this path answers from now on. */
  answer(path: string, status: number): void;
  close(): Promise<void>;
}

export async function startPushService(): Promise<PushService> {
  const received: ReceivedPush[] = [];
  const statuses = new Map<string, number>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = req.url ?? '/';
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks), at: performance.now() });
      res.writeHead(statuses.get(path) ?? 201, { Location: `${path}/message` }).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    received,
    answer: (path, status) => statuses.set(path, status),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** RFC 8291 section 3.4 and RFC 8188: the plaintext of an aes128gcm body for the device's keys. */
export function decryptPush(body: Buffer, device: ECDH, authSecret: Buffer): Buffer {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20];
  const serverKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  if (idLength !== 65 || serverKey[0] !== 4) throw new Error('keyid is not an uncompressed P-256 public key');
  if (record.length > recordSize) throw new Error('more than one record');
  const ecdhSecret = device.computeSecret(serverKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), device.getPublicKey(), serverKey]);
  const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('the last record does not end with the 0x02 delimiter');
  return padded.subarray(0, end);
}

/** RFC 8292: the VAPID JWT of a request, verified with ES256 against its own `k`; answers the claims and the key. */
export async function verifyVapid(
  headers: http.IncomingHttpHeaders,
  audience: string,
): Promise<{ claims: JWTPayload; publicKey: string; alg: string }> {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+),\s*k=([\w-]+)$/.exec(headers.authorization ?? '');
  if (!match) throw new Error(`no VAPID authorization: ${headers.authorization}`);
  const [, token, publicKey] = match;
  const raw = Buffer.from(publicKey, 'base64url');
  if (raw.length !== 65 || raw[0] !== 4) throw new Error('k is not an uncompressed P-256 public key');
  const key = await importJWK(
    {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33).toString('base64url'),
    },
    'ES256',
  );
  const { payload, protectedHeader } = await jwtVerify(token, key, { audience, algorithms: ['ES256'] });
  return { claims: payload, publicKey, alg: protectedHeader.alg };
}
