/**
 * Authenticator-app codes as GoTrue makes and checks them (pquerna/otp): a 160-bit secret in
 * base32, SHA-1, six digits, 30-second periods, one period of drift either way; the `otpauth://`
 * URI an app reads, and that URI as a QR code in SVG (GoTrue's goqrsvg: error correction H,
 * three-pixel modules). The SVG holds no `#` or `%`, so the `data:image/svg+xml;utf-8,` URI
 * supabase-js wraps it in is valid as it is.
 */
import * as OTPAuth from 'otpauth';
import qrcode from 'qrcode-generator';

const MODULE_PIXELS = 3;
const QUIET_ZONE = 4;

export interface TotpKey {
  secret: string;
  uri: string;
}

export function newTotpKey(issuer: string, accountName: string): TotpKey {
  const secret = new OTPAuth.Secret({ size: 20 });
  const totp = new OTPAuth.TOTP({ issuer, label: accountName, algorithm: 'SHA1', digits: 6, period: 30, secret });
  return { secret: secret.base32, uri: totp.toString() };
}

/** True when `code` is the code of this period or the one before or after it. */
export function totpCodeValid(secret: string, code: string): boolean {
  if (!/^\d{6}$/.test(code)) return false;
  const totp = new OTPAuth.TOTP({
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    secret: OTPAuth.Secret.fromBase32(secret),
  });
  return totp.validate({ token: code, window: 1 }) !== null;
}

/** The URI as an SVG QR code: one path of dark modules on a white square. */
export function qrSvg(text: string): string {
  const qr = qrcode(0, 'H');
  qr.addData(text, 'Byte');
  qr.make();
  const count = qr.getModuleCount();
  const size = (count + QUIET_ZONE * 2) * MODULE_PIXELS;
  const path: string[] = [];
  for (let row = 0; row < count; row++) {
    for (let col = 0; col < count; col++) {
      if (!qr.isDark(row, col)) continue;
      const x = (col + QUIET_ZONE) * MODULE_PIXELS;
      const y = (row + QUIET_ZONE) * MODULE_PIXELS;
      path.push(`M${x} ${y}h${MODULE_PIXELS}v${MODULE_PIXELS}h-${MODULE_PIXELS}z`);
    }
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}" shape-rendering="crispEdges">` +
    `<rect width="${size}" height="${size}" fill="white"/><path fill="black" d="${path.join('')}"/></svg>`
  );
}
