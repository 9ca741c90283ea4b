# Sourced by .ci/run: the manifest schema step validates manifests with the
# `jsonschema` package; node (for manifest-parity-js) comes with the image.
# Idempotent: nothing happens when both are present.
python3 -c 'import jsonschema' 2>/dev/null || python3 -m pip install -q --disable-pip-version-check jsonschema
command -v node >/dev/null || { echo "error: node is required by make manifest-parity-js" >&2; return 1; }
