#!/usr/bin/env python3
"""Replay Rastrillo vector files with an independent implementation.

Uses only the Python `cryptography` package and the standard library, never
RastrilloCrypto, so `make ci` can check the files `rastrillo-vectors
make` writes without our own code grading itself. Recognises the same four
schemas as `rastrillo-vectors check` (crypto golden, invites, keyring golden, assertion
golden) from the content, prints one line per check and exits 1 on any
failure.

Usage: scripts/vectors-independent.py <file>...
"""
import base64
import binascii
import hashlib
import json
import sys

from cryptography.exceptions import InvalidSignature, InvalidTag
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.hkdf import HKDF

CURVE = ec.SECP256R1()
REPOKEY_CONTEXTS = {"pack": "amadan-pack-v1", "manifest": "amadan-manifest-v1",
                    "browse": "amadan-browse-v1", "ci": "amadan-ci-v1"}


def b64(text):
    return base64.b64decode(text, validate=True)


def b64url(text):
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def b64url_encode(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def derive(key, context):
    return HKDF(algorithm=hashes.SHA256(), length=32, salt=None, info=context.encode()).derive(key)


def private_key(hex_scalar):
    return ec.derive_private_key(int(hex_scalar, 16), CURVE)


def uncompressed(public_key):
    return public_key.public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)


def open_sealed(box_private, context, sealed):
    ephemeral = ec.EllipticCurvePublicKey.from_encoded_point(CURVE, sealed[:65])
    key = derive(box_private.exchange(ec.ECDH(), ephemeral), context)
    return AESGCM(key).decrypt(sealed[65:77], sealed[77:], None)


def open_sym(key, sealed):
    return AESGCM(key).decrypt(sealed[:12], sealed[12:], None)


def verify(public_bytes, context, message, signature):
    public_key = ec.EllipticCurvePublicKey.from_encoded_point(CURVE, public_bytes)
    r = int.from_bytes(signature[:32], "big")
    s = int.from_bytes(signature[32:], "big")
    if len(signature) != 64:
        return False
    try:
        public_key.verify(encode_dss_signature(r, s), context.encode() + b"\x00" + message, ec.ECDSA(hashes.SHA256()))
        return True
    except InvalidSignature:
        return False


def crypto_checks(doc):
    env, repo = doc["envelope"], doc["repokey"]
    sign_key = private_key(env["keypair"]["sign_priv_d"])
    box_key = private_key(env["keypair"]["box_priv_d"])
    yield "envelope.keypair gives sign_pub", lambda: uncompressed(sign_key.public_key()) == b64(env["sign_pub"])
    yield "envelope.keypair gives box_pub", lambda: uncompressed(box_key.public_key()) == b64(env["box_pub"])
    seal = env["seal"]
    yield "envelope.seal.sealed opens to plaintext", lambda: open_sealed(
        box_key, seal["context"], b64(seal["sealed"])) == b64(seal["plaintext"])
    sign = env["sign"]
    yield "envelope.sign.signature verifies", lambda: verify(
        b64(env["sign_pub"]), sign["context"], b64(sign["message"]), b64(sign["signature"]))
    for name, context in REPOKEY_CONTEXTS.items():
        yield f"repokey.derive.{name}", lambda name=name, context=context: derive(
            b64(repo["key"]), context) == b64(repo["derive"][name])
    yield "repokey.sealsym.sealed opens to plaintext", lambda: open_sym(
        b64(repo["key"]), b64(repo["sealsym"]["sealed"])) == b64(repo["sealsym"]["plaintext"])


def invite_checks(doc):
    context = doc["context"]
    for index, invite in enumerate(doc["invites"]):
        t = b64url(invite["t"])
        claim_secret = b64url_encode(derive(t, context + "-claim"))
        yield f"invites[{index}].id", lambda t=t, invite=invite: b64url_encode(derive(t, context + "-id")) == invite["id"]
        yield f"invites[{index}].claimSecret", lambda c=claim_secret, invite=invite: c == invite["claimSecret"]
        yield f"invites[{index}].claimHash", lambda c=claim_secret, invite=invite: hashlib.sha256(
            c.encode("ascii")).hexdigest() == invite["claimHash"]
        yield f"invites[{index}].wrappedGroupKey unwraps to groupKey", lambda t=t, invite=invite: open_sym(
            derive(t, context + "-wrap"), b64url(invite["wrappedGroupKey"])) == b64url(invite["groupKey"])


def keyring_checks(doc):
    ns = doc["namespace"]
    expected = {"prf_salt": f"{ns}/prf/v1", "content_context": f"{ns}/content/v1",
                "wrap_context": f"{ns}/wrap/v1", "grant_context": f"{ns}/grant/v1"}
    for key, value in expected.items():
        yield f"strings.{key}", lambda key=key, value=value: doc["strings"][key] == value
    seed, prf = b64(doc["seed"]), b64(doc["prf"])
    yield "content_key", lambda: derive(seed, f"{ns}/content/v1") == b64(doc["content_key"])
    yield "wrap_key", lambda: derive(prf, f"{ns}/wrap/v1") == b64(doc["wrap_key"])
    yield "wrapped_seed opens to seed", lambda: len(b64(doc["wrapped_seed"])) == 60 and open_sym(
        derive(prf, f"{ns}/wrap/v1"), b64(doc["wrapped_seed"])) == seed
    member = doc["member"]
    box_key = private_key(member["box_priv_d"])
    yield "member.box_pub", lambda: uncompressed(box_key.public_key()) == b64(member["box_pub"])
    yield "member.box_priv_pkcs8 is the same key", lambda: serialization.load_der_private_key(
        b64(member["box_priv_pkcs8"]), None).private_numbers().private_value == int(member["box_priv_d"], 16)
    yield "grant opens to content_key", lambda: len(b64(doc["grant"])) == 125 and open_sealed(
        box_key, f"{ns}/grant/v1", b64(doc["grant"])) == b64(doc["content_key"])


def no_duplicates(pairs):
    keys = [key for key, _ in pairs]
    if len(keys) != len(set(keys)):
        raise ValueError("duplicate key")
    return dict(pairs)


def assertion_checks(doc):
    payload = doc["payload"].encode()
    yield "signature verifies over the payload", lambda: verify(
        b64url(doc["publicKey"]), "rastrillo/assertion/v1", payload, b64url(doc["signature"]))
    claims = json.loads(payload, object_pairs_hook=no_duplicates)

    def claim_rules():
        allowed = {"v", "iss", "aud", "sub", "kid", "jti", "nonce", "iat", "exp", "auth_time", "ext"}
        ints = [claims[k] for k in ("v", "iat", "exp", "auth_time")]
        return (set(claims) <= allowed and all(type(i) is int for i in ints) and claims["v"] == 1
                and claims["iss"].startswith("https://") and claims["aud"].startswith("https://")
                and claims["iss"] != claims["aud"] and len(b64url(claims["jti"])) == 16
                and len(b64url(claims["nonce"])) == 16 and claims["jti"] != claims["nonce"]
                and 0 < claims["auth_time"] <= claims["iat"] < claims["exp"] <= claims["iat"] + 120)
    yield "claims follow the rules", claim_rules
    yield "payload is strict (object root, no surrounding whitespace)", lambda: payload[:1] == b"{" and payload[-1:] == b"}"


def schema(doc):
    if isinstance(doc, dict):
        keys = set(doc)
        if {"envelope", "repokey"} <= keys:
            return "crypto", crypto_checks
        if {"context", "invites"} <= keys:
            return "invites", invite_checks
        if {"namespace", "strings", "grant"} <= keys:
            return "keyring", keyring_checks
        if {"payload", "publicKey", "signature"} <= keys:
            return "assertion", assertion_checks
    return None, None


def main(paths):
    if not paths:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    total = failed = 0
    for path in paths:
        try:
            with open(path, "rb") as handle:
                doc = json.loads(handle.read(), object_pairs_hook=no_duplicates)
            kind, checks = schema(doc)
            if kind is None:
                raise ValueError("not a known vector schema")
            for name, check in checks(doc):
                total += 1
                try:
                    passed = bool(check())
                    reason = "" if passed else ": computed value differs"
                except (InvalidTag, InvalidSignature, ValueError, KeyError, binascii.Error, TypeError) as error:
                    passed, reason = False, f": {type(error).__name__} {error}"
                failed += 0 if passed else 1
                print(f"{'ok  ' if passed else 'FAIL'} {path} [{kind}] {name}{reason}")
        except (OSError, ValueError, KeyError, TypeError, binascii.Error) as error:
            total += 1
            failed += 1
            print(f"FAIL {path}: {type(error).__name__} {error}")
    print(f"independent replay: {total} checks, {failed} failed, {len(paths)} files")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
