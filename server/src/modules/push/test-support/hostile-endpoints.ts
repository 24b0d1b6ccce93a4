/**
 * Endpoint forms that must never reach a push: each with the message subscribing it answers. `HOST` stands for
 * an inside IPv4 address (the API test puts its loopback TLS listener there).
 */
import { PUSH_TEXTS } from '#common/push';

const HOST = '127.0.0.2';

/** Text a host name would hide behind: the host is read differently by the WHATWG and the legacy parser. */
const SPLITTERS = [';', '`', "'", '"', '{'];

export function hostileEndpoints(host = HOST): { endpoint: string; message: string }[] {
  const [a, b, c, d] = host.split('.').map(Number) as [number, number, number, number];
  const asNumber = ((a << 24) >>> 0) + (b << 16) + (c << 8) + d;
  const bad = PUSH_TEXTS.badEndpoint;
  const address = PUSH_TEXTS.endpointAddress;
  return [
    ...SPLITTERS.map((splitter) => ({ endpoint: `https://${host}${splitter}.example.com/x`, message: bad })),
    { endpoint: `https://169.254.169.254;.example.com/latest`, message: bad },
    { endpoint: `https://10.0.0.1;.x.com/`, message: bad },
    { endpoint: `https://fcm.googleapis.com\\@${host}/x`, message: bad },
    { endpoint: `https://fcm.googleapis.com@${host}/x`, message: bad },
    { endpoint: `https://${host}/x`, message: address },
    { endpoint: `https://${asNumber}/x`, message: address },
    { endpoint: `https://0x${asNumber.toString(16)}/x`, message: address },
    { endpoint: `https://0${a.toString(8)}.${b}.${c}.${d}/x`, message: address },
    { endpoint: `https://${a}.${(b << 16) + (c << 8) + d}/x`, message: address },
    ...[
      '::7f00:1',
      '::a00:1',
      '::1',
      '::',
      `::ffff:${host}`,
      '64:ff9b::a9fe:a9fe',
      '64:ff9b:1::a9fe:a9fe',
      '2002:7f00:1::',
      '2001::1',
      '2001:db8::1',
      '100::1',
      'fe80::1',
      'fd00::1',
      '2606:4700::1111',
    ].map((ip) => ({ endpoint: `https://[${ip}]/x`, message: address })),
    { endpoint: 'https://localtest.me/x', message: PUSH_TEXTS.endpointHost },
    { endpoint: `https://${host}.nip.io/x`, message: PUSH_TEXTS.endpointHost },
    { endpoint: 'https://evil.example.com/x', message: PUSH_TEXTS.endpointHost },
    { endpoint: 'https://fcm.googleapis.com.evil.example/x', message: PUSH_TEXTS.endpointHost },
    { endpoint: 'https://evilpush.apple.com/x', message: PUSH_TEXTS.endpointHost },
    { endpoint: 'https://fcm.googleapis.com:22/x', message: PUSH_TEXTS.endpointPort },
    { endpoint: 'https://fcm.googleapis.com:8443/x', message: PUSH_TEXTS.endpointPort },
    { endpoint: 'https://fcm.googleapis.com:0443/x', message: PUSH_TEXTS.endpointPort },
    { endpoint: 'http://fcm.googleapis.com/fcm/send/x', message: bad },
    { endpoint: 'https://user:pw@fcm.googleapis.com/x', message: bad },
    { endpoint: 'https://fcm.googleapis.com./x', message: bad },
    { endpoint: ' https://fcm.googleapis.com/x', message: bad },
    { endpoint: 'https://fcm.goog\tleapis.com/x', message: bad },
    { endpoint: 'file:///etc/passwd', message: bad },
    { endpoint: 'not a url', message: bad },
  ];
}

/** Sound keys (a real P-256 point and a 16-byte secret). */
export const GOOD_KEYS = {
  p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
  auth: 'tBHItJI5svbpez7KI4CCXg',
};

/** Keys that are not keys, with the message each answers. */
export function badKeys(): { keys: { p256dh: string; auth: string }; message: string }[] {
  const point = Buffer.from(GOOD_KEYS.p256dh, 'base64url');
  const offCurve = Buffer.from(point);
  offCurve[64]! ^= 1;
  const compressed = Buffer.concat([Buffer.from([0x02 + (point[64]! & 1)]), point.subarray(1, 33)]);
  const noPrefix = Buffer.from(point);
  noPrefix[0] = 0x05;
  return [
    { keys: { ...GOOD_KEYS, p256dh: 'AAAA' }, message: PUSH_TEXTS.badP256dh },
    { keys: { ...GOOD_KEYS, p256dh: offCurve.toString('base64url') }, message: PUSH_TEXTS.badP256dh },
    { keys: { ...GOOD_KEYS, p256dh: compressed.toString('base64url') }, message: PUSH_TEXTS.badP256dh },
    { keys: { ...GOOD_KEYS, p256dh: noPrefix.toString('base64url') }, message: PUSH_TEXTS.badP256dh },
    { keys: { ...GOOD_KEYS, p256dh: Buffer.alloc(65).toString('base64url') }, message: PUSH_TEXTS.badP256dh },
    { keys: { ...GOOD_KEYS, auth: 'AAAA' }, message: PUSH_TEXTS.badAuth },
    { keys: { ...GOOD_KEYS, auth: Buffer.alloc(17, 1).toString('base64url') }, message: PUSH_TEXTS.badAuth },
    { keys: { ...GOOD_KEYS, auth: Buffer.alloc(15, 1).toString('base64url') }, message: PUSH_TEXTS.badAuth },
  ];
}
