import { isIP } from 'node:net';
import { flag } from './zod-types.ts';
import { DEFAULT_JWT_SECRET } from './default-keys.ts';

/**
 * Two development conveniences that hand the server to anyone who can reach it (decision 0092):
 * the default JWT secret is public (anyone can sign a service-role token), and `/_inbox` shows
 * every sign-in mail. On loopback only this machine can reach them; beyond it the server refuses
 * to start unless the operator accepts the risk by its name.
 */
export const exposureConfigFields = {
  /** Listen beyond loopback with the public default JWT secret. */
  insecureDefaultJwtSecret: flag,
  /** Listen beyond loopback with `/_inbox` on (NODE_ENV is not production). */
  insecurePublicInbox: flag,
};

export const EXPOSURE_ENV_NAMES = {
  insecureDefaultJwtSecret: 'GATHER_INSECURE_DEFAULT_JWT_SECRET',
  insecurePublicInbox: 'GATHER_INSECURE_PUBLIC_INBOX',
} as const;

export const EXPOSURE_DEFAULTS = { insecureDefaultJwtSecret: false, insecurePublicInbox: false };

/** 127.0.0.0/8, ::1 (also v4-mapped), `localhost`: only this machine. `0.0.0.0`, `::`, names: everyone. */
export function isLoopback(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (h === 'localhost' || h.endsWith('.localhost')) return true;
  const v4 = h.startsWith('::ffff:') ? h.slice(7) : h;
  if (isIP(v4) === 4) return v4.startsWith('127.');
  return isIP(h) === 6 && /^(0{0,4}:){7}0{0,3}1$|^::1$/.test(h);
}

export interface ExposureSettings {
  host: string;
  jwtSecret: string;
  production: boolean;
  insecureDefaultJwtSecret: boolean;
  insecurePublicInbox: boolean;
}

/** One line per risk the settings would expose beyond loopback without the operator saying so. */
export function exposureProblems(c: ExposureSettings): string[] {
  if (isLoopback(c.host)) return [];
  const problems: string[] = [];
  if (c.jwtSecret === DEFAULT_JWT_SECRET && !c.insecureDefaultJwtSecret) {
    problems.push(
      `--host ${c.host}: the JWT secret is the public default, so anyone who reaches this server can sign a service-role token; ` +
        'set GATHER_JWT_SECRET, or accept the risk with --insecure-default-jwt-secret (GATHER_INSECURE_DEFAULT_JWT_SECRET=true)',
    );
  }
  if (!c.production && !c.insecurePublicInbox) {
    problems.push(
      `--host ${c.host}: /_inbox shows every sign-in mail to anyone who reaches this server (it is on unless NODE_ENV=production); ` +
        'set NODE_ENV=production, or accept the risk with --insecure-public-inbox (GATHER_INSECURE_PUBLIC_INBOX=true)',
    );
  }
  return problems;
}
