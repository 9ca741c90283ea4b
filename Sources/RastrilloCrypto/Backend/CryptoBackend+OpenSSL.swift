#if canImport(COpenSSL) && !canImport(CryptoKit)
    import COpenSSL

    /// The OpenSSL 3 libcrypto backend (Linux), on EVP APIs. Translates only: input checks and
    /// formats live in the shared code. Every failure clears OpenSSL's error queue and becomes a
    /// ``CryptoError`` that names the operation, never a key.
    struct OpenSSLBackend: CryptoBackend {
        func p256PublicKey(scalar: [UInt8]) throws(CryptoError) -> [UInt8] {
            let group = try Group()
            defer { group.free() }
            guard let point = EC_POINT_new(group.pointer) else { throw failure("EC_POINT_new") }
            defer { EC_POINT_free(point) }
            let number = try bignum(scalar)
            defer { BN_clear_free(number) }
            guard EC_POINT_mul(group.pointer, point, number, nil, nil, nil) == 1 else { throw failure("EC_POINT_mul") }
            var out = [UInt8](repeating: 0, count: 65)
            let written = EC_POINT_point2oct(group.pointer, point, POINT_CONVERSION_UNCOMPRESSED, &out, 65, nil)
            guard written == 65 else { throw failure("EC_POINT_point2oct") }
            return out
        }

        func p256ValidatePublicKey(_ point: [UInt8], what: String) throws(CryptoError) {
            let group = try Group()
            defer { group.free() }
            guard let decoded = EC_POINT_new(group.pointer) else { throw failure("EC_POINT_new") }
            defer { EC_POINT_free(decoded) }
            guard point.count == 65, point.first == 0x04,
                EC_POINT_oct2point(group.pointer, decoded, point, point.count, nil) == 1,
                EC_POINT_is_at_infinity(group.pointer, decoded) == 0,
                EC_POINT_is_on_curve(group.pointer, decoded, nil) == 1
            else {
                ERR_clear_error()
                throw .invalidPublicKey(what: what)
            }
        }

        func p256SharedSecret(scalar: [UInt8], peer point: [UInt8]) throws(CryptoError) -> [UInt8] {
            try p256ValidatePublicKey(point, what: "P-256 public key")
            let privateKey = try makeKey(scalar: scalar, point: nil)
            defer { EVP_PKEY_free(privateKey) }
            let peerKey = try makeKey(scalar: nil, point: point)
            defer { EVP_PKEY_free(peerKey) }
            guard let context = EVP_PKEY_CTX_new_from_pkey(nil, privateKey, nil) else {
                throw failure("EVP_PKEY_CTX_new_from_pkey")
            }
            defer { EVP_PKEY_CTX_free(context) }
            guard EVP_PKEY_derive_init(context) == 1, EVP_PKEY_derive_set_peer(context, peerKey) == 1 else {
                throw failure("EVP_PKEY_derive_init")
            }
            var length = 32
            var secret = [UInt8](repeating: 0, count: 32)
            guard EVP_PKEY_derive(context, &secret, &length) == 1, length == 32 else {
                throw failure("EVP_PKEY_derive")
            }
            return secret
        }

        func p256SignSHA256(scalar: [UInt8], message: [UInt8]) throws(CryptoError) -> [UInt8] {
            let key = try makeKey(scalar: scalar, point: nil)
            defer { EVP_PKEY_free(key) }
            guard let context = EVP_MD_CTX_new() else { throw failure("EVP_MD_CTX_new") }
            defer { EVP_MD_CTX_free(context) }
            guard EVP_DigestSignInit(context, nil, EVP_sha256(), nil, key) == 1 else {
                throw failure("EVP_DigestSignInit")
            }
            var length = 0
            guard EVP_DigestSign(context, nil, &length, message, message.count) == 1 else {
                throw failure("EVP_DigestSign")
            }
            var der = [UInt8](repeating: 0, count: length)
            guard EVP_DigestSign(context, &der, &length, message, message.count) == 1 else {
                throw failure("EVP_DigestSign")
            }
            return try rawSignature(fromDER: Array(der.prefix(length)))
        }

        func p256VerifySHA256(point: [UInt8], message: [UInt8], signature: [UInt8]) throws(CryptoError) -> Bool {
            let key = try makeKey(scalar: nil, point: point)
            defer { EVP_PKEY_free(key) }
            guard let der = try derSignature(fromRaw: signature) else { return false }
            guard let context = EVP_MD_CTX_new() else { throw failure("EVP_MD_CTX_new") }
            defer { EVP_MD_CTX_free(context) }
            guard EVP_DigestVerifyInit(context, nil, EVP_sha256(), nil, key) == 1 else {
                throw failure("EVP_DigestVerifyInit")
            }
            let verified = EVP_DigestVerify(context, der, der.count, message, message.count) == 1
            ERR_clear_error()
            return verified
        }

        func hkdfSHA256(key: [UInt8], salt: [UInt8], info: [UInt8], count: Int) throws(CryptoError) -> [UInt8] {
            guard let kdf = EVP_KDF_fetch(nil, "HKDF", nil) else { throw failure("EVP_KDF_fetch") }
            defer { EVP_KDF_free(kdf) }
            guard let context = EVP_KDF_CTX_new(kdf) else { throw failure("EVP_KDF_CTX_new") }
            defer { EVP_KDF_CTX_free(context) }
            var entries: [Param] = [
                .utf8(RASTRILLO_PARAM_DIGEST, RASTRILLO_VALUE_SHA256), .octets(RASTRILLO_PARAM_KEY, key),
                .octets(RASTRILLO_PARAM_INFO, info),
            ]
            if !salt.isEmpty { entries.append(.octets(RASTRILLO_PARAM_SALT, salt)) }
            let params = try Params(entries)
            defer { params.free() }
            var out = [UInt8](repeating: 0, count: count)
            guard EVP_KDF_derive(context, &out, count, params.pointer) == 1 else { throw failure("EVP_KDF_derive") }
            return out
        }

        func aes256GCMSeal(key: [UInt8], nonce: [UInt8], plaintext: [UInt8]) throws(CryptoError) -> [UInt8] {
            guard let context = EVP_CIPHER_CTX_new() else { throw failure("EVP_CIPHER_CTX_new") }
            defer { EVP_CIPHER_CTX_free(context) }
            guard EVP_EncryptInit_ex(context, EVP_aes_256_gcm(), nil, nil, nil) == 1,
                EVP_CIPHER_CTX_ctrl(context, RASTRILLO_EVP_CTRL_GCM_SET_IVLEN, Int32(nonce.count), nil) == 1,
                EVP_EncryptInit_ex(context, nil, nil, key, nonce) == 1
            else { throw failure("EVP_EncryptInit_ex") }
            var out = [UInt8](repeating: 0, count: plaintext.count + 16)
            var written: Int32 = 0
            if !plaintext.isEmpty {
                guard EVP_EncryptUpdate(context, &out, &written, plaintext, Int32(plaintext.count)) == 1,
                    Int(written) == plaintext.count
                else { throw failure("EVP_EncryptUpdate") }
            }
            var final: Int32 = 0
            var tail = [UInt8](repeating: 0, count: 16)
            guard EVP_EncryptFinal_ex(context, &tail, &final) == 1, final == 0 else {
                throw failure("EVP_EncryptFinal_ex")
            }
            var tag = [UInt8](repeating: 0, count: 16)
            guard EVP_CIPHER_CTX_ctrl(context, RASTRILLO_EVP_CTRL_GCM_GET_TAG, 16, &tag) == 1 else {
                throw failure("EVP_CTRL_GCM_GET_TAG")
            }
            out.replaceSubrange(plaintext.count..<plaintext.count + 16, with: tag)
            return out
        }

        func aes256GCMOpen(key: [UInt8], nonce: [UInt8], sealed: [UInt8]) throws(CryptoError) -> [UInt8]? {
            guard sealed.count >= 16 else { return nil }
            let ciphertextCount = sealed.count - 16
            guard let context = EVP_CIPHER_CTX_new() else { throw failure("EVP_CIPHER_CTX_new") }
            defer { EVP_CIPHER_CTX_free(context) }
            guard EVP_DecryptInit_ex(context, EVP_aes_256_gcm(), nil, nil, nil) == 1,
                EVP_CIPHER_CTX_ctrl(context, RASTRILLO_EVP_CTRL_GCM_SET_IVLEN, Int32(nonce.count), nil) == 1,
                EVP_DecryptInit_ex(context, nil, nil, key, nonce) == 1
            else { throw failure("EVP_DecryptInit_ex") }
            var plaintext = [UInt8](repeating: 0, count: ciphertextCount)
            var written: Int32 = 0
            if ciphertextCount > 0 {
                let ok = sealed.withUnsafeBufferPointer { buffer in
                    EVP_DecryptUpdate(context, &plaintext, &written, buffer.baseAddress, Int32(ciphertextCount)) == 1
                }
                guard ok, Int(written) == ciphertextCount else { throw failure("EVP_DecryptUpdate") }
            }
            var tag = Array(sealed.suffix(16))
            guard EVP_CIPHER_CTX_ctrl(context, RASTRILLO_EVP_CTRL_GCM_SET_TAG, 16, &tag) == 1 else {
                throw failure("EVP_CTRL_GCM_SET_TAG")
            }
            var final: Int32 = 0
            var tail = [UInt8](repeating: 0, count: 16)
            guard EVP_DecryptFinal_ex(context, &tail, &final) == 1 else {
                // Authentication failed: wipe what was decrypted and return nothing.
                for index in plaintext.indices { plaintext[index] = 0 }
                ERR_clear_error()
                return nil
            }
            return plaintext
        }

        func sha256(_ data: [UInt8]) throws(CryptoError) -> [UInt8] {
            var out = [UInt8](repeating: 0, count: 32)
            var length: UInt32 = 0
            guard EVP_Digest(data, data.count, &out, &length, EVP_sha256(), nil) == 1, length == 32 else {
                throw failure("EVP_Digest")
            }
            return out
        }

        func randomBytes(_ count: Int) throws(CryptoError) -> [UInt8] {
            var out = [UInt8](repeating: 0, count: count)
            guard count == 0 || RAND_bytes(&out, Int32(count)) == 1 else { throw failure("RAND_bytes") }
            return out
        }

        // MARK: Helpers

        /// The P-256 group, freed by the caller.
        private struct Group {
            let pointer: OpaquePointer

            init() throws(CryptoError) {
                guard let group = EC_GROUP_new_by_curve_name(RASTRILLO_NID_P256) else {
                    ERR_clear_error()
                    throw .backendFailure(operation: "EC_GROUP_new_by_curve_name")
                }
                pointer = group
            }

            func free() { EC_GROUP_free(pointer) }
        }

        /// One entry of an `OSSL_PARAM` array. Names and UTF-8 values are C strings with static
        /// lifetime (from the shim); octet strings are copied and kept alive until the array is built.
        private enum Param {
            case utf8(UnsafePointer<CChar>, UnsafePointer<CChar>)
            case octets(UnsafePointer<CChar>, [UInt8])
            case bignum(UnsafePointer<CChar>, OpaquePointer)
        }

        /// An `OSSL_PARAM` array built with `OSSL_PARAM_BLD`, which copies the values into the array.
        private struct Params {
            let pointer: UnsafeMutablePointer<OSSL_PARAM>

            init(_ entries: [Param]) throws(CryptoError) {
                guard let builder = OSSL_PARAM_BLD_new() else {
                    throw .backendFailure(operation: "OSSL_PARAM_BLD_new")
                }
                defer { OSSL_PARAM_BLD_free(builder) }
                // The builder refers to octet buffers until OSSL_PARAM_BLD_to_param copies them.
                var buffers: [UnsafeMutableRawBufferPointer] = []
                defer {
                    for buffer in buffers {
                        buffer.initializeMemory(as: UInt8.self, repeating: 0)
                        buffer.deallocate()
                    }
                }
                var ok = true
                for entry in entries {
                    switch entry {
                    case .utf8(let key, let value):
                        ok = ok && OSSL_PARAM_BLD_push_utf8_string(builder, key, value, 0) == 1
                    case .octets(let key, let bytes):
                        let buffer = UnsafeMutableRawBufferPointer.allocate(
                            byteCount: max(bytes.count, 1), alignment: 1)
                        buffers.append(buffer)
                        buffer.copyBytes(from: bytes)
                        ok = ok && OSSL_PARAM_BLD_push_octet_string(builder, key, buffer.baseAddress, bytes.count) == 1
                    case .bignum(let key, let number):
                        ok = ok && OSSL_PARAM_BLD_push_BN(builder, key, number) == 1
                    }
                }
                guard ok, let params = OSSL_PARAM_BLD_to_param(builder) else {
                    ERR_clear_error()
                    throw .backendFailure(operation: "OSSL_PARAM_BLD_to_param")
                }
                pointer = params
            }

            func free() { OSSL_PARAM_free(pointer) }
        }

        /// An EC `EVP_PKEY` on P-256: a private key when `scalar` is given (ECDH and signing need no
        /// public part), else the public key `point`.
        private func makeKey(scalar: [UInt8]?, point: [UInt8]?) throws(CryptoError) -> OpaquePointer {
            var number: OpaquePointer? = nil
            if let scalar { number = try bignum(scalar) }
            defer { if let number { BN_clear_free(number) } }
            var entries: [Param] = [.utf8(RASTRILLO_PARAM_GROUP_NAME, RASTRILLO_VALUE_P256)]
            if let point { entries.append(.octets(RASTRILLO_PARAM_PUB_KEY, point)) }
            if let number { entries.append(.bignum(RASTRILLO_PARAM_PRIV_KEY, number)) }
            let params = try Params(entries)
            defer { params.free() }
            guard let context = EVP_PKEY_CTX_new_from_name(nil, "EC", nil) else {
                throw failure("EVP_PKEY_CTX_new_from_name")
            }
            defer { EVP_PKEY_CTX_free(context) }
            var key: OpaquePointer? = nil
            let selection = scalar == nil ? RASTRILLO_EVP_PKEY_PUBLIC_KEY : RASTRILLO_EVP_PKEY_KEYPAIR
            guard EVP_PKEY_fromdata_init(context) == 1,
                EVP_PKEY_fromdata(context, &key, selection, params.pointer) == 1, let key
            else { throw failure("EVP_PKEY_fromdata") }
            return key
        }

        private func bignum(_ bytes: [UInt8]) throws(CryptoError) -> OpaquePointer {
            guard let number = BN_bin2bn(bytes, Int32(bytes.count), nil) else { throw failure("BN_bin2bn") }
            return number
        }

        /// Raw `r‖s` (each zero-padded to 32 bytes) from a DER `ECDSA-Sig-Value`.
        private func rawSignature(fromDER der: [UInt8]) throws(CryptoError) -> [UInt8] {
            let parsed: OpaquePointer? = der.withUnsafeBufferPointer { buffer in
                var cursor: UnsafePointer<UInt8>? = buffer.baseAddress
                return d2i_ECDSA_SIG(nil, &cursor, buffer.count)
            }
            guard let parsed else { throw failure("d2i_ECDSA_SIG") }
            defer { ECDSA_SIG_free(parsed) }
            var raw = [UInt8](repeating: 0, count: 64)
            let r = ECDSA_SIG_get0_r(parsed)
            let s = ECDSA_SIG_get0_s(parsed)
            let ok = raw.withUnsafeMutableBufferPointer { buffer in
                BN_bn2binpad(r, buffer.baseAddress, 32) == 32 && BN_bn2binpad(s, buffer.baseAddress! + 32, 32) == 32
            }
            guard ok else { throw failure("BN_bn2binpad") }
            return raw
        }

        /// The DER form of a raw `r‖s` signature, or `nil` when it is not 64 bytes.
        private func derSignature(fromRaw raw: [UInt8]) throws(CryptoError) -> [UInt8]? {
            guard raw.count == 64 else { return nil }
            guard let signature = ECDSA_SIG_new() else { throw failure("ECDSA_SIG_new") }
            defer { ECDSA_SIG_free(signature) }
            let r = BN_bin2bn(raw, 32, nil)
            let s = raw.withUnsafeBufferPointer { buffer in BN_bin2bn(buffer.baseAddress! + 32, 32, nil) }
            guard let r, let s, ECDSA_SIG_set0(signature, r, s) == 1 else {
                BN_free(r)
                BN_free(s)
                throw failure("ECDSA_SIG_set0")
            }
            var out: UnsafeMutablePointer<UInt8>? = nil
            let length = i2d_ECDSA_SIG(signature, &out)
            guard length > 0, let out else { throw failure("i2d_ECDSA_SIG") }
            defer { CRYPTO_free(out, nil, 0) }
            return Array(UnsafeBufferPointer(start: out, count: Int(length)))
        }

        private func failure(_ operation: String) -> CryptoError {
            ERR_clear_error()
            return .backendFailure(operation: operation)
        }
    }
#endif
