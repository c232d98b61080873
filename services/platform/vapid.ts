import fs from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';
import type { Config } from './config.js';

/** The key pair that signs Web Push requests (VAPID), and who the push services may contact about them. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/**
 * VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when set; otherwise a pair generated on first start and kept in
 * DATA_DIR/vapid/, like the session secret. Every process of one deployment reads the same pair (the environment's,
 * or one shared directory), so the key a device subscribed with is the key its pushes are signed with.
 */
export function loadVapidKeys(config: Pick<Config, 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY' | 'VAPID_SUBJECT' | 'dataDir'>): VapidKeys {
  const subject = config.VAPID_SUBJECT;
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY) return { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY, subject };
  // A directory of its own, so separate services can share it as a volume (docker-compose.yml) without the rest of DATA_DIR.
  const dir = path.join(config.dataDir, 'vapid');
  const file = path.join(dir, 'keys.json');
  fs.mkdirSync(dir, { recursive: true });
  if (!fs.existsSync(file)) {
    // Written aside and linked into place: a process starting beside this one reads the whole pair or none.
    const aside = `${file}.${process.pid}`;
    fs.writeFileSync(aside, JSON.stringify(webpush.generateVAPIDKeys()), { mode: 0o600 });
    try {
      fs.linkSync(aside, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      fs.rmSync(aside, { force: true });
    }
  }
  const { publicKey, privateKey } = JSON.parse(fs.readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
  return { publicKey, privateKey, subject };
}
