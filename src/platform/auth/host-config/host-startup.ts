import { readFileSync, statSync } from 'node:fs';
import { createSecureContext } from 'node:tls';
import type { StoredOverridable } from '../../env/env.service';
import { HostConfig } from './host-config';

/** What Readarr calls the SSL certificate: a PKCS#12 (.pfx) file and its password. */
export interface HttpsSettings {
  port: number;
  certPath: string;
  certPassword: string;
}

/**
 * The saved host settings that main.ts applies before the server listens: the listening variables (each only when
 * the environment does not set it) and HTTPS. Only fields the saved row holds count; the rest keep the defaults.
 */
export function startupSettings(saved: Partial<HostConfig> | undefined): {
  overrides: Partial<Record<StoredOverridable, string | number>>;
  https?: HttpsSettings;
} {
  const row = saved ?? {};
  const overrides: Partial<Record<StoredOverridable, string | number>> = {};
  if (row.port !== undefined) overrides.PORT = row.port;
  if (row.bindAddress !== undefined) overrides.BIND_ADDRESS = row.bindAddress;
  if (row.urlBase !== undefined) overrides.URL_BASE = row.urlBase;
  // The console is where Quire writes every level (its log files and log table keep info and above), so the log
  // level is the console's unless a console level of its own is saved.
  const level = row.consoleLogLevel || row.logLevel;
  if (level) overrides.LOG_LEVEL = level.toLowerCase();
  const https =
    row.enableSsl && row.sslCertPath
      ? { port: row.sslPort ?? 6868, certPath: row.sslCertPath, certPassword: row.sslCertPassword ?? '' }
      : undefined;
  return { overrides, https };
}

export type CertificateProblem = 'missing' | 'invalid';

/** Reads the certificate file for Node's HTTPS server; throws what makes it unusable. */
export function loadCertificate(certPath: string, password: string): { pfx: Buffer; passphrase: string } {
  const pfx = readFileSync(certPath);
  // Parsing it here makes a wrong password or a file that is no PKCS#12 fail now, not on the first connection.
  createSecureContext({ pfx, passphrase: password });
  return { pfx, passphrase: password };
}

/** Why a certificate cannot be used: no such file, or not a PKCS#12 file this password opens. */
export function certificateProblem(certPath: string, password: string): CertificateProblem | undefined {
  try {
    if (!statSync(certPath).isFile()) return 'missing';
  } catch {
    return 'missing';
  }
  try {
    loadCertificate(certPath, password);
    return undefined;
  } catch {
    return 'invalid';
  }
}
