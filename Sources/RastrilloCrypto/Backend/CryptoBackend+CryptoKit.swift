#if canImport(CryptoKit)
    import CryptoKit
    import Foundation

    /// The CryptoKit backend (Apple platforms). Translates only: input checks and formats live in
    /// the shared code.
    struct CryptoKitBackend: CryptoBackend {
        func p256PublicKey(scalar: [UInt8]) throws(CryptoError) -> [UInt8] {
            do {
                return Array(try P256.KeyAgreement.PrivateKey(rawRepresentation: scalar).publicKey.x963Representation)
            } catch {
                throw .invalidPrivateKey(what: "P-256 private scalar")
            }
        }

        func p256ValidatePublicKey(_ point: [UInt8], what: String) throws(CryptoError) {
            do {
                _ = try P256.KeyAgreement.PublicKey(x963Representation: point)
            } catch {
                throw .invalidPublicKey(what: what)
            }
        }

        func p256SharedSecret(scalar: [UInt8], peer point: [UInt8]) throws(CryptoError) -> [UInt8] {
            let privateKey: P256.KeyAgreement.PrivateKey
            let publicKey: P256.KeyAgreement.PublicKey
            do {
                privateKey = try P256.KeyAgreement.PrivateKey(rawRepresentation: scalar)
                publicKey = try P256.KeyAgreement.PublicKey(x963Representation: point)
            } catch {
                throw .invalidPublicKey(what: "P-256 public key")
            }
            do {
                let secret = try privateKey.sharedSecretFromKeyAgreement(with: publicKey)
                return secret.withUnsafeBytes { Array($0) }
            } catch {
                throw .backendFailure(operation: "ECDH")
            }
        }

        func p256SignSHA256(scalar: [UInt8], message: [UInt8]) throws(CryptoError) -> [UInt8] {
            do {
                let key = try P256.Signing.PrivateKey(rawRepresentation: scalar)
                return Array(try key.signature(for: Data(message)).rawRepresentation)
            } catch {
                throw .backendFailure(operation: "ECDSA sign")
            }
        }

        func p256VerifySHA256(point: [UInt8], message: [UInt8], signature: [UInt8]) throws(CryptoError) -> Bool {
            let key: P256.Signing.PublicKey
            do {
                key = try P256.Signing.PublicKey(x963Representation: point)
            } catch {
                throw .invalidPublicKey(what: "P-256 public key")
            }
            guard let parsed = try? P256.Signing.ECDSASignature(rawRepresentation: signature) else { return false }
            return key.isValidSignature(parsed, for: Data(message))
        }

        func hkdfSHA256(key: [UInt8], salt: [UInt8], info: [UInt8], count: Int) throws(CryptoError) -> [UInt8] {
            let derived = HKDF<SHA256>.deriveKey(
                inputKeyMaterial: SymmetricKey(data: key), salt: Data(salt), info: Data(info), outputByteCount: count)
            return derived.withUnsafeBytes { Array($0) }
        }

        func aes256GCMSeal(key: [UInt8], nonce: [UInt8], plaintext: [UInt8]) throws(CryptoError) -> [UInt8] {
            do {
                let box = try AES.GCM.seal(
                    Data(plaintext), using: SymmetricKey(data: key), nonce: try AES.GCM.Nonce(data: nonce))
                return Array(box.ciphertext) + Array(box.tag)
            } catch {
                throw .backendFailure(operation: "AES-256-GCM seal")
            }
        }

        func aes256GCMOpen(key: [UInt8], nonce: [UInt8], sealed: [UInt8]) throws(CryptoError) -> [UInt8]? {
            do {
                let box = try AES.GCM.SealedBox(
                    nonce: try AES.GCM.Nonce(data: nonce), ciphertext: Data(sealed.dropLast(16)),
                    tag: Data(sealed.suffix(16)))
                return Array(try AES.GCM.open(box, using: SymmetricKey(data: key)))
            } catch {
                return nil
            }
        }

        func sha256(_ data: [UInt8]) throws(CryptoError) -> [UInt8] {
            Array(SHA256.hash(data: Data(data)))
        }

        func randomBytes(_ count: Int) throws(CryptoError) -> [UInt8] {
            // SystemRandomNumberGenerator is documented as cryptographically secure on Apple platforms.
            var generator = SystemRandomNumberGenerator()
            return (0..<count).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        }
    }
#endif
