// Reading an Apple Wallet pass as Apple documents it, to check what the wallet-pass function
// makes: a zip of pass.json, images, manifest.json (the SHA-1 of every other file) and
// `signature`, a detached PKCS #7 SignedData over manifest.json by the Pass Type ID certificate
// with Apple's WWDR intermediate among its certificates. And test certificates made like those.
import { createHash } from 'node:crypto';
import { inflateRawSync } from 'node:zlib';
import forge from 'node-forge';

/** The files of a zip archive (stored or deflated entries), read from its central directory. */
export function unzip(zip: Buffer): Map<string, Buffer> {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error('not a zip archive');
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const files = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error('bad central directory');
    const method = zip.readUInt16LE(at + 10);
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extra = zip.readUInt16LE(at + 30);
    const comment = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    const data = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const raw = zip.subarray(data, data + size);
    files.set(name, method === 8 ? inflateRawSync(raw) : Buffer.from(raw));
    at += 46 + nameLength + extra + comment;
  }
  return files;
}

export interface TestCertificate {
  cert: forge.pki.Certificate;
  key: forge.pki.rsa.PrivateKey;
  certPem: string;
  keyPem: string;
}

/** An RSA certificate: self-signed (a stand-in for Apple's WWDR CA), or issued by `issuer`. */
export function testCertificate(commonName: string, issuer?: TestCertificate): TestCertificate {
  const keys = forge.pki.rsa.generateKeyPair(2048);
  const cert = forge.pki.createCertificate();
  cert.publicKey = keys.publicKey;
  cert.serialNumber = `0${Math.floor(Math.random() * 1e9).toString(16)}`;
  cert.validity.notBefore = new Date(Date.now() - 864e5);
  cert.validity.notAfter = new Date(Date.now() + 365 * 864e5);
  cert.setSubject([{ name: 'commonName', value: commonName }, { name: 'organizationName', value: 'Gather tests' }]);
  cert.setIssuer(issuer ? issuer.cert.subject.attributes : cert.subject.attributes);
  if (!issuer) cert.setExtensions([{ name: 'basicConstraints', cA: true }]);
  cert.sign(issuer?.key ?? keys.privateKey, forge.md.sha256.create());
  return { cert, key: keys.privateKey, certPem: forge.pki.certificateToPem(cert), keyPem: forge.pki.privateKeyToPem(keys.privateKey) };
}

export interface SignatureCheck {
  detached: boolean;
  /** The signer's digest algorithm, as forge names it (sha1, sha256). */
  digestAlgorithm: string;
  certificates: string[];
  digestMatches: boolean;
  signatureValid: boolean;
}

/** Checks `signature` (DER PKCS #7) against `content`: detached, digest attribute, RSA signature. */
export function checkSignature(signature: Buffer, content: Buffer, signer: TestCertificate): SignatureCheck {
  const asn1 = forge.asn1.fromDer(forge.util.createBuffer(signature.toString('binary')));
  const p7 = forge.pkcs7.messageFromAsn1(asn1) as forge.pkcs7.PkcsSignedData & { rawCapture: Record<string, forge.asn1.Asn1> };
  // Detached: the encapsulated content info names the data type and carries no content.
  const detached = p7.rawCapture.content === undefined;
  const signerInfo = (p7.rawCapture.signerInfos as unknown as forge.asn1.Asn1[])[0]!;
  const parts = signerInfo.value as forge.asn1.Asn1[];
  const attrs = parts.find((p) => p.tagClass === forge.asn1.Class.CONTEXT_SPECIFIC && p.type === 0)!;
  const algorithm = forge.pki.oids[forge.asn1.derToOid(((parts[2]!.value as forge.asn1.Asn1[])[0]!.value as string))] as 'sha1' | 'sha256';
  const signatureValue = parts.at(-1)!.type === forge.asn1.Type.OCTETSTRING ? parts.at(-1)! : parts.at(-2)!;
  let digest: string | undefined;
  for (const attr of attrs.value as forge.asn1.Asn1[]) {
    const [oid, values] = attr.value as forge.asn1.Asn1[];
    if (forge.asn1.derToOid(oid!.value as string) === forge.pki.oids.messageDigest) {
      digest = Buffer.from(((values!.value as forge.asn1.Asn1[])[0]!.value as string), 'binary').toString('hex');
    }
  }
  // The signed attributes are signed as a SET OF (tag 0x31), not as their [0] IMPLICIT form.
  const set = forge.asn1.create(forge.asn1.Class.UNIVERSAL, forge.asn1.Type.SET, true, attrs.value as forge.asn1.Asn1[]);
  const md = forge.md[algorithm].create();
  md.update(forge.asn1.toDer(set).getBytes());
  const publicKey = signer.cert.publicKey as forge.pki.rsa.PublicKey;
  let signatureValid = false;
  try {
    signatureValid = publicKey.verify(md.digest().bytes(), signatureValue.value as string);
  } catch {
    signatureValid = false;
  }
  return {
    detached,
    digestAlgorithm: algorithm,
    certificates: p7.certificates.map((c) => c.subject.getField('CN').value as string),
    digestMatches: digest === createHash(algorithm).update(content).digest('hex'),
    signatureValid,
  };
}
