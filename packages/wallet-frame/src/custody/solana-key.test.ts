import { createPrivateKey, createPublicKey, verify as nodeVerify } from 'node:crypto';
import { ed25519 } from '@noble/curves/ed25519.js';
import { base58 } from '@scure/base';
import { bytesToHex, hexToBytes } from 'viem';
import { describe, expect, it } from 'vitest';
import { CustodyError } from './errors.ts';
import {
  IMPORTED_KEY_HAS_NO_SOLANA_KEY,
  ImportedKeyHasNoSolanaKeyError,
  SOLANA_DERIVATION_PATH,
  signWithSolanaKey,
  slip10Ed25519,
  solanaKeyOfSecret,
  solanaKeyOfSecretAsync,
} from './solana-key.ts';
import { deriveEvmAddress, generateEntropy } from './wallet-secret.ts';

/** [path, chain code, private key, public key (SLIP-0010's 0x00-prefixed form)] */
type Row = [string, string, string, string];

/** SLIP-0010, "Test vector 1 for ed25519" (seed 000102030405060708090a0b0c0d0e0f). */
const VECTOR_1: Row[] = [
  [
    'm',
    '90046a93de5380a72b5e45010748567d5ea02bbf6522f979e05c0d8d8ca9fffb',
    '2b4be7f19ee27bbf30c667b642d5f4aa69fd169872f8fc3059c08ebae2eb19e7',
    '00a4b2856bfec510abab89753fac1ac0e1112364e7d250545963f135f2a33188ed',
  ],
  [
    "m/0'",
    '8b59aa11380b624e81507a27fedda59fea6d0b779a778918a2fd3590e16e9c69',
    '68e0fe46dfb67e368c75379acec591dad19df3cde26e63b93a8e704f1dade7a3',
    '008c8a13df77a28f3445213a0f432fde644acaa215fc72dcdf300d5efaa85d350c',
  ],
  [
    "m/0'/1'",
    'a320425f77d1b5c2505a6b1b27382b37368ee640e3557c315416801243552f14',
    'b1d0bad404bf35da785a64ca1ac54b2617211d2777696fbffaf208f746ae84f2',
    '001932a5270f335bed617d5b935c80aedb1a35bd9fc1e31acafd5372c30f5c1187',
  ],
  [
    "m/0'/1'/2'",
    '2e69929e00b5ab250f49c3fb1c12f252de4fed2c1db88387094a0f8c4c9ccd6c',
    '92a5b23c0b8a99e37d07df3fb9966917f5d06e02ddbd909c7e184371463e9fc9',
    '00ae98736566d30ed0e9d2f4486a64bc95740d89c7db33f52121f8ea8f76ff0fc1',
  ],
  [
    "m/0'/1'/2'/2'",
    '8f6d87f93d750e0efccda017d662a1b31a266e4a6f5993b15f5c1f07f74dd5cc',
    '30d1dc7e5fc04c31219ab25a27ae00b50f6fd66622f6e9c913253d6511d1e662',
    '008abae2d66361c879b900d204ad2cc4984fa2aa344dd7ddc46007329ac76c429c',
  ],
  [
    "m/0'/1'/2'/2'/1000000000'",
    '68789923a0cac2cd5a29172a475fe9e0fb14cd6adb5ad98a3fa70333e7afa230',
    '8f94d394a8e8fd6b1bc2f3f49f5c47e385281d5c17e65324b0f62483e37e8793',
    '003c24da049451555d51a7014a37337aa4e12d41e485abccfa46b47dfb2af54b7a',
  ],
];

/** SLIP-0010, "Test vector 2 for ed25519" (a 64-byte seed, indices up to 2^31 - 1). */
const VECTOR_2: Row[] = [
  [
    'm',
    'ef70a74db9c3a5af931b5fe73ed8e1a53464133654fd55e7a66f8570b8e33c3b',
    '171cb88b1b3c1db25add599712e36245d75bc65a1a5c9e18d76f9f2b1eab4012',
    '008fe9693f8fa62a4305a140b9764c5ee01e455963744fe18204b4fb948249308a',
  ],
  [
    "m/0'",
    '0b78a3226f915c082bf118f83618a618ab6dec793752624cbeb622acb562862d',
    '1559eb2bbec5790b0c65d8693e4d0875b1747f4970ae8b650486ed7470845635',
    '0086fab68dcb57aa196c77c5f264f215a112c22a912c10d123b0d03c3c28ef1037',
  ],
  [
    "m/0'/2147483647'",
    '138f0b2551bcafeca6ff2aa88ba8ed0ed8de070841f0c4ef0165df8181eaad7f',
    'ea4f5bfe8694d8bb74b7b59404632fd5968b774ed545e810de9c32a4fb4192f4',
    '005ba3b9ac6e90e83effcd25ac4e58a1365a9e35a3d3ae5eb07b9e4d90bcf7506d',
  ],
  [
    "m/0'/2147483647'/1'",
    '73bd9fff1cfbde33a1b846c27085f711c0fe2d66fd32e139d3ebc28e5a4a6b90',
    '3757c7577170179c7868353ada796c839135b3d30554bbb74a4b1e4a5a58505c',
    '002e66aa57069c86cc18249aecf5cb5a9cebbfd6fadeab056254763874a9352b45',
  ],
  [
    "m/0'/2147483647'/1'/2147483646'",
    '0902fe8a29f9140480a00ef244bd183e8a13288e4412d8389d140aac1794825a',
    '5837736c89570de861ebc173b1086da4f505d4adb387c6a1b1342d5e4ac9ec72',
    '00e33c0f7d81d843c572275f287498e8d408654fdf0d1e065b84e2e6f157aab09b',
  ],
  [
    "m/0'/2147483647'/1'/2147483646'/2'",
    '5d70af781f3a37b829f0d060924d5e960bdc02e85423494afc0b1a41bbe196d4',
    '551d333177df541ad876a60ea71f00447931c0a9da16f227c11ea080d7391b8d',
    '0047150c75db263559a70d5778bf36abbab30fb061ad69f69ece61a72b0cfa4fc0',
  ],
];

const SEED_1 = '0x000102030405060708090a0b0c0d0e0f';
const SEED_2 =
  '0xfffcf9f6f3f0edeae7e4e1dedbd8d5d2cfccc9c6c3c0bdbab7b4b1aeaba8a5a29f9c999693908d8a8784817e7b7875726f6c696663605d5a5754514e4b484542';

/**
 * First Solana account (m/44'/501'/0'/0') of "abandon ×11 about" (entropy 16 zero bytes, empty
 * passphrase), as Phantom and Solflare derive it. The same address stands as the known vector in
 * several independent public code bases' tests (Rust ed25519-dalek + bip39, and JavaScript
 * bip39 + @solana/web3.js `Keypair.fromSeed`); see also the node:crypto check below.
 */
const ABANDON_SOLANA_ADDRESS = 'HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3DKpqk';

/** The 32-byte ed25519 public key of a private key by OpenSSL (node:crypto), not noble. */
function publicKeyByNode(privateKey: Uint8Array): Uint8Array {
  const pkcs8 = Buffer.concat([
    Buffer.from('302e020100300506032b657004220420', 'hex'),
    Buffer.from(privateKey),
  ]);
  const key = createPublicKey(createPrivateKey({ key: pkcs8, format: 'der', type: 'pkcs8' }));
  const spki = key.export({ format: 'der', type: 'spki' });
  return new Uint8Array(spki.subarray(spki.length - 32));
}

describe('SLIP-0010 ed25519 (issue 22 item 1)', () => {
  for (const [name, seed, rows] of [
    ['Test vector 1 for ed25519', SEED_1, VECTOR_1],
    ['Test vector 2 for ed25519', SEED_2, VECTOR_2],
  ] as const) {
    it(`matches the spec's ${name}: chain code, private key and public key of every chain`, () => {
      for (const [path, chainCode, privateKey, publicKey] of rows) {
        const node = slip10Ed25519(hexToBytes(seed), path);
        expect(bytesToHex(node.chainCode), `${path} chain code`).toBe(`0x${chainCode}`);
        expect(bytesToHex(node.privateKey), `${path} private key`).toBe(`0x${privateKey}`);
        expect(`00${bytesToHex(node.publicKey).slice(2)}`, `${path} public key`).toBe(publicKey);
      }
    });
  }

  it('has no non-hardened ed25519 child', () => {
    expect(() => slip10Ed25519(hexToBytes(SEED_1), 'm/0')).toThrow(/hardened/i);
  });
});

describe('the Solana key of a wallet secret (issue 22 item 1)', () => {
  it("derives at m/44'/501'/0'/0'", () => {
    expect(SOLANA_DERIVATION_PATH).toBe("m/44'/501'/0'/0'");
  });

  it('gives the known first Solana account of the all-"abandon" mnemonic, with or without WebCrypto', async () => {
    const zero = new Uint8Array(16);
    const key = solanaKeyOfSecret(zero);
    expect(key.address).toBe(ABANDON_SOLANA_ADDRESS);
    expect(key.privateKey).toHaveLength(32);
    expect(key.publicKey).toEqual(base58.decode(ABANDON_SOLANA_ADDRESS));
    // A second ed25519 implementation (OpenSSL) agrees on the public key of the private key.
    expect(publicKeyByNode(key.privateKey)).toEqual(key.publicKey);
    expect((await solanaKeyOfSecretAsync(zero)).address).toBe(ABANDON_SOLANA_ADDRESS);
    // The Ethereum account of the same entropy is unchanged (additive: same seed, other path).
    expect(deriveEvmAddress(zero)).toBe('0x9858EfFD232B4033E47d90003D41EC34EcaEda94');
  });

  it('the WebCrypto derivation gives the same key as the JavaScript one', async () => {
    for (let i = 0; i < 3; i++) {
      const entropy = generateEntropy();
      const sync = solanaKeyOfSecret(entropy);
      const async = await solanaKeyOfSecretAsync(entropy);
      expect(async).toEqual(sync);
      expect(base58.decode(sync.address)).toEqual(sync.publicKey);
    }
  });

  it('refuses an imported Ethereum key with a stable code, and any secret that is not 16 bytes', async () => {
    const imported = hexToBytes(
      '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a',
    );
    let caught: unknown;
    try {
      solanaKeyOfSecret(imported);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ImportedKeyHasNoSolanaKeyError);
    expect(caught).toBeInstanceOf(CustodyError);
    expect(caught).toMatchObject({
      code: 'imported_key_has_no_solana_key',
      type: 'invalid_request_arguments',
      message: 'This wallet was imported from an Ethereum private key and has no Solana key.',
    });
    expect(IMPORTED_KEY_HAS_NO_SOLANA_KEY).toBe('imported_key_has_no_solana_key');
    await expect(solanaKeyOfSecretAsync(imported)).rejects.toBeInstanceOf(
      ImportedKeyHasNoSolanaKeyError,
    );
    expect(() => solanaKeyOfSecret(new Uint8Array(15))).toThrow(/16 bytes/);
    await expect(solanaKeyOfSecretAsync(new Uint8Array(17))).rejects.toThrow(/16 bytes/);
  });
});

describe('signing with the Solana key (issue 22 item 1)', () => {
  it('signs a message that verifies with @noble/curves ed25519 and node:crypto, and only for that message and key', () => {
    const key = solanaKeyOfSecret(new Uint8Array(16));
    const message = new TextEncoder().encode('Sign in to Latchkey with Solana');
    const signature = signWithSolanaKey(key.privateKey, message);
    expect(signature).toHaveLength(64);
    expect(ed25519.verify(signature, message, base58.decode(key.address))).toBe(true);
    const nodeKey = createPublicKey({
      key: Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), key.publicKey]),
      format: 'der',
      type: 'spki',
    });
    expect(nodeVerify(null, message, nodeKey, signature)).toBe(true);

    const tampered = new TextEncoder().encode('Sign in to Latchkey with Solana!');
    expect(ed25519.verify(signature, tampered, key.publicKey)).toBe(false);
    const other = solanaKeyOfSecret(generateEntropy());
    expect(ed25519.verify(signature, message, other.publicKey)).toBe(false);
  });

  it('refuses a private key that is not 32 bytes', () => {
    expect(() => signWithSolanaKey(new Uint8Array(64), new Uint8Array(1))).toThrow(/32 bytes/);
  });
});
