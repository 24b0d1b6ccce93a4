/**
 * The VAPID key pair that identifies this deployment to push services: VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY when
 * configured (every instance of a deployment must use the same pair: a device's subscription is bound to the
 * public key), otherwise one generated on first start and kept in DATA_DIR, like the media secret.
 */
import fs from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const VAPID_KEYS_FILE = 'vapid-keys.json';

export function resolveVapidKeys(configured: VapidKeys | undefined, dataDir: string): VapidKeys {
  if (configured) return configured;
  const file = path.join(dataDir, VAPID_KEYS_FILE);
  try {
    const saved = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<VapidKeys>;
    if (typeof saved.publicKey === 'string' && typeof saved.privateKey === 'string') {
      return { publicKey: saved.publicKey, privateKey: saved.privateKey };
    }
  } catch {
    // Not there yet (or unreadable): a new pair is made below.
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const keys = webpush.generateVAPIDKeys();
  fs.writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  return keys;
}
