#!/usr/bin/env bash
# `make soak`: see scripts/soak.py. SOAK_SECONDS (600), SOAK_LOAD (0.7), SOAK_WORKERS (4),
# SOAK_CALIBRATE_SECONDS (10). Never part of `make test`.
set -euo pipefail
cd "$(dirname "$0")/.."
python=.build/python/bin/python
[ -x "$python" ] || python=python3
exec "$python" scripts/soak.py
