import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
  WebAuthnCredential,
} from '@simplewebauthn/server';
import type { AuthContext } from '../auth-context.ts';
import { badRequest } from '../errors.ts';
import type { UserRow } from '../user-store.ts';

/** The WebAuthn library (~0.2 s of CPU to load), loaded by the first ceremony, not at start (decision 0421). */
const webauthn = () => import('@simplewebauthn/server');

/** A credential as a ceremony needs it: id (base64url), COSE public key, counter. */
export interface StoredCredential {
  id: string;
  publicKey: Uint8Array;
  counter: number;
  transports?: string[];
}

/** What a verified registration yields, in the shape both tables keep. */
export interface NewCredential extends StoredCredential {
  aaguid: string;
  backupEligible: boolean;
  backedUp: boolean;
  attestationType: string;
}

/** The user handle GoTrue gives authenticators: the user id's text, as bytes. */
export const userHandle = (u: UserRow) => new TextEncoder().encode(u.id);

/** GoTrue's WebAuthnName / WebAuthnDisplayName. */
function names(u: UserRow): { userName: string; userDisplayName: string } {
  const userName = u.email || u.phone || u.id;
  const metaName = u.raw_user_meta_data?.name;
  return { userName, userDisplayName: typeof metaName === 'string' && metaName !== '' ? metaName : userName };
}

/** Options for creating a credential: discoverable (a passkey) or not (a second factor). */
export async function registrationOptions(a: AuthContext, user: UserRow, exclude: StoredCredential[], discoverable: boolean): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const rp = a.settings.webauthn;
  const { generateRegistrationOptions } = await webauthn();
  return generateRegistrationOptions({
    rpName: rp.rpName,
    rpID: rp.rpId,
    userID: userHandle(user),
    ...names(user),
    attestationType: 'none',
    excludeCredentials: exclude.map((c) => ({ id: c.id, transports: c.transports })),
    authenticatorSelection: discoverable ? { residentKey: 'required', userVerification: 'preferred' } : { residentKey: 'discouraged', userVerification: 'preferred' },
    timeout: 300_000,
  });
}

/** Options for using a credential: any discoverable one (passkey sign-in) or one of `allow`. */
export async function authenticationOptions(a: AuthContext, allow: StoredCredential[] = []): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const { generateAuthenticationOptions } = await webauthn();
  return generateAuthenticationOptions({
    rpID: a.settings.webauthn.rpId,
    allowCredentials: allow.map((c) => ({ id: c.id, transports: c.transports as never })),
    userVerification: 'preferred',
    timeout: 300_000,
  });
}

const failed = () => badRequest('webauthn_verification_failed', 'Credential verification failed');

/** Checks an attestation against the challenge, the RP id and origins; returns the new credential. */
export async function verifyRegistration(a: AuthContext, response: unknown, challenge: string): Promise<NewCredential> {
  const rp = a.settings.webauthn;
  const { verifyRegistrationResponse } = await webauthn();
  try {
    const v = await verifyRegistrationResponse({
      response: response as RegistrationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: rp.origins,
      expectedRPID: rp.rpId,
      requireUserVerification: false,
    });
    if (!v.verified) throw failed();
    const info = v.registrationInfo;
    return {
      id: info.credential.id,
      publicKey: info.credential.publicKey,
      counter: info.credential.counter,
      transports: info.credential.transports,
      aaguid: info.aaguid,
      backupEligible: info.credentialDeviceType === 'multiDevice',
      backedUp: info.credentialBackedUp,
      attestationType: info.fmt,
    };
  } catch (err) {
    if (err instanceof Error && 'code' in err && (err as { code: string }).code === 'webauthn_verification_failed') throw err;
    throw failed();
  }
}

/** Checks an assertion by `credential` against the challenge, RP id and origins; returns the new counter. */
export async function verifyAuthentication(a: AuthContext, response: unknown, challenge: string, credential: StoredCredential): Promise<number> {
  const rp = a.settings.webauthn;
  const { verifyAuthenticationResponse } = await webauthn();
  try {
    const v = await verifyAuthenticationResponse({
      response: response as AuthenticationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: rp.origins,
      expectedRPID: rp.rpId,
      credential: credential as WebAuthnCredential,
      requireUserVerification: false,
    });
    if (!v.verified) throw failed();
    return v.authenticationInfo.newCounter;
  } catch {
    throw failed();
  }
}

/** The credential id an assertion or attestation names (base64url), if any. */
export function credentialIdOf(response: unknown): string {
  const id = (response as { id?: unknown; rawId?: unknown } | null)?.rawId ?? (response as { id?: unknown } | null)?.id;
  return typeof id === 'string' ? id : '';
}

/** go-webauthn's Credential JSON (Go []byte as standard base64), as GoTrue keeps it in mfa_factors.web_authn_credential. */
export function goCredentialJson(c: NewCredential): Record<string, unknown> {
  return {
    ID: Buffer.from(c.id, 'base64url').toString('base64'),
    PublicKey: Buffer.from(c.publicKey).toString('base64'),
    AttestationType: c.attestationType,
    Transport: c.transports ?? [],
    Flags: { UserPresent: true, UserVerified: false, BackupEligible: c.backupEligible, BackupState: c.backedUp },
    Authenticator: { AAGUID: Buffer.from(c.aaguid.replace(/-/g, ''), 'hex').toString('base64'), SignCount: c.counter, CloneWarning: false },
  };
}

/** Reads that JSON back into what a ceremony needs. */
export function fromGoCredentialJson(j: Record<string, unknown>): StoredCredential {
  const auth = (j.Authenticator ?? {}) as { SignCount?: number };
  return {
    id: Buffer.from(String(j.ID ?? ''), 'base64').toString('base64url'),
    publicKey: new Uint8Array(Buffer.from(String(j.PublicKey ?? ''), 'base64')),
    counter: auth.SignCount ?? 0,
    transports: Array.isArray(j.Transport) ? (j.Transport as string[]) : undefined,
  };
}
