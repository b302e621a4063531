import { ConfigError } from '../../platform/config';

export interface AuthSettings {
  /** Accounts mode: logins, per-person work. Off: one implicit person (local mode). */
  accounts: boolean;
  /** CLASS_CODE: students register with it; when unset a generated code kept in the database (class-settings.ts). */
  classCode: string | null;
  /** Express's "trust proxy": whether X-Forwarded-For / -Proto are believed (behind a TLS proxy). */
  trustProxy: boolean | number | string;
  /** One line for the start-up log when the network shares one identity. */
  warning: string | null;
}

export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || host === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/**
 * ACCOUNTS=on|off, CLASS_CODE, TRUST_PROXY. Accounts are on by default when the judge listens
 * beyond loopback: anyone on the network could otherwise read everyone's code.
 */
export function loadAuthSettings(host: string, env: NodeJS.ProcessEnv = process.env): AuthSettings {
  const raw = env.ACCOUNTS?.trim().toLowerCase() ?? '';
  if (raw !== '' && raw !== 'on' && raw !== 'off') throw new ConfigError(`ACCOUNTS must be "on" or "off", got "${env.ACCOUNTS!.trim().slice(0, 40)}"`);
  const accounts = raw === 'on' || (raw === '' && !isLoopback(host));
  const warning =
    !accounts && !isLoopback(host)
      ? `ACCOUNTS=off on ${host}: everyone on the network shares one identity and sees everyone's code`
      : null;
  const code = env.CLASS_CODE?.trim() ?? '';
  return { accounts, classCode: code === '' ? null : code, trustProxy: trustProxyOf(env.TRUST_PROXY), warning };
}

function trustProxyOf(raw: string | undefined): boolean | number | string {
  const v = raw?.trim() ?? '';
  if (v === '' || v === 'off' || v === 'false' || v === '0') return false;
  if (v === 'on' || v === 'true') return 1;
  if (/^\d{1,2}$/.test(v)) return Number(v);
  return v;
}
