# Setup for the crypto steps (issue 6): OpenSSL 3 headers for COpenSSL and
# Python's `cryptography` for scripts/vectors-independent.py. Idempotent and
# fast when both are present. Sourced by .ci/run.
if ! pkg-config --atleast-version=3.0 openssl 2>/dev/null; then
    echo "== setup-crypto: installing libssl-dev (OpenSSL 3)"
    if [ "$(id -u)" = 0 ]; then apt-get update -qq && apt-get install -y -qq libssl-dev pkg-config; else sudo apt-get update -qq && sudo apt-get install -y -qq libssl-dev pkg-config; fi
fi
if ! python3 -c 'from cryptography.hazmat.primitives.ciphers.aead import AESGCM' 2>/dev/null; then
    echo "== setup-crypto: installing Python cryptography"
    python3 -m pip install -q cryptography
fi
